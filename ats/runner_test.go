package ats

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"arimaa-workbench/engine/aei/aeitest"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records/fsutil"
)

// TestMain lets the test binary act as a fake AEI engine when re-executed.
func TestMain(m *testing.M) { aeitest.Main(m.Run) }

// fakeEngine answers each position with a function of it.
type fakeEngine struct {
	play   func(ctx context.Context, pos rules.Position, progress func(analysis.Report)) (analysis.Result, error)
	closed *atomic.Int32
}

func (f *fakeEngine) Name() string { return "fake" }
func (f *fakeEngine) Close() error {
	if f.closed != nil {
		f.closed.Add(1)
	}
	return nil
}
func (f *fakeEngine) Search(ctx context.Context, g *rules.Game, _ analysis.Limits, out analysis.Output) (analysis.Result, error) {
	return f.play(ctx, g.Position(), out.Send)
}

// fakeFactory counts starts and closes.
type fakeFactory struct {
	starts, closes atomic.Int32
	play           func(ctx context.Context, pos rules.Position, progress func(analysis.Report)) (analysis.Result, error)
}

func (ff *fakeFactory) factory(context.Context) (analysis.Engine, error) {
	ff.starts.Add(1)
	return &fakeEngine{play: ff.play, closed: &ff.closes}, nil
}

// exampleTests loads the named tests of the example suite.
func exampleTests(t testing.TB, names ...string) []*Test {
	t.Helper()
	s, errs := LoadSuite(exampleSuite)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var out []*Test
	for _, n := range names {
		found := false
		for _, tc := range s.Tests {
			if tc.Name == n {
				out = append(out, tc)
				found = true
			}
		}
		if !found {
			t.Fatalf("no example test %q", n)
		}
	}
	return out
}

// solver answers every test with its solution, except where override
// says otherwise (keyed by test name).
func solver(tests []*Test, override map[string]func(ctx context.Context) (analysis.Result, error)) func(ctx context.Context, pos rules.Position, progress func(analysis.Report)) (analysis.Result, error) {
	byPos := map[string]*Test{}
	for _, tc := range tests {
		byPos[tc.Position.AEIString()] = tc
	}
	return func(ctx context.Context, pos rules.Position, progress func(analysis.Report)) (analysis.Result, error) {
		tc := byPos[pos.AEIString()]
		if f := override[tc.Name]; f != nil {
			return f(ctx)
		}
		return analysis.Result{Move: tc.Solution, Report: analysis.Report{Elapsed: time.Millisecond, Playouts: 10, WinRatio: 1, HasWinRatio: true}, Log: []string{"solved " + tc.Name}}, nil
	}
}

func TestRunner(t *testing.T) {
	tests := exampleTests(t, "goal-one-step", "capture-push", "easy-way", "silver-goal")
	ff := &fakeFactory{play: solver(tests, map[string]func(context.Context) (analysis.Result, error){
		"capture-push": func(context.Context) (analysis.Result, error) { return analysis.Result{Move: "Ec5s Ec4s"}, nil },
		"easy-way":     func(context.Context) (analysis.Result, error) { return analysis.Result{Move: "Dc4n"}, nil },
	})}
	file := filepath.Join(t.TempDir(), "run.jsonl")
	var events []Event
	r, err := NewRunner(RunConfig{Suite: "s", Tests: tests, Engine: ff.factory, EngineName: "fake",
		Limits: analysis.Limits{Playouts: 100}, ResultFile: file, OnEvent: func(e Event) { events = append(events, e) }})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// An illegal move is the engine's fault, not a failed test.
	if sum.Line() != "scored 2.4 of 4 (2 passed, 1 failed, 1 errors)" {
		t.Errorf("summary %q", sum.Line())
	}
	byName := map[string]TestResult{}
	for _, res := range sum.Results {
		byName[res.Name] = res
	}
	if res := byName["capture-push"]; res.Legal || !strings.Contains(res.Illegal, "Ec5s") || res.Status != Error || res.Err == "" {
		t.Errorf("illegal move result %+v", res)
	}
	if res := byName["easy-way"]; res.Score != 0.4 || res.Canonical != "Dc4n" || !res.Legal {
		t.Errorf("easy-way result %+v", res)
	}
	if res := byName["silver-goal"]; res.Status != Pass || res.SolvedSeconds == nil || len(res.Log) != 1 || res.Playouts != 10 {
		t.Errorf("silver-goal result %+v", res)
	}
	if ff.starts.Load() != 1 || ff.closes.Load() != 1 {
		t.Errorf("engine started %d times, closed %d", ff.starts.Load(), ff.closes.Load())
	}
	kinds := map[EventKind]int{}
	for _, e := range events {
		kinds[e.Kind]++
	}
	if kinds[TestStarted] != 4 || kinds[TestDone] != 4 || kinds[RunDone] != 1 || events[len(events)-1].Kind != RunDone {
		t.Errorf("events %v", kinds)
	}
	if last := events[len(events)-1].Status; last.Done != 4 || last.Total != 4 || last.Passed != 2 || r.Status().Done != 4 {
		t.Errorf("final status %+v", last)
	}
	h, rs, done, err := ReadResultFile(file)
	if err != nil || !done || len(rs) != 4 || h.Engine != "fake" || len(h.Tests) != 4 {
		t.Errorf("result file: %+v, %d results, done %v, %v", h, len(rs), done, err)
	}
}

