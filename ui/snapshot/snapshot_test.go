package snapshot

import (
	"fmt"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestScrolledOutEntriesStayInTheirForm: a form of entries in a scroll,
// an empty strip under it, as the Match panel's form over the message
// under its Start button: the entries scrolled out of the form are not
// drawn in the strip (Fyne's software painter alone drew their text
// there), and those in view are drawn.
func TestScrolledOutEntriesStayInTheirForm(t *testing.T) {
	test.NewTempApp(t)
	bar := canvas.NewRectangle(color.Transparent)
	bar.SetMinSize(fyne.NewSize(0, 100))
	form := container.NewVBox()
	for i := range 30 {
		e := widget.NewEntry()
		e.SetText(fmt.Sprintf("WWWWWWWW %d", i))
		form.Add(e)
	}
	content := container.NewBorder(nil, bar, nil, nil, container.NewVScroll(form))
	img := Capture(content, fyne.NewSize(300, 300))

	bg := img.At(0, img.Bounds().Max.Y-1)
	for y := int(bar.Position().Y) + 2; y < img.Bounds().Max.Y; y++ {
		for x := range img.Bounds().Max.X {
			if img.At(x, y) != bg {
				t.Fatalf("the strip under the form is drawn over at (%d, %d): %v, not the background %v", x, y, img.At(x, y), bg)
			}
		}
	}
	// The first entry's text is drawn: something other than the
	// background in its row.
	drawn := false
	for x := 10; x < 200 && !drawn; x++ {
		drawn = img.At(x, int(form.Objects[0].Size().Height/2)) != bg
	}
	if !drawn {
		t.Error("the entries in view are not drawn")
	}
}
