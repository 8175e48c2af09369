// Package tablefit makes a Fyne table's columns share the table's width:
// widget.Table keeps each column at the width it was given, so a table
// either clips its last columns in a narrow window or leaves its names
// truncated in a wide one.
package tablefit

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Column says how a column takes the width: at least Min; of the width
// left over it takes a share in proportion to Grow (0: none), up to Max
// (0: no limit). An Optional column (a long comment at the end, say) does
// not count in what is left over: it is scrolled to when there is no room
// for it, rather than keeping the others narrow.
type Column struct {
	Min, Grow, Max float32
	Optional       bool
}

// Widths shares total among cols. Width no column can take (all at their
// Max) is left unused; when total is less than the minimums, every column
// has its minimum and the table scrolls.
func Widths(cols []Column, total float32) []float32 {
	w := make([]float32, len(cols))
	extra := total
	for i, c := range cols {
		w[i] = c.Min
		if !c.Optional {
			extra -= c.Min
		}
	}
	open := map[int]bool{}
	for i, c := range cols {
		if c.Grow > 0 && (c.Max == 0 || c.Max > c.Min) {
			open[i] = true
		}
	}
	for extra > 0.5 && len(open) > 0 {
		var weight float32
		for i := range open {
			weight += cols[i].Grow
		}
		given := float32(0)
		for i := range open {
			add := extra * cols[i].Grow / weight
			if m := cols[i].Max; m > 0 && w[i]+add >= m {
				add = m - w[i]
				delete(open, i)
			}
			w[i] += add
			given += add
		}
		extra -= given
		if given < 0.5 {
			break
		}
	}
	for i := range w {
		w[i] = float32(int(w[i]))
	}
	return w
}

// New returns t in a container that sets its column widths from cols
// (asked again at each layout, so Max can follow the content) whenever
// its width changes; onWidths, when not nil, is told the widths set.
func New(t *widget.Table, cols func() []Column, onWidths func([]float32)) *fyne.Container {
	return container.New(&fitLayout{table: t, cols: cols, onWidths: onWidths}, t)
}

type fitLayout struct {
	table    *widget.Table
	cols     func() []Column
	onWidths func([]float32)
	last     []float32
}

func (l *fitLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	// The vertical scroll bar and the cells' dividers take a little of
	// the width.
	cols := l.cols()
	avail := size.Width - theme.ScrollBarSize() - float32(len(cols))*theme.Padding()
	w := Widths(cols, avail)
	if !slices.Equal(w, l.last) {
		l.last = w
		for i, x := range w {
			l.table.SetColumnWidth(i, x)
		}
		if l.onWidths != nil {
			l.onWidths(w)
		}
	}
	l.table.Move(fyne.NewPos(0, 0))
	l.table.Resize(size)
}

func (l *fitLayout) MinSize([]fyne.CanvasObject) fyne.Size { return l.table.MinSize() }

// Header gives t a header row of bold titles, title(col) over each column
// ("" where it has none).
func Header(t *widget.Table, title func(col int) string) {
	t.ShowHeaderRow = true
	t.CreateHeader = func() fyne.CanvasObject {
		return widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Row < 0 && id.Col >= 0 {
			o.(*widget.Label).SetText(title(id.Col))
		}
	}
}

// Titles is the title function of Header for a fixed list of names.
func Titles(names []string) func(col int) string {
	return func(col int) string {
		if col < len(names) {
			return names[col]
		}
		return ""
	}
}
