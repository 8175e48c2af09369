package board

import (
	"image"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

func steps(t *testing.T, ws ...string) []rules.Step {
	var out []rules.Step
	for _, w := range ws {
		out = append(out, rulestest.Step(t, w))
	}
	return out
}

// TestCandidateArrows: the best three candidates are drawn, the weakest
// first so that the best lies on top, each rank fainter and thinner than
// the one before; passes are not drawn, and a fourth candidate is left
// out.
func TestCandidateArrows(t *testing.T) {
	o := Overlays{Selected: rules.NoSquare, Candidates: []Candidate{
		{Steps: append(steps(t, "Ee2n", "Ee3n"), rules.Pass), Label: "61%"},
		{Steps: steps(t, "Md2n"), Label: "55%"},
		{Steps: steps(t, "Hb2n", "Hb3e"), Label: "40%"},
		{Steps: steps(t, "Rh2n"), Label: "30%"},
	}}
	got := arrowSpecs(o)
	type arrow struct {
		from, to rules.Square
		alpha    uint8
	}
	want := []arrow{
		{rules.B2, rules.B3, candidateAlpha[2]}, {rules.B3, rules.C3, candidateAlpha[2]},
		{rules.D2, rules.D3, candidateAlpha[1]},
		{rules.E2, rules.E3, candidateAlpha[0]}, {rules.E3, rules.E4, candidateAlpha[0]},
	}
	if len(got) != len(want) {
		t.Fatalf("%d arrows %+v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.from != w.from || g.to != w.to || g.col.A != w.alpha {
			t.Errorf("arrow %d: %v-%v alpha %#x, want %v-%v alpha %#x", i, g.from, g.to, g.col.A, w.from, w.to, w.alpha)
		}
		if c := g.col; c.R != colPV.R || c.G != colPV.G || c.B != colPV.B {
			t.Errorf("arrow %d: colour %v, want the PV's green", i, c)
		}
	}
	for r := 1; r < MaxCandidates; r++ {
		if !(candidateAlpha[r] < candidateAlpha[r-1]) || !(candidateWidth[r] < candidateWidth[r-1]) {
			t.Errorf("rank %d is not fainter and thinner than rank %d", r+1, r)
		}
	}
	// The other overlays come after the candidates, over them.
	o.LastMove = steps(t, "ra7s")
	if got := arrowSpecs(o); got[len(got)-1].from != rules.A7 || got[len(got)-1].col != colLast {
		t.Errorf("last arrow %+v, want the last move over the candidates", got[len(got)-1])
	}
}

// TestCandidateLabels: each candidate's label sits where its last drawn
// step ends, in its rank's colour; labels of moves ending on one square
// are stacked.
func TestCandidateLabels(t *testing.T) {
	tests := []struct {
		name  string
		cands []Candidate
		want  []labelSpec
	}{
		{"distinct ends", []Candidate{
			{Steps: append(steps(t, "Ee2n", "Ee3n"), rules.Pass), Label: "61%"},
			{Steps: steps(t, "Md2n"), Label: "55%"},
		}, []labelSpec{{sq: rules.E4, text: "61%", rank: 0}, {sq: rules.D3, text: "55%", rank: 1}}},
		{"same end", []Candidate{
			{Steps: steps(t, "Md2n"), Label: "52%"},
			{Steps: steps(t, "Dc2e", "Dd2n"), Label: "50%"},
			{Steps: steps(t, "Ra2n"), Label: ""},
		}, []labelSpec{{sq: rules.D3, text: "52%", rank: 0}, {sq: rules.D3, text: "50%", rank: 1, slot: 1}}},
		{"only passes", []Candidate{{Steps: []rules.Step{rules.Pass}, Label: "50%"}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := labelSpecs(Overlays{Candidates: tc.cands})
			if len(got) != len(tc.want) {
				t.Fatalf("labels %+v, want %+v", got, tc.want)
			}
			for i, w := range tc.want {
				g := got[i]
				if g.sq != w.sq || g.text != w.text || g.rank != w.rank || g.slot != w.slot || g.col.A != candidateAlpha[w.rank] {
					t.Errorf("label %d: %+v, want %+v with alpha %#x", i, g, w, candidateAlpha[w.rank])
				}
			}
		})
	}
}

// TestEvalBarSpec: the bar's share, figure and orientation.
func TestEvalBarSpec(t *testing.T) {
	tests := []struct {
		o       Overlays
		flipped bool
		want    barSpec
	}{
		{Overlays{}, false, barSpec{gold: 0.5, goldBottom: true, text: "–"}},
		{Overlays{Eval: 0.734, HasEval: true}, false, barSpec{gold: 0.734, goldBottom: true, text: "73%", known: true}},
		{Overlays{Eval: 0.2, HasEval: true}, true, barSpec{gold: 0.2, goldBottom: false, text: "20%", known: true}},
		{Overlays{Eval: 1.3, HasEval: true}, false, barSpec{gold: 1, goldBottom: true, text: "100%", known: true}},
		{Overlays{Eval: -0.1, HasEval: true}, false, barSpec{gold: 0, goldBottom: true, text: "0%", known: true}},
	}
	for _, tc := range tests {
		if got := evalBar(tc.o, tc.flipped); got != tc.want {
			t.Errorf("%+v flipped %v: %+v, want %+v", tc.o, tc.flipped, got, tc.want)
		}
	}
}

// TestEvalBarDrawn: Gold's share is drawn in gold from the bottom of the
// bar (the top on a flipped board), the rest in dark grey; the board
// keeps its place whether the bar has a figure or not.
func TestEvalBarDrawn(t *testing.T) {
	test.NewTempApp(t)
	const size = 400
	probe := New(rules.StartPosition())
	probe.evalBar = true
	g := probe.geometryFor(fyne.NewSize(size, size))
	x := int(g.origin.X + 8*g.cell + (barGap+barWidth/2)*g.cell)
	low := int(g.origin.Y + 8*g.cell*0.9)  // a tenth from the bottom
	high := int(g.origin.Y + 8*g.cell*0.1) // a tenth from the top
	for _, tc := range []struct {
		flipped   bool
		low, high color.NRGBA
	}{{false, colBarGold, colBarSilver}, {true, colBarSilver, colBarGold}} {
		img := Render(Diagram{Position: rules.StartPosition(), Size: size, EvalBar: true, Flipped: tc.flipped,
			Overlays: Overlays{Selected: rules.NoSquare, Eval: 0.75, HasEval: true}})
		if c := nrgba(img, x, low); !sameColour(c, tc.low) {
			t.Errorf("flipped %v: near the bottom of the bar %v, want %v", tc.flipped, c, tc.low)
		}
		if c := nrgba(img, x, high); !sameColour(c, tc.high) {
			t.Errorf("flipped %v: near the top of the bar %v, want %v", tc.flipped, c, tc.high)
		}
	}
	empty := Render(Diagram{Position: rules.StartPosition(), Size: size, EvalBar: true, Overlays: NoOverlays})
	full := Render(Diagram{Position: rules.StartPosition(), Size: size, EvalBar: true, Overlays: Overlays{Selected: rules.NoSquare, Eval: 0.9, HasEval: true}})
	board := image.Rect(int(g.origin.X), int(g.origin.Y), int(g.origin.X+8*g.cell), int(g.origin.Y+8*g.cell))
	if n := differentPixels(sub(empty, board), sub(full, board)); n > 0 {
		t.Errorf("the board moved when the bar got a figure: %d pixels differ", n)
	}
	if w0, w1 := New(rules.StartPosition()).MinSize().Width, probe.MinSize().Width; w1 <= w0 {
		t.Errorf("min width with the bar %v, without %v: the bar needs room", w1, w0)
	}
}

func nrgba(img image.Image, x, y int) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

func sameColour(a, b color.NRGBA) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) < 12 && d(a.G, b.G) < 12 && d(a.B, b.B) < 12 && d(a.A, b.A) < 12
}

func sub(img image.Image, r image.Rectangle) image.Image {
	return img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(r)
}
