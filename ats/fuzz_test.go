package ats

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/analysis"
)

// FuzzReadATS: the legacy reader never panics, an accepted test is
// usable (its criteria print and judge without trouble), and each warning
// names the line and column of the character it read past.
func FuzzReadATS(f *testing.F) {
	// Seeds are small: the fuzzer's minimisation time grows with them.
	f.Add("[settings]\nposition =\n  2w\n[criteria]\ncondition = piece_position\nafter_piece_position = Eb3 !ce2 | Hf6x : 0.5\n")
	f.Add("[settings]\nposition = 2w\n  8|r  .C. r|\n[criteria]\ncondition = score goal\n")
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := ReadATS(strings.NewReader(text), "f.ats")
		if err != nil {
			return
		}
		_ = tc.Criteria.String()
		tc.Score("Ra1n", Report{})
		lines := strings.Split(text, "\n")
		for _, w := range tc.Warnings {
			if w.File != "f.ats" || w.Line < 1 || w.Line > len(lines) || w.Column < 1 || w.Column > len(lines[w.Line-1]) || lines[w.Line-1][w.Column-1] != w.Char {
				t.Fatalf("warning %v does not point at %q", w, w.Char)
			}
		}
	})
}

// FuzzReadTOML: the TOML reader never panics.
func FuzzReadTOML(f *testing.F) {
	f.Add(tomlTwo)
	f.Add("name = \"s\"\n[[test]]\nname = \"t\"\nposition = \"g [       r   R                                        e   R       ]\"\npieces = \"Rh8 !rb8\"\n")
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
			if d := diffTest(tc, a); d != "" || a.Name != tc.Name {
				t.Fatalf("test %d changed in the round trip: name %q, then %q; %s", i, tc.Name, a.Name, d)
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

// FuzzReadResultFile: a result file of any content is read without a
// panic, and what is read writes and reads back the same.
func FuzzReadResultFile(f *testing.F) {
	f.Add([]byte(`{"type":"run","run":{"version":1,"suite":"s","engine":"e","limits":{"time_ns":1},"cycles":1,"jobs":1,"threshold":1,"tests":["a"],"start":"2026-01-02T03:04:05Z"}}
{"type":"result","result":{"name":"a","number":1,"cycle":1,"status":"pass","score":1,"max_score":1,"move":"Ra1n","legal":true,"seconds":0.5}}
{"type":"end","end":"2026-01-02T03:04:06Z"}
`))
	f.Add([]byte(`{"type":"run","run":{}}` + "\n" + `{"type":"result","result":{"name":"a"` + "\n"))
	f.Add([]byte(`{"type":"mystery"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = parseSummary(data, "run.jsonl")
		h, rs, done, err := readResults(bytes.NewReader(data), "run.jsonl")
		if err != nil {
			return
		}
		// Written again line by line as a ResultFile writes them.
		var again bytes.Buffer
		lines := []line{{Type: "run", Run: &h}}
		for i := range rs {
			lines = append(lines, line{Type: "result", Result: &rs[i]})
		}
		if done {
			end := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
			lines = append(lines, line{Type: "end", End: &end})
		}
		for _, l := range lines {
			b, err := l.encode()
			if err != nil {
				t.Fatal(err)
			}
			again.Write(b)
		}
		_, rs2, done2, err := readResults(&again, "again.jsonl")
		if err != nil || len(rs2) != len(rs) || done2 != done {
			t.Fatalf("rewritten: %d results, done %v, %v; want %d, %v", len(rs2), done2, err, len(rs), done)
		}
		_ = Summarize(h, rs, done).Line()
	})
}

// FuzzLoadConfig: a suite configuration, TOML or the original runner's
// ats.cfg, is read without a panic, and one that is accepted holds only
// settings a run takes.
func FuzzLoadConfig(f *testing.F) {
	f.Add("engine = \"builtin\"\nengine_options = { hash = \"64\" }\ntests = [\"t\"]\ntime_per_test = 0.5\ncycles = 2\njobs = 1\nthreshold = 0.5\n")
	f.Add("[global]\nengine = bot -x\ntests = 1-5\ntime_per_test = 2\ncycles = 1\n")
	f.Add("[global]\ntime_per_test = nan\n")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(dir, "ats.cfg")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := LoadConfig(path)
		if err != nil {
			return
		}
		if err := c.check(); err != nil {
			t.Fatalf("accepted a configuration out of range: %v", err)
		}
		lim := analysis.Limits{Time: time.Duration(c.TimePerTest * float64(time.Second)), Playouts: c.Playouts, Nodes: c.Nodes}
		if err := CheckLimits(lim); err != nil {
			t.Fatalf("accepted limits out of range: %v", err)
		}
	})
}

// FuzzParseFilter: a filter of any text parses or fails without a panic,
// and commas and blanks separate its items alike.
func FuzzParseFilter(f *testing.F) {
	for _, s := range []string{"1-10, tag:goal", "goal-*,7", "3-1", "tag:", "[", "0"} {
		f.Add(s)
	}
	tests := []*Test{{Number: 1, Name: "goal-one"}, {Number: 7, Name: "x", Tags: []string{"goal"}}, {Number: 12, Name: "[odd]"}}
	f.Fuzz(func(t *testing.T, text string) {
		a, errA := ParseFilter(text)
		b, errB := ParseFilter(strings.ReplaceAll(text, ",", " "))
		if (errA == nil) != (errB == nil) {
			t.Fatalf("%q: %v, with blanks for commas %v", text, errA, errB)
		}
		if errA != nil {
			return
		}
		for _, tc := range tests {
			if a.Match(tc) != b.Match(tc) {
				t.Fatalf("%q: test %d matches one way only", text, tc.Number)
			}
		}
	})
}
