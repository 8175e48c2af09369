package matchpanel

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/ats/match"
	"arimaa-workbench/ui/plot"
)

// StandingColumns are the standings table's columns: the scores, then,
// as cutechess-cli prints them, the length of the engine's games in turns
// (mean and median), its time per move (mean and longest) and how its
// games ended.
var StandingColumns = []string{"Engine", "Games", "W-L-D", "Score", "Elo", "95% interval", "Faults",
	"Turns: mean, median", "Per move: mean, max", "Endings"}

// StandingRows are the standings table's rows, one per engine in the
// order of the match, with each engine's figures from stats (in the same
// order; missing ones are left blank).
func StandingRows(st match.Standings, stats []match.EngineStats) [][]string {
	var rows [][]string
	for i, e := range st.Engines {
		var faults []string
		for _, k := range slices.Sorted(maps.Keys(e.Faults)) {
			faults = append(faults, fmt.Sprintf("%s %d", k, e.Faults[k]))
		}
		score, elo, interval := "", "", ""
		if e.Games() > 0 {
			score = fmt.Sprintf("%.1f%%", 100*e.Points())
			elo, interval = eloText(e.Elo.Diff), "["+eloText(e.Elo.Low)+", "+eloText(e.Elo.High)+"]"
		}
		turns, perMove, endings := "", "", ""
		if i < len(stats) && stats[i].Name == e.Name {
			f := stats[i]
			if f.Games > 0 {
				turns = fmt.Sprintf("%.1f, %.1f", f.MeanTurns, f.MedianTurns)
			}
			if f.Moves > 0 {
				perMove = fmt.Sprintf("%.2f s, %.2f s", f.MeanMove.Seconds(), f.MaxMove.Seconds())
			}
			endings = match.EndingsText(f.Endings)
		}
		rows = append(rows, []string{e.Name, strconv.Itoa(e.Games()), fmt.Sprintf("%d-%d-%d", e.Wins, e.Losses, e.Draws),
			score, elo, interval, strings.Join(faults, ", "), turns, perMove, endings})
	}
	return rows
}

// eloText writes an Elo difference signed and rounded, "+∞" after every
// game won.
func eloText(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+∞"
	case math.IsInf(v, -1):
		return "−∞"
	case math.IsNaN(v):
		return "?"
	}
	r := math.Round(v)
	if r == 0 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", r)
}

// GameColumns are the game list's columns.
var GameColumns = []string{"#", "Gold", "Silver", "Result", "Ending", "Plies"}

// GameCell is the text of column col of g in the game list.
func GameCell(g Game, col int) string {
	switch col {
	case 0:
		return strconv.Itoa(g.ID)
	case 1:
		return g.Gold
	case 2:
		return g.Silver
	case 3:
		return g.Result
	case 4:
		return g.Ending
	case 5:
		return strconv.Itoa(g.Plies)
	}
	return ""
}

// SummaryLine says where the match stands: games played of those planned,
// those playing, the SPRT's log-likelihood ratio against its bounds, the
// pace and the time left, and how it ended.
func SummaryLine(st State) string {
	s := st.Standings
	if !st.Running && st.Summary == nil && st.Err == nil {
		return "No match played yet."
	}
	var parts []string
	if s.Total > 0 {
		done := fmt.Sprintf("%d of %d games", s.Done, s.Total)
		if s.Resumed > 0 {
			done += fmt.Sprintf(" (%d from the file)", s.Resumed)
		}
		parts = append(parts, done)
	}
	if n := len(st.Playing); n > 0 {
		parts = append(parts, fmt.Sprintf("%d playing", n))
	}
	if t := s.SPRT; t != nil {
		llr := fmt.Sprintf("LLR %.2f in [%.2f, %.2f]", t.LLR, t.Lower, t.Upper)
		if t.Decision != match.Continue {
			llr += ": " + t.Decision.String()
		}
		parts = append(parts, llr)
	}
	if s.GamesPerHour > 0 {
		pace := fmt.Sprintf("%.0f games/h", s.GamesPerHour)
		if st.Running && s.Done < s.Total {
			pace += ", about " + s.Remaining.Round(time.Second).String() + " left"
		}
		parts = append(parts, pace)
	}
	switch {
	case st.Running && st.Stopping:
		parts = append(parts, "stopping…")
	case st.Running && s.Total == 0:
		parts = append(parts, "starting…")
	case st.Running:
	case st.Err != nil:
		parts = append(parts, "failed")
	case st.Stopped:
		parts = append(parts, "stopped: Resume continues it")
	case st.Summary != nil && st.Summary.Stopped != "":
		parts = append(parts, "ended early: "+st.Summary.Stopped)
	case st.Summary != nil && st.Summary.Finished:
		parts = append(parts, "finished")
	}
	return strings.Join(parts, " · ")
}

// Curve is engine i's Elo over the games as graph points: the number of
// games, the Elo and its 95% interval.
func Curve(st State, i int) []plot.BandPoint {
	var ps []plot.BandPoint
	for _, p := range st.Curve {
		if i >= 0 && i < len(p.Elo) {
			e := p.Elo[i]
			ps = append(ps, plot.BandPoint{X: float64(p.Games), Y: e.Diff, Low: e.Low, High: e.High})
		}
	}
	return ps
}
