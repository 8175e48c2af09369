package states

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats/match"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/panels"
	"arimaa-workbench/ui/panels/panelstest"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/tip"
	"arimaa-workbench/ui/uitest"
	"arimaa-workbench/ui/viewer"
)

// controlsOf records where every button, tab, check and choice shown in w
// is drawn, and every board with its size, by the object.
func controlsOf(w fyne.Window) map[fyne.CanvasObject]panelstest.Rect {
	panelstest.Relayout(w.Content())
	out := map[fyne.CanvasObject]panelstest.Rect{}
	panelstest.WalkShown(w.Content(), fyne.Position{}, panelstest.WindowRect(w), func(o fyne.CanvasObject, p panelstest.Placed) {
		switch o.(type) {
		case *widget.Button, *tip.Button, *widget.Check, *widget.Select, *board.Board:
			out[o] = p.Rect(o)
		default:
			if isTabButton(o) {
				out[o] = p.Rect(o)
			}
		}
	})
	return out
}

// isTabButton reports whether o is the button of a tab (the workbench's
// panels, the engine panel's Candidates, Search tree, Evaluation...):
// Fyne does not export its type.
func isTabButton(o fyne.CanvasObject) bool {
	return fmt.Sprintf("%T", o) == "*container.tabButton"
}

// tabShown reports whether controls holds the button of the tab caption.
func tabShown(controls map[fyne.CanvasObject]panelstest.Rect, caption string) bool {
	for o := range controls {
		if isTabButton(o) && tabText(o) == caption {
			return true
		}
	}
	return false
}

// tabText is the caption a tab button draws.
func tabText(o fyne.CanvasObject) string {
	if w, ok := o.(fyne.Widget); ok {
		for _, c := range test.WidgetRenderer(w).Objects() {
			if t, ok := c.(*canvas.Text); ok {
				return t.Text
			}
		}
	}
	return ""
}

// controlName names a control for a message.
func controlName(o fyne.CanvasObject) string {
	switch c := o.(type) {
	case *widget.Button:
		return fmt.Sprintf("button %q", c.Text)
	case *tip.Button:
		return "icon button"
	case *widget.Check:
		return fmt.Sprintf("check %q", c.Text)
	case *widget.Select:
		return fmt.Sprintf("choice %q", c.Selected)
	case *board.Board:
		return "board"
	}
	if isTabButton(o) {
		return fmt.Sprintf("tab %q", tabText(o))
	}
	return fmt.Sprintf("%T", o)
}

// stayedPut reports every control shown in both before and now that is
// drawn elsewhere now, or a board drawn at another size.
func stayedPut(t *testing.T, what string, before, now map[fyne.CanvasObject]panelstest.Rect) {
	t.Helper()
	for o, at := range before {
		if got, ok := now[o]; ok && got != at {
			t.Errorf("%s: %s moved from %v to %v", what, controlName(o), at, got)
		}
	}
}

// gatedAnalyser is a whole-game analysis engine that answers at once until
// the position gate names, which it holds until release is closed.
type gatedAnalyser struct {
	at      int
	reached chan struct{}
	release chan struct{}
}

func (g *gatedAnalyser) Name() string { return "gated" }

func (g *gatedAnalyser) Evaluate(ctx context.Context, game *rules.Game, _ time.Duration) (analysis.PositionEval, error) {
	if len(game.Moves()) == g.at {
		close(g.reached)
		select {
		case <-g.release:
		case <-ctx.Done():
			return analysis.PositionEval{}, ctx.Err()
		}
	}
	return analysis.PositionEval{WinRatio: 0.5, Best: game.LegalMoves(nil)[0], HasBest: true}, nil
}

