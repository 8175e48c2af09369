package suitepanel

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
)

// marks is a transparent layer stacked over a board that frames the squares
// of criteria atoms: green where an atom is satisfied, red where it failed.
// It takes the squares' places from the board itself, so it follows the
// board's size, flipping and margins.
type marks struct {
	widget.BaseWidget
	board     *board.Board
	good, bad rules.Bitboard
}

func newMarks(b *board.Board) *marks {
	m := &marks{board: b}
	m.ExtendBaseWidget(m)
	return m
}

// Set replaces the marked squares.
func (m *marks) Set(good, bad rules.Bitboard) {
	if m.good == good && m.bad == bad {
		return
	}
	m.good, m.bad = good, bad
	m.Refresh()
}

func (m *marks) CreateRenderer() fyne.WidgetRenderer { return &marksRenderer{m: m} }

type marksRenderer struct {
	m     *marks
	rects []*canvas.Rectangle
	objs  []fyne.CanvasObject
}

func (r *marksRenderer) Layout(fyne.Size) { r.place() }

func (r *marksRenderer) MinSize() fyne.Size { return fyne.NewSize(0, 0) }

func (r *marksRenderer) Refresh() {
	r.place()
	canvas.Refresh(r.m)
}

func (r *marksRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *marksRenderer) Destroy()                     {}

// place puts one framed rectangle on each marked square.
func (r *marksRenderer) place() {
	b := r.m.board
	side := b.SquareCenter(rules.B1).X - b.SquareCenter(rules.A1).X
	if side < 0 {
		side = -side
	}
	n := 0
	draw := func(set rules.Bitboard, stroke color.Color) {
		for sq := rules.Square(0); sq < 64; sq++ {
			if set&sq.Bit() == 0 {
				continue
			}
			if n == len(r.rects) {
				rect := canvas.NewRectangle(color.Transparent)
				r.rects = append(r.rects, rect)
			}
			rect := r.rects[n]
			n++
			rect.StrokeColor = stroke
			rect.StrokeWidth = 3
			rect.CornerRadius = 3
			c := b.SquareCenter(sq)
			inset := side/2 - 3
			rect.Move(fyne.NewPos(c.X-inset, c.Y-inset))
			rect.Resize(fyne.NewSize(2*inset, 2*inset))
			rect.Show()
			rect.Refresh()
		}
	}
	draw(r.m.good, theme.Color(theme.ColorNameSuccess))
	draw(r.m.bad, theme.Color(theme.ColorNameError))
	for _, rect := range r.rects[n:] {
		rect.Hide()
	}
	r.objs = r.objs[:0]
	for _, rect := range r.rects {
		r.objs = append(r.objs, rect)
	}
}
