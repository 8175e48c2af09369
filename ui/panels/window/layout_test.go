package window

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/panels"
	"arimaa-workbench/ui/panels/panelstest"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/uitest"
)

// layoutShotsEnv names a folder to write the layout test's screenshots to.
const layoutShotsEnv = "ARIMAA_LAYOUT_SHOTS"

// shotDir names a folder to write the engine panel's tabs and the suite
// panel to (-shots).
var shotDir = flag.String("shots", "", "write engine.png and suite.png of the real panels to this folder")

// windowSizes are the sizes every panel must be usable at: the smallest
// laptop screens, the first window when the screen is not known, a full
// HD screen.
var windowSizes = []fyne.Size{
	fyne.NewSize(1024, 700),
	shell.FirstWindowSize(fyne.Size{}),
	fyne.NewSize(1920, 1080),
}

// layoutView is one thing to look at: a panel, perhaps a tab of it.
type layoutView struct {
	name string
	show func()
	// minBoard is the smallest board side allowed at each window size,
	// 0 when the view has no board.
	minBoard [3]float32
	// keys are texts of buttons and labels that must lie wholly inside
	// the window without overlapping each other.
	keys []string
	// paint draws the view through Fyne's software painter at the first
	// size: once a panel, as painting is slow under the race detector.
	paint bool
}

// TestLayoutAtThreeSizes adds the panels to a real workbench, analyses a
// position with the builtin engine and runs example tests with it, then
// renders each panel at 1024x700, the default size and 1920x1080 with
// Fyne's test driver, and checks that the window does not have to grow,
// that the boards use the room, and that the key controls are inside the
// window and apart. It draws every panel once through Fyne's software
// painter, the one --screenshot falls back to under Xvfb: a widget that
// leaves a colour nil (as the suite table's tip spots once did) crashes
// it. With ARIMAA_LAYOUT_SHOTS=DIR it writes each picture as
// DIR/PANEL-WxH.png to look at; with -shots DIR the engine panel's tabs
// and the suite panel at the workbench's first size.
func TestLayoutAtThreeSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the builtin engine and a suite")
	}
	wb, p, w := panelstest.NewWorkbench(t, windowSizes[0])
	dir := os.Getenv(layoutShotsEnv)
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	names := strings.Join(wb.Panels(), ",")
	if !strings.Contains(names, panels.EngineTab) || !strings.Contains(names, panels.SuiteTab) {
		t.Fatalf("panels %s", names)
	}
	if !wb.Select("engine") || !wb.Select("suite") {
		t.Fatal("--tab engine / --tab suite would not find the panels")
	}

	// Something in every panel: an analysis, a game, a suite with a run.
	wb.Current.Set(state.Snapshot{Position: rules.StartPosition(), Source: "start"})
	if err := wb.Open(filepath.Join("..", "..", "..", "assets", "games", "goal_race.txt")); err != nil {
		t.Fatal(err)
	}
	wb.Select(panels.EngineTab)
	panelstest.AnalyseUntilReported(t, p.Engine)
	if st := p.Engine.Model().State(); st.Err != nil || st.Report.Best.N == 0 {
		t.Fatalf("analysis: err %v, best %v", st.Err, st.Report.Best)
	}
	if *shotDir != "" {
		shootEngineTabs(t, p, w)
	}
	tests, _ := filepath.Abs("../../../assets/tests")
	if !panels.IsSuite(tests) || panels.IsSuite("game.txt") {
		t.Fatal("IsSuite")
	}
	if err := p.OpenSuite(wb, tests); err != nil {
		t.Fatal(err)
	}
	if sst := p.Suite.Model().State(); sst.Suite == nil || len(sst.Suite.Tests) == 0 {
		t.Fatalf("no tests loaded: %v", sst.LoadErrs)
	}
	panelstest.RunTests(t, p, "1-6")
	sst := p.Suite.Model().State()
	if sst.Err != nil || sst.Summary == nil || !sst.Summary.Finished {
		t.Fatalf("suite run: err %v", sst.Err)
	}
	if sst.Summary.Passed == 0 {
		t.Errorf("the builtin engine passed no example test: %s", sst.Summary.Line())
	}
	if *shotDir != "" {
		wb.Select(panels.SuiteTab)
		uitest.Capture(t, w, filepath.Join(*shotDir, "suite.png"))
	}

	engineTab := func(tab string) func() {
		return func() { wb.Select(panels.EngineTab); p.Engine.ShowTab(tab); p.Engine.Sync() }
	}
	// The analysis view is painted with its explorer, whose results bars
	// are drawn by hand.
	views := []layoutView{
		{name: "editor", show: func() { wb.Select(shell.EditorPanel) }, minBoard: [3]float32{440, 520, 800},
			keys: []string{"Validation", "Clear", "Undo", "Gold"}, paint: true},
		{name: "viewer", show: func() { wb.Select(shell.ViewerPanel); wb.Viewer.ShowSection(panels.ExplorerSection) },
			minBoard: [3]float32{380, 450, 700}, paint: true},
		{name: "engine", show: engineTab("Candidates"), minBoard: [3]float32{330, 400, 700},
			keys: []string{"Analyse", "Stop", "Candidates", "Settings", "Best move"}, paint: true},
		{name: "engine-evaluation", show: engineTab("Evaluation"), minBoard: [3]float32{330, 400, 700},
			keys: []string{"Net", "Goal check"}},
		{name: "engine-settings", show: engineTab("Settings"), minBoard: [3]float32{330, 400, 700},
			keys: []string{"Apply", "Save"}},
		{name: "engine-tree", show: engineTab("Search tree")},
		{name: "engine-iterations", show: engineTab("Iterations"), keys: []string{"Depth", "Selective", "Nodes/s", "Time"}},
		{name: "suite", show: func() { wb.Select(panels.SuiteTab) }, minBoard: [3]float32{240, 300, 420},
			keys: []string{"Run", "Compare…", "To editor", "Edit test…", "Search output"}, paint: true},
		{name: "match", show: func() { wb.Select(panels.MatchTab) }, keys: []string{"Start", "Stop", "Add"}, paint: true},
		{name: "database", show: func() { wb.Select(panels.DatabaseTab) }, paint: true},
	}
	if len(views) < len(wb.Panels()) {
		t.Fatalf("%d views for %d panels (%v): each panel is painted", len(views), len(wb.Panels()), wb.Panels())
	}
	// A tab is shown once and laid out at each size: showing a tab lays
	// out the whole window again, which takes several times as long as a
	// resize.
	for _, v := range views {
		v.show()
		for _, i := range panelstest.InTurn(w, windowSizes) {
			size := windowSizes[i]
			w.Resize(size)
			t.Run(fmt.Sprintf("%s-%.0fx%.0f", v.name, size.Width, size.Height), func(t *testing.T) {
				checkLayout(t, w, v, i)
				if v.paint && i == 0 {
					if img := w.Canvas().Capture(); img.Bounds().Empty() {
						t.Errorf("%s: nothing drawn", v.name)
					}
				}
				if dir != "" {
					uitest.Capture(t, w, filepath.Join(dir, fmt.Sprintf("%s-%.0fx%.0f.png", v.name, size.Width, size.Height)))
				}
			})
		}
	}
}

