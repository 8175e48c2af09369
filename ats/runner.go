package ats

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/records/fsutil"
)

// RunConfig is a suite run: tests x engine x limits x cycles.
type RunConfig struct {
	Suite  string   // a name for reports
	Paths  []string // where the tests came from, kept in the result file
	Filter string   // the filter used, kept in the result file
	Tests  []*Test

	Engine     EngineFactory
	EngineName string
	// EngineOptions, Threads and Seed describe the engine's set-up; they
	// are recorded in the result file's header for resuming.
	EngineOptions map[string]string
	// EngineDir is an external engine's working folder, recorded with
	// the rest.
	EngineDir string
	Threads   int
	Seed      uint64
	Limits    analysis.Limits
	// Grace is how long past Limits.Time (or, with budgets only, past
	// Budget) a search may take before it counts as hung and is abandoned.
	// Default 5 s.
	Grace time.Duration
	// Budget bounds a search with only a playout or node budget; default
	// 5 minutes.
	Budget time.Duration
	Cycles int // how often each test runs; default 1
	Jobs   int // parallel workers, one engine each; default 1
	// Threshold is the fraction of a test's maximum score that passes;
	// default 1 (full score).
	Threshold float64

	// ResultFile, when set, is the JSON Lines file each result is appended
	// to as soon as it is known. With Resume, an existing file's results
	// are kept and their tests skipped.
	ResultFile string
	Resume     bool
	// ResultLock, when set, is the caller's lock on ResultFile
	// (fsutil.LockFile), taken before the run to keep other runs out of
	// what it sets up first; the caller releases it after Run. Without
	// it, Run locks ResultFile itself for the run.
	ResultLock *fsutil.Lock

	// OnEvent receives the run's events, one call at a time, from the
	// runner's goroutines. It must not block for long.
	OnEvent func(Event)
	// Executor runs the tests; nil runs them here, Jobs at once, with
	// Engine. Package ats/match/cluster sends them to workers.
	Executor Executor
}

// EventKind says what an Event reports.
type EventKind uint8

// The kinds of event.
const (
	TestStarted EventKind = iota + 1
	EngineProgress
	TestDone
	EngineRestart
	RunDone
	// Notice is news from the executor, such as a worker that cannot run
	// a test (Err says what).
	Notice
	EngineOutput // a line of the engine's output during a test (Line)
)

// Event is something that happened during a run. Status is always set.
type Event struct {
	Kind     EventKind
	Worker   int // the runner's worker goroutine; -1 for an Executor's jobs
	Test     *Test
	Cycle    int
	Progress analysis.Report // EngineProgress
	Line     string          // EngineOutput
	Result   *TestResult     // TestDone
	Err      error           // EngineRestart: why; RunDone: the run's error; Notice: the news
	Status   RunStatus
}

// RunStatus is the state of the run as a whole.
type RunStatus struct {
	Done, Total int
	Elapsed     time.Duration
	Remaining   time.Duration // estimated; 0 until a test is done
	Score       float64       // running score of the results so far
	MaxScore    float64
	Passed      int
	Failed      int
	Errors      int
}

// Runner runs a configured suite. Use NewRunner, then Run once.
type Runner struct {
	cfg RunConfig

	mu     sync.Mutex // guards the fields below and serialises OnEvent
	status RunStatus
	start  time.Time
	rf     *ResultFile
	prior  []TestResult
	newRes []TestResult
	failed error
	// noEngine is set when the run gave up because the engine would not
	// start: the tests it never ran are then reported as errors.
	noEngine bool
	// byID and recorded are an Executor's jobs and those reported.
	byID     map[int]TestJob
	recorded map[int]bool
}

// NewRunner checks the configuration and fills its defaults. Settings
// outside their ranges (Limits.Check, MaxCycles, MaxJobs, MaxGrace, a
// threshold above 1) are errors wrapping ErrRange.
func NewRunner(cfg RunConfig) (*Runner, error) {
	if cfg.Engine == nil && cfg.Executor == nil {
		return nil, errors.New("ats: no engine")
	}
	if cfg.Limits.Time <= 0 && cfg.Limits.Playouts <= 0 && cfg.Limits.Nodes <= 0 {
		return nil, errors.New("ats: no limit: give a time per test or a playout or node budget")
	}
	err := errors.Join(CheckLimits(cfg.Limits),
		checkRange("cycles", cfg.Cycles, 0, MaxCycles),
		checkRange("jobs", cfg.Jobs, 0, MaxJobs))
	switch {
	case err != nil:
	case !(cfg.Threshold >= 0 && cfg.Threshold <= 1):
		err = fmt.Errorf("%w: threshold %v (0 to 1)", ErrRange, cfg.Threshold)
	case cfg.Grace < 0 || cfg.Grace > MaxGrace || cfg.Budget < 0 || cfg.Budget > maxTime:
		err = fmt.Errorf("%w: grace %v (0 to %v) or budget %v (0 to %v)", ErrRange, cfg.Grace, MaxGrace, cfg.Budget, maxTime)
	}
	if err != nil {
		return nil, fmt.Errorf("ats: %w", err)
	}
	if cfg.Cycles == 0 {
		cfg.Cycles = 1
	}
	if cfg.Jobs == 0 {
		cfg.Jobs = 1
	}
	if cfg.Threshold == 0 {
		cfg.Threshold = 1
	}
	if cfg.Grace == 0 {
		cfg.Grace = 5 * time.Second
	}
	if cfg.Budget == 0 {
		cfg.Budget = 5 * time.Minute
	}
	return &Runner{cfg: cfg}, nil
}

