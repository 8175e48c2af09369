package ats

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/analysis"
)

// TestPlanRun: the settings given come before the configuration file's,
// which come before the defaults; a resumed run's header before all; the
// engine's own words before the configuration's engine options.
func TestPlanRun(t *testing.T) {
	cfg := &Config{Engine: "builtin:search.exploration=0.5", EngineOptions: map[string]string{"search.best_of": "2", "search.exploration": "0.4"},
		Tests: []string{"cfg-tests"}, Filter: "tag:goal", TimePerTest: 3, Cycles: 2, Jobs: 2, Threshold: 0.5, Threads: 3, Seed: 9}
	tests := []struct {
		name  string
		in    RunInput
		check func(p RunPlan) bool
	}{
		{"defaults", RunInput{Paths: []string{"t"}, CPUs: 8}, func(p RunPlan) bool {
			return p.Spec.Builtin && p.Spec.Threads == 8 && p.Spec.Seed == 1 && p.Limits == analysis.Limits{Time: time.Second} &&
				p.Cycles == 1 && p.Jobs == 1 && p.Threshold == 1 && p.Grace == 5*time.Second && p.Spec.StartTimeout == 30*time.Second
		}},
		{"cores among jobs", RunInput{Paths: []string{"t"}, Jobs: new(3), CPUs: 8}, func(p RunPlan) bool { return p.Spec.Threads == 2 }},
		{"engine decides", RunInput{Paths: []string{"t"}}, func(p RunPlan) bool { return p.Spec.Threads == 0 }},
		{"configuration", RunInput{Config: cfg, CPUs: 8}, func(p RunPlan) bool {
			return p.Paths[0] == "cfg-tests" && p.Filter == "tag:goal" && p.Limits.Time == 3*time.Second && p.Cycles == 2 && p.Jobs == 2 &&
				p.Threshold == 0.5 && p.Spec.Threads == 3 && p.Spec.Seed == 9 &&
				p.Spec.Config.Search.Exploration == 0.5 && p.Spec.Config.Search.BestOf == 2
		}},
		{"flags over configuration", RunInput{Config: cfg, Paths: []string{"mine"}, Filter: new("1-2"), Playouts: new(int64(500)),
			Cycles: new(1), Jobs: new(1), Threshold: new(1.0), Threads: new(1), Seed: new(uint64(4)),
			Engine: []string{"builtin", "threads=2", "search.exploration=0.3"}, Options: []string{"search.best_of=3"}}, func(p RunPlan) bool {
			return p.Paths[0] == "mine" && p.Filter == "1-2" && p.Limits == analysis.Limits{Playouts: 500} && p.Cycles == 1 &&
				p.Spec.Threads == 1 && p.Spec.Seed == 4 && p.Spec.Config.Search.Exploration == 0.3 && p.Spec.Config.Search.BestOf == 3
		}},
		{"threads= word over configuration", RunInput{Config: cfg, Engine: []string{"builtin", "threads=2"}}, func(p RunPlan) bool {
			return p.Spec.Threads == 2 && p.Spec.Config.Search.Exploration == 0.4
		}},
		{"aei engine", RunInput{Paths: []string{"t"}, Engine: []string{"'bin/x aei'", "hash=32"}, Options: []string{"hash=64"},
			Time: new(2.0), Grace: new(1.0), StartTimeout: new(3.0), CPUs: 8}, func(p RunPlan) bool {
			return !p.Spec.Builtin && p.Spec.Threads == 0 && len(p.Spec.Options) == 1 && p.Spec.Options[0].Value == "64" &&
				p.Grace == time.Second && p.Spec.Grace == time.Second && p.Spec.StartTimeout == 3*time.Second
		}},
		{"a panel's engine", RunInput{Paths: []string{"t"}, Spec: &Spec{Name: "mine", Builtin: true, Config: mustSpec(t, "builtin").Config},
			Threads: new(2), Seed: new(uint64(0))}, func(p RunPlan) bool {
			return p.Spec.Name == "mine" && p.Spec.Threads == 2 && p.Spec.Seed == 0
		}},
		{"resume", RunInput{Config: cfg, Paths: []string{"mine"}, Jobs: new(4), Grace: new(2.0), Resume: &RunHeader{Paths: []string{"old"},
			Filter: "3", Engine: "bot -x", EngineOptions: map[string]string{"hash": "1"}, Limits: analysis.Limits{Time: time.Minute},
			Cycles: 3, Threshold: 0.75}}, func(p RunPlan) bool {
			return p.Paths[0] == "old" && p.Filter == "3" && !p.Spec.Builtin && p.Spec.Command[1] == "-x" && p.Spec.HasOption("hash") &&
				p.Limits.Time == time.Minute && p.Cycles == 3 && p.Threshold == 0.75 && p.Jobs == 4 && p.Spec.Grace == 2*time.Second
		}},
	}
	for _, tc := range tests {
		p, err := PlanRun(tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !tc.check(p) {
			t.Errorf("%s: %+v", tc.name, p)
		}
	}
}

// TestPlanRunErrors: a plan that cannot run says which setting is wrong.
func TestPlanRunErrors(t *testing.T) {
	paths := []string{"t"}
	for _, tc := range []struct {
		name string
		in   RunInput
		want string
	}{
		{"no tests", RunInput{}, "no tests"},
		{"cycles", RunInput{Paths: paths, Cycles: new(MaxCycles + 1)}, "cycles"},
		{"jobs", RunInput{Paths: paths, Jobs: new(MaxJobs + 1)}, "parallel tests"},
		{"time", RunInput{Paths: paths, Time: new(-1.0)}, "time per test"},
		{"threshold", RunInput{Paths: paths, Threshold: new(1.5)}, "threshold"},
		{"threads", RunInput{Paths: paths, Threads: new(100000)}, "threads"},
		{"grace", RunInput{Paths: paths, Grace: new(1e9)}, "grace"},
		{"start timeout", RunInput{Paths: paths, StartTimeout: new(-1.0)}, "start timeout"},
		{"filter", RunInput{Paths: paths, Filter: new("9-1")}, "9-1"},
		{"engine", RunInput{Paths: paths, Engine: []string{"builtin:no.such=1"}}, "no.such"},
		{"option", RunInput{Paths: paths, Options: []string{"novalue"}}, "NAME=VALUE"},
		{"key", RunInput{Paths: paths, Options: []string{"search.no_such=1"}}, "no_such"},
		{"configuration key", RunInput{Paths: paths, Config: &Config{EngineOptions: map[string]string{"x.y": "1"}}}, "x.y"},
		{"aei budget", RunInput{Paths: paths, Engine: []string{"bot"}, Playouts: new(int64(10))}, "needs a time"},
		{"resumed engine", RunInput{Resume: &RunHeader{Paths: paths, Engine: "builtin", EngineOptions: map[string]string{"a.b": "1"}}}, "a.b"},
	} {
		_, err := PlanRun(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error naming %q", tc.name, err, tc.want)
		}
	}
	if _, err := PlanRun(RunInput{Paths: paths, Cycles: new(0)}); err != nil {
		t.Errorf("cycles 0 (one, as an empty field): %v", err)
	}
	if _, err := PlanRun(RunInput{}); !errors.Is(err, ErrNoTests) {
		t.Errorf("no tests: %v", err)
	}
	if _, err := PlanRun(RunInput{Paths: paths, Jobs: new(MaxJobs + 1)}); !errors.Is(err, ErrRange) {
		t.Errorf("jobs: %v does not wrap ErrRange", err)
	}
}

// TestPlanRunConfig: the runner's configuration records the engine as a
// resumed run reads it back.
func TestPlanRunConfig(t *testing.T) {
	p, err := PlanRun(RunInput{Paths: []string{"t"}, Engine: []string{"builtin:search.exploration=0.3"}, Threads: new(1), Seed: new(uint64(5))})
	if err != nil {
		t.Fatal(err)
	}
	rc, err := p.RunConfig("suite", nil)
	if err != nil {
		t.Fatal(err)
	}
	if rc.Engine == nil || rc.EngineName != BuiltinName || rc.EngineOptions["search.exploration"] != "0.3" || rc.Threads != 1 || rc.Seed != 5 ||
		rc.Limits.Time != time.Second || rc.Grace != 5*time.Second || !strings.HasSuffix(rc.Paths[0], "t") {
		t.Errorf("run config %+v", rc)
	}
	h := RunHeader{Engine: rc.EngineName, EngineOptions: rc.EngineOptions, Threads: rc.Threads, Seed: rc.Seed}
	back, err := h.Spec()
	// The record keeps no name, nor the controller's timeouts.
	back.Name, back.Grace, back.StartTimeout = p.Spec.Name, p.Spec.Grace, p.Spec.StartTimeout
	if err != nil || !sameEngine(back, p.Spec) {
		t.Errorf("the header reads back as %s, want %s (%v)", back, p.Spec, err)
	}
}

// TestResultFileKeepsEngineDir: an external engine's working folder, which
// its command line may be relative to, reaches the result file's header
// and comes back when the run is resumed.
func TestResultFileKeepsEngineDir(t *testing.T) {
	spec, err := AEISpec("bot", []string{"./bot", "--aei"}, "/opt/bots", []aei.Option{{Name: "hash", Value: "64"}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := PlanRun(RunInput{Paths: []string{"t"}, Spec: &spec})
	if err != nil {
		t.Fatal(err)
	}
	rc, err := p.RunConfig("suite", nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRunner(rc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "run.jsonl")
	f, err := CreateResultFile(path, r.header())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	h, _, _, err := ReadResultFile(path)
	if err != nil {
		t.Fatal(err)
	}
	resumed, err := PlanRun(RunInput{Resume: &h})
	if err != nil {
		t.Fatal(err)
	}
	if s := resumed.Spec; s.Dir != "/opt/bots" || !slices.Equal(s.Command, spec.Command) || !slices.Equal(s.Options, spec.Options) {
		t.Errorf("the run resumes with %q in %q, options %v; want %q in /opt/bots, %v", s.Command, s.Dir, s.Options, spec.Command, spec.Options)
	}
}
