package suitepanel

import (
	"strings"
	"testing"

	"arimaa-workbench/ats"
)

// The totals line ends with the run's score by tag once the run has a
// summary.
func TestTotalsByTag(t *testing.T) {
	results := []ats.TestResult{
		{Name: "a", Number: 1, Tags: []string{"goal"}, Cycle: 1, Status: ats.Pass, Score: 1, MaxScore: 1},
		{Name: "b", Number: 2, Tags: []string{"goal", "silver"}, Cycle: 1, Status: ats.Fail, Score: 0.5, MaxScore: 1},
	}
	sum := ats.Summarize(ats.RunHeader{}, results, true)
	st := State{Suite: &ats.Suite{}, Summary: sum, Status: ats.RunStatus{Total: 2, Done: 2, Score: 1.5, MaxScore: 2, Passed: 1, Failed: 1}}
	got := Totals(st)
	if want := "By tag: goal 1.5/2 (75%), silver 0.5/1 (50%)"; !strings.Contains(got, want) {
		t.Errorf("Totals = %q, want it to contain %q", got, want)
	}
	st.Summary = nil
	if got := Totals(st); strings.Contains(got, "By tag") {
		t.Errorf("Totals without a summary = %q", got)
	}
}
