package viewer

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/plot"
)

// gameGraph draws Gold's win ratio over the positions of a game, with the
// blunders marked and the cursor's position as a vertical line; a tap
// jumps to the position under it.
type gameGraph struct {
	widget.BaseWidget
	values   []float64 // Gold's win ratio in positions 0..len-1
	total    int       // positions in the game
	blunders []int     // moves marked: the fall is from position i to i+1
	cursor   int       // position shown on the board, -1 when off the line
	// OnTapped gets the position index under a tap.
	OnTapped func(pos int)
}

func newGameGraph() *gameGraph {
	g := &gameGraph{cursor: -1}
	g.ExtendBaseWidget(g)
	return g
}

func (g *gameGraph) set(values []float64, total int, blunders []int, cursor int) {
	g.values, g.total, g.blunders, g.cursor = values, total, blunders, cursor
	g.Refresh()
}

// posAt gives the position index at x pixels from the left.
func (g *gameGraph) posAt(x float32) int { return posAtX(x, g.Size().Width, g.total) }

// posAtX gives the index of the position at x pixels from the left of a
// graph w wide over total positions: the graphs under the move list share
// this x axis.
func posAtX(x, w float32, total int) int {
	if total < 2 || w <= 1 {
		return 0
	}
	i := int(math.Round(float64(x) / float64(w-1) * float64(total-1)))
	return max(0, min(total-1, i))
}

// xOfPos is posAtX's inverse: the pixel column of position i.
func xOfPos(i, w, total int) int {
	return int(math.Round(float64(w-1) * float64(i) / float64(total-1)))
}

// Tapped jumps to the position under the tap.
func (g *gameGraph) Tapped(e *fyne.PointEvent) {
	if g.OnTapped != nil && g.total > 0 {
		g.OnTapped(g.posAt(e.Position.X))
	}
}

// MinSize keeps the graph readable under the move list; with the phase
// band under it the two take 64 pixels and the padding between them.
func (g *gameGraph) MinSize() fyne.Size {
	return fyne.NewSize(160, 64-bandHeight-theme.Padding())
}

// CreateRenderer draws the graph as one raster.
func (g *gameGraph) CreateRenderer() fyne.WidgetRenderer { return rasterRenderer(g.draw) }

// rasterRenderer renders a graph under the move list as one raster drawn
// by fn.
func rasterRenderer(fn func(w, h int) image.Image) fyne.WidgetRenderer {
	r := canvas.NewRaster(fn)
	r.ScaleMode = canvas.ImageScaleFastest
	return widget.NewSimpleRenderer(r)
}

// blankImage is a w×h image in the entries' background colour, the
// ground of the graphs under the move list.
func blankImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(theme.Color(theme.ColorNameInputBackground)), image.Point{}, draw.Src)
	return img
}

func (g *gameGraph) draw(w, h int) image.Image {
	img := blankImage(w, h)
	if w < 4 || h < 4 {
		return img
	}
	mid := theme.Color(theme.ColorNamePlaceHolder)
	for x := 0; x < w; x++ {
		img.Set(x, (h-1)/2, mid)
	}
	if g.total < 2 {
		return img
	}
	xOf := func(i int) int { return xOfPos(i, w, g.total) }
	if g.cursor >= 0 && g.cursor < g.total {
		x := xOf(g.cursor)
		for y := 0; y < h; y++ {
			img.Set(x, y, theme.Color(theme.ColorNameForeground))
		}
	}
	if len(g.values) > 0 {
		// plot.Polyline spreads its points over the image's width: draw
		// into the part of the width the positions analysed cover.
		pts := make([]plot.Point, len(g.values))
		for i, v := range g.values {
			pts[i] = plot.Point{T: time.Duration(i), V: v}
		}
		part := img.SubImage(image.Rect(0, 0, xOf(len(g.values)-1)+1, h)).(*image.NRGBA)
		plot.Polyline(part, pts, theme.Color(theme.ColorNamePrimary))
	}
	red := color.NRGBA{R: 0xd0, G: 0x20, B: 0x20, A: 0xff}
	for _, b := range g.blunders {
		if b+1 >= len(g.values) {
			continue
		}
		x := xOf(b + 1)
		y := int(math.Round(float64(h-1) * (1 - g.values[b+1])))
		for dx := -3; dx <= 3; dx++ {
			for dy := -3; dy <= 3; dy++ {
				if dx*dx+dy*dy <= 9 {
					img.Set(x+dx, y+dy, red)
				}
			}
		}
	}
	return img
}
