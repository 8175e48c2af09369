package mcts

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/timeman"
)

// ErrGameOver is returned when asked to search a finished game.
var ErrGameOver = errors.New("mcts: the game is over")

// ErrBusy is returned when a Searcher is asked to search while it searches.
var ErrBusy = errors.New("mcts: a search is already running on this searcher")

// SetRootPriors suggests moves to the next search (and to it alone): the
// root's children that begin a suggested move get its weight as progressive
// bias, on the step knowledge's scale. Call it between searches.
func (s *Searcher) SetRootPriors(p []analysis.MovePrior) {
	s.mu.Lock()
	s.nextPriors = p
	s.mu.Unlock()
}

// Searcher runs searches with one configuration. One search runs at a
// time; Snapshot may be called from any goroutine meanwhile.
type Searcher struct {
	opts Options
	cfg  config.Search
	ev   *eval.Evaluator // immutable, shared by the workers

	running sync.Mutex // held for the whole of a search

	mu      sync.RWMutex // guards tree and root against a reset during Snapshot
	tree    *tree
	root    rules.Position
	hist    *history
	started time.Time

	stop     atomic.Bool
	claimed  atomic.Int64 // playouts started
	playouts atomic.Int64 // playouts finished
	depthSum atomic.Int64
	maxDepth atomic.Int64
	budget   int64 // playout budget of the running search, 0 = none
	// komi is taken off Gold's evaluation at the end of every playout
	// (config decided_score): in a decided position every move leads to
	// an evaluation near the sigmoid's ceiling, so the search could not
	// tell the quick or safe win from the slow or risky one.
	komi int
	// quietRoot holds when the trap checks find no capture for either
	// side at the root (search.eval_prior applies only then).
	quietRoot bool
	// rootPriors are the suggested moves of the next or running search
	// (SetRootPriors).
	rootPriors []analysis.MovePrior
	nextPriors []analysis.MovePrior
	fillStop   bool // end the search when the tree is full
	reps       map[uint64]int
	// afterStop counts the playouts finished after the stop flag was
	// set: each worker ends the one it is in and no more, so a stop
	// waits for at most one playout per worker.
	afterStop int64
	late      atomic.Int64 // playouts finished after the stop flag was set
}

// New returns a searcher. The configuration is validated by the caller
// (config.Load and Config.Set do); New does not change it.
func New(opts Options) *Searcher {
	return &Searcher{opts: opts, cfg: opts.Config.Search, ev: eval.New(opts.Config.Weights)}
}

// Evaluator returns the evaluator the search uses, for breakdowns, goal
// and trap checks shown next to the search.
func (s *Searcher) Evaluator() *eval.Evaluator { return s.ev }

// SearchPosition searches a bare position (no history before it) with
// rules.NewGameFrom.
func (s *Searcher) SearchPosition(ctx context.Context, p rules.Position, lim analysis.Limits, report func(analysis.Report)) (Result, error) {
	g, err := rules.NewGameFrom(p)
	if err != nil {
		return Result{}, err
	}
	return s.Search(ctx, g, lim, report)
}

// threads is how many workers a search uses.
func (s *Searcher) threads() int {
	switch {
	case s.opts.Threads > 0:
		return s.opts.Threads
	case s.cfg.Threads > 0:
		return s.cfg.Threads
	}
	return runtime.NumCPU()
}

// capacity is how many nodes the tree may hold under lim. It never
// passes what the machine can give the tree (config.MemoryLimitMB), the
// node budget included: Reserve refuses larger limits, and a search given
// them anyway gets the largest tree that fits rather than one that fails
// once it fills.
func (s *Searcher) capacity(lim analysis.Limits) int {
	mem := int64(s.cfg.MemoryMB) << 20
	if lim.MemoryBytes > 0 {
		mem = lim.MemoryBytes
	}
	n := mem / nodeBytes
	if lim.Nodes > 0 && int64(lim.Nodes)+1 < n || lim.MemoryBytes == 0 && lim.Nodes > 0 {
		n = int64(lim.Nodes) + 1 // index 0 is not a node
	}
	return int(min(n, config.MemoryLimitMB()<<20/nodeBytes, math.MaxInt32/2))
}

