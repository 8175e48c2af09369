package alphabeta

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// search searches p to depth steps on one thread with cfg (the default
// configuration when nil) and returns the result.
func search(t testing.TB, p rules.Position, depth int, cfg *config.Config, noTable bool) Result {
	t.Helper()
	g, err := rules.NewGameFrom(p)
	if err != nil {
		t.Fatal(err)
	}
	return searchGame(t, g, analysis.Limits{Depth: depth}, cfg, noTable)
}

func searchGame(t testing.TB, g *rules.Game, lim analysis.Limits, cfg *config.Config, noTable bool) Result {
	t.Helper()
	c := config.Default()
	c.AlphaBeta.HashMB = 4
	if cfg != nil {
		c = *cfg
	}
	s := New(Options{Threads: 1, Config: c})
	s.noTable = noTable
	res, err := s.Search(context.Background(), g, lim, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// capturePosition: Gold's elephant on c5 can push the silver cat on c4
// into the unguarded trap c3 (cc4s Ec5s) now; the cat, not frozen beside
// its rabbit, would walk away next turn.
func capturePosition(t testing.TB) rules.Position {
	return rulestest.Place(t, rules.Gold, "Ec5 cc4 rd4 Ra1 Rh1 Db1 rh8 rg8 ea8")
}

func TestSameSearchSameAnswer(t *testing.T) {
	for _, p := range []rules.Position{rulestest.MiddleGame(t), rules.StartPosition(), capturePosition(t)} {
		a := search(t, p, 4, nil, false)
		b := search(t, p, 4, nil, false)
		if a.Best != b.Best || a.Report.Nodes != b.Report.Nodes || a.Report.Score != b.Report.Score {
			t.Errorf("%s: two searches to depth 4 differ: %s in %d nodes (score %d), then %s in %d nodes (score %d)",
				p.AEIString(), a.Best, a.Report.Nodes, a.Report.Score, b.Best, b.Report.Nodes, b.Report.Score)
		}
		if a.Report.Ended != analysis.EndDepth || a.Report.AvgDepth != 4 {
			t.Errorf("%s: ended by %s at depth %.0f, want depth 4", p.AEIString(), a.Report.Ended, a.Report.AvgDepth)
		}
	}
}

// TestOneSearcherManyPositions: a searcher that searched other positions
// before answers a position as a new one does (a suite's tests and cycles
// repeat), and a search of the game it searched, a move later, keeps its
// table.
func TestOneSearcherManyPositions(t *testing.T) {
	c := config.Default()
	c.AlphaBeta.HashMB = 4
	s := New(Options{Threads: 1, Config: c})
	lim := analysis.Limits{Depth: 5}
	run := func(g *rules.Game) Result {
		t.Helper()
		res, err := s.Search(context.Background(), g, lim, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	middle, _ := rules.NewGameFrom(rulestest.MiddleGame(t))
	capture, _ := rules.NewGameFrom(capturePosition(t))
	first := run(middle)
	run(capture)
	for i := range 2 {
		if again := run(middle); again.Best != first.Best || again.Report.Nodes != first.Report.Nodes {
			t.Errorf("search %d of the middle game: %s in %d nodes, first %s in %d", i+2, again.Best, again.Report.Nodes, first.Best, first.Report.Nodes)
		}
	}
	// The game goes on by the move found: the table still knows its line.
	if err := middle.Play(first.Best); err != nil {
		t.Fatal(err)
	}
	kept := run(middle)
	fresh := searchGame(t, middle, lim, nil, false)
	if kept.Report.Nodes >= fresh.Report.Nodes {
		t.Errorf("a move later: %d nodes with the game's table, %d with a new one", kept.Report.Nodes, fresh.Report.Nodes)
	}
}

func TestFindsCapture(t *testing.T) {
	p := capturePosition(t)
	res := search(t, p, 4, nil, false)
	q := p
	for _, s := range res.Best.Slice() {
		q = q.Play(s)
	}
	if q.Pieces(rules.Silver, rules.NoType).Count() == p.Pieces(rules.Silver, rules.NoType).Count() {
		t.Errorf("best move %s captures nothing (pv %s)", p.MoveString(res.Best), rules.PVString(p.Side(), res.Report.PV))
	}
}

// goalInTwo: Gold's rabbit on a3 needs five steps to the goal, more than a
// turn; Silver's pieces are too far away to stop it.
func goalInTwo(t testing.TB) rules.Position {
	return rulestest.Place(t, rules.Gold, "Ra3 Eh1 Rh2 rh7 rg7 ch8")
}

func TestFindsGoalAtItsDepth(t *testing.T) {
	p := goalInTwo(t)
	if _, ok := eval.GoalCheck(&p); ok {
		t.Fatal("the test position has a goal in one turn")
	}
	if res := search(t, p, 4, nil, false); res.Report.WinRatio == 1 {
		t.Errorf("depth 4 already sees a goal in two turns (score %d)", res.Report.Score)
	}
	res := search(t, p, 8, nil, false)
	if res.Report.WinRatio != 1 || res.Report.Score != 30000 {
		t.Fatalf("depth 8: win ratio %.3f, score %d; want the goal found (pv %s)", res.Report.WinRatio, res.Report.Score, rules.PVString(p.Side(), res.Report.PV))
	}
	// Whatever Silver answers, Gold then reaches the goal in one turn.
	g, _ := rules.NewGameFrom(p)
	if err := g.Play(res.Best); err != nil {
		t.Fatal(err)
	}
	var gen rules.MoveGen
	q := g.Position()
	gen.Each(q, func(m rules.Move, after *rules.Position) {
		next := after.EndTurn()
		if _, ok := eval.GoalCheck(&next); !ok {
			t.Fatalf("after %s and Silver's %s Gold has no goal", p.MoveString(res.Best), q.MoveString(m))
		}
	})
}

func TestGoalAtOnce(t *testing.T) {
	p := rulestest.Place(t, rules.Gold, "Ra6 Eh1 rh7 rg7 ch8")
	res := search(t, p, 8, nil, false)
	if res.Report.Ended != analysis.EndAtOnce || res.Report.WinRatio != 1 {
		t.Fatalf("ended by %s, win ratio %.3f; want the goal at once", res.Report.Ended, res.Report.WinRatio)
	}
	q := p
	for _, s := range res.Best.Slice() {
		q = q.Play(s)
	}
	if q.Pieces(rules.Gold, rules.Rabbit)&rules.Rank8 == 0 {
		t.Errorf("best move %s does not reach the goal", res.Best)
	}
}

func TestDefendsGoalThreat(t *testing.T) {
	// Silver's rabbit on a3 walks to a1 unless Gold stops it this turn.
	p := rulestest.Place(t, rules.Gold, "ra3 Ed4 Rb1 Rc1 Rh1 Mg2 eh8 rh7 rg7")
	res := search(t, p, 5, nil, false)
	q := p
	for _, s := range res.Best.Slice() {
		q = q.Play(s)
	}
	next := q.EndTurn()
	if m, ok := eval.GoalCheck(&next); ok {
		t.Errorf("after %s Silver reaches the goal with %s", p.MoveString(res.Best), next.MoveString(m))
	}
}

func TestTableAgreesWithPlainSearch(t *testing.T) {
	c := config.Default()
	c.AlphaBeta.HashMB = 4
	c.AlphaBeta.LMR = 0      // reductions depend on the order, which the table changes
	c.AlphaBeta.Futility = 0 // and futility pruning on the window a node is searched with
	// The full armies to three steps, the sparse positions to four: a
	// search without the table grows fast.
	positions := []rules.Position{rulestest.MiddleGame(t), rules.StartPosition(), capturePosition(t), goalInTwo(t),
		rulestest.Place(t, rules.Gold, "ra3 Ed4 Rb1 Rc1 Rh1 Mg2 eh8 rh7 rg7")}
	for i, p := range positions {
		for _, depth := range []int{3, 4} {
			if i < 2 && depth > 3 {
				continue
			}
			with := search(t, p, depth, &c, false)
			without := search(t, p, depth, &c, true)
			if with.Report.Score != without.Report.Score {
				t.Errorf("%s depth %d: score %d with the table, %d without", p.AEIString(), depth, with.Report.Score, without.Report.Score)
			}
			if with.Report.Nodes >= without.Report.Nodes && depth == 4 && i != 3 {
				t.Errorf("%s depth %d: the table saved nothing (%d nodes, %d without)", p.AEIString(), depth, with.Report.Nodes, without.Report.Nodes)
			}
		}
	}
}

// TestCommutingStepsOnce: searching one order of each pair of commuting
// steps gives the score of a search of every order, in fewer nodes
// (without the table, which would find the other orders' states there).
func TestCommutingStepsOnce(t *testing.T) {
	c := config.Default()
	c.AlphaBeta.LMR = 0      // reductions depend on a step's place in the order
	c.AlphaBeta.Futility = 0 // and its pruning on the window when it is searched
	positions := []rules.Position{rulestest.MiddleGame(t), capturePosition(t), goalInTwo(t),
		rulestest.Place(t, rules.Gold, "ra3 Ed4 Rb1 Rc1 Rh1 Mg2 eh8 rh7 rg7")}
	for i, p := range positions {
		depth := 4
		if i == 0 {
			depth = 3
		}
		g, err := rules.NewGameFrom(p)
		if err != nil {
			t.Fatal(err)
		}
		var res [2]Result
		for j, all := range []bool{false, true} {
			s := New(Options{Threads: 1, Config: c})
			s.noTable, s.allOrders = true, all
			if res[j], err = s.Search(context.Background(), g, analysis.Limits{Depth: depth}, nil); err != nil {
				t.Fatal(err)
			}
		}
		once, all := res[0].Report, res[1].Report
		if once.Score != all.Score {
			t.Errorf("%s depth %d: score %d searching one order, %d searching all", p.AEIString(), depth, once.Score, all.Score)
		}
		if once.Nodes >= all.Nodes {
			t.Errorf("%s depth %d: one order searched %d nodes, all %d", p.AEIString(), depth, once.Nodes, all.Nodes)
		}
		t.Logf("%s depth %d: %d nodes, %d searching every order", p.AEIString(), depth, once.Nodes, all.Nodes)
	}
}

func TestNeverRepeatsThreeTimes(t *testing.T) {
	// Self-play at a small depth from a quiet position: both sides shuffle,
	// and every move must pass the game's own check of the rules.
	g, err := rules.NewGameFrom(rulestest.Place(t, rules.Gold, "Ra1 Rb1 Ed2 Mh2 ra8 rb8 ed7 mh7"))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40 && g.Phase() == rules.Playing; i++ {
		res := searchGame(t, g, analysis.Limits{Depth: 3}, nil, false)
		if err := g.Play(res.Best); err != nil {
			t.Fatalf("move %d: the search chose an illegal move: %v", i+1, err)
		}
	}
}

// TestNodeBudget: one worker spends a node budget exactly, whatever the
// budget's remainder by the worker's accounting interval; two overshoot
// it by at most a few nodes each.
func TestNodeBudget(t *testing.T) {
	g, _ := rules.NewGameFrom(rulestest.MiddleGame(t))
	for _, budget := range []int64{1, 500, 1024, 5000} {
		res := searchGame(t, g, analysis.Limits{Playouts: budget}, nil, false)
		if res.Report.Ended != analysis.EndPlayouts || res.Report.Nodes != budget {
			t.Errorf("budget %d: ended by %s after %d nodes; want the budget spent exactly", budget, res.Report.Ended, res.Report.Nodes)
		}
		if res.Best.N == 0 {
			t.Errorf("budget %d: no move", budget)
		}
	}
	c := config.Default()
	c.AlphaBeta.HashMB = 4
	s := New(Options{Threads: 2, Config: c})
	res, err := s.Search(context.Background(), g, analysis.Limits{Playouts: 5000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Report.Ended != analysis.EndPlayouts || res.Report.Nodes < 5000 || res.Report.Nodes > 5000+2*tickMask {
		t.Errorf("two threads: ended by %s after %d nodes; want the budget of 5000 spent", res.Report.Ended, res.Report.Nodes)
	}
}

func TestSetupFromLibrary(t *testing.T) {
	g := rules.NewGame()
	res := searchGame(t, g, analysis.Limits{}, nil, false)
	if err := g.SetupPieces(res.Setup); err != nil {
		t.Fatalf("setup %v: %v", res.Setup, err)
	}
}

func TestReportsCandidatesAndPV(t *testing.T) {
	p := rulestest.MiddleGame(t)
	res := search(t, p, 4, nil, false)
	r := res.Report
	if len(r.Candidates) < 2 || r.Candidates[0].Move != r.Best {
		t.Fatalf("candidates %v, best %s: want several, the best first", r.Candidates, r.Best)
	}
	if len(r.PV) < 4 || r.PV[0].Step != r.Best.Steps[0] {
		t.Errorf("pv %s does not begin with the best move %s", rules.PVString(p.Side(), r.PV), r.Best)
	}
	g, _ := rules.NewGameFrom(p)
	for _, c := range r.Candidates {
		if err := g.Play(c.Move); err != nil {
			t.Errorf("candidate %s: %v", c.Move, err)
			continue
		}
		g.Undo()
	}
}

func BenchmarkSearch(b *testing.B) {
	for _, tc := range []struct {
		name string
		p    rules.Position
	}{{"start", rules.StartPosition()}, {"middle", rulestest.MiddleGame(b)}} {
		b.Run(tc.name, func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				nodes += search(b, tc.p, 7, nil, false).Report.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

func TestLeaf(t *testing.T) {
	c := config.Default()
	c.AlphaBeta.HashMB = 1
	s := New(Options{Threads: 1, Config: c})
	ev := eval.New(c.Weights)
	p := capturePosition(t)
	score, leaf, decided := s.Leaf(ev, p, 4)
	if decided || score <= 0 || leaf.Pieces(rules.Silver, rules.NoType).Count() >= p.Pieces(rules.Silver, rules.NoType).Count() {
		t.Errorf("capture position: score %d, decided %v, leaf %s: want the capture on the principal variation", score, decided, leaf.AEIString())
	}
	// The same search again gives the same answer: the table is cleared.
	if s2, l2, _ := s.Leaf(ev, p, 4); s2 != score || l2 != leaf {
		t.Errorf("a second Leaf: %d %s, then %d %s", score, leaf.AEIString(), s2, l2.AEIString())
	}
	if score, _, decided := s.Leaf(ev, goalInTwo(t), 8); !decided || score < decided2(8) {
		t.Errorf("goal in two turns: score %d, decided %v", score, decided)
	}
}

// decided2 is the lowest score of a goal within depth steps.
func decided2(depth int) int { return win - depth - 4 }

// TestTwoThreads: lazy SMP over the shared table reaches the depth asked
// and answers a legal move (the race detector watches the table).
func TestTwoThreads(t *testing.T) {
	c := config.Default()
	c.AlphaBeta.HashMB = 4
	for depth := 3; depth <= 6; depth++ {
		g, err := rules.NewGameFrom(rulestest.MiddleGame(t))
		if err != nil {
			t.Fatal(err)
		}
		s := New(Options{Threads: 2, Config: c})
		res, err := s.Search(context.Background(), g, analysis.Limits{Depth: depth}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Report.AvgDepth != float64(depth) || res.Report.Ended != analysis.EndDepth {
			t.Errorf("ended by %s at depth %.0f, want depth %d", res.Report.Ended, res.Report.AvgDepth, depth)
		}
		if err := g.Play(res.Best); err != nil {
			t.Errorf("depth %d: two threads chose an illegal move: %v", depth, err)
		}
	}
}

// TestSharedIterations: an iteration is published once, by the first
// worker to complete it, never after a deeper one; a partial answer no
// deeper than a completed iteration is ignored; and the workers' next
// depths step past the deepest completed, every other one further, up to
// the deepest asked.
func TestSharedIterations(t *testing.T) {
	s := New(Options{Config: config.Default()})
	s.maxDepth = 9
	line := func(s rules.Step) []rootMove { return []rootMove{{step: s, line: []rules.Step{s}}} }
	a, b := rules.Step(10), rules.Step(20)
	for _, c := range []struct {
		depth   int
		step    rules.Step
		partial bool
		want    bool // published
	}{
		{5, a, false, true},
		{5, b, false, false}, // the second worker to complete depth 5
		{4, b, false, false},
		{5, b, true, false}, // a partial answer at a completed depth
		{6, b, true, true},
		{6, a, false, true},
	} {
		var ok bool
		if c.partial {
			s.publish(c.depth, c.depth, 1, []rules.Step{c.step}, line(c.step), true)
			ok = s.pub.pv[0] == c.step && s.pub.partial
		} else {
			var done completion
			done, ok = s.complete(c.depth, c.depth, 1, line(c.step))
			if ok && (done.pub.depth != c.depth || done.pub.pv[0] != c.step) {
				t.Errorf("depth %d: the completion holds depth %d pv %v", c.depth, done.pub.depth, done.pub.pv)
			}
		}
		if ok != c.want {
			t.Errorf("depth %d step %v partial %v: published %v, want %v", c.depth, c.step, c.partial, ok, c.want)
		}
	}
	if s.pub.depth != 6 || s.pub.pv[0] != a || s.pub.partial {
		t.Errorf("published depth %d pv %v partial %v, want depth 6 and the completed line", s.pub.depth, s.pub.pv, s.pub.partial)
	}
	main, helper := &worker{s: s, id: 0}, &worker{s: s, id: 1}
	for _, c := range []struct {
		w          *worker
		depth, out int
	}{
		{main, 3, 7},   // past the completed 6
		{helper, 3, 8}, // a step further
		{main, 7, 8},
		{helper, 8, 9}, // not past the deepest asked
		{main, 9, 10},  // the last: the loop ends
	} {
		if got := c.w.next(c.depth); got != c.out {
			t.Errorf("worker %d after depth %d: next %d, want %d", c.w.id, c.depth, got, c.out)
		}
	}
}

// TestMayCaptureIsNecessary: wherever the trap check finds a capture
// within n steps, mayCapture(p, n) holds (positions of random games, at
// every step of their turns).
func TestMayCaptureIsNecessary(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	var buf [maxSteps]rules.Step
	checked, found := 0, 0
	for game := 0; game < 30; game++ {
		p := rulestest.MiddleGame(t)
		if game%2 == 1 {
			p = rules.StartPosition()
		}
		for ply := 0; ply < 160; ply++ {
			steps := p.Steps(buf[:0])
			canEnd := p.StepsTaken() > 0 && p.CanEndTurn()
			if len(steps) == 0 && !canEnd {
				break
			}
			threats := eval.TrapCheck(&p)
			for n := 1; n <= 4; n++ {
				capture := false
				for _, th := range threats {
					capture = capture || int(th.Move.N) <= n
				}
				checked++
				if capture {
					found++
					if !mayCapture(&p, n) {
						t.Fatalf("%s (steps taken %d): a capture within %d steps, but mayCapture says none", p.AEIString(), p.StepsTaken(), n)
					}
				}
			}
			if canEnd && (len(steps) == 0 || rng.IntN(4) == 0) {
				p = p.EndTurn()
				continue
			}
			p = p.Play(steps[rng.IntN(len(steps))])
			if p.StepsLeft() == 0 {
				if !p.CanEndTurn() {
					break
				}
				p = p.EndTurn()
			}
			if _, over := ended(&p, 0); over && p.StepsTaken() == 0 {
				break
			}
		}
	}
	if found < 100 {
		t.Errorf("only %d of %d checks had a capture: the positions test too little", found, checked)
	}
}

// TestFutilityPrunes: the futility margin cuts nodes from a middle game's
// search, and the pruned search still takes the capture and stops the
// goal the other tests ask for (they run with the default margin).
func TestFutilityPrunes(t *testing.T) {
	off := config.Default()
	off.AlphaBeta.HashMB = 4
	off.AlphaBeta.Futility = 0
	if config.Default().AlphaBeta.Futility == 0 {
		t.Fatal("the default configuration has no futility margin")
	}
	// A thinned middle game: 12,934 nodes to depth 6 with it, 48,193
	// without when this test was written.
	p := rulestest.Place(t, rules.Gold, "Ed4 Mc2 Hf2 Dc1 Rd1 Re1 Rf1 ee5 md7 hc6 dd6 rc8 rd8 re8")
	with, without := search(t, p, 6, nil, false), search(t, p, 6, &off, false)
	if with.Report.Nodes >= without.Report.Nodes {
		t.Errorf("depth 6 with the futility margin: %d nodes, without: %d; want fewer with it", with.Report.Nodes, without.Report.Nodes)
	}
	for _, p := range []rules.Position{capturePosition(t), goalInTwo(t)} {
		a, b := search(t, p, 6, nil, false), search(t, p, 6, &off, false)
		if a.Report.Score != b.Report.Score {
			t.Errorf("%s: depth 6 scores %d with the futility margin, %d without", p.AEIString(), a.Report.Score, b.Report.Score)
		}
	}
}

// TestThreatCountsAtTheHorizon: Silver's elephant on b4 holds Gold's cat
// on c4 frozen beside the unguarded trap c3 and pushes it in with two
// steps of its next turn; Gold's other pieces are too far away to guard
// the trap in one step. A one-step search ends every line at the horizon
// with that threat standing, so its score is the score without the term
// less alphabeta.threat percent of a cat.
func TestThreatCountsAtTheHorizon(t *testing.T) {
	p := rulestest.Place(t, rules.Gold, "Cc4 Eh1 Rg1 Rh2 eb4 rh8 rg8")
	on := config.Default()
	on.AlphaBeta.HashMB, on.AlphaBeta.Quiescence = 4, 0
	if on.AlphaBeta.Threat == 0 {
		t.Fatal("the default configuration has no threat term")
	}
	off := on
	off.AlphaBeta.Threat = 0
	a, b := search(t, p, 1, &on, false), search(t, p, 1, &off, false)
	// Reported scores are in hundredths of a rabbit: allow their rounding.
	s := New(Options{Config: on})
	want := s.centiRabbits(eval.New(on.Weights).Value(rules.Cat) * on.AlphaBeta.Threat / 100)
	if d := b.Report.Score - a.Report.Score; d < want-1 || d > want+1 {
		t.Errorf("one step with the threat term scores %d, without %d: want %d less", a.Report.Score, b.Report.Score, want)
	}
	// Out of the elephant's reach the cat is no longer threatened.
	safe := rulestest.Place(t, rules.Gold, "Cc4 Eh1 Rg1 Rh2 eb6 rh8 rg8")
	if a, b := search(t, safe, 1, &on, false), search(t, safe, 1, &off, false); a.Report.Score != b.Report.Score {
		t.Errorf("no threat: one step scores %d with the term, %d without", a.Report.Score, b.Report.Score)
	}
}

// TestDefendAtTheHorizon: with alphabeta.defend the side to move may meet
// the opponent's capture threat at the horizon with one step. Silver's
// elephant on b4 can push Gold's cat on c4 into c3; the dog on d4, which
// unfreezes the cat, can step to d3 and guard the trap, so a one-step
// search scores better with the defence than with the threat's share of
// the cat lost. With the cat frozen and no piece within a step of the
// trap's sides, there is nothing to defend with: the same score.
func TestDefendAtTheHorizon(t *testing.T) {
	on := config.Default()
	on.AlphaBeta.HashMB, on.AlphaBeta.Quiescence, on.AlphaBeta.Defend = 4, 0, 1
	off := on
	off.AlphaBeta.Defend = 0
	p := rulestest.Place(t, rules.Gold, "Cc4 Dd4 Eh1 Rg1 Rh2 eb4 rh8 rg8")
	if a, b := search(t, p, 1, &on, false), search(t, p, 1, &off, false); a.Report.Score <= b.Report.Score {
		t.Errorf("a defence at hand: one step scores %d with it, %d without", a.Report.Score, b.Report.Score)
	}
	q := rulestest.Place(t, rules.Gold, "Cc4 Eh1 Rg1 Rh2 eb4 rh8 rg8")
	if a, b := search(t, q, 1, &on, false), search(t, q, 1, &off, false); a.Report.Score != b.Report.Score {
		t.Errorf("no defence: one step scores %d with it, %d without", a.Report.Score, b.Report.Score)
	}
}

// TestSecondThreat: the threat term's second piece is the most valuable
// one the side to move could capture on another trap than the first.
func TestSecondThreat(t *testing.T) {
	c := config.Default()
	s := New(Options{Config: c})
	w := &worker{s: s, ev: s.ev}
	ev := s.ev
	for _, tc := range []struct {
		name          string
		pieces        string
		first, second int
	}{
		{"a cat on c3 and a dog on f3", "Cc4 Df4 Eh1 Rh2 eb4 mg4 rh8", ev.Value(rules.Dog), ev.Value(rules.Cat)},
		{"the cat alone", "Cc4 Dg1 Eh1 Rh2 eb4 mg6 rh8", ev.Value(rules.Cat), 0},
		{"nothing", "Ca1 Dg1 Eh1 Rh2 eb6 mg6 rh8", 0, 0},
	} {
		p := rulestest.Place(t, rules.Silver, tc.pieces)
		if first, second := w.threatened(&p, 3); first != tc.first || second != tc.second {
			t.Errorf("%s: threatened %d and %d, want %d and %d", tc.name, first, second, tc.first, tc.second)
		}
	}
}

func TestDependent(t *testing.T) {
	// Gold's steps from a position where Gold's dog on f5 stands frozen
	// beside Silver's camel on f6 (the trap, guarded by Silver's cat on
	// e6) with no friendly neighbour.
	p := rulestest.Place(t, rules.Gold, "Df5 mf6 ce6 Ra2 Rb2 Hd2 Ec4 Rh1")
	frozen := p.Frozen(rules.Gold)
	if !frozen.Has(rules.F5) {
		t.Fatal("the dog on f5 is not frozen")
	}
	step := func(s string) rules.Step {
		st, err := rules.ParseStep(s)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"Ra2n", "Rb2n", false}, // two rabbits, apart
		{"Ra2n", "Rb2w", true},  // b steps into the square a left
		{"Rb2n", "Rb3n", true},  // the piece a moved moves on
		{"Ec4e", "Df5s", true},  // b's piece was frozen at the turn's start
		{"Ec4n", "ce6s", true},  // an enemy piece moves: a push or pull
		{"Hd2n", "Rb2n", false}, // unrelated
		{"Ec4w", "Hd2w", false}, // c3 is a trap, but neither steps onto it
		{"Hd2w", "Ec4s", true},  // b steps onto the trap c3 beside which a stepped
		{"Ec4s", "Rb2n", true},  // a steps onto c3 and b steps beside it
		{"Rh1w", "Ra2e", false}, // far apart
	} {
		a, b := step(tc.a), step(tc.b)
		if got := dependent(a, b, rules.Gold, frozen); got != tc.want {
			t.Errorf("dependent(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestIndependentPrunes: the pruning searches fewer nodes (the middle game
// to depth 5: 112,235 nodes with it, 225,242 without when this test was
// written) and still finds the capture and the goal in two turns.
func TestIndependentPrunes(t *testing.T) {
	on := config.Default()
	on.AlphaBeta.HashMB = 4
	on.AlphaBeta.Independent = 8
	off := on
	off.AlphaBeta.Independent = 0
	p := rulestest.MiddleGame(t)
	with, without := search(t, p, 5, &on, false), search(t, p, 5, &off, false)
	if with.Report.Nodes >= without.Report.Nodes {
		t.Errorf("depth 5 of the middle game with independent-step pruning: %d nodes, without: %d; want fewer with it", with.Report.Nodes, without.Report.Nodes)
	}
	if res := search(t, capturePosition(t), 6, &on, false); res.Report.Score < 100 {
		t.Errorf("the capture position scores %d with the pruning; want the capture seen", res.Report.Score)
	}
	if res := search(t, goalInTwo(t), 8, &on, false); res.Report.WinRatio != 1 {
		t.Errorf("the goal in two turns: win ratio %.3f with the pruning, want 1", res.Report.WinRatio)
	}
}

// TestGoalExtension: with the goal-threat extension a search of one turn
// sees the goal in two turns of goalInTwo (the silver turn after the
// threat searched whole, then Gold's goal check), which it does not see
// without.
func TestGoalExtension(t *testing.T) {
	on := config.Default()
	on.AlphaBeta.HashMB = 4
	on.AlphaBeta.GoalExtend = 4
	p := goalInTwo(t)
	if res := search(t, p, 4, nil, false); res.Report.WinRatio == 1 {
		t.Fatalf("depth 4 without the extension already sees the goal (score %d)", res.Report.Score)
	}
	res := search(t, p, 4, &on, false)
	if res.Report.WinRatio != 1 || res.Report.Score != 30000 {
		t.Errorf("depth 4 with the extension: win ratio %.3f, score %d; want the goal in two turns seen (pv %s)", res.Report.WinRatio, res.Report.Score, rules.PVString(p.Side(), res.Report.PV))
	}
}

func TestMayThreatGoal(t *testing.T) {
	for _, tc := range []struct {
		pieces string
		side   rules.Color
		steps  int
		want   bool
	}{
		{"Rb6 rb2", rules.Gold, 1, true},        // two ranks from its goal
		{"Ra3 rh7", rules.Gold, 1, true},        // a free file, five ranks: one step and a turn
		{"Ra2 rh7", rules.Gold, 1, false},       // six ranks: too far for one step and a turn
		{"Ra2 rh7", rules.Gold, 2, true},        // but not for two
		{"Ra3 ra6 Eh1", rules.Gold, 4, false},   // its file blocked, another rabbit far
		{"Rh1 ra6", rules.Silver, 1, true},      // silver's rabbit, a free file, five ranks
		{"Rh1 ra5 Ea2", rules.Silver, 4, false}, // its file blocked
		{"Rh1 rc2", rules.Silver, 1, true},
	} {
		p := rulestest.Place(t, tc.side, tc.pieces)
		if got := mayThreatGoal(&p, tc.side, tc.steps); got != tc.want {
			t.Errorf("%s, %v, %d steps: mayThreatGoal %v, want %v", tc.pieces, tc.side, tc.steps, got, tc.want)
		}
	}
}

// TestEachIterationReported: one thread to depth 5 reports each of the
// five iterations once, as it was completed (its depth, its nodes by then,
// in order), and ends with the final report of the last.
func TestEachIterationReported(t *testing.T) {
	c := config.Default()
	c.AlphaBeta.HashMB = 4
	c.Search.ReportMS = 10 // reports between the iterations too
	s := New(Options{Threads: 1, Config: c})
	g, err := rules.NewGameFrom(rules.StartPosition())
	if err != nil {
		t.Fatal(err)
	}
	var done []analysis.Report
	var others int
	res, err := s.Search(context.Background(), g, analysis.Limits{Depth: 5}, func(r analysis.Report) {
		if r.Completed {
			done = append(done, r)
		} else if !r.Final {
			others++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != 5 {
		t.Fatalf("%d iterations reported, want 5", len(done))
	}
	for i, r := range done {
		if int(r.AvgDepth) != i+1 || len(r.PV) == 0 || i > 0 && r.Nodes < done[i-1].Nodes {
			t.Errorf("report %d: depth %.0f, %d nodes, PV of %d steps", i, r.AvgDepth, r.Nodes, len(r.PV))
		}
	}
	if last := done[4]; res.Report.AvgDepth != 5 || res.Report.Nodes < last.Nodes || res.Report.Completed {
		t.Errorf("final report: depth %.0f, %d nodes (the last iteration's %d), completed %v", res.Report.AvgDepth, res.Report.Nodes, last.Nodes, res.Report.Completed)
	}
	t.Logf("%d other reports", others)
}

// TestOpponentGoalInTurn: in the middle of Silver's turn the goal threat
// of Gold's rabbit on c7 is taken from the turn's start while Silver's
// steps stay far from it, and checked again once a step comes near (the
// elephant closing c8, which freezes the rabbit and takes its square).
func TestOpponentGoalInTurn(t *testing.T) {
	s := New(Options{Config: config.Default()})
	s.goals = newTurnCache(4096)
	w := &worker{s: s, ev: s.ev}
	start := rulestest.Place(t, rules.Silver, "Rc7 Ra1 Eh1 ed8 dg2 rh7")
	for _, tc := range []struct {
		name  string
		steps string
		quiet bool
		want  bool
	}{
		{"the dog far away", "dg2n dg3n", true, true},
		{"the elephant onto c8", "ed8w", false, false},
		{"the elephant near, then away again", "ed8s ed7n", false, true},
	} {
		w.waiting[0] = start.WithSide(rules.Gold)
		p := start
		ply := 0
		for word := range strings.FieldsSeq(tc.steps) {
			st, err := rules.ParseStep(word)
			if err != nil {
				t.Fatal(err)
			}
			ply++
			w.line[ply] = st
			p = p.Play(st)
		}
		if got := w.quietTurn(&w.waiting[0], 0, ply); got != tc.quiet {
			t.Errorf("%s: quietTurn %v, want %v", tc.name, got, tc.quiet)
		}
		other := p.WithSide(rules.Gold)
		_, exact := eval.GoalCheck(&other)
		if got := w.opponentGoal(&p, ply); got != tc.want || got != exact {
			t.Errorf("%s: opponentGoal %v, want %v (the exact check: %v)", tc.name, got, tc.want, exact)
		}
	}
}

// TestFallUnsettles: a completed iteration whose score fell more than
// alphabeta.fall below the better of the two before it leaves the search
// unsettled (the time management then goes on past its target), even with
// the same best move; the next iteration that does not fall settles it.
func TestFallUnsettles(t *testing.T) {
	st := rules.MakeStep(rules.MakePiece(rules.Gold, rules.Rabbit), rules.A2, rules.North)
	for _, tc := range []struct {
		name   string
		fall   int
		scores []int
		want   bool
	}{
		{"steady", 100, []int{200, 170, 210, 190}, true},
		{"a fall of 363", 100, []int{240, 170, 200, -160}, false},
		{"a fall of 363, off", 0, []int{240, 170, 200, -160}, true},
		{"a fall of 100 exactly", 100, []int{240, 170, 200, 100}, true},
		{"below the better of the two before", 100, []int{240, 300, 100, 150}, false},
		{"still below the score two before", 100, []int{240, 170, 200, -160, -150}, false},
		{"settled again", 100, []int{240, 170, 200, -160, -150, -140}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := config.Default()
			c.AlphaBeta.Fall = tc.fall
			s := New(Options{Threads: 1, Config: c})
			moves := []rootMove{{step: st, line: []rules.Step{st}}}
			for d, sc := range tc.scores {
				s.complete(d+1, d+1, sc, moves)
			}
			if got := s.stable(); got != tc.want {
				t.Errorf("stable %v after %v, want %v", got, tc.scores, tc.want)
			}
			if got := s.stableAt(len(tc.scores)); got != tc.want {
				t.Errorf("stableAt %v after %v, want %v", got, tc.scores, tc.want)
			}
		})
	}
}

// TestStandPatFailsHigh: at the horizon a node whose standing value is
// already at least beta fails high with it, without the trap check's
// captures, which only raise the value; with beta above it the captures
// are searched. Gold's elephant on c5 takes the silver cat on c4 in c3.
func TestStandPatFailsHigh(t *testing.T) {
	s := New(Options{Config: config.Default()})
	s.goals, s.noTable = newTurnCache(4096), true
	w := &worker{s: s, ev: s.ev}
	p := capturePosition(t)
	full := w.quiesce(&p, -win, win, 0)
	quiet := s.cfg
	quiet.AlphaBeta.Quiescence = 0
	s.cfg = quiet
	stand := w.quiesce(&p, -win, win, 0)
	s.cfg = config.Default()
	if full <= stand {
		t.Fatalf("the quiescence scores %d, standing pat %d: want the capture to raise it", full, stand)
	}
	if v := w.quiesce(&p, stand-10, stand, 0); v != stand {
		t.Errorf("beta at the standing value %d: the quiescence answers %d, want %d (fail high at once)", stand, v, stand)
	}
	if v := w.quiesce(&p, stand, stand+1, 0); v != full {
		t.Errorf("beta above the standing value: the quiescence answers %d, want the capture's %d", v, full)
	}
}

// TestEvalCache: the worker's table of evaluations answers what the
// evaluator does, for either side to move and any step count, and a new
// evaluator (as Leaf brings) is not answered from the old one's entries.
func TestEvalCache(t *testing.T) {
	cfg := config.Default()
	other := cfg
	other.Weights.Eval.PieceThreat *= 3
	rng := rand.New(rand.NewPCG(4, 4))
	p := rulestest.MiddleGame(t)
	var ps []rules.Position
	for len(ps) < 400 {
		steps := p.Steps(nil)
		if len(steps) == 0 {
			p = p.EndTurn()
			continue
		}
		p = p.Play(steps[rng.IntN(len(steps))])
		if p.StepsLeft() == 0 && p.CanEndTurn() {
			p = p.EndTurn()
		}
		ps = append(ps, p, p.WithSide(p.Side().Other()))
	}
	w := &worker{}
	for _, ev := range []*eval.Evaluator{eval.New(cfg.Weights), eval.New(other.Weights)} {
		w.ev = ev
		for i, q := range ps {
			want := min(max(ev.Evaluate(&q), -decided+1), decided-1)
			for range 2 {
				if got := w.evaluate(&q); got != want {
					t.Fatalf("position %d %s: evaluate %d, the evaluator %d", i, q.AEIString(), got, want)
				}
			}
		}
	}
}
