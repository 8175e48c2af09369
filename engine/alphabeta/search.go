package alphabeta

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// Options configure a Searcher.
type Options struct {
	Threads int    // workers over the shared table; 0 takes config search.threads, then every core
	Seed    uint64 // chooses the setup from the library; the search itself is deterministic
	Config  config.Config
}

// Result is what a search decided.
type Result struct {
	Best   rules.Move // zero in the setup phase
	Report analysis.Report
	Setup  []rules.Placement // the setup chosen, in the setup phase only
}

// ErrBusy is returned by Search while another search runs on the same
// Searcher.
var ErrBusy = errors.New("alphabeta: a search is already running")

// ErrGameOver is returned by Search for a game that has ended.
var ErrGameOver = errors.New("alphabeta: the game is over")

// Searcher runs alpha-beta searches, one at a time, and keeps its
// transposition table between them.
type Searcher struct {
	opts      Options
	cfg       config.Config
	ev        *eval.Evaluator
	running   sync.Mutex
	tt        *table
	goals     *turnCache
	priors    map[rules.Step]int32 // root steps suggested from outside, by weight
	noTable   bool                 // tests: search without the table
	allOrders bool                 // tests: search both orders of commuting steps
	ownOnly   bool                 // Leaf: read only the entries of the search under way
	// line holds the position hashes of the last search's game, from its
	// first position: a search that does not continue that game starts
	// with an empty table.
	line []uint64
	// leafWorker is Leaf's worker, kept from call to call (a worker's
	// buffers take a few hundred KB).
	leafWorker *worker

	// One search's state, set before its workers start.
	root     rules.Position
	reps     map[uint64]int // turn hashes of the game so far, by occurrences
	started  time.Time
	budget   int64 // nodes; 0 = none
	workers  int   // workers of the search under way
	maxDepth int
	stopped  atomic.Bool
	nodes    atomic.Int64
	ended    atomic.Uint32 // an analysis.Ending the workers reached by themselves
	// completed is the deepest iteration any worker has completed.
	completed atomic.Int32

	mu  sync.Mutex
	pub published // the deepest answer the workers have found, for reports
	// iterations receives each iteration a worker completes first.
	iterations chan completion
}

// completion is an iteration as the worker that completed it first left
// it: what the search published then, with its nodes and time, so that
// the iteration's report tells of it even when the reports come later
// (the first iterations end within a millisecond).
type completion struct {
	pub     published
	nodes   int64
	elapsed time.Duration
}

// published is the search's latest answer: the deepest iteration a
// worker completed, or a better first step of a deeper unfinished one.
type published struct {
	root     rules.Position
	depth    int // the last completed iteration
	seldepth int
	score    int
	pv       []rules.Step
	moves    []rootMove // best first
	changed  int        // the iteration in which the best first step last changed
	partial  bool       // the best move comes from an unfinished iteration
	// scores are the completed iterations' scores, the last first; fell
	// says the last fell more than alphabeta.fall below both before it.
	scores [3]int
	fell   bool
}

// New returns a searcher with opts.
func New(opts Options) *Searcher {
	return &Searcher{opts: opts, cfg: opts.Config, ev: eval.New(opts.Config.Weights)}
}

// Evaluator is the evaluator the searcher uses.
func (s *Searcher) Evaluator() *eval.Evaluator { return s.ev }

// SetRootPriors suggests moves for the next searches' root: the first
// step of each is tried earlier, by its weight. nil clears them.
func (s *Searcher) SetRootPriors(p []analysis.MovePrior) {
	s.running.Lock()
	defer s.running.Unlock()
	s.priors = nil
	for _, mp := range p {
		if mp.Move.N == 0 || mp.Weight <= 0 {
			continue
		}
		if s.priors == nil {
			s.priors = map[rules.Step]int32{}
		}
		w := int32(min(mp.Weight, 1e6))
		s.priors[mp.Move.Steps[0]] = max(s.priors[mp.Move.Steps[0]], w)
	}
}

// threads is the number of workers a search runs.
func (s *Searcher) threads() int {
	n := s.opts.Threads
	if n <= 0 {
		n = s.cfg.Search.Threads
	}
	if n <= 0 {
		n = runtime.NumCPU()
	}
	return n
}

