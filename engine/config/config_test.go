package config

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite default.toml from Default()")

func TestDefaultTOMLIsDefault(t *testing.T) {
	def := Default()
	var buf bytes.Buffer
	if err := def.WriteTOML(&buf); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("default.toml", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(buf.Bytes(), DefaultTOML()) {
		t.Errorf("default.toml differs from WriteTOML(Default()); run go test ./engine/config -update")
	}
	got, err := Load(bytes.NewReader(DefaultTOML()), "default.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, def) {
		t.Errorf("default.toml decodes to\n%+v\nwant\n%+v", got, def)
	}
	if err := def.Validate(); err != nil {
		t.Errorf("Default() does not validate: %v", err)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		key        string
		want       error
	}{
		{"unknown key", "[search]\nexploration = 0.3\nexploraton = 0.3\n", 3, "search.exploraton", ErrUnknownKey},
		{"unknown table", "[serch]\nexploration = 0.3\n", 1, "serch", ErrUnknownKey},
		{"wrong type", "[search]\n\nvirtual_visits = \"five\"\n", 3, "search.virtual_visits", ErrBadValue},
		{"out of range", "[search]\nbest_of = 0\n", 2, "search.best_of", ErrBadValue},
		{"min above max", "[search]\nplayout_min_turns = 3\nplayout_max_turns = 2\n", 3, "search.playout_max_turns", ErrBadValue},
		{"bad setup", "[search]\nsetups = [\"Ra1\"]\n", 2, "search.setups", ErrBadValue},
		{"syntax", "[search]\nexploration = \n", 2, "", ErrBadValue},
		{"unknown eval key", "[eval]\ncat = 150\ncats = 2\n", 3, "eval.cats", ErrUnknownKey},
		{"eval out of range", "[knowledge]\n\nlate_pieces = 40\n", 3, "knowledge.late_pieces", ErrBadValue},
		{"array element out of range", "[eval]\nfrozen_percent = [0, 10, 15, 15, 20, 200, 0]\n", 2, "eval.frozen_percent", ErrBadValue},
		{"bad lambda", "[eval]\nsigmoid_lambda = -1.0\n", 2, "eval.sigmoid_lambda", ErrBadValue},
		{"unknown eval table", "[evil]\ncat = 150\n", 1, "evil", ErrUnknownKey},
		{"eval wrong type", "[eval]\n\ncat = \"many\"\n", 3, "eval.cat", ErrBadValue},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(tc.text), "my.toml")
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("error %v is not a *config.Error", err)
			}
			if !errors.Is(err, tc.want) {
				t.Errorf("error %v does not wrap %v", err, tc.want)
			}
			if ce.File != "my.toml" || ce.Line != tc.line {
				t.Errorf("error at %s:%d, want my.toml:%d (%v)", ce.File, ce.Line, tc.line, err)
			}
			if tc.key != "" && ce.Key != tc.key {
				t.Errorf("error names key %q, want %q", ce.Key, tc.key)
			}
			if !strings.HasPrefix(err.Error(), "my.toml:") {
				t.Errorf("message %q does not start with the file", err)
			}
		})
	}
}

// TestLoadWeightsOnlyFile: a file of the evaluation weights alone (as the
// eval command once took) is a configuration whose other keys keep their
// defaults.
func TestLoadWeightsOnlyFile(t *testing.T) {
	text := "# Weights only.\n[eval]\ncat = 170\nsigmoid_lambda = 0.0025\n\n[knowledge]\n# ...\ndisplace = [0, 0, 5, 10, 33, 30, 0]\n"
	c, err := Load(strings.NewReader(text), "weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.Eval.Cat, want.Eval.SigmoidLambda, want.Knowledge.Displace[4] = 170, 0.0025, 33
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got %+v, want %+v", c, want)
	}
	_, err = Load(strings.NewReader("[eval]\nfrozen_percent = [0, 10, 15, 15, 20, 200, 0]\n"), "weights.toml")
	if err == nil || !strings.Contains(err.Error(), "(element 5)") {
		t.Errorf("error %v does not name the element", err)
	}
}

func TestLoadPartialKeepsDefaults(t *testing.T) {
	c, err := Load(strings.NewReader("[search]\nexploration = 0.35\n"), "x.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.Search.Exploration = 0.35
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got %+v, want %+v", c, want)
	}
}

