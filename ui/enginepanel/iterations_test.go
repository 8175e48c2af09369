package enginepanel

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

// TestIterationsFromReports: the model keeps the first report at each
// deeper depth of a search that deepens by whole steps, and none of the
// MCTS's, whose depth is a mean descent.
func TestIterationsFromReports(t *testing.T) {
	m := NewModel()
	pv := []rules.PVStep{{Step: mustStep("Ee2n"), Side: rules.Gold}, {Step: mustStep("ed7s"), Side: rules.Silver}}
	for i, d := range []float64{1, 1, 2, 2, 4, 3} {
		// The search's own reports between iterations tell of none.
		m.Report(analysis.Report{AlphaBeta: true, AvgDepth: d + 1, Nodes: 1000})
		m.Report(analysis.Report{AlphaBeta: true, Completed: true, AvgDepth: d, MaxDepth: int(d) + 3, Nodes: int64(10 * (i + 1)),
			Elapsed: time.Duration(i+1) * 10 * time.Millisecond, Score: 5 * i, HasScore: true, WinRatio: 0.5, HasWinRatio: true, PV: pv})
	}
	its := m.State().Iterations
	var depths []int
	var nodes []int64
	for _, it := range its {
		depths = append(depths, it.Depth)
		nodes = append(nodes, it.Nodes)
	}
	if !slices.Equal(depths, []int{1, 2, 3, 4}) || !slices.Equal(nodes, []int64{10, 30, 60, 50}) {
		t.Errorf("iterations at depths %v with nodes %v, want 1 2 3 4 with 10 30 60 50", depths, nodes)
	}
	rows := IterationRows(rules.StartPosition(), its)
	if got := strings.Join(rows[0], "|"); got != "4|7|+20 cr (50.0%)|50|0/s|0.05 s|Ee2n s ed7s" {
		t.Errorf("deepest row %q", got)
	}
	aei := NewModel()
	for _, d := range []float64{0, 3, 3, 5, 4} {
		aei.Report(analysis.Report{AvgDepth: d, HasScore: true, Score: int(d), Nodes: int64(d)})
	}
	if its := aei.State().Iterations; len(its) != 3 || its[0].Depth != 3 || its[1].Depth != 4 || its[2].Depth != 5 {
		t.Errorf("an AEI engine's iterations %+v, want depths 3, 4 and 5", its)
	}
	mc := NewModel()
	mc.Report(analysis.Report{AvgDepth: 3.3, MaxDepth: 8, Playouts: 1000, WinRatio: 0.6, HasWinRatio: true})
	if n := len(mc.State().Iterations); n != 0 {
		t.Errorf("%d iterations from an MCTS report", n)
	}
}

// TestIterationsTab: an analysis by the builtin alpha-beta search (one
// thread, a node budget) fills the Iterations tab with a row for each
// completed depth, the deepest first and the final report's depth on top,
// each principal variation legal from the analysed position; choosing a
// row shows its first turn on the board.
func TestIterationsTab(t *testing.T) {
	p, st := analysedWithBuiltin(t, "20000", "1")
	p.ShowTab("Iterations")
	if st.Err != nil || !st.Report.AlphaBeta {
		t.Fatalf("error %v, alpha-beta %v", st.Err, st.Report.AlphaBeta)
	}
	if len(p.iterRows) < 3 {
		t.Fatalf("%d iterations after 20,000 nodes", len(p.iterRows))
	}
	if rows, _ := p.iters.Length(); rows != len(p.iterRows) {
		t.Errorf("table of %d rows for %d iterations", rows, len(p.iterRows))
	}
	if top := p.iterRows[0][0]; top != strconv.Itoa(int(st.Report.AvgDepth)) {
		t.Errorf("top row at depth %s, the search completed %v", top, st.Report.AvgDepth)
	}
	// One thread: every depth completes in turn, each with its report.
	for i, it := range st.Iterations {
		if i > 0 && (it.Depth != st.Iterations[i-1].Depth+1 || it.Nodes < st.Iterations[i-1].Nodes) {
			t.Errorf("iteration %d: depth %d, nodes %d after depth %d, nodes %d", i, it.Depth, it.Nodes, st.Iterations[i-1].Depth, st.Iterations[i-1].Nodes)
		}
		if l := PVLine(st.Start, analysis.Report{PV: it.PV}); len(it.PV) == 0 || len(l.Steps) != len(it.PV) {
			t.Errorf("depth %d: %d of %d steps of its PV replay", it.Depth, len(l.Steps), len(it.PV))
		}
	}
	p.iters.Select(widget.TableCellID{Row: 0, Col: 0})
	deepest := st.Iterations[len(st.Iterations)-1]
	var first []rules.Step
	for _, s := range deepest.PV {
		if s.Side != st.Start.Side() {
			break
		}
		first = append(first, s.Step)
	}
	if got := p.board.Overlays().PV; !slices.Equal(got, first) {
		t.Errorf("the board shows %v, want the deepest iteration's first turn %v", got, first)
	}
	if !strings.HasPrefix(p.boardNote.Text, "Iteration at depth "+strconv.Itoa(deepest.Depth)) {
		t.Errorf("board note %q", p.boardNote.Text)
	}
}
