package wheel

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// Cover is a transparent object that hands the wheel's events to another
// object and takes no other event: laid over a widget, it takes the wheel
// from the scrollers inside it, while clicks, keys and hover go on to the
// widget.
type Cover struct {
	widget.BaseWidget
	to fyne.Scrollable
}

// NewCover returns a cover that hands the wheel to to.
func NewCover(to fyne.Scrollable) *Cover {
	c := &Cover{to: to}
	c.ExtendBaseWidget(c)
	return c
}

// Scrolled implements fyne.Scrollable.
func (c *Cover) Scrolled(e *fyne.ScrollEvent) { c.to.Scrolled(e) }

// CreateRenderer draws nothing: a transparent rectangle (a nil colour
// crashes Fyne's software painter, which screenshots use).
func (c *Cover) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// MinSize is nothing: what lies under the cover sets the size.
func (c *Cover) MinSize() fyne.Size { return fyne.Size{} }
