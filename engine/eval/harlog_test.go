package eval

import (
	"math"
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// TestHarlogValues: what a full army loses with one piece of each type,
// in HarLog's rabbits (the formula's own figures, worked out by hand: 1,
// 1.40, 2.13, 3.64, 6.49 and 10.99), at 130 points a rabbit.
func TestHarlogValues(t *testing.T) {
	want := [7]int{0, 130, 182, 276, 473, 843, 1429}
	if got := newHarlog(130).values(); got != want {
		t.Errorf("values at 130 a rabbit: %v, want %v", got, want)
	}
	w := DefaultWeights()
	w.Eval.Harlog = 130
	if e := New(w); e.Value(rules.Horse) != 473 || e.Value(rules.Rabbit) != 130 {
		t.Errorf("the evaluator's values with eval.harlog: horse %d, rabbit %d", e.Value(rules.Horse), e.Value(rules.Rabbit))
	}
}

// TestHarlogMaterial: the material term by HarLog, Gold's minus Silver's,
// for trades the fixed values judge otherwise; and a side without rabbits
// pays rabbits_left's penalty of none, no other.
func TestHarlogMaterial(t *testing.T) {
	w := DefaultWeights()
	w.Eval.Harlog = 130
	e := New(w)
	net := func(board string) int {
		p := rulestest.Place(t, rules.Gold, board)
		if probs := p.Validate(); len(probs) > 0 {
			t.Fatalf("%s: %v", board, probs)
		}
		return term(e.Breakdown(&p), "material").Net()
	}
	const (
		gold   = " Ed2 Me2 Hb2 Hg2 Dc2 Df2 Ca2 Ch2"
		silver = " ed7 me7 hb7 hg7 dc7 df7 ca7 ch7"
		gr     = " Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1"
		sr     = " ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8"
	)
	if v := net(gr + sr + gold + silver); v != 0 {
		t.Errorf("equal armies: material %d, want 0", v)
	}
	for _, tc := range []struct {
		name, board string
		lo, hi      int // Gold's material lead
	}{
		// Silver has given a cat for two rabbits: HarLog's 1.40 against
		// 2.06 rabbits puts Gold behind, where the fixed values put it
		// ahead (a cat 150, the rabbits 60 and 72).
		{"a cat for two rabbits", " Ra1 Rb1 Rc1 Rd1 Re1 Rf1" + sr + gold + " ed7 me7 hb7 hg7 dc7 df7 ca7", -130, -40},
		// A horse for three rabbits: nearly even by HarLog (3.64 against
		// 3.2), a rabbit and a half behind by the fixed values.
		{"a horse for three rabbits", gr + " ra8 rb8 rc8 rd8 re8" + " Ed2 Me2 Hb2 Dc2 Df2 Ca2 Ch2" + silver, -100, -10},
	} {
		if v := net(tc.board); v < tc.lo || v > tc.hi {
			t.Errorf("%s: Gold's material lead %d, want %d to %d", tc.name, v, tc.lo, tc.hi)
		}
	}
	p := rulestest.Place(t, rules.Gold, "Ed4 rh8")
	b := e.Breakdown(&p)
	if r := term(b, "rabbits left"); r.Gold != -w.Eval.RabbitsLeft[0] || r.Silver != 0 {
		t.Errorf("rabbits left by HarLog: gold %d, silver %d; want %d, 0", r.Gold, r.Silver, -w.Eval.RabbitsLeft[0])
	}
}

// TestHarlogCrowdedBoard: a board from the editor with more pieces than an
// army has (here 24 gold rabbits and 25 pieces) is scored by the formula
// itself, past its tables, and a further rabbit still adds to it.
func TestHarlogCrowdedBoard(t *testing.T) {
	e := New(Weights{Eval: Static{Harlog: 130}})
	material := func(board string) int {
		return term(e.Breakdown(new(rulestest.Place(t, rules.Gold, board))), "material").Gold
	}
	const rows = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ra2 Rb2 Rc2 Rd2 Re2 Rf2 Rg2 Rh2 Ra3 Rb3 Rc3 Rd3 Re3 Rf3 Rg3 Rh3 Ed4 rh8"
	crowded, more := material(rows), material(rows+" Ra4")
	if crowded <= 0 || more <= crowded {
		t.Errorf("24 rabbits: material %d; 25: %d", crowded, more)
	}
	if v := newHarlog(130).side(counts{0, 0, 9, 9, 0, 0, 0}, counts{}); math.IsInf(v, 0) || math.IsNaN(v) || v <= 0 {
		t.Errorf("18 pieces and no rabbit: %v", v)
	}
	if got, want := newHarlog(130).side(counts{0, 24, 0, 0, 0, 0, 1}, counts{0, 1}), 130*harlogRabbit*(1/harlogQ+harlogG*math.Log(24*25)); math.Abs(got-want) > 1e-9 {
		t.Errorf("24 rabbits and an elephant: %v, want %v", got, want)
	}
}
