package eval

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

func TestTrapCheck(t *testing.T) {
	tests := []struct {
		name  string
		side  rules.Color
		board string
		steps string
		want  string // "piece@square:trap/steps" sorted by square, space separated
	}{
		{"push onto trap", rules.Gold, "Ed4 rc4 Ra1 rh8", "", "r@c4:c3/2"},
		{"pull the only guard", rules.Gold, "dc6 rd6 Ee6 Ra1 rh8", "", "d@c6:c6/2 r@d6:f6/4"},
		{"elephant on a trap", rules.Gold, "ec3 rd3 Me3 Ra1 rh8", "", "e@c3:c3/2 r@d3:f3/4"},
		{"nothing stronger", rules.Gold, "mc4 Dd4 Ra1 rh8", "", ""},
		{"too far", rules.Gold, "rc5 Ee7 Ra1 rh8", "", ""},
		{"mid-turn, pull half done", rules.Gold, "Ec3 Dc2 rd3 Ra1 rh8", "Ec3n", "r@d3:c3/1"},
		{"mid-turn, no pull", rules.Gold, "Ed4 rc4 Ra1 rh8", "Ed4e", "r@c4:c3/3"},
		{"silver captures", rules.Silver, "Cf4 eg4 ra8 Rh1", "", "C@f4:f3/2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := play(t, rulestest.Place(t, tc.side, tc.board), tc.steps)
			got := TrapCheck(&p)
			var words []string
			for _, th := range got {
				words = append(words, fmt.Sprintf("%s@%s:%s/%d", th.Piece, th.Square, th.Trap, th.Move.N))
				checkThreat(t, p, th)
			}
			if s := strings.Join(words, " "); s != tc.want {
				t.Errorf("TrapCheck = %q, want %q", s, tc.want)
			}
		})
	}
}

// captures replays m from p and returns the root squares of the enemy
// pieces it captures, with their traps.
func captures(p rules.Position, m rules.Move) map[rules.Square]rules.Square {
	where := map[rules.Square]rules.Square{} // current square -> root square
	for b := p.Pieces(p.Side().Other(), rules.NoType); b != 0; {
		sq := b.Pop()
		where[sq] = sq
	}
	out := map[rules.Square]rules.Square{}
	q := p
	for _, s := range m.Slice() {
		var c rules.Capture
		q, c = q.PlayCapture(s)
		if s.Piece().Color() != p.Side() {
			where[s.To()] = where[s.From()]
			delete(where, s.From())
		}
		if c.Piece != rules.Empty && c.Piece.Color() != p.Side() {
			out[where[c.Square]] = c.Square
			delete(where, c.Square)
		}
	}
	return out
}

// checkThreat plays the threat's move with full checking and requires it
// to capture the piece and end the turn legally.
func checkThreat(t *testing.T, p rules.Position, th Threat) {
	t.Helper()
	q := playChecked(t, p, th.Move, "threat move")
	if !q.CanEndTurn() {
		t.Fatalf("threat move %s from %s cannot end the turn", th.Move, p.AEIString())
	}
	if trap, ok := captures(p, th.Move)[th.Square]; !ok || trap != th.Trap || p.At(th.Square) != th.Piece {
		t.Fatalf("threat move %s from %s does not capture %s%s on %s", p.MoveString(th.Move), p.AEIString(), th.Piece, th.Square, th.Trap)
	}
}

// bruteTraps gives, for each capturable enemy piece by its square, the
// length of the shortest unique move capturing it.
func bruteTraps(g *rules.MoveGen, p rules.Position) map[rules.Square]int {
	out := map[rules.Square]int{}
	g.Each(p, func(m rules.Move, after *rules.Position) {
		if after.Pieces(p.Side().Other(), rules.NoType).Count() == p.Pieces(p.Side().Other(), rules.NoType).Count() {
			return
		}
		for sq := range captures(p, m) {
			if n, ok := out[sq]; !ok || int(m.N) < n {
				out[sq] = int(m.N)
			}
		}
	})
	return out
}

