package panels

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/uitest"
)

// stayPutKeys are the engine panel's controls a user reaches for while a
// search runs and after it ends.
var stayPutKeys = []string{"Analyse", "Stop", "Candidates", "Search tree", "Evaluation", "Engine output"}

// TestEnginePanelStaysPut taps Analyse on a middle-game position, lets a
// deterministic search (one thread, a fixed seed, a playout budget) run to
// its end, then taps it with a time it cannot read (a long message), and
// checks that the panel's buttons and tabs are where they
// were before it started, while it ran and after it ended, at 1024x700
// and 1280x800: a click aimed at Candidates when a search ends must not
// land on Evaluation.
func TestEnginePanelStaysPut(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the builtin engine")
	}
	sizes := []fyne.Size{fyne.NewSize(1024, 700), fyne.NewSize(1280, 800)}
	wb, p, w := newWorkbench(t)
	if err := wb.Open(filepath.Join("..", "..", "assets", "games", "opening_skirmish.txt")); err != nil {
		t.Fatal(err)
	}
	wb.Viewer.Go("last")
	wb.Select(EngineTab)
	p.Engine.ShowTab("Candidates")
	for caption, text := range map[string]string{"Playouts": "4000", "Threads": "1", "Seed": "7", "Time (s)": "0"} {
		e := captionedEntry(p.Engine.Content(), caption)
		if e == nil {
			t.Fatalf("no field %q", caption)
		}
		e.SetText(text)
	}
	p.Engine.Sync()
	// Each moment is looked at in both sizes, the window resized between
	// them: one workbench serves both.
	placesAt := func() []map[string]fyne.Position {
		out := make([]map[string]fyne.Position, len(sizes))
		for i, size := range sizes {
			w.Resize(size)
			out[i] = placesOf(t, w)
		}
		return out
	}
	before := placesAt()

	test.Tap(uitest.Button(p.Engine.Content(), "Analyse"))
	p.Engine.Sync()
	if !p.Engine.Model().State().Running {
		t.Fatalf("no search started: %+v", p.Engine.Model().State().Err)
	}
	during := placesAt()
	p.Engine.Model().Wait()
	p.Engine.Sync()
	st := p.Engine.Model().State()
	if st.Err != nil || st.Report.Playouts < 4000 || len(st.Report.PV) == 0 {
		t.Fatalf("the search: err %v, %d playouts, PV %v", st.Err, st.Report.Playouts, st.Report.PV)
	}
	after := placesAt()

	// A long message (a time the panel cannot read) takes the room
	// kept for it.
	captionedEntry(p.Engine.Content(), "Time (s)").SetText("five seconds, or a little more when the position is sharp")
	test.Tap(uitest.Button(p.Engine.Content(), "Analyse"))
	if p.Engine.Model().State().Running {
		t.Fatal("a search started with a time that is not a number")
	}
	refused := placesAt()
	for i, size := range sizes {
		for _, key := range stayPutKeys {
			if during[i][key] != before[i][key] || after[i][key] != before[i][key] || refused[i][key] != before[i][key] {
				t.Errorf("%v: %q moved: at %v before the search, %v during it, %v after it, %v with a long message",
					size, key, before[i][key], during[i][key], after[i][key], refused[i][key])
			}
		}
	}
}

// placesOf finds where each of stayPutKeys is drawn in w's window.
func placesOf(t *testing.T, w fyne.Window) map[string]fyne.Position {
	t.Helper()
	// Lay everything out again, as the driver does each frame for what
	// changed its minimum size.
	w.Content().Refresh()
	size := w.Canvas().Size()
	window := rect{fyne.Position{}, fyne.NewPos(size.Width, size.Height)}
	abs := map[fyne.CanvasObject]fyne.Position{}
	var objs []fyne.CanvasObject
	walkShown(w.Content(), fyne.Position{}, window, func(o fyne.CanvasObject, p placed) {
		abs[o] = p.at
		objs = append(objs, o)
	})
	out := map[string]fyne.Position{}
	for _, key := range stayPutKeys {
		o := keyObject(objs, key)
		if o == nil {
			t.Fatalf("%q is not shown", key)
		}
		out[key] = abs[o]
	}
	return out
}

// captionedEntry finds the entry under the caption text (a field.Labelled
// field) laid out in o.
func captionedEntry(o fyne.CanvasObject, caption string) *widget.Entry {
	for _, obj := range test.LaidOutObjects(o) {
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
