// Package tablefit makes a Fyne table's columns share the table's width:
// widget.Table keeps each column at the width it was given, so a table
// either clips its last columns in a narrow window or leaves its names
// truncated in a wide one.
package tablefit

import (
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/wheel"
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
	var all float32
	for _, c := range cols {
		all += c.Min
	}
	for i, c := range cols {
		w[i] = c.Min
		// An optional column counts when there is room for every
		// column: it is scrolled to only when there is not.
		if !c.Optional || all <= total {
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
// its width changes; onWidths, when not nil, is told the widths before
// they are set. The mouse wheel moves the table by rows (package wheel).
func New(t *widget.Table, cols func() []Column, onWidths func([]float32)) *fyne.Container {
	cover := wheel.TableCover(t)
	return container.New(&fitLayout{table: t, cover: cover, cols: cols, onWidths: onWidths}, t, cover)
}

// WithCorner is New with corner (a "?" button, say) at the right end of
// the header row, the columns sharing the width left of it: help about
// the table that takes none of its rows.
func WithCorner(t *widget.Table, cols func() []Column, corner fyne.CanvasObject) *fyne.Container {
	cover := wheel.TableCover(t)
	return container.New(&fitLayout{table: t, cover: cover, cols: cols, corner: corner}, t, cover, corner)
}

type fitLayout struct {
	table    *widget.Table
	cover    *wheel.Cover // over the table, taking the wheel
	cols     func() []Column
	onWidths func([]float32)
	corner   fyne.CanvasObject
	last     []float32
}

func (l *fitLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	// The vertical scroll bar and the cells' dividers take a little of
	// the width, the corner its own.
	cols := l.cols()
	avail := size.Width - theme.ScrollBarSize() - float32(len(cols))*theme.Padding()
	if l.corner != nil {
		c := l.corner.MinSize()
		avail -= max(0, c.Width-theme.ScrollBarSize())
		l.corner.Resize(c)
		l.corner.Move(fyne.NewPos(size.Width-c.Width, 0))
	}
	w := Widths(cols, avail)
	if !slices.Equal(w, l.last) {
		l.last = w
		// The owner first: setting a width draws the cells again, and
		// cells written for their width (cut to it) must read the new one.
		if l.onWidths != nil {
			l.onWidths(w)
		}
		for i, x := range w {
			l.table.SetColumnWidth(i, x)
		}
	}
	for _, o := range []fyne.CanvasObject{l.table, l.cover} {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *fitLayout) MinSize([]fyne.CanvasObject) fyne.Size { return l.table.MinSize() }

// Header gives t a header row of bold titles, title(col) over each column
// ("" where it has none). A title is text with the padding between
// widgets around it, as high as a compact row: Fyne's table makes every
// row as high as its header, and measures the header outside any theme
// override (a label there would be as high as a roomy row).
func Header(t *widget.Table, title func(col int) string) {
	t.ShowHeaderRow = true
	t.CreateHeader = func() fyne.CanvasObject {
		txt := canvas.NewText("", theme.Color(theme.ColorNameForeground))
		txt.TextStyle.Bold = true
		return container.NewPadded(txt)
	}
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Row < 0 && id.Col >= 0 {
			txt := o.(*fyne.Container).Objects[0].(*canvas.Text)
			txt.Text = title(id.Col)
			txt.Color = theme.Color(theme.ColorNameForeground)
			txt.Refresh()
		}
	}
}

// HeaderWidth is the width a column needs to show title whole in its
// Header: the least width of a column of figures.
func HeaderWidth(title string) float32 {
	return float32(math.Ceil(float64(fyne.MeasureText(title, theme.TextSize(), fyne.TextStyle{Bold: true}).Width + 2*theme.Padding())))
}

// HeaderText is the title a header cell of Header shows, "" for any other
// object.
func HeaderText(o fyne.CanvasObject) string {
	if c, ok := o.(*fyne.Container); ok && len(c.Objects) == 1 {
		if txt, ok := c.Objects[0].(*canvas.Text); ok {
			return txt.Text
		}
	}
	return ""
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
