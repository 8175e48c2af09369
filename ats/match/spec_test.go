package match

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/config"
)

func TestParseSpec(t *testing.T) {
	dir := t.TempDir()
	toml := filepath.Join(dir, "explore.toml")
	if err := os.WriteFile(toml, []byte("[search]\nexploration = 0.35\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	explore := config.Default()
	explore.Search.Exploration = 0.35
	two := config.Default()
	two.Search.Exploration = 0.3
	two.Search.BestOf = 2

	tests := []struct {
		words []string
		want  Spec
	}{
		{[]string{"builtin"}, Spec{Name: "builtin", Builtin: true, Config: config.Default()}},
		{[]string{"builtin:" + toml}, Spec{Name: "explore", Builtin: true, Config: explore}},
		{[]string{"builtin:search.exploration=0.3,search.best_of=2", "name=b2", "threads=2"},
			Spec{Name: "b2", named: true, Builtin: true, Config: two, Threads: 2}},
		{[]string{"builtin search.exploration=0.35 name=x"}, Spec{Name: "x", named: true, Builtin: true, Config: explore}},
		{[]string{"bin/baseline aei", "name=baseline"}, Spec{Name: "baseline", named: true, Command: []string{"bin/baseline", "aei"}}},
		{[]string{"'/opt/my bot/bot' --flag -c x.cfg", "hash=64", "depth=8"}, Spec{Name: "bot",
			Command: []string{"/opt/my bot/bot", "--flag", "-c", "x.cfg"},
			Options: []aei.Option{{Name: "hash", Value: "64"}, {Name: "depth", Value: "8"}}}},
		{[]string{"./builtin_bot"}, Spec{Name: "builtin_bot", Command: []string{"./builtin_bot"}}},
	}
	for _, tc := range tests {
		got, err := ParseSpec(tc.words)
		if err != nil {
			t.Errorf("%q: %v", tc.words, err)
			continue
		}
		tc.want.Text = strings.Join(tc.words, " ")
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.words, got, tc.want)
		}
	}
	for _, bad := range [][]string{
		nil, {""}, {"builtin:"}, {"builtin:search.nonsense=1"}, {"builtin:search.exploration=-1"},
		{"builtin:" + filepath.Join(dir, "missing.toml")}, {"builtin", "threads=0"}, {"builtin", "hash=64"},
		{"builtin", "name="}, {"bot 'unclosed"}, {"bot", "novalue"}, {"bot", "name=a\tb"}, {"bot", "=1"},
	} {
		if got, err := ParseSpec(bad); err == nil {
			t.Errorf("%q accepted as %+v", bad, got)
		}
	}
}

// TestSpecConstructors: a spec from the workbench's settings takes the
// same KEY=VALUE words as one on the command line, and a spec typed on one
// line reads as the shell would have split it.
func TestSpecConstructors(t *testing.T) {
	cfg := config.Default()
	cfg.Search.Exploration = 0.4
	wide := cfg
	wide.Search.Exploration = 0.3
	hash := []aei.Option{{Name: "hash", Value: "64"}}
	tests := []struct {
		name string
		got  func() (Spec, error)
		want Spec
	}{
		{"builtin as set", func() (Spec, error) { return BuiltinSpec("Embedded MCTS", cfg) },
			Spec{Name: "Embedded MCTS", Builtin: true, Config: cfg, Text: "Embedded MCTS"}},
		{"builtin with keys", func() (Spec, error) {
			return BuiltinSpec("Embedded MCTS", cfg, "search.exploration=0.3", "threads=2", "name=wide")
		}, Spec{Name: "wide", named: true, Builtin: true, Config: wide, Threads: 2,
			Text: "Embedded MCTS search.exploration=0.3 threads=2 name=wide"}},
		{"aei", func() (Spec, error) { return AEISpec("bot", []string{"/opt/bot", "aei"}, "/opt", hash, "depth=8") },
			Spec{Name: "bot", Command: []string{"/opt/bot", "aei"}, Dir: "/opt",
				Options: []aei.Option{{Name: "hash", Value: "64"}, {Name: "depth", Value: "8"}}, Text: "bot depth=8"}},
		{"line, builtin", func() (Spec, error) { return ParseSpecLine("builtin:search.exploration=0.3 name=x") },
			Spec{Name: "x", named: true, Builtin: true, Config: func() config.Config { c := config.Default(); c.Search.Exploration = 0.3; return c }(),
				Text: "builtin:search.exploration=0.3 name=x"}},
		{"line, aei", func() (Spec, error) { return ParseSpecLine("'bin/baseline aei' name=baseline") },
			Spec{Name: "baseline", named: true, Command: []string{"bin/baseline", "aei"}, Text: "bin/baseline aei name=baseline"}},
	}
	for _, tc := range tests {
		got, err := tc.got()
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tc.name, got, tc.want)
		}
	}
	if cfg.Search.Exploration != 0.4 {
		t.Error("BuiltinSpec changed the configuration it was given")
	}
	for name, bad := range map[string]func() (Spec, error){
		"unknown key":    func() (Spec, error) { return BuiltinSpec("e", cfg, "search.nonsense=1") },
		"not an option":  func() (Spec, error) { return BuiltinSpec("e", cfg, "fast") },
		"empty name":     func() (Spec, error) { return BuiltinSpec("", cfg) },
		"no command":     func() (Spec, error) { return AEISpec("bot", nil, "", nil) },
		"multiline":      func() (Spec, error) { return AEISpec("bot", []string{"bot"}, "", nil, "x=a\nb") },
		"unquoted args":  func() (Spec, error) { return ParseSpecLine("bin/baseline aei name=b") },
		"unclosed quote": func() (Spec, error) { return ParseSpecLine("'bin/baseline aei") },
		"empty line":     func() (Spec, error) { return ParseSpecLine("  ") },
	} {
		if s, err := bad(); err == nil {
			t.Errorf("%s: accepted as %+v", name, s)
		}
	}
}

func TestSplitArgs(t *testing.T) {
	args := []string{"--games", "10", "--engine", "builtin", "--engine", "bin/baseline aei", "name=baseline", "hash=64",
		"-j", "2", "--engine=builtin:search.exploration=0.3", "name=x", "--out", "m.txt", "--", "--engine", "y"}
	specs, rest, err := SplitArgs(args)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"builtin"}, {"bin/baseline aei", "name=baseline", "hash=64"}, {"builtin:search.exploration=0.3", "name=x"}}
	if !reflect.DeepEqual(specs, want) {
		t.Errorf("specs %q", specs)
	}
	if r := []string{"--games", "10", "-j", "2", "--out", "m.txt", "--", "--engine", "y"}; !reflect.DeepEqual(rest, r) {
		t.Errorf("rest %q", rest)
	}
	if _, _, err := SplitArgs([]string{"--engine"}); err == nil {
		t.Error("--engine without a value accepted")
	}
}

func TestUniqueNames(t *testing.T) {
	specs := []Spec{{Name: "builtin"}, {Name: "builtin"}, {Name: "builtin-2", named: true}, {Name: "bot"}}
	if err := uniqueNames(specs); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range specs {
		names = append(names, s.Name)
	}
	if want := []string{"builtin", "builtin-3", "builtin-2", "bot"}; !reflect.DeepEqual(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	if err := uniqueNames([]Spec{{Name: "a", named: true}, {Name: "a", named: true}}); err == nil {
		t.Error("two engines named alike by the user accepted")
	}
}
