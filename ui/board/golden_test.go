package board

import (
	"flag"
	"image"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
	"arimaa-workbench/ui/uitest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// TestGoldenDiagrams compares rendered diagrams with the images in
// testdata/, which were checked by eye; -update rewrites them.
func TestGoldenDiagrams(t *testing.T) {
	test.NewTempApp(t)
	overlaid := rulestest.Place(t, rules.Gold, "Ed4 rd5 hc5 Rb5 Ra1 rh8 Mf3 ef5 Dg6")
	tests := []struct {
		file string
		d    Diagram
	}{
		{"start_256.png", Diagram{Position: rules.StartPosition(), Size: 256, Overlays: NoOverlays}},
		{"flipped_nocoords_200.png", Diagram{Position: rules.StartPosition(), Size: 200, Flipped: true, NoCoords: true, Overlays: NoOverlays}},
		{"overlays_320.png", Diagram{Position: overlaid, Size: 320,
			Overlays: Overlays{Selected: rules.D4, Targets: rules.D5.Bit() | rules.E4.Bit(), Frozen: frozenOf(overlaid), Danger: rules.G6.Bit(),
				LastMove: []rules.Step{rules.MakeStep(rules.GoldElephant, rules.D3, rules.North)}}}},
		// An engine panel's board: its best three moves fading with rank,
		// two of them ending on one square, and Gold's 64% in the bar.
		{"candidates_bar_360.png", Diagram{Position: rules.StartPosition(), Size: 360, EvalBar: true,
			Overlays: Overlays{Selected: rules.NoSquare, Eval: 0.64, HasEval: true, Candidates: []Candidate{
				{Steps: steps(t, "Ee2n", "Ee3n", "Ee4n", "Ee5w"), Label: "64%"},
				{Steps: steps(t, "Md2n", "Md3n", "Dc2e", "Dd2n"), Label: "61%"},
				{Steps: steps(t, "Hb2n", "Hb3n", "Hb4e", "Hc4e"), Label: "58%"},
			}}}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got := Render(tt.d)
			path := filepath.Join("testdata", tt.file)
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				uitest.WritePNG(t, path, got)
			}
			want, err := uitest.ReadPNG(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if n := differentPixels(got, want); n > 0 {
				t.Errorf("%d pixels differ from %s", n, path)
			}
		})
	}
}

// differentPixels counts pixels whose colour differs by more than a small
// rounding tolerance, or all of them when the sizes differ.
func differentPixels(a, b image.Image) int {
	if a.Bounds().Size() != b.Bounds().Size() {
		return a.Bounds().Dx() * a.Bounds().Dy()
	}
	n := 0
	ab, bb := a.Bounds(), b.Bounds()
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			r1, g1, b1, a1 := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, a2 := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) || far(a1, a2) {
				n++
			}
		}
	}
	return n
}

func far(x, y uint32) bool {
	d := int(x) - int(y)
	return d > 0x400 || d < -0x400
}
