package board

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/rules"
)

func TestSquareGeometry(t *testing.T) {
	for _, flipped := range []bool{false, true} {
		for _, size := range []fyne.Size{fyne.NewSize(400, 400), fyne.NewSize(900, 500), fyne.NewSize(300, 700)} {
			g := makeGeometry(size, flipped, true)
			for sq := rules.Square(0); sq < 64; sq++ {
				if got := g.squareAt(g.center(sq)); got != sq {
					t.Fatalf("flipped %v size %v: centre of %v maps back to %v", flipped, size, sq, got)
				}
			}
			if g.squareAt(fyne.NewPos(0, 0)) != rules.NoSquare {
				t.Errorf("flipped %v size %v: corner of the widget is on the board", flipped, size)
			}
		}
	}
	g := makeGeometry(fyne.NewSize(400, 400), false, true)
	a8, h1 := g.topLeft(rules.A8), g.topLeft(rules.H1)
	if !(a8.X < h1.X && a8.Y < h1.Y) {
		t.Errorf("unflipped board: a8 at %v should be above left of h1 at %v", a8, h1)
	}
	g = makeGeometry(fyne.NewSize(400, 400), true, true)
	a8, h1 = g.topLeft(rules.A8), g.topLeft(rules.H1)
	if !(a8.X > h1.X && a8.Y > h1.Y) {
		t.Errorf("flipped board: a8 at %v should be below right of h1 at %v", a8, h1)
	}
}

func TestBoardTapAndDrag(t *testing.T) {
	test.NewTempApp(t)
	b := New(rules.StartPosition())
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(400, 400))

	var tapped, right []rules.Square
	var drags [][2]rules.Square
	b.OnTapped = func(sq rules.Square) { tapped = append(tapped, sq) }
	b.OnTappedSecondary = func(sq rules.Square) { right = append(right, sq) }
	b.OnDragged = func(from, to rules.Square) { drags = append(drags, [2]rules.Square{from, to}) }

	test.TapAt(b, b.SquareCenter(rules.E2))
	test.TapSecondaryAt(b, b.SquareCenter(rules.C6))
	// The desktop driver's drag events carry the pointer's current
	// position; see boardtest.Drag, which tests of other packages use.
	from, to := b.SquareCenter(rules.D2), b.SquareCenter(rules.D4)
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
	b.DragEnd()

	if len(tapped) != 1 || tapped[0] != rules.E2 {
		t.Errorf("taps %v, want [e2]", tapped)
	}
	if len(right) != 1 || right[0] != rules.C6 {
		t.Errorf("secondary taps %v, want [c6]", right)
	}
	if len(drags) != 1 || drags[0] != [2]rules.Square{rules.D2, rules.D4} {
		t.Errorf("drags %v, want [d2 d4]", drags)
	}

	b.SetFlipped(true)
	tapped = nil
	test.TapAt(b, b.SquareCenter(rules.E2))
	if len(tapped) != 1 || tapped[0] != rules.E2 {
		t.Errorf("flipped: taps %v, want [e2]", tapped)
	}
}

// BenchmarkBoardRedraw measures one full redraw of a busy board (new
// position and overlays, layout, and painting with the software painter).
func BenchmarkBoardRedraw(b *testing.B) {
	test.NewTempApp(b)
	p := rules.StartPosition()
	heat := [64]float64{}
	for i := range heat {
		heat[i] = float64(i % 9)
	}
	bd := New(p)
	c := software.NewCanvas()
	c.SetContent(bd)
	c.Resize(fyne.NewSize(560, 560))
	c.Capture()
	over := Overlays{Selected: rules.E2, Targets: rules.E3.Bit(), Frozen: frozenOf(p), Heat: &heat,
		LastMove: []rules.Step{rules.MakeStep(rules.GoldElephant, rules.E2, rules.North)},
		PV:       []rules.Step{rules.MakeStep(rules.SilverElephant, rules.D7, rules.South)}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			bd.Display(p, over)
		} else {
			bd.Display(p, NoOverlays)
		}
		c.Capture()
	}
}

// BenchmarkBoardRefreshLayout measures the renderer's own work per redraw,
// without painting pixels: what the window pays before the GPU draws.
func BenchmarkBoardRefreshLayout(b *testing.B) {
	test.NewTempApp(b)
	bd := New(rules.StartPosition())
	w := test.NewTempWindow(b, bd)
	w.Resize(fyne.NewSize(560, 560))
	over := Overlays{Selected: rules.E2, Targets: rules.E3.Bit(), Frozen: frozenOf(rules.StartPosition())}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			bd.Display(rules.StartPosition(), over)
		} else {
			bd.Display(rules.StartPosition(), NoOverlays)
		}
	}
}
