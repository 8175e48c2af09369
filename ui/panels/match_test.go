package panels_test

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"arimaa-workbench/ats/match"
	"arimaa-workbench/ui/panels"
	"arimaa-workbench/ui/panels/panelstest"
)

// TestMatchTab: the match panel is a tab of the workbench, and a game of
// its match opens in the viewer at its last position, where "Analyse
// here" is offered as for any game.
func TestMatchTab(t *testing.T) {
	wb, p, _ := panelstest.NewWorkbench(t, fyne.NewSize(1400, 900))
	if !strings.Contains(strings.Join(wb.Panels(), ","), panels.MatchTab) || !wb.Select("match") || wb.Selected() != panels.MatchTab {
		t.Fatalf("panels %v, selected %q", wb.Panels(), wb.Selected())
	}
	m := p.Match.Model()
	if err := m.Start(match.Config{Engines: panelstest.TwoEngines(t, "b"), Games: 1, Playouts: 50, MaxTurns: 4, Seed: 1,
		Out: filepath.Join(t.TempDir(), "m.txt")}); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	p.Match.Sync()
	st := m.State()
	if st.Err != nil || len(st.Games) != 1 {
		t.Fatalf("match: err %v, %d games", st.Err, len(st.Games))
	}
	p.Match.OpenGame(st.Games[0].ID)
	v := wb.Viewer.Model
	if wb.Selected() != "Analysis" || v.Len() == 0 || v.Ply() != v.Len() || !wb.Viewer.AnalyseShown() {
		t.Errorf("viewer: selected %q, ply %d of %d, analyse shown %v", wb.Selected(), v.Ply(), v.Len(), wb.Viewer.AnalyseShown())
	}
	if got := wb.Current.Get().Position; got != v.Position() {
		t.Error("the game's last position is not the current position")
	}
}