// tableBytes is the table a search under lim uses.
func (s *Searcher) tableBytes(lim analysis.Limits) int64 {
	if lim.MemoryBytes > 0 {
		return lim.MemoryBytes
	}
	return int64(s.cfg.AlphaBeta.HashMB) << 20
}

// Reserve allocates the table a search under lim will use, so that the
// first search's time is the search's own. It refuses a table larger
// than the machine can give (config.MemoryLimitMB).
func (s *Searcher) Reserve(lim analysis.Limits) error {
	if err := s.checkLimits(lim); err != nil {
		return err
	}
	if !s.running.TryLock() {
		return nil
	}
	defer s.running.Unlock()
	s.ensureTable(s.tableBytes(lim))
	return nil
}

// checkLimits refuses negative limits and a table larger than the
// machine can give.
func (s *Searcher) checkLimits(lim analysis.Limits) error {
	if lim.MemoryBytes < 0 || lim.Nodes < 0 || lim.Playouts < 0 || lim.Depth < 0 {
		return fmt.Errorf("alphabeta: %w: a negative limit (%d nodes, %d playouts, %d steps deep, %d bytes)", config.ErrBadValue, lim.Nodes, lim.Playouts, lim.Depth, lim.MemoryBytes)
	}
	if bytes, limit := s.tableBytes(lim), config.MemoryLimitMB()<<20; bytes > limit {
		return fmt.Errorf("alphabeta: %w: a table of %d MB is more than this machine can give it (at most %d MB)", config.ErrBadValue, bytes>>20, limit>>20)
	}
	return nil
}

func (s *Searcher) ensureTable(bytes int64) {
	if s.tt == nil || s.tt.Bytes() != newTableSize(bytes) {
		s.tt = nil
		s.tt = newTable(bytes)
	}
}

// goalEntries is the size of the goal check's cache (16 bytes an entry):
// a quarter of the table's, at least 4096.
func goalEntries(t *table) int {
	return max(len(t.slots)/4, 4096)
}

// newTableSize is the size newTable(bytes) gives.
func newTableSize(bytes int64) int64 {
	pairs := int64(1)
	for pairs*2*2*entryBytes <= bytes {
		pairs *= 2
	}
	return 2 * pairs * entryBytes
}

// Search runs in the caller's goroutine until a limit or ctx ends it and
// returns the best move. report, if not nil, is called from the caller's
// goroutine every search.report_ms, after every iteration, and once with
// Final set. The limits: Time (and Target, for the time management),
// Depth in steps, and Playouts or Nodes as a budget of nodes searched;
// MemoryBytes sizes the table. The game's history decides which moves
// repeat a position for the third time. In a setup phase it chooses a
// setup from the library (search.setups) at once.
func (s *Searcher) Search(ctx context.Context, g *rules.Game, lim analysis.Limits, report func(analysis.Report)) (Result, error) {
	begin := time.Now()
	if !s.running.TryLock() {
		return Result{}, ErrBusy
	}
	defer s.running.Unlock()
	// With no one listening only the final report is built: a match's
	// games pay nothing for reports (their candidates complete moves).
	quiet := report == nil
	if quiet {
		report = func(analysis.Report) {}
	}
	switch g.Phase() {
	case rules.Over:
		return Result{}, ErrGameOver
	case rules.GoldSetup, rules.SilverSetup:
		setup, err := config.SetupFor(g, s.cfg.Search.Setups, s.opts.Seed)
		if err != nil {
			return Result{}, err
		}
		r := analysis.Report{Final: true, Ended: analysis.EndAtOnce}
		report(r)
		return Result{Report: r, Setup: setup}, nil
	}
	if err := s.prepare(g, lim, begin); err != nil {
		return Result{}, err
	}
	if m, ok := eval.GoalCheck(&s.root); ok {
		s.pub = published{root: s.root, score: win - int(m.N), pv: m.Slice(), moves: []rootMove{{step: m.Steps[0], score: win - int(m.N), exact: true, line: m.Slice()}}}
		r := s.report(g, true)
		r.Ended = analysis.EndAtOnce
		report(r)
		return Result{Best: r.Best, Report: r}, nil
	}
	n := s.threads()
	s.workers = n
	var wg sync.WaitGroup
	done := make(chan struct{})
	for i := 0; i < n; i++ {
		w := &worker{s: s, ev: s.ev, id: i}
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.iterate()
		}()
	}
	go func() { wg.Wait(); close(done) }()
	ended := s.wait(ctx, g, lim, done, report, quiet)
	s.stopped.Store(true)
	<-done
	// The iterations completed as the search ended are reported before
	// its end, each once.
	for more := true; more; {
		select {
		case c := <-s.iterations:
			if !quiet {
				report(s.completedReport(g, c))
			}
		default:
			more = false
		}
	}
	final := s.report(g, true)
	final.Ended = ended
	report(final)
	return Result{Best: final.Best, Report: final}, nil
}

