package suitepanel

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/analysis"
)

// smallSuite is a suite of n tests with no positions: the model does not
// look at them, and the runners below do not score them.
func smallSuite(n int) *ats.Suite {
	s := &ats.Suite{Name: "small"}
	for i := 1; i <= n; i++ {
		s.Tests = append(s.Tests, &ats.Test{Name: fmt.Sprintf("t%d", i), Number: i, Tags: []string{fmt.Sprintf("odd%v", i%2 == 1)}})
	}
	return s
}

// passAll is a runner whose every test passes in each cycle.
func passAll(ctx context.Context, cfg ats.RunConfig) (*ats.Summary, error) {
	var results []ats.TestResult
	for c := 1; c <= max(cfg.Cycles, 1); c++ {
		for _, t := range cfg.Tests {
			cfg.OnEvent(ats.Event{Kind: ats.TestStarted, Test: t, Cycle: c})
			cfg.OnEvent(ats.Event{Kind: ats.EngineProgress, Test: t, Cycle: c, Progress: analysis.Report{Playouts: 10}})
			r := ats.TestResult{Name: t.Name, Number: t.Number, Cycle: c, Status: ats.Pass, Score: 1, MaxScore: 1, Move: "Ra2n"}
			results = append(results, r)
			cfg.OnEvent(ats.Event{Kind: ats.TestDone, Test: t, Cycle: c, Result: &r})
		}
	}
	return ats.Summarize(ats.RunHeader{Suite: cfg.Suite, Cycles: cfg.Cycles, Threshold: 1}, results, true), nil
}

// untilStopped starts every test and waits to be stopped.
func untilStopped(ctx context.Context, cfg ats.RunConfig) (*ats.Summary, error) {
	for _, t := range cfg.Tests {
		cfg.OnEvent(ats.Event{Kind: ats.TestStarted, Test: t, Cycle: 1})
	}
	<-ctx.Done()
	return nil, ctx.Err()
}

func TestModelRuns(t *testing.T) {
	tests := []struct {
		name        string
		run         RunFunc
		filter      string
		setup       Setup
		stop        bool
		wantResults map[string]int // results per test
		wantSummary bool
		resumable   bool
	}{
		{"all pass", passAll, "", Setup{Cycles: 1}, false, map[string]int{"t1": 1, "t2": 1, "t3": 1}, true, false},
		{"two cycles, filtered", passAll, "tag:oddtrue", Setup{Cycles: 2}, false, map[string]int{"t1": 2, "t2": 0, "t3": 2}, true, false},
		{"stopped with a result file", untilStopped, "", Setup{ResultFile: "r.jsonl"}, true, map[string]int{"t1": 0}, false, true},
		{"stopped without one", untilStopped, "", Setup{}, true, map[string]int{"t1": 0}, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewModel(tc.run)
			m.SetSuite(smallSuite(3), []string{"small"}, nil)
			if err := m.SetFilter(tc.filter); err != nil {
				t.Fatal(err)
			}
			v := m.Version()
			if err := m.Start(tc.setup); err != nil {
				t.Fatal(err)
			}
			if tc.stop {
				waitFor(t, func() bool { return m.State().Tests["t3"].Running })
				if err := m.Start(tc.setup); !errors.Is(err, ErrRunning) {
					t.Errorf("a second start: %v", err)
				}
				m.Stop()
			}
			m.Wait()
			st := m.State()
			if st.Running || st.Version <= v || st.Err != nil {
				t.Errorf("running %v, version %d after %d, error %v", st.Running, st.Version, v, st.Err)
			}
			for name, n := range tc.wantResults {
				ts := st.Tests[name]
				if len(ts.Results) != n || ts.Running {
					t.Errorf("%s: %d results, running %v; want %d", name, len(ts.Results), ts.Running, n)
				}
			}
			if (st.Summary != nil) != tc.wantSummary || st.Resumable != tc.resumable {
				t.Errorf("summary %v, resumable %v", st.Summary != nil, st.Resumable)
			}
			if st.Setup.Filter != tc.filter {
				t.Errorf("the run's filter is %q", st.Setup.Filter)
			}
		})
	}
}

