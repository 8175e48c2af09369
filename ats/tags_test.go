package ats

import (
	"strings"
	"testing"
)

func TestSummaryByTag(t *testing.T) {
	results := []TestResult{
		{Name: "a", Number: 1, Tags: []string{"goal", "silver"}, Cycle: 1, Status: Pass, Score: 1, MaxScore: 1},
		{Name: "b", Number: 2, Tags: []string{"goal"}, Cycle: 1, Status: Fail, Score: 0, MaxScore: 1},
		{Name: "c", Number: 3, Tags: []string{"capture"}, Cycle: 1, Status: Fail, Score: 0.5, MaxScore: 1},
		{Name: "d", Number: 4, Cycle: 1, Status: Pass, Score: 1, MaxScore: 1},
	}
	s := Summarize(RunHeader{}, results, true)
	want := []TagScore{
		{Tag: "capture", Tests: 1, Passed: 0, Score: 0.5, MaxScore: 1},
		{Tag: "goal", Tests: 2, Passed: 1, Score: 1, MaxScore: 2},
		{Tag: "silver", Tests: 1, Passed: 1, Score: 1, MaxScore: 1},
	}
	if len(s.ByTag) != len(want) {
		t.Fatalf("ByTag = %+v, want %+v", s.ByTag, want)
	}
	for i := range want {
		if s.ByTag[i] != want[i] {
			t.Errorf("ByTag[%d] = %+v, want %+v", i, s.ByTag[i], want[i])
		}
	}
	var b strings.Builder
	if err := s.WriteTags(&b); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"goal                      2       1         1 of 2  50.0%", "capture                   1       0       0.5 of 1  50.0%"} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("table lacks %q:\n%s", line, b.String())
		}
	}
}
