package builtin

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/engine/rules"
)

// TestEngine: the builtin engine as an analysis.Engine answers as the
// tree searcher does with the same options, streams its reports and their
// lines, keeps its searcher while the options stay, and sets up in a
// setup phase.
func TestEngine(t *testing.T) {
	ctx := context.Background()
	cfg := config.Default()
	cfg.Search.Algorithm = "mcts"
	opts := Options{Threads: 1, Seed: 3, Config: cfg}
	lim := analysis.Limits{Playouts: 1500}
	g, err := rules.NewGameFrom(rules.StartPosition())
	if err != nil {
		t.Fatal(err)
	}
	direct, err := mcts.New(opts).Search(ctx, g, lim, nil)
	if err != nil {
		t.Fatal(err)
	}

	e := New("builtin", Fixed(Options{Config: cfg}))
	var reports []analysis.Report
	var lines []string
	out := analysis.Output{
		Report: func(r analysis.Report) { reports = append(reports, r) },
		Line:   func(l string) { lines = append(lines, l) },
	}
	lim.Threads, lim.Seed = 1, 3
	res, err := e.Search(ctx, g, lim, out)
	if err != nil {
		t.Fatal(err)
	}
	if res.Report.Best != direct.Best || res.Move != g.Position().MoveString(direct.Best) {
		t.Errorf("engine %q (%v), searcher %v", res.Move, res.Report.Best, direct.Best)
	}
	if len(reports) == 0 || !reports[len(reports)-1].Final || !res.Report.HasWinRatio || res.Report.Playouts < 1500 {
		t.Errorf("reports %d, final %+v", len(reports), res.Report)
	}
	if len(lines) != len(reports)+1 || !strings.Contains(lines[0], "builtin: analysing 2w") || len(res.Log) != len(reports) {
		t.Errorf("lines %q, log %d lines", lines, len(res.Log))
	}
	s := e.Searcher()
	quiet, err := e.Search(ctx, g, lim, analysis.Output{})
	if err != nil || e.Searcher() != s {
		t.Errorf("the same options made a new searcher (err %v)", err)
	}
	// Nobody listening: only the final report, which repeats the search.
	if quiet.Move != res.Move || !quiet.Report.Final || len(quiet.Log) != 1 {
		t.Errorf("quiet search: move %q (want %q), log %q", quiet.Move, res.Move, quiet.Log)
	}
	lim.Seed = 4
	if _, err := e.Search(ctx, g, lim, analysis.Output{}); err != nil || e.Searcher() == s {
		t.Errorf("another seed kept the searcher (err %v)", err)
	}
	if e.Snapshot(2, 4) == nil {
		t.Error("no tree snapshot after a search")
	}

	setup, err := e.Search(ctx, rules.NewGame(), analysis.Limits{}, analysis.Output{})
	if err != nil || len(setup.Setup) != 16 || setup.Move != "" {
		t.Errorf("setup %v, move %q, err %v", setup.Setup, setup.Move, err)
	}
	// Two searches at once: the second gets a searcher of its own.
	ctx2, cancel := context.WithCancel(ctx)
	done := make(chan error)
	go func() {
		_, err := e.Search(ctx2, g, analysis.Limits{Threads: 1}, analysis.Output{})
		done <- err
	}()
	for !e.busy() {
		runtime.Gosched()
	}
	if r, err := e.Search(ctx, g, analysis.Limits{Playouts: 200, Threads: 1}, analysis.Output{}); err != nil || r.Move == "" {
		t.Errorf("a search beside another: %q, %v", r.Move, err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
	if err := e.Reserve(analysis.Limits{Nodes: -1}); err == nil {
		t.Error("a negative node budget was reserved")
	}
}

func (e *Engine) busy() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.inUse
}

// TestAlphaBetaEngine: search.algorithm = alphabeta gives the alpha-beta
// search, which answers as its searcher does, with a score and no tree.
func TestAlphaBetaEngine(t *testing.T) {
	ctx := context.Background()
	cfg := config.Default()
	if err := cfg.Set("search.algorithm", "alphabeta"); err != nil {
		t.Fatal(err)
	}
	cfg.AlphaBeta.HashMB = 4
	g, err := rules.NewGameFrom(rules.StartPosition())
	if err != nil {
		t.Fatal(err)
	}
	lim := analysis.Limits{Depth: 4, Threads: 1}
	direct, err := NewSearcher(Options{Threads: 1, Config: cfg}).Search(ctx, g, lim, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := New("ab", Fixed(Options{Config: cfg}))
	res, err := e.Search(ctx, g, lim, analysis.Output{Report: func(analysis.Report) {}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Report.Best != direct.Best || !res.Report.HasScore || res.Report.AvgDepth != 4 || res.Report.Ended != analysis.EndDepth {
		t.Errorf("engine: %v, depth %.0f, ended %s, has score %v; searcher %v", res.Report.Best, res.Report.AvgDepth, res.Report.Ended, res.Report.HasScore, direct.Best)
	}
	if _, ok := e.Searcher().(abSearcher); !ok {
		t.Errorf("search.algorithm=alphabeta searched with %T", e.Searcher())
	}
	// No tree: the snapshot is the root moves, best first, along their lines.
	root := e.Snapshot(2, 4)
	if root == nil || len(root.Children) == 0 || len(root.Children) > 4 || root.Children[0].Step != res.Report.Best.Steps[0] || root.Visits != res.Report.Nodes {
		t.Fatalf("snapshot of the alpha-beta search: %+v", root)
	}
	if c := root.Children[0]; len(c.Children) != 1 || len(c.Children[0].Children) != 0 {
		t.Errorf("the best line's snapshot is not a chain of two steps: %+v", c)
	}
}
