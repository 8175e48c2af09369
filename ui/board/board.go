// Package board is the workbench's Arimaa board widget: the board with its
// trap squares and coordinates, our own piece artwork, overlays (last move,
// principal variation, an engine's best moves with their win ratios, visit
// heat map, frozen pieces, pieces in danger, goal threats, selection and
// legal destinations), an optional evaluation bar beside it, and mouse
// input reported as square events. It holds no rules of its own: what a tap or drag means is
// decided by its owner (the editor places pieces, the viewer enters steps
// through MoveEntry).
package board

import (
	"image/color"
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
)

// Overlays are the marks drawn over the pieces. The zero value draws none.
type Overlays struct {
	LastMove []rules.Step   // drawn as blue arrows
	PV       []rules.Step   // the engine's principal variation, green arrows
	Goal     []rules.Step   // a goal threat's steps, purple arrows
	Heat     *[64]float64   // root visits by square, any scale; nil for none
	Danger   rules.Bitboard // pieces that can be captured next turn, red rings
	Frozen   rules.Bitboard // frozen pieces, blue rings
	Selected rules.Square   // highlighted square, or rules.NoSquare
	Targets  rules.Bitboard // legal destinations of the selection, dots
	// Candidates are an engine's best moves, best first: green arrows
	// fading with rank, each labelled at its end; at most MaxCandidates
	// are drawn.
	Candidates []Candidate
	// Eval is Gold's win ratio (0..1) for the evaluation bar, when
	// HasEval; the bar shows only on a board with SetEvalBar(true).
	Eval    float64
	HasEval bool
}

// NoOverlays is the empty overlay set with no selection.
var NoOverlays = Overlays{Selected: rules.NoSquare}

// Board shows one position and reports taps and drags as squares.
// Set fields through the methods, which refresh the widget.
type Board struct {
	widget.BaseWidget

	// OnTapped is called with the square under a primary tap.
	OnTapped func(sq rules.Square)
	// OnTappedSecondary is called with the square under a right click.
	OnTappedSecondary func(sq rules.Square)
	// OnDragged is called when a drag from one square ends on another
	// (or on the same square, which owners usually ignore). to is
	// rules.NoSquare when the drag ends off the board.
	OnDragged func(from, to rules.Square)

	pos      rules.Position
	over     Overlays
	flipped  bool
	coords   bool
	evalBar  bool
	dragging bool
	dragFrom rules.Square
	dragAt   fyne.Position

	// A step being animated: the piece on animPiece slides from animFrom
	// toward animTo.
	animPiece, animFrom, animTo rules.Square
	animFrac                    float32
	r                           *renderer
}

// New returns a board showing p with coordinates and no overlays.
func New(p rules.Position) *Board {
	b := &Board{pos: p, over: NoOverlays, coords: true, dragFrom: rules.NoSquare, animPiece: rules.NoSquare}
	b.ExtendBaseWidget(b)
	return b
}

// Shown returns the position shown. (Position is fyne's widget placement.)
func (b *Board) Shown() rules.Position { return b.pos }

// SetPosition shows p, keeping the overlays.
func (b *Board) SetPosition(p rules.Position) {
	b.pos = p
	b.Refresh()
}

// Overlays returns the overlays drawn.
func (b *Board) Overlays() Overlays { return b.over }

// SetOverlays replaces the overlays.
func (b *Board) SetOverlays(o Overlays) {
	b.over = o
	b.Refresh()
}

// Display sets position and overlays with a single refresh.
func (b *Board) Display(p rules.Position, o Overlays) {
	b.pos, b.over = p, o
	b.Refresh()
}

// Flipped reports whether Silver's side is at the bottom.
func (b *Board) Flipped() bool { return b.flipped }

// SetFlipped turns the board so that Silver (true) or Gold (false) plays up
// the screen.
func (b *Board) SetFlipped(f bool) {
	b.flipped = f
	b.Refresh()
}

// SetCoordinates shows or hides the file letters and rank numbers.
func (b *Board) SetCoordinates(on bool) {
	b.coords = on
	b.Refresh()
}

