package aei

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

func TestApplyInfo(t *testing.T) {
	start := rules.StartPosition()
	tests := []struct {
		typ, value string
		changed    bool
		check      func(analysis.Report) bool
	}{
		{"depth", "12.5", true, func(r analysis.Report) bool { return r.AvgDepth == 12.5 && r.MaxDepth == 12 }},
		{"depth", "12/30", true, func(r analysis.Report) bool { return r.AvgDepth == 12 }},
		{"seldepth", "31", true, func(r analysis.Report) bool { return r.MaxDepth == 31 }},
		{"nodes", "12345", true, func(r analysis.Report) bool { return r.Nodes == 12345 && r.PlayoutsPerSec == 12345/2.0 }},
		{"nodes", "lots", false, func(r analysis.Report) bool { return r.Nodes == 0 }},
		{"playouts", "900", true, func(r analysis.Report) bool { return r.Playouts == 900 }},
		{"score", "-35 cr", true, func(r analysis.Report) bool { return r.Score == -35 && r.HasScore }},
		{"winratio", "0.75", true, func(r analysis.Report) bool { return r.WinRatio == 0.75 && r.HasWinRatio }},
		{"winratio", "1.5", false, func(r analysis.Report) bool { return !r.HasWinRatio }},
		{"pv", "Ee2n Ee3n rc3x b ed7s", true, func(r analysis.Report) bool {
			return len(r.PV) == 3 && start.MoveString(r.Best) == "Ee2n Ee3n"
		}},
		{"pv", "nonsense", false, func(r analysis.Report) bool { return r.PV == nil }},
		{"mystery", "1", false, func(r analysis.Report) bool { return true }},
	}
	for _, tc := range tests {
		var r analysis.Report
		changed := ApplyInfo(&r, start, Info{Type: tc.typ, Value: tc.value, Elapsed: 2 * time.Second})
		if changed != tc.changed || !tc.check(r) || r.Elapsed != 2*time.Second {
			t.Errorf("info %s %s: changed %v, report %+v", tc.typ, tc.value, changed, r)
		}
	}
}

// TestExternal: the AEI engine as an analysis.Engine reports the engine's
// info lines, passes every line on, gives the legal bestmove as Best, and
// closes a crashed engine so that the next search starts a new one.
func TestExternal(t *testing.T) {
	ctx := context.Background()
	x := NewExternal("fake", fake(t, "plain"))
	defer x.Close()
	g, err := rules.NewGameFrom(goalPosition(t))
	if err != nil {
		t.Fatal(err)
	}
	var reports []analysis.Report
	var lines []string
	res, err := x.Search(ctx, g, analysis.Limits{Time: time.Second}, analysis.Output{
		Report: func(r analysis.Report) { reports = append(reports, r) },
		Line:   func(l string) { lines = append(lines, l) },
	})
	if err != nil {
		t.Fatalf("Search: %v (log %q)", err, res.Log)
	}
	if res.Move == "" || res.Report.Best.N == 0 || !res.Report.Final || len(res.Log) == 0 {
		t.Errorf("result %+v", res)
	}
	if len(reports) == 0 || !reports[len(reports)-1].Final {
		t.Errorf("reports %+v", reports)
	}
	text := strings.Join(lines, "\n")
	for _, want := range []string{"starting ", "engine: ", "info depth 2", "bestmove " + res.Move} {
		if !strings.Contains(text, want) {
			t.Errorf("the output lacks %q:\n%s", want, text)
		}
	}
	if x.Name() != "fake" {
		t.Errorf("name %q", x.Name())
	}

	crash := NewExternal("", fake(t, "crash"))
	defer crash.Close()
	if _, err := crash.Search(ctx, g, analysis.Limits{Time: time.Second}, analysis.Output{}); !errors.Is(err, ErrCrashed) {
		t.Fatalf("a crashing engine: error %v", err)
	}
	if crash.e != nil {
		t.Errorf("the crashed engine was not closed")
	}
}
