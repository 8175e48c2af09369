package ats

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/engine/rules"
)

// BenchmarkLoadSuite1000 loads a folder of 1,000 legacy test files (the
// measure: under 1 s).
func BenchmarkLoadSuite1000(b *testing.B) {
	dir := b.TempDir()
	data, err := os.ReadFile("../assets/tests/legacy/easy-way.ats")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 1000; i++ {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("t%04d.ats", i)), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s, errs := LoadSuite(dir)
		if len(errs) > 0 || len(s.Tests) != 1000 {
			b.Fatal(errs)
		}
	}
}

// timedEngine measures the wall time spent inside an engine's Search.
type timedEngine struct {
	analysis.Engine
	spent *time.Duration
}

func (t timedEngine) Search(ctx context.Context, g *rules.Game, lim analysis.Limits, out analysis.Output) (analysis.Result, error) {
	start := time.Now()
	a, err := t.Engine.Search(ctx, g, lim, out)
	*t.spent += time.Since(start)
	return a, err
}

// runOverhead runs tests of the example suite with an engine and reports
// the time per test beyond the time limit (overhead-ms/test) and beyond
// the engine's own Search call (runner-ms/test: judging, events and the
// synced result file).
func runOverhead(b *testing.B, factory EngineFactory, lim analysis.Limits) {
	s, errs := LoadSuite(exampleSuite)
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	tests := s.Tests
	if lim.Time > 0 {
		tests = tests[:5]
	}
	dir := b.TempDir()
	var wall, inEngine time.Duration
	timed := func(ctx context.Context) (analysis.Engine, error) {
		e, err := factory(ctx)
		if err != nil {
			return nil, err
		}
		return timedEngine{e, &inEngine}, nil
	}
	n := 0
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		r, err := NewRunner(RunConfig{Tests: tests, Engine: timed, Limits: lim,
			ResultFile: filepath.Join(dir, fmt.Sprintf("r%d.jsonl", i))})
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		sum, err := r.Run(context.Background())
		wall += time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		n += len(sum.Results)
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(n) / 1000 }
	b.ReportMetric(ms(wall-time.Duration(n)*lim.Time), "overhead-ms/test")
	b.ReportMetric(ms(wall-inEngine), "runner-ms/test")
}

// BenchmarkRunnerOverheadFake: the runner's own cost per test (judging,
// events, the synced result file) with an engine that answers at once.
func BenchmarkRunnerOverheadFake(b *testing.B) {
	s, _ := LoadSuite(exampleSuite)
	ff := &fakeFactory{play: solver(s.Tests, nil)}
	runOverhead(b, ff.factory, analysis.Limits{Playouts: 1})
}

// BenchmarkRunnerOverheadBuiltin: the builtin engine with 0.1 s per test
// (the measure: under 20 ms beyond the search time).
func BenchmarkRunnerOverheadBuiltin(b *testing.B) {
	runOverhead(b, BuiltinFactory(mcts.Options{Threads: 1, Seed: 1, Config: config.Default()}), analysis.Limits{Time: 100 * time.Millisecond})
}

// BenchmarkJudgePreventGoal: the most expensive criterion, which looks at
// every reply.
func BenchmarkJudgePreventGoal(b *testing.B) {
	tc := exampleTests(b, "prevent-two-goals")[0]
	pl, err := PlayMove(tc.Position, tc.Solution)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if v := tc.Criteria.Judge(tc.Position, pl, Report{}); v.Score != 1 {
			b.Fatal(v)
		}
	}
	_ = rules.Gold
}
