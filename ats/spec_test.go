package ats

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

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
			Spec{Name: "b2", Named: true, Builtin: true, Config: two, Threads: 2}},
		{[]string{"builtin search.exploration=0.35 name=x"}, Spec{Name: "x", Named: true, Builtin: true, Config: explore}},
		{[]string{"bin/baseline aei", "name=baseline"}, Spec{Name: "baseline", Named: true, Command: []string{"bin/baseline", "aei"}}},
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
		{"builtin as set", func() (Spec, error) { return BuiltinSpec("Builtin", cfg) },
			Spec{Name: "Builtin", Builtin: true, Config: cfg, Text: "Builtin"}},
		{"builtin with keys", func() (Spec, error) {
			return BuiltinSpec("Builtin", cfg, "search.exploration=0.3", "threads=2", "name=wide")
		}, Spec{Name: "wide", Named: true, Builtin: true, Config: wide, Threads: 2,
			Text: "Builtin search.exploration=0.3 threads=2 name=wide"}},
		{"aei", func() (Spec, error) { return AEISpec("bot", []string{"/opt/bot", "aei"}, "/opt", hash, "depth=8") },
			Spec{Name: "bot", Command: []string{"/opt/bot", "aei"}, Dir: "/opt",
				Options: []aei.Option{{Name: "hash", Value: "64"}, {Name: "depth", Value: "8"}}, Text: "bot depth=8"}},
		{"line, builtin", func() (Spec, error) { return ParseSpecLine("builtin:search.exploration=0.3 name=x") },
			Spec{Name: "x", Named: true, Builtin: true, Config: func() config.Config { c := config.Default(); c.Search.Exploration = 0.3; return c }(),
				Text: "builtin:search.exploration=0.3 name=x"}},
		{"line, aei", func() (Spec, error) { return ParseSpecLine("'bin/baseline aei' name=baseline") },
			Spec{Name: "baseline", Named: true, Command: []string{"bin/baseline", "aei"}, Text: "bin/baseline aei name=baseline"}},
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

func TestSplitEngineArgs(t *testing.T) {
	args := []string{"--games", "10", "--engine", "builtin", "--engine", "bin/baseline aei", "name=baseline", "hash=64",
		"-j", "2", "--engine=builtin:search.exploration=0.3", "name=x", "--out", "m.txt", "--", "--engine", "y"}
	specs, rest, err := SplitEngineArgs(args)
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
	if _, _, err := SplitEngineArgs([]string{"--engine"}); err == nil {
		t.Error("--engine without a value accepted")
	}
}

