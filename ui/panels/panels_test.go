package panels

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/enginepanel"
	"arimaa-workbench/ui/engines"
	"arimaa-workbench/ui/files/filestest"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/suitepanel"
)

var shotDir = flag.String("shots", "", "write engine.png and suite.png of the real panels to this folder")

func newWorkbench(t *testing.T) (*shell.Workbench, *Panels, fyne.Window) {
	t.Helper()
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	wb := shell.New(a, w, shell.Options{})
	dir := t.TempDir()
	p := Add(wb, Options{
		ConfigPath:  filepath.Join(dir, "engine.toml"),
		EnginesPath: filepath.Join(dir, "engines.toml"),
		RunsDir:     filepath.Join(dir, "runs"),
		Manual:      true,
	})
	t.Cleanup(p.Close)
	w.Resize(fyne.NewSize(1400, 900))
	return wb, p, w
}

// suiteSetup is a quick deterministic run with the builtin engine.
func suiteSetup(t *testing.T, p *Panels) suitepanel.Setup {
	t.Helper()
	spec, err := engines.Choice{Name: builtinName, Builtin: true, Config: p.Config.Get}.Spec("threads=1")
	if err != nil {
		t.Fatal(err)
	}
	spec.Seed = 1
	f, err := spec.Factory()
	if err != nil {
		t.Fatal(err)
	}
	_, opts := spec.Record()
	return suitepanel.Setup{Engine: f, EngineName: builtinName, Options: opts, Threads: 1, Seed: 1,
		Limits: analysis.Limits{Playouts: 400}, Cycles: 1, Threshold: 1}
}

// TestSavedTestOpensInSuitePanel: once the viewer's new-test form has
// saved a test, the suite file opens in the Suite panel when the user
// agrees.
func TestSavedTestOpensInSuitePanel(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	d := &filestest.Dialogs{Yes: true}
	wb := shell.New(a, w, shell.Options{Dialogs: d})
	dir := t.TempDir()
	p := Add(wb, Options{ConfigPath: filepath.Join(dir, "engine.toml"), EnginesPath: filepath.Join(dir, "engines.toml"),
		RunsDir: filepath.Join(dir, "runs"), Manual: true})
	t.Cleanup(p.Close)
	path := filepath.Join(dir, "mine.toml")
	x := &ats.Test{Name: "goal", Position: rules.StartPosition(),
		Criteria: ats.Criteria{Blocks: []ats.Block{{Weight: 1, Atoms: []ats.Cond{{Kind: ats.NoLoss, Square: rules.NoSquare}}}}}}
	if err := ats.AddTOML(path, "mine", x); err != nil {
		t.Fatal(err)
	}
	wb.Select(shell.ViewerPanel)
	wb.Viewer.OnTestSaved(path)
	st := p.Suite.Model().State()
	if wb.Selected() != SuiteTab || st.Suite == nil || len(st.Suite.Tests) != 1 || st.Suite.Tests[0].Name != "goal" {
		t.Fatalf("panel %q, suite %+v", wb.Selected(), st.Suite)
	}
	if len(d.Asked) == 0 || d.Asked[len(d.Asked)-1] != "Test saved" {
		t.Errorf("questions asked: %v", d.Asked)
	}
}

// TestThreadsAndTimeAgree: the empty Threads fields of both panels show the
// builtin engine's configured count, and the times typed for an analysis
// and a test are there again in the next session.
func TestThreadsAndTimeAgree(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "engine.toml")
	if err := os.WriteFile(cfg, []byte("[search]\nthreads = 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	open := func() (*Panels, fyne.Window) {
		w := test.NewWindow(nil)
		wb := shell.New(a, w, shell.Options{})
		p := Add(wb, Options{ConfigPath: cfg, EnginesPath: filepath.Join(dir, "engines.toml"), RunsDir: filepath.Join(dir, "runs"), Manual: true})
		w.Resize(fyne.NewSize(1280, 800))
		return p, w
	}
	p, w := open()
	entries := func(o fyne.CanvasObject) map[string]*widget.Entry {
		m := map[string]*widget.Entry{}
		for _, obj := range test.LaidOutObjects(o) {
			if e, ok := obj.(*widget.Entry); ok {
				m[e.PlaceHolder] = e
			}
		}
		return m
	}
	for name, c := range map[string]fyne.CanvasObject{"engine": p.Engine.Content(), "suite": p.Suite.Content()} {
		e := entries(c)[ThreadsDefault(3)]
		if e == nil || e.Text != "" {
			t.Fatalf("%s panel: no empty Threads field saying %q", name, ThreadsDefault(3))
		}
		timeField := entries(c)["seconds"]
		timeField.SetText("")
		test.Type(timeField, map[string]string{"engine": "7.5", "suite": "2"}[name])
	}
	p.Close()
	w.Close()

	p, w = open()
	defer w.Close()
	defer p.Close()
	if got := entries(p.Engine.Content())["seconds"].Text; got != "7.5" {
		t.Errorf("engine panel time %q in the next session, want 7.5", got)
	}
	if got := entries(p.Suite.Content())["seconds"].Text; got != "2" {
		t.Errorf("suite panel time %q in the next session, want 2", got)
	}
	if ThreadsDefault(0) != "all cores (0)" {
		t.Errorf("0 threads: %q", ThreadsDefault(0))
	}
}

// analyseUntilReported analyses the current position until the search has
// reported a best move, then stops it: a fixed wait could end before a
// busy machine had run the search at all.
func analyseUntilReported(t *testing.T, ep *enginepanel.Panel) {
	t.Helper()
	ep.Analyse()
	waitFor(t, func() bool { return ep.Model().State().Report.Best.N > 0 })
	ep.Model().Stop()
	ep.Sync()
}

// twoEngines are two builtin engines with small tables for a short match:
// "a" and second, which explores more.
func twoEngines(t *testing.T, second string) []ats.Spec {
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

// runTests runs the tests filter picks of the suite open in the Suite
// panel to their end with suiteSetup.
func runTests(t *testing.T, p *Panels, filter string) {
	t.Helper()
	if err := p.Suite.Model().SetFilter(filter); err != nil {
		t.Fatal(err)
	}
	if err := p.Suite.Model().Start(suiteSetup(t, p)); err != nil {
		t.Fatal(err)
	}
	p.Suite.Model().Wait()
	p.Suite.Sync()
}
