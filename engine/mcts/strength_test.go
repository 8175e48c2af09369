package mcts

import (
	"context"
	"testing"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

// randomStepMove plays random legal steps, ending the turn at random once
// the rules allow it: the weakest opponent there is.
func randomStepMove(g *rules.Game, rng *uint64) rules.Move {
	var buf [128]rules.Step
	for try := 0; try < 50; try++ {
		p := g.Position()
		var m rules.Move
		for m.N < 4 {
			steps := p.Steps(buf[:0])
			if len(steps) == 0 {
				break
			}
			st := steps[splitmix(rng)%uint64(len(steps))]
			p = p.Play(st)
			m = m.Add(st)
			if p.CanEndTurn() && splitmix(rng)%3 == 0 {
				break
			}
		}
		if m.N > 0 && p.CanEndTurn() && !g.Repeated(&p) {
			return m
		}
	}
	moves := g.LegalMoves(nil)
	return moves[splitmix(rng)%uint64(len(moves))]
}

func TestBeatsRandomSteps(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 2
	}
	for i := 0; i < games; i++ {
		engineSide := rules.Color(i % 2)
		s := searcher(1, uint64(100+i))
		rng := uint64(i)
		g := rules.NewGame()
		for len(g.Moves()) < 300 && g.Phase() != rules.Over {
			if g.Phase() != rules.Playing {
				res, err := s.Search(context.Background(), g, analysis.Limits{}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.SetupPieces(res.Setup); err != nil {
					t.Fatal(err)
				}
				continue
			}
			p := g.Position()
			var m rules.Move
			if p.Side() == engineSide {
				res, err := s.Search(context.Background(), g, analysis.Limits{Playouts: 400}, nil)
				if err != nil {
					t.Fatal(err)
				}
				m = res.Best
			} else {
				m = randomStepMove(g, &rng)
			}
			if err := g.Play(m); err != nil {
				t.Fatalf("game %d: %s plays illegal %v: %v", i, p.Side(), m, err)
			}
		}
		r, over := g.Result()
		if !over || r.Winner != engineSide {
			t.Errorf("game %d: engine (%s) did not win: %v, over %v after %d moves", i, engineSide, r, over, len(g.Moves()))
		} else {
			t.Logf("game %d: engine (%s) wins by %s after %d moves", i, engineSide, r.How, len(g.Moves()))
		}
	}
}
