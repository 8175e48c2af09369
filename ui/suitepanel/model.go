// Package suitepanel is the workbench's test-suite panel: open a suite of
// Arimaa Test Suite files (a folder of legacy .ats files, TOML suites, or
// both), list its tests, run them with an engine, limits, cycles and a filter
// with a progress bar, stop and resume, and read the results: score and
// pass/fail per test, the move played, times and errors, the totals, and a
// comparison with an earlier run. Selecting a test shows its position with
// the engine's move and the criteria atoms it satisfied marked on the board,
// next to that test's search output. A test can be edited and saved.
//
// As in the engine panel, the run happens in goroutines that write to a
// Model (plain Go, tested without a window); a ticker redraws the widgets
// from the model's latest state a few times a second (package live).
package suitepanel

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/records/fsutil"
	"arimaa-workbench/ui/live"
)

// RunFunc runs a configured suite; Run is the real one. Tests replace it
// with a scripted runner.
type RunFunc func(ctx context.Context, cfg ats.RunConfig) (*ats.Summary, error)

// Run runs cfg with the ats runner.
func Run(ctx context.Context, cfg ats.RunConfig) (*ats.Summary, error) {
	r, err := ats.NewRunner(cfg)
	if err != nil {
		return nil, err
	}
	return r.Run(ctx)
}

// ErrRunning is returned when a run is started while one is in progress.
var ErrRunning = errors.New("a run is already in progress")

// ErrNoSuite is returned when a run is started with no tests.
var ErrNoSuite = errors.New("no tests to run: open a suite first (or loosen the filter)")

// maxLog bounds the search output kept per test.
const maxLog = 500

// TestState is what the panel knows about one test of the suite. The model
// never changes a TestState it has published, nor the part of its slices
// it covers: a change makes a new TestState, so a State can share them
// instead of copying. Readers must not change them either.
type TestState struct {
	Test    *ats.Test
	Running bool
	// Results are the test's results so far, one per cycle run.
	Results []ats.TestResult
	// Log is the search output of its latest search.
	Log []string
	// Progress is the engine's last progress report during that search.
	Progress analysis.Report
}

// Last is the latest result, if any.
func (t *TestState) Last() (ats.TestResult, bool) {
	if len(t.Results) == 0 {
		return ats.TestResult{}, false
	}
	return t.Results[len(t.Results)-1], true
}

// Setup is what a run needs besides the tests.
type Setup struct {
	Engine ats.EngineFactory
	// EngineName and Options are the engine as a result file records it
	// (ats.Spec.Record): "builtin" or an AEI command line, not the name
	// the engine list shows.
	EngineName string
	Options    map[string]string
	// EngineDir is an external engine's working folder.
	EngineDir string
	Threads   int
	Seed      uint64
	Limits    analysis.Limits
	Cycles    int
	Filter    string
	Threshold float64
	// ResultFile is where results are appended as they arrive; Resume
	// continues the run recorded there.
	ResultFile string
}

// State is the model at one version, for drawing. It shares what does not
// change once made (the tests' states, the summaries), so taking it costs
// little; it and everything it points to are read-only.
type State struct {
	Version  uint64
	Suite    *ats.Suite
	Paths    []string
	LoadErrs []error
	// Selected are the tests the filter selects, in suite order.
	Selected []*ats.Test
	Tests    map[string]*TestState // by test name; shared, read-only
	Running  bool
	Status   ats.RunStatus
	Summary  *ats.Summary // of the last finished or stopped run
	Err      error
	// Resumable says the last run stopped before its end and can go on.
	Resumable bool
	Setup     Setup
	// Compare is the comparison of the last run with an earlier one.
	Compare *ats.Comparison
}

// Model holds the suite, the run in progress and its results. The runner's
// goroutines call its event handler; the window reads State.
type Model struct {
	run RunFunc

	mu        sync.Mutex
	version   uint64
	suite     *ats.Suite
	paths     []string
	loadErrs  []error
	filter    ats.Filter
	filterTxt string
	tests     map[string]*TestState
	running   bool
	status    ats.RunStatus
	summary   *ats.Summary
	err       error
	resumable bool
	setup     Setup
	previous  *ats.Summary
	job       live.Job

	// Caches for State: the state at a version, the tests the filter
	// selects (nil when the suite or filter changed) and the comparison of
	// previous with summary.
	snap       *State
	selected   []*ats.Test
	compared   *ats.Comparison
	comparedOf [2]*ats.Summary
}

// NewModel returns a model with no suite that runs suites with run (nil:
// the real runner).
func NewModel(run RunFunc) *Model {
	if run == nil {
		run = Run
	}
	return &Model{run: run, tests: map[string]*TestState{}}
}

// Open loads the tests at paths (folders, .ats and TOML files). Files that
// fail to load are reported in State.LoadErrs; the rest still open.
func (m *Model) Open(paths ...string) {
	s, errs := ats.LoadSuite(paths...)
	m.SetSuite(s, paths, errs)
}

