package suitepanel

import (
	"fmt"
	"testing"

	"arimaa-workbench/ats"
)

// busyModel is a model in the middle of a run of n tests, each with two
// results and a full search log, the state a refresh tick copies.
func busyModel(n int) (*Model, []*ats.Test) {
	m := NewModel(nil)
	tests := make([]*ats.Test, n)
	for i := range tests {
		tests[i] = &ats.Test{Name: fmt.Sprintf("t%04d", i), Number: i + 1}
	}
	m.SetSuite(&ats.Suite{Name: "bench", Tests: tests}, nil, nil)
	for _, t := range tests {
		for c := 1; c <= 2; c++ {
			m.event(ats.Event{Kind: ats.TestStarted, Test: t, Cycle: c})
			for j := 0; j < maxLog; j++ {
				m.event(ats.Event{Kind: ats.EngineOutput, Test: t, Line: "info depth 12"})
			}
			m.event(ats.Event{Kind: ats.TestDone, Test: t, Cycle: c, Result: &ats.TestResult{Name: t.Name, Cycle: c, Status: ats.Pass}})
		}
	}
	return m, tests
}

// BenchmarkStateDuringRun is one refresh tick of a run of 1,000 tests: an
// engine progress report arrives, then the window takes the state.
func BenchmarkStateDuringRun(b *testing.B) {
	m, tests := busyModel(1000)
	e := ats.Event{Kind: ats.EngineOutput, Test: tests[500], Line: "info nodes 1"}
	b.ReportAllocs()
	for b.Loop() {
		m.event(e)
		_ = m.State()
	}
}
