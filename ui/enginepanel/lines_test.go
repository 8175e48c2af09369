package enginepanel

import (
	"strings"
	"testing"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// TestLinesOf: a line per candidate, best first, the best followed by the
// rest of the principal variation with its turn labels; an engine that
// lists no candidates (an AEI engine) gives its best move with its score;
// limit caps the lines.
func TestLinesOf(t *testing.T) {
	start := rules.StartPosition()
	step := func(s string) rules.Step { return rulestest.Step(t, s) }
	best := rules.MoveOf(step("Ee2n"), step("Ee3n"), step("Ee4n"), step("Ee5n"))
	other := rules.MoveOf(step("Md2n"))
	var pv []rules.PVStep
	for _, s := range []string{"Ee2n", "Ee3n", "Ee4n", "Ee5n"} {
		pv = append(pv, rules.PVStep{Step: step(s), Side: rules.Gold})
	}
	pv = append(pv, rules.PVStep{Step: step("hh7s"), Side: rules.Silver})
	r := analysis.Report{Best: best, WinRatio: 0.61, HasWinRatio: true, PV: pv,
		Candidates: []analysis.Candidate{{Move: best, WinRatio: 0.61, Visits: 90}, {Move: other, WinRatio: 0.4, Visits: 10}}}
	got := LinesOf(start, r, MaxLines)
	if len(got) != 2 || got[0].Move != best || got[1].Move != other || got[0].Eval != "61.0%" || got[1].Eval != "40.0%" {
		t.Fatalf("lines %+v", got)
	}
	if !strings.HasPrefix(got[0].Text, "Ee2n Ee3n Ee4n Ee5n  ") || !strings.HasSuffix(got[0].Text, " hh7s") || strings.Contains(got[1].Text, "hh7s") {
		t.Errorf("best line %q, second %q: the PV goes after the best move alone", got[0].Text, got[1].Text)
	}
	if one := LinesOf(start, r, 1); len(one) != 1 {
		t.Errorf("limit 1: %d lines", len(one))
	}
	ab := analysis.Report{Best: best, Score: 35, HasScore: true, WinRatio: 0.55, HasWinRatio: true, Candidates: []analysis.Candidate{
		{Move: best, Score: 35, HasScore: true, WinRatio: 0.55}, {Move: other, Score: 35, HasScore: true, Bound: true, WinRatio: 0.55}}}
	if got := LinesOf(start, ab, MaxLines); len(got) != 2 || got[0].Eval != "+35 cr" || got[1].Eval != "≤ +35 cr" {
		t.Errorf("the alpha-beta search's lines: %+v", got)
	}
	aei := analysis.Report{Best: best, Score: 35, HasScore: true}
	if got := LinesOf(start, aei, MaxLines); len(got) != 1 || got[0].Eval != "+35 cr" || got[0].Move != best {
		t.Errorf("an AEI engine's report: %+v", got)
	}
	if got := LinesOf(start, analysis.Report{}, MaxLines); len(got) != 0 {
		t.Errorf("no report, lines %+v", got)
	}
}
