package board

import (
	"image/color"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"arimaa-workbench/engine/rules"
)

// Candidate is one of an engine's candidate moves as the board draws it:
// its steps as arrows, and a label (its win ratio, say) at the end of the
// last one.
type Candidate struct {
	Steps []rules.Step
	Label string
}

// MaxCandidates is how many candidate moves the board draws: beyond three
// the arrows hide the pieces they are about.
const MaxCandidates = 3

// candidateAlpha is the opacity of each rank's arrows and labels, the
// best move's strongest: the eye goes to it first, as in the analysis
// boards of chess programs.
var candidateAlpha = [MaxCandidates]uint8{0xd8, 0x8c, 0x55}

// candidateWidth scales each rank's arrows: thinner with rank, so that a
// faint arrow over a strong one still reads as the lesser.
var candidateWidth = [MaxCandidates]float32{1.15, 0.9, 0.7}

// arrowSpec is one arrow the board draws: a step from the centre of one
// square toward the next, in a colour, its width a factor of the usual.
type arrowSpec struct {
	from, to rules.Square
	col      color.NRGBA
	width    float32
}

// drawable reports whether s is a step an arrow can show.
func drawable(s rules.Step) bool {
	return s != rules.NoStep && s != rules.Pass && s.From().Valid() && s.To().Valid()
}

// arrowSpecs lists the arrows of o in drawing order: the candidates from
// the weakest to the best (so the best lies on top), then the last move,
// a goal threat and the principal variation.
func arrowSpecs(o Overlays) []arrowSpec {
	var out []arrowSpec
	cands := o.Candidates
	if len(cands) > MaxCandidates {
		cands = cands[:MaxCandidates]
	}
	for rank := len(cands) - 1; rank >= 0; rank-- {
		c := colPV
		c.A = candidateAlpha[rank]
		for _, s := range cands[rank].Steps {
			if drawable(s) {
				out = append(out, arrowSpec{from: s.From(), to: s.To(), col: c, width: candidateWidth[rank]})
			}
		}
	}
	for _, set := range []struct {
		steps []rules.Step
		c     color.NRGBA
	}{{o.LastMove, colLast}, {o.Goal, colGoal}, {o.PV, colPV}} {
		for _, s := range set.steps {
			if drawable(s) {
				out = append(out, arrowSpec{from: s.From(), to: s.To(), col: set.c, width: 1})
			}
		}
	}
	return out
}

// labelSpec is a candidate's label: its text on a tag in the candidate's
// colour at the square its last step reaches; slot stacks the tags of
// candidates that end on the same square.
type labelSpec struct {
	sq   rules.Square
	text string
	rank int
	slot int
	col  color.NRGBA
}

// labelSpecs lists the labels of o's candidates, best first.
func labelSpecs(o Overlays) []labelSpec {
	var out []labelSpec
	used := map[rules.Square]int{}
	for rank, c := range o.Candidates {
		if rank == MaxCandidates {
			break
		}
		end := rules.NoSquare
		for _, s := range c.Steps {
			if drawable(s) {
				end = s.To()
			}
		}
		if end == rules.NoSquare || c.Label == "" {
			continue
		}
		col := colPV
		col.A = candidateAlpha[rank]
		out = append(out, labelSpec{sq: end, text: c.Label, rank: rank, slot: used[end], col: col})
		used[end]++
	}
	return out
}

// barSpec is the evaluation bar as drawn: Gold's share of its height
// (0..1), measured from Gold's side of the board, and the figure printed
// on it.
type barSpec struct {
	gold       float64
	goldBottom bool // Gold's side is at the bottom (the board is not flipped)
	text       string
	known      bool // there is a figure; without one the bar is split evenly and says "–"
}

// evalBar is the bar for o on a board flipped or not.
func evalBar(o Overlays, flipped bool) barSpec {
	if !o.HasEval || math.IsNaN(o.Eval) {
		return barSpec{gold: 0.5, goldBottom: !flipped, text: "–"}
	}
	g := min(1, max(0, o.Eval))
	return barSpec{gold: g, goldBottom: !flipped, text: strconv.Itoa(int(math.Round(100*g))) + "%", known: true}
}

