package rules

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// mk builds a position from placements such as "Ed4 rd5", side to move
// c, turn 10. It fails the test on a malformed placement.
func mk(t testing.TB, c Color, pieces string) Position {
	t.Helper()
	var b [64]Piece
	for _, w := range strings.Fields(pieces) {
		tok, err := ParseToken(w)
		if err != nil || tok.Kind != TokenPlacement {
			t.Fatalf("bad placement %q: %v", w, err)
		}
		b[tok.Square] = tok.Piece
	}
	return NewPosition(c, 10, b)
}

// steps parses space-separated steps.
func steps(t testing.TB, s string) []Step {
	t.Helper()
	var out []Step
	for _, w := range strings.Fields(s) {
		st, err := ParseStep(w)
		if err != nil {
			t.Fatalf("bad step %q: %v", w, err)
		}
		out = append(out, st)
	}
	return out
}

// play plays steps that must all be legal.
func play(t testing.TB, p Position, s string) Position {
	t.Helper()
	for _, st := range steps(t, s) {
		var err error
		if p, _, err = p.PlayChecked(st); err != nil {
			t.Fatalf("playing %q: %v", s, err)
		}
	}
	return p
}

func stepSet(p Position) map[string]bool {
	m := map[string]bool{}
	for _, s := range p.Steps(nil) {
		m[s.String()] = true
	}
	return m
}

func sortedKeys(m map[string]bool) string {
	return strings.Join(slices.Sorted(maps.Keys(m)), " ")
}

// randomWalk plays games random games of at most plies steps each from
// the start, ending a turn at random where the rules allow it (always
// after its fourth step; a game stops where a turn can neither go on nor
// end), and calls fn with every step and the positions before and after.
func randomWalk(rng *rand.Rand, games, plies int, fn func(before Position, s Step, after Position)) {
	for game := 0; game < games; game++ {
		p := StartPosition()
		for ply := 0; ply < plies; ply++ {
			st := p.Steps(nil)
			if len(st) == 0 {
				break
			}
			s := st[rng.IntN(len(st))]
			before := p
			p = p.Play(s)
			fn(before, s, p)
			if p.CanEndTurn() && (rng.IntN(3) == 0 || p.StepsLeft() == 0) {
				p = p.EndTurn()
			}
			if p.StepsLeft() == 0 {
				break
			}
		}
	}
}
