package mcts

import (
	"context"
	"testing"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// benchSearch runs b.N playouts with one worker from pos and reports the
// rate; allocations per op are per playout.
func benchSearch(b *testing.B, pos rules.Position, threads int) {
	s := searcher(threads, 1)
	// Warm the tree's memory so page faults are not measured.
	if _, err := s.SearchPosition(context.Background(), pos, analysis.Limits{Playouts: 2000, Nodes: 1 << 21}, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	res, err := s.SearchPosition(context.Background(), pos, analysis.Limits{Playouts: int64(b.N), Nodes: 1 << 21}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(res.Report.Playouts)/b.Elapsed().Seconds(), "playouts/s")
}

func BenchmarkPlayoutsStart(b *testing.B)   { benchSearch(b, rules.StartPosition(), 1) }
func BenchmarkPlayoutsMiddle(b *testing.B)  { benchSearch(b, rulestest.MiddleGame(b), 1) }
func BenchmarkPlayoutsMiddle2(b *testing.B) { benchSearch(b, rulestest.MiddleGame(b), 2) }

// BenchmarkReport measures building a progress report on a tree of a few
// hundred thousand nodes, which the UI asks for several times a second.
func BenchmarkReport(b *testing.B) {
	s := searcher(1, 1)
	g, err := rules.NewGameFrom(rulestest.MiddleGame(b))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.Search(context.Background(), g, analysis.Limits{Playouts: 200000}, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.report(g, true)
	}
}

// BenchmarkSnapshot measures a tree-browser snapshot of the upper tree.
func BenchmarkSnapshot(b *testing.B) {
	s := searcher(1, 1)
	if _, err := s.SearchPosition(context.Background(), rulestest.MiddleGame(b), analysis.Limits{Playouts: 200000}, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Snapshot(4, 8)
	}
}
