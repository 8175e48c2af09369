package enginepanel

import (
	"testing"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// TestLinesListEveryCandidate: the analysis view lists every candidate
// the builtin engine reports by default, now that its lines have a tab of
// their own: five of eight were listed when they shared the move list's
// column.
func TestLinesListEveryCandidate(t *testing.T) {
	start := rules.StartPosition()
	n := config.Default().Search.Candidates
	var r analysis.Report
	for i := range n {
		// A step of each of the first n squares of the second rank, and
		// on along the third.
		from := rules.Square(8 + i%16)
		m := rules.MoveOf(rulestest.Step(t, "R"+from.String()+"n"))
		r.Candidates = append(r.Candidates, analysis.Candidate{Move: m, WinRatio: 0.5, Visits: 10})
	}
	r.Best = r.Candidates[0].Move
	if got := LinesOf(start, r, MaxLines); len(got) != n {
		t.Errorf("%d lines of %d candidates", len(got), n)
	}
}
