package eval

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

func TestDefaultTOMLIsDefaultWeights(t *testing.T) {
	w, err := LoadWeights(bytes.NewReader(DefaultTOML()), "default.toml")
	if err != nil {
		t.Fatal(err)
	}
	if w != DefaultWeights() {
		t.Errorf("default.toml decodes to\n%+v\nDefaultWeights is\n%+v", w, DefaultWeights())
	}
	// Every key must be given in the file, not left to the defaults.
	var all Weights
	md, err := toml.Decode(string(DefaultTOML()), &all)
	if err != nil {
		t.Fatal(err)
	}
	if all != DefaultWeights() {
		t.Errorf("default.toml leaves keys out: decoded into zero weights it gives\n%+v", all)
	}
	if len(md.Undecoded()) > 0 {
		t.Errorf("unknown keys %v", md.Undecoded())
	}
	if err := DefaultWeights().Validate(); err != nil {
		t.Errorf("defaults out of range: %v", err)
	}
}

func TestWriteTOMLRoundTrip(t *testing.T) {
	w := DefaultWeights()
	w.Eval.Cat = 170
	w.Eval.SigmoidLambda = 0.0025
	w.Knowledge.Displace[4] = 33
	var buf bytes.Buffer
	if err := w.WriteTOML(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := LoadWeights(&buf, "written.toml")
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if got != w {
		t.Errorf("round trip gives\n%+v\nwant\n%+v", got, w)
	}
}

func TestLoadWeightsErrors(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		key        string
		sentinel   error
	}{
		{"unknown key", "[eval]\ncat = 150\nkitten = 3\n", 3, "eval.kitten", ErrUnknownKey},
		{"unknown table", "[evil]\ncat = 150\n", 1, "evil", ErrUnknownKey},
		{"wrong type", "[eval]\n\ncat = \"many\"\n", 3, "eval.cat", ErrBadValue},
		{"out of range", "[knowledge]\nlate_pieces = 40\n", 2, "knowledge.late_pieces", ErrBadValue},
		{"array element out of range", "[eval]\nfrozen_percent = [0, 10, 15, 15, 20, 200, 0]\n", 2, "eval.frozen_percent", ErrBadValue},
		{"bad lambda", "[eval]\nsigmoid_lambda = -1.0\n", 2, "eval.sigmoid_lambda", ErrBadValue},
		{"syntax", "[eval]\ncat = = 3\n", 2, "", ErrBadValue},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadWeights(strings.NewReader(tc.text), "my.toml")
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v is not a *ConfigError", err)
			}
			if !errors.Is(err, tc.sentinel) {
				t.Errorf("error %v does not wrap %v", err, tc.sentinel)
			}
			if ce.File != "my.toml" || ce.Line != tc.line || tc.key != "" && ce.Key != tc.key {
				t.Errorf("error %q at %s:%d key %q, want my.toml:%d key %q", err, ce.File, ce.Line, ce.Key, tc.line, tc.key)
			}
			if !strings.HasPrefix(err.Error(), "my.toml:") {
				t.Errorf("message %q does not start with the file and line", err)
			}
		})
	}
}

// TestEmbedInEngineConfig decodes the two tables as fields of a larger
// configuration, as the combined engine loader does.
func TestEmbedInEngineConfig(t *testing.T) {
	var c struct {
		Search struct {
			Exploration float64 `toml:"exploration"`
		} `toml:"search"`
		Eval      Static    `toml:"eval"`
		Knowledge Knowledge `toml:"knowledge"`
	}
	text := "[search]\nexploration = 0.2\n\n" + string(DefaultTOML())
	md, err := toml.Decode(text, &c)
	if err != nil {
		t.Fatal(err)
	}
	if len(md.Undecoded()) > 0 {
		t.Errorf("undecoded %v", md.Undecoded())
	}
	if (Weights{Eval: c.Eval, Knowledge: c.Knowledge}) != DefaultWeights() || c.Search.Exploration != 0.2 {
		t.Errorf("embedded decode gives %+v", c)
	}
}

func FuzzLoadWeights(f *testing.F) {
	f.Add(string(DefaultTOML()))
	f.Add("[eval]\ncat = 170\n[knowledge]\ndisplace = [0, 1, 2, 3, 4, 5, 6]\n")
	f.Add("[eval]\nkitten = 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		w, err := LoadWeights(strings.NewReader(text), "fuzz.toml")
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v is not a *ConfigError", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := w.WriteTOML(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := LoadWeights(&buf, "again.toml")
		if err != nil || back != w {
			t.Fatalf("round trip: %v\n%s", err, buf.String())
		}
	})
}
