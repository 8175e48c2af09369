package cluster

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/match"
	"arimaa-workbench/engine/analysis"
)

// suiteSpec is the builtin engine as a deterministic test run takes it.
func suiteSpec(t testing.TB) ats.Spec {
	s, err := ats.ParseSpec([]string{"builtin", "search.memory_mb=16", "threads=1"})
	if err != nil {
		t.Fatal(err)
	}
	s.Seed = 3
	return s
}

// runSuite runs tests (two cycles, 150 playouts each) to result file out,
// here or with ex.
func runSuite(t *testing.T, tests []*ats.Test, out string, ex ats.Executor) *ats.Summary {
	t.Helper()
	f, err := suiteSpec(t).Factory()
	if err != nil {
		t.Fatal(err)
	}
	r, err := ats.NewRunner(ats.RunConfig{Suite: "goals", Tests: tests, Engine: f, EngineName: "builtin", EngineOptions: map[string]string{"search.memory_mb": "16"},
		Threads: 1, Seed: 3, Limits: analysis.Limits{Playouts: 150}, Cycles: 2, ResultFile: out, Executor: ex})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	sum, err := r.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

func goalTests(t *testing.T) []*ats.Test {
	t.Helper()
	s, errs := ats.LoadSuite("../../../assets/tests/goals.toml")
	if len(errs) > 0 || len(s.Tests) < 3 {
		t.Fatalf("%d tests, %v", len(s.Tests), errs)
	}
	return s.Tests[:3]
}

// TestDistributedSuite runs a suite's tests as jobs on two in-process
// workers: the result file holds every test and cycle once, with the very
// moves and scores of a local run.
func TestDistributedSuite(t *testing.T) {
	tests := goalTests(t)
	dir := t.TempDir()
	local := runSuite(t, tests, filepath.Join(dir, "local.jsonl"), nil)

	srv := startServer(t, Settings{})
	nc := dial(t, srv.URL(), srv.CoordinatorSettings())
	startWorkers(t, srv, 2, WorkerOptions{})
	out := filepath.Join(dir, "dist.jsonl")
	c, err := NewCoordinator(nc, CoordinatorOptions{Run: RunID(out), Fresh: true})
	if err != nil {
		t.Fatal(err)
	}
	got := runSuite(t, tests, out, c.Tests(suiteSpec(t)))
	if got.Line() != local.Line() || !got.Finished {
		t.Errorf("distributed: %s, local: %s", got.Line(), local.Line())
	}
	_, results, done, err := ats.ReadResultFile(out)
	if err != nil || !done || len(results) != 2*len(tests) {
		t.Fatalf("%d results, complete %v, %v", len(results), done, err)
	}
	seen := map[string]bool{}
	for _, r := range results {
		key := r.Name + "/" + string(rune('0'+r.Cycle))
		if seen[key] {
			t.Errorf("%s twice", key)
		}
		seen[key] = true
	}
	want := map[string]ats.TestResult{}
	for _, r := range local.Results {
		want[r.Name+"/"+string(rune('0'+r.Cycle))] = r
	}
	for _, r := range got.Results {
		w := want[r.Name+"/"+string(rune('0'+r.Cycle))]
		if r.Move != w.Move || r.Score != w.Score || r.Status != w.Status || r.Playouts != w.Playouts {
			t.Errorf("%s cycle %d: %s %v %s, local %s %v %s", r.Name, r.Cycle, r.Move, r.Score, r.Status, w.Move, w.Score, w.Status)
		}
	}
}

// TestGiveUp: a job whose workers all vanish (taken, then no heartbeat
// and no result) is given up after the cap on deliveries, with the
// reason, as an error of its test or a game given up; the run ends.
func TestGiveUp(t *testing.T) {
	for _, kind := range []string{gameKind, testKind} {
		t.Run(kind, func(t *testing.T) {
			srv := startServer(t, Settings{})
			nc := dial(t, srv.URL(), srv.CoordinatorSettings())
			// The victim's slots take the job and then hang for good,
			// each as a worker killed in the middle of the job would.
			taken := make(chan string, 4)
			release := make(chan struct{})
			startWorker(t, srv, WorkerOptions{Name: "victim", Slots: 2, testCrash: func(job string) {
				taken <- job
				<-release
			}})
			t.Cleanup(func() { close(release) })
			c, err := NewCoordinator(nc, CoordinatorOptions{Run: "giveup-" + kind, Fresh: true, AckWait: 300 * time.Millisecond, MaxDeliveries: 2})
			if err != nil {
				t.Fatal(err)
			}
			go func() {
				// The healthy worker comes once the victim has taken
				// the job twice: it takes the third delivery, and the
				// job is given up.
				<-taken
				<-taken
				startWorker(t, srv, WorkerOptions{Name: "healthy"})
			}()
			want := "given up after 2 deliveries: the last, to worker victim (delivery 2), ended without a result"
			switch kind {
			case gameKind:
				out := filepath.Join(t.TempDir(), "m.txt")
				cfg := config(t, out, 1)
				cfg.Executor = c
				sum, err := play(t, cfg)
				if err != nil || !sum.Finished || sum.Done != 1 || sum.Kinds[match.GivenUp] != 1 || sum.Engines[0].Wins+sum.Engines[0].Losses+sum.Engines[0].Draws != 0 {
					t.Fatalf("summary %+v, %v", sum, err)
				}
				games := readGames(t, out)
				if g := games["1"]; g == nil || !strings.Contains(g.Events, want) || match.KindOf(g) != match.GivenUp {
					t.Errorf("the game given up: %+v", g)
				}
			case testKind:
				tests := goalTests(t)[:1]
				f, _ := suiteSpec(t).Factory()
				r, err := ats.NewRunner(ats.RunConfig{Tests: tests, Engine: f, Limits: analysis.Limits{Playouts: 50}, Executor: c.Tests(suiteSpec(t))})
				if err != nil {
					t.Fatal(err)
				}
				sum, err := r.Run(context.Background())
				if err != nil || sum.Errors != 1 || len(sum.Results) != 1 || !strings.HasPrefix(sum.Results[0].Err, want) {
					t.Fatalf("summary %+v, %v", sum, err)
				}
			}
		})
	}
}

// startWorker runs one worker with a connection of its own until the
// test ends.
func startWorker(t *testing.T, srv *Server, opts WorkerOptions) {
	own, err := ConnectWorker(context.Background(), srv.URL(), srv.WorkerSettings(), opts.Name, nil)
	if err != nil {
		t.Error(err)
		return
	}
	w, err := NewWorker(own, opts)
	if err != nil {
		t.Error(err)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := w.Run(ctx); err != nil {
			t.Error(err)
		}
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		own.Close()
	})
}

