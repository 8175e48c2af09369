package dbpanel

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/uitest"
)

// TestPanelIndexFollowAndTap indexes archives through the model, follows
// the current position, and drives the lists as a user does: a tap on a
// move of the explorer plays it, a tap on a game opens it at its ply.
func TestPanelIndexFollowAndTap(t *testing.T) {
	test.NewTempApp(t)
	g := uitest.LoadGame(t, "goal_race.txt")
	cur := state.NewCurrent(g.PositionBefore(2), "Viewer")
	var played string
	var openedPly = -100
	cur.SetActions(state.Actions{
		Play: func(mv rules.Move) error { played = cur.Get().Position.MoveString(mv); return nil },
		Open: func(_ *rules.Game, _ string, ply int) { openedPly = ply },
	})
	p := New(Options{Current: cur, DefaultPath: filepath.Join(t.TempDir(), "games.db")})
	t.Cleanup(p.Model.Close)
	w := test.NewWindow(p.Content())
	w.Resize(fyne.NewSize(1000, 640))
	t.Cleanup(w.Close)

	done := make(chan error, 1)
	if err := p.Model.Index([]string{"../../assets/games/sample_archive.tsv", "../../assets/games/goal_race.txt"}, func(err error) { done <- err }); err != nil {
		t.Fatal(err)
	}
	waitJob(t, done, "the index run")
	fyne.DoAndWait(p.follow)
	fyne.DoAndWait(p.refresh)
	s := p.Model.State()
	if len(s.Explore) == 0 || len(s.Games) == 0 || s.Indexing {
		t.Fatalf("after indexing: %d moves, %d games, indexing %v (%s)", len(s.Explore), len(s.Games), s.Indexing, s.Message)
	}
	want := s.Explore[0].Move
	fyne.DoAndWait(func() { p.explore.Tap(0) })
	if played != want {
		t.Errorf("a tap on %q played %q", want, played)
	}
	fyne.DoAndWait(func() { p.games.Select(0) })
	if openedPly != s.Games[0].Ply || openedPly != 2 {
		t.Errorf("opened at ply %d, want %d", openedPly, s.Games[0].Ply)
	}
	// Similar search from the panel's fields; a bad threshold says so.
	fyne.DoAndWait(func() { p.minSim.SetText("0.9"); p.searchSimilar() })
	if s := p.Model.State(); len(s.Similar) == 0 || s.Similar[0].Similarity != 1 {
		t.Errorf("similar: %+v (%s)", s.Similar, s.Message)
	}
	fyne.DoAndWait(func() { p.minSim.SetText("2"); p.searchSimilar() })
	if s := p.Model.State(); s.Message == "" || s.Message[:14] != "min similarity" {
		t.Errorf("a bad threshold: %q", s.Message)
	}
	// The filters as a user types them: a date range after every game
	// empties the explorer, a bad date says so, and the similar search's
	// own bounds are checked.
	test.Type(p.from, "2100-01-01")
	fyne.DoAndWait(func() { p.from.OnSubmitted(p.from.Text) })
	if s := p.Model.State(); len(s.Explore) != 0 || len(s.Games) != 0 {
		t.Errorf("games after 2100: %d moves, %d games (%s)", len(s.Explore), len(s.Games), s.Message)
	}
	fyne.DoAndWait(func() { p.from.SetText("1st May") })
	if _, err := p.Filter(); err == nil || !strings.Contains(err.Error(), "YYYY-MM-DD") {
		t.Errorf("a bad date: %v", err)
	}
	fyne.DoAndWait(func() { p.from.SetText("") })
	test.Tap(p.mirrors)
	if f, err := p.Filter(); err != nil || !f.Mirrors {
		t.Errorf("mirror images ticked: %+v, %v", f, err)
	}
	if s := p.Model.State(); len(s.Explore) == 0 {
		t.Errorf("explorer with mirror images: empty (%s)", s.Message)
	}
	for _, c := range []struct{ minSim, lo, hi, limit, want string }{
		{"0.5", "0.6", "0.2", "10", "game phase from"},
		{"0.5", "0", "1", "0", "at most"},
		{"0.5", "0", "x", "10", "game phase"},
	} {
		fyne.DoAndWait(func() {
			p.minSim.SetText(c.minSim)
			p.phase[0].SetText(c.lo)
			p.phase[1].SetText(c.hi)
			p.limit.SetText(c.limit)
			p.searchSimilar()
		})
		if s := p.Model.State(); !strings.HasPrefix(s.Message, c.want) {
			t.Errorf("%+v: message %q", c, s.Message)
		}
	}
	fyne.DoAndWait(func() {
		p.minSim.SetText("0.9")
		p.phase[0].SetText("0")
		p.phase[1].SetText("1")
		p.limit.SetText("1")
		p.searchSimilar()
	})
	if s := p.Model.State(); len(s.Similar) != 1 {
		t.Errorf("at most 1: %d results (%s)", len(s.Similar), s.Message)
	}
	checkFullScan(t, p)
	// The panel fits a 1024x700 screen.
	if min := p.Content().MinSize(); min.Width > 1000 || min.Height > 600 {
		t.Errorf("minimum size %v", min)
	}
}

// checkFullScan ticks Full scan and searches as a user does: the scan
// runs in the background, its first hit is the position itself, and at
// every rank it finds a position at least as similar as the signatures'
// candidates gave.
func checkFullScan(t *testing.T, p *Panel) {
	t.Helper()
	fyne.DoAndWait(func() { p.minSim.SetText("0"); p.limit.SetText("20"); p.searchSimilar() })
	quick := p.Model.State().Similar
	test.Tap(p.full)
	scanned := make(chan error, 1)
	p.scanned = func(err error) { scanned <- err }
	fyne.DoAndWait(p.searchSimilar)
	waitJob(t, scanned, "the full scan")
	fyne.DoAndWait(p.refresh)
	s := p.Model.State()
	if len(s.Similar) != 20 || len(quick) != 20 || s.Similar[0].Similarity != 1 || !strings.HasPrefix(s.Message, "full scan: the 20 most similar") {
		t.Fatalf("full scan: %d hits (%d quick), message %q", len(s.Similar), len(quick), s.Message)
	}
	for i := range quick {
		if s.Similar[i].Similarity < quick[i].Similarity {
			t.Errorf("hit %d: the full scan's %g is below %g", i+1, s.Similar[i].Similarity, quick[i].Similarity)
		}
	}
	if len(s.Moves) == 0 || p.cancel.Disabled() != true {
		t.Errorf("after the full scan: %d moves, Cancel enabled %v", len(s.Moves), !p.cancel.Disabled())
	}
}

// waitJob waits for a background job of the model to report its end on
// done, and fails the test on its error or if it never ends.
func waitJob(t *testing.T, done <-chan error, what string) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("%s did not end", what)
	}
}

// TestModelWithoutDatabase: every question without a database open says
// to choose one; a file that is not a database is refused with its name.
func TestModelWithoutDatabase(t *testing.T) {
	m := NewModel(nil)
	if err := m.Index([]string{"x"}, nil); err == nil {
		t.Error("indexing without a database")
	}
	bad := filepath.Join(t.TempDir(), "notes.db")
	os.WriteFile(bad, []byte("notes\n"), 0o644)
	if err := m.Open(bad); err == nil || m.State().Message == "" {
		t.Errorf("a text file opened: %v", err)
	}
}
