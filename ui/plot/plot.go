// Package plot draws the workbench's graphs: the engine panel's win ratio
// over time (WinRatio: a line from 0 to 100 % against the elapsed time, with
// a grid, axis labels and the even line at 50 %), the match panel's Elo
// over the games (Band: a value with its interval shaded, against a count)
// and the viewer's analysis of a game (Game: Gold's win ratio along the
// positions of a line, with its turn numbers and the blunders marked).
package plot

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Point is one sample: a win ratio (0..1) at an elapsed time.
type Point struct {
	T time.Duration
	V float64
}

// WinRatio is the graph widget. Set its points, in time order, with
// SetPoints from the UI goroutine.
type WinRatio struct {
	series[Point]
	// Title is drawn in the top left corner.
	Title string
}

// NewWinRatio returns an empty graph.
func NewWinRatio(title string) *WinRatio {
	w := &WinRatio{Title: title}
	w.ExtendBaseWidget(w)
	return w
}

// CreateRenderer builds the graph's renderer.
func (w *WinRatio) CreateRenderer() fyne.WidgetRenderer {
	r := &renderer{w: w}
	r.frame = newFrame(w.Title, "no samples yet", 5, 34, r.draw)
	for i, l := range r.yLabels {
		l.Text = strconv.Itoa(i*25) + "%"
	}
	return r
}

type renderer struct {
	*frame
	w *WinRatio
}

func (r *renderer) Layout(size fyne.Size) {
	r.layout(size)
	for i := range r.yLabels {
		r.placeLabel(i, 1-float32(i)/4)
	}
}

func (r *renderer) Refresh() {
	ps := r.w.points
	x := ""
	if len(ps) > 0 {
		x = axisTime(ps[len(ps)-1].T)
	}
	r.refresh(r.w.Title, x, len(ps) == 0)
}

// series is the samples of a graph that plots a list of points (WinRatio,
// Band).
type series[P any] struct {
	widget.BaseWidget
	points []P
}

// SetPoints replaces the samples, in the order of the graph's other axis,
// and redraws.
func (s *series[P]) SetPoints(ps []P) {
	s.points = ps
	s.Refresh()
}

// Points returns the samples shown.
func (s *series[P]) Points() []P { return s.points }

// frame is what the graphs draw around their plotting area (a raster):
// the title above, labels of the value axis at the left, the label of the
// end of the other axis below, and a note while there is nothing to draw.
type frame struct {
	raster     *canvas.Raster
	title      *canvas.Text
	yLabels    []*canvas.Text
	xLabel     *canvas.Text
	empty      *canvas.Text
	objects    []fyne.CanvasObject
	labelWidth float32
	plot       fyne.Position // top left of the plotting area
	plotSz     fyne.Size
}

func newFrame(title, empty string, labels int, labelWidth float32, draw func(w, h int) image.Image) *frame {
	f := &frame{labelWidth: labelWidth}
	f.raster = canvas.NewRaster(draw)
	f.raster.ScaleMode = canvas.ImageScaleFastest
	caption := func(text string, c fyne.ThemeColorName, align fyne.TextAlign) *canvas.Text {
		t := canvas.NewText(text, theme.Color(c))
		t.TextSize = theme.CaptionTextSize()
		t.Alignment = align
		return t
	}
	f.title = caption(title, theme.ColorNameForeground, fyne.TextAlignLeading)
	f.title.TextStyle.Bold = true
	f.xLabel = caption("", theme.ColorNamePlaceHolder, fyne.TextAlignTrailing)
	f.empty = caption(empty, theme.ColorNamePlaceHolder, fyne.TextAlignCenter)
	f.objects = []fyne.CanvasObject{f.raster, f.title, f.xLabel, f.empty}
	for range labels {
		l := caption("", theme.ColorNamePlaceHolder, fyne.TextAlignTrailing)
		f.yLabels = append(f.yLabels, l)
		f.objects = append(f.objects, l)
	}
	return f
}

