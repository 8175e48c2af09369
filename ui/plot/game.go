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

// GameMinHeight is the least height of a Game graph: enough to read the
// swings of a game and its turn numbers under them.
const GameMinHeight = 120

// Game is the graph of a game's analysis: Gold's win ratio in each
// position of a line (0 at the bottom, 1 at the top, the even line
// between), the turn numbers along the bottom, the marked moves (blunders)
// as red marks on the curve and on the axis, and the cursor as a vertical
// line; above the curve, a line of text and the analysis's progress as a
// thin bar (none while idle). A tap reports the position under it. Set
// its data with Set from the UI goroutine.
type Game struct {
	widget.BaseWidget
	GameData
	// OnTapped gets the position under a tap.
	OnTapped func(pos int)
}

// GameData is what a Game shows.
type GameData struct {
	Values []float64 // Gold's win ratio in the positions analysed so far, from the first
	Turns  []int     // the turn number of every position of the line: the axis
	Marks  []int     // positions marked (the position after each blunder)
	Cursor int       // the position shown elsewhere, -1 for none
	Status string    // the line of text above the curve
	Done   float64   // the share of the work done, 0..1, drawn as a thin bar; negative while idle
}

// NewGame returns an empty graph.
func NewGame() *Game {
	g := &Game{GameData: GameData{Cursor: -1, Done: -1}}
	g.ExtendBaseWidget(g)
	return g
}

// Set shows d, with one redraw.
func (g *Game) Set(d GameData) {
	g.GameData = d
	g.Refresh()
}

// MinSize keeps the curve and its turn numbers readable.
func (g *Game) MinSize() fyne.Size { return fyne.NewSize(160, GameMinHeight) }

// Tapped reports the position under the tap.
func (g *Game) Tapped(e *fyne.PointEvent) {
	if g.OnTapped != nil && len(g.Turns) > 0 {
		g.OnTapped(PosAt(e.Position.X, g.Size().Width, len(g.Turns)))
	}
}

// PosAt is the position at x of a graph w wide over total positions: the
// first at the left edge, the last at the right one. Graphs that share
// the axis (the viewer's phase band) use it too.
func PosAt(x, w float32, total int) int {
	if total < 2 || w <= 1 {
		return 0
	}
	i := int(math.Round(float64(x) / float64(w-1) * float64(total-1)))
	return max(0, min(total-1, i))
}

// PosX is PosAt's inverse: the pixel column of position i.
func PosX(i, w, total int) int {
	if total < 2 {
		return 0
	}
	return int(math.Round(float64(w-1) * float64(i) / float64(total-1)))
}

// Tick is a label on a graph's horizontal axis at X (in the units of the
// width given).
type Tick struct {
	X     float32
	Label string
}

// tickSteps are the turn intervals the axis may label, smallest first.
var tickSteps = []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000}

// TurnTicks chooses the turn numbers written under a game graph width
// wide whose positions have the turn numbers turns: each labelled turn at
// its first position, every step-th turn for the smallest step that keeps
// labels gap apart.
func TurnTicks(turns []int, width, gap float32) []Tick {
	if len(turns) == 0 {
		return nil
	}
	x := func(i int) float32 {
		if len(turns) < 2 {
			return 0
		}
		return (width - 1) * float32(i) / float32(len(turns)-1)
	}
	for _, step := range tickSteps {
		var ticks []Tick
		fits := true
		for i, t := range turns {
			if t%step != 0 || i > 0 && turns[i-1] == t {
				continue
			}
			if n := len(ticks); n > 0 && x(i)-ticks[n-1].X < gap {
				fits = false
				break
			}
			ticks = append(ticks, Tick{X: x(i), Label: strconv.Itoa(t)})
		}
		if fits {
			return ticks
		}
	}
	return nil
}

// markPoints are where the marked positions are drawn on a curve of
// values in a plot w×h over total positions: at the position's column and
// its value's row. Positions not analysed yet are left out.
func markPoints(values []float64, marks []int, total, w, h int) []image.Point {
	var out []image.Point
	for _, m := range marks {
		if m < 0 || m >= len(values) {
			continue
		}
		out = append(out, image.Pt(PosX(m, w, total), valueY(values[m], h)))
	}
	return out
}

// valueY is the row of value v (0..1) in a plot h high.
func valueY(v float64, h int) int {
	return int(math.Round(float64(h-1) * (1 - min(1, max(0, v)))))
}

// axisHeight is the strip under the plot that holds the turn numbers.
func axisHeight() float32 { return theme.CaptionTextSize() + 6 }

// statusHeight is the strip above the plot that holds the status line
// and, at its foot, the progress bar.
func statusHeight() float32 { return theme.CaptionTextSize() + 8 }

// CreateRenderer draws the curve as one raster and the turn numbers as
// text under it.
func (g *Game) CreateRenderer() fyne.WidgetRenderer {
	r := &gameRenderer{g: g}
	r.raster = canvas.NewRaster(r.draw)
	r.raster.ScaleMode = canvas.ImageScaleFastest
	r.status = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	r.status.TextSize = theme.CaptionTextSize()
	return r
}

