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

// StandingColumns are the standings table's columns.
var StandingColumns = []string{"Engine", "Games", "W-L-D", "Score", "Elo", "95% interval", "Faults"}

// StandingRows are the standings table's rows, one per engine in the
// order of the match.
func StandingRows(st match.Standings) [][]string {
	var rows [][]string
	for _, e := range st.Engines {
		var faults []string
		for _, k := range slices.Sorted(maps.Keys(e.Faults)) {
			faults = append(faults, fmt.Sprintf("%s %d", k, e.Faults[k]))
		}
		score, elo, interval := "", "", ""
		if e.Games() > 0 {
			score = fmt.Sprintf("%.1f%%", 100*e.Points())
			elo, interval = eloText(e.Elo.Diff), "["+eloText(e.Elo.Low)+", "+eloText(e.Elo.High)+"]"
		}
		rows = append(rows, []string{e.Name, strconv.Itoa(e.Games()), fmt.Sprintf("%d-%d-%d", e.Wins, e.Losses, e.Draws),
			score, elo, interval, strings.Join(faults, ", ")})
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
