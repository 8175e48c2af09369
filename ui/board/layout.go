package board

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// Column is a board column beside a side pane: the board as large a
// square as the height allows, with a line above it (a caption) and below
// it (the PV, say) hugging it, an optional Fill under those that takes the
// height the board leaves, and the side pane taking the rest of the width,
// never less than its minimum (or SideMin). The board is never made
// smaller than its own minimum, nor Fill lower than FillMin. Without a
// side pane the lines and Fill take the whole width, and the board is
// centred in it.
type Column struct {
	Above, Board, Below, Fill, Side fyne.CanvasObject
	FillMin, SideMin                float32
	// FillShare is the least share of the column's height Fill gets when
	// the window has room for it (0.3: a third).
	FillShare float32
}

// NewColumn returns a container laid out by c; nil parts are left out.
func NewColumn(c *Column) *fyne.Container {
	var objs []fyne.CanvasObject
	for _, o := range []fyne.CanvasObject{c.Above, c.Board, c.Below, c.Fill, c.Side} {
		if o != nil {
			objs = append(objs, o)
		}
	}
	return container.New(c, objs...)
}

func height(o fyne.CanvasObject) float32 {
	if o == nil || !o.Visible() {
		return 0
	}
	return o.MinSize().Height
}

func (c *Column) sideMin() float32 {
	if c.Side == nil {
		return 0
	}
	return max(c.SideMin, c.Side.MinSize().Width)
}

func (c *Column) fillMin() float32 {
	if c.Fill == nil {
		return 0
	}
	return max(c.FillMin, c.Fill.MinSize().Height)
}

// fixed is the height of everything in the column but the board.
func (c *Column) fixed() float32 {
	pad := theme.Padding()
	h := height(c.Above) + height(c.Below) + c.fillMin()
	for _, o := range []fyne.CanvasObject{c.Above, c.Below, c.Fill} {
		if o != nil && o.Visible() {
			h += pad
		}
	}
	return h
}

// BoardSide is the board's side in a column of the given size.
func (c *Column) BoardSide(size fyne.Size) float32 {
	side := min(size.Height-c.fixed(), size.Width-c.sideMin()-theme.Padding())
	if c.Fill != nil && c.FillShare > 0 {
		side = min(side, size.Height-c.fixed()+c.fillMin()-c.FillShare*size.Height)
	}
	return max(side, c.Board.MinSize().Width)
}

// Layout implements fyne.Layout.
func (c *Column) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	side := c.BoardSide(size)
	width := side
	if c.Side == nil {
		width = size.Width
	}
	y := float32(0)
	place := func(o fyne.CanvasObject, h float32) {
		if o == nil || !o.Visible() {
			return
		}
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(width, h))
		y += h + pad
	}
	place(c.Above, height(c.Above))
	place(c.Board, side)
	place(c.Below, height(c.Below))
	if c.Fill != nil {
		place(c.Fill, max(size.Height-y, c.fillMin()))
	}
	if c.Side != nil {
		c.Side.Move(fyne.NewPos(side+pad, 0))
		c.Side.Resize(fyne.NewSize(max(size.Width-side-pad, c.sideMin()), size.Height))
	}
}

// MinSize implements fyne.Layout.
func (c *Column) MinSize([]fyne.CanvasObject) fyne.Size {
	bm := c.Board.MinSize().Width
	w := bm
	h := bm + c.fixed()
	if c.Side != nil {
		w += theme.Padding() + c.sideMin()
		h = max(h, c.Side.MinSize().Height)
	}
	return fyne.NewSize(w, h)
}
