package enginepanel

import (
	"fmt"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
)

// BoardCandidates are the moves r ranks best as the board draws them,
// best first: at most board.MaxCandidates, each labelled with its win
// ratio for the side to move (the alpha-beta search's with its score,
// candidateLabel). An engine that lists no candidates (an AEI engine)
// gives its best move alone.
func BoardCandidates(r analysis.Report) []board.Candidate {
	var out []board.Candidate
	for _, c := range r.Candidates {
		if len(out) == board.MaxCandidates {
			break
		}
		if c.Move.N > 0 {
			out = append(out, board.Candidate{Steps: c.Move.Slice(), Label: candidateLabel(c)})
		}
	}
	if len(out) == 0 && r.Best.N > 0 {
		label := ""
		if r.HasWinRatio && !r.HasScore {
			label = ratioLabel(r.WinRatio)
		}
		out = append(out, board.Candidate{Steps: r.Best.Slice(), Label: label})
	}
	return out
}

// ratioLabel is a win ratio as the board's labels print it: a whole
// percentage, which fits the tag under the arrow's end.
func ratioLabel(w float64) string { return fmt.Sprintf("%.0f%%", 100*w) }

// candidateLabel is a candidate's tag on the board: its win ratio, or an
// alpha-beta search's score in centi-rabbits (≤ for a bound), since its
// other moves' win ratios are only the bound's and would all read alike.
func candidateLabel(c analysis.Candidate) string {
	switch {
	case !c.HasScore:
		return ratioLabel(c.WinRatio)
	case c.Bound:
		return fmt.Sprintf("≤%+d", c.Score)
	}
	return fmt.Sprintf("%+d", c.Score)
}

// GoldWinRatio is Gold's win ratio in the position r analysed from start
// (the evaluation bar's figure): the best move's win ratio, turned to
// Gold's side when Silver is to move. It reports false when the engine
// gave no win ratio (an AEI engine's score alone, or no move yet); a score
// beside it (the alpha-beta search's) does not hide the bar.
func GoldWinRatio(start rules.Position, r analysis.Report) (float64, bool) {
	if r.Best.N == 0 || !r.HasWinRatio {
		return 0, false
	}
	if start.Side() == rules.Silver {
		return 1 - r.WinRatio, true
	}
	return r.WinRatio, true
}

// analysisMarks are the board's marks for the analysed position: the
// candidates' arrows and Gold's win ratio in the evaluation bar.
func analysisMarks(st State) board.Overlays {
	o := board.Overlays{Selected: rules.NoSquare, Candidates: BoardCandidates(st.Report)}
	o.Eval, o.HasEval = GoldWinRatio(st.Start, st.Report)
	return o
}

// EndText says how the last analysis of st ended: stopped from the panel,
// or by which limit (the search's Report.Ended), with its time and best
// move.
func EndText(st State) string {
	r := st.Report
	best := Figures(st.Start, r)[6].Value
	after := Duration(r.Elapsed)
	if st.Stopped || r.Ended == analysis.EndStopped {
		return fmt.Sprintf("%s was stopped after %s: best move so far %s.", st.Engine, after, best)
	}
	why := ""
	switch r.Ended {
	case analysis.EndTime:
		why = "the time limit was reached"
	case analysis.EndSettled:
		why = "the time management judged the best move settled"
	case analysis.EndPlayouts:
		why = "the playout budget was spent"
		if r.AlphaBeta {
			why = "the node budget was spent"
		}
	case analysis.EndDepth:
		why = "the principal variation reached the depth limit"
		if r.AlphaBeta {
			why = "the iteration of the depth limit was completed"
		}
	case analysis.EndTreeFull:
		why = "the search tree is full"
	case analysis.EndAtOnce:
		return fmt.Sprintf("%s answered at once, without a search (a goal this turn, or a setup): %s.", st.Engine, best)
	default:
		return fmt.Sprintf("%s finished after %s: best move %s.", st.Engine, after, best)
	}
	return fmt.Sprintf("%s finished after %s, %s: best move %s.", st.Engine, after, why, best)
}
