package panels_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/panels"
	"arimaa-workbench/ui/panels/panelstest"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/uitest"
	"arimaa-workbench/ui/viewer"
)

// TestAnalysisView drives the analysis view as a user does: it is the
// first panel; a game opened there is stepped through by key; Analyse in
// its Engine section lists the engine's lines of the position shown and
// draws their arrows and the evaluation bar on its board; a tap on a line
// plays that move into the game (the move list goes there) and the lines
// follow the new position; the explorer, fed by a database, plays its move
// the same way; F flips the board; and showing one section or another
// leaves the board where and as large as it was.
func TestAnalysisView(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the builtin engine")
	}
	wb, p, _ := panelstest.NewWorkbench(t, panelstest.Screen(1024, 700))
	if got := wb.Panels(); got[0] != shell.ViewerPanel || wb.Selected() != shell.ViewerPanel {
		t.Fatalf("panels %v, shown %q: the analysis view is not the first panel", got, wb.Selected())
	}
	panelstest.SmallSearch(t, p)
	v := wb.Viewer
	want := []string{viewer.MovesSection, panels.EngineSection, panels.ExplorerSection, panels.SimilarSection, viewer.GraphSection, viewer.PlaySection, viewer.CommentSection}
	if got := v.Sections(); !slices.Equal(got, want) {
		t.Fatalf("sections %v, want %v", got, want)
	}
	if err := wb.Open(filepath.Join("..", "..", "assets", "games", "goal_race.txt")); err != nil {
		t.Fatal(err)
	}
	for range 4 {
		wb.TypedKey(fyne.KeyRight)
	}
	if v.Model.Ply() != 4 {
		t.Fatalf("after four Right keys the cursor is at ply %d", v.Model.Ply())
	}
	type place struct {
		at   fyne.Position
		size fyne.Size
	}
	boardAt := func() place {
		return place{fyne.CurrentApp().Driver().AbsolutePositionForObject(v.Board), v.Board.Size()}
	}
	before := boardAt()
	for _, s := range want {
		v.ShowSection(s)
		if got := boardAt(); got != before {
			t.Errorf("section %s: the board is at %v, was at %v", s, got, before)
		}
	}

	// Analyse: lines of this position, their arrows and the bar.
	v.ShowSection(panels.EngineSection)
	test.Tap(uitest.Button(v.Content(), "Analyse"))
	ep := p.Engine
	t.Cleanup(func() { ep.SetFollow(false) })
	panelstest.WaitFor(t, func() bool { return len(ep.Model().State().Report.Candidates) > 0 })
	ep.Sync()
	lines := p.Lines.Shown()
	if len(lines) == 0 {
		t.Fatalf("no lines after a report with candidates (status %q)", wb.StatusText())
	}
	if o := v.Board.Overlays(); len(o.Candidates) == 0 || !o.HasEval {
		t.Errorf("the analysis board shows %d arrows, evaluation %v", len(o.Candidates), o.HasEval)
	}
	if got := boardAt(); got != before {
		t.Errorf("analysing moved the board to %v from %v", got, before)
	}

	// A tap on the best line plays its move; the lines follow.
	best := lines[0].Move
	p.Lines.Tap(0)
	if v.Model.Ply() != 5 {
		t.Fatalf("after a tap on the best line the cursor is at ply %d", v.Model.Ply())
	}
	if r, _ := v.Model.TurnRowOf(v.Model.CursorRow()); r < 0 {
		t.Errorf("the move played is not in the move list")
	}
	snap := wb.Current.Get()
	panelstest.WaitFor(t, func() bool {
		st := ep.Model().State()
		return st.Start == snap.Position && st.Report.Best.N > 0
	})
	ep.Sync()
	if len(p.Lines.Shown()) == 0 || p.Lines.Shown()[0].Move == best && len(p.Lines.Shown()) == 1 {
		t.Errorf("the lines did not follow the move played: %v", p.Lines.Shown())
	}
	ep.SetFollow(false)

	// The explorer plays its move into the game the same way.
	v.Go("first")
	v.Go("next")
	if err := p.Database.Model.Open(filepath.Join(t.TempDir(), "games.db")); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	if err := p.Database.Model.Index([]string{filepath.Join("..", "..", "assets", "games", "sample_archive.tsv")}, func(err error) { done <- err }); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatal("indexing did not end")
	}
	wb.Current.Set(wb.Viewer.Snapshot()) // the panel follows the position again
	explore := p.Database.Model.State().Explore
	if len(explore) == 0 {
		t.Fatalf("the explorer is empty after indexing (%s)", p.Database.Model.State().Message)
	}
	v.ShowSection(panels.ExplorerSection)
	ply := v.Model.Ply()
	p.Explorer.Tap(0)
	if v.Model.Ply() != ply+1 || !strings.HasSuffix(v.Model.MoveText(ply), explore[0].Move) {
		t.Errorf("a tap on the explorer's %s: ply %d, move %q (%s)", explore[0].Move, v.Model.Ply(), v.Model.MoveText(ply), p.Database.Model.State().Message)
	}
	if r, _ := v.Model.TurnRowOf(v.Model.CursorRow()); r < 0 {
		t.Errorf("the explorer's move is not in the move list")
	}

	// Back from the editor, whose position was current, the analysis
	// view's is current again.
	wb.Select(shell.EditorPanel)
	wb.Current.Set(state.Snapshot{Position: rules.StartPosition(), Source: "Editor"})
	wb.Select(shell.ViewerPanel)
	if got := wb.Current.Get(); got.Source != v.Snapshot().Source || got.Position != v.Model.Position() {
		t.Errorf("back in the analysis view the current position is %q's", got.Source)
	}

	// F flips the board, and again.
	flipped := v.Board.Flipped()
	wb.TypedKey(viewer.FlipKey)
	if v.Board.Flipped() == flipped {
		t.Error("F did not flip the board")
	}
	wb.TypedKey(viewer.FlipKey)
	if v.Board.Flipped() != flipped {
		t.Error("F did not flip the board back")
	}
}
