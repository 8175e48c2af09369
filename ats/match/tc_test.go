package match

import (
	"testing"
	"time"

	"arimaa-workbench/engine/rules"
)

func TestParseTimeControl(t *testing.T) {
	s, m, h := time.Second, time.Minute, time.Hour
	tests := []struct {
		in   string
		want TimeControl
		out  string // canonical form
	}{
		{"15s/2m30s/100", TimeControl{Move: 15 * s, Reserve: 150 * s, Percent: 100}, "15s/2m30s/100"},
		{"1s/30s/100/30s/10m", TimeControl{Move: s, Reserve: 30 * s, Percent: 100, MaxReserve: 30 * s, GameTime: 10 * m}, "1s/30s/100/30s/10m"},
		{"2/2/100/10/8", TimeControl{Move: 2 * m, Reserve: 2 * m, Percent: 100, MaxReserve: 10 * m, GameTime: 8 * h}, "2m/2m/100/10m/8h"},
		{"0:30/5:00/75", TimeControl{Move: 30 * s, Reserve: 5 * m, Percent: 75}, "30s/5m/75"},
		{"30s/5m/100/0/80t", TimeControl{Move: 30 * s, Reserve: 5 * m, Percent: 100, GameTurns: 80}, "30s/5m/100/0/80t"},
		{"1m", TimeControl{Move: m, Percent: 100}, "1m/0/100"},
		{"0.5s/1.5s/0/0/0/2s", TimeControl{Move: s / 2, Reserve: 1500 * time.Millisecond, TurnTime: 2 * s}, "0.5s/1.5s/0/0/0/2s"},
		{"1h2m3s/1d/100/1:00:00", TimeControl{Move: h + 2*m + 3*s, Reserve: 24 * h, Percent: 100, MaxReserve: h}, "1h2m3s/1d/100/1h"},
		{" 15s / 45s / 50 ", TimeControl{Move: 15 * s, Reserve: 45 * s, Percent: 50}, "15s/45s/50"},
	}
	for _, tc := range tests {
		got, err := ParseTimeControl(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("%q: %+v, %v; want %+v", tc.in, got, err, tc.want)
			continue
		}
		if got.String() != tc.out {
			t.Errorf("%q: written %q, want %q", tc.in, got.String(), tc.out)
		}
		if back, err := ParseTimeControl(got.String()); err != nil || back != got {
			t.Errorf("%q: %q reads back as %+v, %v", tc.in, got.String(), back, err)
		}
	}
	for _, bad := range []string{"", "/", "15s//100", "x", "15x", "-1s", "1s/2s/101", "1s/2s/-5", "1s/2s/100/1s/5t/1s/1s",
		"0/0/100", "1m1m", "2:3:4:5", "1e3s", "1s/2s/100/0/xt", "99999d", "1s/2s/1.5", "+1s", "1:-2"} {
		if got, err := ParseTimeControl(bad); err == nil {
			t.Errorf("%q accepted as %+v", bad, got)
		}
	}
}

// TestGameClock follows the reserve through the standard clock rules:
// 15s/60s/50/70s.
func TestGameClock(t *testing.T) {
	s := time.Second
	c := newGameClock(TimeControl{Move: 15 * s, Reserve: 60 * s, Percent: 50, MaxReserve: 70 * s})
	steps := []struct {
		side    rules.Color
		used    time.Duration
		reserve time.Duration // side's reserve after the turn
		forfeit bool
	}{
		{rules.Gold, 5 * s, 65 * s, false},    // half of the 10 s unused
		{rules.Silver, 25 * s, 50 * s, false}, // 10 s over the move time
		{rules.Gold, 0, 70 * s, false},        // 7.5 s more would pass the maximum
		{rules.Silver, 65 * s, 0, false},      // the whole move time and reserve
		{rules.Silver, 15*s + 1, 0, true},     // a nanosecond too many
		{rules.Gold, 85*s + 1, 70 * s, true},  // past move time plus reserve
		{rules.Gold, 85 * s, 0, false},        // exactly all of it
		{rules.Silver, 3 * s, 6 * s, false},   // the reserve grows again
		{rules.Silver, 14 * s, 6*s + s/2, false},
	}
	for i, st := range steps {
		if f := c.charge(st.side, st.used); f != st.forfeit {
			t.Fatalf("turn %d: forfeit %v, want %v", i, f, st.forfeit)
		}
		if c.reserves[st.side] != st.reserve {
			t.Fatalf("turn %d: %s reserve %v, want %v", i, st.side, c.reserves[st.side], st.reserve)
		}
	}

	turn := newGameClock(TimeControl{TurnTime: 10 * s, Percent: 100})
	if turn.hard(rules.Gold) != 10*s || !turn.charge(rules.Gold, 11*s) || turn.charge(rules.Gold, 9*s) {
		t.Error("a turn limit alone is not enforced")
	}
	capped := newGameClock(TimeControl{Move: 5 * s, Reserve: 60 * s, Percent: 100, TurnTime: 20 * s})
	if h := capped.hard(rules.Silver); h != 20*s {
		t.Errorf("the turn limit should cap move time plus reserve: %v", h)
	}

	game := newGameClock(TimeControl{Move: s, Percent: 100, GameTime: 3 * s, GameTurns: 2})
	if game.gameOver(3) {
		t.Error("over before its limits")
	}
	if !game.gameOver(4) {
		t.Error("two turns of each side should end the game")
	}
	game.charge(rules.Gold, s)
	game.charge(rules.Silver, s)
	game.charge(rules.Gold, s)
	if !game.gameOver(0) {
		t.Error("3 s of play should end the game")
	}
}
