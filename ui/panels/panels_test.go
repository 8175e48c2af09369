package panels_test

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/files/filestest"
	"arimaa-workbench/ui/panels"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/uitest"
)

// TestSavedTestOpensInSuitePanel: once the viewer's new-test form has
// saved a test, the suite file opens in the Suite panel when the user
// agrees.
func TestSavedTestOpensInSuitePanel(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	d := &filestest.Dialogs{Yes: true}
	wb := shell.New(a, w, shell.Options{Dialogs: d})
	dir := t.TempDir()
	p := panels.Add(wb, panels.Options{ConfigPath: filepath.Join(dir, "engine.toml"), EnginesPath: filepath.Join(dir, "engines.toml"),
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
	if wb.Selected() != panels.SuiteTab || st.Suite == nil || len(st.Suite.Tests) != 1 || st.Suite.Tests[0].Name != "goal" {
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
	open := func() (*panels.Panels, fyne.Window) {
		w := test.NewWindow(nil)
		wb := shell.New(a, w, shell.Options{})
		p := panels.Add(wb, panels.Options{ConfigPath: cfg, EnginesPath: filepath.Join(dir, "engines.toml"), RunsDir: filepath.Join(dir, "runs"), Manual: true})
		w.Resize(fyne.NewSize(1280, 800))
		return p, w
	}
	p, w := open()
	entries := func(o fyne.CanvasObject) map[string]*widget.Entry {
		m := map[string]*widget.Entry{}
		for _, obj := range uitest.Objects(o) {
			if e, ok := obj.(*widget.Entry); ok {
				m[e.PlaceHolder] = e
			}
		}
		return m
	}
	for name, c := range map[string]fyne.CanvasObject{"engine": p.Engine.Content(), "suite": p.Suite.Content()} {
		e := entries(c)[panels.ThreadsDefault(3)]
		if e == nil || e.Text != "" {
			t.Fatalf("%s panel: no empty Threads field saying %q", name, panels.ThreadsDefault(3))
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
	if panels.ThreadsDefault(0) != "all cores (0)" {
		t.Errorf("0 threads: %q", panels.ThreadsDefault(0))
	}
}
