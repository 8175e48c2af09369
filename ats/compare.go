package ats

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Change is how a test fared in a new run compared with an old one.
type Change string

// The kinds of change.
const (
	Better   Change = "better"
	Worse    Change = "worse"
	Same     Change = "same"
	Errored  Change = "errored" // an error now, not before
	Fixed    Change = "fixed"   // an error before, not now
	Added    Change = "added"   // only in the new run
	Removed  Change = "removed" // only in the old run
	StillErr Change = "still error"
)

// CompareRow is one test in both runs; Old or New is nil when the test is
// missing from that run.
type CompareRow struct {
	Name   string
	Old    *TestSummary
	New    *TestSummary
	Change Change
}

// Comparison is a regression check of two runs.
type Comparison struct {
	Old, New *Summary
	Rows     []CompareRow
	Counts   map[Change]int
}

// Compare matches the tests of two runs by name and classifies each.
// Rows come in the new run's order, then tests only in the old run.
func Compare(old, new *Summary) *Comparison {
	c := &Comparison{Old: old, New: new, Counts: map[Change]int{}}
	oldBy := map[string]*TestSummary{}
	for i := range old.Tests {
		oldBy[old.Tests[i].Name] = &old.Tests[i]
	}
	seen := map[string]bool{}
	for i := range new.Tests {
		n := &new.Tests[i]
		o := oldBy[n.Name]
		seen[n.Name] = true
		c.add(CompareRow{Name: n.Name, Old: o, New: n, Change: classify(o, n)})
	}
	var gone []string
	for name := range oldBy {
		if !seen[name] {
			gone = append(gone, name)
		}
	}
	sort.Slice(gone, func(a, b int) bool { return oldBy[gone[a]].Number < oldBy[gone[b]].Number })
	for _, name := range gone {
		c.add(CompareRow{Name: name, Old: oldBy[name], Change: Removed})
	}
	return c
}

func (c *Comparison) add(r CompareRow) {
	c.Rows = append(c.Rows, r)
	c.Counts[r.Change]++
}

func classify(o, n *TestSummary) Change {
	switch {
	case o == nil:
		return Added
	case n.Status == Error && o.Status == Error:
		return StillErr
	case n.Status == Error:
		return Errored
	case o.Status == Error:
		return Fixed
	case n.Score > o.Score+1e-9:
		return Better
	case n.Score < o.Score-1e-9:
		return Worse
	}
	return Same
}

// Regressed reports whether any test got worse or newly errs.
func (c *Comparison) Regressed() bool { return c.Counts[Worse]+c.Counts[Errored] > 0 }

// Write prints the comparison as a table: every test that changed (all
// tests with all = true), scores and times side by side, then the counts.
func (c *Comparison) Write(w io.Writer, all bool) error {
	fmt.Fprintf(w, "%-28s %-11s %15s %17s\n", "test", "change", "score old→new", "time old→new")
	for _, r := range c.Rows {
		if !all && (r.Change == Same || r.Change == StillErr) {
			continue
		}
		fmt.Fprintf(w, "%-28s %-11s %15s %17s\n", clip(r.Name, 28), r.Change,
			side(r.Old, r.New, func(t *TestSummary) string { return statusScore(t) }),
			side(r.Old, r.New, func(t *TestSummary) string { return fmt.Sprintf("%.2fs", t.Seconds) }))
	}
	var parts []string
	for _, ch := range []Change{Better, Worse, Errored, Fixed, Same, StillErr, Added, Removed} {
		if n := c.Counts[ch]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, ch))
		}
	}
	_, err := fmt.Fprintf(w, "old %s\nnew %s\n%s\n", c.Old.Line(), c.New.Line(), strings.Join(parts, ", "))
	return err
}

func statusScore(t *TestSummary) string {
	if t.Status == Error {
		return "err"
	}
	return fmtScore(t.Score)
}

func side(o, n *TestSummary, f func(*TestSummary) string) string {
	a, b := "-", "-"
	if o != nil {
		a = f(o)
	}
	if n != nil {
		b = f(n)
	}
	return a + " → " + b
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

// JUnit XML, for CI systems that show test reports.
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Time     float64     `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      float64       `xml:"time,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Error     *junitMessage `xml:"error,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Body    string `xml:",chardata"`
}

// WriteJUnit writes the summary as JUnit XML: one test case per test,
// failures and errors with their reasons and the engine's log.
func (s *Summary) WriteJUnit(w io.Writer) error {
	js := junitSuite{Name: s.Run.Suite, Tests: len(s.Tests), Failures: s.Failed, Errors: s.Errors, Time: s.Seconds}
	for _, t := range s.Tests {
		jc := junitCase{Name: t.Name, Classname: "ats." + s.Run.Suite, Time: t.Seconds}
		var reasons, logs []string
		for _, r := range s.Results {
			if r.Name != t.Name {
				continue
			}
			desc := fmt.Sprintf("cycle %d: move %q score %s of %s", r.Cycle, r.Move, fmtScore(r.Score), fmtScore(r.MaxScore))
			switch {
			case r.Err != "":
				desc += ": " + r.Err
			case r.Illegal != "":
				desc += ": illegal: " + r.Illegal
			}
			reasons = append(reasons, desc)
			logs = append(logs, r.Log...)
		}
		msg := fmt.Sprintf("score %s of %s", fmtScore(t.Score), fmtScore(t.MaxScore))
		switch t.Status {
		case Fail:
			jc.Failure = &junitMessage{Message: msg, Body: strings.Join(reasons, "\n")}
		case Error:
			jc.Error = &junitMessage{Message: msg, Body: strings.Join(reasons, "\n")}
		}
		jc.SystemOut = strings.Join(logs, "\n")
		js.Cases = append(js.Cases, jc)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(junitSuites{Suites: []junitSuite{js}}); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
