package engines

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/records"
)

const sample = `# two engines
[[engine]]
name = "sample"
command = "/opt/arimaa/bot_sample --quiet"
[engine.options]
hash = 64
depth = "8"
ponder = false

[[engine]]
name = "akimot"
command = "'/my bots/akimot' -c akimot.cfg"
dir = "/my bots"
`

func TestReadWriteRoundTrip(t *testing.T) {
	s, err := Read(strings.NewReader(sample), "engines.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := Settings{Engines: []Engine{
		{Name: "sample", Command: "/opt/arimaa/bot_sample --quiet", Options: []Option{{"depth", "8"}, {"hash", "64"}, {"ponder", "false"}}},
		{Name: "akimot", Command: "'/my bots/akimot' -c akimot.cfg", Dir: "/my bots"},
	}}
	if !reflect.DeepEqual(s, want) {
		t.Fatalf("read %+v\nwant %+v", s, want)
	}
	argv, err := s.Engines[1].Argv()
	if err != nil || !reflect.DeepEqual(argv, []string{"/my bots/akimot", "-c", "akimot.cfg"}) {
		t.Errorf("argv %q, %v", argv, err)
	}
	roundTrip(t, s)
}

// roundTrip writes s and reads it back, failing the test unless that gives
// s again.
func roundTrip(t *testing.T, s Settings) {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, s); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&b, "written")
	if err != nil {
		t.Fatalf("written settings do not read back: %v\n%s", err, b.String())
	}
	if !reflect.DeepEqual(back, s) {
		t.Fatalf("round trip changed %+v into %+v", s, back)
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     error
		line     int
		msg      string
	}{
		{"syntax", "[[engine]]\nname = \"x\ncommand = \"y\"\n", ErrSyntax, 2, ""},
		{"unknown key", "[[engine]]\nname = \"x\"\ncommand = \"y\"\nargs = 1\n", ErrUnknown, 0, `"engine.args"`},
		{"empty name", "[[engine]]\ncommand = \"y\"\n", ErrName, 0, "engine 1"},
		{"duplicate", "[[engine]]\nname = \"x\"\ncommand = \"y\"\n[[engine]]\nname = \"x\"\ncommand = \"z\"\n", ErrDuplicate, 0, `engine "x"`},
		{"empty command", "[[engine]]\nname = \"x\"\ncommand = \"  \"\n", ErrCommand, 0, "empty"},
		{"bad quote", "[[engine]]\nname = \"x\"\ncommand = \"bot 'a\"\n", ErrCommand, 0, "column 5"},
		{"option table", "[[engine]]\nname = \"x\"\ncommand = \"y\"\n[engine.options]\nhash = [1]\n", ErrOption, 0, `option "hash"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.in), "e.toml")
			var pe *records.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *records.ParseError", err)
			}
			if !errors.Is(err, tc.want) {
				t.Errorf("error %v does not wrap %v", err, tc.want)
			}
			if pe.File != "e.toml" || pe.Line != tc.line {
				t.Errorf("error at %s:%d, want e.toml:%d", pe.File, pe.Line, tc.line)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q does not say %q", err, tc.msg)
			}
		})
	}
}

func TestLoadSave(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "engines.toml")
	s, err := Load(path)
	if err != nil || len(s.Engines) != 0 {
		t.Fatalf("missing file: %+v, %v", s, err)
	}
	s.Put("", Engine{Name: "a", Command: "bot-a"})
	s.Put("", Engine{Name: "b", Command: "bot-b", Options: []Option{{"hash", "32"}}})
	s.Put("a", Engine{Name: "a2", Command: "bot-a --v2"})
	if err := Save(path, s); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, s) || back.Engines[0].Name != "a2" {
		t.Errorf("loaded %+v, saved %+v", back, s)
	}
	if !back.Remove("a2") || back.Remove("a2") {
		t.Error("Remove reports wrongly")
	}
	if _, ok := back.Find("b"); !ok {
		t.Error("Find lost b")
	}
	// A bad list is refused and the file on disk is left as it was.
	bad := Settings{Engines: []Engine{{Name: "x"}}}
	if err := Save(path, bad); !errors.Is(err, ErrCommand) {
		t.Errorf("saving a bad list: %v", err)
	}
	if again, _ := Load(path); !reflect.DeepEqual(again, s) {
		t.Errorf("a refused save changed the file: %+v", again)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(sample)
	f.Add("[[engine]]\nname = \"a\\\"b\"\ncommand = \"x 'y z'\"\n")
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Read(strings.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		roundTrip(t, s)
	})
}

func TestChoices(t *testing.T) {
	s := Settings{Engines: []Engine{
		{Name: "bot", Command: "/opt/bot --quiet", Dir: "/opt", Options: []Option{{"hash", "64"}}},
		{Name: "broken", Command: "'open"},
	}}
	wide := config.Default()
	wide.Search.Exploration = 0.3
	got := s.Choices("Builtin", func() config.Config { return wide })
	if len(got) != 3 || !got[0].Builtin || got[0].Name != "Builtin" || !got[1].Builtin || got[1].Name != "Builtin MCTS" {
		t.Fatalf("choices %+v", got)
	}
	if ab, err := got[0].Spec(); err != nil || ab.Config.Search.Algorithm != "alphabeta" {
		t.Errorf("the default choice: %+v, %v", ab.Config.Search, err)
	}
	if m, err := got[1].Spec(); err != nil || m.Config.Search.Algorithm != "mcts" || m.Config.Search.Exploration != 0.3 {
		t.Errorf("the MCTS choice: %+v, %v", m.Config.Search, err)
	}
	got = append(got[:1], got[2:]...)
	b := got[1]
	if b.Builtin || b.Name != "bot" || strings.Join(b.AEI.Command, "|") != "/opt/bot|--quiet" || b.AEI.Dir != "/opt" ||
		len(b.AEI.Options) != 1 || b.AEI.Options[0].Value != "64" {
		t.Errorf("external choice %+v", b)
	}
	if names := Names(got); !reflect.DeepEqual(names, []string{"Builtin", "bot"}) {
		t.Errorf("names %q", names)
	}

	// Each choice is a spec, changed by the words typed after it.
	e, err := got[0].Spec("threads=2", "search.best_of=2")
	if err != nil || !e.Builtin || e.Name != "Builtin" || e.Config.Search.Exploration != 0.3 || e.Config.Search.BestOf != 2 || e.Threads != 2 {
		t.Errorf("builtin spec %+v, %v", e, err)
	}
	x, err := got[1].Spec("depth=8", "name=bot2")
	if err != nil || x.Builtin || x.Name != "bot2" || x.Dir != "/opt" || !x.HasOption("hash") || !x.HasOption("depth") {
		t.Errorf("external spec %+v, %v", x, err)
	}
	if _, err := got[0].Spec("hash=64"); err == nil {
		t.Error("an AEI option accepted for the builtin engine")
	}
	if d, err := (Choice{Name: "e", Builtin: true}).Spec(); err != nil || !reflect.DeepEqual(d.Config, config.Default()) {
		t.Errorf("a choice without settings is not the default engine: %v", err)
	}
	if got[0].Engine().Name() != "Builtin" || got[1].Engine().Name() != "bot" {
		t.Error("the choices' engines are misnamed")
	}
}

// TestReload: a chooser keeps its selection while the engine is still
// offered, and otherwise selects the first.
func TestReload(t *testing.T) {
	sel := widget.NewSelect(nil, nil)
	Reload(sel, []string{"a", "b"})
	if sel.Selected != "a" {
		t.Errorf("first load selects %q", sel.Selected)
	}
	sel.SetSelected("b")
	Reload(sel, []string{"c", "b"})
	if sel.Selected != "b" || !reflect.DeepEqual(sel.Options, []string{"c", "b"}) {
		t.Errorf("reload keeps %q of %q", sel.Selected, sel.Options)
	}
	Reload(sel, []string{"c"})
	if sel.Selected != "c" {
		t.Errorf("a gone engine leaves %q selected", sel.Selected)
	}
	Reload(sel, nil)
	if len(sel.Options) != 0 {
		t.Errorf("options %q", sel.Options)
	}
}
