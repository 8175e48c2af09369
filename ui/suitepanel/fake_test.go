package suitepanel

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/ui/engines"
)

// Three hand-made tests, Gold to move: a Gold rabbit on a7 with a8 free,
// the Gold elephant on d3, a Silver cat on f7; the spare Gold rabbit on the
// first rank tells the positions apart (the fake engine answers by
// position).
//
//   - 1-goal: "score goal"; the engine plays Ra7n and passes.
//   - 2-elephant: the elephant on d5 (1) or d4 (0.5); the engine plays
//     Ed3n, scores 0.5 and fails.
//   - 3-miss: the elephant on e2; the engine plays Ed3e and fails.
func suitePositions() map[string]rules.Position {
	out := map[string]rules.Position{}
	for i, name := range []string{"1-goal", "2-elephant", "3-miss"} {
		var b [64]rules.Piece
		b[rules.A7] = rules.GoldRabbit
		b[rules.D3] = rules.MakePiece(rules.Gold, rules.Elephant)
		b[rules.H1-rules.Square(i)] = rules.GoldRabbit
		b[rules.H8] = rules.MakePiece(rules.Silver, rules.Rabbit)
		b[rules.F7] = rules.MakePiece(rules.Silver, rules.Cat)
		out[name] = rules.NewPosition(rules.Gold, 10, b)
	}
	return out
}

var suiteFiles = map[string]string{
	"1-goal":     "score goal",
	"2-elephant": "Ed5 : 1 | Ed4 : 0.5",
	"3-miss":     "Ee2",
}

// fakeMoves is what the fake engine plays in each test.
var fakeMoves = map[string]string{
	"1-goal":     "Ra7n",
	"2-elephant": "Ed3n",
	"3-miss":     "Ed3e",
}

// writeSuite writes the three tests as .ats files into a new folder.
func writeSuite(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	for name, pos := range suitePositions() {
		test := &ats.Test{Name: name, Comment: "Test " + name + ".", Tags: []string{"fake", name[2:]}, Position: pos}
		c, err := ats.ParseATSCriteria(suiteFiles[name], pos)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		test.Criteria = c
		if err := ats.SaveATS(filepath.Join(dir, name+".ats"), test); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return dir
}

// fakeEngine answers by position; gate, when set, holds the answer to test
// 3-miss until it is closed or ctx ends.
type fakeEngine struct {
	gate <-chan struct{}
}

func (fakeEngine) Name() string { return "fake" }
func (fakeEngine) Close() error { return nil }

func (f fakeEngine) Search(ctx context.Context, g *rules.Game, lim analysis.Limits, out analysis.Output) (analysis.Result, error) {
	pos := g.Position()
	name := ""
	for n, p := range suitePositions() {
		if p.AEIString() == pos.AEIString() {
			name = n
		}
	}
	move := fakeMoves[name]
	var best rules.Move
	if w, err := rules.ParseMove(move); err == nil {
		best = w.Move
	}
	out.Send(analysis.Report{Elapsed: 10 * time.Millisecond, Best: best, Playouts: 100, AvgDepth: 3, MaxDepth: 5})
	if name == "3-miss" && f.gate != nil {
		select {
		case <-f.gate:
		case <-ctx.Done():
			return analysis.Result{}, ctx.Err()
		}
	}
	return analysis.Result{Move: move, Report: analysis.Report{Elapsed: 20 * time.Millisecond, Best: best, Playouts: 200}, Log: []string{"searched " + name}}, nil
}

// fakeOptions offers in opts one engine, an external one by its choice,
// which Factory makes a fakeEngine waiting for gate (nil: answering at
// once).
func fakeOptions(opts Options, gate <-chan struct{}) Options {
	fake := engines.Choice{Name: "fake engine", AEI: aei.Config{Command: []string{"fake"}}}
	opts.Engines = func() []engines.Choice { return []engines.Choice{fake} }
	opts.Factory = func(ats.Spec) (ats.EngineFactory, error) {
		return func(context.Context) (analysis.Engine, error) { return fakeEngine{gate: gate}, nil }, nil
	}
	return opts
}

// scriptedRun is a fake runner: it plays a fixed event stream (every test
// passes with the move "Ra7n" scored by the test itself) without engines.
func scriptedRun(ctx context.Context, cfg ats.RunConfig) (*ats.Summary, error) {
	var results []ats.TestResult
	st := ats.RunStatus{Total: len(cfg.Tests)}
	for _, t := range cfg.Tests {
		cfg.OnEvent(ats.Event{Kind: ats.TestStarted, Test: t, Cycle: 1, Status: st})
		cfg.OnEvent(ats.Event{Kind: ats.EngineOutput, Test: t, Cycle: 1, Line: "info depth 1", Status: st})
		move := fakeMoves[t.Name]
		pl, v, err := t.Score(move, ats.Report{})
		r := ats.TestResult{Name: t.Name, Number: t.Number, Cycle: 1, Move: move, Canonical: pl.Text, Legal: err == nil,
			Score: v.Score, MaxScore: t.Criteria.MaxScore(), Seconds: 0.5, Blocks: v.Blocks, Log: []string{"info depth 1"}}
		r.Status = ats.Fail
		if r.Score >= r.MaxScore {
			r.Status = ats.Pass
		}
		results = append(results, r)
		st.Done++
		st.Score += r.Score
		st.MaxScore += r.MaxScore
		if r.Status == ats.Pass {
			st.Passed++
		} else {
			st.Failed++
		}
		cfg.OnEvent(ats.Event{Kind: ats.TestDone, Test: t, Cycle: 1, Result: &r, Status: st})
	}
	sum := ats.Summarize(ats.RunHeader{Suite: cfg.Suite, Threshold: 1, Cycles: 1}, results, true)
	cfg.OnEvent(ats.Event{Kind: ats.RunDone, Status: st})
	return sum, ctx.Err()
}

func positionText(p rules.Position) string { return records.FormatPosition(p) }

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func sleep() { time.Sleep(2 * time.Millisecond) }