type gameRenderer struct {
	g      *Game
	raster *canvas.Raster
	status *canvas.Text
	labels []*canvas.Text
	ticks  []Tick
	size   fyne.Size
}

func (r *gameRenderer) Destroy() {}

func (r *gameRenderer) MinSize() fyne.Size { return r.g.MinSize() }

func (r *gameRenderer) Objects() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{r.raster, r.status}
	for _, l := range r.labels {
		objs = append(objs, l)
	}
	return objs
}

func (r *gameRenderer) Layout(size fyne.Size) {
	r.size = size
	r.raster.Resize(size)
	r.status.Text = r.g.Status
	r.status.Color = theme.Color(theme.ColorNameForeground)
	r.status.Move(fyne.NewPos(4, 1))
	r.status.Resize(fyne.NewSize(size.Width-8, theme.CaptionTextSize()+3))
	r.status.Refresh()
	r.ticks = TurnTicks(r.g.Turns, size.Width, 36)
	for len(r.labels) < len(r.ticks) {
		l := canvas.NewText("", theme.Color(theme.ColorNamePlaceHolder))
		l.TextSize = theme.CaptionTextSize()
		l.Alignment = fyne.TextAlignCenter
		r.labels = append(r.labels, l)
	}
	r.labels = r.labels[:len(r.ticks)]
	ah := axisHeight()
	for i, t := range r.ticks {
		l := r.labels[i]
		l.Text = t.Label
		l.Color = theme.Color(theme.ColorNamePlaceHolder)
		w := fyne.MeasureText(t.Label, l.TextSize, l.TextStyle).Width + 4
		x := min(max(t.X-w/2, 0), size.Width-w)
		l.Move(fyne.NewPos(x, size.Height-ah+2))
		l.Resize(fyne.NewSize(w, ah-2))
		l.Refresh()
	}
}

func (r *gameRenderer) Refresh() {
	r.Layout(r.g.Size())
	r.raster.Refresh()
	canvas.Refresh(r.g)
}

// draw paints the plot, its axis line, the ticks and the marks into a
// w×h raster (the widget's size in device pixels).
func (r *gameRenderer) draw(w, h int) image.Image {
	g := r.g
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(theme.Color(theme.ColorNameInputBackground)), image.Point{}, draw.Src)
	scale := float32(1)
	if r.size.Width > 0 {
		scale = float32(w) / r.size.Width
	}
	top := int(statusHeight() * scale)
	if g.Done >= 0 {
		// The progress bar at the foot of the status strip.
		for x := 0; x < int(math.Round(float64(w)*min(1, g.Done))); x++ {
			for y := top - int(3*scale); y < top-int(scale); y++ {
				img.Set(x, y, theme.Color(theme.ColorNamePrimary))
			}
		}
	}
	// The plot lies between the status strip and the axis strip.
	all := img
	img = img.SubImage(image.Rect(0, top, w, h)).(*image.NRGBA)
	img.Rect = img.Rect.Sub(image.Pt(0, top))
	h -= top
	ph := h - int(axisHeight()*scale)
	if w < 4 || ph < 4 {
		return all
	}
	faint, fg := theme.Color(theme.ColorNamePlaceHolder), theme.Color(theme.ColorNameForeground)
	for x := 0; x < w; x++ {
		img.Set(x, (ph-1)/2, faint)
		img.Set(x, ph, faint)
	}
	total := len(g.Turns)
	if total < 2 {
		return all
	}
	for _, t := range TurnTicks(g.Turns, float32(w), 36*scale) {
		for y := ph; y < ph+int(3*scale)+1; y++ {
			img.Set(int(t.X), y, faint)
		}
	}
	if g.Cursor >= 0 && g.Cursor < total {
		x := PosX(g.Cursor, w, total)
		for y := 0; y < ph; y++ {
			img.Set(x, y, fg)
		}
	}
	plot := img.SubImage(image.Rect(0, 0, w, ph)).(*image.NRGBA)
	if len(g.Values) > 0 {
		// Polyline spreads its points over the image's width: draw into
		// the part of the width the positions analysed cover.
		pts := make([]Point, len(g.Values))
		for i, v := range g.Values {
			pts[i] = Point{T: time.Duration(i), V: v}
		}
		part := plot.SubImage(image.Rect(0, 0, PosX(len(g.Values)-1, w, total)+1, ph)).(*image.NRGBA)
		Polyline(part, pts, theme.Color(theme.ColorNamePrimary))
	}
	red := color.NRGBA{R: 0xd0, G: 0x20, B: 0x20, A: 0xff}
	rad := max(3, int(3*scale))
	for _, p := range markPoints(g.Values, g.Marks, total, w, ph) {
		for dx := -rad; dx <= rad; dx++ {
			for dy := -rad; dy <= rad; dy++ {
				if dx*dx+dy*dy <= rad*rad {
					plot.Set(p.X+dx, p.Y+dy, red)
				}
			}
			// The mark on the axis: the blunder's turn at a glance.
			for y := ph + 1; y < h; y++ {
				if dx*dx <= 1 {
					img.Set(p.X+dx, y, red)
				}
			}
		}
	}
	return all
}
