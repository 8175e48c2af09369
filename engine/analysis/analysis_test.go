package analysis

import (
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/rules"
)

func TestLimitsString(t *testing.T) {
	tests := []struct {
		lim  Limits
		want string
	}{
		{Limits{}, "unlimited"},
		{Limits{Time: 500 * time.Millisecond}, "500ms"},
		{Limits{Playouts: 20000}, "20000 playouts"},
		{Limits{Time: time.Second, Nodes: 100, Depth: 8, Threads: 2}, "1s, 100 nodes, 8 steps deep"},
	}
	for _, tc := range tests {
		if got := tc.lim.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.lim, got, tc.want)
		}
	}
}

func TestReportLine(t *testing.T) {
	start := rules.StartPosition()
	e2n := rules.MakeStep(rules.GoldElephant, rules.E2, rules.North)
	tests := []struct {
		r    Report
		want []string
	}{
		{Report{}, []string{"0.00s playouts 0", "best - win -"}},
		{Report{Elapsed: 1500 * time.Millisecond, Playouts: 3000, Best: rules.MoveOf(e2n), WinRatio: 0.5, HasWinRatio: true, Final: true},
			[]string{"1.50s playouts 3000", "best Ee2n win 0.500", " final"}},
		{Report{Best: rules.MoveOf(e2n), Score: -35, HasScore: true}, []string{"best Ee2n win -", "score -35"}},
		// A stale move that is not legal in start is written as it is.
		{Report{Best: rules.MoveOf(rules.MakeStep(rules.GoldRabbit, rules.D7, rules.North))}, []string{"best Rd7n"}},
	}
	for _, tc := range tests {
		line := tc.r.Line(start)
		for _, w := range tc.want {
			if !strings.Contains(line, w) {
				t.Errorf("line %q lacks %q", line, w)
			}
		}
	}
}

func TestOutputNil(t *testing.T) {
	var o Output // both functions nil: nothing happens
	o.Send(Report{})
	o.Say("line")
	var got []string
	o = Output{Line: func(s string) { got = append(got, s) }}
	o.Say("a")
	o.Send(Report{})
	if len(got) != 1 || got[0] != "a" {
		t.Errorf("lines %q", got)
	}
}
