package states

import (
	"fmt"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats/match"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/panels"
	"arimaa-workbench/ui/panels/panelstest"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/uitest"
	"arimaa-workbench/ui/viewer"
)

// fitBudget is the most the window's content may ask for: a 1024x700
// screen less the window's frame (about 12 px each side) and its title bar
// and a desktop panel (about 60 px), less the menu bar Fyne draws inside
// the window on Linux and Windows. Content that asks for more makes the
// window grow past a laptop's screen.
var fitBudget = fyne.NewSize(1000, 640-panelstest.MenuAllowance)

// fitSizes are the window sizes the fit is checked at: the smallest
// laptop screens and a common one. A larger window cannot ask for more:
// the content's minimum size comes from what it shows, and wrapped text
// only gets shorter as it gets wider.
var fitSizes = []fyne.Size{fyne.NewSize(1024, 700), fyne.NewSize(1280, 800)}

// fitState is a state the window is put in before its size is checked.
type fitState struct {
	name string
	// enter puts the window in the state; it runs once, in order.
	enter func(t *testing.T)
}

// TestWindowFitsInEveryState puts each panel in each state a user meets
// (a new window, all panels in it, an analysis running and finished, a game against the engine, the new
// test form, an analysed game, a suite run and its end, a match playing,
// a long validation message) and checks at 1024x700 and 1280x800 that
// the window's content asks for no more than fitBudget: the content
// scrolls or splits, it never pushes the window. A panel's minimum size is
// the whole window's, so the new window checks every panel's.
func TestWindowFitsInEveryState(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the builtin engine, a suite and a match")
	}
	wb, p, w := panelstest.NewWorkbench(t, fitSizes[0])
	limit := func(t *testing.T, placeholder, text string) {
		t.Helper()
		e := entryWithPlaceholder(w.Content(), placeholder)
		if e == nil {
			t.Fatalf("no field showing %q", placeholder)
		}
		e.SetText(text)
	}
	middle := filepath.Join("..", "..", "..", "..", "assets", "games", "opening_skirmish.txt")
	states := []fitState{
		{"a new window", func(t *testing.T) {}},
		{"editor, long validation", func(t *testing.T) {
			wb.Select(shell.EditorPanel)
			// Too many of every kind: a line of validation each. The
			// position is put in whole: a piece at a time would redraw
			// the editor 64 times.
			pos := wb.Editor.Model.Position()
			for sq := rules.Square(0); sq < 64; sq++ {
				c := rules.Gold
				if sq >= 32 {
					c = rules.Silver
				}
				pos = pos.WithPiece(sq, rules.MakePiece(c, rules.Elephant-rules.PieceType(sq%32/6)))
			}
			wb.Editor.Model.SetPosition(pos)
			if len(wb.Editor.ProblemsText()) < 120 {
				t.Fatalf("the validation is short: %q", wb.Editor.ProblemsText())
			}
		}},
		{"viewer, a game", func(t *testing.T) {
			if err := wb.Open(middle); err != nil {
				t.Fatal(err)
			}
			wb.Viewer.Go("last")
		}},
		{"engine, analysis running", func(t *testing.T) {
			wb.Select(panels.EngineTab)
			limit(t, "no limit", "100000000")
			p.Engine.Analyse()
			panelstest.WaitFor(t, func() bool { return p.Engine.Model().State().Report.Playouts > 2000 })
			p.Engine.Sync()
		}},
		{"engine, analysis finished", func(t *testing.T) {
			p.Engine.Model().Stop()
			p.Engine.Model().Wait()
			p.Engine.Sync()
			for _, tab := range []string{"Search tree", "Evaluation", "Output", "Settings", "Candidates"} {
				if !p.Engine.ShowTab(tab) {
					t.Fatalf("no tab %q", tab)
				}
			}
		}},
		{"viewer, play engine form", func(t *testing.T) {
			wb.Select(shell.ViewerPanel)
			test.Tap(uitest.Button(wb.Viewer.Content(), "Play engine…"))
		}},
		{"viewer, playing the engine", func(t *testing.T) {
			test.Tap(uitest.Button(wb.Viewer.Content(), "Start"))
			if !wb.Viewer.Playing() {
				t.Fatalf("no game started: %s", wb.Viewer.PlayText())
			}
		}},
		{"viewer, analysed game", func(t *testing.T) {
			wb.Viewer.StopGame()
			wb.Viewer.ShowSection(viewer.GraphSection)
			limit(t, "seconds per position", "0.05")
			wb.Viewer.AnalyseGame()
			<-wb.Viewer.AnalysisDone()
		}},
		{"viewer, new test form", func(t *testing.T) { wb.Viewer.NewTest() }},
		{"suite, running", func(t *testing.T) {
			tests, _ := filepath.Abs("../../../../assets/tests")
			if err := p.OpenSuite(wb, tests); err != nil {
				t.Fatal(err)
			}
			// Every test, each at a small budget: what is measured is the
			// room the results take, not the score.
			if err := p.Suite.Model().Start(panelstest.SuiteSetup(t, p, 50)); err != nil {
				t.Fatal(err)
			}
			panelstest.WaitFor(t, func() bool { return p.Suite.Model().State().Status.Done > 0 })
			p.Suite.Sync()
		}},
		{"suite, finished", func(t *testing.T) {
			p.Suite.Model().Wait()
			p.Suite.Sync()
		}},
		{"match, playing", func(t *testing.T) {
			wb.Select(panels.MatchTab)
			m := p.Match.Model()
			if err := m.Start(match.Config{Engines: panelstest.TwoEngines(t, "a very long engine name that would widen a table"), Games: 4, Playouts: 50, MaxTurns: 6, Seed: 1,
				Out: filepath.Join(t.TempDir(), "m.txt")}); err != nil {
				t.Fatal(err)
			}
			panelstest.WaitFor(t, func() bool { return len(m.State().Games) > 0 })
			p.Match.Sync()
			m.Stop()
			m.Wait()
		}},
		{"database", func(t *testing.T) { wb.Select(panels.DatabaseTab) }},
	}
	for _, st := range states {
		st.enter(t)
		for _, i := range panelstest.InTurn(w, fitSizes) {
			size := fitSizes[i]
			w.Resize(size)
			if m := w.Content().MinSize(); m.Width > fitBudget.Width || m.Height > fitBudget.Height {
				t.Errorf("%s at %.0fx%.0f: the content asks for %.0fx%.0f, more than %v%s", st.name, size.Width, size.Height,
					m.Width, m.Height, fitBudget, tooLarge(w))
			}
		}
	}
}

// tooLarge names the panels that ask for more than fitBudget (all panels
// count: Fyne's tabs ask for the largest of them).
func tooLarge(w fyne.Window) string {
	s := ""
	for _, o := range test.LaidOutObjects(w.Content()) {
		tabs, ok := o.(*container.AppTabs)
		if !ok {
			continue
		}
		for _, it := range tabs.Items {
			m := it.Content.MinSize()
			if m.Width > fitBudget.Width-90 || m.Height > fitBudget.Height-50 {
				s += fmt.Sprintf("; %s asks for %.0fx%.0f", it.Text, m.Width, m.Height)
			}
		}
		break
	}
	return s
}

// entryWithPlaceholder finds the entry shown in o that shows placeholder.
func entryWithPlaceholder(o fyne.CanvasObject, placeholder string) *widget.Entry {
	for _, obj := range uitest.Objects(o) {
		if e, ok := obj.(*widget.Entry); ok && e.PlaceHolder == placeholder && e.Visible() {
			return e
		}
	}
	return nil
}