// SetEvalBar shows or hides the evaluation bar to the right of the board
// (Gold's win ratio from Overlays.Eval). Its room is kept whether the bar
// has a figure or not, so the board never moves when one arrives.
func (b *Board) SetEvalBar(on bool) {
	b.evalBar = on
	b.Refresh()
}

// EvalBar reports whether the evaluation bar is shown.
func (b *Board) EvalBar() bool { return b.evalBar }

// MinSize keeps pieces recognisable: 32 px squares at the least.
func (b *Board) MinSize() fyne.Size {
	w := float32(8*32 + marginCells*32)
	if b.evalBar {
		w += (barGap + barWidth) * 32
	}
	return fyne.NewSize(w, 8*32+marginCells*32)
}

// Side is the side of the board as drawn, coordinates included: the
// board is square, centred in the widget.
func (b *Board) Side() float32 {
	g := b.geometryFor(b.Size())
	m := float32(marginCells)
	if !b.coords {
		m = 0.1
	}
	return g.cell * (8 + m)
}

// marginCells is the room for coordinates, in squares, left and bottom.
const marginCells = 0.55

// geometry places the 64 squares inside a widget of a given size.
type geometry struct {
	origin  fyne.Position // top-left corner of the top-left square
	cell    float32
	flipped bool
	coords  bool
}

func (b *Board) geometryFor(size fyne.Size) geometry {
	return makeGeometryBar(size, b.flipped, b.coords, b.evalBar)
}

func makeGeometry(size fyne.Size, flipped, coords bool) geometry {
	return makeGeometryBar(size, flipped, coords, false)
}

// makeGeometryBar places the squares, leaving room for the evaluation bar
// on the right when bar is set.
func makeGeometryBar(size fyne.Size, flipped, coords, bar bool) geometry {
	m := float32(marginCells)
	if !coords {
		m = 0.1
	}
	extra := float32(0)
	if bar {
		extra = barGap + barWidth
	}
	cell := float32(math.Floor(float64(min(size.Width/(8+m+extra), size.Height/(8+m)))))
	if cell < 1 {
		cell = 1
	}
	boardW := cell * (8 + m + extra)
	ox := (size.Width-boardW)/2 + m*cell
	oy := (size.Height - cell*(8+m)) / 2
	if !coords {
		ox -= m / 2 * cell
		oy += m / 2 * cell
	}
	return geometry{origin: fyne.NewPos(float32(math.Round(float64(ox))), float32(math.Round(float64(oy)))), cell: cell, flipped: flipped, coords: coords}
}

// cellOf returns the column and row on screen (0,0 top left) of sq.
func (g geometry) cellOf(sq rules.Square) (col, row int) {
	col, row = sq.File(), 7-sq.Rank()
	if g.flipped {
		col, row = 7-col, 7-row
	}
	return col, row
}

func (g geometry) topLeft(sq rules.Square) fyne.Position {
	col, row := g.cellOf(sq)
	return fyne.NewPos(g.origin.X+float32(col)*g.cell, g.origin.Y+float32(row)*g.cell)
}

func (g geometry) center(sq rules.Square) fyne.Position {
	return g.topLeft(sq).AddXY(g.cell/2, g.cell/2)
}

// squareAt returns the square under p, or rules.NoSquare off the board.
func (g geometry) squareAt(p fyne.Position) rules.Square {
	fx := (p.X - g.origin.X) / g.cell
	fy := (p.Y - g.origin.Y) / g.cell
	if fx < 0 || fy < 0 || fx >= 8 || fy >= 8 {
		return rules.NoSquare
	}
	col, row := int(fx), int(fy)
	if g.flipped {
		col, row = 7-col, 7-row
	}
	return rules.NewSquare(col, 7-row)
}

// SquareAt returns the square under a point in the widget's coordinates,
// or rules.NoSquare.
func (b *Board) SquareAt(p fyne.Position) rules.Square {
	return b.geometryFor(b.Size()).squareAt(p)
}

