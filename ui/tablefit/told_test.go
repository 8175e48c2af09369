package tablefit

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestCellsReadTheNewWidths: a table whose cells are written for their
// column's width (cut to it, say) is drawn again with the widths it is
// told, not the ones before: the Suite's test names stayed cut at 1280x800
// where their column had grown.
func TestCellsReadTheNewWidths(t *testing.T) {
	test.NewTempApp(t)
	var told []float32
	written := map[int]string{} // the last text written in the first column, by row
	tbl := widget.NewTable(func() (int, int) { return 3, 2 },
		func() fyne.CanvasObject { return widget.NewLabel("cell") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			if id.Col == 0 && len(told) > 0 {
				written[id.Row] = fmt.Sprintf("%.0f", told[0])
				o.(*widget.Label).SetText(written[id.Row])
			}
		})
	c := New(tbl, func() []Column { return []Column{{Min: 100, Grow: 1}, {Min: 80}} }, func(w []float32) { told = w })
	w := test.NewTempWindow(t, c)
	for _, width := range []float32{400, 900} {
		w.Resize(fyne.NewSize(width, 300))
		want := fmt.Sprintf("%.0f", told[0])
		if len(written) == 0 {
			t.Fatal("no cell written")
		}
		for row, text := range written {
			if text != want {
				t.Errorf("at %.0f px row %d of the first column reads %q, want %q", width, row, text, want)
			}
		}
	}
}