// layout places everything but the value labels (placeLabel).
func (f *frame) layout(size fyne.Size) {
	pad := theme.Padding()
	th := f.title.MinSize().Height
	f.title.Move(fyne.NewPos(f.labelWidth+pad, 0))
	f.title.Resize(f.title.MinSize())
	f.plot = fyne.NewPos(f.labelWidth+pad, th+pad)
	f.plotSz = fyne.NewSize(max(1, size.Width-f.plot.X-pad), max(1, size.Height-f.plot.Y-th-pad))
	f.raster.Move(f.plot)
	f.raster.Resize(f.plotSz)
	f.xLabel.Move(fyne.NewPos(f.plot.X, f.plot.Y+f.plotSz.Height+2))
	f.xLabel.Resize(fyne.NewSize(f.plotSz.Width, th))
	f.empty.Move(fyne.NewPos(f.plot.X, f.plot.Y+f.plotSz.Height/2-th/2))
	f.empty.Resize(fyne.NewSize(f.plotSz.Width, th))
}

// placeLabel puts value label i beside the line at the fraction down of
// the plotting area's height.
func (f *frame) placeLabel(i int, down float32) {
	l := f.yLabels[i]
	h := l.MinSize().Height
	l.Move(fyne.NewPos(0, f.plot.Y+f.plotSz.Height*down-h/2))
	l.Resize(fyne.NewSize(f.labelWidth, h))
}

func (f *frame) MinSize() fyne.Size {
	return fyne.NewSize(f.labelWidth+160, 3*f.title.MinSize().Height+60)
}

// refresh redraws with the title, the axis end's label and whether there
// is nothing to draw.
func (f *frame) refresh(title, x string, empty bool) {
	f.title.Text = title
	f.title.Color = theme.Color(theme.ColorNameForeground)
	f.xLabel.Text = x
	f.empty.Hidden = !empty
	for _, l := range f.yLabels {
		l.Color = theme.Color(theme.ColorNamePlaceHolder)
		l.Refresh()
	}
	f.title.Refresh()
	f.xLabel.Refresh()
	f.empty.Refresh()
	f.raster.Refresh()
}

func (f *frame) Objects() []fyne.CanvasObject { return f.objects }
func (f *frame) Destroy()                     {}

// axisTime labels the right end of the time axis.
func axisTime(d time.Duration) string {
	if d < time.Minute {
		return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
	}
	return strconv.Itoa(int(d/time.Minute)) + " min " + strconv.Itoa(int(d%time.Minute/time.Second)) + " s"
}

// draw paints the grid and the line at the raster's pixel size.
func (r *renderer) draw(w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	bg := theme.Color(theme.ColorNameInputBackground)
	draw.Draw(img, img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	grid := theme.Color(theme.ColorNameSeparator)
	for i := 0; i <= 4; i++ {
		y := int(math.Round(float64(h-1) * float64(i) / 4))
		c := grid
		if i == 2 {
			c = theme.Color(theme.ColorNamePlaceHolder)
		}
		hline(img, y, c)
	}
	Polyline(img, r.w.points, theme.Color(theme.ColorNamePrimary))
	return img
}

func hline(img *image.NRGBA, y int, c color.Color) {
	b := img.Bounds()
	for x := b.Min.X; x < b.Max.X; x++ {
		img.Set(x, y, c)
	}
}

// Polyline draws ps into img, time across the whole width (the last point
// at the right edge) and 0..1 from the bottom to the top, two pixels thick.
func Polyline(img *image.NRGBA, ps []Point, c color.Color) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if len(ps) == 0 || w < 2 || h < 2 {
		return
	}
	span := float64(ps[len(ps)-1].T)
	if span <= 0 {
		span = 1
	}
	xy := func(p Point) (float64, float64) {
		v := math.Max(0, math.Min(1, p.V))
		return float64(w-1) * float64(p.T) / span, float64(h-1) * (1 - v)
	}
	x0, y0 := xy(ps[0])
	if len(ps) == 1 {
		segment(img, 0, y0, float64(w-1), y0, c)
		return
	}
	for _, p := range ps[1:] {
		x1, y1 := xy(p)
		segment(img, x0, y0, x1, y1, c)
		x0, y0 = x1, y1
	}
}

// segment draws a line two pixels wide by stepping along its longer axis.
func segment(img *image.NRGBA, x0, y0, x1, y1 float64, c color.Color) {
	dx, dy := x1-x0, y1-y0
	n := int(math.Ceil(math.Max(math.Abs(dx), math.Abs(dy))))
	if n == 0 {
		n = 1
	}
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		x := int(math.Round(x0 + t*dx))
		y := int(math.Round(y0 + t*dy))
		img.Set(x, y, c)
		img.Set(x, y+1, c)
		img.Set(x+1, y, c)
	}
}
