package plot

import (
	"image"
	"image/color"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

func TestPolylineEnds(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 101, 51))
	red := color.NRGBA{255, 0, 0, 255}
	Polyline(img, []Point{{0, 0}, {time.Second, 1}}, red)
	tests := []struct {
		name string
		x, y int
		set  bool
	}{
		{"start at the bottom left", 0, 50, true},
		{"end at the top right", 100, 0, true},
		{"middle on the diagonal", 50, 25, true},
		{"top left empty", 0, 0, false},
		{"bottom right empty", 100, 50, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := img.NRGBAAt(tc.x, tc.y) == red; got != tc.set {
				t.Errorf("pixel (%d,%d) drawn = %v, want %v", tc.x, tc.y, got, tc.set)
			}
		})
	}
}

func TestPolylineClampsAndEmpty(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 20, 20))
	Polyline(img, nil, color.White) // nothing to draw, no panic
	Polyline(img, []Point{{0, 2}, {time.Second, -1}}, color.White)
	if img.NRGBAAt(0, 0).A == 0 || img.NRGBAAt(19, 19).A == 0 {
		t.Error("values outside 0..1 should be drawn at the edges")
	}
}

func TestWidgetRenders(t *testing.T) {
	test.NewTempApp(t)
	g := NewWinRatio("win ratio")
	w := test.NewTempWindow(t, g)
	w.Resize(fyne.NewSize(300, 160))
	g.SetPoints([]Point{{100 * time.Millisecond, 0.5}, {time.Second, 0.7}})
	if img := w.Canvas().Capture(); img.Bounds().Dx() == 0 {
		t.Fatal("nothing captured")
	}
	if len(g.Points()) != 2 {
		t.Errorf("points %v", g.Points())
	}
}
