package mcts

import (
	"context"
	"math"
	"slices"
	"testing"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
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
		p := rulestest.MiddleGame(t)
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
	p := rulestest.Board(t, rules.Silver,
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
	q := rulestest.Board(t, rules.Silver,
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
	p := rulestest.MiddleGame(t)
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

// TestEvalPrior checks that search.eval_prior adds to each first-turn
// child's progressive bias the change of the static evaluation its steps
// make for the side to move, scaled and capped as documented, in a quiet
// position, and nothing where the trap checks find a capture.
func TestEvalPrior(t *testing.T) {
	const prior = 0.5
	biases := func(p rules.Position, evalPrior float64) map[[2]rules.Step]float64 {
		cfg := config.Default()
		cfg.Search.EvalPrior = evalPrior
		s := New(Options{Threads: 1, Seed: 3, Config: cfg})
		if _, err := s.SearchPosition(context.Background(), p, analysis.Limits{Playouts: 3000}, nil); err != nil {
			t.Fatal(err)
		}
		out := map[[2]rules.Step]float64{}
		tr := s.tree
		r := &tr.nodes[tr.nodes[1].rep.Load()]
		for i := r.first.Load(); i < r.first.Load()+r.nkids.Load(); i++ {
			c := &tr.nodes[i]
			out[[2]rules.Step{c.step, c.step2}] = float64(c.bias)
		}
		return out
	}
	ev := eval.New(config.Default().Weights)
	kw := config.Default().Search.KnowledgeWeight / 1000
	check := func(name string, p rules.Position, quiet bool) {
		plain, with := biases(p, 0), biases(p, prior)
		before := ev.Evaluate(&p)
		compared, moved := 0, 0
		for k, b := range with {
			b0, ok := plain[k]
			if !ok || k[0] == rules.Pass {
				continue
			}
			after := p.Play(k[0])
			if k[1] != rules.NoStep {
				after = after.Play(k[1])
			}
			delta := min(max(ev.Evaluate(&after)-before, -600), 600)
			want := b0
			if quiet {
				want += kw * float64(int(prior*float64(delta)))
			}
			if math.Abs(b-want) > 1e-4 {
				t.Errorf("%s: child %v %v: bias %.5f, want %.5f (without the prior %.5f, evaluation change %d)", name, k[0], k[1], b, want, b0, delta)
			}
			compared++
			if delta != 0 {
				moved++
			}
		}
		if compared < 10 || moved == 0 {
			t.Fatalf("%s: %d children compared, %d with an evaluation change: the test shows nothing", name, compared, moved)
		}
	}
	check("quiet", rulestest.Board(t, rules.Gold,
		"rrrrrrrr",
		"hdc.mcdh",
		"....e...",
		"........",
		"........",
		"...E....",
		"HDCM.CDH",
		"RRRRRRRR"), true)
	// Captures are on the board in the middle game: no prior.
	check("middle game", rulestest.MiddleGame(t), false)
}
