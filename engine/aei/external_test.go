package aei

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/timeman"
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

// TestSearchClock: in a game on clock the engine is given the time
// control and both reserves before the position, in seconds to the
// millisecond, decides itself how long to think, and is told to stop only
// at the clock's hard limit for the turn.
func TestSearchClock(t *testing.T) {
	ctx := context.Background()
	g, err := rules.NewGameFrom(goalPosition(t))
	if err != nil {
		t.Fatal(err)
	}
	pos := g.Position()
	side := pos.Side()
	clock := timeman.Clock{Move: 200 * time.Millisecond, Reserve: 2 * time.Second, Percent: 100, Max: 5 * time.Second,
		Reserves: [2]time.Duration{250 * time.Millisecond, 1500 * time.Millisecond}, ReserveSet: [2]bool{true, true}}
	want := []string{"> newgame", "> setoption name tcmove value 0.2", "> setoption name tcreserve value 2",
		"> setoption name tcpercent value 100", "> setoption name tcmax value 5", "> setoption name tctotal value 0",
		"> setoption name tcturntime value 0", "> setoption name greserve value 0.25", "> setoption name sreserve value 1.5",
		"> setposition", "> go", "> stop"}

	// An engine that answers only when told to stop is stopped at the
	// hard limit, the move time and its side's reserve.
	x := NewExternal("fake", fake(t, "stoponly"))
	defer x.Close()
	res, err := x.SearchClock(ctx, g, clock, analysis.Output{})
	if err != nil {
		t.Fatalf("SearchClock: %v (log %q)", err, res.Log)
	}
	if hard := clock.Hard(side); res.Report.Elapsed < hard {
		t.Errorf("stopped after %v, before the hard limit %v", res.Report.Elapsed, hard)
	}
	i := 0
	for _, l := range res.Log {
		if i < len(want) && strings.HasPrefix(l, want[i]) {
			i++
		}
	}
	if i < len(want) {
		t.Errorf("the log lacks %q in its order:\n%s", want[i], strings.Join(res.Log, "\n"))
	}

	// An engine that answers at once is not told to stop.
	plain := NewExternal("fake", fake(t, "plain"))
	defer plain.Close()
	res, err = plain.SearchClock(ctx, g, clock, analysis.Output{})
	if err != nil || res.Move == "" {
		t.Fatalf("SearchClock: %q, %v (log %q)", res.Move, err, res.Log)
	}
	for _, l := range res.Log {
		if l == "> stop" {
			t.Errorf("an engine that answered was told to stop:\n%s", strings.Join(res.Log, "\n"))
		}
	}
}

// TestSeconds: AEI's times are seconds, to the millisecond.
func TestSeconds(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{{0, "0"}, {30 * time.Second, "30"}, {1500 * time.Millisecond, "1.5"}, {1234567 * time.Microsecond, "1.234"}, {10 * time.Minute, "600"}} {
		if got := seconds(tc.d); got != tc.want {
			t.Errorf("seconds(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}