func TestModelRefusesToStart(t *testing.T) {
	m := NewModel(passAll)
	if err := m.Start(Setup{}); !errors.Is(err, ErrNoSuite) {
		t.Errorf("no suite: %v", err)
	}
	m.SetSuite(smallSuite(2), nil, nil)
	if err := m.SetFilter("tag:nothing"); err != nil {
		t.Fatal(err)
	}
	if err := m.Start(Setup{}); !errors.Is(err, ErrNoSuite) {
		t.Errorf("nothing selected: %v", err)
	}
	if err := m.SetFilter("5-2"); err == nil {
		t.Error("a backwards range was taken")
	}
	if err := m.Resume(nil); err == nil {
		t.Error("resumed a run that was never stopped")
	}
}

// TestModelResume: a stopped run goes on with its setup, and the model
// asks for an engine when it has none.
func TestModelResume(t *testing.T) {
	gate := make(chan struct{})
	calls := 0
	run := func(ctx context.Context, cfg ats.RunConfig) (*ats.Summary, error) {
		calls++
		if calls == 1 {
			close(gate)
			return untilStopped(ctx, cfg)
		}
		if !cfg.Resume || cfg.Engine == nil || cfg.ResultFile != "r.jsonl" {
			return nil, fmt.Errorf("resumed with %+v", cfg)
		}
		return passAll(ctx, cfg)
	}
	m := NewModel(run)
	m.SetSuite(smallSuite(2), nil, nil)
	if err := m.Start(Setup{ResultFile: "r.jsonl", Cycles: 1}); err != nil {
		t.Fatal(err)
	}
	<-gate
	m.Stop()
	if err := m.Resume(nil); err == nil {
		t.Fatal("resumed without an engine")
	}
	engine := ats.EngineFactory(func(context.Context) (analysis.Engine, error) { return nil, errors.New("unused") })
	if err := m.Resume(engine); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	if st := m.State(); st.Err != nil || st.Summary == nil || st.Resumable || len(st.Tests["t2"].Results) != 1 {
		t.Errorf("after resuming: error %v, summary %v, resumable %v", st.Err, st.Summary != nil, st.Resumable)
	}
}

// TestModelStateIsShared: a state taken earlier does not change as the
// run goes on, and taking the state twice at one version copies nothing.
func TestModelStateIsShared(t *testing.T) {
	m := NewModel(nil)
	s := smallSuite(2)
	m.SetSuite(s, nil, nil)
	t1 := s.Tests[0]
	line := func(i int) ats.Event {
		return ats.Event{Kind: ats.EngineOutput, Test: t1, Line: fmt.Sprintf("line %d", i)}
	}
	m.event(ats.Event{Kind: ats.TestStarted, Test: t1, Cycle: 1})
	for i := 1; i < maxLog; i++ {
		m.event(line(i))
	}
	before := m.State()
	logBefore := slices.Clone(before.Tests["t1"].Log)
	if again := m.State(); reflect.ValueOf(again.Tests).Pointer() != reflect.ValueOf(before.Tests).Pointer() {
		t.Error("a second State at the same version copied the tests")
	}
	// The log fills and scrolls, a result arrives, a new cycle starts.
	for i := maxLog; i < maxLog+10; i++ {
		m.event(line(i))
	}
	r := ats.TestResult{Name: "t1", Cycle: 1, Status: ats.Pass}
	m.event(ats.Event{Kind: ats.TestDone, Test: t1, Cycle: 1, Result: &r})
	mid := m.State()
	m.event(ats.Event{Kind: ats.TestStarted, Test: t1, Cycle: 2})
	m.event(line(-1))
	after := m.State()

	if got := before.Tests["t1"]; !slices.Equal(got.Log, logBefore) || len(got.Results) != 0 || !got.Running {
		t.Errorf("the earlier state changed: %d log lines (first %q), %d results", len(got.Log), got.Log[0], len(got.Results))
	}
	log := mid.Tests["t1"].Log
	if len(log) != maxLog || log[len(log)-2] != fmt.Sprintf("line %d", maxLog+9) || log[0] != "line 11" {
		t.Errorf("the log holds %d lines, from %q to %q", len(log), log[0], log[len(log)-1])
	}
	if got := after.Tests["t1"]; len(got.Log) != 2 || len(got.Results) != 1 || !got.Running || len(mid.Tests["t1"].Log) != maxLog {
		t.Errorf("the new cycle: log %q, %d results", got.Log, len(got.Results))
	}
	if before.Tests["t2"] != after.Tests["t2"] {
		t.Error("an unchanged test's state was copied")
	}
}

