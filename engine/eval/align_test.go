package eval

import (
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// alignOf is the alignment term (at eval.alignment 100) of the board,
// Gold to move, for Gold and Silver.
func alignOf(t *testing.T, board string) [2]int {
	t.Helper()
	return termOf(t, board, "alignment", func(s *Static) { s.Alignment = 100 })
}

// TestAlignmentFigure works one bonus out by hand: Gold's elephant on d4
// and Silver's camel on d6, Gold with no camel of its own. The elephant's
// rank weighs 380, half as much again with no Gold camel (570); the camel
// has five ranks to go to its goal (28); the elephant is one step from the
// square beside it, two half steps on its own file (60, less the shift of
// 24). Silver's elephant has no Gold piece below it but rabbits to aim at.
func TestAlignmentFigure(t *testing.T) {
	sum := 570 * 28 * (60 - 24)
	const full = 640 * 64 * 40
	want := (sum*100 + full/2) / full
	if got := alignOf(t, "Ed4 Ra1 md6 eh8 ra8"); got != [2]int{want, 0} {
		t.Errorf("alignment %v, want [%d 0]", got, want)
	}
}

// TestAlignmentOrder: the term rises as strong pieces come near the
// pieces they dominate, for either side, and falls below zero far off.
func TestAlignmentOrder(t *testing.T) {
	gold := func(board string) int { return alignOf(t, board)[0] }
	silver := func(board string) int { return alignOf(t, board)[1] }
	ordered(t, gold, []orderCase{
		{"the elephant near the camel, not far", "Ed4 Ra1 md6 eh8 ra8", "Ea1 Rb1 md6 eh8 ra8"},
		{"a target in one's own half, not at home", "Ed3 Ra1 md5 eh8 ra8", "Ed6 Ra1 md8 eh8 ra8"},
		{"the enemy elephant not across the way", "Ma4 Ea1 Ra2 hh4 ea8 ra7", "Ma4 Ea1 Ra2 hh4 ed4 ra7"},
	})
	ordered(t, silver, []orderCase{
		{"Silver's the same", "ed5 ra8 Md3 Eh1 Ra1", "eh8 ra8 Md3 Eh1 Ra1"},
	})
	if far := gold("Ea1 Rb1 mh8 eh6 ra8"); far >= 0 {
		t.Errorf("an elephant far from its target: %d, want a penalty", far)
	}
	off := fixedWeights()
	off.Eval.Alignment = 0
	p := rulestest.Place(t, rules.Gold, "Ed4 Ra1 md6 eh8 ra8")
	if g := term(New(off).Breakdown(&p), "alignment"); g.Gold != 0 {
		t.Errorf("weight 0: alignment %d, want 0", g.Gold)
	}
}
