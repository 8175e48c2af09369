package field

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/wheel"
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
			return container.NewStack(w, wheel.NewCover(to))
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