// prepare sets up the state of a search of g under lim.
func (s *Searcher) prepare(g *rules.Game, lim analysis.Limits, begin time.Time) error {
	if err := s.checkLimits(lim); err != nil {
		return err
	}
	s.ensureTable(s.tableBytes(lim))
	s.root = g.Position()
	s.reps = map[uint64]int{}
	line := make([]uint64, len(g.Moves())+1)
	for i := range line {
		p := g.PositionBefore(i)
		s.reps[p.TurnHash()]++
		line[i] = p.Hash()
	}
	// A search of the game the last one searched, moves later, keeps what
	// the table learned; any other starts afresh, so that a position's
	// answer does not depend on the searches before it (a suite's tests,
	// its cycles, positions analysed out of order).
	if len(line) <= len(s.line) || !slices.Equal(line[:len(s.line)], s.line) {
		s.tt.reset()
	}
	s.line = line
	s.tt.gen++
	s.ownOnly = false
	if n := goalEntries(s.tt); s.goals == nil || len(s.goals.slots) != n {
		s.goals = newTurnCache(n)
	}
	s.started = begin
	s.budget = lim.Playouts
	if lim.Nodes > 0 && (s.budget == 0 || int64(lim.Nodes) < s.budget) {
		s.budget = int64(lim.Nodes)
	}
	s.maxDepth = s.cfg.AlphaBeta.MaxDepth
	if lim.Depth > 0 {
		s.maxDepth = min(s.maxDepth, lim.Depth)
	}
	s.stopped.Store(false)
	s.nodes.Store(0)
	s.completed.Store(0)
	s.ended.Store(uint32(analysis.EndUnknown))
	s.iterations = make(chan completion, 128)
	s.mu.Lock()
	s.pub = published{root: s.root}
	s.mu.Unlock()
	return nil
}

// account adds a worker's new nodes to the search's count, sets when the
// worker adds them next, and reports whether the search must stop: the
// node budget is spent or the caller stopped it. Under a budget the next
// look comes after the worker's share of the nodes left, so one worker
// spends the budget exactly and several overshoot it by a few nodes each.
func (s *Searcher) account(w *worker) bool {
	total := s.nodes.Add(w.nodes - w.sent)
	w.sent = w.nodes
	step := int64(tickMask + 1)
	if s.budget > 0 {
		if total >= s.budget {
			s.ended.CompareAndSwap(uint32(analysis.EndUnknown), uint32(analysis.EndPlayouts))
			s.stopped.Store(true)
		}
		step = min(step, max((s.budget-total)/int64(s.workers), 1))
	}
	w.check = w.nodes + step
	return s.stopped.Load()
}

