// Package plot draws the engine panel's graph of a win ratio over time: a
// line from 0 to 100 % against the elapsed time, with a grid, axis labels and
// the even line at 50 %.
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

// WinRatio is the graph widget. Set its points with SetPoints from the UI
// goroutine.
type WinRatio struct {
	widget.BaseWidget
	points []Point
	// Title is drawn in the top left corner.
	Title string
}

// NewWinRatio returns an empty graph.
func NewWinRatio(title string) *WinRatio {
	w := &WinRatio{Title: title}
	w.ExtendBaseWidget(w)
	return w
}

// SetPoints replaces the samples, which must be in time order, and redraws.
func (w *WinRatio) SetPoints(ps []Point) {
	w.points = ps
	w.Refresh()
}

// Points returns the samples shown.
func (w *WinRatio) Points() []Point { return w.points }

// CreateRenderer builds the graph's renderer.
func (w *WinRatio) CreateRenderer() fyne.WidgetRenderer {
	r := &renderer{w: w}
	r.raster = canvas.NewRaster(r.draw)
	r.raster.ScaleMode = canvas.ImageScaleFastest
	r.title = canvas.NewText(w.Title, theme.Color(theme.ColorNameForeground))
	r.title.TextSize = theme.CaptionTextSize()
	r.title.TextStyle.Bold = true
	for i := range r.yLabels {
		r.yLabels[i] = canvas.NewText(strconv.Itoa(i*25)+"%", theme.Color(theme.ColorNamePlaceHolder))
		r.yLabels[i].TextSize = theme.CaptionTextSize()
		r.yLabels[i].Alignment = fyne.TextAlignTrailing
	}
	r.xLabel = canvas.NewText("", theme.Color(theme.ColorNamePlaceHolder))
	r.xLabel.TextSize = theme.CaptionTextSize()
	r.xLabel.Alignment = fyne.TextAlignTrailing
	r.empty = canvas.NewText("no samples yet", theme.Color(theme.ColorNamePlaceHolder))
	r.empty.TextSize = theme.CaptionTextSize()
	r.empty.Alignment = fyne.TextAlignCenter
	r.objects = []fyne.CanvasObject{r.raster, r.title, r.xLabel, r.empty}
	for _, l := range r.yLabels {
		r.objects = append(r.objects, l)
	}
	return r
}

type renderer struct {
	w       *WinRatio
	raster  *canvas.Raster
	title   *canvas.Text
	yLabels [5]*canvas.Text
	xLabel  *canvas.Text
	empty   *canvas.Text
	objects []fyne.CanvasObject
	plot    fyne.Position // top left of the plotting area
	plotSz  fyne.Size
}

const labelWidth = 34

func (r *renderer) Layout(size fyne.Size) {
	pad := theme.Padding()
	th := r.title.MinSize().Height
	r.title.Move(fyne.NewPos(labelWidth+pad, 0))
	r.title.Resize(r.title.MinSize())
	r.plot = fyne.NewPos(labelWidth+pad, th+pad)
	r.plotSz = fyne.NewSize(size.Width-r.plot.X-pad, size.Height-r.plot.Y-th-pad)
	if r.plotSz.Width < 1 {
		r.plotSz.Width = 1
	}
	if r.plotSz.Height < 1 {
		r.plotSz.Height = 1
	}
	r.raster.Move(r.plot)
	r.raster.Resize(r.plotSz)
	for i, l := range r.yLabels {
		h := l.MinSize().Height
		y := r.plot.Y + r.plotSz.Height*(1-float32(i)/4) - h/2
		l.Move(fyne.NewPos(0, y))
		l.Resize(fyne.NewSize(labelWidth, h))
	}
	r.xLabel.Move(fyne.NewPos(r.plot.X, r.plot.Y+r.plotSz.Height+2))
	r.xLabel.Resize(fyne.NewSize(r.plotSz.Width, th))
	r.empty.Move(fyne.NewPos(r.plot.X, r.plot.Y+r.plotSz.Height/2-th/2))
	r.empty.Resize(fyne.NewSize(r.plotSz.Width, th))
}

func (r *renderer) MinSize() fyne.Size {
	return fyne.NewSize(labelWidth+160, 3*r.title.MinSize().Height+60)
}

func (r *renderer) Refresh() {
	r.title.Text = r.w.Title
	r.title.Color = theme.Color(theme.ColorNameForeground)
	ps := r.w.points
	r.empty.Hidden = len(ps) > 0
	if len(ps) > 0 {
		r.xLabel.Text = axisTime(ps[len(ps)-1].T)
	} else {
		r.xLabel.Text = ""
	}
	for _, l := range r.yLabels {
		l.Color = theme.Color(theme.ColorNamePlaceHolder)
		l.Refresh()
	}
	r.title.Refresh()
	r.xLabel.Refresh()
	r.empty.Refresh()
	r.raster.Refresh()
}

func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *renderer) Destroy()                     {}

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