// SetSuite replaces the suite, forgetting earlier results.
func (m *Model) SetSuite(s *ats.Suite, paths []string, errs []error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.suite, m.paths, m.loadErrs = s, paths, errs
	m.selected = nil
	m.tests = map[string]*TestState{}
	if s != nil {
		for _, t := range s.Tests {
			m.tests[t.Name] = &TestState{Test: t}
		}
	}
	m.summary, m.err, m.resumable, m.status = nil, nil, false, ats.RunStatus{}
	m.version++
}

// ReplaceTest puts an edited test in place of the test of the same name.
func (m *Model) ReplaceTest(t *ats.Test) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.suite == nil {
		return
	}
	for i, old := range m.suite.Tests {
		if old.Name == t.Name {
			// A new suite, as States handed out share the old one.
			s := *m.suite
			s.Tests = append([]*ats.Test(nil), m.suite.Tests...)
			s.Tests[i] = t
			m.suite, m.selected = &s, nil
			m.tests[t.Name] = &TestState{Test: t}
			m.version++
			return
		}
	}
}

// SetFilter selects the tests a run presents; the empty filter selects all.
func (m *Model) SetFilter(text string) error {
	f, err := ats.ParseFilter(text)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.filter, m.filterTxt = f, text
	m.selected = nil
	m.version++
	return nil
}

// Version changes whenever the state does.
func (m *Model) Version() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.version
}

// State returns the model's state. It is built once per version: the
// tests' states are shared, not copied (see TestState).
func (m *Model) State() State {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.snap != nil && m.snap.Version == m.version {
		return *m.snap
	}
	st := State{
		Version:   m.version,
		Suite:     m.suite,
		Paths:     m.paths,
		LoadErrs:  m.loadErrs,
		Tests:     make(map[string]*TestState, len(m.tests)),
		Running:   m.running,
		Status:    m.status,
		Summary:   m.summary,
		Err:       m.err,
		Resumable: m.resumable,
		Setup:     m.setup,
	}
	if m.suite != nil {
		if m.selected == nil {
			m.selected = m.filter.Select(m.suite)
		}
		st.Selected = m.selected
	}
	for k, t := range m.tests {
		st.Tests[k] = t
	}
	if m.previous != nil && m.summary != nil {
		if m.comparedOf != [2]*ats.Summary{m.previous, m.summary} {
			m.compared, m.comparedOf = ats.Compare(m.previous, m.summary), [2]*ats.Summary{m.previous, m.summary}
		}
		st.Compare = m.compared
	}
	m.snap = &st
	return st
}

// change replaces the state of the test called name by a copy that f
// changes (nothing when there is no such test); m.mu is held.
func (m *Model) change(name string, f func(*TestState)) {
	t := m.tests[name]
	if t == nil {
		return
	}
	c := *t
	f(&c)
	m.tests[name] = &c
}

// clearResults forgets every test's results; m.mu is held.
func (m *Model) clearResults() {
	for k, t := range m.tests {
		m.tests[k] = &TestState{Test: t.Test}
	}
}

// Start runs the selected tests with setup in the background.
func (m *Model) Start(setup Setup) error { return m.start(setup, false) }

// Resume continues the last run that was stopped, with its setup and result
// file: the tests already done are not run again. engine starts the engine
// when the run was loaded from a file (ShowRun), which records the engine's
// name but cannot start it; it is ignored otherwise.
func (m *Model) Resume(engine ats.EngineFactory) error {
	m.mu.Lock()
	s, ok := m.setup, m.resumable
	m.mu.Unlock()
	if !ok {
		return errors.New("there is no stopped run to resume")
	}
	if s.Engine == nil {
		if engine == nil {
			return errors.New("choose the engine to resume the run with")
		}
		s.Engine = engine
	}
	return m.start(s, true)
}

