package window

import (
	"math"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/panels"
	"arimaa-workbench/ui/panels/panelstest"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/tip"
)

// TestListsHaveRoom counts the rows a user sees without scrolling, from
// the sizes the widgets are laid out at: the viewer's move list at least
// 12 at 1280x800 and 8 at 1024x700, the Suite's results at least 12 at
// 1280x800; and the editor's Open… and Save are wholly in view with a
// long validation message.
func TestListsHaveRoom(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a suite")
	}
	wb, p, w := panelstest.NewWorkbench(t, panelstest.Screen(1024, 700))
	if err := wb.Open(filepath.Join("..", "..", "..", "assets", "games", "goal_race.txt")); err != nil {
		t.Fatal(err)
	}
	tests, _ := filepath.Abs("../../../assets/tests")
	if err := p.OpenSuite(wb, tests); err != nil {
		t.Fatal(err)
	}
	p.Suite.Sync()
	wb.Editor.Model.Clear() // no rabbits, no pieces: a validation of several lines
	// Each panel is shown once and laid out at each size: showing a
	// panel lays out the whole window again, which takes several times as
	// long as a resize.
	sizes := []struct {
		size       fyne.Size
		moves, run int
	}{
		{panelstest.Screen(1024, 700), 8, 0},
		{panelstest.Screen(1280, 800), 12, 12},
	}
	wb.Select(shell.ViewerPanel)
	for _, c := range sizes {
		w.Resize(c.size)
		if n := visibleRows(w, func(o fyne.CanvasObject) bool { _, ok := o.(*widget.Table); return ok },
			func(o fyne.CanvasObject) bool { _, ok := o.(*tip.Label); return ok }); n < c.moves {
			t.Errorf("%v: the move list shows %d rows, want at least %d", c.size, n, c.moves)
		}
	}
	wb.Select(panels.SuiteTab)
	for _, c := range sizes {
		if c.run == 0 {
			continue
		}
		w.Resize(c.size)
		if n := visibleRows(w, func(o fyne.CanvasObject) bool { _, ok := o.(*widget.Table); return ok },
			func(o fyne.CanvasObject) bool { _, ok := o.(*canvas.Text); return ok }); n < c.run {
			t.Errorf("%v: the suite's results show %d rows, want at least %d", c.size, n, c.run)
		}
	}
	wb.Select(shell.EditorPanel)
	if len(wb.Editor.ProblemsText()) < 60 {
		t.Fatalf("the validation is short: %q", wb.Editor.ProblemsText())
	}
	for _, c := range sizes {
		w.Resize(c.size)
		checkLayout(t, w, layoutView{name: "editor", keys: []string{"Open…", "Save", "Save as…", "Validation"}}, 0)
	}
}

// visibleRows counts the rows of the first widget isWidget finds that are
// wholly in view: the distinct heights at which a cell (an object cell
// picks) is drawn whole inside its scroller and the window.
func visibleRows(w fyne.Window, isWidget, cell func(fyne.CanvasObject) bool) int {
	w.Content().Refresh()
	size := w.Canvas().Size()
	window := rect{fyne.Position{}, fyne.NewPos(size.Width, size.Height)}
	var found fyne.CanvasObject
	rows := map[int]bool{}
	walkShown(w.Content(), fyne.Position{}, window, func(o fyne.CanvasObject, p placed) {
		if found == nil && isWidget(o) {
			found = o
			walkShown(o, p.at, p.clip, func(c fyne.CanvasObject, cp placed) {
				r := cp.rect(c)
				if c != o && cell(c) && c.Size().Height > 10 && cp.clip.contains(r) && window.contains(r) {
					rows[int(math.Round(float64(r.min.Y)))] = true
				}
			})
		}
	})
	return len(rows)
}
