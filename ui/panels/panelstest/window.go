package panelstest

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// Rect is a rectangle in window coordinates.
type Rect struct{ Min, Max fyne.Position }

// WindowRect is the whole of w.
func WindowRect(w fyne.Window) Rect {
	size := w.Canvas().Size()
	return Rect{fyne.Position{}, fyne.NewPos(size.Width, size.Height)}
}

// Contains reports whether o lies inside r, give or take half a pixel.
func (r Rect) Contains(o Rect) bool {
	return o.Min.X >= r.Min.X-0.5 && o.Min.Y >= r.Min.Y-0.5 && o.Max.X <= r.Max.X+0.5 && o.Max.Y <= r.Max.Y+0.5
}

// Overlaps reports whether r and o share any area.
func (r Rect) Overlaps(o Rect) bool {
	return r.Min.X < o.Max.X && o.Min.X < r.Max.X && r.Min.Y < o.Max.Y && o.Min.Y < r.Max.Y
}

// Intersect is the part of r inside o.
func (r Rect) Intersect(o Rect) Rect {
	return Rect{fyne.NewPos(max(r.Min.X, o.Min.X), max(r.Min.Y, o.Min.Y)), fyne.NewPos(min(r.Max.X, o.Max.X), min(r.Max.Y, o.Max.Y))}
}

// Placed is where an object is drawn: its place in the window and the part
// of the window its scrollers let it show in.
type Placed struct {
	At   fyne.Position
	Clip Rect
}

// Rect is where o, placed at p, lies in the window.
func (p Placed) Rect(o fyne.CanvasObject) Rect { return Rect{p.At, p.At.Add(o.Size())} }

// WalkShown calls fn with every visible object drawn from o and where it
// is drawn, o's own place being at and clip what its scrollers show.
func WalkShown(o fyne.CanvasObject, at fyne.Position, clip Rect, fn func(fyne.CanvasObject, Placed)) {
	if o == nil || !o.Visible() {
		return
	}
	fn(o, Placed{at, clip})
	var children []fyne.CanvasObject
	switch c := o.(type) {
	case *fyne.Container:
		children = c.Objects
	case fyne.Widget:
		if _, ok := o.(*container.Scroll); ok {
			clip = clip.Intersect(Rect{at, at.Add(o.Size())})
		}
		children = test.WidgetRenderer(c).Objects()
	}
	for _, child := range children {
		WalkShown(child, at.Add(child.Position()), clip, fn)
	}
}

// Relayout lays out o and everything in it again, from the top down, as
// the driver does each frame for what changed its minimum size, without
// drawing anything again (refreshing the window would redraw every
// raster, the board and the graphs, which under the race detector takes
// seconds).
func Relayout(o fyne.CanvasObject) {
	if o == nil || !o.Visible() {
		return
	}
	var children []fyne.CanvasObject
	switch c := o.(type) {
	case *fyne.Container:
		if c.Layout != nil {
			c.Layout.Layout(c.Objects, c.Size())
		}
		children = c.Objects
	case fyne.Widget:
		r := test.WidgetRenderer(c)
		r.Layout(c.Size())
		children = r.Objects()
	}
	for _, child := range children {
		Relayout(child)
	}
}
