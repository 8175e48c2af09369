package enginepanel

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/builtin"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/engine/rules"
)

// TestBuiltinMatchesDirectSearch: an analysis in the panel with a seed,
// one thread and a playout budget picks the same move as the engine run
// directly with the same settings (which is what `arimaa-workbench
// analyze` does).
func TestBuiltinMatchesDirectSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real engine")
	}
	cfg := config.Default()
	cfg.Search.Algorithm = "mcts"
	lim := analysis.Limits{Playouts: 1000}

	direct, err := mcts.New(mcts.Options{Threads: 1, Seed: 7, Config: cfg}).Search(context.Background(), startGame(), lim, nil)
	if err != nil {
		t.Fatal(err)
	}
	if direct.Best.N == 0 {
		t.Fatal("the direct search found no move")
	}

	eng := builtin.New("Builtin", builtin.Fixed(builtin.Options{Config: cfg}))
	p, _ := newTestPanel(t, eng)
	analyseWithBudget(p, "1000", "7")
	st := p.model.State()
	if st.Err != nil {
		t.Fatal(st.Err)
	}
	t.Logf("best move with seed 7, one thread, 1000 playouts: %s", analysis.MoveText(rules.StartPosition(), st.Report.Best))
	if st.Report.Best != direct.Best {
		t.Errorf("panel's best move %v, direct search %v", st.Report.Best, direct.Best)
	}
	if want := analysis.MoveText(rules.StartPosition(), direct.Best); p.figures[6].Text != want {
		t.Errorf("best move shown %q, want %q", p.figures[6].Text, want)
	}
	if st.Report.Playouts < 1000 || !st.Report.Final {
		t.Errorf("final report: %d playouts, final %v", st.Report.Playouts, st.Report.Final)
	}
	// The tree browser gets the real tree.
	if p.tree.root == nil || len(p.tree.root.Children) == 0 {
		t.Fatal("no tree snapshot from the builtin engine")
	}
	if got := PVLine(rules.StartPosition(), st.Report); len(got.Steps) != len(st.Report.PV) {
		t.Errorf("the PV does not replay: %d of %d steps", len(got.Steps), len(st.Report.PV))
	}
}

// TestBuiltinOutputTab: after an analysis with the builtin engine the
// Output tab is not blank: it shows a line per progress report and
// says what they are.
func TestBuiltinOutputTab(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real engine")
	}
	cfg := config.Default()
	eng := builtin.New("Builtin", builtin.Fixed(builtin.Options{Config: cfg}))
	p, _ := newTestPanel(t, eng)
	if !strings.Contains(p.rawNote.Text, "Start an analysis") {
		t.Errorf("before any analysis the output tab says %q", p.rawNote.Text)
	}
	analyseWithBudget(p, "2000", "1")
	p.ShowTab("Output")
	if len(p.rawLines) < 2 || !strings.Contains(p.rawLines[0], "analysing 2w") {
		t.Fatalf("output lines %q", p.rawLines)
	}
	last := p.rawLines[len(p.rawLines)-1]
	if !strings.HasSuffix(last, " final") || !strings.Contains(last, "best "+p.figures[6].Text) {
		t.Errorf("last output line %q, best move shown %q", last, p.figures[6].Text)
	}
	if got := p.rawNote.Text; !strings.Contains(got, "Builtin's output during the last analysis") {
		t.Errorf("output tab note %q", got)
	}
}

// analysedWithBuiltin is a panel after an analysis of the start position
// by the default builtin engine (the alpha-beta search) with a budget of
// nodes, a seed and one thread, and the model's state then.
func analysedWithBuiltin(t *testing.T, nodes, seed string) (*Panel, State) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the real engine")
	}
	eng := builtin.New("Builtin", builtin.Fixed(builtin.Options{Config: config.Default()}))
	p, _ := newTestPanel(t, eng)
	analyseWithBudget(p, nodes, seed)
	return p, p.model.State()
}

// analyseWithBudget types a playout budget and a seed, one thread and no
// time limit into the panel, clicks Analyse and waits for the end.
func analyseWithBudget(p *Panel, playouts, seed string) {
	p.timeEntry.SetText("")
	p.playouts.SetText(playouts)
	p.threads.SetText("1")
	p.seed.SetText(seed)
	test.Tap(p.startBtn)
	p.model.Wait()
	p.Sync()
}
