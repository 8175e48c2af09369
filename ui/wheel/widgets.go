package wheel

import (
	"reflect"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Table returns t under a cover that makes the wheel move it by rows.
func Table(t *widget.Table) *fyne.Container { return container.NewStack(t, TableCover(t)) }

// List returns l under a cover that makes the wheel move it by rows.
func List(l *widget.List) *fyne.Container { return container.NewStack(l, ListCover(l)) }

// TableCover returns a cover to lay over t, at t's place and size, that
// makes the wheel move t by rows (every row as high as Fyne's template
// cell: no SetRowHeight). Fyne 2.7's table can be scrolled to an offset
// but does not tell its offset (fyne-io/fyne issue 6002; List has
// GetScrollOffset), so the offset and the cells' size are read from the
// table's own fields; with a Fyne that has them no longer, the cover is
// hidden and the wheel scrolls the table as Fyne does.
func TableCover(t *widget.Table) *Cover {
	c := NewCover(tableScroll{t})
	if _, ok := readTable(t); !ok {
		c.Hide()
	}
	return c
}

// ListCover returns a cover to lay over l, at l's place and size, that
// makes the wheel move l by rows (every row as high as Fyne's template
// item: no SetItemHeight). Where the template's size cannot be read, the
// wheel moves l as Fyne does.
func ListCover(l *widget.List) *Cover { return NewCover(listScroll{l}) }

type tableScroll struct{ t *widget.Table }

// Scrolled moves the rows by Offset and the columns as Fyne does: by DX,
// or by DY when every row is shown (Fyne's wheel scrolls such a table
// sideways).
func (s tableScroll) Scrolled(e *fyne.ScrollEvent) {
	g, ok := readTable(s.t)
	if !ok || s.t.Length == nil {
		return
	}
	pad := s.t.Theme().Size(theme.SizeNamePadding)
	pitch := g.cell.Height + pad
	rows, _ := s.t.Length()
	body := s.t.Size().Height
	if s.t.ShowHeaderRow {
		body -= g.header.Height
	}
	next := g.offset
	if e.Scrolled.DX == 0 && float32(rows)*pitch-pad <= body {
		next.X = max(0, g.offset.X-e.Scrolled.DY)
	} else {
		next.X = max(0, g.offset.X-e.Scrolled.DX)
		next.Y = Offset(g.offset.Y, e.Scrolled.DY, Notch(), pitch)
	}
	if next != g.offset {
		s.t.ScrollToOffset(next)
	}
}

type listScroll struct{ l *widget.List }

// Scrolled moves the rows by Offset.
func (s listScroll) Scrolled(e *fyne.ScrollEvent) {
	item, _ := read[fyne.Size](s.l, "itemMin")
	pitch := float32(0)
	if item.Height > 0 {
		pitch = item.Height + s.l.Theme().Size(theme.SizeNamePadding)
	}
	off := s.l.GetScrollOffset()
	if next := Offset(off, e.Scrolled.DY, Notch(), pitch); next != off {
		s.l.ScrollToOffset(next)
	}
}

// tableView is what a table shows: the offset of its cells' scroller,
// the size of a cell and of its header row.
type tableView struct {
	offset       fyne.Position
	cell, header fyne.Size
}

func readTable(t *widget.Table) (tableView, bool) {
	off, ok1 := read[fyne.Position](t, "offset")
	cell, ok2 := read[fyne.Size](t, "cellSize")
	header, ok3 := read[fyne.Size](t, "headerSize")
	return tableView{off, cell, header}, ok1 && ok2 && ok3
}

// read returns field name of the struct w points to, a fyne.Size or a
// fyne.Position that Fyne keeps to itself, and whether it is there with
// that type. Only its numbers are read: nothing of the widget is changed.
func read[T fyne.Size | fyne.Position](w any, name string) (T, bool) {
	var out T
	v := reflect.ValueOf(w)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return out, false
	}
	f := v.Elem().FieldByName(name)
	if !f.IsValid() || f.Type() != reflect.TypeFor[T]() {
		return out, false
	}
	o := reflect.ValueOf(&out).Elem()
	for i := range o.NumField() {
		o.Field(i).SetFloat(f.Field(i).Float())
	}
	return out, true
}
