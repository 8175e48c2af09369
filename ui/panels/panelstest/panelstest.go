// Package panelstest builds the whole workbench for tests, with every
// panel in it, as the application does, in Fyne's test driver, and drives
// its engine and suite the way the tests of ui/panels and ui/panels/window
// (and its states) need: small, deterministic searches and runs, and waits
// that do not depend on the machine's speed. It also walks what the window
// shows, with where each object is drawn (WalkShown), and visits window
// sizes in the order that lays the window out least (InTurn).
package panelstest

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/ui/enginepanel"
	"arimaa-workbench/ui/engines"
	"arimaa-workbench/ui/panels"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/suitepanel"
	"arimaa-workbench/ui/uitest"
)

// MenuAllowance is the height the real window's menu bar takes from the
// panels on Linux and Windows, where Fyne draws it inside the window.
const MenuAllowance = 40

// Screen is a window filling a laptop screen w by h: its canvas is the
// screen's size, the menu bar drawn inside it taking MenuAllowance.
func Screen(w, h float32) fyne.Size { return fyne.NewSize(w, h-MenuAllowance) }

// NewWorkbench builds the workbench with every panel in a new test app
// and window, their files in a temporary folder, and gives the window
// size once the panels are in, as the application does. A test that
// wants another size asks for it here rather than resizing: each layout
// of the whole window takes seconds under the race detector.
func NewWorkbench(t *testing.T, size fyne.Size) (*shell.Workbench, *panels.Panels, fyne.Window) {
	t.Helper()
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	wb := shell.New(a, w, shell.Options{})
	dir := t.TempDir()
	p := panels.Add(wb, panels.Options{
		ConfigPath:  filepath.Join(dir, "engine.toml"),
		EnginesPath: filepath.Join(dir, "engines.toml"),
		RunsDir:     filepath.Join(dir, "runs"),
		Manual:      true,
	})
	t.Cleanup(p.Close)
	w.Resize(size)
	return wb, p, w
}

// SuiteSetup is a quick deterministic suite run with the builtin engine,
// at playouts a test.
func SuiteSetup(t *testing.T, p *panels.Panels, playouts int64) suitepanel.Setup {
	t.Helper()
	spec, err := engines.Choice{Name: panels.BuiltinName, Builtin: true, Config: p.Config.Get}.Spec("threads=1")
	if err != nil {
		t.Fatal(err)
	}
	spec.Seed = 1
	f, err := spec.Factory()
	if err != nil {
		t.Fatal(err)
	}
	_, opts := spec.Record()
	return suitepanel.Setup{Engine: f, EngineName: panels.BuiltinName, Options: opts, Threads: 1, Seed: 1,
		Limits: analysis.Limits{Playouts: playouts}, Cycles: 1, Threshold: 1}
}

// SmallSearch sets the Engine panel to a small, deterministic search: a
// playout budget, one thread, a fixed seed, a small tree.
func SmallSearch(t *testing.T, p *panels.Panels) {
	t.Helper()
	for caption, text := range map[string]string{"Nodes/playouts": "300", "Threads": "1", "Seed": "7", "Time (s)": "0"} {
		if e := CaptionedEntry(p.Engine.Content(), caption); e != nil {
			e.SetText(text)
		} else {
			t.Fatalf("no field %q", caption)
		}
	}
	if errs := p.Config.Apply(map[string]string{"search.memory_mb": "16"}); len(errs) > 0 {
		t.Fatal(errs)
	}
}

// AnalyseUntilReported analyses the current position until the search
// has reported a best move, then stops it: a fixed wait could end before
// a busy machine had run the search at all.
func AnalyseUntilReported(t *testing.T, ep *enginepanel.Panel) {
	t.Helper()
	ep.Analyse()
	WaitFor(t, func() bool { return ep.Model().State().Report.Best.N > 0 })
	ep.Model().Stop()
	ep.Sync()
}

// WaitFor waits until cond holds, for at most a minute however slow the
// machine.
func WaitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(time.Minute); !cond(); {
		if time.Now().After(end) {
			t.Fatal("waited a minute")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// CaptionedEntry finds the entry under the caption text (a field.Labelled
// field) in o.
func CaptionedEntry(o fyne.CanvasObject, caption string) *widget.Entry {
	for _, obj := range uitest.Objects(o) {
		c, ok := obj.(*fyne.Container)
		if !ok || len(c.Objects) != 2 {
			continue
		}
		var label *widget.Label
		var entry *widget.Entry
		for _, x := range c.Objects {
			switch x := x.(type) {
			case *widget.Label:
				label = x
			case *widget.Entry:
				entry = x
			}
		}
		if label != nil && entry != nil && label.Text == caption {
			return entry
		}
	}
	return nil
}

// TwoEngines are two builtin engines with small tables for a short match:
// "a" and second, which explores more.
func TwoEngines(t *testing.T, second string) []ats.Spec {
	t.Helper()
	small := config.Default()
	if err := small.Set("search.memory_mb", "16"); err != nil {
		t.Fatal(err)
	}
	a, err := ats.BuiltinSpec("a", small)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ats.BuiltinSpec(second, small, "search.exploration=0.3")
	if err != nil {
		t.Fatal(err)
	}
	return []ats.Spec{a, b}
}

// RunTests runs the tests filter picks of the suite open in the Suite
// panel to their end, at 400 playouts a test.
func RunTests(t *testing.T, p *panels.Panels, filter string) {
	t.Helper()
	if err := p.Suite.Model().SetFilter(filter); err != nil {
		t.Fatal(err)
	}
	if err := p.Suite.Model().Start(SuiteSetup(t, p, 400)); err != nil {
		t.Fatal(err)
	}
	p.Suite.Model().Wait()
	p.Suite.Sync()
}

// InTurn is the order to visit sizes in, by index: from the last to the
// first when the window has the last size, as after the previous turn,
// and from the first to the last otherwise. Every size is visited, and a
// test that checks several states at each size lays the window out at a
// new size one time fewer a state: each layout of the whole window takes
// a second or more under the race detector.
func InTurn(w fyne.Window, sizes []fyne.Size) []int {
	order := make([]int, len(sizes))
	for i := range order {
		order[i] = i
	}
	if len(sizes) > 0 && w.Canvas().Size() == sizes[len(sizes)-1] {
		slices.Reverse(order)
	}
	return order
}
