package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Hand-checked legal step sets. Each case sets up a position, plays some
// steps of the turn, and lists every legal step that remains, sorted.
func TestLegalSteps(t *testing.T) {
	cases := []struct {
		name   string
		side   Color
		pieces string
		played string
		want   string
	}{
		{"gold rabbit may not step south", Gold, "Rd4 rh8", "", "Rd4e Rd4n Rd4w"},
		{"silver rabbit may not step north", Silver, "rd5 Ra1", "", "rd5e rd5s rd5w"},
		{"frozen cat cannot step", Gold, "Cd4 dd5 Ra1 rh8", "", "Ra1e Ra1n"},
		{"friendly neighbour unfreezes", Gold, "Cd4 Rc4 dd5 rh8", "", "Cd4e Cd4s Rc4n Rc4w"},
		{"equal strength neither freezes nor pushes", Gold, "Dd4 dd5 Ra1 rh8", "", "Dd4e Dd4s Dd4w Ra1e Ra1n"},
		{"push starts: enemy moves first", Gold, "Ed4 rd5", "", "Ed4e Ed4s Ed4w rd5e rd5n rd5w"},
		{"push must be completed by the pusher", Gold, "Ed4 rd5", "rd5n", "Ed4n"},
		{"push completed by any stronger unfrozen neighbour", Gold, "Ed4 Mc5 rd5 Ra1", "rd5n", "Ed4n Mc5e"},
		{"frozen piece can be pushed", Gold, "Ed4 cd5", "", "Ed4e Ed4s Ed4w cd5e cd5n cd5w"},
		{"pull after the puller steps away", Gold, "Ed4 rd3", "Ed4n", "Ed5e Ed5n Ed5s Ed5w rd3n"},
		{"pull by a piece captured on the trap", Gold, "Dc4 cc5 Ra2", "Dc4s", "Ra2e Ra2n cc5s"},
		{"silver pushes a gold rabbit backwards", Silver, "ed5 Rd4 Ra1", "", "Rd4e Rd4s Rd4w ed5e ed5n ed5w"},
		{"a push needs two steps left", Gold, "Ed4 rd5 Ra1", "Ra1n Ra2n Ra3n", "Ed4e Ed4s Ed4w Ra4e Ra4n"},
		{"no push and pull at once", Gold, "Ed4 rd5 cd3", "rd5n Ed4n", "Ed5e Ed5s Ed5w rd6e rd6n rd6w"},
		{"no steps after four", Gold, "Ed4 rh8", "Ed4n Ed5n Ed6n Ed7n", ""},
		{"pull is optional, push is not", Gold, "Ed4 rd3 ra8", "Ed4n rd3n", "Ed5e Ed5n Ed5w rd4e rd4s rd4w"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mk(t, c.side, c.pieces)
			p = play(t, p, c.played)
			if got := sortedKeys(stepSet(p)); got != c.want {
				t.Errorf("legal steps\n got: %s\nwant: %s", got, c.want)
			}
		})
	}
}

func TestCaptures(t *testing.T) {
	cases := []struct {
		name   string
		side   Color
		pieces string
		move   string
		want   string // MoveString, with capture tokens
		empty  string // squares that must be empty afterwards
	}{
		{"piece steps onto an unguarded trap", Gold, "Rc2 rh8", "Rc2n", "Rc2n Rc3x", "c3"},
		{"last supporter steps away", Gold, "Rc3 Dc4 rh8", "Dc4n", "Dc4n Rc3x", "c3"},
		{"supported piece survives", Gold, "Rc3 Dc4 Rb3 rh8", "Dc4n", "Dc4n", ""},
		{"pushed onto a trap", Gold, "Ed4 rd3 Ra1", "rd3w Ed4s", "rd3w rc3x Ed4s", "c3"},
		{"enemy loses its supporter by being pulled", Gold, "Ee4 df3 re3 Ra1", "Ee4n re3n", "Ee4n re3n df3x", "f3 e3"},
		{"capture, then pull into the emptied square", Gold, "Dc4 cc5 Ra2", "Dc4s cc5s", "Dc4s Dc3x cc5s", "c3 c5"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mk(t, c.side, c.pieces)
			if got := p.MoveString(MoveOf(steps(t, c.move)...)); got != c.want {
				t.Errorf("MoveString = %q, want %q", got, c.want)
			}
			after := play(t, p, c.move)
			for _, name := range strings.Fields(c.empty) {
				sq, _ := ParseSquare(name)
				if after.At(sq) != Empty {
					t.Errorf("%s holds %s, want empty", sq, after.At(sq))
				}
			}
		})
	}
}

// TestGoalRanks: the squares within n ranks of each side's goal.
func TestGoalRanks(t *testing.T) {
	for _, tc := range []struct {
		c    Color
		n    int
		want Bitboard
	}{
		{Gold, 0, Rank8},
		{Silver, 0, Rank1},
		{Gold, 1, Rank8 | Rank8>>8},
		{Silver, 3, Rank1 | Rank1<<8 | Rank1<<16 | Rank1<<24},
		{Gold, 7, AllSquare},
		{Silver, 9, AllSquare},
		{Gold, -1, Rank8},
	} {
		if got := GoalRanks(tc.c, tc.n); got != tc.want {
			t.Errorf("GoalRanks(%v, %d) = %#x, want %#x", tc.c, tc.n, uint64(got), uint64(tc.want))
		}
	}
}

// TestLegalAgreesWithSteps: Legal answers, for every value a Step can
// hold, whether Steps lists it, at positions of random games mid-turn,
// with pushes and pulls under way.
func TestLegalAgreesWithSteps(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	n, pushes := 0, 0
	randomWalk(rng, 12, 100, func(_ Position, _ Step, p Position) {
		n++
		if p.PushPending() {
			pushes++
		}
		listed := map[Step]bool{}
		for _, s := range p.Steps(nil) {
			listed[s] = true
		}
		for v := range 1 << 16 {
			if s := Step(v); p.Legal(s) != listed[s] {
				t.Fatalf("%s (steps taken %d): Legal(%s) = %v, Steps lists it: %v", p.AEIString(), p.StepsTaken(), s, p.Legal(s), listed[s])
			}
		}
	})
	if n < 300 || pushes < 20 {
		t.Errorf("only %d positions, %d with a push under way", n, pushes)
	}
}
