package timeman

import (
	"testing"
	"time"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
)

const (
	s  = time.Second
	ms = time.Millisecond
)

// tc is a clock with a move time, a starting reserve, tcpercent and tcmax,
// both reserves at the start.
func tc(move, reserve time.Duration, percent int, most time.Duration) Clock {
	c := Clock{Move: move, Reserve: reserve, Percent: percent, Max: most}
	c.NewGame()
	return c
}

func withReserve(c Clock, side rules.Color, r time.Duration) Clock {
	c.Reserves[side], c.ReserveSet[side] = r, true
	return c
}

func TestPlanNew(t *testing.T) {
	tm := config.Default().Time // keep 1/4, 60 turns, safety 300 ms, min 50 ms, default 5 s
	tests := []struct {
		name        string
		in          Input
		target, max time.Duration
	}{
		{"no time control", Input{Clock: NewClock()}, 5 * s, 5 * s},
		// Reserve full (tcmax): unused move time is lost, so all of it is
		// used; a quarter of 30 s is kept, the rest over 59 turns.
		{"1s/30s/100/30s at the start", Input{Clock: tc(s, 30*s, 100, 30*s), Turn: 3}, s + (30*s-7500*ms)/59, 2 * (s + (30*s-7500*ms)/59)},
		// Below tcmax a tenth of the move time is banked.
		{"1s/30s/100/30s reserve 20 s turn 20", Input{Clock: withReserve(tc(s, 30*s, 100, 30*s), rules.Gold, 20*s), Turn: 20}, 900*ms + (20*s-7500*ms)/42, 2 * (900*ms + (20*s-7500*ms)/42)},
		{"reserve at what is kept", Input{Clock: withReserve(tc(s, 30*s, 100, 30*s), rules.Gold, 7500*ms), Turn: 40}, 900 * ms, 2 * 900 * ms},
		{"long game: at least 15 turns", Input{Clock: withReserve(tc(s, 30*s, 100, 0), rules.Gold, 9*s), Turn: 100}, 900*ms + (9*s-7500*ms)/15, 2 * (900*ms + (9*s-7500*ms)/15)},
		{"reserve below two move times: all kept", Input{Clock: withReserve(tc(s, 30*s, 100, 0), rules.Gold, 1500*ms), Turn: 40}, 900 * ms, 900*ms + 1500*ms/8},
		{"tcpercent 0: the move time is used whole", Input{Clock: tc(s, 0, 0, 0), Turn: 10}, 700 * ms, 700 * ms},
		{"the answering delay comes off the target", Input{Clock: tc(s, 30*s, 100, 30*s), Turn: 3, Delay: 100 * ms}, 900*ms + (30*s-7500*ms)/59, 2 * (900*ms + (30*s-7500*ms)/59)},
		{"safety margin grows with the delay", Input{Clock: tc(s, 0, 0, 0), Turn: 10, Delay: 100 * ms}, 500 * ms, 500 * ms},
		{"short move: at most half for answering", Input{Clock: tc(100*ms, 0, 100, 0), Turn: 10}, 50 * ms, 50 * ms},
		{"short move, late answers: a quarter more for answering", Input{Clock: tc(100*ms, 0, 0, 0), Turn: 10, Delay: 40 * ms}, 25 * ms, 25 * ms},
		{"short move, slight delay", Input{Clock: tc(100*ms, 0, 0, 0), Turn: 10, Delay: 5 * ms}, 40 * ms, 40 * ms},
		{"own reserve, not the other's", Input{Clock: withReserve(withReserve(tc(10*s, 60*s, 100, 0), rules.Gold, 15*s), rules.Silver, 100*s), Turn: 2}, 9 * s, 9*s + 15*s/8},
		{"time already used", Input{Clock: Clock{Move: 10 * s, Reserve: 0, Percent: 0, MoveUsed: 3 * s}, Turn: 2}, 6700 * ms, 6700 * ms},
		{"turn time alone", Input{Clock: Clock{Percent: 100, TurnTime: 4 * s}}, 3700 * ms, 3700 * ms},
		{"turn time caps", Input{Clock: Clock{Move: 10 * s, Reserve: 60 * s, Percent: 100, TurnTime: 8 * s}, Turn: 2, Delay: 50 * ms}, 7600 * ms, 7600 * ms},
		{"nearly out of time", Input{Clock: Clock{Move: s, Percent: 100, MoveUsed: 900 * ms}}, 50 * ms, 50 * ms},
		{"out of time", Input{Clock: Clock{Move: s, Percent: 100, MoveUsed: 1500 * ms}}, ms, ms},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := Plan(tc.in, tm)
			if b.Target != tc.target || b.Max != tc.max || b.Fixed {
				t.Errorf("budget %+v, want target %v max %v", b, tc.target, tc.max)
			}
			if b.Max < b.Target {
				t.Errorf("hard stop %v before the target %v", b.Max, b.Target)
			}
			if hard := tc.in.Clock.Hard(tc.in.Side); hard >= 0 && b.Max > max(hard, ms) {
				t.Errorf("hard stop %v exceeds what the clock allows (%v)", b.Max, hard)
			}
		})
	}
}