func TestRunnerFaults(t *testing.T) {
	tests := exampleTests(t, "goal-one-step", "capture-push", "easy-way", "silver-goal")
	ff := &fakeFactory{play: solver(tests, map[string]func(context.Context) (analysis.Result, error){
		"capture-push": func(context.Context) (analysis.Result, error) {
			return analysis.Result{Log: []string{"< log about to crash"}}, errors.New("engine exited: exit status 3")
		},
		"easy-way": func(ctx context.Context) (analysis.Result, error) {
			<-ctx.Done() // hangs until the runner gives up on it
			return analysis.Result{Log: []string{"< info depth 1"}}, ctx.Err()
		},
	})}
	var restarts atomic.Int32
	r, _ := NewRunner(RunConfig{Tests: tests, Engine: ff.factory, Limits: analysis.Limits{Time: 20 * time.Millisecond}, Grace: 30 * time.Millisecond,
		OnEvent: func(e Event) {
			if e.Kind == EngineRestart {
				restarts.Add(1)
			}
		}})
	sum, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if sum.Errors != 2 || sum.Passed != 2 {
		t.Fatalf("summary %s", sum.Line())
	}
	for _, res := range sum.Results {
		switch res.Name {
		case "capture-push":
			if !strings.Contains(res.Err, "exit status 3") || len(res.Log) == 0 {
				t.Errorf("crash result %+v", res)
			}
		case "easy-way":
			if !strings.Contains(res.Err, "no move within") || LastOutput(res.Log) != "< info depth 1" {
				t.Errorf("hang result %+v", res)
			}
		}
	}
	if ff.starts.Load() != 3 || restarts.Load() != 2 {
		t.Errorf("%d starts, %d restarts; want 3 and 2", ff.starts.Load(), restarts.Load())
	}
}

func TestRunnerEngineWillNotStart(t *testing.T) {
	tests := exampleTests(t, "goal-one-step", "capture-push", "easy-way", "silver-goal", "goal-two-steps")
	var starts atomic.Int32
	r, _ := NewRunner(RunConfig{Tests: tests, Limits: analysis.Limits{Playouts: 1}, Engine: func(context.Context) (analysis.Engine, error) {
		starts.Add(1)
		return nil, errors.New("no such program")
	}})
	sum, err := r.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "3 times") {
		t.Errorf("error %v", err)
	}
	// The whole suite is reported, the tests never run as errors.
	if starts.Load() != 3 || sum.Errors != 5 || len(sum.Results) != 5 || sum.Line() != "scored 0 of 5 (0 passed, 0 failed, 5 errors)" {
		t.Errorf("%d starts, summary %s", starts.Load(), sum.Line())
	}
}

