package eval

import (
	"testing"

	"arimaa-workbench/engine/rules"
)

// hostagesOf is the hostage term at weight 100 of the board, Gold to
// move; threats sets eval.piece_threat (whose charge on a hostage the
// term leaves out).
func hostagesOf(t *testing.T, board string, threats int) [2]int {
	t.Helper()
	return termOf(t, board, "hostages", func(s *Static) { s.Hostages, s.PieceThreat = 100, threats })
}

// TestHostageOrder: Silver's camel frozen on b2 beside Gold's elephant on
// b3, by Gold's trap c3, is a hostage while Gold keeps its own camel free
// (and none without it, the enemy's strongest free piece then matching
// Gold's); it is worth less deep in the corner (a1, more steps from the
// trap), with a friend beside it, and as a horse while Silver's camel
// runs free. Silver holding Gold's camel at c6 scores the same for
// Silver, and the other wing the same as this one.
func TestHostageOrder(t *testing.T) {
	const held = "Eb3 Me4 Hd1 Rh1 mb2 ee7 hd8 rh8"
	gold := func(board string) int { return hostagesOf(t, board, 0)[0] }
	if v := hostagesOf(t, held, 0); v[0] <= 0 || v[1] != 0 {
		t.Fatalf("%s: %v, want a bonus for Gold alone", held, v)
	}
	ordered(t, gold, []orderCase{
		{"with a free camel of one's own", held, "Eb3 Hd1 Rh1 mb2 ee7 hd8 rh8"},
		{"near the trap", held, "Ea2 Me4 Hd1 Rh1 ma1 ee7 hd8 rh8"},
		{"alone", held, "Eb3 Me4 Hd1 Rh1 mb2 da2 ee7 hd8 rh8"},
		{"the camel rather than a horse", held, "Eb3 Me4 Hd1 Rh1 hb2 ee7 md8 rh8"},
	})
	if a, b := mirrorPair(t, held, "hostages", func(s *Static) { s.Hostages, s.PieceThreat = 100, 0 }); a != b {
		t.Errorf("the other wing: %v, want %v", b, a)
	}
	if a, b := hostagesOf(t, held, 0), hostagesOf(t, "eb6 me5 hd8 ra8 Mb7 Ee2 Hd1 Ra1", 0); a != [2]int{b[1], b[0]} {
		t.Errorf("colours swapped: %v, want %v mirrored", b, a)
	}
	// A piece that is not held: no stronger Gold piece beside Silver's
	// camel.
	if v := hostagesOf(t, "Ed3 Me4 Hd1 Rh1 mb2 ee7 hd8 rh8", 0); v != [2]int{} {
		t.Errorf("a camel no piece holds: %v, want nothing", v)
	}
}

// TestHostageNotTwice: the piece-threat term already charges Silver for
// its camel caught by Gold's trap; the hostage counts only what it adds,
// so less with that term on, and never below nothing.
func TestHostageNotTwice(t *testing.T) {
	const held = "Eb3 Me4 Hd1 Rh1 mb2 ee7 hd8 rh8"
	off, on := hostagesOf(t, held, 0), hostagesOf(t, held, 300)
	if on[0] >= off[0] || on[0] < 0 {
		t.Errorf("with piece_threat 300: %v; without: %v", on, off)
	}
}

// TestSFPScore: a lone elephant against nothing wins the top tier (500),
// equal armies score nothing, and the reckoning is antisymmetric.
func TestSFPScore(t *testing.T) {
	var none, ele, army, tied [7]float64
	ele[rules.Elephant] = 1
	army = [7]float64{0, 8, 2, 2, 2, 1, 1}
	tied = army
	tied[rules.Camel] -= 0.7
	tied[rules.Horse] -= 0.55
	if got := sfpScore(&ele, &none); got != 500 {
		t.Errorf("a lone elephant: %d, want 500", got)
	}
	if got := sfpScore(&army, &army); got != 0 {
		t.Errorf("equal armies: %d, want 0", got)
	}
	a, b := sfpScore(&army, &tied), sfpScore(&tied, &army)
	if a <= 0 || a != -b {
		t.Errorf("against a tied camel and horse: %d and %d", a, b)
	}
}