func TestUniqueNames(t *testing.T) {
	specs := []Spec{{Name: "builtin"}, {Name: "builtin"}, {Name: "builtin-2", Named: true}, {Name: "bot"}}
	if err := UniqueNames(specs); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range specs {
		names = append(names, s.Name)
	}
	if want := []string{"builtin", "builtin-3", "builtin-2", "bot"}; !reflect.DeepEqual(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	if err := UniqueNames([]Spec{{Name: "a", Named: true}, {Name: "a", Named: true}}); err == nil {
		t.Error("two engines named alike by the user accepted")
	}
}

// sameEngine reports whether a and b start the same engine under the same
// name: every field but the text as written and whether the name was
// given.
func sameEngine(a, b Spec) bool {
	a.Text, b.Text, a.Named, b.Named = "", "", false, false
	return reflect.DeepEqual(a, b)
}

// TestSpecRoundTrip: every spelling users type reads, prints and reads
// again as the same engine, and printing is then a fixed point.
func TestSpecRoundTrip(t *testing.T) {
	dir := t.TempDir()
	toml := filepath.Join(dir, "explore.toml")
	if err := os.WriteFile(toml, []byte("[search]\nexploration = 0.35\nsetups = [\"Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		words []string
		print string
	}{
		{[]string{"builtin"}, "builtin"},
		{[]string{"builtin:search.exploration=0.3,eval.cat=170"}, "builtin search.exploration=0.3 eval.cat=170 name=builtin:search.exploration=0.3,eval.cat=170"},
		{[]string{"builtin:search.exploration=0.3", "threads=2", "name=wide"}, "builtin search.exploration=0.3 threads=2 name=wide"},
		{[]string{"builtin search.playout_goal=exact name=builtin"}, `builtin 'search.playout_goal="exact"' name=builtin`},
		{[]string{"builtin:" + toml}, ""},
		{[]string{"bin/x aei", "hash=32", "name=foo"}, "'bin/x aei' hash=32 name=foo"},
		{[]string{"'/opt/my bot/bot' -c 'a b'", "name=it's"}, `''\''/opt/my bot/bot'\'' -c '\''a b'\''' 'name=it'\''s'`},
		{[]string{"bot", "name="}, ""}, // refused: an empty name
		{[]string{"./bot", "opt=a b"}, "./bot 'opt=a b' name=bot"},
	} {
		s, err := ParseSpec(tc.words)
		if tc.words[len(tc.words)-1] == "name=" {
			if err == nil {
				t.Errorf("%q accepted", tc.words)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.words, err)
			continue
		}
		text := s.String()
		if tc.print != "" && text != tc.print && !(tc.words[0] == "./bot" && text == "./bot 'opt=a b'") {
			t.Errorf("%q prints as %s, want %s", tc.words, text, tc.print)
		}
		back, err := ParseSpecLine(text)
		if err != nil {
			t.Errorf("%q printed as %s, which does not read: %v", tc.words, text, err)
			continue
		}
		if !sameEngine(s, back) {
			t.Errorf("%q printed as %s reads back as\n%+v\nwant\n%+v", tc.words, text, back, s)
		}
		if again := back.String(); again != text {
			t.Errorf("%q: printing is not a fixed point: %s, then %s", tc.words, text, again)
		}
	}
}

// TestSpecRecord: the record form of a result file's header and a suite
// configuration reads back as the same engine, and headers written before
// Spec (an AEI command line as typed, options as a map) still read.
func TestSpecRecord(t *testing.T) {
	for _, words := range [][]string{
		{"builtin:search.exploration=0.3", "threads=2"},
		{"builtin"},
		{"'bin/x aei' hash=32"},
	} {
		s, err := ParseSpecLine(strings.Join(words, " "))
		if err != nil {
			t.Fatal(err)
		}
		s.Seed = 9
		engine, opts := s.Record()
		back, err := SpecFromRecord(engine, opts, s.Threads, s.Seed)
		if err != nil {
			t.Fatalf("%q: %v", words, err)
		}
		if s.Builtin {
			s.Name = BuiltinName // the record keeps no name
		}
		if !sameEngine(s, back) {
			t.Errorf("%q: record %q %v reads back as %+v", words, engine, opts, back)
		}
	}

	// A header of an earlier build: an AEI engine typed with its
	// arguments, its options, threads and seed beside them.
	old := `{"type":"run","run":{"version":1,"suite":"tests","engine":"bot_x -c x.cfg","engine_options":{"hash":"64","depth":"8"},` +
		`"threads":2,"seed":5,"limits":{"Time":1000000000},"cycles":1,"jobs":1,"threshold":1,"tests":["a"],"start":"2024-01-02T03:04:05Z"}}` + "\n"
	path := filepath.Join(t.TempDir(), "old.jsonl")
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	h, _, _, err := ReadResultFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := h.Spec()
	if err != nil {
		t.Fatal(err)
	}
	want := Spec{Name: "bot_x", Command: []string{"bot_x", "-c", "x.cfg"}, Threads: 2, Seed: 5,
		Options: []aei.Option{{Name: "depth", Value: "8"}, {Name: "hash", Value: "64"}}}
	if !sameEngine(s, want) {
		t.Errorf("old header reads as %+v", s)
	}
	h.Engine, h.EngineOptions = BuiltinName, map[string]string{"search.exploration": "0.3"}
	if s, err = h.Spec(); err != nil || !s.Builtin || s.Config.Search.Exploration != 0.3 || s.Threads != 2 || s.Seed != 5 {
		t.Errorf("old builtin header reads as %+v, %v", s, err)
	}
	h.EngineOptions = map[string]string{"search.no_such_key": "1"}
	if _, err := h.Spec(); err == nil {
		t.Error("a header with an unknown configuration key read")
	}
}

// TestSpecJSON: a spec goes to a worker and back whole, and a suite-run
// job's engine in the form written before Spec still reads.
func TestSpecJSON(t *testing.T) {
	wide, err := ParseSpec([]string{"builtin:search.exploration=0.3", "threads=2", "name=wide"})
	if err != nil {
		t.Fatal(err)
	}
	wide.Seed = 3
	bot := Spec{Name: "bot", Command: []string{"/bin/bot", "--x"}, Dir: "/opt/bot", Options: []aei.Option{{Name: "hash", Value: "64"}},
		Env: []string{"A=b"}, StartTimeout: time.Second, Grace: 2 * time.Second}
	for _, s := range []Spec{wide, bot} {
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back Spec
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if !sameEngine(s, back) {
			t.Errorf("%s reads back as %+v", data, back)
		}
	}
	for _, tc := range []struct {
		old  string
		want func(Spec) bool
	}{
		{`{"Engine":"builtin","Options":{"search.memory_mb":"16"},"Threads":1,"Seed":3,"StartTimeout":0,"Grace":0}`,
			func(s Spec) bool { return s.Builtin && s.Config.Search.MemoryMB == 16 && s.Threads == 1 && s.Seed == 3 }},
		{`{"Engine":"","Options":null,"Threads":0,"Seed":0,"StartTimeout":0,"Grace":0}`,
			func(s Spec) bool { return s.Builtin && reflect.DeepEqual(s.Config, config.Default()) }},
		{`{"Engine":"'/opt/my bot' aei","Options":{"hash":"64"},"Threads":0,"Seed":0,"StartTimeout":5000000000,"Grace":300000000}`,
			func(s Spec) bool {
				return !s.Builtin && reflect.DeepEqual(s.Command, []string{"/opt/my bot", "aei"}) && s.HasOption("hash") &&
					s.StartTimeout == 5*time.Second && s.Grace == 300*time.Millisecond
			}},
	} {
		var s Spec
		if err := json.Unmarshal([]byte(tc.old), &s); err != nil || !tc.want(s) {
			t.Errorf("%s reads as %+v, %v", tc.old, s, err)
		}
	}
	for _, bad := range []string{`{"Engine":"builtin","Options":{"no.such":"1"}}`, `{"name":"x"}`, `{"name":"","builtin":true}`,
		`{"name":"x","builtin":true,"config":"[search]\nno_such_key = 1\n"}`, `[]`} {
		var s Spec
		if err := json.Unmarshal([]byte(bad), &s); err == nil {
			t.Errorf("%s read as %+v", bad, s)
		}
	}
}

// FuzzParseSpecLine: any line either is refused with an error or reads as
// a spec whose printed form reads back as the same engine and prints the
// same again.
func FuzzParseSpecLine(f *testing.F) {
	for _, s := range []string{"builtin", "builtin:search.exploration=0.3,eval.cat=170 threads=2", "'bin/x aei' hash=32 name=foo",
		"builtin name=", "bot 'unclosed", "builtin:", `builtin 'search.playout_goal="exact"'`, "x \"a b\" c\\ d=1"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if words, err := aei.SplitCommand(string(line)); err == nil && len(words) > 0 {
			if first := strings.Fields(words[0]); len(first) > 0 && strings.HasPrefix(first[0], BuiltinName+":") && !strings.Contains(first[0], "=") {
				return // builtin:FILE reads a file, which the fuzzer should not
			}
		}
		s, err := ParseSpecLine(string(line))
		if err != nil {
			return
		}
		text := s.String()
		back, err := ParseSpecLine(text)
		if err != nil {
			t.Fatalf("%q printed as %s, which does not read: %v", line, text, err)
		}
		if !sameEngine(s, back) {
			t.Fatalf("%q printed as %s reads back as %+v, want %+v", line, text, back, s)
		}
		if again := back.String(); again != text {
			t.Fatalf("%q: %s, then %s", line, text, again)
		}
	})
}
