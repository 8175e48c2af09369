package rules

import (
	"maps"
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
