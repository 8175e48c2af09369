package editor

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
)

// paletteItem is one palette cell: a piece (or the eraser) drawn as on the
// board, large enough to click, with a frame when selected.
type paletteItem struct {
	widget.BaseWidget
	piece    rules.Piece
	selected bool
	onTap    func()
	// onDrop is called when a drag from this item ends, with the pointer's
	// absolute position.
	onDrop  func(abs fyne.Position)
	dragAbs fyne.Position
}

func newPaletteItem(p rules.Piece, onTap func()) *paletteItem {
	it := &paletteItem{piece: p, onTap: onTap}
	it.ExtendBaseWidget(it)
	return it
}

func (it *paletteItem) setSelected(on bool) {
	if it.selected != on {
		it.selected = on
		it.Refresh()
	}
}

// Tapped implements fyne.Tappable.
func (it *paletteItem) Tapped(*fyne.PointEvent) {
	if it.onTap != nil {
		it.onTap()
	}
}

// Dragged implements fyne.Draggable: a piece can be dragged from the
// palette onto the board.
func (it *paletteItem) Dragged(e *fyne.DragEvent) { it.dragAbs = e.AbsolutePosition }

// DragEnd implements fyne.Draggable.
func (it *paletteItem) DragEnd() {
	if it.onDrop != nil {
		it.onDrop(it.dragAbs)
	}
}

func (it *paletteItem) MinSize() fyne.Size { return fyne.NewSize(44, 44) }

func (it *paletteItem) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(color.Transparent)
	bg.CornerRadius = 6
	var img *canvas.Image
	if res := board.PieceResource(it.piece); res != nil {
		img = canvas.NewImageFromResource(res)
	} else {
		img = canvas.NewImageFromResource(theme.NewThemedResource(theme.ContentClearIcon()))
	}
	img.FillMode = canvas.ImageFillContain
	r := &paletteRenderer{it: it, bg: bg, img: img}
	r.Refresh()
	return r
}

type paletteRenderer struct {
	it  *paletteItem
	bg  *canvas.Rectangle
	img *canvas.Image
}

func (r *paletteRenderer) Layout(s fyne.Size) {
	r.bg.Resize(s)
	side := min(s.Width, s.Height) - 6
	r.img.Resize(fyne.NewSize(side, side))
	r.img.Move(fyne.NewPos((s.Width-side)/2, (s.Height-side)/2))
}

func (r *paletteRenderer) MinSize() fyne.Size { return r.it.MinSize() }

func (r *paletteRenderer) Refresh() {
	if r.it.selected {
		r.bg.FillColor = theme.Color(theme.ColorNamePrimary)
	} else {
		r.bg.FillColor = theme.Color(theme.ColorNameInputBackground)
	}
	r.bg.Refresh()
	r.img.Refresh()
}

func (r *paletteRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg, r.img} }

func (r *paletteRenderer) Destroy() {}
