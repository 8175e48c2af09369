package mcts

import (
	"slices"
	"testing"

	"arimaa-workbench/engine/config"
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

// TestDefendGoal: the squares a playout turn takes to stop a rabbit that
// could walk to the goal next turn, and the pieces that may move there.
func TestDefendGoal(t *testing.T) {
	cfg := config.Default()
	cfg.Search.PlayoutDefence = 300
	w := New(Options{Threads: 1, Seed: 1, Config: cfg}).newWorker(0)
	sq := func(name string) rules.Square {
		q, err := rules.ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	// The gold rabbit on d6 walks to d8 in two steps; Silver is to move.
	p := board(t, rules.Silver,
		"r......r",
		"........",
		"...R....",
		"........",
		"......e.",
		"........",
		"........",
		"R..E...R")
	chosen := p.Pieces(rules.Silver, rules.Rabbit) & rules.Rank8 & rules.FileA
	target := w.defendGoal(&p, &chosen)
	for _, name := range []string{"d7", "d8", "c6", "e6", "d5"} {
		if !target.Has(sq(name)) {
			t.Errorf("%s is not among the squares to defend %v", name, target)
		}
	}
	if target.Has(sq("g4")) {
		t.Error("a square far from the rabbit's walk is to be defended")
	}
	if chosen.Has(sq("g4")) {
		t.Error("the elephant four squares away joined the pieces to move")
	}
	// With the rabbit frozen by the silver elephant there is no threat.
	q := board(t, rules.Silver,
		"r......r",
		"...e....",
		"...R....",
		"........",
		"........",
		"........",
		"........",
		"R..E...R")
	chosen = 0
	if got := w.defendGoal(&q, &chosen); got != 0 {
		t.Errorf("a frozen rabbit threatens %v", got)
	}
}

// TestLeafEval: with search.leaf_eval at 1 a playout's result is the
// static evaluation of its first position, whatever the playout does; at
// 0.5 it is halfway between that and the playout's own result.
func TestLeafEval(t *testing.T) {
	p := middleGame(t)
	cfg := config.Default()
	cfg.Search.LeafEval = 1
	s := New(Options{Threads: 1, Seed: 5, Config: cfg})
	w := s.newWorker(0)
	leaf := w.probability(&p)
	for i := 0; i < 20; i++ {
		if got := w.simulate(p); got != leaf {
			t.Fatalf("leaf_eval 1: playout %d gave %v, want the leaf's %v", i, got, leaf)
		}
	}
	cfg.Search.LeafEval = 0
	plain := New(Options{Threads: 1, Seed: 5, Config: cfg}).newWorker(0)
	cfg.Search.LeafEval = 0.5
	half := New(Options{Threads: 1, Seed: 5, Config: cfg}).newWorker(0)
	differ := false
	for i := 0; i < 20; i++ {
		r := plain.simulate(p)
		got := half.simulate(p)
		if want := 0.5*leaf + 0.5*r; got != want {
			t.Fatalf("leaf_eval 0.5: playout %d gave %v, want %v", i, got, want)
		}
		differ = differ || r != leaf
	}
	if !differ {
		t.Fatal("every playout ended at the leaf's own value: the test shows nothing")
	}
}
