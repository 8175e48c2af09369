package panels

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats/match"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/tip"
	"arimaa-workbench/ui/uitest"
	"arimaa-workbench/ui/viewer"
)

// controlsOf records where every button, check and choice shown in w is
// drawn, and every board with its size, by the object.
func controlsOf(w fyne.Window) map[fyne.CanvasObject]rect {
	relayout(w.Content())
	size := w.Canvas().Size()
	window := rect{fyne.Position{}, fyne.NewPos(size.Width, size.Height)}
	out := map[fyne.CanvasObject]rect{}
	walkShown(w.Content(), fyne.Position{}, window, func(o fyne.CanvasObject, p placed) {
		switch o.(type) {
		case *widget.Button, *tip.Button, *widget.Check, *widget.Select, *board.Board:
			out[o] = p.rect(o)
		}
	})
	return out
}

// relayout lays out o and everything in it again, from the top down, as
// the driver does each frame for what changed its minimum size, without
// drawing anything again (refreshing the window would redraw every
// raster, the board and the graphs, which under the race detector takes
// seconds).
func relayout(o fyne.CanvasObject) {
	if o == nil || !o.Visible() {
		return
	}
	var children []fyne.CanvasObject
	switch c := o.(type) {
	case *fyne.Container:
		if c.Layout != nil {
			c.Layout.Layout(c.Objects, c.Size())
		}
		children = c.Objects
	case fyne.Widget:
		r := test.WidgetRenderer(c)
		r.Layout(c.Size())
		children = r.Objects()
	}
	for _, child := range children {
		relayout(child)
	}
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
	return fmt.Sprintf("%T", o)
}

// stayedPut reports every control shown in both before and now that is
// drawn elsewhere now, or a board drawn at another size.
func stayedPut(t *testing.T, what string, before, now map[fyne.CanvasObject]rect) {
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

// TestNothingMovesUnderTheMouse records the place of every button, check
// and choice before, during and after each task at 1024x700, 1280x800 and
// 1920x1080, and fails on any that moved: the analysis view's engine lines
// (Analyse, then Stop), its whole-game analysis, its game against the
// engine (the form, the game, Stop), the Engine panel's search and the
// Match panel's match (its status line appearing and going), and every
// board's size with them. Controls are
// found by laying the window out again, not by drawing it, which keeps the
// test to seconds under the race detector.
func TestNothingMovesUnderTheMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the builtin engine")
	}
	wb, p, w := newWorkbench(t)
	if err := wb.Open(filepath.Join("..", "..", "assets", "games", "opening_skirmish.txt")); err != nil {
		t.Fatal(err)
	}
	wb.Viewer.Go("last")
	wb.Viewer.Go("prev")
	smallSearch(t, p)
	v := wb.Viewer
	sizes := []fyne.Size{screen(1024, 700), screen(1280, 800), screen(1920, 1080)}
	name := func(size fyne.Size, task string) string {
		return fmt.Sprintf("%.0fx%.0f, %s", size.Width, size.Height+menuAllowance, task)
	}

	// The analysis view: its engine lines, its whole-game analysis and its
	// game against the engine. Each button is found once: looking one up
	// lays the whole window out.
	wb.Select(shell.ViewerPanel)
	v.ShowSection(EngineSection)
	analyse, stop := uitest.Button(v.Content(), "Analyse"), uitest.Button(v.Content(), "Stop")
	playEngine := uitest.Button(v.Content(), "Play engine…")
	for _, size := range sizes {
		w.Resize(size)
		at := func(task string) string { return name(size, task) }
		v.ShowSection(EngineSection)
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

	// The Engine panel's own search: one ended by its budget, one by Stop.
	wb.Select(EngineTab)
	analyse, stop = uitest.Button(p.Engine.Content(), "Analyse"), uitest.Button(p.Engine.Content(), "Stop")
	playouts := captionedEntry(p.Engine.Content(), "Playouts")
	for _, size := range sizes {
		w.Resize(size)
		before := controlsOf(w)
		test.Tap(analyse)
		p.Engine.Sync()
		stayedPut(t, name(size, "Engine panel searching"), before, controlsOf(w))
		p.Engine.Model().Wait()
		p.Engine.Sync()
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
	}

	// A match: its status line appears and goes.
	wb.Select(MatchTab)
	m := p.Match.Model()
	for _, size := range sizes {
		w.Resize(size)
		p.Match.Sync()
		before := controlsOf(w)
		if err := m.Start(match.Config{Engines: twoEngines(t, "b"), Games: 2, Playouts: 30, MaxTurns: 3, Seed: 1,
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