func TestSet(t *testing.T) {
	tests := []struct {
		key, value string
		check      func(Config) bool
		err        error
	}{
		{"search.exploration", "0.5", func(c Config) bool { return c.Search.Exploration == 0.5 }, nil},
		{"search.exploration", "1", func(c Config) bool { return c.Search.Exploration == 1 }, nil},
		{"search.virtual_visits", "7", func(c Config) bool { return c.Search.VirtualVisits == 7 }, nil},
		{"search.transpositions", "false", func(c Config) bool { return !c.Search.Transpositions }, nil},
		{"search.setups", `["Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"]`, func(c Config) bool { return len(c.Search.Setups) == 1 }, nil},
		{"time.safety_ms", "100", func(c Config) bool { return c.Time.SafetyMS == 100 }, nil},
		{"time.manager", "old", func(c Config) bool { return c.Time.Manager == "old" }, nil},
		{"time.manager", "fast", nil, ErrBadValue},
		{"time.expected_turns", "0", nil, ErrBadValue},
		{"search.playout_goal", "exact", func(c Config) bool { return c.Search.PlayoutGoal == "exact" }, nil},
		{"search.playout_goal", "sometimes", nil, ErrBadValue},
		{"search.algorithm", "mcts", func(c Config) bool { return c.Search.Algorithm == "mcts" }, nil},
		{"search.algorithm", "minimax", nil, ErrBadValue},
		{"alphabeta.max_depth", "12", func(c Config) bool { return c.AlphaBeta.MaxDepth == 12 }, nil},
		{"alphabeta.max_depth", "0", nil, ErrBadValue},
		{"alphabeta.quiescence", "5", nil, ErrBadValue},
		{"alphabeta.lmr", "-1", nil, ErrBadValue},
		{"alphabeta.hash_mb", "0", nil, ErrBadValue},
		{"alphabeta.null_turn", "17", nil, ErrBadValue},
		{"eval.cat", "160", func(c Config) bool { return c.Eval.Cat == 160 }, nil},
		{"eval.sigmoid_lambda", "0.003", func(c Config) bool { return c.Eval.SigmoidLambda == 0.003 }, nil},
		{"eval.trap_guards", "[0, 10, 30, 40, 40]", func(c Config) bool { return c.Eval.TrapGuards[1] == 10 }, nil},
		{"eval.frozen_percent", "[0, 10, 15, 150, 20, 20, 0]", nil, ErrBadValue},
		{"eval.trap_guards", "[0, 10]", nil, ErrBadValue},
		{"knowledge.pass", "-5", func(c Config) bool { return c.Knowledge.Pass == -5 }, nil},
		{"search.nothing", "1", nil, ErrUnknownKey},
		{"search.virtual_visits", "lots", nil, ErrBadValue},
		{"search.virtual_visits", "-1", nil, ErrBadValue},
		{"search.setups", `["Ra1"]`, nil, ErrBadValue},
	}
	for _, tc := range tests {
		t.Run(tc.key+"="+tc.value, func(t *testing.T) {
			c := Default()
			err := c.Set(tc.key, tc.value)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("Set error %v, want %v", err, tc.err)
				}
				if !reflect.DeepEqual(c, Default()) {
					t.Errorf("a failed Set changed the configuration")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tc.check(c) {
				t.Errorf("Set(%q, %q) did not take: %+v", tc.key, tc.value, c)
			}
			got, _ := c.Get(tc.key)
			c2 := Default()
			if err := c2.Set(tc.key, got); err != nil || !reflect.DeepEqual(c, c2) {
				t.Errorf("Get gave %q, which does not set back the same (%v)", got, err)
			}
		})
	}
}

func TestKeysCoverFileAndRoundTrip(t *testing.T) {
	c := Default()
	c.Search.Exploration = 0.25
	c.Time.SafetyMS = 123
	keys := c.Keys()
	if len(keys) < 20 {
		t.Fatalf("only %d keys", len(keys))
	}
	for _, k := range keys {
		if k.Doc == "" {
			t.Errorf("key %s has no comment", k.Name)
		}
		if !strings.Contains(string(DefaultTOML()), "\n"+k.Name[strings.LastIndexByte(k.Name, '.')+1:]+" = ") {
			t.Errorf("key %s is missing from default.toml", k.Name)
		}
	}
	var buf bytes.Buffer
	if err := c.WriteTOML(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Load(&buf, "round.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, c) {
		t.Errorf("round trip changed the configuration")
	}
}

func FuzzLoad(f *testing.F) {
	// Seeds are small: the fuzzer's minimisation time grows with them.
	f.Add("[search]\nexploration = 0.3\nsetups = [\"Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\"]\n[eval]\ncat = 150\n")
	f.Add("[search]\nexploration = 0.3\n")
	f.Add("[time]\nsafety_ms = -4\n")
	f.Add("[eval]\ncat = 170\n[knowledge]\ndisplace = [0, 1, 2, 3, 4, 5, 6]\n")
	f.Add("[eval]\nkitten = 1\n")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Load(strings.NewReader(s), "fuzz.toml")
		if err != nil {
			var ce *Error
			if !errors.As(err, &ce) || ce.File != "fuzz.toml" {
				t.Fatalf("error %v is not a *config.Error naming the file", err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("Load accepted an invalid configuration: %v", err)
		}
		var buf bytes.Buffer
		if err := c.WriteTOML(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := Load(&buf, "again.toml")
		if err != nil {
			t.Fatalf("written configuration does not load: %v\n%s", err, buf.String())
		}
		if !reflect.DeepEqual(back, c) {
			t.Fatalf("round trip changed the configuration")
		}
	})
}
