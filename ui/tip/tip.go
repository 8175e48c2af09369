// Package tip gives icon-only buttons a tooltip, which Fyne 2.7 lacks.
//
// The tip is drawn in a layer over the window's content, inside the widget
// tree, not as a canvas overlay: Fyne sends every pointer event to the top
// overlay alone, so an overlay tip would take the hover from the button
// under it and flicker. The layer holds no hoverable or tappable object,
// so events pass through it to the content.
package tip

import (
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Layer is where the tips of one window's buttons are drawn.
type Layer struct {
	root  *fyne.Container // the content and the tip layer, stacked
	layer *fyne.Container // freeLayout: the tip is placed by hand
	box   *fyne.Container
	bg    *canvas.Rectangle
	text  *widget.Label
}

var (
	mu     sync.Mutex
	layers = map[fyne.Canvas]*Layer{}
)

// Wrap returns content with a tip layer over it, for the window whose
// canvas is c; set the result as the window's content. Buttons of this
// package in content show their tips there.
func Wrap(c fyne.Canvas, content fyne.CanvasObject) fyne.CanvasObject {
	l := &Layer{text: widget.NewLabel("")}
	l.bg = canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	l.bg.StrokeColor = theme.Color(theme.ColorNameShadow)
	l.bg.StrokeWidth = 1
	l.bg.CornerRadius = theme.InputRadiusSize()
	l.box = container.NewStack(l.bg, l.text)
	l.box.Hide()
	l.layer = container.New(freeLayout{}, l.box)
	l.root = container.NewStack(content, l.layer)
	mu.Lock()
	layers[c] = l
	mu.Unlock()
	return l.root
}

// freeLayout leaves its objects where show puts them and asks for no
// room, so a long tip never widens the window.
type freeLayout struct{}

func (freeLayout) Layout([]fyne.CanvasObject, fyne.Size) {}

func (freeLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(0, 0) }

func layerFor(o fyne.CanvasObject) *Layer {
	app := fyne.CurrentApp()
	if app == nil {
		return nil
	}
	c := app.Driver().CanvasForObject(o)
	if c == nil {
		return nil
	}
	mu.Lock()
	defer mu.Unlock()
	return layers[c]
}

// show draws text under o (above it when there is no room below), kept
// inside the layer.
func (l *Layer) show(o fyne.CanvasObject, text string) {
	d := fyne.CurrentApp().Driver()
	area := l.layer.Size()
	l.text.Wrapping = fyne.TextWrapOff
	l.text.SetText(text)
	size := l.box.MinSize()
	// A long tip (a help text) wraps at a width that reads well and that
	// the window has.
	if wide := min(maxTipWidth, area.Width); size.Width > wide && wide > 0 {
		l.text.Wrapping = fyne.TextWrapWord
		l.text.Resize(fyne.NewSize(wide, size.Height))
		l.text.Refresh() // wraps the text at the new width
		size = fyne.NewSize(wide, l.text.MinSize().Height)
	}
	origin := d.AbsolutePositionForObject(l.layer)
	at := d.AbsolutePositionForObject(o).Subtract(origin)
	pos := fyne.NewPos(at.X, at.Y+o.Size().Height+2)
	if pos.Y+size.Height > area.Height {
		pos.Y = at.Y - size.Height - 2
	}
	pos.X = max(0, min(pos.X, area.Width-size.Width))
	pos.Y = max(0, pos.Y)
	l.box.Resize(size)
	l.box.Move(pos)
	l.box.Show()
	l.layer.Refresh()
}

func (l *Layer) hide() {
	if l.box.Visible() {
		l.box.Hide()
		l.layer.Refresh()
	}
}

// Shown returns the tip shown in c's layer, "" when none is.
func Shown(c fyne.Canvas) string {
	mu.Lock()
	l := layers[c]
	mu.Unlock()
	if l == nil || !l.box.Visible() {
		return ""
	}
	return l.text.Text
}

// maxTipWidth is the widest a tip is drawn: a longer text wraps.
const maxTipWidth = 420

// Button is a widget.Button that shows Tip while the pointer is over it.
type Button struct {
	widget.Button
	// Tip says what the button does.
	Tip string
}

// NewButton returns a button showing only icon, with tip as its tooltip.
func NewButton(icon fyne.Resource, tip string, tapped func()) *Button {
	b := &Button{Tip: tip}
	b.Icon = icon
	b.OnTapped = tapped
	b.ExtendBaseWidget(b)
	return b
}

// MouseIn shows the tip.
func (b *Button) MouseIn(e *desktop.MouseEvent) {
	b.Button.MouseIn(e)
	if l := layerFor(b); l != nil && b.Tip != "" {
		l.show(b, b.Tip)
	}
}

// MouseOut hides the tip.
func (b *Button) MouseOut() {
	b.Button.MouseOut()
	if l := layerFor(b); l != nil {
		l.hide()
	}
}

// Tapped hides the tip, which would cover what the button changes, and
// taps the button.
func (b *Button) Tapped(e *fyne.PointEvent) {
	if l := layerFor(b); l != nil {
		l.hide()
	}
	b.Button.Tapped(e)
}

// NewHelp returns a "?" button whose tip is text, shown while the pointer
// is over it and when it is tapped: help that takes no row from the list
// it explains.
func NewHelp(text string) *Button {
	b := NewButton(theme.QuestionIcon(), text, nil)
	b.Importance = widget.LowImportance
	b.OnTapped = func() {
		if l := layerFor(b); l != nil && b.Tip != "" {
			l.show(b, b.Tip)
		}
	}
	return b
}
