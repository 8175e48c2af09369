package plot

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// BandPoint is one sample of a Band: a value with its interval at x.
// Infinite values (an Elo difference after every game was won) are drawn
// at the edge of the plot.
type BandPoint struct {
	X, Y, Low, High float64
}

// Band is a graph of a value with an interval (a shaded band) against a
// count, such as a match's Elo difference with its 95% interval over the
// games played, with the zero line marked. Set its points, in order of X,
// with SetPoints from the UI goroutine.
type Band struct {
	series[BandPoint]
	// Title is drawn in the top left corner; XUnit follows the count at
	// the right end of the axis ("games").
	Title, XUnit string
	// Limit, when positive, bounds the value axis to ±Limit: the early,
	// wide intervals of a match would otherwise squash the rest.
	Limit float64
}

// NewBand returns an empty graph.
func NewBand(title, xUnit string) *Band {
	b := &Band{Title: title, XUnit: xUnit}
	b.ExtendBaseWidget(b)
	return b
}

// bandTicks is how many labelled lines the value axis has at most.
const bandTicks = 5

// CreateRenderer builds the graph's renderer.
func (b *Band) CreateRenderer() fyne.WidgetRenderer {
	r := &bandRenderer{b: b}
	r.frame = newFrame(b.Title, "no games yet", bandTicks, 40, r.draw)
	return r
}

type bandRenderer struct {
	*frame
	b      *Band
	lo, hi float64 // the value axis
	ticks  []float64
}

func (r *bandRenderer) Layout(size fyne.Size) {
	r.layout(size)
	r.placeLabels()
}

// placeLabels puts the value labels beside their grid lines.
func (r *bandRenderer) placeLabels() {
	for i, l := range r.yLabels {
		l.Hidden = i >= len(r.ticks)
		if !l.Hidden {
			r.placeLabel(i, float32((r.hi-r.ticks[i])/(r.hi-r.lo)))
		}
	}
}

func (r *bandRenderer) Refresh() {
	ps := r.b.points
	x := ""
	if len(ps) > 0 {
		x = strconv.FormatFloat(ps[len(ps)-1].X, 'f', -1, 64) + " " + r.b.XUnit
	}
	r.lo, r.hi, r.ticks = BandRange(ps, r.b.Limit)
	for i, l := range r.yLabels {
		if i < len(r.ticks) {
			l.Text = signed(r.ticks[i])
		}
	}
	r.placeLabels()
	r.refresh(r.b.Title, x, len(ps) == 0)
}