// Search runs in the caller's goroutine until a limit or ctx ends it and
// returns the best move. report, if not nil, is called from the caller's
// goroutine every search.report_ms and once with Final set. The game's
// history decides which moves repeat a position for the third time. In a
// setup phase it chooses a setup from the library (search.setups) at once.
func (s *Searcher) Search(ctx context.Context, g *rules.Game, lim analysis.Limits, report func(analysis.Report)) (Result, error) {
	begin := time.Now() // the time limit covers preparing the tree too
	if !s.running.TryLock() {
		return Result{}, ErrBusy
	}
	defer s.running.Unlock()
	quiet := report == nil
	if quiet {
		report = func(analysis.Report) {}
	}
	switch g.Phase() {
	case rules.Over:
		return Result{}, ErrGameOver
	case rules.GoldSetup, rules.SilverSetup:
		setup, err := config.SetupFor(g, s.cfg.Setups, s.opts.Seed)
		if err != nil {
			return Result{}, err
		}
		r := analysis.Report{Final: true, Ended: analysis.EndAtOnce}
		report(r)
		return Result{Report: r, Setup: setup}, nil
	}

	s.prepare(g, lim)
	if s.cfg.GoalCheck {
		root := g.Position()
		if m, ok := eval.GoalCheck(&root); ok {
			r := s.report(g, true)
			r.Best, r.WinRatio, r.PV = m, 1, nil
			for _, st := range m.Slice() {
				r.PV = append(r.PV, rules.PVStep{Step: st, Side: root.Side()})
			}
			r.Candidates = []analysis.Candidate{{Move: m, WinRatio: 1}}
			r.Ended = analysis.EndAtOnce
			report(r)
			return Result{Best: m, WinRatio: 1, Report: r}, nil
		}
	}
	n := s.threads()
	var wg sync.WaitGroup
	done := make(chan struct{})
	for i := 0; i < n; i++ {
		w := s.newWorker(uint64(i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run()
		}()
	}
	go func() { wg.Wait(); close(done) }()

	ended := s.wait(ctx, g, lim, begin, done, report, quiet)
	s.stop.Store(true)
	<-done
	s.afterStop = s.late.Load()
	final := s.report(g, true)
	final.Ended = ended
	report(final)
	return Result{Best: final.Best, WinRatio: final.WinRatio, Report: final}, nil
}

// wait lets the workers search until a limit, the time management or ctx
// ends the search, and says which; done is closed when the workers end by
// themselves. It sends the progress reports meanwhile.
func (s *Searcher) wait(ctx context.Context, g *rules.Game, lim analysis.Limits, begin time.Time, done <-chan struct{}, report func(analysis.Report), quiet bool) analysis.Ending {
	var deadline <-chan time.Time
	if lim.Time > 0 {
		timer := time.NewTimer(max(lim.Time-time.Since(begin), 0))
		defer timer.Stop()
		deadline = timer.C
	}
	ticker := time.NewTicker(time.Duration(s.cfg.ReportMS) * time.Millisecond)
	defer ticker.Stop()
	var depthTick <-chan time.Time
	if lim.Depth > 0 {
		dt := time.NewTicker(10 * time.Millisecond)
		defer dt.Stop()
		depthTick = dt.C
	}
	var settle *settling
	var settleTick <-chan time.Time
	if lim.Target > 0 && lim.Time > 0 {
		settle = &settling{budget: timeman.Budget{Target: lim.Target, Max: lim.Time, Least: lim.Least}}
		st := time.NewTicker(settleEvery(lim.Target))
		defer st.Stop()
		settleTick = st.C
	}
	for {
		select {
		case <-ctx.Done():
			return analysis.EndStopped
		case <-deadline:
			return analysis.EndTime
		case <-done:
			if s.budget > 0 && s.claimed.Load() >= s.budget {
				return analysis.EndPlayouts
			}
			return analysis.EndTreeFull
		case <-depthTick:
			if len(s.pv(rules.Move{}, lim.Depth)) >= lim.Depth {
				return analysis.EndDepth
			}
		case <-settleTick:
			if settle.stop(s, g, time.Since(begin)) {
				return analysis.EndSettled
			}
		case <-ticker.C:
			if !quiet {
				report(s.report(g, false))
			}
		}
	}
}

// settleEvery is how often the time management looks at a search with
// this target: often enough to stop within a twentieth of it, seldom
// enough that listing the root's moves costs little.
func settleEvery(target time.Duration) time.Duration {
	return min(max(target/20, 5*time.Millisecond), 50*time.Millisecond)
}

// settling follows how settled a search is for the time management.
type settling struct {
	budget    timeman.Budget
	best      rules.Move
	bestSince time.Duration // elapsed time when best became the most visited
}

// stop reads the root's moves and asks the budget whether to stop.
func (st *settling) stop(s *Searcher, g *rules.Game, elapsed time.Duration) bool {
	sig := timeman.Signals{Elapsed: elapsed, Playouts: s.playouts.Load()}
	cands := s.candidates(g)
	if len(cands) > 0 {
		sig.First = cands[0].Visits
		if cands[0].Move != st.best {
			st.best, st.bestSince = cands[0].Move, elapsed
		}
	}
	if len(cands) > 1 {
		sig.Second = cands[1].Visits
	}
	sig.Settled = elapsed - st.bestSince
	return st.budget.Stop(sig)
}

// Reserve checks that the tree a search under lim asks for fits in what
// the machine can give it (config.MemoryLimitMB) and allocates it, so that
// the first search does not spend its time on it (an AEI engine does this
// before it answers isready). Of a large tree only the part a first search
// is likely to fill is mapped now; the rest takes memory as the tree grows.
// It returns an error wrapping config.ErrBadValue for a tree too large,
// and does nothing while a search runs.
func (s *Searcher) Reserve(lim analysis.Limits) error {
	// Mapping 256 MB takes about a quarter of a second, about what a
	// search fills in its first seconds; the default tree is that size.
	const touchBytes = 256 << 20
	limit := config.MemoryLimitMB() << 20
	switch {
	case lim.Nodes < 0 || lim.MemoryBytes < 0:
		return fmt.Errorf("mcts: %w: a negative tree limit (%d nodes, %d bytes)", config.ErrBadValue, lim.Nodes, lim.MemoryBytes)
	case lim.MemoryBytes > limit:
		return fmt.Errorf("mcts: %w: a tree of %d MB is more than this machine can give it (at most %d MB)", config.ErrBadValue, lim.MemoryBytes>>20, limit>>20)
	case lim.MemoryBytes == 0 && int64(lim.Nodes) >= limit/nodeBytes:
		return fmt.Errorf("mcts: %w: a tree of %d nodes is more than this machine can give it (at most %d nodes, %d MB)", config.ErrBadValue, lim.Nodes, limit/nodeBytes-1, limit>>20)
	}
	if !s.running.TryLock() {
		return nil
	}
	defer s.running.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	if capacity := s.capacity(lim); s.tree == nil || len(s.tree.nodes) != capacity {
		s.tree = nil
		s.tree = newTree(capacity)
		s.tree.touch(touchBytes)
	}
	return nil
}

// prepare resets the tree and counters for a search of g under lim.
func (s *Searcher) prepare(g *rules.Game, lim analysis.Limits) {
	s.mu.Lock()
	defer s.mu.Unlock()
	capacity := s.capacity(lim)
	if s.tree == nil || len(s.tree.nodes) != capacity {
		s.tree = nil
		s.tree = newTree(capacity)
	} else {
		s.tree.reset()
	}
	if s.hist == nil {
		s.hist = new(history)
	} else {
		s.hist.reset()
	}
	s.root = g.Position()
	s.rootPriors, s.nextPriors = s.nextPriors, nil
	s.komi = s.decidedKomi(&s.root)
	if s.cfg.EvalPrior > 0 {
		opp := s.root.WithSide(s.root.Side().Other())
		s.quietRoot = len(eval.TrapCheck(&s.root)) == 0 && len(eval.TrapCheck(&opp)) == 0
	}
	s.reps = make(map[uint64]int, len(g.Moves())+1)
	for i := 0; i <= len(g.Moves()); i++ {
		p := g.PositionBefore(i)
		s.reps[p.TurnHash()]++
	}
	s.stop.Store(false)
	s.claimed.Store(0)
	s.late.Store(0)
	s.playouts.Store(0)
	s.depthSum.Store(0)
	s.maxDepth.Store(0)
	s.budget = lim.Playouts
	s.fillStop = lim.Time == 0 && lim.Playouts == 0 && (lim.Nodes > 0 || lim.MemoryBytes > 0)
	s.started = time.Now()

	t := s.tree
	root := t.alloc(1)
	r := &t.nodes[root]
	r.mover = s.root.Side().Other()
	r.step = rules.NoStep
	rep := root
	if s.cfg.Transpositions {
		rep = t.intern(s.root.Hash()^depthKey[0], root)
	}
	r.rep.Store(rep)
	r.shared.Store(1)
}

// decidedKomi is the evaluation offset for a search from root, in Gold's
// terms: the share decided_share of the root's evaluation beyond
// decided_score, with the sign of the side it favours.
func (s *Searcher) decidedKomi(root *rules.Position) int {
	if s.cfg.DecidedScore == 0 || s.cfg.DecidedShare == 0 {
		return 0
	}
	sc := s.ev.Evaluate(root)
	if root.Side() == rules.Silver {
		sc = -sc
	}
	excess := max(sc, -sc) - s.cfg.DecidedScore
	if excess <= 0 {
		return 0
	}
	k := int(s.cfg.DecidedShare*float64(excess) + 0.5)
	if sc < 0 {
		k = -k
	}
	return k
}

// depthKey separates transpositions at different depths (ch. 4.3.4: only
// nodes at the same depth share).
var depthKey = func() (k [256]uint64) {
	x := uint64(0x243f6a8885a308d3)
	for i := 1; i < len(k); i++ {
		x = splitmix(&x)
		k[i] = x
	}
	return k
}()

func splitmix(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// history is the history heuristic (ch. 4.7.1): the mean result of every
// step wherever it occurs in the tree, for the side that plays it.
type history struct {
	sum   [histSize]atomic.Int64
	count [histSize]atomic.Int32
}

// The table has a slot for each single step by each mover (the low 12
// bits of a step name the square, the direction and the piece, whose
// colour is not the mover's when it is pushed or pulled), the same number
// of slots for pushes and pulls hashed by their two steps and mover, and
// the two passes.
const (
	histSteps = 1 << 13
	histSize  = 2*histSteps + 2
)

// histIndex is node n's slot in the history table.
func histIndex(n *node) int {
	st, mover := n.step, n.mover
	switch {
	case st == rules.Pass:
		return 2*histSteps + int(mover)
	case n.step2 == rules.NoStep:
		return int(st&(1<<12-1)) | int(mover)<<12
	}
	h := (uint32(st)<<16 | uint32(n.step2)) * 0x9e3779b1
	return histSteps + int(h>>19)&(histSteps-1)&^1 | int(mover)
}

func (h *history) reset() {
	for i := range h.sum {
		h.sum[i].Store(0)
		h.count[i].Store(0)
	}
}

// mean is the step's mean result, 0.5 when it was never played.
func (h *history) mean(i int) float64 {
	c := h.count[i].Load()
	if c == 0 {
		return 0.5
	}
	return float64(h.sum[i].Load()) / fixedOne / float64(c)
}