// SquareCenter returns the centre of sq in the widget's coordinates; tests
// use it to tap and drag squares.
func (b *Board) SquareCenter(sq rules.Square) fyne.Position {
	return b.geometryFor(b.Size()).center(sq)
}

// Tapped implements fyne.Tappable.
func (b *Board) Tapped(e *fyne.PointEvent) {
	if sq := b.SquareAt(e.Position); sq != rules.NoSquare && b.OnTapped != nil {
		b.OnTapped(sq)
	}
}

// TappedSecondary implements fyne.SecondaryTappable.
func (b *Board) TappedSecondary(e *fyne.PointEvent) {
	if sq := b.SquareAt(e.Position); sq != rules.NoSquare && b.OnTappedSecondary != nil {
		b.OnTappedSecondary(sq)
	}
}

// Dragged implements fyne.Draggable: the piece follows the pointer.
func (b *Board) Dragged(e *fyne.DragEvent) {
	if !b.dragging {
		start := e.Position.Subtract(fyne.NewPos(e.Dragged.DX, e.Dragged.DY))
		b.dragFrom = b.SquareAt(start)
		b.dragging = true
	}
	b.dragAt = e.Position
	if b.dragFrom != rules.NoSquare && b.pos.At(b.dragFrom) != rules.Empty {
		b.Refresh()
	}
}

// DragEnd implements fyne.Draggable.
func (b *Board) DragEnd() {
	from, to := b.dragFrom, b.SquareAt(b.dragAt)
	b.dragging, b.dragFrom = false, rules.NoSquare
	b.Refresh()
	if from != rules.NoSquare && b.OnDragged != nil {
		b.OnDragged(from, to)
	}
}

// Animate slides the piece on from to the square to over d, then calls done
// (which usually shows the position after the step). Without a renderer
// (the board not shown yet) done is called at once.
func (b *Board) Animate(from, to rules.Square, d time.Duration, done func()) {
	b.slide(from, from, to, d, done)
}

// AnimateArrival slides the piece shown on sq in from the square from (a
// step taken back: show the position before it, then animate), then calls
// done.
func (b *Board) AnimateArrival(sq, from rules.Square, d time.Duration, done func()) {
	b.slide(sq, from, sq, d, done)
}

func (b *Board) slide(piece, from, to rules.Square, d time.Duration, done func()) {
	if b.r == nil || d <= 0 || b.pos.At(piece) == rules.Empty {
		done()
		return
	}
	b.animPiece, b.animFrom, b.animTo, b.animFrac = piece, from, to, 0
	img := b.r.pieces[piece]
	a := fyne.NewAnimation(d, func(f float32) {
		b.animFrac = f
		b.r.Layout(b.Size())
		img.Refresh()
		if f >= 1 {
			b.animPiece = rules.NoSquare
			b.r.Layout(b.Size())
			done()
		}
	})
	a.Curve = fyne.AnimationEaseInOut
	a.Start()
}

// CreateRenderer implements fyne.Widget.
func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &renderer{b: b}
	b.r = r
	r.frame = canvas.NewRectangle(colFrame)
	r.frame.CornerRadius = 4
	for i := range r.squares {
		r.squares[i] = canvas.NewRectangle(colLight)
		r.heat[i] = canvas.NewRectangle(color.Transparent)
		r.rings[i] = canvas.NewCircle(color.Transparent)
		r.danger[i] = canvas.NewCircle(color.Transparent)
		r.dots[i] = canvas.NewCircle(colTarget)
		r.pieces[i] = canvas.NewImageFromResource(nil)
		r.pieces[i].FillMode = canvas.ImageFillContain
		r.pieces[i].ScaleMode = canvas.ImageScaleSmooth
	}
	r.bar = newBarParts()
	r.select_ = canvas.NewRectangle(color.Transparent)
	r.select_.StrokeColor = colSelect
	for i := range r.files {
		r.files[i] = canvas.NewText(string(rune('a'+i)), colCoord)
		r.files[i].Alignment = fyne.TextAlignCenter
		r.ranks[i] = canvas.NewText(string(rune('1'+i)), colCoord)
		r.ranks[i].Alignment = fyne.TextAlignCenter
	}
	r.Refresh()
	return r
}