func signed(v float64) string {
	if v > 0 {
		return "+" + strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// BandRange chooses the value axis for ps: from lo to hi, covering every
// finite value, its interval and zero (within ±limit when limit is
// positive), with round grid values ticks (at most five) inside.
func BandRange(ps []BandPoint, limit float64) (lo, hi float64, ticks []float64) {
	lo, hi = 0, 0
	for _, p := range ps {
		for _, v := range []float64{p.Y, p.Low, p.High} {
			if limit > 0 {
				v = math.Max(-limit, math.Min(limit, v))
			}
			if !math.IsInf(v, 0) && !math.IsNaN(v) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if hi-lo < 20 {
		lo, hi = math.Min(lo, -10), math.Max(hi, 10)
	}
	// The smallest step of 1, 2 or 5 times a power of ten that needs at
	// most bandTicks lines.
	step := math.Pow(10, math.Floor(math.Log10((hi-lo)/float64(bandTicks-1))))
	for _, m := range []float64{1, 2, 5, 10, 20, 50} {
		if math.Ceil(hi/(m*step))-math.Floor(lo/(m*step))+1 <= bandTicks {
			step *= m
			break
		}
	}
	lo, hi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	for v := lo; v <= hi+step/2 && len(ticks) < bandTicks; v += step {
		ticks = append(ticks, math.Round(v/step)*step)
	}
	return lo, hi, ticks
}

// draw paints the grid, the band and the line at the raster's pixel size.
func (r *bandRenderer) draw(w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(theme.Color(theme.ColorNameInputBackground)), image.Point{}, draw.Src)
	lo, hi, ticks := BandRange(r.b.points, r.b.Limit)
	for _, t := range ticks {
		c := theme.Color(theme.ColorNameSeparator)
		if t == 0 {
			c = theme.Color(theme.ColorNamePlaceHolder)
		}
		hline(img, int(math.Round(float64(h-1)*(hi-t)/(hi-lo))), c)
	}
	DrawBand(img, r.b.points, lo, hi, theme.Color(theme.ColorNamePrimary))
	return img
}

// DrawBand draws ps into img: x from the first sample's X (left edge) to
// the last one's (right edge), values from lo (bottom) to hi (top); the
// interval is shaded in a faint c and the value drawn in c, two pixels
// thick. Interval ends beyond the axis are drawn at its edge. A sample with
// an infinite value and one finite bound (every game won: the Elo is at
// least the bound) is drawn at that bound, its band from there to the
// edge; one with no finite bound (no estimate yet) is left out.
func DrawBand(img *image.NRGBA, ps []BandPoint, lo, hi float64, c color.Color) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if len(ps) == 0 || w < 2 || h < 2 || hi <= lo {
		return
	}
	x0, span := ps[0].X, ps[len(ps)-1].X-ps[0].X
	px := func(x float64) float64 {
		if span <= 0 {
			return 0
		}
		return float64(w-1) * (x - x0) / span
	}
	py := func(v float64) float64 {
		v = math.Max(lo, math.Min(hi, v)) // ±Inf to the edge
		return float64(h-1) * (hi - v) / (hi - lo)
	}
	cr, cg, cb, _ := c.RGBA()
	faint := color.NRGBA{uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8), 0x50}
	// value is what the line goes through: the estimate, or with an
	// infinite one its finite bound.
	value := func(p BandPoint) float64 {
		switch {
		case math.IsInf(p.Y, 1):
			return p.Low
		case math.IsInf(p.Y, -1):
			return p.High
		}
		return p.Y
	}
	finite := func(p BandPoint) bool { v := value(p); return !math.IsInf(v, 0) && !math.IsNaN(v) }
	// The band: for each pixel column, the interval interpolated between
	// the samples either side, where both have a value (an infinite one
	// is no estimate yet, only a run of wins or losses).
	for x, i := 0, 0; x < w; x++ {
		for i+1 < len(ps)-1 && px(ps[i+1].X) < float64(x) {
			i++
		}
		a, z := ps[i], ps[min(i+1, len(ps)-1)]
		if !finite(a) || !finite(z) {
			continue
		}
		t := 0.0
		if xa, xz := px(a.X), px(z.X); xz > xa {
			t = math.Max(0, math.Min(1, (float64(x)-xa)/(xz-xa)))
		}
		top := py(a.High) + t*(py(z.High)-py(a.High))
		bottom := py(a.Low) + t*(py(z.Low)-py(a.Low))
		for y := int(math.Round(top)); y <= int(math.Round(bottom)); y++ {
			blend(img, x, y, faint)
		}
	}
	if len(ps) == 1 || span <= 0 {
		if last := ps[len(ps)-1]; finite(last) {
			y := py(value(last))
			segment(img, 0, y, float64(w-1), y, c)
		}
		return
	}
	for i := 1; i < len(ps); i++ {
		switch a, z := ps[i-1], ps[i]; {
		case finite(a) && finite(z):
			segment(img, px(a.X), py(value(a)), px(z.X), py(value(z)), c)
		case finite(z) && (i == len(ps)-1 || !finite(ps[i+1])):
			// A value alone between infinite ones: a dot.
			segment(img, px(z.X)-1, py(value(z)), px(z.X)+1, py(value(z)), c)
		}
	}
}

// blend paints c over the pixel at x, y by c's alpha.
func blend(img *image.NRGBA, x, y int, c color.NRGBA) {
	if !(image.Point{x, y}.In(img.Bounds())) {
		return
	}
	o := img.NRGBAAt(x, y)
	a := uint32(c.A)
	mix := func(src, dst uint8) uint8 { return uint8((uint32(src)*a + uint32(dst)*(255-a)) / 255) }
	img.SetNRGBA(x, y, color.NRGBA{mix(c.R, o.R), mix(c.G, o.G), mix(c.B, o.B), 255})
}
