package engines

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

func TestParseOptions(t *testing.T) {
	opts, err := ParseOptions("# comment\nhash = 64\n\ndepth=8\nname = a b\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(opts) != 3 || opts[2] != (Option{"name", "a b"}) {
		t.Errorf("%+v", opts)
	}
	if _, err := ParseOptions("hash 64"); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("error %v", err)
	}
	back, _ := ParseOptions(FormatOptions(opts))
	if len(back) != 3 || back[0] != opts[0] {
		t.Errorf("round trip %+v", back)
	}
}

func TestEditor(t *testing.T) {
	test.NewTempApp(t)
	path := filepath.Join(t.TempDir(), "engines.toml")
	e := NewEditor(path)
	var changed int
	e.OnChanged = func(Settings) { changed++ }

	e.name.SetText("sample")
	e.command.SetText("/opt/bot --quiet")
	e.options.SetText("hash = 64")
	test.Tap(e.save)
	if changed != 1 || len(e.Settings().Engines) != 1 {
		t.Fatalf("after saving: %d changes, %+v (%s)", changed, e.Settings(), e.status.Text)
	}
	// A bad command line is refused with its column and nothing is written.
	e.New()
	e.name.SetText("broken")
	e.command.SetText("bot 'x")
	if e.Save() || !strings.Contains(e.status.Text, "column 5") {
		t.Errorf("bad command saved: %q", e.status.Text)
	}
	// A duplicate name is refused.
	e.command.SetText("bot")
	e.name.SetText("sample")
	if e.Save() {
		t.Error("duplicate name saved")
	}
	s, err := Load(path)
	if err != nil || len(s.Engines) != 1 || s.Engines[0].Options[0] != (Option{"hash", "64"}) {
		t.Fatalf("file holds %+v, %v", s, err)
	}
	// Rename and remove.
	e.list.Select(0)
	e.name.SetText("renamed")
	if !e.Save() {
		t.Fatal(e.status.Text)
	}
	if s, _ := Load(path); s.Engines[0].Name != "renamed" || len(s.Engines) != 1 {
		t.Errorf("after rename: %+v", s)
	}
	test.Tap(e.remove)
	if s, _ := Load(path); len(s.Engines) != 0 || changed != 3 {
		t.Errorf("after remove: %+v, %d changes", s, changed)
	}
	// A second editor reads what the first saved.
	if f := NewEditor(path); len(f.Settings().Engines) != 0 {
		t.Errorf("reloaded %+v", f.Settings())
	}
}

func FuzzParseOptions(f *testing.F) {
	f.Add("hash = 64\n# x\ndepth=8")
	f.Fuzz(func(t *testing.T, text string) {
		opts, err := ParseOptions(text)
		if err != nil {
			return
		}
		back, err := ParseOptions(FormatOptions(opts))
		if err != nil || len(back) != len(opts) {
			t.Fatalf("%q: round trip gave %v, %v", text, back, err)
		}
		for i := range opts {
			if back[i] != opts[i] {
				t.Fatalf("%q: option %d %+v became %+v", text, i, opts[i], back[i])
			}
		}
	})
}
