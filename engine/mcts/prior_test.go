package mcts

import (
	"context"
	"testing"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// TestRootPriors: a suggested move (SetRootPriors) raises the progressive bias of the
// root children that begin it by its weight (times the knowledge
// weight), and of no other child, which then gets more of the search.
// One worker and a playout budget make it repeatable.
func TestRootPriors(t *testing.T) {
	g, err := rules.NewGameFrom(rulestest.MiddleGame(t))
	if err != nil {
		t.Fatal(err)
	}
	w, err := rules.ParseMove("hh7s hh6w hg6s hg5w")
	if err != nil {
		t.Fatal(err)
	}
	prior := analysis.MovePrior{Move: w.Move, Weight: 2000}
	bias := func(priors []analysis.MovePrior) (map[rules.Step]float64, map[rules.Step]int64) {
		s := searcher(1, 3)
		s.SetRootPriors(priors)
		if _, err := s.Search(context.Background(), g, analysis.Limits{Playouts: 3000}, nil); err != nil {
			t.Fatal(err)
		}
		out, visits := map[rules.Step]float64{}, map[rules.Step]int64{}
		for _, c := range s.Snapshot(1, 1000).Children {
			if c.Step2 == rules.NoStep {
				out[c.Step], visits[c.Step] = c.Bias, c.Visits
			}
		}
		return out, visits
	}
	plain, plainVisits := bias(nil)
	with, visits := bias([]analysis.MovePrior{prior})
	kw := searcher(1, 1).cfg.KnowledgeWeight / 1000
	if kw == 0 {
		t.Skip("the step knowledge is off: no bias to raise")
	}
	first := w.Move.Steps[0]
	for st, b := range with {
		want := plain[st]
		if st == first {
			want += kw * prior.Weight
		}
		if d := b - want; d > 1e-3 || d < -1e-3 {
			t.Errorf("%v: bias %.3f, want %.3f", st, b, want)
		}
	}
	if _, ok := with[first]; !ok {
		t.Fatalf("no root child %v", first)
	}
	if visits[first] <= plainVisits[first] {
		t.Errorf("%v: %d visits with the suggestion, %d without", first, visits[first], plainVisits[first])
	}
}