// Sizes of the evaluation bar, in squares: the gap between the board
// and the bar, and the bar's width (room for "100%" in the label size).
const (
	barGap   = 0.15
	barWidth = 0.7
)

var (
	colBarGold   = color.NRGBA{0xf2, 0xdc, 0x96, 0xff}
	colBarSilver = color.NRGBA{0x4a, 0x4c, 0x55, 0xff}
	colBarLine   = color.NRGBA{0xc0, 0x30, 0x30, 0xff}
	colOnGold    = color.NRGBA{0x3a, 0x2c, 0x10, 0xff}
	colOnSilver  = color.NRGBA{0xf0, 0xf0, 0xf0, 0xff}
)

// barParts are the canvas objects of the evaluation bar.
type barParts struct {
	frame, silver, gold, even *canvas.Rectangle
	text                      *canvas.Text
}

func newBarParts() *barParts {
	b := &barParts{
		frame:  canvas.NewRectangle(colFrame),
		silver: canvas.NewRectangle(colBarSilver),
		gold:   canvas.NewRectangle(colBarGold),
		even:   canvas.NewRectangle(colBarLine),
		text:   canvas.NewText("", colOnGold),
	}
	b.frame.CornerRadius = 3
	b.text.Alignment = fyne.TextAlignCenter
	b.text.TextStyle.Bold = true
	return b
}

func (b *barParts) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{b.frame, b.silver, b.gold, b.even, b.text}
}

func (b *barParts) show(on bool) {
	for _, o := range b.objects() {
		if on {
			o.Show()
		} else {
			o.Hide()
		}
	}
}

// layout places the bar to the right of the board of g, as spec says.
func (b *barParts) layout(g geometry, spec barSpec) {
	c := g.cell
	x := g.origin.X + 8*c + barGap*c
	top, h, w := g.origin.Y, 8*c, barWidth*c
	pad := max(1, c*0.04)
	b.frame.Move(fyne.NewPos(x-pad, top-pad))
	b.frame.Resize(fyne.NewSize(w+2*pad, h+2*pad))
	b.silver.Move(fyne.NewPos(x, top))
	b.silver.Resize(fyne.NewSize(w, h))
	gh := float32(spec.gold) * h
	gy := top + h - gh
	if !spec.goldBottom {
		gy = top
	}
	b.gold.Move(fyne.NewPos(x, gy))
	b.gold.Resize(fyne.NewSize(w, gh))
	// A thin line marks the even split, so a small lead reads at a glance.
	b.even.Move(fyne.NewPos(x, top+h/2-0.5))
	b.even.Resize(fyne.NewSize(w*0.3, 1))
	ts := max(8, c*0.22)
	b.text.TextSize = ts
	// The figure is printed at the end of the leading side's part.
	goldLeads := spec.gold >= 0.5
	y := top + h - ts*1.5
	if goldLeads != spec.goldBottom {
		y = top + ts*0.2
	}
	b.text.Text = spec.text
	b.text.Color = colOnSilver
	if goldLeads {
		b.text.Color = colOnGold
	}
	b.text.Move(fyne.NewPos(x, y))
	b.text.Resize(fyne.NewSize(w, ts*1.3))
}

// tag is a candidate's label on the board.
type tag struct {
	bg   *canvas.Rectangle
	text *canvas.Text
	spec labelSpec
}

func newTag(s labelSpec) *tag {
	t := &tag{bg: canvas.NewRectangle(s.col), text: canvas.NewText(s.text, colOnSilver), spec: s}
	t.bg.CornerRadius = 3
	t.text.Alignment = fyne.TextAlignCenter
	t.text.TextStyle.Bold = true
	return t
}

// layout puts the tag in the lower half of its square, stacked upward by
// its slot.
func (t *tag) layout(g geometry) {
	c := g.cell
	ts := max(8, c*0.2)
	w, h := c*0.78, ts*1.35
	tl := g.topLeft(t.spec.sq)
	pos := tl.AddXY((c-w)/2, c-h-c*0.04-float32(t.spec.slot)*(h+1))
	t.bg.Move(pos)
	t.bg.Resize(fyne.NewSize(w, h))
	t.text.TextSize = ts
	t.text.Move(pos.AddXY(0, (h-ts*1.3)/2))
	t.text.Resize(fyne.NewSize(w, ts*1.3))
}