// wait lets the workers search until a limit, the time management or ctx
// ends the search, and says which. It sends the progress reports.
func (s *Searcher) wait(ctx context.Context, g *rules.Game, lim analysis.Limits, done <-chan struct{}, report func(analysis.Report), quiet bool) analysis.Ending {
	var hard, target <-chan time.Time
	if lim.Time > 0 {
		t := time.NewTimer(max(lim.Time-time.Since(s.started), 0))
		defer t.Stop()
		hard = t.C
	}
	settle := lim.Target > 0 && lim.Target < lim.Time
	var least <-chan time.Time
	if settle {
		t := time.NewTimer(max(lim.Target-time.Since(s.started), 0))
		defer t.Stop()
		target = t.C
		if lim.Least > lim.Target/2 {
			l := time.NewTimer(max(lim.Least-time.Since(s.started), 0))
			defer l.Stop()
			least = l.C
		}
	}
	// early: an iteration completed past half the target with the best
	// move stable, before Least; the search ends at Least if the best
	// move is still stable then.
	early := false
	tick := time.NewTicker(time.Duration(s.cfg.Search.ReportMS) * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return analysis.EndStopped
		case <-hard:
			return analysis.EndTime
		case <-target:
			if s.stable() {
				return analysis.EndSettled
			}
		case <-least:
			if early && s.stable() {
				return analysis.EndSettled
			}
		case c := <-s.iterations:
			if !quiet {
				report(s.completedReport(g, c))
			}
			// An iteration takes several times the one before: one begun
			// past half the target would not end by it.
			if el := time.Since(s.started); settle && el >= lim.Target/2 && s.stableAt(c.pub.depth) {
				if el >= lim.Least {
					return analysis.EndSettled
				}
				early = true
			}
		case <-done:
			if e := analysis.Ending(s.ended.Load()); e != analysis.EndUnknown {
				return e
			}
			return analysis.EndDepth
		case <-tick.C:
			if !quiet {
				report(s.report(g, false))
			}
		}
	}
}

// completedReport is the report of iteration c, as it was completed.
func (s *Searcher) completedReport(g *rules.Game, c completion) analysis.Report {
	r := s.reportOf(g, c.pub, c.nodes, c.elapsed, false)
	r.Completed = true
	return r
}

// stable reports whether the best first step has stayed the same through
// the last completed iteration and since, and that iteration's score did
// not fall (alphabeta.fall).
func (s *Searcher) stable() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.pub.partial && s.pub.changed < s.pub.depth && !s.pub.fell
}

// stableAt is stable for an iteration just completed at depth.
func (s *Searcher) stableAt(depth int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return (s.pub.changed < depth || depth < 4) && !s.pub.fell
}

// complete publishes an iteration a worker completed at depth, unless
// another worker completed it (or a deeper one) first, and returns it
// with whether it did.
func (s *Searcher) complete(depth, seldepth, score int, moves []rootMove) (completion, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if int(s.completed.Load()) >= depth {
		return completion{}, false
	}
	s.completed.Store(int32(depth))
	s.publishLocked(depth, seldepth, score, moves[0].line, moves, false)
	return completion{pub: s.pub, nodes: s.nodes.Load(), elapsed: time.Since(s.started)}, true
}

// adopt reorders a worker's root moves as the deepest completed iteration
// left them, and returns that iteration's score, for a worker whose own
// iteration another completed first.
func (s *Searcher) adopt(moves []rootMove) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pub.moves) == len(moves) && !s.pub.partial {
		copy(moves, cloneMoves(s.pub.moves))
	}
	return s.pub.score
}

// publish records a better first step found in an unfinished iteration at
// depth (partial), or a completed iteration's answer. A partial answer
// counts only if it is deeper than the last completed iteration.
func (s *Searcher) publish(depth, seldepth, score int, pv []rules.Step, moves []rootMove, partial bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if partial && depth <= int(s.completed.Load()) {
		return
	}
	s.publishLocked(depth, seldepth, score, pv, moves, partial)
}

func (s *Searcher) publishLocked(depth, seldepth, score int, pv []rules.Step, moves []rootMove, partial bool) {
	old := s.pub
	if len(old.pv) == 0 || len(pv) == 0 || old.pv[0] != pv[0] {
		s.pub.changed = depth
	}
	if !partial {
		s.pub.depth = depth
		sc := &s.pub.scores
		sc[0], sc[1], sc[2] = score, sc[0], sc[1]
		fall := s.cfg.AlphaBeta.Fall
		s.pub.fell = fall > 0 && depth >= 3 && max(sc[1], sc[2])-score > fall
	}
	s.pub.seldepth = max(old.seldepth, seldepth)
	s.pub.score = score
	s.pub.pv = slices.Clone(pv)
	s.pub.moves = cloneMoves(moves)
	s.pub.partial = partial
}
