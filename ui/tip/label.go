package tip

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Label is a one-line label that ends its text with an ellipsis where it
// has no room, and then shows the whole text as a tip while the pointer is
// over it: a table's column can stay narrow without hiding what it cuts.
type Label struct {
	widget.Label
	// Under, when set, is told the pointer's moves too: the table under
	// the label keeps highlighting the row under the pointer although the
	// label, lying above it, takes the hover.
	Under desktop.Hoverable
}

// NewLabel returns a cut-with-a-tip label showing text.
func NewLabel(text string) *Label {
	l := &Label{}
	l.Text = text
	l.Truncation = fyne.TextTruncateEllipsis
	l.ExtendBaseWidget(l)
	return l
}

// NewTable is a table whose cells are Labels lying over it, which keeps
// highlighting the row under the pointer: length gives its rows and
// columns, update fills a cell's label.
func NewTable(length func() (rows, cols int), update func(id widget.TableCellID, l *Label)) *widget.Table {
	var t *widget.Table
	t = widget.NewTable(length,
		func() fyne.CanvasObject {
			l := NewLabel("")
			l.Under = t
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) { update(id, o.(*Label)) })
	return t
}

// Cut tells whether the label's text is longer than its room.
func (l *Label) Cut() bool {
	if l.Text == "" {
		return false
	}
	// The label's own theme: a compact table pads its cells less.
	text := theme.SizeForWidget(theme.SizeNameText, l)
	if l.SizeName != "" {
		text = theme.SizeForWidget(l.SizeName, l)
	}
	need := fyne.MeasureText(l.Text, text, l.TextStyle).Width + 2*theme.SizeForWidget(theme.SizeNameInnerPadding, l)
	return need > l.Size().Width+0.5
}

// MouseIn shows the whole text when it is cut.
func (l *Label) MouseIn(e *desktop.MouseEvent) {
	text := ""
	if l.Cut() {
		text = l.Text
	}
	enter(l, l.Under, e, text)
}

// MouseMoved passes the move on to Under.
func (l *Label) MouseMoved(e *desktop.MouseEvent) { moved(l.Under, e) }

// MouseOut hides the tip.
func (l *Label) MouseOut() { leave(l, l.Under) }

// Spot is an invisible area, laid over a cell drawn some other way, that
// shows Tip while the pointer is over it; an empty Tip shows nothing.
type Spot struct {
	widget.BaseWidget
	Tip   string
	Under desktop.Hoverable // as Label's
}

// NewSpot returns a spot with no tip.
func NewSpot() *Spot {
	s := &Spot{}
	s.ExtendBaseWidget(s)
	return s
}

// CreateRenderer draws nothing: a transparent rectangle (a nil colour
// crashes Fyne's software painter, which --screenshot uses).
func (s *Spot) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// MinSize is nothing: the spot takes the cell's size.
func (s *Spot) MinSize() fyne.Size { return fyne.NewSize(0, 0) }

// MouseIn shows Tip.
func (s *Spot) MouseIn(e *desktop.MouseEvent) { enter(s, s.Under, e, s.Tip) }

// MouseMoved passes the move on to Under.
func (s *Spot) MouseMoved(e *desktop.MouseEvent) { moved(s.Under, e) }

// MouseOut hides the tip.
func (s *Spot) MouseOut() { leave(s, s.Under) }

func enter(o fyne.CanvasObject, under desktop.Hoverable, e *desktop.MouseEvent, text string) {
	if under != nil {
		under.MouseIn(forward(under, e))
	}
	if ly := layerFor(o); ly != nil && text != "" {
		ly.show(o, text)
	}
}

func moved(under desktop.Hoverable, e *desktop.MouseEvent) {
	if under != nil {
		under.MouseMoved(forward(under, e))
	}
}

func leave(o fyne.CanvasObject, under desktop.Hoverable) {
	if ly := layerFor(o); ly != nil {
		ly.hide()
	}
	if under != nil {
		under.MouseOut()
	}
}

// forward is e as under sees it: the position relative to under.
func forward(under desktop.Hoverable, e *desktop.MouseEvent) *desktop.MouseEvent {
	f := *e
	if o, ok := under.(fyne.CanvasObject); ok && fyne.CurrentApp() != nil {
		f.Position = e.AbsolutePosition.Subtract(fyne.CurrentApp().Driver().AbsolutePositionForObject(o))
	}
	return &f
}