// TestPlanLeast: the time kept even when one move dominates is the move
// time the clock would not add to the reserve.
func TestPlanLeast(t *testing.T) {
	tm := config.Default().Time
	tests := []struct {
		name  string
		in    Input
		least time.Duration
	}{
		{"no time control", Input{Clock: NewClock()}, 0},
		{"reserve full: the move time is lost unused", Input{Clock: tc(2*s, 30*s, 100, 30*s), Turn: 3}, 2 * s},
		{"reserve full, the delay charged", Input{Clock: tc(2*s, 30*s, 100, 30*s), Turn: 3, Delay: 100 * ms}, 1900 * ms},
		{"room for 0.5 s below tcmax", Input{Clock: withReserve(tc(2*s, 30*s, 100, 30*s), rules.Gold, 29500*ms), Turn: 3}, 1500 * ms},
		{"tcpercent 50: twice the room", Input{Clock: withReserve(tc(2*s, 30*s, 50, 30*s), rules.Gold, 29500*ms), Turn: 3}, s},
		{"room for the whole move", Input{Clock: withReserve(tc(2*s, 30*s, 100, 30*s), rules.Gold, 20*s), Turn: 3}, 0},
		{"no largest reserve", Input{Clock: tc(s, 30*s, 100, 0), Turn: 3}, 0},
		{"tcpercent 0: all of it, at most the target", Input{Clock: tc(s, 0, 0, 0), Turn: 10}, 700 * ms},
		{"time already used", Input{Clock: Clock{Move: 10 * s, Percent: 0, MoveUsed: 3 * s}, Turn: 2}, 6700 * ms},
		{"out of time", Input{Clock: Clock{Move: s, Percent: 0, MoveUsed: 1500 * ms}}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := Plan(tc.in, tm)
			if b.Least != tc.least {
				t.Errorf("least %v, want %v (budget %+v)", b.Least, tc.least, b)
			}
			if b.Least > b.Target {
				t.Errorf("least %v past the target %v", b.Least, b.Target)
			}
		})
	}
}

func TestPlanOld(t *testing.T) {
	tm := config.Default().Time
	tm.Manager = "old"
	tests := []struct {
		name string
		c    Clock
		side rules.Color
		want time.Duration
	}{
		{"no time control", NewClock(), rules.Gold, 5 * s},
		{"move and reserve", tc(10*s, 60*s, 100, 0), rules.Gold, 16 * s},
		{"silver reserve", withReserve(tc(10*s, 60*s, 100, 0), rules.Silver, 100*s), rules.Silver, 20 * s},
		{"turn time alone", Clock{Percent: 100, TurnTime: 4 * s}, rules.Gold, 3700 * ms},
		{"tight reserve", withReserve(tc(s, 0, 100, 0), rules.Gold, 0), rules.Gold, 700 * ms},
		{"nearly out of time", Clock{Move: s, Percent: 100, MoveUsed: 900 * ms}, rules.Gold, 50 * ms},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := Plan(Input{Clock: tc.c, Side: tc.side, Turn: 30, Delay: time.Second}, tm)
			if b != (Budget{Target: tc.want, Max: tc.want, Fixed: true}) {
				t.Errorf("budget %+v, want %v fixed", b, tc.want)
			}
		})
	}
}

func TestStop(t *testing.T) {
	b := Budget{Target: s, Max: 3 * s}
	tests := []struct {
		name string
		b    Budget
		sig  Signals
		want bool
	}{
		{"early: too soon to judge", b, Signals{Elapsed: 200 * ms, Playouts: 1000, First: 1000, Settled: 200 * ms}, false},
		{"early: the second can still catch up", b, Signals{Elapsed: 300 * ms, Playouts: 3000, First: 1200, Second: 600, Settled: 300 * ms}, false},
		{"early: the second cannot catch up", b, Signals{Elapsed: 900 * ms, Playouts: 9000, First: 4000, Second: 500, Settled: 900 * ms}, true},
		{"early: half of all playouts after half the target", b, Signals{Elapsed: 500 * ms, Playouts: 5000, First: 2500, Second: 2000, Settled: 500 * ms}, true},
		{"early: no playouts", b, Signals{Elapsed: 900 * ms}, false},
		{"target: settled and clear", b, Signals{Elapsed: s, Playouts: 10000, First: 3000, Second: 1000, Settled: 600 * ms}, true},
		{"target: best changed lately", b, Signals{Elapsed: s, Playouts: 10000, First: 3000, Second: 1000, Settled: 200 * ms}, false},
		{"target: the first two close", b, Signals{Elapsed: 1500 * ms, Playouts: 15000, First: 3000, Second: 2500, Settled: s}, false},
		{"target: no move listed yet", b, Signals{Elapsed: s, Playouts: 10}, true},
		{"target: no playout yet", b, Signals{Elapsed: s}, false},
		{"max: always", b, Signals{Elapsed: 3 * s, Playouts: 30000, First: 3000, Second: 2999, Settled: 0}, true},
		{"fixed: not before the target", Budget{Target: s, Max: s, Fixed: true}, Signals{Elapsed: 900 * ms, Playouts: 9000, First: 9000, Settled: 900 * ms}, false},
		{"fixed: at the target", Budget{Target: s, Max: s, Fixed: true}, Signals{Elapsed: s, Playouts: 9000, First: 3, Second: 3}, true},
		{"least: not before it, however clear", Budget{Target: s, Max: 3 * s, Least: 800 * ms}, Signals{Elapsed: 700 * ms, Playouts: 7000, First: 7000, Settled: 700 * ms}, false},
		{"least: past it, clear", Budget{Target: s, Max: 3 * s, Least: 800 * ms}, Signals{Elapsed: 800 * ms, Playouts: 8000, First: 8000, Settled: 800 * ms}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.b.Stop(tc.sig); got != tc.want {
				t.Errorf("Stop(%+v) = %v, want %v", tc.sig, got, tc.want)
			}
		})
	}
}