func TestRunnerResume(t *testing.T) {
	tests := exampleTests(t, "goal-one-step", "capture-push", "easy-way", "silver-goal")
	file := filepath.Join(t.TempDir(), "run.jsonl")
	var calls atomic.Int32
	base := solver(tests, nil)
	ff := &fakeFactory{play: func(ctx context.Context, pos rules.Position, p func(analysis.Report)) (analysis.Result, error) {
		calls.Add(1)
		return base(ctx, pos, p)
	}}
	ctx, cancel := context.WithCancel(context.Background())
	r, _ := NewRunner(RunConfig{Tests: tests, Engine: ff.factory, Limits: analysis.Limits{Playouts: 1}, Cycles: 2, ResultFile: file,
		OnEvent: func(e Event) {
			if e.Kind == TestDone && e.Status.Done == 3 {
				cancel()
			}
		}})
	sum, err := r.Run(ctx)
	if !errors.Is(err, context.Canceled) || len(sum.Results) != 3 || sum.Finished {
		t.Fatalf("stopped run: %v, %d results", err, len(sum.Results))
	}
	// A crash mid-write leaves half a line; resuming cuts it off.
	f, _ := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"type":"result","result":{"name":"goal-`)
	f.Close()
	r, _ = NewRunner(RunConfig{Tests: tests, Engine: ff.factory, Limits: analysis.Limits{Playouts: 1}, Cycles: 2, ResultFile: file, Resume: true})
	sum, err = r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Results) != 8 || !sum.Finished || sum.Passed != 4 || calls.Load() != 8 {
		t.Errorf("resumed: %d results, %d engine calls, %s", len(sum.Results), calls.Load(), sum.Line())
	}
	_, rs, done, err := ReadResultFile(file)
	if err != nil || !done || len(rs) != 8 {
		t.Errorf("file after resume: %d results, done %v, %v", len(rs), done, err)
	}
	seen := map[runKey]bool{}
	for _, r := range rs {
		k := runKey{r.Name, r.Cycle}
		if seen[k] {
			t.Errorf("%v run twice", k)
		}
		seen[k] = true
	}
}

func TestRunnerParallel(t *testing.T) {
	s, _ := LoadSuite(exampleSuite)
	ff := &fakeFactory{play: solver(s.Tests, nil)}
	var mu sync.Mutex
	workers := map[int]bool{}
	r, _ := NewRunner(RunConfig{Tests: s.Tests, Engine: ff.factory, Limits: analysis.Limits{Playouts: 1}, Cycles: 2, Jobs: 3,
		ResultFile: filepath.Join(t.TempDir(), "r.jsonl"),
		OnEvent: func(e Event) {
			mu.Lock()
			workers[e.Worker] = true
			mu.Unlock()
		}})
	sum, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Results) != 2*len(s.Tests) || sum.Passed != len(s.Tests) || len(sum.Tests) != len(s.Tests) {
		t.Errorf("%d results, %s", len(sum.Results), sum.Line())
	}
	if ff.starts.Load() != 3 || len(workers) != 3 {
		t.Errorf("%d engines, %d workers", ff.starts.Load(), len(workers))
	}
}

func TestTimeToSolution(t *testing.T) {
	tests := exampleTests(t, "goal-one-step")
	ms := time.Millisecond
	mv := func(s string) rules.Move {
		st, err := rules.ParseStep(s)
		if err != nil {
			t.Fatal(err)
		}
		return rules.MoveOf(st)
	}
	play := func(ctx context.Context, pos rules.Position, progress func(analysis.Report)) (analysis.Result, error) {
		for _, p := range []analysis.Report{{Elapsed: 10 * ms, Best: mv("Ra1n"), AvgDepth: 1}, {Elapsed: 20 * ms, Best: mv("Rd7n"), AvgDepth: 2},
			{Elapsed: 30 * ms, Best: mv("Rd7e"), AvgDepth: 3}, {Elapsed: 40 * ms, Best: mv("Rd7n"), AvgDepth: 4}, {Elapsed: 45 * ms, Best: mv("Rd7n"), AvgDepth: 5}} {
			progress(p)
		}
		return analysis.Result{Move: "Rd7n", Report: analysis.Report{Elapsed: 50 * ms, AvgDepth: 6}}, nil
	}
	ff := &fakeFactory{play: play}
	r, _ := NewRunner(RunConfig{Tests: tests, Engine: ff.factory, Limits: analysis.Limits{Playouts: 1}})
	sum, _ := r.Run(context.Background())
	res := sum.Results[0]
	if res.SolvedSeconds == nil || *res.SolvedSeconds != 0.04 || res.SolvedDepth != 4 {
		t.Errorf("solved at %v depth %d, want 0.04 s depth 4", res.SolvedSeconds, res.SolvedDepth)
	}
}