// testReporter collects what a suite run's execution reports.
type testReporter struct {
	mu   sync.Mutex
	done []ats.TestResult
}

func (r *testReporter) Started(ats.TestJob) {}
func (r *testReporter) Done(_ ats.TestJob, res ats.TestResult) {
	r.mu.Lock()
	r.done = append(r.done, res)
	r.mu.Unlock()
}
func (r *testReporter) Notice(string) {}

// TestStoredTestResults: a test's result stored while no coordinator
// listened is taken without a job; a second result for it is ignored, and
// a result for another version of the test (other settings) too.
func TestStoredTestResults(t *testing.T) {
	srv := startServer(t, Settings{})
	nc := dial(t, srv.URL(), srv.CoordinatorSettings())
	c := setupCoordinator(t, nc, CoordinatorOptions{Run: "stored-tests", Key: testKey})
	j := ats.TestJob{ID: 1, Test: goalTests(t)[0], Cycle: 1}
	set := ats.TestSettings{Limits: analysis.Limits{Playouts: 50}, Grace: time.Second, Budget: time.Minute, Threshold: 1}
	fp, _ := fingerprint(&testTask{Job: j, Engine: suiteSpec(t), Settings: set})
	other := set
	other.Limits.Playouts = 60
	fpOther, _ := fingerprint(&testTask{Job: j, Engine: suiteSpec(t), Settings: other})
	res := j.Errored("stored")
	wrong := j.Errored("another version")
	publishResults(t, nc, "stored-tests", []result{
		{Run: "stored-tests", Job: 1, Fingerprint: fpOther, Worker: "old", Test: &wrong},
		{Run: "stored-tests", Job: 1, Fingerprint: fp, Worker: "a", Taken: 1, Seq: 1},
		{Run: "stored-tests", Job: 1, Fingerprint: fp, Worker: "b", Taken: 2, Seq: 1},
		{Run: "stored-tests", Job: 1, Fingerprint: fp, Worker: "a", Test: &res},
		{Run: "stored-tests", Job: 1, Fingerprint: fp, Worker: "b", Test: &res},
	})
	rep := &testReporter{}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := c.Tests(suiteSpec(t)).Execute(ctx, set, []ats.TestJob{j}, rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.done) != 1 || rep.done[0].Err != "stored" {
		t.Errorf("reported %+v", rep.done)
	}
	if n := queuedJobs(t, nc); n != 0 {
		t.Errorf("%d jobs published for a test already run", n)
	}
}