// TestNothingMovesUnderTheMouse records the place of every button, tab,
// check and choice before, during and after each task at 1024x700,
// 1280x800 and 1920x1080, and fails on any that moved: the analysis view's
// engine lines (Analyse, then Stop), its whole-game analysis, its game
// against the engine (the form, the game, Stop), the Engine panel's search
// (run to its budget, stopped, and refused with a long message: a time it
// cannot read) and the Match panel's match (its status line appearing and
// going), and every board's size with them: a click aimed at Candidates
// when a search ends must not land on Evaluation. Controls are found by
// laying the window out again, not by drawing it, which keeps the test to
// seconds under the race detector.
func TestNothingMovesUnderTheMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the builtin engine")
	}
	sizes := []fyne.Size{panelstest.Screen(1024, 700), panelstest.Screen(1280, 800), panelstest.Screen(1920, 1080)}
	wb, p, w := panelstest.NewWorkbench(t, sizes[0])
	if err := wb.Open(filepath.Join("..", "..", "..", "..", "assets", "games", "opening_skirmish.txt")); err != nil {
		t.Fatal(err)
	}
	wb.Viewer.Go("last")
	wb.Viewer.Go("prev")
	panelstest.SmallSearch(t, p)
	v := wb.Viewer
	name := func(size fyne.Size, task string) string {
		return fmt.Sprintf("%.0fx%.0f, %s", size.Width, size.Height+panelstest.MenuAllowance, task)
	}

	// The analysis view: its engine lines, its whole-game analysis and its
	// game against the engine. Each button is found once: looking one up
	// lays the whole window out.
	wb.Select(shell.ViewerPanel)
	v.ShowSection(panels.EngineSection)
	analyse, stop := uitest.Button(v.Content(), "Analyse"), uitest.Button(v.Content(), "Stop")
	playEngine := uitest.Button(v.Content(), "Play engine…")
	for _, i := range panelstest.InTurn(w, sizes) {
		size := sizes[i]
		w.Resize(size)
		at := func(task string) string { return name(size, task) }
		v.ShowSection(panels.EngineSection)
		before := controlsOf(w)
		test.Tap(analyse)
		stayedPut(t, at("Analyse started"), before, controlsOf(w))
		p.Engine.Model().Wait()
		p.Engine.Sync()
		stayedPut(t, at("Analyse ended"), before, controlsOf(w))
		test.Tap(stop)
		p.Engine.Sync()
		stayedPut(t, at("Analyse stopped"), before, controlsOf(w))

		// The whole-game analysis, held at its third position.
		gate := &gatedAnalyser{at: 2, reached: make(chan struct{}), release: make(chan struct{})}
		v.SetGameAnalyser(func() (analysis.Analyser, error) { return gate, nil })
		v.ShowSection(viewer.GraphSection)
		before = controlsOf(w)
		v.AnalyseGame()
		<-gate.reached
		stayedPut(t, at("Analyse game running"), before, controlsOf(w))
		close(gate.release)
		<-v.AnalysisDone()
		stayedPut(t, at("Analyse game done"), before, controlsOf(w))

		// The game against the engine: the form, the game, Stop.
		before = controlsOf(w)
		test.Tap(playEngine)
		stayedPut(t, at("Play engine form"), before, controlsOf(w))
		test.Tap(uitest.Button(v.Content(), "Start"))
		if !v.Playing() {
			t.Fatalf("%s: no game started: %s", at("Play engine"), wb.StatusText())
		}
		stayedPut(t, at("playing the engine"), before, controlsOf(w))
		v.StopGame()
		stayedPut(t, at("game stopped"), before, controlsOf(w))
	}

	// The Engine panel's own search, its tabs shown (Candidates first):
	// one ended by its budget, one by Stop, one refused with a long
	// message, which takes the room kept for it.
	wb.Select(panels.EngineTab)
	p.Engine.ShowTab("Candidates")
	analyse, stop = uitest.Button(p.Engine.Content(), "Analyse"), uitest.Button(p.Engine.Content(), "Stop")
	playouts := panelstest.CaptionedEntry(p.Engine.Content(), "Nodes/playouts")
	seconds := panelstest.CaptionedEntry(p.Engine.Content(), "Time (s)")
	for _, i := range panelstest.InTurn(w, sizes) {
		size := sizes[i]
		w.Resize(size)
		before := controlsOf(w)
		for _, tab := range []string{"Candidates", "Search tree", "Evaluation", "Output"} {
			if !tabShown(before, tab) {
				t.Fatalf("%s: the engine panel's tab %q is not shown", name(size, "Engine panel"), tab)
			}
		}
		test.Tap(analyse)
		p.Engine.Sync()
		stayedPut(t, name(size, "Engine panel searching"), before, controlsOf(w))
		p.Engine.Model().Wait()
		p.Engine.Sync()
		if st := p.Engine.Model().State(); st.Err != nil || st.Report.Playouts < 300 || len(st.Report.PV) == 0 {
			t.Fatalf("the search: err %v, %d playouts, PV %v", st.Err, st.Report.Playouts, st.Report.PV)
		}
		stayedPut(t, name(size, "Engine panel search ended"), before, controlsOf(w))
		playouts.SetText("") // no limit: until Stop
		test.Tap(analyse)
		p.Engine.Sync()
		test.Tap(stop)
		stayedPut(t, name(size, "Engine panel stopping"), before, controlsOf(w))
		p.Engine.Model().Wait()
		p.Engine.Sync()
		stayedPut(t, name(size, "Engine panel search stopped"), before, controlsOf(w))
		playouts.SetText("300")
		seconds.SetText("five seconds, or a little more when the position is sharp")
		test.Tap(analyse)
		if p.Engine.Model().State().Running {
			t.Fatal("a search started with a time that is not a number")
		}
		p.Engine.Sync()
		stayedPut(t, name(size, "Engine panel refusing a long time"), before, controlsOf(w))
		seconds.SetText("0")
	}

	// A match: its status line appears and goes.
	wb.Select(panels.MatchTab)
	m := p.Match.Model()
	for _, i := range panelstest.InTurn(w, sizes) {
		size := sizes[i]
		w.Resize(size)
		p.Match.Sync()
		before := controlsOf(w)
		if err := m.Start(match.Config{Engines: panelstest.TwoEngines(t, "b"), Games: 2, Playouts: 30, MaxTurns: 3, Seed: 1,
			Out: filepath.Join(t.TempDir(), "m.txt")}); err != nil {
			t.Fatal(err)
		}
		p.Match.Sync()
		stayedPut(t, name(size, "match playing"), before, controlsOf(w))
		m.Stop()
		m.Wait()
		p.Match.Sync()
		stayedPut(t, name(size, "match stopped"), before, controlsOf(w))
	}
}