func TestCompare(t *testing.T) {
	mk := func(scores map[string]float64, errs ...string) *Summary {
		var rs []TestResult
		i := 0
		for _, n := range []string{"a", "b", "c", "d", "e"} {
			sc, ok := scores[n]
			if !ok {
				continue
			}
			i++
			r := TestResult{Name: n, Number: i, Cycle: 1, Score: sc, MaxScore: 1, Status: Fail, Seconds: 1}
			if sc == 1 {
				r.Status = Pass
			}
			for _, e := range errs {
				if e == n {
					r.Status, r.Err = Error, "crash"
				}
			}
			rs = append(rs, r)
		}
		return Summarize(RunHeader{Threshold: 1}, rs, true)
	}
	old := mk(map[string]float64{"a": 1, "b": 0, "c": 0.5, "d": 1, "e": 0}, "e")
	cur := mk(map[string]float64{"a": 0, "b": 1, "c": 0.5, "d": 1, "f": 1}, "d")
	c := Compare(old, cur)
	got := map[string]Change{}
	for _, r := range c.Rows {
		got[r.Name] = r.Change
	}
	want := map[string]Change{"a": Worse, "b": Better, "c": Same, "d": Errored, "e": Removed}
	for n, ch := range want {
		if got[n] != ch {
			t.Errorf("%s: %v, want %v", n, got[n], ch)
		}
	}
	if !c.Regressed() {
		t.Error("no regression seen")
	}
	var b strings.Builder
	c.Write(&b, false)
	if !strings.Contains(b.String(), "a ") || strings.Contains(b.String(), "\nc ") || !strings.Contains(b.String(), "1 better, 1 worse, 1 errored") {
		t.Errorf("table:\n%s", b.String())
	}
}

// fakeAEI describes a fake AEI engine with the given habits.
func fakeAEI(t testing.TB, habits string) Spec {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(aeitest.EnvVar, habits)
	t.Setenv("GORACE", "atexit_sleep_ms=0")
	spec, err := ParseSpec([]string{fmt.Sprintf("'%s' -test.run=^$", exe)})
	if err != nil {
		t.Fatal(err)
	}
	spec.Grace, spec.StartTimeout = 300*time.Millisecond, 5*time.Second
	return spec
}

func TestRunnerAEI(t *testing.T) {
	tests := exampleTests(t, "goal-one-step", "silver-goal", "goal-two-steps")
	for _, tc := range []struct {
		habits                 string
		passed, failed, errors int
		wantLogSubstring       string
	}{
		{"wbonly,logonly,garbage", 3, 0, 0, "garbage"},
		{"slowstart,capless", 3, 0, 0, "aeiok"},
		{"illegal", 0, 0, 3, "bestmove Ra1n Ra1n"},
		{"gscrash", 2, 0, 1, "setposition g"},
		{"crash", 0, 0, 3, "about to crash"},
		{"hang,eofspin", 0, 0, 3, "> stop"},
	} {
		t.Run(tc.habits, func(t *testing.T) {
			spec := fakeAEI(t, tc.habits)
			factory, err := spec.Factory()
			if err != nil {
				t.Fatal(err)
			}
			r, _ := NewRunner(RunConfig{Tests: tests, Engine: factory, Limits: analysis.Limits{Time: 100 * time.Millisecond}, Grace: 2 * time.Second})
			sum, err := r.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if sum.Passed != tc.passed || sum.Failed != tc.failed || sum.Errors != tc.errors {
				t.Errorf("%s; results %+v", sum.Line(), sum.Results)
			}
			if log := strings.Join(sum.Results[0].Log, "\n"); !strings.Contains(log, tc.wantLogSubstring) {
				t.Errorf("log lacks %q:\n%s", tc.wantLogSubstring, log)
			}
		})
	}
}