func TestModelReplaceTest(t *testing.T) {
	m := NewModel(passAll)
	s := smallSuite(2)
	m.SetSuite(s, nil, nil)
	if err := m.Start(Setup{}); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	before := m.State()
	edited := &ats.Test{Name: "t2", Number: 2, Comment: "edited"}
	m.ReplaceTest(edited)
	m.ReplaceTest(&ats.Test{Name: "t9"}) // not in the suite: nothing happens
	after := m.State()
	if before.Suite.Tests[1] == edited || before.Tests["t2"].Test == edited {
		t.Error("the earlier state sees the edit")
	}
	if after.Suite.Tests[1] != edited || after.Selected[1] != edited || after.Tests["t2"].Test != edited || len(after.Tests["t2"].Results) != 0 {
		t.Error("the edited test is not in the suite, or kept its old results")
	}
	if len(after.Suite.Tests) != 2 || after.Tests["t9"] != nil {
		t.Error("a test that was not in the suite was added")
	}
}

func TestModelCompare(t *testing.T) {
	m := NewModel(passAll)
	m.SetSuite(smallSuite(2), nil, nil)
	if err := m.Start(Setup{}); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	if m.State().Compare != nil {
		t.Error("a comparison without an earlier run")
	}
	old := ats.Summarize(ats.RunHeader{Suite: "small"}, []ats.TestResult{{Name: "t1", Cycle: 1, Status: ats.Fail, MaxScore: 1}}, true)
	m.SetPrevious(old)
	a := m.State().Compare
	m.SetFilter("t1")
	b := m.State().Compare
	if a == nil || a != b {
		t.Errorf("comparison %p, then %p: want one, made once", a, b)
	}
	m.SetPrevious(nil)
	if m.State().Compare != nil {
		t.Error("the comparison stayed after the earlier run was dropped")
	}
}

// TestModelShowRun: a run read from its result file fills the tests'
// results, and one that did not finish can be resumed.
func TestModelShowRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	rf, err := ats.CreateResultFile(path, ats.RunHeader{Version: 1, Suite: "small", Engine: "fake", Cycles: 1, Threshold: 1, Tests: []string{"t1", "t2"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []ats.TestResult{{Name: "t1", Number: 1, Cycle: 1, Status: ats.Pass, Score: 1, MaxScore: 1}} {
		if err := rf.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := rf.Close(); err != nil {
		t.Fatal(err)
	}
	m := NewModel(nil)
	m.SetSuite(smallSuite(2), nil, nil)
	m.event(ats.Event{Kind: ats.TestStarted, Test: &ats.Test{Name: "t2"}, Cycle: 1})
	if err := m.ShowRun(path); err != nil {
		t.Fatal(err)
	}
	st := m.State()
	if st.Summary == nil || st.Status.Done != 1 || st.Status.Total != 2 || st.Setup.ResultFile != path || st.Setup.EngineName != "fake" || !st.Resumable {
		t.Fatalf("summary %v, %d of %d done, setup %+v, resumable %v", st.Summary != nil, st.Status.Done, st.Status.Total, st.Setup, st.Resumable)
	}
	if len(st.Tests["t1"].Results) != 1 || len(st.Tests["t2"].Results) != 0 || st.Tests["t2"].Running || len(st.Tests["t2"].Log) != 0 {
		t.Errorf("t1 %+v, t2 %+v", st.Tests["t1"], st.Tests["t2"])
	}
	if err := m.ShowRun(filepath.Join(t.TempDir(), "none.jsonl")); err == nil {
		t.Error("a missing file was shown")
	}
}