var (
	colFrame  = color.NRGBA{0x5b, 0x4a, 0x2f, 0xff}
	colLight  = color.NRGBA{0xee, 0xe4, 0xcb, 0xff}
	colDark   = color.NRGBA{0xe3, 0xd5, 0xb4, 0xff}
	colTrap   = color.NRGBA{0xd4, 0x8a, 0x70, 0xff}
	colCoord  = color.NRGBA{0xf3, 0xe9, 0xd2, 0xff}
	colSelect = color.NRGBA{0xff, 0xc8, 0x00, 0xff}
	colTarget = color.NRGBA{0x1b, 0x7a, 0x3e, 0xb0}
	colFrozen = color.NRGBA{0x25, 0x7c, 0xe0, 0xe0}
	colDanger = color.NRGBA{0xd0, 0x1c, 0x1c, 0xf0}
	colLast   = color.NRGBA{0x1e, 0x5f, 0xc8, 0xb8}
	colPV     = color.NRGBA{0x1d, 0x9a, 0x50, 0xb8}
	colGoal   = color.NRGBA{0x8e, 0x2c, 0xc0, 0xc8}
	colHeat   = color.NRGBA{0xff, 0x5a, 0x00, 0x00}
)

type renderer struct {
	b       *Board
	frame   *canvas.Rectangle
	squares [64]*canvas.Rectangle
	heat    [64]*canvas.Rectangle
	rings   [64]*canvas.Circle
	danger  [64]*canvas.Circle
	dots    [64]*canvas.Circle
	pieces  [64]*canvas.Image
	select_ *canvas.Rectangle
	files   [8]*canvas.Text
	ranks   [8]*canvas.Text
	arrows  []*arrow
	tags    []*tag
	bar     *barParts
	objects []fyne.CanvasObject

	drawn       bool // refreshed at least once
	coordsShown bool
}

// arrow is a step drawn from the centre of one square to the next.
type arrow struct {
	shaft, left, right *canvas.Line
	from, to           rules.Square
	width              float32 // a factor of the usual width
}

func newArrow(s arrowSpec) *arrow {
	return &arrow{shaft: canvas.NewLine(s.col), left: canvas.NewLine(s.col), right: canvas.NewLine(s.col), from: s.from, to: s.to, width: s.width}
}

func (r *renderer) Destroy() {}

func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *renderer) MinSize() fyne.Size { return r.b.MinSize() }

