package wheel

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

func TestOffset(t *testing.T) {
	const pitch = 31
	for _, c := range []struct {
		name                  string
		off, dy, notch, pitch float32
		want                  float32
	}{
		{"a notch down from the top", 0, -25, 25, pitch, 3 * pitch},
		{"two notches in one event", 0, -50, 25, pitch, 6 * pitch},
		{"a notch up", 6 * pitch, 25, 25, pitch, 3 * pitch},
		{"a notch up near the top stops at it", 2 * pitch, 25, 25, pitch, 0},
		{"from within a row, to a row's top", pitch + 9, -25, 25, pitch, 4 * pitch},
		{"up from within a row", 5*pitch + 9, 25, 25, pitch, 2 * pitch},
		{"an offset a hair short of a row's top counts as at it", 3*pitch - 0.0001, -25, 25, pitch, 6 * pitch},
		{"a macOS notch", 0, -10, 10, pitch, 3 * pitch},
		{"a trackpad's fraction of a notch moves its pixels", 40, -7.5, 25, pitch, 47.5},
		{"a trackpad up", 40, 3.25, 25, pitch, 36.75},
		{"a smooth wheel's notch and a half moves its pixels", 0, -37.5, 25, pitch, 37.5},
		{"pixels up past the top stop at it", 2, 7.5, 25, pitch, 0},
		{"nothing", 50, 0, 25, pitch, 50},
		{"rows of no known height: pixels", 10, -25, 25, 0, 35},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Offset(c.off, c.dy, c.notch, c.pitch); !near(got, c.want) {
				t.Errorf("Offset(%v, %v, %v, %v) = %v, want %v", c.off, c.dy, c.notch, c.pitch, got, c.want)
			}
		})
	}
}

func near(a, b float32) bool { return a-b < 0.01 && b-a < 0.01 }

// TestReadsFyneTable: the fields of Fyne's table that TableCover reads are
// there (a Fyne that renames them fails here, not only in the window),
// and a field missing or of another type is reported as such.
func TestReadsFyneTable(t *testing.T) {
	test.NewTempApp(t)
	tb := newTable(100, 2)
	if _, ok := readTable(tb); !ok {
		t.Fatal("the table's offset and cell size cannot be read")
	}
	if TableCover(tb).Hidden {
		t.Fatal("the cover is hidden though the table can be read")
	}
	if _, ok := read[fyne.Size](&struct{ x int }{}, "cellSize"); ok {
		t.Error("a field that is not there was read")
	}
	if _, ok := read[fyne.Position](tb, "cellSize"); ok {
		t.Error("a fyne.Size was read as a fyne.Position")
	}
	if _, ok := read[fyne.Size](widget.NewList(nil, nil, nil), "itemMin"); !ok {
		t.Error("the list's item size cannot be read")
	}
}

func newTable(rows, cols int) *widget.Table {
	return widget.NewTable(func() (int, int) { return rows, cols },
		func() fyne.CanvasObject { return widget.NewLabel("row 000") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(fmt.Sprintf("row %d", id.Row))
		})
}

func newList(n int) *widget.List {
	return widget.NewList(func() int { return n },
		func() fyne.CanvasObject { return widget.NewLabel("row 000") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(fmt.Sprintf("row %d", i)) })
}

// pitch is how far apart the rows of a list or table of labels lie.
func pitch() float32 {
	return widget.NewLabel("row 000").MinSize().Height + test.Theme().Size("padding")
}

