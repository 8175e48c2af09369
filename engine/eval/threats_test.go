package eval

import (
	"testing"

	"arimaa-workbench/engine/rules"
)

// threatOf is the piece-threat term (at eval.piece_threat 100) of the
// board, Gold to move, for Gold and Silver.
func threatOf(t *testing.T, board string) [2]int {
	t.Helper()
	return termOf(t, board, "pieces threatened", func(s *Static) { s.PieceThreat = 100 })
}

// TestPieceThreatFigure works Gold's threatened camel out by hand: on c4,
// frozen by Silver's elephant on d4, no Gold piece within five squares to
// unfreeze it (the rabbit on h1 is eight away: the frozen factor 64).
func TestPieceThreatFigure(t *testing.T) {
	e := New(fixedWeights())
	base := float64(e.Value(rules.Camel) + e.Value(rules.Rabbit)/2)
	ramp := func(lead int) float64 { return float64(lead-attackNone) / (attackFull - attackNone) }
	// c3, Gold's home trap: the camel beside it (frozen, one enemy piece
	// stronger: 6 × 4 / 2 = 12) against the elephant two squares away (8 ×
	// 2 = 16), a lead of 4. One square away and no other guard: 2 steps
	// (61), the attacker beside it: 0 more; no Gold piece nearer: the crowd
	// factor 74.
	c3 := base * threatPropHome / 128 * 61 / 64 * ramp(4) * 64 / 64 * 74 / 64
	// c6, Silver's home trap: the camel two squares away (6 × 2 / 2 = 6)
	// against the elephant three away (8), a lead of 2; two squares, no
	// guard, nothing between: 4 steps (53).
	c6 := base * threatPropAway / 128 * 53 / 64 * ramp(2) * 64 / 64
	// f3: the camel four squares away (dominated, so counted) is outside
	// the weighing's three; the elephant three away weighs 8: 8 steps (19);
	// the unfrozen rabbit on h1, as far, makes the crowd factor 69.
	f3 := base * threatPropHome / 128 * 19 / 64 * ramp(8) * 64 / 64 * 69 / 64
	want := -int(c3 + c6 + f3 + 0.5)
	if got := threatOf(t, "Mc4 ed4 Rh1 rh8"); got != [2]int{want, 0} {
		t.Errorf("threats %v, want [%d 0]", got, want)
	}
}

// TestPieceThreatOrder: the term grows and shrinks the way a defender
// reads a threat.
func TestPieceThreatOrder(t *testing.T) {
	gold := func(board string) int { return -threatOf(t, board)[0] }
	ordered(t, gold, []orderCase{
		{"an attacker beside it, not four away", "Mc4 ed4 Rh1 rh8", "Mc4 eh4 Rh1 rh8"},
		{"no second guard", "Mc4 ed4 Rh1 rh8", "Mc4 ed4 Eb3 Rh1 rh8"},
		{"a camel, not a cat", "Mc4 ed4 Rh1 rh8", "Cc4 ed4 Rh1 rh8"},
		{"frozen far from help, not near it", "Mc4 ed4 Rh1 rh8", "Mc4 ed4 Ra1 rh8"},
	})
	// The elephant is never threatened; nothing without a stronger enemy.
	if got := threatOf(t, "Ec4 md4 Rh1 rh8"); got[0] != 0 {
		t.Errorf("an elephant threatened: %v", got)
	}
	if got := threatOf(t, "Mc4 dd4 Rh1 rh8"); got[0] != 0 {
		t.Errorf("a camel threatened by a dog: %v", got)
	}
}

// TestPieceThreatSymmetry: the same with the colours swapped and mirrored.
func TestPieceThreatSymmetry(t *testing.T) {
	w := DefaultWeights()
	w.Eval.PieceThreat = 150
	e := New(w)
	sameWithColoursSwapped(t, e)
	mirror := func(s rules.Square) rules.Square { return rules.NewSquare(7-s.File(), s.Rank()) }
	for i, p := range randomPositions(17, 8, 40, false) {
		m := transform(p, mirror, false)
		if a, b := e.Evaluate(&p), e.Evaluate(&m); a != b {
			t.Fatalf("position %d %s: %d, mirrored %d", i, p.AEIString(), a, b)
		}
	}
}