func (r *renderer) Layout(size fyne.Size) {
	g := r.b.geometryFor(size)
	c := g.cell
	// The frame carries the coordinates, so they read on any theme.
	pad, m := c*0.08, float32(0)
	if g.coords {
		m = c*marginCells - pad
	}
	r.frame.Move(g.origin.SubtractXY(pad+m, pad))
	r.frame.Resize(fyne.NewSize(8*c+2*pad+m, 8*c+2*pad+m))
	for sq := rules.Square(0); sq < 64; sq++ {
		tl := g.topLeft(sq)
		cs := fyne.NewSize(c, c)
		r.squares[sq].Move(tl)
		r.squares[sq].Resize(cs)
		r.heat[sq].Move(tl)
		r.heat[sq].Resize(cs)
		inset := c * 0.06
		r.pieces[sq].Move(tl.AddXY(inset, inset))
		r.pieces[sq].Resize(fyne.NewSize(c-2*inset, c-2*inset))
		ring := c * 0.02
		r.rings[sq].Move(tl.AddXY(ring, ring))
		r.rings[sq].Resize(fyne.NewSize(c-2*ring, c-2*ring))
		r.rings[sq].StrokeWidth = max(2, c*0.07)
		d := c * 0.1
		r.danger[sq].Move(tl.AddXY(d, d))
		r.danger[sq].Resize(fyne.NewSize(c-2*d, c-2*d))
		r.danger[sq].StrokeWidth = max(2, c*0.07)
		dot := c * 0.3
		r.dots[sq].Move(tl.AddXY(c/2-dot/2, c/2-dot/2))
		r.dots[sq].Resize(fyne.NewSize(dot, dot))
	}
	if a := r.b.animPiece; a != rules.NoSquare {
		p1, p2 := g.topLeft(r.b.animFrom), g.topLeft(r.b.animTo)
		f := r.b.animFrac
		r.pieces[a].Move(fyne.NewPos(p1.X+(p2.X-p1.X)*f, p1.Y+(p2.Y-p1.Y)*f).AddXY(c*0.06, c*0.06))
	}
	if r.b.dragging && r.b.dragFrom != rules.NoSquare {
		img := r.pieces[r.b.dragFrom]
		img.Move(r.b.dragAt.SubtractXY(img.Size().Width/2, img.Size().Height/2))
	}
	if sq := r.b.over.Selected; sq != rules.NoSquare && sq.Valid() {
		w := max(2, c*0.06)
		r.select_.StrokeWidth = w
		r.select_.Move(g.topLeft(sq).AddXY(w/2, w/2))
		r.select_.Resize(fyne.NewSize(c-w, c-w))
	}
	ts := max(9, c*0.28)
	for i := 0; i < 8; i++ {
		col, row := i, 7-i
		if g.flipped {
			col, row = 7-i, i
		}
		f := r.files[i]
		f.TextSize = ts
		f.Move(fyne.NewPos(g.origin.X+float32(col)*c, g.origin.Y+8*c+c*0.1))
		f.Resize(fyne.NewSize(c, ts*1.3))
		k := r.ranks[i]
		k.TextSize = ts
		k.Move(fyne.NewPos(g.origin.X-c*marginCells, g.origin.Y+float32(row)*c+c/2-ts*0.65))
		k.Resize(fyne.NewSize(c*marginCells*0.85, ts*1.3))
	}
	for _, a := range r.arrows {
		layoutArrow(a, g)
	}
	for _, t := range r.tags {
		t.layout(g)
	}
	if r.b.evalBar {
		r.bar.layout(g, evalBar(r.b.over, g.flipped))
	}
}

func layoutArrow(a *arrow, g geometry) {
	c := g.cell
	p1, p2 := g.center(a.from), g.center(a.to)
	dx, dy := p2.X-p1.X, p2.Y-p1.Y
	n := float32(math.Hypot(float64(dx), float64(dy)))
	if n == 0 {
		return
	}
	ux, uy := dx/n, dy/n
	start := p1.AddXY(ux*c*0.18, uy*c*0.18)
	tip := p2.AddXY(-ux*c*0.12, -uy*c*0.12)
	w := max(2, c*0.09*a.width)
	a.shaft.StrokeWidth = w
	a.shaft.Position1, a.shaft.Position2 = start, tip.AddXY(-ux*w*0.5, -uy*w*0.5)
	head := c * 0.24
	for i, l := range []*canvas.Line{a.left, a.right} {
		s := float32(1)
		if i == 1 {
			s = -1
		}
		// The head's sides leave the tip at ±35° from the reversed shaft.
		bx := -ux*0.82 - s*uy*0.57
		by := -uy*0.82 + s*ux*0.57
		l.StrokeWidth = w
		l.Position1 = tip
		l.Position2 = tip.AddXY(bx*head, by*head)
	}
}

// buildMarks makes the arrows and labels of over and shows or hides the
// evaluation bar; it returns the objects to redraw.
func (r *renderer) buildMarks(over Overlays) []fyne.CanvasObject {
	r.arrows = r.arrows[:0]
	for _, s := range arrowSpecs(over) {
		r.arrows = append(r.arrows, newArrow(s))
	}
	r.tags = r.tags[:0]
	for _, s := range labelSpecs(over) {
		r.tags = append(r.tags, newTag(s))
	}
	r.bar.show(r.b.evalBar)
	if r.b.evalBar {
		return r.bar.objects()
	}
	return nil
}

