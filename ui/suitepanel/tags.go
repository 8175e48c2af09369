package suitepanel

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/tablefit"
	"arimaa-workbench/ui/tip"
)

// tagWidths are the least widths of TagColumns; the tag's column takes
// the rest of the table's width.
var tagWidths = []float32{120, 64, 72, 110, 64}

// newTagTable is the run's score by tag as a table, a tag a row.
func (p *Panel) newTagTable() fyne.CanvasObject {
	p.tagTable = tip.NewTable(
		func() (int, int) { return len(p.tags), len(TagColumns) },
		func(id widget.TableCellID, l *tip.Label) {
			l.Alignment = fyne.TextAlignTrailing
			if id.Col == 0 {
				l.Alignment = fyne.TextAlignLeading
			}
			text := ""
			if id.Row < len(p.tags) && id.Col < len(p.tags[id.Row]) {
				text = p.tags[id.Row][id.Col]
			}
			l.SetText(text)
		})
	tablefit.Header(p.tagTable, tablefit.Titles(TagColumns))
	cols := func() []tablefit.Column {
		c := make([]tablefit.Column, len(tagWidths))
		for i, w := range tagWidths {
			c[i] = tablefit.Column{Min: w}
		}
		c[0].Grow = 1
		return c
	}
	return container.New(lowLayout{}, tablefit.New(p.tagTable, cols, nil))
}

// lowLayout asks for the width of its content and a scroll bar's height:
// a table scrolls its own rows, so the tab it is in need not be as tall
// as a row and the header.
type lowLayout struct{}

func (lowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}

func (lowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w float32
	for _, o := range objs {
		w = max(w, o.MinSize().Width)
	}
	return fyne.NewSize(w, theme.ScrollBarSize())
}
