package board

import (
	"bytes"
	"flag"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/uitest"
)

var updateIcon = flag.Bool("update-icon", false, "render assets/icon.svg into assets/icon.png")

// TestIconPNG keeps assets/icon.png (the icon `fyne package` and the
// window use) a 512×512 rendering of assets/icon.svg; -update-icon redraws it.
func TestIconPNG(t *testing.T) {
	test.NewTempApp(t)
	path := filepath.Join("..", "..", "assets", "icon.png")
	if *updateIcon {
		img := canvas.NewImageFromResource(IconResource())
		img.FillMode = canvas.ImageFillStretch
		c := software.NewTransparentCanvas()
		c.SetPadded(false)
		c.SetContent(img)
		c.Resize(fyne.NewSize(512, 512))
		uitest.WritePNG(t, path, c.Capture())
	}
	img, err := uitest.ReadPNG(path)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 512 || b.Dy() != 512 {
		t.Errorf("icon.png is %v, want 512×512", b)
	}
	if _, _, _, a := img.At(256, 256).RGBA(); a == 0 {
		t.Errorf("icon.png is transparent in the middle")
	}
}

func TestPieceArtwork(t *testing.T) {
	for _, c := range []rules.Color{rules.Gold, rules.Silver} {
		for ty := rules.Rabbit; ty <= rules.Elephant; ty++ {
			p := rules.MakePiece(c, ty)
			res := PieceResource(p)
			if res == nil || !bytes.Contains(res.Content(), []byte("<svg")) {
				t.Errorf("%v: no SVG artwork", p)
			}
		}
	}
	if PieceResource(rules.Empty) != nil {
		t.Errorf("Empty has artwork")
	}
}
