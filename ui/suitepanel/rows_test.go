package suitepanel

import (
	"reflect"
	"strings"
	"testing"

	"arimaa-workbench/ats"
)

// The score by tag is a table, a row per tag with its tests, passes,
// score and share, once the run has a summary; the totals line leaves it
// out.
func TestTagRows(t *testing.T) {
	results := []ats.TestResult{
		{Name: "a", Number: 1, Tags: []string{"goal"}, Cycle: 1, Status: ats.Pass, Score: 1, MaxScore: 1},
		{Name: "b", Number: 2, Tags: []string{"goal", "silver"}, Cycle: 1, Status: ats.Fail, Score: 0.5, MaxScore: 1},
	}
	sum := ats.Summarize(ats.RunHeader{}, results, true)
	st := State{Suite: &ats.Suite{}, Summary: sum, Status: ats.RunStatus{Total: 2, Done: 2, Score: 1.5, MaxScore: 2, Passed: 1, Failed: 1}}
	want := [][]string{{"goal", "2", "1", "1.5 of 2", "75%"}, {"silver", "1", "0", "0.5 of 1", "50%"}}
	if got := TagRows(st); !reflect.DeepEqual(got, want) {
		t.Errorf("TagRows = %q, want %q", got, want)
	}
	if got := Totals(st); strings.Contains(got, "goal") {
		t.Errorf("the totals line %q has the tags in it", got)
	}
	st.Summary = nil
	if got := TagRows(st); got != nil {
		t.Errorf("TagRows without a summary = %q", got)
	}
}