func TestDelays(t *testing.T) {
	var d Delays
	for _, x := range []time.Duration{20 * ms, 350 * ms, 40 * ms} {
		d.Add(x)
	}
	if d.Mark() != 350*ms {
		t.Errorf("mark %v, want 350ms", d.Mark())
	}
}

func TestClockHard(t *testing.T) {
	tests := []struct {
		name string
		c    Clock
		want time.Duration
	}{
		{"none", NewClock(), -1},
		{"move and reserve", Clock{Move: s, Reserve: 30 * s, MoveUsed: 200 * ms}, 30*s + 800*ms},
		{"turn time smaller", Clock{Move: s, Reserve: 30 * s, TurnTime: 5 * s}, 5 * s},
		{"overdrawn", Clock{Move: s, MoveUsed: 2 * s}, 0},
	}
	for _, tc := range tests {
		if got := tc.c.Hard(rules.Gold); got != tc.want {
			t.Errorf("%s: hard %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestReplayLoadedGame replays the time forfeits of a loaded machine at
// 1s/30s/100/30s/10m: Gold's turns through the standard clock rules, each
// search running to its target, to its hard stop on every fourth turn (an
// unstable search), 80 ms of answering around it and a 300 ms stall of the
// machine on every seventh turn. The old management spent a tenth of the
// reserve on every move and had 0-1 s of it left after 35 turns; the new
// one keeps more than 5 s throughout and at least 1 s on every turn.
func TestReplayLoadedGame(t *testing.T) {
	const turns = 60
	type outcome struct {
		reserveAt35, leastLeft time.Duration // leastLeft: the smallest hard - used of any turn
		forfeit                bool
		mean                   time.Duration
		leastReserve           time.Duration
	}
	replay := func(manager string) outcome {
		tm := config.Default().Time
		tm.Manager = manager
		clock := tc(s, 30*s, 100, 30*s)
		clock.Total = 10 * time.Minute
		var d Delays
		out := outcome{leastLeft: time.Hour, leastReserve: time.Hour}
		var total time.Duration
		for i := range turns {
			turn := i + 2
			b := Plan(Input{Clock: clock, Side: rules.Gold, Turn: turn, Delay: d.Mark()}, tm)
			search := b.Target
			if i%4 == 3 {
				search = b.Max
			}
			answering := 80 * ms
			d.Add(answering)
			used := search + answering
			if i%7 == 6 {
				used += 300 * ms
			}
			hard := clock.Hard(rules.Gold)
			out.leastLeft = min(out.leastLeft, hard-used)
			if used > hard {
				out.forfeit = true
				return out
			}
			total += used
			r := clock.ReserveOf(rules.Gold)
			if used > clock.Move {
				r -= used - clock.Move
			} else {
				r = min(r+(clock.Move-used)*time.Duration(clock.Percent)/100, clock.Max)
			}
			clock.Reserves[rules.Gold], clock.ReserveSet[rules.Gold] = r, true
			out.leastReserve = min(out.leastReserve, r)
			if turn == 35 {
				out.reserveAt35 = r
			}
		}
		out.mean = total / turns
		return out
	}
	old, cur := replay("old"), replay("new")
	t.Logf("old: %+v", old)
	t.Logf("new: %+v", cur)
	if old.reserveAt35 > 2*s && !old.forfeit {
		t.Errorf("the old management kept %v of reserve by turn 35: the replay no longer shows the fault", old.reserveAt35)
	}
	if cur.forfeit || cur.reserveAt35 < 5*s || cur.leastLeft < time.Second {
		t.Errorf("new management: %+v; want no forfeit, at least 5 s of reserve at turn 35 and at least 1 s left on every turn", cur)
	}
	if cur.leastReserve < 5*s {
		t.Errorf("new management let the reserve fall to %v, want at least 5 s throughout", cur.leastReserve)
	}
}
