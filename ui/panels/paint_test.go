package panels

import (
	"path/filepath"
	"testing"
)

// TestEveryPanelPaints draws every panel, with a game and a suite open,
// through Fyne's software painter, the one --screenshot
// falls back to under Xvfb: a widget that leaves a colour nil (as the
// suite table's tip spots once did) crashes it.
func TestEveryPanelPaints(t *testing.T) {
	wb, p, w := newWorkbench(t)
	w.Resize(screen(1024, 700))
	if err := wb.Open(filepath.Join("..", "..", "assets", "games", "goal_race.txt")); err != nil {
		t.Fatal(err)
	}
	if err := p.OpenSuite(wb, filepath.Join("..", "..", "assets", "tests", "legacy")); err != nil {
		t.Fatal(err)
	}
	p.Suite.Sync()
	// One picture a panel (the analysis view with its explorer, whose
	// results bars are drawn by hand): painting is slow under the race
	// detector.
	wb.Viewer.ShowSection(ExplorerSection)
	for _, name := range wb.Panels() {
		wb.Select(name)
		if img := w.Canvas().Capture(); img.Bounds().Empty() {
			t.Errorf("%s: nothing drawn", name)
		}
	}
}
