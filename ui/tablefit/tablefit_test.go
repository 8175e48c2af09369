package tablefit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

func TestWidths(t *testing.T) {
	for _, c := range []struct {
		name  string
		cols  []Column
		total float32
		want  []float32
	}{
		{"narrow: the minimums", []Column{{Min: 100, Grow: 1}, {Min: 50}}, 120, []float32{100, 50}},
		{"one grows", []Column{{Min: 100, Grow: 1}, {Min: 50}}, 300, []float32{250, 50}},
		{"by weight", []Column{{Min: 100, Grow: 1}, {Min: 100, Grow: 3}}, 600, []float32{200, 400}},
		{"capped, the rest to the other", []Column{{Min: 100, Grow: 1, Max: 150}, {Min: 100, Grow: 1}}, 600, []float32{150, 450}},
		{"all capped: width left over", []Column{{Min: 100, Grow: 1, Max: 120}, {Min: 50}}, 600, []float32{120, 50}},
		{"none grows", []Column{{Min: 40}, {Min: 60}}, 600, []float32{40, 60}},
		{"optional columns leave the room to the others", []Column{{Min: 100, Grow: 1}, {Min: 300, Optional: true}}, 300, []float32{300, 300}},
		{"an optional column keeps its room when all fit", []Column{{Min: 100, Grow: 1}, {Min: 50, Optional: true}}, 300, []float32{250, 50}},
	} {
		got := Widths(c.cols, c.total)
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}

// TestTableFollowsTheWindow: widening the window widens the growing
// column, and the owner is told.
func TestTableFollowsTheWindow(t *testing.T) {
	test.NewTempApp(t)
	tbl := widget.NewTable(func() (int, int) { return 3, 2 },
		func() fyne.CanvasObject { return widget.NewLabel("cell") },
		func(widget.TableCellID, fyne.CanvasObject) {})
	var told []float32
	c := New(tbl, func() []Column { return []Column{{Min: 100, Grow: 1}, {Min: 80}} }, func(w []float32) { told = w })
	w := test.NewTempWindow(t, c)
	w.Resize(fyne.NewSize(400, 300))
	small := told[0]
	w.Resize(fyne.NewSize(900, 300))
	if told[0] <= small || told[1] != 80 {
		t.Errorf("widths %v after widening from %v", told, small)
	}
	if told[0]+told[1] > 900 {
		t.Errorf("columns %v wider than the window", told)
	}
}

// TestHeader: the header row shows the titles in bold, and nothing over a
// column without one.
func TestHeader(t *testing.T) {
	test.NewTempApp(t)
	tb := widget.NewTable(func() (int, int) { return 1, 3 }, func() fyne.CanvasObject { return widget.NewLabel("") },
		func(widget.TableCellID, fyne.CanvasObject) {})
	Header(tb, Titles([]string{"tag", "tests"}))
	if !tb.ShowHeaderRow {
		t.Fatal("no header row")
	}
	for col, want := range []string{"tag", "tests", ""} {
		o := tb.CreateHeader()
		tb.UpdateHeader(widget.TableCellID{Row: -1, Col: col}, o)
		txt := o.(*fyne.Container).Objects[0].(*canvas.Text)
		if HeaderText(o) != want || txt.Text != want || !txt.TextStyle.Bold {
			t.Errorf("column %d: %q (bold %v), want %q in bold", col, txt.Text, txt.TextStyle.Bold, want)
		}
		if w := o.MinSize().Width; w > HeaderWidth(want)+0.5 {
			t.Errorf("column %d: the header needs %.1f px, HeaderWidth says %.1f", col, w, HeaderWidth(want))
		}
		if h, roomy := o.MinSize().Height, widget.NewLabel(want).MinSize().Height; h >= roomy {
			t.Errorf("the header is %.0f px high, a label %.0f: the rows would be as high", h, roomy)
		}
	}
}

// TestCornerTakesItsWidth: a corner sits at the header's right end and the
// columns leave it its room.
func TestCornerTakesItsWidth(t *testing.T) {
	test.NewTempApp(t)
	tbl := widget.NewTable(func() (int, int) { return 3, 2 },
		func() fyne.CanvasObject { return widget.NewLabel("cell") },
		func(widget.TableCellID, fyne.CanvasObject) {})
	corner := widget.NewButton("?", nil)
	c := WithCorner(tbl, func() []Column { return []Column{{Min: 100, Grow: 1}, {Min: 80, Grow: 1}} }, corner)
	w := test.NewTempWindow(t, c)
	w.Resize(fyne.NewSize(500, 300))
	size := c.Size()
	if at := corner.Position(); at.Y != 0 || at.X+corner.Size().Width != size.Width || corner.Size() != corner.MinSize() {
		t.Errorf("the corner is %v at %v in a table %v wide", corner.Size(), at, size.Width)
	}
	var total float32
	for _, x := range c.Layout.(*fitLayout).last {
		total += x + theme.Padding()
	}
	if total == 0 || total > corner.Position().X {
		t.Errorf("the columns take %.0f px, the corner starts at %.0f", total, corner.Position().X)
	}
}