// TestBuiltinDeterministic: with one thread, a seed and a playout budget
// (nodes, for the alpha-beta search), both builtin searches' answers
// repeat exactly and spend the budget exactly.
func TestBuiltinDeterministic(t *testing.T) {
	tests := exampleTests(t, "easy-way", "capture-the-horse")
	for _, engine := range []string{"builtin", "builtin:search.algorithm=mcts"} {
		run := func() []TestResult {
			r, _ := NewRunner(RunConfig{Tests: tests, Limits: analysis.Limits{Playouts: 500},
				Engine: mustSpec(t, engine, "threads=1").seeded(7).mustFactory(t)})
			sum, err := r.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			return sum.Results
		}
		a, b := run(), run()
		for i := range a {
			if a[i].Move != b[i].Move || a[i].Playouts != b[i].Playouts || a[i].Nodes != b[i].Nodes || a[i].Score != b[i].Score {
				t.Errorf("%s, %s: %q %d/%d playouts, then %q %d/%d", engine, a[i].Name, a[i].Move, a[i].Playouts, a[i].Nodes, b[i].Move, b[i].Playouts, b[i].Nodes)
			}
			if a[i].Playouts != 500 || !a[i].Legal {
				t.Errorf("%s, %s: %d playouts, legal %v", engine, a[i].Name, a[i].Playouts, a[i].Legal)
			}
		}
	}
}

// mustSpec reads an engine spec from its words.
func mustSpec(t testing.TB, words ...string) Spec {
	t.Helper()
	s, err := ParseSpec(words)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (s Spec) seeded(seed uint64) Spec { s.Seed = seed; return s }

func (s Spec) mustFactory(t testing.TB) EngineFactory {
	f, err := s.Factory()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestRunnerOneWriter: while a run writes its result file, a second run
// on the same file, fresh or resumed, stops at once and names the holder;
// the first run's file is left whole, and once it ends the file resumes.
func TestRunnerOneWriter(t *testing.T) {
	tests := exampleTests(t, "goal-one-step", "capture-push", "easy-way")
	file := filepath.Join(t.TempDir(), "run.jsonl")
	started, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	base := solver(tests, nil)
	ff := &fakeFactory{play: func(ctx context.Context, pos rules.Position, p func(analysis.Report)) (analysis.Result, error) {
		once.Do(func() { close(started) })
		<-release
		return base(ctx, pos, p)
	}}
	cfg := RunConfig{Tests: tests, Engine: ff.factory, Limits: analysis.Limits{Playouts: 1}, ResultFile: file, Resume: true}
	first, _ := NewRunner(cfg)
	type outcome struct {
		sum *Summary
		err error
	}
	done := make(chan outcome)
	go func() {
		sum, err := first.Run(context.Background())
		done <- outcome{sum, err}
	}()
	<-started
	want := fmt.Sprintf("%s is being written by another run (pid %d)", file, os.Getpid())
	for _, resume := range []bool{true, false} {
		c := cfg
		c.Resume = resume
		second, _ := NewRunner(c)
		sum, err := second.Run(context.Background())
		if err == nil || err.Error() != want || !errors.Is(err, fsutil.ErrLocked) || sum != nil {
			t.Errorf("second run (resume %v): %v; want %q", resume, err, want)
		}
	}
	close(release)
	got := <-done
	if got.err != nil || got.sum.Passed != 3 {
		t.Fatalf("first run: %v, %+v", got.err, got.sum)
	}
	_, rs, finished, err := ReadResultFile(file)
	if err != nil || len(rs) != 3 || !finished {
		t.Fatalf("file after both runs: %d results, finished %v, %v", len(rs), finished, err)
	}
	again, _ := NewRunner(cfg)
	if sum, err := again.Run(context.Background()); err != nil || len(sum.Results) != 3 {
		t.Fatalf("resume after the first run ended: %v", err)
	}
}