func (m *Model) start(setup Setup, resume bool) error {
	m.mu.Lock()
	if m.running {
		m.mu.Unlock()
		return ErrRunning
	}
	if m.suite == nil {
		m.mu.Unlock()
		return ErrNoSuite
	}
	tests := m.filter.Select(m.suite)
	if resume {
		if f, err := ats.ParseFilter(setup.Filter); err == nil {
			tests = f.Select(m.suite)
		}
	} else {
		setup.Filter = m.filterTxt
	}
	if len(tests) == 0 {
		m.mu.Unlock()
		return ErrNoSuite
	}
	if !resume {
		m.clearResults()
		m.summary = nil
		m.status = ats.RunStatus{Total: len(tests) * max(setup.Cycles, 1)}
	}
	m.running, m.err, m.resumable = true, nil, false
	m.setup = setup
	m.version++
	cfg := ats.RunConfig{
		Suite:         m.suite.Name,
		Paths:         m.paths,
		Filter:        setup.Filter,
		Tests:         tests,
		Engine:        setup.Engine,
		EngineName:    setup.EngineName,
		EngineOptions: setup.Options,
		EngineDir:     setup.EngineDir,
		Threads:       setup.Threads,
		Seed:          setup.Seed,
		Limits:        setup.Limits,
		Cycles:        setup.Cycles,
		Threshold:     setup.Threshold,
		ResultFile:    setup.ResultFile,
		Resume:        resume,
		OnEvent:       m.event,
	}
	defer m.mu.Unlock()
	m.job.Go(func(ctx context.Context) {
		sum, err := m.run(ctx, cfg)
		m.mu.Lock()
		defer m.mu.Unlock()
		m.running = false
		for name, t := range m.tests {
			if t.Running {
				m.change(name, func(t *TestState) { t.Running = false })
			}
		}
		stopped := errors.Is(err, context.Canceled)
		if stopped {
			err = nil
		}
		m.err = err
		if sum != nil {
			m.summary = sum
			m.mergeSummary(sum)
		}
		// A file another run is writing can be resumed once that run ends.
		locked := resume && errors.Is(err, fsutil.ErrLocked)
		m.resumable = (stopped || locked) && setup.ResultFile != ""
		m.version++
	})
	return nil
}

// mergeSummary takes the results of a resumed run's earlier part, which
// produce no events; m.mu is held.
func (m *Model) mergeSummary(sum *ats.Summary) {
	byTest := map[string][]ats.TestResult{}
	for _, r := range sum.Results {
		byTest[r.Name] = append(byTest[r.Name], r)
	}
	for name, rs := range byTest {
		sort.Slice(rs, func(i, j int) bool { return rs[i].Cycle < rs[j].Cycle })
		m.change(name, func(t *TestState) { t.Results = rs })
	}
	m.status.Score, m.status.MaxScore = sum.Score, sum.MaxScore
	m.status.Passed, m.status.Failed, m.status.Errors = sum.Passed, sum.Failed, sum.Errors
}

// event records one runner event. It is called from the runner's
// goroutines and only takes the model's lock briefly.
func (m *Model) event(e ats.Event) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.status = e.Status
	if e.Test == nil {
		m.version++
		return
	}
	m.change(e.Test.Name, func(t *TestState) {
		switch e.Kind {
		case ats.TestStarted:
			t.Running = true
			// A new slice: the old one is shared with States handed out.
			t.Log = []string{fmt.Sprintf("— cycle %d started —", e.Cycle)}
			t.Progress = analysis.Report{}
		case ats.EngineProgress:
			t.Progress = e.Progress
		case ats.EngineOutput:
			t.Log = appendLog(t.Log, e.Line)
		case ats.TestDone:
			if e.Result != nil {
				r := e.Result
				t.Running = false
				t.Results = append(t.Results, *r)
				t.Log = appendLog(t.Log, fmt.Sprintf("— played %s: score %.2f of %.2f, %s, %.2f s, %d playouts —",
					orDash(r.Move), r.Score, r.MaxScore, r.Status, r.Seconds, r.Playouts))
				if r.Err != "" {
					t.Log = appendLog(t.Log, "error: "+r.Err)
				}
			}
		case ats.EngineRestart:
			if e.Err != nil {
				t.Log = appendLog(t.Log, "engine restarted: "+e.Err.Error())
			}
		}
	})
	m.version++
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// appendLog keeps the last maxLog lines. It only appends, past the end of
// what earlier States see, and drops lines by moving the slice's start, so
// the lines a State holds never change.
func appendLog(log []string, line string) []string {
	log = append(log, line)
	if len(log) > maxLog {
		log = log[len(log)-maxLog:]
	}
	return log
}

// Cancel asks the run to end without waiting for it; the tests in flight
// are dropped, and Resume runs them again.
func (m *Model) Cancel() { m.job.Cancel() }

// Stop ends the run; the tests in flight are dropped, and Resume runs them
// again. It waits until the runner has returned.
func (m *Model) Stop() { m.job.Stop() }

// Wait blocks until the run in progress, if any, has ended.
func (m *Model) Wait() { m.job.Wait() }

// SetPrevious sets the earlier run the results are compared with (nil for
// none).
func (m *Model) SetPrevious(s *ats.Summary) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.previous = s
	m.version++
}

// LoadPrevious reads an earlier run's result or summary file to compare
// with.
func (m *Model) LoadPrevious(path string) error {
	s, err := ats.ReadSummary(path)
	if err != nil {
		return err
	}
	m.SetPrevious(s)
	return nil
}

// elapsedText writes seconds for the table.
func elapsedText(sec float64) string {
	if sec >= 60 {
		return time.Duration(sec * float64(time.Second)).Round(time.Second).String()
	}
	return strconv.FormatFloat(sec, 'f', 2, 64) + " s"
}
