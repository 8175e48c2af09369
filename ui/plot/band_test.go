package plot

import (
	"image"
	"image/color"
	"math"
	"reflect"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

func TestBandRange(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		name   string
		ps     []BandPoint
		limit  float64
		lo, hi float64
		ticks  []float64
	}{
		{"empty: around zero", nil, 0, -10, 10, []float64{-10, -5, 0, 5, 10}},
		{"positive", []BandPoint{{1, 35, -13, 83}}, 0, -50, 100, []float64{-50, 0, 50, 100}},
		{"negative", []BandPoint{{1, -120, -310, -20}}, 0, -400, 0, []float64{-400, -300, -200, -100, 0}},
		{"infinite ignored", []BandPoint{{1, inf, 12, inf}, {2, 190, 30, 400}}, 0, 0, 400, []float64{0, 100, 200, 300, 400}},
		{"limited", []BandPoint{{2, 300, -200, 1500}, {3, inf, 100, inf}}, 800, -500, 1000, []float64{-500, 0, 500, 1000}},
		{"small", []BandPoint{{1, 2, -3, 7}}, 0, -10, 10, []float64{-10, -5, 0, 5, 10}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lo, hi, ticks := BandRange(tc.ps, tc.limit)
			if lo != tc.lo || hi != tc.hi || !reflect.DeepEqual(ticks, tc.ticks) {
				t.Errorf("got %g..%g %v, want %g..%g %v", lo, hi, ticks, tc.lo, tc.hi, tc.ticks)
			}
			if len(ticks) > bandTicks {
				t.Errorf("%d ticks", len(ticks))
			}
		})
	}
}

func TestDrawBand(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 101, 101))
	red := color.NRGBA{255, 0, 0, 255}
	// From 0 at the left to +50 at the right, the interval ±20 around it,
	// on an axis from -100 (bottom) to +100 (top).
	DrawBand(img, []BandPoint{{1, 0, -20, 20}, {11, 50, 30, 70}}, -100, 100, red)
	tests := []struct {
		name string
		x, y int
		want string // line, band or empty
	}{
		{"line starts at zero", 0, 50, "line"},
		{"line ends at +50", 100, 25, "line"},
		{"band above the start", 0, 43, "band"},
		{"band below the end", 100, 33, "band"},
		{"outside the band", 0, 20, "empty"},
		{"outside the band at the end", 100, 60, "empty"},
	}
	for _, tc := range tests {
		c := img.NRGBAAt(tc.x, tc.y)
		got := "empty"
		switch {
		case c == red:
			got = "line"
		case c.A != 0 && c.R > 0:
			got = "band"
		}
		if got != tc.want {
			t.Errorf("%s: pixel (%d,%d) is %s (%v), want %s", tc.name, tc.x, tc.y, got, c, tc.want)
		}
	}
	DrawBand(img, nil, -1, 1, red) // nothing to draw, no panic
}

func TestBandWidgetRenders(t *testing.T) {
	test.NewTempApp(t)
	g := NewBand("Elo", "games")
	w := test.NewTempWindow(t, g)
	w.Resize(fyne.NewSize(300, 160))
	g.SetPoints([]BandPoint{{1, math.Inf(-1), math.Inf(-1), 0}, {2, 0, -200, 200}, {3, 120, -40, 300}})
	if img := w.Canvas().Capture(); img.Bounds().Dx() == 0 {
		t.Fatal("nothing captured")
	}
	if len(g.Points()) != 3 {
		t.Errorf("points %v", g.Points())
	}
}

// TestDrawBandSkipsInfinite: a run of wins has an infinite Elo, which is
// no estimate: nothing is drawn for it, and the line starts at the first
// finite value.
func TestDrawBandSkipsInfinite(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 101, 101))
	red := color.NRGBA{255, 0, 0, 255}
	inf := math.Inf(-1)
	DrawBand(img, []BandPoint{{1, inf, inf, inf}, {2, inf, inf, inf}, {3, 0, -20, 20}, {5, 0, -20, 20}}, -100, 100, red)
	for x := 0; x < 45; x++ {
		for y := 0; y < 101; y++ {
			if img.NRGBAAt(x, y).A != 0 {
				t.Fatalf("pixel (%d,%d) drawn before the first finite value", x, y)
			}
		}
	}
	if img.NRGBAAt(75, 50) != red || img.NRGBAAt(75, 45).A == 0 {
		t.Error("the finite part is not drawn")
	}
}

// TestDrawBandShowsTheBound: after every game won the Elo is infinite but
// bounded from below; the line is drawn at the bound and the band from
// there to the top edge, where before the graph stayed empty.
func TestDrawBandShowsTheBound(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 101, 101))
	red := color.NRGBA{255, 0, 0, 255}
	inf := math.Inf(1)
	// 6-0: at least +40 (y 30 on an axis of -100..100), at most +Inf.
	DrawBand(img, []BandPoint{{1, inf, 20, inf}, {6, inf, 40, inf}}, -100, 100, red)
	if img.NRGBAAt(100, 30) != red {
		t.Errorf("the bound is not drawn at the last sample: %v", img.NRGBAAt(100, 30))
	}
	if img.NRGBAAt(100, 5).A == 0 || img.NRGBAAt(100, 60).A != 0 {
		t.Errorf("the band should run from the bound to the top edge: %v above, %v below", img.NRGBAAt(100, 5), img.NRGBAAt(100, 60))
	}
}
