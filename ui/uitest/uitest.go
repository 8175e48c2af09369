// Package uitest drives the workbench's widgets in tests the way a user
// does: it finds a button by its text in what is laid out on screen and
// types shortcuts the way Fyne's desktop driver delivers them. It also
// reads and writes the tests' PNG files and loads the example games.
package uitest

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Button returns the visible button labelled text inside o, or nil. Only
// what is shown counts (the shown tab of a tab container, say), as only
// that can be clicked.
func Button(o fyne.CanvasObject, text string) *widget.Button {
	for _, obj := range Shown(o) {
		if b, ok := obj.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	return nil
}

// Objects returns o and every object drawn from it, as they are laid out
// now, in order from o down. Unlike test.LaidOutObjects it lays nothing
// out again: that makes a new renderer for every widget, hidden ones too,
// and lays it out, which under the race detector takes seconds for a
// panel. What it finds exists whether or not it is shown.
func Objects(o fyne.CanvasObject) []fyne.CanvasObject { return objects(o, false) }

// Shown is Objects without what is hidden: a hidden object and all it
// holds are left out, and of a tab container only the tab shown is there.
func Shown(o fyne.CanvasObject) []fyne.CanvasObject { return objects(o, true) }

func objects(o fyne.CanvasObject, shownOnly bool) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || shownOnly && !o.Visible() {
			return
		}
		out = append(out, o)
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}

// TypeShortcut delivers s the way Fyne's desktop driver does for a key
// combination: to the focused widget when it takes shortcuts, otherwise to
// the canvas.
func TypeShortcut(c fyne.Canvas, s fyne.Shortcut) {
	if f, ok := c.Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(s)
		return
	}
	c.(fyne.Shortcutable).TypedShortcut(s)
}

// Capture writes what the window shows to a PNG file at path (screenshots
// of the panels for the documentation and for looking at them).
func Capture(t testing.TB, w fyne.Window, path string) {
	t.Helper()
	WritePNG(t, path, w.Canvas().Capture())
}

// WritePNG writes img to a PNG file at path, failing the test when it
// cannot.
func WritePNG(t testing.TB, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// ReadPNG decodes the PNG file at path.
func ReadPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

// TapMenuItem taps the entry called label of the pop-up menu shown on c
// (the top overlay) and reports whether there was one.
func TapMenuItem(c fyne.Canvas, label string) bool {
	top := c.Overlays().Top()
	if top == nil {
		return false
	}
	for _, o := range test.LaidOutObjects(top) {
		w, isWidget := o.(fyne.Widget)
		t, tappable := o.(fyne.Tappable)
		if !isWidget || !tappable {
			continue
		}
		for _, ch := range test.WidgetRenderer(w).Objects() {
			if txt, ok := ch.(*canvas.Text); ok && txt.Text == label {
				t.Tapped(&fyne.PointEvent{})
				return true
			}
		}
	}
	return false
}

// LoadGame reads and replays name, one of the example games in
// assets/games, for a test of a package directly under ui/.
func LoadGame(t testing.TB, name string) *rules.Game {
	t.Helper()
	path := filepath.Join("..", "..", "assets", "games", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := records.ReadRecord(f, path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	return g
}
