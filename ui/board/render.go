package board

import (
	"bytes"
	"image"
	"image/png"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records/fsutil"
)

// Diagram describes a board picture drawn without a window.
type Diagram struct {
	Position rules.Position
	Overlays Overlays
	Size     int  // width and height in pixels
	Flipped  bool // Silver at the bottom
	NoCoords bool // leave out file letters and rank numbers
	EvalBar  bool // draw the evaluation bar (Overlays.Eval) beside the board
}

// Render draws d with the same renderer the window uses, in memory through
// Fyne's software painter, so it works headless (the render command, test
// reports, golden images). It draws with the current Fyne app: the
// window's, or in a command-line run the in-memory one that Fyne starts
// for its software driver (whose canvas is built on Fyne's test package,
// whose initialisation starts that app). The board draws in its own
// colours, so both give the same picture. Outside the board's frame the
// picture is transparent.
func Render(d Diagram) image.Image {
	if d.Size < 64 {
		d.Size = 64
	}
	b := New(d.Position)
	b.over = d.Overlays
	b.flipped = d.Flipped
	b.coords = !d.NoCoords
	b.evalBar = d.EvalBar
	c := software.NewTransparentCanvas()
	c.SetPadded(false)
	c.SetContent(b)
	c.Resize(fyne.NewSize(float32(d.Size), float32(d.Size)))
	return c.Capture()
}

// WritePNG renders d and writes it to path as a PNG, atomically: the
// render command and every panel's "board as PNG" save diagrams with it.
func WritePNG(path string, d Diagram) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, Render(d)); err != nil {
		return err
	}
	return fsutil.WriteBytes(path, buf.Bytes())
}
