package viewer

import (
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/phase"
	"arimaa-workbench/ui/plot"
)

// LinePhases returns the game phase (package engine/phase: 0 the opening,
// 1 the endgame) of every position of the line shown, from its start to
// its end: Len()+1 values, the x axis of the win-ratio graph.
func (m *Model) LinePhases() []float64 {
	l := m.line()
	out := make([]float64, 0, len(l)+1)
	out = append(out, phase.Of(m.root.after))
	for _, n := range l {
		out = append(out, phase.Of(n.after))
	}
	return out
}

// phaseBand draws the game phase along the line shown as a thin band of
// colour, green in the opening through amber to red in the endgame, on the
// win-ratio graph's x axis, with the cursor's position marked; a tap jumps
// to the position under it.
type phaseBand struct {
	widget.BaseWidget
	values []float64 // the phase of positions 0..len-1
	cursor int       // position shown on the board, -1 when none
	// OnTapped gets the position index under a tap.
	OnTapped func(pos int)
	// OnHover gets the position index under the pointer, -1 when it
	// leaves.
	OnHover func(pos int)
}

// MouseIn tells OnHover the position under the pointer.
func (b *phaseBand) MouseIn(e *desktop.MouseEvent) { b.MouseMoved(e) }

// MouseMoved tells OnHover the position under the pointer.
func (b *phaseBand) MouseMoved(e *desktop.MouseEvent) {
	if b.OnHover != nil && len(b.values) > 0 {
		b.OnHover(plot.PosAt(e.Position.X, b.Size().Width, len(b.values)))
	}
}

// MouseOut tells OnHover the pointer left.
func (b *phaseBand) MouseOut() {
	if b.OnHover != nil {
		b.OnHover(-1)
	}
}

func newPhaseBand() *phaseBand {
	b := &phaseBand{cursor: -1}
	b.ExtendBaseWidget(b)
	return b
}

func (b *phaseBand) set(values []float64, cursor int) {
	b.values, b.cursor = values, cursor
	b.Refresh()
}

// Tapped jumps to the position under the tap.
func (b *phaseBand) Tapped(e *fyne.PointEvent) {
	if b.OnTapped != nil && len(b.values) > 0 {
		b.OnTapped(plot.PosAt(e.Position.X, b.Size().Width, len(b.values)))
	}
}

// bandHeight is the band's height: a thin strip under the win-ratio
// graph, on its axis.
const bandHeight = 8

// MinSize keeps the band thin.
func (b *phaseBand) MinSize() fyne.Size { return fyne.NewSize(160, bandHeight) }

// CreateRenderer draws the band as one raster.
func (b *phaseBand) CreateRenderer() fyne.WidgetRenderer { return rasterRenderer(b.draw) }

func (b *phaseBand) draw(w, h int) image.Image {
	img := blankImage(w, h)
	n := len(b.values)
	if n == 0 || w < 2 {
		return img
	}
	// Each position owns the columns nearer to it than to its neighbours.
	for x := 0; x < w; x++ {
		c := phaseColour(b.values[plot.PosAt(float32(x), float32(w), n)])
		for y := 0; y < h; y++ {
			img.SetNRGBA(x, y, c)
		}
	}
	if b.cursor >= 0 && b.cursor < n {
		x := 0
		if n > 1 {
			x = plot.PosX(b.cursor, w, n)
		}
		fg := theme.Color(theme.ColorNameForeground)
		for y := 0; y < h; y++ {
			img.Set(x, y, fg)
		}
	}
	return img
}

// The band's colours at phase 0, 1/2 and 1.
var (
	openingColour = color.NRGBA{R: 0x3c, G: 0xa0, B: 0x4c, A: 0xff}
	middleColour  = color.NRGBA{R: 0xe0, G: 0xa8, B: 0x28, A: 0xff}
	endColour     = color.NRGBA{R: 0xc4, G: 0x34, B: 0x2c, A: 0xff}
)

// phaseColour blends the band's colours for phase x in [0, 1].
func phaseColour(x float64) color.NRGBA {
	x = max(0, min(1, x))
	from, to, t := openingColour, middleColour, 2*x
	if x > 0.5 {
		from, to, t = middleColour, endColour, 2*x-1
	}
	mix := func(a, b uint8) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t + 0.5) }
	return color.NRGBA{R: mix(from.R, to.R), G: mix(from.G, to.G), B: mix(from.B, to.B), A: 0xff}
}