// shootEngineTabs writes a picture of each of the engine panel's tabs to
// the -shots folder.
func shootEngineTabs(t *testing.T, p *panels.Panels, w fyne.Window) {
	t.Helper()
	uitest.Capture(t, w, filepath.Join(*shotDir, "engine.png"))
	for _, tab := range []string{"Iterations", "Search tree", "Evaluation", "Output", "Settings"} {
		if !p.Engine.ShowTab(tab) {
			t.Fatalf("no tab %q", tab)
		}
		p.Engine.Sync()
		uitest.Capture(t, w, filepath.Join(*shotDir, "engine-"+strings.ReplaceAll(strings.ToLower(tab), " ", "-")+".png"))
	}
	p.Engine.ShowTab("Candidates")
}

func checkLayout(t *testing.T, w fyne.Window, v layoutView, sizeIdx int) {
	t.Helper()
	size := w.Canvas().Size()
	content := w.Content()
	if m := content.MinSize(); m.Width > size.Width || m.Height+panelstest.MenuAllowance > size.Height {
		t.Errorf("the window would grow: its content needs %v (+%d for the menu), the window is %v", m, panelstest.MenuAllowance, size)
	}
	abs := map[fyne.CanvasObject]panelstest.Placed{}
	var objs []fyne.CanvasObject
	window := panelstest.WindowRect(w)
	panelstest.WalkShown(content, fyne.Position{}, window, func(o fyne.CanvasObject, p panelstest.Placed) {
		abs[o] = p
		objs = append(objs, o)
	})
	// wholly reports whether all of o is in view: inside the window and
	// not cut off by a scroller.
	wholly := func(o fyne.CanvasObject) bool {
		full := abs[o].Rect(o)
		return abs[o].Clip.Contains(full) && window.Contains(full)
	}
	if min := v.minBoard[sizeIdx]; min > 0 {
		best := float32(0)
		for _, o := range objs {
			if b, ok := o.(*board.Board); ok && wholly(b) {
				best = max(best, b.Side())
			}
		}
		if best < min {
			t.Errorf("the board is %.0f px, want at least %.0f in a %v window", best, min, size)
		}
	}
	var found []fyne.CanvasObject
	var names []string
	for _, key := range v.keys {
		o := keyObject(objs, key)
		if o == nil {
			t.Errorf("%q is not shown", key)
			continue
		}
		if !wholly(o) {
			t.Errorf("%q at %v, %v is not wholly in view in the %v window", key, abs[o].At, o.Size(), size)
			continue
		}
		found = append(found, o)
		names = append(names, key)
	}
	for i, a := range found {
		for j, b := range found[i+1:] {
			if abs[a].Rect(a).Overlaps(abs[b].Rect(b)) {
				t.Errorf("%q and %q overlap", names[i], names[i+1+j])
			}
		}
	}
}

// keyObject finds the visible button, label or text showing text; a
// button's own text counts as the button.
func keyObject(objs []fyne.CanvasObject, text string) fyne.CanvasObject {
	for _, o := range objs {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	for _, o := range objs {
		switch l := o.(type) {
		case *widget.Label:
			if strings.TrimSpace(l.Text) == text {
				return l
			}
		case *canvas.Text:
			// Tab buttons and table headers draw their text themselves.
			if l.Text == text {
				return l
			}
		}
	}
	return nil
}
