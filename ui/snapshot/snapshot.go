// Package snapshot draws a window's content into an image with Fyne's
// software painter, for --screenshot where the OpenGL front buffer reads
// back empty (Xvfb's software Mesa among others). It mends the one way
// that painter draws otherwise than the window: at a widget that clips
// what it shows (an entry, a list, a scroll) the painter clips to that
// widget alone, not to what the scrolls around it show, so an entry
// scrolled out of a form was drawn past the form's edge, over the
// buttons and the status bar under it. Such widgets are hidden while the
// image is drawn.
package snapshot

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"
)

// Capture draws content, laid out at size, as the window shows it.
func Capture(content fyne.CanvasObject, size fyne.Size) image.Image {
	content.Resize(size) // laid out, as in the window, to find what is outside
	hidden := outsideClips(content)
	for _, o := range hidden {
		o.Hide()
	}
	defer func() {
		for _, o := range hidden {
			o.Show()
		}
	}()
	c := software.NewCanvas()
	// Edge to edge, as in the window: a padded canvas would lay the
	// content out again 8 px smaller.
	c.SetPadded(false)
	c.SetContent(content)
	c.Resize(size)
	return c.Capture()
}

// area is a rectangle of the canvas.
type area struct{ min, max fyne.Position }

func (a area) meets(b area) bool {
	return a.min.X < b.max.X && b.min.X < a.max.X && a.min.Y < b.max.Y && b.min.Y < a.max.Y
}

func (a area) within(b area) area {
	return area{fyne.NewPos(max(a.min.X, b.min.X), max(a.min.Y, b.min.Y)), fyne.NewPos(min(a.max.X, b.max.X), min(a.max.Y, b.max.Y))}
}

// outsideClips lists the shown objects under root that clip what they
// show and lie wholly outside what the clips around them show: those the
// software painter would draw anyway.
func outsideClips(root fyne.CanvasObject) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	var walk func(o fyne.CanvasObject, at fyne.Position, clip *area)
	walk = func(o fyne.CanvasObject, at fyne.Position, clip *area) {
		if o == nil || !o.Visible() {
			return
		}
		at = at.Add(o.Position())
		self := area{at, at.Add(o.Size())}
		var children []fyne.CanvasObject
		clips := false
		switch x := o.(type) {
		case *fyne.Container:
			children = x.Objects
		case fyne.Widget:
			r := test.WidgetRenderer(x)
			children = r.Objects()
			_, clips = r.(interface{ IsClip() })
		}
		if _, ok := o.(fyne.Scrollable); ok {
			clips = true
		}
		if clips {
			if clip != nil && !self.meets(*clip) {
				out = append(out, o)
				return
			}
			inner := self
			if clip != nil {
				inner = self.within(*clip)
			}
			clip = &inner
		}
		for _, c := range children {
			walk(c, at, clip)
		}
	}
	walk(root, fyne.Position{}, nil)
	return out
}