// Header is the run header the runner writes.
func (r *Runner) header() RunHeader {
	names := make([]string, len(r.cfg.Tests))
	for i, t := range r.cfg.Tests {
		names[i] = t.Name
	}
	host, _ := os.Hostname()
	return RunHeader{Version: 1, Suite: r.cfg.Suite, Paths: r.cfg.Paths, Filter: r.cfg.Filter,
		Engine: r.cfg.EngineName, EngineOptions: r.cfg.EngineOptions, EngineDir: r.cfg.EngineDir, Threads: r.cfg.Threads, Seed: r.cfg.Seed, Limits: r.cfg.Limits, Cycles: r.cfg.Cycles, Jobs: r.cfg.Jobs,
		Threshold: r.cfg.Threshold, Tests: names, Start: r.start, Host: host}
}

// Run presents every test to the engine for every cycle and returns the
// summary, including results of an earlier part of a resumed run. When ctx
// is cancelled the run stops: the tests in flight are dropped (a resume
// runs them again) and the summary so far is returned with ctx's error.
func (r *Runner) Run(ctx context.Context) (*Summary, error) {
	r.start = time.Now()
	done := map[runKey]bool{}
	h := r.header()
	if r.cfg.ResultFile != "" {
		rf, err := r.openResults(&h)
		if err != nil {
			return nil, err
		}
		r.rf = rf
		defer r.rf.Close()
	}
	// Earlier results count only for the tests and cycles of this run.
	want := map[runKey]bool{}
	for c := 1; c <= r.cfg.Cycles; c++ {
		for _, t := range r.cfg.Tests {
			want[runKey{t.Name, c}] = true
		}
	}
	kept := r.prior[:0]
	for _, p := range r.prior {
		k := runKey{p.Name, p.Cycle}
		if want[k] && !done[k] {
			done[k] = true
			kept = append(kept, p)
		}
	}
	r.prior = kept
	var jobs []TestJob
	for c := 1; c <= r.cfg.Cycles; c++ {
		for i, t := range r.cfg.Tests {
			if !done[runKey{t.Name, c}] {
				jobs = append(jobs, TestJob{ID: (c-1)*len(r.cfg.Tests) + i + 1, Test: t, Cycle: c})
			}
		}
	}
	r.status.Total = len(r.cfg.Tests) * r.cfg.Cycles
	for _, p := range r.prior {
		r.count(p)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if r.cfg.Executor != nil {
		r.byID = map[int]TestJob{}
		for _, j := range jobs {
			r.byID[j.ID] = j
		}
		if err := r.cfg.Executor.Execute(ctx, r.settings(), jobs, reporter{r}); err != nil && ctx.Err() == nil {
			r.mu.Lock()
			if r.failed == nil {
				r.failed = err
			}
			r.mu.Unlock()
		}
	} else {
		r.runHere(ctx, cancel, jobs)
	}

	err := ctx.Err()
	r.mu.Lock()
	if r.failed != nil {
		err = r.failed
	}
	r.mu.Unlock()
	finished := err == nil
	if finished && r.rf != nil {
		if ferr := r.rf.Finish(time.Now()); ferr != nil {
			err = ferr
			finished = false
		}
	}
	notRun := r.notRun(jobs)
	all := append(append(append([]TestResult(nil), r.prior...), r.newRes...), notRun...)
	sum := Summarize(h, all, finished)
	r.emit(Event{Kind: RunDone, Err: err})
	return sum, err
}

// openResults opens the result file, locked for the run: a new one, or
// with Resume the existing one, whose results become the run's prior ones
// and whose start time h takes.
func (r *Runner) openResults(h *RunHeader) (*ResultFile, error) {
	if !r.cfg.Resume {
		return createResultFile(r.cfg.ResultFile, *h, r.cfg.ResultLock)
	}
	rf, old, prior, err := resumeResultFile(r.cfg.ResultFile, r.cfg.ResultLock)
	if errors.Is(err, fs.ErrNotExist) {
		return createResultFile(r.cfg.ResultFile, *h, r.cfg.ResultLock)
	}
	if err != nil {
		return nil, err
	}
	h.Start = old.Start
	r.prior = prior
	return rf, nil
}

// runHere runs jobs on Jobs goroutines of this process, each with an
// engine of its own.
func (r *Runner) runHere(ctx context.Context, cancel context.CancelFunc, jobs []TestJob) {
	ch := make(chan TestJob)
	var wg sync.WaitGroup
	for w := 0; w < min(r.cfg.Jobs, max(len(jobs), 1)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.worker(ctx, cancel, w, ch)
		}()
	}
feed:
	for _, j := range jobs {
		select {
		case ch <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(ch)
	wg.Wait()
}

// settings are how each test is searched and judged.
func (r *Runner) settings() TestSettings {
	return TestSettings{Limits: r.cfg.Limits, Grace: r.cfg.Grace, Budget: r.cfg.Budget, Threshold: r.cfg.Threshold}
}

// reporter is the runner's Reporter for an Executor.
type reporter struct{ r *Runner }

func (rp reporter) Started(j TestJob) {
	rp.r.emit(Event{Kind: TestStarted, Worker: -1, Test: j.Test, Cycle: j.Cycle})
}

// Done records the first result of each of the run's jobs.
func (rp reporter) Done(j TestJob, res TestResult) {
	r := rp.r
	r.mu.Lock()
	own, ok := r.byID[j.ID]
	if !ok || r.recorded[j.ID] || own.Cycle != res.Cycle || own.Test.Name != res.Name {
		r.mu.Unlock()
		return
	}
	if r.recorded == nil {
		r.recorded = map[int]bool{}
	}
	r.recorded[j.ID] = true
	r.mu.Unlock()
	r.record(res, own, -1)
}

func (rp reporter) Notice(text string) { rp.r.emit(Event{Kind: Notice, Err: errors.New(text)}) }

// notRun gives, after a run that gave up on an engine that would not
// start, an error result for each job it never ran, so that the summary
// covers the whole suite ("scored 0 of 14, 14 errors" rather than "0 of
// 3"). They are not written to the result file: a resume runs them.
func (r *Runner) notRun(jobs []TestJob) []TestResult {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.noEngine {
		return nil
	}
	ran := map[runKey]bool{}
	for _, res := range r.newRes {
		ran[runKey{res.Name, res.Cycle}] = true
	}
	var out []TestResult
	for _, j := range jobs {
		if !ran[runKey{j.Test.Name, j.Cycle}] {
			res := j.Errored("not run: the engine would not start")
			r.count(res)
			out = append(out, res)
		}
	}
	return out
}

// count adds a result to the running status; r.mu must be held or the
// run not yet started.
func (r *Runner) count(res TestResult) {
	s := &r.status
	s.Done++
	s.Score += res.Score
	s.MaxScore += res.MaxScore
	switch res.Status {
	case Pass:
		s.Passed++
	case Fail:
		s.Failed++
	default:
		s.Errors++
	}
}

// emit stamps the status on e and delivers it.
func (r *Runner) emit(e Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.status.Elapsed = time.Since(r.start)
	doneHere := r.status.Done - len(r.prior)
	if doneHere > 0 {
		left := r.status.Total - r.status.Done
		r.status.Remaining = r.status.Elapsed / time.Duration(doneHere) * time.Duration(left)
	}
	e.Status = r.status
	if r.cfg.OnEvent != nil {
		r.cfg.OnEvent(e)
	}
}

// maxStartFailures is how many engine starts in a row may fail before the
// run gives up: an engine that cannot start would fail every test.
const maxStartFailures = 3

func (r *Runner) worker(ctx context.Context, cancel context.CancelFunc, w int, jobs <-chan TestJob) {
	var eng analysis.Engine
	defer func() {
		if eng != nil {
			eng.Close()
		}
	}()
	startFails := 0
	for j := range jobs {
		if ctx.Err() != nil {
			continue
		}
		if eng == nil {
			var err error
			eng, err = r.cfg.Engine(ctx)
			if err != nil {
				eng = nil
				if ctx.Err() != nil {
					continue
				}
				startFails++
				r.record(j.Errored("engine did not start: "+err.Error()), j, w)
				if startFails >= maxStartFailures {
					r.mu.Lock()
					if r.failed == nil {
						r.failed = fmt.Errorf("ats: the engine failed to start %d times in a row: %w", startFails, err)
						r.noEngine = true
					}
					r.mu.Unlock()
					cancel()
				}
				continue
			}
			startFails = 0
		}
		res, fault := r.runOne(ctx, eng, j, w)
		if ctx.Err() != nil {
			// Stopped mid-test: the search was cut short, so the test is
			// not recorded and runs again on resume.
			continue
		}
		r.record(res, j, w)
		if fault != nil {
			eng.Close()
			eng = nil
			r.emit(Event{Kind: EngineRestart, Worker: w, Test: j.Test, Cycle: j.Cycle, Err: fault})
		}
	}
}

// record writes a result and reports it.
func (r *Runner) record(res TestResult, j TestJob, w int) {
	if r.rf != nil {
		if err := r.rf.Append(res); err != nil {
			r.mu.Lock()
			if r.failed == nil {
				r.failed = fmt.Errorf("ats: writing results: %w", err)
			}
			r.mu.Unlock()
		}
	}
	r.mu.Lock()
	r.newRes = append(r.newRes, res)
	r.count(res)
	r.mu.Unlock()
	r.emit(Event{Kind: TestDone, Worker: w, Test: j.Test, Cycle: j.Cycle, Result: &res})
}

// runOne runs one search and judges it. fault is non-nil when the engine
// failed and must be restarted.
func (r *Runner) runOne(ctx context.Context, eng analysis.Engine, j TestJob, w int) (TestResult, error) {
	r.emit(Event{Kind: TestStarted, Worker: w, Test: j.Test, Cycle: j.Cycle})
	return RunTest(ctx, eng, j, r.settings(), analysis.Output{
		Report: func(p analysis.Report) {
			r.emit(Event{Kind: EngineProgress, Worker: w, Test: j.Test, Cycle: j.Cycle, Progress: p})
		},
		Line: func(l string) {
			r.emit(Event{Kind: EngineOutput, Worker: w, Test: j.Test, Cycle: j.Cycle, Line: l})
		},
	})
}

// solutionTracker follows the moves an engine shows during a search to
// find when it first showed a full-score move that it then kept.
type solutionTracker struct {
	t       *Test
	cache   map[string]bool
	since   time.Duration
	depth   int
	solving bool
}

func newSolutionTracker(t *Test) *solutionTracker {
	return &solutionTracker{t: t, cache: map[string]bool{}}
}

func (s *solutionTracker) passes(move string, p analysis.Report) bool {
	key := move
	if !s.hasWinRatioAtom() {
		if ok, seen := s.cache[key]; seen {
			return ok
		}
	}
	_, v, err := s.t.Score(move, Report{WinRatio: p.WinRatio, HasWinRatio: p.HasWinRatio})
	ok := err == nil && v.Score >= s.t.Criteria.MaxScore()-1e-9
	s.cache[key] = ok
	return ok
}

func (s *solutionTracker) hasWinRatioAtom() bool {
	for _, b := range s.t.Criteria.Blocks {
		for _, a := range b.Atoms {
			if a.Kind == WinRatioAtLeast {
				return true
			}
		}
	}
	return false
}

func (s *solutionTracker) observe(p analysis.Report) {
	if p.Best.N == 0 {
		return
	}
	if s.passes(p.Best.String(), p) {
		if !s.solving {
			s.solving, s.since, s.depth = true, p.Elapsed, depthOf(p)
		}
	} else {
		s.solving = false
	}
}

// solvedAt gives the time to solution for a final answer that passed.
func (s *solutionTracker) solvedAt(ans analysis.Result) (float64, int) {
	if s.solving {
		return s.since.Seconds(), s.depth
	}
	return ans.Report.Elapsed.Seconds(), depthOf(ans.Report)
}

// depthOf is a report's depth as results keep it: whole steps, the
// builtin engine's mean descent rounded.
func depthOf(r analysis.Report) int { return int(r.AvgDepth + 0.5) }

// runKey identifies one test in one cycle.
type runKey struct {
	name  string
	cycle int
}

// LastOutput is the last line an engine wrote in a result's log: for AEI
// engines the last line received (not a command sent), which usually
// explains a crash or a hang.
func LastOutput(log []string) string {
	for i := len(log) - 1; i >= 0; i-- {
		if !strings.HasPrefix(log[i], "> ") {
			return log[i]
		}
	}
	return ""
}

// Status returns the run's state now, for views that poll rather than
// follow events. It may be called from any goroutine.
func (r *Runner) Status() RunStatus {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.status
	if !r.start.IsZero() {
		s.Elapsed = time.Since(r.start)
	}
	return s
}
