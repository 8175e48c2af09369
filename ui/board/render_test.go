package board

import (
	"flag"
	"path/filepath"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
	"arimaa-workbench/ui/uitest"
)

var dump = flag.String("dump", "", "write rendered boards as PNG into this directory, to look at them")

func TestRenderSizes(t *testing.T) {
	test.NewTempApp(t)
	p := rules.StartPosition()
	for _, size := range []int{96, 300, 640} {
		img := Render(Diagram{Position: p, Size: size, Overlays: Overlays{Selected: rules.E2, Targets: rules.E3.Bit(), Frozen: frozenOf(p),
			LastMove: []rules.Step{rules.MakeStep(rules.GoldElephant, rules.E2, rules.North)}}})
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Fatalf("size %d: got %v", size, b)
		}
		if *dump != "" {
			uitest.WritePNG(t, filepath.Join(*dump, "board"+strconv.Itoa(size)+".png"), img)
		}
	}
}

// frozenOf is the frozen pieces of p, as the panels find them.
func frozenOf(p rules.Position) rules.Bitboard {
	return eval.FindTactics(p, eval.TacticsFilter{Frozen: true}).Frozen
}

func TestRenderOverlays(t *testing.T) {
	test.NewTempApp(t)
	p := rulestest.Place(t, rules.Gold, "Ed4 rd5 hc5 Rb5 Ra1 rh8 Mf3 ef5 Dg6")
	var heat [64]float64
	heat[rules.D5], heat[rules.E4], heat[rules.C4] = 10, 5, 2
	o := Overlays{Selected: rules.D4, Targets: rules.D5.Bit() | rules.E4.Bit(), Frozen: frozenOf(p), Heat: &heat,
		Danger:   rules.G6.Bit(),
		LastMove: []rules.Step{rules.MakeStep(rules.GoldElephant, rules.D3, rules.North)},
		PV:       []rules.Step{rules.MakeStep(rules.SilverRabbit, rules.D5, rules.North), rules.MakeStep(rules.GoldElephant, rules.D4, rules.North)},
		Goal:     []rules.Step{rules.MakeStep(rules.GoldRabbit, rules.A1, rules.North)},
	}
	img := Render(Diagram{Position: p, Size: 480, Overlays: o})
	if *dump != "" {
		uitest.WritePNG(t, filepath.Join(*dump, "overlays.png"), img)
	}
	// The frozen gold rabbit on b5 gets a blue ring: some pixel of its
	// square is clearly blue.
	b := New(p)
	b.Resize(fyne.NewSize(480, 480))
	c := b.SquareCenter(rules.B5)
	cell := b.geometryFor(b.Size()).cell
	blue := false
	for dx := -cell / 2; dx < cell/2; dx++ {
		r, g, bl, _ := img.At(int(c.X+dx), int(c.Y)).RGBA()
		if bl > 0xb000 && r < 0x6000 && g < 0x9000 {
			blue = true
		}
	}
	if !blue {
		t.Errorf("no frozen ring drawn around the rabbit on b5")
	}
}
