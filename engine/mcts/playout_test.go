package mcts

import (
	"slices"
	"testing"

	"arimaa-workbench/engine/rules"
)

// TestChosenStepsLegal checks along random games that the move-oriented
// generator gives only legal steps, and all the legal steps of the chosen
// pieces that are not part of a push or pull.
func TestChosenStepsLegal(t *testing.T) {
	w := searcher(1, 1).newWorker(0)
	rng := uint64(3)
	var buf [128]rules.Step
	checked := 0
	for game := 0; game < 60; game++ {
		p := middleGame(t)
		if game%2 == 1 {
			p = rules.StartPosition()
		}
		pullFrom, pullType := rules.NoSquare, rules.NoType
		for ply := 0; ply < 200; ply++ {
			all := p.Steps(buf[:0])
			if len(all) == 0 {
				break
			}
			if !p.PushPending() {
				chosen := w.pick(p.Pieces(p.Side(), rules.NoType), 1+int(splitmix(&rng)%4))
				for _, st := range w.chosenSteps(&p, chosen, pullFrom, pullType) {
					checked++
					if !slices.Contains(all, st) {
						t.Fatalf("illegal step %v in %s (steps taken %d)", st, p.AEIString(), p.StepsTaken())
					}
				}
				got := w.chosenSteps(&p, chosen, pullFrom, pullType)
				for _, st := range all {
					if st.Piece().Color() == p.Side() && chosen.Has(st.From()) && !slices.Contains(got, st) {
						t.Fatalf("legal step %v of a chosen piece missing in %s", st, p.AEIString())
					}
				}
			}
			st := all[splitmix(&rng)%uint64(len(all))]
			pushing := p.PushPending()
			me := p.Side()
			p = p.Play(st)
			pullFrom, pullType = rules.NoSquare, rules.NoType
			if st.Piece().Color() == me && !pushing {
				pullFrom, pullType = st.From(), st.Piece().Type()
			}
			if p.StepsLeft() == 0 || p.CanEndTurn() && splitmix(&rng)%4 == 0 {
				if !p.CanEndTurn() {
					break
				}
				p = p.EndTurn()
				pullFrom, pullType = rules.NoSquare, rules.NoType
				if _, over := decided(&p); over {
					break
				}
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d steps checked", checked)
	}
}
