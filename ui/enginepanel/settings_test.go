package enginepanel

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/ui/uitest"
)

func TestConfigStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "engine.toml")
	s, err := NewConfigStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Get().Search.Exploration != config.Default().Search.Exploration {
		t.Fatal("a missing file should give the defaults")
	}
	if errs := s.Apply(map[string]string{"search.exploration": "0.35", "search.best_of": "5"}); errs != nil {
		t.Fatal(errs)
	}
	// All or nothing: one bad value leaves everything as it was.
	errs := s.Apply(map[string]string{"search.exploration": "0.5", "search.best_of": "1000"})
	if len(errs) != 1 || !errors.Is(errs[0], config.ErrBadValue) || !strings.Contains(errs[0].Error(), "best_of") {
		t.Fatalf("bad value: %v", errs)
	}
	if got := s.Get().Search.Exploration; got != 0.35 {
		t.Errorf("a refused apply changed exploration to %v", got)
	}
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	back, err := NewConfigStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if c := back.Get(); c.Search.Exploration != 0.35 || c.Search.BestOf != 5 {
		t.Errorf("saved and read back: exploration %v best_of %v", c.Search.Exploration, c.Search.BestOf)
	}
	// A broken file is reported, and the store starts from the defaults.
	if err := os.WriteFile(path, []byte("[search]\nexploration = \"x\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewConfigStore(path); err == nil || !strings.Contains(err.Error(), "exploration") {
		t.Errorf("broken file: %v", err)
	}
}

// newTestForm is a form over a configuration kept in memory, shown in a
// test window.
func newTestForm(t *testing.T) (*ConfigStore, *ConfigForm, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	s, err := NewConfigStore("")
	if err != nil {
		t.Fatal(err)
	}
	f := NewConfigForm(s)
	return s, f, test.NewTempWindow(t, f.Content())
}

func TestConfigForm(t *testing.T) {
	s, f, _ := newTestForm(t)
	f.fields["search.exploration"].set("0.8")
	f.fields["search.goal_check"].set("false")
	if !f.Apply() {
		t.Fatalf("apply refused: %s", f.status.Text)
	}
	if c := s.Get(); c.Search.Exploration != 0.8 || c.Search.GoalCheck {
		t.Errorf("form did not apply: %v %v", c.Search.Exploration, c.Search.GoalCheck)
	}
	f.fields["search.cache_size"].set("x")
	if f.Apply() || !strings.Contains(f.status.Text, "cache_size") {
		t.Errorf("bad value accepted: %q", f.status.Text)
	}
	f.Load()
	if got := f.fields["search.cache_size"].get(); got != "5" {
		t.Errorf("revert shows %q", got)
	}
}

// TestConfigFormOpensItsFirstTable: the first table of the form is open
// once the form is shown, and the scroll holds all of it.
func TestConfigFormOpensItsFirstTable(t *testing.T) {
	_, f, w := newTestForm(t)
	w.Resize(fyne.NewSize(700, 500))
	// The objects as the window laid them out: laying every one out again
	// (test.LaidOutObjects), the closed tables' fields too, took this test
	// 20 s under the race detector.
	var acc *widget.Accordion
	var scroll *container.Scroll
	for _, o := range uitest.Objects(f.Content()) {
		switch x := o.(type) {
		case *widget.Accordion:
			acc = x
		case *container.Scroll:
			if scroll == nil {
				scroll = x
			}
		}
	}
	if acc == nil || scroll == nil {
		t.Fatal("no accordion in a scroll")
	}
	if !acc.Items[0].Open {
		t.Errorf("the first table %q is closed", acc.Items[0].Title)
	}
	if got, want := scroll.Content.Size().Height, acc.MinSize().Height; got+1 < want {
		t.Errorf("the scroll holds %v px of the form's %v", got, want)
	}
}
