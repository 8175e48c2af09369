package suitepanel

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"arimaa-workbench/ats"
)

// Row is one line of the results table, as text.
type Row struct {
	Test    *ats.Test
	Number  string
	Name    string
	Tags    string
	Status  ats.Status // "" when not run yet
	Running bool
	Score   string
	Move    string
	Time    string
	Solved  string // mean time to solution
	Errors  string
	Change  string // against the previous run, when comparing
	Comment string // the comment's first line
	Summary *ats.TestSummary
}

// StatusText is the status column's text.
func (r Row) StatusText() string {
	switch {
	case r.Running:
		return "running"
	case r.Status == "":
		return "—"
	default:
		return strings.ToUpper(string(r.Status))
	}
}

// Rows gives the results table: one row per selected test, with its results
// summarised over the cycles run so far.
func Rows(st State) []Row {
	sums := summaries(st)
	changes := map[string]ats.Change{}
	if st.Compare != nil {
		for _, c := range st.Compare.Rows {
			changes[c.Name] = c.Change
		}
	}
	rows := make([]Row, 0, len(st.Selected))
	for _, t := range st.Selected {
		r := Row{
			Test:    t,
			Number:  strconv.Itoa(t.Number),
			Name:    t.Name,
			Tags:    strings.Join(t.Tags, ", "),
			Comment: strings.TrimSpace(strings.SplitN(strings.TrimSpace(t.Comment), "\n", 2)[0]),
			Score:   "—", Move: "—", Time: "—", Solved: "—", Errors: "",
		}
		ts := st.Tests[t.Name]
		if ts != nil {
			r.Running = ts.Running
		}
		if s, ok := sums[t.Name]; ok {
			s := s
			r.Summary = &s
			r.Status = s.Status
			r.Score = fmt.Sprintf("%.2f / %.2f", s.Score, s.MaxScore)
			r.Move = strings.Join(uniq(s.Moves), " · ")
			r.Time = elapsedText(s.Seconds)
			if s.SolvedSeconds != nil {
				r.Solved = elapsedText(*s.SolvedSeconds)
			}
			if s.Errors > 0 {
				r.Errors = strconv.Itoa(s.Errors)
				if ts != nil {
					if last, ok := ts.Last(); ok && last.Err != "" {
						r.Errors += ": " + last.Err
					}
				}
			}
		}
		if c, ok := changes[t.Name]; ok && c != ats.Same {
			r.Change = string(c)
		}
		rows = append(rows, r)
	}
	return rows
}

func uniq(xs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// summaries groups the results so far by test, the way the run's summary
// will.
func summaries(st State) map[string]ats.TestSummary {
	var results []ats.TestResult
	for _, t := range st.Selected {
		if ts := st.Tests[t.Name]; ts != nil {
			results = append(results, ts.Results...)
		}
	}
	out := map[string]ats.TestSummary{}
	if len(results) == 0 {
		return out
	}
	h := ats.RunHeader{Threshold: st.Setup.Threshold, Cycles: max(st.Setup.Cycles, 1)}
	if h.Threshold == 0 {
		h.Threshold = 1
	}
	for _, s := range ats.Summarize(h, results, false).Tests {
		out[s.Name] = s
	}
	return out
}

// Totals is the line under the results table.
func Totals(st State) string {
	s := st.Status
	if s.Total == 0 && st.Summary == nil {
		n := len(st.Selected)
		if st.Suite == nil {
			return "No suite open."
		}
		return fmt.Sprintf("%d of %d tests selected.", n, len(st.Suite.Tests))
	}
	text := fmt.Sprintf("Score %.2f / %.2f   passed %d   failed %d   errors %d   done %d of %d",
		s.Score, s.MaxScore, s.Passed, s.Failed, s.Errors, s.Done, s.Total)
	if st.Running && s.Remaining > 0 {
		text += "   about " + s.Remaining.Round(1e9).String() + " left"
	}
	if st.Compare != nil {
		c := st.Compare.Counts
		text += fmt.Sprintf("   vs previous: %d better, %d worse", c[ats.Better]+c[ats.Fixed], c[ats.Worse]+c[ats.Errored])
	}
	return text
}

// TagColumns are the headings of the score by tag.
var TagColumns = []string{"Tag", "Tests", "Passed", "Score", "Share"}

// TagRows is the run's score by tag, a row per tag in TagColumns' order,
// once the run has a summary.
func TagRows(st State) [][]string {
	sum := st.Summary
	if sum == nil {
		return nil
	}
	rows := make([][]string, len(sum.ByTag))
	for i, t := range sum.ByTag {
		pct := 0.0
		if t.MaxScore > 0 {
			pct = 100 * t.Score / t.MaxScore
		}
		rows[i] = []string{t.Tag, strconv.Itoa(t.Tests), strconv.Itoa(t.Passed),
			trimScore(t.Score) + " of " + trimScore(t.MaxScore), fmt.Sprintf("%.0f%%", pct)}
	}
	return rows
}

// trimScore prints a score without trailing zeros: 12, 9.5, 0.25.
func trimScore(x float64) string {
	return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
}
