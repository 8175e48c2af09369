package enginepanel

import (
	"strings"
	"testing"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

// TestAlphaBetaFigures: a report of the alpha-beta search shows nodes,
// the completed and selective depth and the score, and its candidates
// their nodes and scores, bounds marked, in place of playouts and visits.
func TestAlphaBetaFigures(t *testing.T) {
	start := rules.StartPosition()
	var gen rules.MoveGen
	moves := gen.Moves(start, nil)
	r := analysis.Report{AlphaBeta: true, Nodes: 123456, Playouts: 123456, PlayoutsPerSec: 50000, AvgDepth: 8, MaxDepth: 11,
		Best: moves[0], Score: 35, HasScore: true, WinRatio: 0.55, HasWinRatio: true,
		Candidates: []analysis.Candidate{
			{Move: moves[0], Visits: 100000, WinRatio: 0.55, Score: 35, HasScore: true},
			{Move: moves[1], Visits: 23456, WinRatio: 0.52, Score: 20, HasScore: true, Bound: true},
		}}
	text := map[string]string{}
	for _, f := range Figures(start, r) {
		text[f.Label] = f.Value
	}
	figs := Figures(start, r)
	if len(figs) != len(Figures(start, analysis.Report{})) || figs[6].Label != "Best move" {
		t.Errorf("figures %v: not in the tree search's slots", figs)
	}
	if text["Depth"] != "8 steps" || text["Selective depth"] != "11 steps" || text["Nodes"] == "" || text["Score for gold"] != "+35 cr, win 55.0%" {
		t.Errorf("figures %v", text)
	}
	if _, ok := text["Playouts"]; ok {
		t.Errorf("figures of an alpha-beta search show playouts: %v", text)
	}
	h := CandidateHeaders(start, true)
	rows := CandidateRows(start, r, 0)
	if h[1] != "Nodes" || len(rows) != 2 || rows[0].WinRatio != "+35 cr (55.0%)" || !strings.HasPrefix(rows[1].WinRatio, "≤ +20 cr") {
		t.Errorf("headers %q, rows %+v", h, rows)
	}
	if line := r.Line(start); !strings.Contains(line, "depth 8/11 score +35") || strings.Contains(line, "playouts") {
		t.Errorf("output line %q", line)
	}
}