// TestTestTaskWire: a test job reads back whole; a job of an earlier
// coordinator (its engine as an object under "engine", no "spec") still
// reads; and a worker of an earlier build, which read that object, finds
// a string there and refuses the job instead of running the default
// engine.
func TestTestTaskWire(t *testing.T) {
	j := ats.TestJob{ID: 4, Test: goalTests(t)[0], Cycle: 2}
	set := ats.TestSettings{Limits: analysis.Limits{Playouts: 50}, Grace: time.Second, Budget: time.Minute, Threshold: 1}
	spec := suiteSpec(t)
	if err := spec.SetOption("search.exploration", "0.4"); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(testTask{Job: j, Engine: spec, Settings: set})
	if err != nil {
		t.Fatal(err)
	}
	var back testTask
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	back.Engine.Named = spec.Named // a name from the wire is the user's
	if !reflect.DeepEqual(back.Engine, spec) || back.Job.ID != 4 || back.Settings != set {
		t.Errorf("%s reads back as %+v", data, back)
	}
	var earlier struct {
		Engine struct{ Engine string }
	}
	if err := json.Unmarshal(data, &earlier); err == nil {
		t.Errorf("a worker of an earlier build reads %s as the engine %+v", data, earlier.Engine)
	}

	job, err := json.Marshal(j)
	if err != nil {
		t.Fatal(err)
	}
	old := `{"job":` + string(job) + `,"engine":{"Engine":"builtin","Options":{"search.memory_mb":"16","search.exploration":"0.4"},` +
		`"Threads":1,"Seed":3,"StartTimeout":0,"Grace":0},"settings":{"limits":{"Playouts":50},"grace_ns":1000000000,"budget_ns":60000000000,"threshold":1}}`
	var fromOld testTask
	if err := json.Unmarshal([]byte(old), &fromOld); err != nil {
		t.Fatal(err)
	}
	e := fromOld.Engine
	if !e.Builtin || e.Config.Search.Exploration != 0.4 || e.Config.Search.MemoryMB != 16 || e.Threads != 1 || e.Seed != 3 ||
		fromOld.Settings != set || fromOld.Job.Test.Name != j.Test.Name {
		t.Errorf("the earlier form reads as %+v", fromOld)
	}
	if err := json.Unmarshal([]byte(`{"job":`+string(job)+`}`), &fromOld); err == nil {
		t.Error("a test job without its engine read")
	}
}
