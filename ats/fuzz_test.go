package ats

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func addFiles(f *testing.F, pattern string) {
	files, _ := filepath.Glob(pattern)
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data))
		}
	}
}

// FuzzReadATS: the legacy reader never panics, and an accepted test is
// usable: its criteria print and judge without trouble.
func FuzzReadATS(f *testing.F) {
	addFiles(f, "testdata/legacy/*.ats")
	addFiles(f, "../assets/tests/legacy/*.ats")
	f.Add("[settings]\nposition =\n  2w\n[criteria]\ncondition = piece_position\nafter_piece_position = Eb3 !ce2 | Hf6x : 0.5\n")
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := ReadATS(strings.NewReader(text), "f.ats")
		if err != nil {
			return
		}
		_ = tc.Criteria.String()
		tc.Score("Ra1n", Report{})
	})
}

// FuzzReadTOML: the TOML reader never panics.
func FuzzReadTOML(f *testing.F) {
	addFiles(f, "../assets/tests/*.toml")
	f.Add(tomlTwo)
	f.Fuzz(func(t *testing.T, text string) {
		tf, _ := ReadTOML(strings.NewReader(text), "f.toml")
		if tf == nil {
			return
		}
		for _, tc := range tf.Tests {
			_ = tc.Criteria.String()
			tc.Score("Ra1n", Report{})
		}
		// What was read can be written and read back unchanged.
		var b strings.Builder
		if err := WriteTOML(&b, tf.Name, tf.Tests); err != nil {
			t.Fatal(err)
		}
		again, err := ReadTOML(strings.NewReader(b.String()), "again.toml")
		if err != nil {
			t.Fatalf("rewritten file does not read: %v\n%s", err, b.String())
		}
		for i, tc := range tf.Tests {
			a := again.Tests[i]
			if a.Name != tc.Name || a.Criteria.String() != tc.Criteria.String() || a.Position.AEIString() != tc.Position.AEIString() {
				t.Fatalf("test %d changed in the round trip", i)
			}
		}
	})
}

// FuzzParsePiecePosition: blocks that parse print back to blocks that
// parse to the same thing.
func FuzzParsePiecePosition(f *testing.F) {
	for _, s := range []string{"Ec5 | Ed6 | Dc5 : 0.1 | Cc5: 0.15", "re8 re7 cd7 me6 | re8 : 0.8 |", "!Hf6x : 1e3", "|||"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := ParsePiecePosition(text)
		if err != nil {
			return
		}
		again, err := ParsePiecePosition(c.String())
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", text, c.String(), err)
		}
		if again.String() != c.String() {
			t.Fatalf("round trip %q -> %q", c.String(), again.String())
		}
	})
}

// FuzzPlayMove: whatever an engine sends as its move is judged without a
// panic.
func FuzzPlayMove(f *testing.F) {
	for _, s := range []string{"Ee2n Ee3n", "Rd7n", "rc3x", "Ra1n Ra1n Ra1n Ra1n Ra1n", "Ed4s Ed3e rd2n Ra1n", ""} {
		f.Add(s)
	}
	s, _ := LoadSuite("../assets/tests")
	f.Fuzz(func(t *testing.T, move string) {
		for _, tc := range s.Tests[:4] {
			pl, v, err := tc.Score(move, Report{})
			if err == nil && (v.Score < 0 || pl.Text == "") {
				t.Fatalf("%q: score %v text %q", move, v.Score, pl.Text)
			}
		}
	})
}
