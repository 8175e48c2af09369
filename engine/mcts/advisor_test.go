package mcts

import (
	"testing"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// capturePosition has Gold to move with its elephant under the silver cat
// on c5, which it can push onto the unguarded c6 trap.
func capturePosition(t *testing.T) rules.Position {
	return rulestest.Board(t, rules.Gold,
		"r......r",
		"........",
		"..x.....",
		"..c.....",
		"..E.....",
		"........",
		"........",
		"R......R")
}

func TestReplayAdvice(t *testing.T) {
	p := capturePosition(t)
	threats := eval.TrapCheck(&p)
	if len(threats) == 0 {
		t.Fatal("the trap check finds no capture in the test position")
	}
	m := threats[0].Move
	after, ok := replay(&p, m)
	if !ok {
		t.Fatalf("advice %v does not replay where it was found", m)
	}
	if got := after.Pieces(rules.Silver, rules.Cat); got != 0 {
		t.Errorf("after %v the cat is still on the board", m)
	}
	// The same advice in a position where the cat has left fails at once.
	moved := rulestest.Board(t, rules.Gold,
		"r......r",
		"........",
		"..x.....",
		".c......",
		"..E.....",
		"........",
		"........",
		"R......R")
	if _, ok := replay(&moved, m); ok {
		t.Errorf("advice %v replayed though the cat is elsewhere", m)
	}
	// Too few steps left.
	short := p.Play(rules.MakeStep(rules.MakePiece(rules.Gold, rules.Rabbit), rules.A1, rules.North))
	short = short.Play(rules.MakeStep(rules.MakePiece(rules.Gold, rules.Rabbit), rules.A2, rules.North))
	short = short.Play(rules.MakeStep(rules.MakePiece(rules.Gold, rules.Rabbit), rules.A3, rules.North))
	if m.N > 1 {
		if _, ok := replay(&short, m); ok {
			t.Errorf("advice %v of %d steps replayed with one step left", m, m.N)
		}
	}
}

func TestTryAdvicePlaysKnownCaptureAndGoal(t *testing.T) {
	cfg := config.Default()
	cfg.Search.AdvisorRate = 1
	s := New(Options{Threads: 1, Seed: 1, Config: cfg})
	w := s.newWorker(0)
	p := capturePosition(t)
	if _, ok := w.tryAdvice(&p); ok {
		t.Fatal("an empty advisor played something")
	}
	for _, th := range eval.TrapCheck(&p) {
		w.advice.addCapture(rules.Gold, th.Move)
	}
	q := p
	if _, ok := w.tryAdvice(&q); !ok {
		t.Fatal("the kept capture was not replayed")
	}
	if q.Pieces(rules.Silver, rules.Cat) != 0 {
		t.Error("the replayed capture did not capture")
	}
	// Silver's advice is not Gold's.
	w.advice = advisor{}
	for _, th := range eval.TrapCheck(&p) {
		w.advice.addCapture(rules.Silver, th.Move)
	}
	q = p
	if _, ok := w.tryAdvice(&q); ok {
		t.Error("Gold replayed Silver's advice")
	}

	// A goal two steps away is replayed whatever the rate.
	g := rulestest.Board(t, rules.Gold,
		"r.....r.",
		".......R",
		"........",
		"........",
		"........",
		"........",
		"........",
		"E.......")
	m, ok := eval.GoalCheck(&g)
	if !ok {
		t.Fatal("the goal check finds no goal in the goal position")
	}
	w.advice = advisor{}
	w.advice.addGoal(rules.Gold, m)
	if _, ok := w.tryAdvice(&g); !ok || g.Pieces(rules.Gold, rules.Rabbit)&rules.Rank8 == 0 {
		t.Errorf("the kept goal %v was not replayed", m)
	}
}

func TestAdviceRingKeepsNewestWithoutDuplicates(t *testing.T) {
	var a advisor
	r := rules.MakePiece(rules.Gold, rules.Rabbit)
	var moves []rules.Move
	for sq := rules.A1; sq < rules.A1+adviceSlots+3; sq++ {
		moves = append(moves, rules.MoveOf(rules.MakeStep(r, sq, rules.North)))
	}
	for _, m := range moves {
		a.addCapture(rules.Gold, m)
		a.addCapture(rules.Gold, m) // a duplicate takes no slot
	}
	kept := map[rules.Move]bool{}
	for _, m := range a.captures[rules.Gold] {
		kept[m] = true
	}
	for i, m := range moves {
		want := i >= len(moves)-adviceSlots
		if kept[m] != want {
			t.Errorf("move %d kept = %v, want %v", i, kept[m], want)
		}
	}
}

func TestDecidedKomi(t *testing.T) {
	// Gold has an elephant and eight rabbits against eight rabbits.
	p := rulestest.Board(t, rules.Silver,
		"rrrrrrrr",
		"........",
		"..x..x..",
		"........",
		"........",
		"..x..x..",
		"....E...",
		"RRRRRRRR")
	cfg := config.Default()
	cfg.Search.DecidedScore = 300
	cfg.Search.DecidedShare = 1
	s := New(Options{Threads: 1, Seed: 1, Config: cfg})
	sc := s.ev.Evaluate(&p) // for Silver, to move
	k := s.decidedKomi(&p)
	if want := -sc - 300; k != want {
		t.Errorf("komi = %d, want %d (Gold's evaluation %d beyond 300)", k, want, -sc)
	}
	cfg.Search.DecidedShare = 0.5
	if k2 := New(Options{Config: cfg}).decidedKomi(&p); k2 < k/2-1 || k2 > k/2+1 {
		t.Errorf("half share: komi = %d, want about %d", k2, k/2)
	}
	cfg.Search.DecidedScore = 0
	if k0 := New(Options{Config: cfg}).decidedKomi(&p); k0 != 0 {
		t.Errorf("decided_score 0: komi = %d, want 0", k0)
	}
}

// TestScoredAdvice: with advisor_scored, the playout results credited to
// each capture decide which applicable one is replayed, each side's
// results are its own, and new advice in a slot starts from nothing.
func TestScoredAdvice(t *testing.T) {
	// Two captures for Gold: the cat on c5 into c6, the dog on f5 into f6.
	p := rulestest.Board(t, rules.Gold,
		"r......r",
		"........",
		"..x..x..",
		"..c..d..",
		"..E..M..",
		"........",
		"........",
		"R......R")
	threats := eval.TrapCheck(&p)
	if len(threats) != 2 {
		t.Fatalf("the trap check finds %d captures, want 2", len(threats))
	}
	cfg := config.Default()
	cfg.Search.AdvisorRate = 1
	cfg.Search.AdvisorScored = true
	w := New(Options{Threads: 1, Seed: 1, Config: cfg}).newWorker(0)
	for _, th := range threats {
		w.advice.addCapture(rules.Gold, th.Move)
	}
	// Both are tried once, being untried; then the one whose playouts Gold
	// won is preferred.
	results := map[rules.PieceType]float64{rules.Cat: 0, rules.Dog: 1}
	taken := map[rules.PieceType]int{}
	for i := 0; i < 20; i++ {
		q := p
		if _, ok := w.tryAdvice(&q); !ok {
			t.Fatal("no capture replayed")
		}
		ty := rules.Cat
		if q.Pieces(rules.Silver, rules.Cat) != 0 {
			ty = rules.Dog
		}
		taken[ty]++
		w.advice.credit(results[ty])
	}
	if taken[rules.Cat] < 1 || taken[rules.Dog] < 15 {
		t.Errorf("replays: cat %d, dog %d; want the winning dog capture nearly always", taken[rules.Cat], taken[rules.Dog])
	}
	if w.advice.capTotal[rules.Gold] != 20 || w.advice.capTotal[rules.Silver] != 0 {
		t.Errorf("credited replays gold %d, silver %d; want 20, 0", w.advice.capTotal[rules.Gold], w.advice.capTotal[rules.Silver])
	}
	// The slots a new piece of advice takes start again.
	for sq := rules.A1; sq < rules.A1+adviceSlots; sq++ {
		w.advice.addCapture(rules.Gold, rules.MoveOf(rules.MakeStep(rules.MakePiece(rules.Gold, rules.Rabbit), sq, rules.North)))
	}
	for i := range w.advice.capN[rules.Gold] {
		if w.advice.capN[rules.Gold][i] != 0 || w.advice.capW[rules.Gold][i] != 0 {
			t.Errorf("slot %d keeps %d replays after new advice took it", i, w.advice.capN[rules.Gold][i])
		}
	}
}