// TestTableWheel: in a window, a notch over a covered table moves it by
// Rows rows and a trackpad's delta by its pixels; a click still selects
// the row under the pointer, and the keys still move the selection.
func TestTableWheel(t *testing.T) {
	test.NewTempApp(t)
	tb := newTable(100, 2)
	var selected []widget.TableCellID
	tb.OnSelected = func(id widget.TableCellID) { selected = append(selected, id) }
	w := test.NewTempWindow(t, Table(tb))
	w.Resize(fyne.NewSize(400, 300))
	p := pitch()
	at := fyne.NewPos(50, 50)
	offset := func() float32 {
		g, _ := readTable(tb)
		return g.offset.Y
	}
	test.Scroll(w.Canvas(), at, 0, -Notch())
	if got := offset(); !near(got, Rows*p) {
		t.Fatalf("a notch down: offset %v, want %v (%d rows)", got, Rows*p, Rows)
	}
	test.Scroll(w.Canvas(), at, 0, -2*Notch())
	if got := offset(); !near(got, 3*Rows*p) {
		t.Fatalf("two notches more: offset %v, want %v", got, 3*Rows*p)
	}
	test.Scroll(w.Canvas(), at, 0, Notch())
	if got := offset(); !near(got, 2*Rows*p) {
		t.Fatalf("a notch up: offset %v, want %v", got, 2*Rows*p)
	}
	test.Scroll(w.Canvas(), at, 0, -4.5)
	if got := offset(); !near(got, 2*Rows*p+4.5) {
		t.Fatalf("a trackpad's 4.5 px: offset %v, want %v", got, 2*Rows*p+4.5)
	}
	test.Scroll(w.Canvas(), at, 0, -1000*Notch())
	last := offset()
	if rows := (last + 300) / p; rows < 99 || rows > 101 {
		t.Fatalf("a thousand notches: offset %v shows up to row %.1f, want the last of 100", last, rows)
	}
	test.Scroll(w.Canvas(), at, 0, 1000*Notch())
	if got := offset(); got != 0 {
		t.Fatalf("a thousand notches up: offset %v", got)
	}
	// A click on the second row shown: the table under the cover takes it.
	test.TapCanvas(w.Canvas(), fyne.NewPos(20, p+p/2))
	if len(selected) != 1 || selected[0].Row != 1 {
		t.Fatalf("a click on row 1 selected %v", selected)
	}
	if w.Canvas().Focused() != fyne.Focusable(tb) {
		t.Fatal("a click does not give the table the keys")
	}
	tb.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	tb.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if len(selected) != 2 || selected[1].Row != 2 {
		t.Fatalf("down and space after the click selected %v", selected)
	}
}

// TestWideTableScrollsSideways: a table whose rows are all shown but not
// its columns scrolls sideways under the wheel, as Fyne's does.
func TestWideTableScrollsSideways(t *testing.T) {
	test.NewTempApp(t)
	tb := newTable(3, 20)
	w := test.NewTempWindow(t, Table(tb))
	w.Resize(fyne.NewSize(300, 300))
	test.Scroll(w.Canvas(), fyne.NewPos(50, 20), 0, -Notch())
	if g, _ := readTable(tb); g.offset.X != Notch() || g.offset.Y != 0 {
		t.Fatalf("a notch over a wide, low table: offset %v, want (%v, 0)", g.offset, Notch())
	}
}

// TestListWheel: a notch over a covered list moves it by Rows rows, and a
// click still selects the row under the pointer.
func TestListWheel(t *testing.T) {
	test.NewTempApp(t)
	l := newList(100)
	var selected []int
	l.OnSelected = func(i widget.ListItemID) { selected = append(selected, i) }
	w := test.NewTempWindow(t, List(l))
	w.Resize(fyne.NewSize(300, 300))
	p := pitch()
	test.Scroll(w.Canvas(), fyne.NewPos(50, 50), 0, -2*Notch())
	if got := l.GetScrollOffset(); !near(got, 2*Rows*p) {
		t.Fatalf("two notches: offset %v, want %v", got, 2*Rows*p)
	}
	test.Scroll(w.Canvas(), fyne.NewPos(50, 50), 0, 2.5)
	if got := l.GetScrollOffset(); !near(got, 2*Rows*p-2.5) {
		t.Fatalf("a trackpad's 2.5 px up: offset %v, want %v", got, 2*Rows*p-2.5)
	}
	test.TapCanvas(w.Canvas(), fyne.NewPos(20, p/2+2.5))
	if len(selected) != 1 || selected[0] != 2*Rows {
		t.Fatalf("a click on the first row shown selected %v, want [%d]", selected, 2*Rows)
	}
}