func TestTrapCheckAgainstMoveGen(t *testing.T) {
	// The two brute-force comparisons are most of the package's time and
	// share nothing: they run side by side.
	t.Parallel()
	var ps []rules.Position
	ps = append(ps, randomPositions(3, 6, 50, true)...)
	ps = append(ps, randomSparse(4, 400)...)
	var g rules.MoveGen
	threats := 0
	for i, p := range ps {
		want := bruteTraps(&g, p)
		got := TrapCheck(&p)
		gotMap := map[rules.Square]int{}
		for _, th := range got {
			gotMap[th.Square] = int(th.Move.N)
			checkThreat(t, p, th)
		}
		threats += len(got)
		if fmt.Sprint(sortedKV(gotMap)) != fmt.Sprint(sortedKV(want)) {
			t.Fatalf("position %d %s (steps taken %d): TrapCheck %v, brute force %v", i, p.AEIString(), p.StepsTaken(), sortedKV(gotMap), sortedKV(want))
		}
	}
	t.Logf("%d positions, %d threats", len(ps), threats)
	if threats < len(ps)/10 {
		t.Errorf("only %d threats among %d positions: the sample does not exercise TrapCheck", threats, len(ps))
	}
}

func sortedKV(m map[rules.Square]int) []string {
	var out []string
	for k, v := range m {
		out = append(out, fmt.Sprintf("%s:%d", k, v))
	}
	sort.Strings(out)
	return out
}

// TestTrapCheckerAgrees: a TrapChecker reused over many positions (its
// table of searched states kept from check to check) answers as a fresh
// TrapCheck of each.
func TestTrapCheckerAgrees(t *testing.T) {
	var c TrapChecker
	for _, p := range append(randomPositions(7, 6, 40, true), randomSparse(9, 200)...) {
		want := TrapCheck(&p)
		got := c.Check(&p, 4)
		if !reflect.DeepEqual(got, want) && (len(got) > 0 || len(want) > 0) {
			t.Fatalf("%s: TrapChecker %v, TrapCheck %v", p.AEIString(), got, want)
		}
		var short []Threat
		for _, th := range want {
			if th.Move.N <= 2 {
				short = append(short, th)
			}
		}
		if got := c.Check(&p, 2); !reflect.DeepEqual(got, short) && (len(got) > 0 || len(short) > 0) {
			t.Fatalf("%s: TrapChecker within 2 steps %v, TrapCheck's short ones %v", p.AEIString(), got, short)
		}
	}
}

// TestCheckWithin: with room enough the limited check finds what the
// full one does and says it finished; with a budget of a few states it
// says it did not, and what it returns is a subset of the full answer.
func TestCheckWithin(t *testing.T) {
	var full, limited TrapChecker
	unfinished := 0
	for i, p := range append(randomPositions(21, 8, 60, false), middleGame(t)) {
		want := slices.Clone(full.Check(&p, 4))
		got, complete := limited.CheckWithin(&p, 4, 1<<30)
		if !complete || len(got) != len(want) {
			t.Fatalf("position %d %s: %d threats (complete %v), the full check %d", i, p.AEIString(), len(got), complete, len(want))
		}
		for j := range got {
			if got[j].Square != want[j].Square || got[j].Piece != want[j].Piece {
				t.Fatalf("position %d: threat %d is %+v, the full check's %+v", i, j, got[j], want[j])
			}
		}
		small, complete := limited.CheckWithin(&p, 4, 5)
		if !complete {
			unfinished++
		}
		for _, th := range small {
			if !slices.ContainsFunc(want, func(w Threat) bool { return w.Square == th.Square }) {
				t.Fatalf("position %d: the limited check found %+v, which the full one did not", i, th)
			}
		}
	}
	if unfinished == 0 {
		t.Error("a budget of 5 states finished every check: the budget is not applied")
	}
}
