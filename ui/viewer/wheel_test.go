package viewer

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/ui/tip"
	"arimaa-workbench/ui/uitest"
	"arimaa-workbench/ui/wheel"
)

// shownTop returns the move list's first row shown (the one at the top
// edge of its cells, or the first under it), read from the turn numbers
// the table draws, and how far the top of that row's cell lies above the
// edge.
func shownTop(t *testing.T, v *Panel) (row int, above float32) {
	t.Helper()
	d := fyne.CurrentApp().Driver()
	var cells fyne.CanvasObject // the table's scroller, under its header
	for _, o := range uitest.Shown(v.list.table) {
		if _, ok := o.(fyne.Scrollable); ok && o != fyne.CanvasObject(v.list.table) {
			cells = o
		}
	}
	if cells == nil {
		t.Fatal("the move list has no scroller")
	}
	edge := d.AbsolutePositionForObject(cells).Y
	left := d.AbsolutePositionForObject(cells).X + 20 // inside the first column
	best, bestY := "", float32(0)
	for _, o := range uitest.Shown(cells) {
		l, ok := o.(*tip.Label)
		if !ok || l.Text == "" {
			continue
		}
		p := d.AbsolutePositionForObject(l)
		if p.X > left || p.Y+l.Size().Height <= edge {
			continue
		}
		if best == "" || p.Y < bestY {
			best, bestY = strings.TrimSpace(l.Text), p.Y
		}
	}
	for i, r := range v.Model.TurnRows() {
		if strings.TrimSpace(r.Turn) == best {
			return i, edge - bestY
		}
	}
	t.Fatalf("no row numbered %q", best)
	return 0, 0
}

// TestWheelMovesTheMoveListByRows: a notch of the mouse wheel over the move
// list moves its first row shown by wheel.Rows rows, down and back up; a
// trackpad's fraction of a notch moves it by those pixels.
func TestWheelMovesTheMoveListByRows(t *testing.T) {
	v, _, _, _ := newTestPanel(t)
	openGoalRace(t, v)
	v.Go("first")
	c := fyne.CurrentApp().Driver().CanvasForObject(v.list.table)
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(v.list.table).Add(fyne.NewPos(60, 80))
	start, _ := shownTop(t, v)
	if start != 0 {
		t.Fatalf("at the game's start the list shows row %d first", start)
	}
	notch := wheel.Notch()
	for i := 1; i <= 3; i++ {
		test.Scroll(c, at, 0, -notch)
		if got, _ := shownTop(t, v); got != start+i*wheel.Rows {
			t.Fatalf("after %d notches down the first row shown is %d, want %d", i, got, start+i*wheel.Rows)
		}
	}
	test.Scroll(c, at, 0, notch)
	if got, _ := shownTop(t, v); got != start+2*wheel.Rows {
		t.Fatalf("a notch up: first row %d, want %d", got, start+2*wheel.Rows)
	}
	row, above := shownTop(t, v)
	if above != 0 {
		t.Fatalf("after whole notches the first row is cut by %v px", above)
	}
	test.Scroll(c, at, 0, -notch*0.3) // a trackpad's small delta
	if got, moved := shownTop(t, v); got != row || moved < notch*0.3-0.5 || moved > notch*0.3+0.5 {
		t.Fatalf("a trackpad's %.1f px: first row %d cut by %.1f px, want row %d cut by %.1f", notch*0.3, got, moved, row, notch*0.3)
	}
}
