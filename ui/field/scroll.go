package field

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// VScroll is container.NewVScroll(content) in which the mouse wheel
// scrolls the form wherever the pointer is. A one-line entry holds a
// scroller of its own, which takes the wheel and does nothing with it, so
// a form would not scroll while the pointer rests on one of its fields:
// each one-line entry in content's containers, forms and accordions gets
// a transparent cover that passes the wheel on to the form's scroller
// (clicks, typing and the text cursor still reach the entry). Entries
// inside other widgets are left alone, as are multi-line entries, which
// scroll their text. Call it before content is shown.
func VScroll(content fyne.CanvasObject) *container.Scroll {
	s := container.NewVScroll(nil)
	s.Content = cover(content, s)
	return s
}

// cover returns o with its one-line entries covered (o itself when it is
// not an entry).
func cover(o fyne.CanvasObject, to fyne.Scrollable) fyne.CanvasObject {
	switch w := o.(type) {
	case *widget.Entry:
		if !w.MultiLine {
			return container.NewStack(w, newScrollPass(to))
		}
	case *fyne.Container:
		for i, child := range w.Objects {
			w.Objects[i] = cover(child, to)
		}
	case *widget.Form:
		for _, it := range w.Items {
			it.Widget = cover(it.Widget, to)
		}
	case *widget.Accordion:
		for _, it := range w.Items {
			it.Detail = cover(it.Detail, to)
		}
	}
	return o
}

// scrollPass is a transparent cover that hands scroll events to another
// object; it takes no other event.
type scrollPass struct {
	widget.BaseWidget
	to fyne.Scrollable
}

func newScrollPass(to fyne.Scrollable) *scrollPass {
	p := &scrollPass{to: to}
	p.ExtendBaseWidget(p)
	return p
}

// Scrolled implements fyne.Scrollable.
func (p *scrollPass) Scrolled(e *fyne.ScrollEvent) { p.to.Scrolled(e) }

// CreateRenderer draws nothing.
func (p *scrollPass) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// MinSize is nothing: the entry under the cover sets the size.
func (p *scrollPass) MinSize() fyne.Size { return fyne.Size{} }
