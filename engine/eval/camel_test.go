package eval

import (
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// camelOf is the camel-advance term (at eval.camel_advance 100) of the
// board, Gold to move, for Gold and Silver.
func camelOf(t *testing.T, board string) [2]int {
	t.Helper()
	return termOf(t, board, "camel advance", func(s *Static) { s.CamelAdvance = 100 })
}

// TestCamelAdvanceFigure works one penalty out by hand: Gold's camel on
// g6 (its sixth rank: 110) beside Silver's elephant on g7 (distance 1:
// 100, the same file: 100), no Gold piece around it, Gold's elephant on b2
// (nine squares: 106), frozen (112), and Silver's home traps weighed as
// trap_attack weighs them: f6 on the camel's wing twice, c6 once.
func TestCamelAdvanceFigure(t *testing.T) {
	const board = "Mg6 eg7 Eb2 Ra1 ra8"
	p := rulestest.Place(t, rules.Gold, board)
	leads := trapLeads{p: &p, frozen: [2]rules.Bitboard{p.Frozen(rules.Gold), p.Frozen(rules.Silver)}}
	f6, c6 := camelTrapShare(leads.at(3)), camelTrapShare(leads.at(2))
	if f6 == 100 && c6 == 100 {
		t.Fatalf("Gold leads at neither of Silver's home traps: the trap factor goes untested")
	}
	risk := 110 * 100
	risk = risk * 106 / 100
	risk = risk * (2*f6 + c6) / 300
	risk = risk * 112 / 100
	want := -(100*risk + 5000) / 10000
	if got := camelOf(t, board); got != [2]int{want, 0} {
		t.Errorf("camel advance %v, want [%d 0]", got, want)
	}
}

// TestCamelAdvanceOrder: the term grows and shrinks as the risk to an
// advanced camel does, for either side.
func TestCamelAdvanceOrder(t *testing.T) {
	gold := func(board string) int { return -camelOf(t, board)[0] }
	silver := func(board string) int { return -camelOf(t, board)[1] }
	ordered(t, gold, []orderCase{
		{"advanced, not at home", "Mg6 eg7 Eb2 Ra1 ra8", "Mg2 eg7 Eb2 Ra1 ra8"},
		{"the enemy elephant near, not far", "Mg6 eg7 Eb2 Ra1 ra8", "Mg6 ea8 Eb2 Ra1 rh8"},
		{"alone, not among its own", "Mg6 eg7 Eb2 Ra1 ra8", "Mg6 eg7 Eb2 Hf6 Dh6 Rf7 Ra1 ra8"},
		{"its own elephant far, not beside it", "Mg5 eg7 Eb2 Ra1 ra8", "Mg5 eg7 Ef5 Ra1 ra8"},
		{"the lone horse stands in for a lost camel", "Hg6 Dd1 eg7 Eb2 Ra1 ra8", "Hg6 Hd1 eg7 Eb2 Ra1 ra8"},
	})
	ordered(t, silver, []orderCase{
		{"Silver's camel the same", "mb3 eb2 Eg7 ra8 Ra1", "mb7 eb2 Eg7 ra8 Ra1"},
	})
	// Off at weight 0, and no camel's risk without both elephants.
	off := fixedWeights()
	off.Eval.CamelAdvance = 0
	p := rulestest.Place(t, rules.Gold, "Mg6 eg7 Eb2 Ra1 ra8")
	if g := term(New(off).Breakdown(&p), "camel advance"); g.Gold != 0 {
		t.Errorf("weight 0: camel advance %d, want 0", g.Gold)
	}
	if got := camelOf(t, "Mg6 Hg7 Ra1 ra8 eb8"); got != [2]int{} {
		t.Errorf("no Gold elephant: %v, want none", got)
	}
}