// Refresh updates only what changed since the last refresh: re-rendering
// an unchanged piece image would decode its SVG again, which is most of the
// cost of a redraw.
func (r *renderer) Refresh() {
	b := r.b
	over := b.over
	var heatMax float64
	if over.Heat != nil {
		for _, v := range over.Heat {
			heatMax = max(heatMax, v)
		}
	}
	var dirty []fyne.CanvasObject
	setFill := func(o *canvas.Rectangle, c color.Color) {
		if o.FillColor != c {
			o.FillColor = c
			dirty = append(dirty, o)
		}
	}
	setVisible := func(o fyne.CanvasObject, on bool) {
		if o.Visible() != on {
			if on {
				o.Show()
			} else {
				o.Hide()
			}
		}
	}
	if !r.drawn {
		dirty = append(dirty, r.frame)
		for i := range r.files {
			dirty = append(dirty, r.files[i], r.ranks[i])
		}
	}
	for sq := rules.Square(0); sq < 64; sq++ {
		fill := colLight
		if (sq.File()+sq.Rank())%2 == 0 {
			fill = colDark
		}
		if sq.IsTrap() {
			fill = colTrap
		}
		setFill(r.squares[sq], fill)
		h := colHeat
		if heatMax > 0 {
			h.A = uint8(math.Round(190 * over.Heat[sq] / heatMax))
		}
		setFill(r.heat[sq], h)
		p := b.pos.At(sq)
		img := r.pieces[sq]
		var res fyne.Resource
		if p.Valid() {
			res = pieceArt()[p]
		}
		if res != nil && img.Resource != res {
			img.Resource = res
			dirty = append(dirty, img)
		}
		setVisible(img, res != nil)
		if over.Frozen.Has(sq) && p != rules.Empty {
			r.rings[sq].StrokeColor = colFrozen
		}
		setVisible(r.rings[sq], over.Frozen.Has(sq) && p != rules.Empty)
		if over.Danger.Has(sq) && p != rules.Empty {
			r.danger[sq].StrokeColor = colDanger
		}
		setVisible(r.danger[sq], over.Danger.Has(sq) && p != rules.Empty)
		setVisible(r.dots[sq], over.Targets.Has(sq))
	}
	setVisible(r.select_, over.Selected != rules.NoSquare && over.Selected.Valid())
	if !r.drawn || r.coordsShown != b.coords {
		for i := range r.files {
			setVisible(r.files[i], b.coords)
			setVisible(r.ranks[i], b.coords)
		}
		r.coordsShown = b.coords
	}
	r.drawn = true
	dirty = append(dirty, r.buildMarks(over)...)
	r.objects = r.objects[:0]
	r.objects = append(r.objects, r.frame)
	for i := range r.squares {
		r.objects = append(r.objects, r.squares[i])
	}
	for i := range r.heat {
		r.objects = append(r.objects, r.heat[i])
	}
	r.objects = append(r.objects, r.select_)
	for i := range r.files {
		r.objects = append(r.objects, r.files[i], r.ranks[i])
	}
	for i := range r.pieces {
		if b.dragging && rules.Square(i) == b.dragFrom {
			continue // drawn last, above everything
		}
		r.objects = append(r.objects, r.pieces[i])
	}
	for i := range r.rings {
		r.objects = append(r.objects, r.rings[i], r.danger[i], r.dots[i])
	}
	for _, a := range r.arrows {
		r.objects = append(r.objects, a.shaft, a.left, a.right)
	}
	for _, t := range r.tags {
		r.objects = append(r.objects, t.bg, t.text)
	}
	r.objects = append(r.objects, r.bar.objects()...)
	if b.dragging && b.dragFrom != rules.NoSquare {
		r.objects = append(r.objects, r.pieces[b.dragFrom])
	}
	r.Layout(b.Size())
	for _, o := range dirty {
		o.Refresh()
	}
	// Moved and resized objects are redrawn by the canvas; the board as a
	// whole is redrawn so its changed object list is painted.
	canvas.Refresh(b)
}
