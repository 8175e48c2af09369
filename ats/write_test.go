package ats

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// diffTest says how b differs from a in what a test file holds (not its
// name, file or line), or "" when it does not.
func diffTest(a, b *Test) string {
	switch {
	case a.Comment != b.Comment:
		return fmt.Sprintf("comment %q, then %q", a.Comment, b.Comment)
	case strings.Join(a.Tags, "\x00") != strings.Join(b.Tags, "\x00"):
		return fmt.Sprintf("tags %q, then %q", a.Tags, b.Tags)
	case a.Solution != b.Solution:
		return fmt.Sprintf("solution %q, then %q", a.Solution, b.Solution)
	case records.FormatPosition(a.Position) != records.FormatPosition(b.Position):
		// The long format, as the files hold it: an unknown turn (0) is written as 2.
		return fmt.Sprintf("position\n%s then\n%s", records.FormatPosition(a.Position), records.FormatPosition(b.Position))
	case a.Criteria.String() != b.Criteria.String():
		return fmt.Sprintf("criteria %q, then %q", a.Criteria.String(), b.Criteria.String())
	}
	return ""
}

// blockade is the position of the appendix's example test.
func blockade(t testing.TB) rules.Position {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "legacy", "elephant-blockade.ats"))
	if err != nil {
		t.Fatal(err)
	}
	tc, err := ReadATS(bytes.NewReader(data), "elephant-blockade.ats")
	if err != nil {
		t.Fatal(err)
	}
	return tc.Position
}

// writtenTests are tests of every shape both writers take.
func writtenTests(t *testing.T) []*Test {
	pos := blockade(t)
	crit := func(text string) Criteria {
		c, err := ParseATSCriteria(text, pos)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		return c
	}
	return []*Test{
		{Name: "goal", Position: pos, Criteria: crit("score goal")},
		{Name: "prevent", Comment: "Stop the rabbit.", Tags: []string{"defence"}, Position: pos, Criteria: crit("Prevent  Goal")},
		{Name: "blocks", Comment: "Two lines,\n  the second indented.", Tags: []string{"elephant", "blockade"}, Solution: "rh7s",
			Position: pos, Criteria: crit("re8 re7 cd7 me6 | re8 re7 md7 ce6 : 0.8 | !Hf6x : 0.25")},
	}
}

// TestWriteGolden: the legacy and TOML writers' output for each shape of
// test, and the tests read back the same from both.
func TestWriteGolden(t *testing.T) {
	tests := writtenTests(t)
	for _, tc := range tests {
		t.Run(tc.Name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteATS(&b, tc); err != nil {
				t.Fatal(err)
			}
			golden(t, "write-"+tc.Name+".ats", b.Bytes())
			back, err := ReadATS(bytes.NewReader(b.Bytes()), tc.Name+".ats")
			if err != nil {
				t.Fatalf("%v\n%s", err, b.Bytes())
			}
			if d := diffTest(tc, back); d != "" || back.Name != tc.Name {
				t.Errorf("read back as %q: %s", back.Name, d)
			}
		})
	}
	var b bytes.Buffer
	if err := WriteTOML(&b, "written", tests); err != nil {
		t.Fatal(err)
	}
	golden(t, "write.toml", b.Bytes())
	tf, err := ReadTOML(bytes.NewReader(b.Bytes()), "write.toml")
	if err != nil {
		t.Fatal(err)
	}
	for i, tc := range tests {
		if d := diffTest(tc, tf.Tests[i]); d != "" || tf.Tests[i].Name != tc.Name {
			t.Errorf("%s read back from TOML as %q: %s", tc.Name, tf.Tests[i].Name, d)
		}
	}
}

// TestWriteATSExamples: every example test the legacy format can hold
// is written and read back the same.
func TestWriteATSExamples(t *testing.T) {
	s, errs := LoadSuite(exampleSuite)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	written := 0
	for _, tc := range s.Tests {
		var b bytes.Buffer
		if err := WriteATS(&b, tc); errors.Is(err, ErrNotWritable) {
			continue
		} else if err != nil {
			t.Fatalf("%s: %v", tc.Name, err)
		}
		written++
		back, err := ReadATS(bytes.NewReader(b.Bytes()), "x.ats")
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.Name, err, b.Bytes())
		}
		if d := diffTest(tc, back); d != "" {
			t.Errorf("%s: %s", tc.Name, d)
		}
	}
	if written < 10 {
		t.Errorf("only %d example tests written", written)
	}
}

func TestWriteATSRefuses(t *testing.T) {
	pos := blockade(t)
	goal, _ := goalCondition(condScoreGoal)
	best, err := bestMoveCriteria(pos)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		test Test
		want string
	}{
		{"spaced tag", Test{Tags: []string{"two words"}, Criteria: goal}, "single words"},
		{"comma tag", Test{Tags: []string{"a,b"}, Criteria: goal}, "single words"},
		{"remark comment", Test{Comment: "First.\n# second", Criteria: goal}, "remark"},
		{"control character", Test{Comment: "a\rb", Criteria: goal}, "control character"},
		{"multi-line solution", Test{Solution: "Ef7n\nEf8e", Criteria: goal}, "control character"},
		{"no criteria", Test{}, "no criteria"},
		{"best move", Test{Criteria: best}, "use piece atoms"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.test.Position = pos
			err := WriteATS(&bytes.Buffer{}, &tc.test)
			if !errors.Is(err, ErrNotWritable) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want ErrNotWritable saying %q", err, tc.want)
			}
			if err := SaveATS(filepath.Join(t.TempDir(), "x.ats"), &tc.test); err == nil {
				t.Error("SaveATS wrote it")
			}
		})
	}
}

// bestMoveCriteria gives criteria with a best_move atom, which
// only a TOML test can hold.
func bestMoveCriteria(pos rules.Position) (Criteria, error) {
	tf, err := ReadTOML(strings.NewReader("[[test]]\nname = \"m\"\nposition = '''\n"+records.FormatPosition(pos)+"'''\nbest_move = [\"rh7s\"]\n"), "m.toml")
	if err != nil {
		return Criteria{}, err
	}
	return tf.Tests[0].Criteria, nil
}

func TestParseATSCriteria(t *testing.T) {
	pos := blockade(t)
	tests := []struct{ in, want, err string }{
		{"  Score   Goal ", "score goal", ""},
		{"prevent goal", "prevent goal", ""},
		{"re8 | Hf6x : 0.5", "re8 | Hf6x : 0.5", ""},
		{"", "", "empty"},
		{"re8 Zz9", "", "column 5"},
		{"re8 : x", "", "weight"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			c, err := ParseATSCriteria(tc.in, pos)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil || ATSCriteriaText(c) != tc.want {
				t.Errorf("%q, %v; want %q", ATSCriteriaText(c), err, tc.want)
			}
		})
	}
}

func TestSaveATS(t *testing.T) {
	path := filepath.Join(t.TempDir(), "blocks.ats")
	in := writtenTests(t)[2]
	if err := SaveATS(path, in); err != nil {
		t.Fatal(err)
	}
	s, errs := LoadSuite(path)
	if len(errs) > 0 || len(s.Tests) != 1 {
		t.Fatalf("%v, %d tests", errs, len(s.Tests))
	}
	if d := diffTest(in, s.Tests[0]); d != "" {
		t.Error(d)
	}
}

// FuzzATSRoundTrip: a test the legacy reader accepts is written back (or
// refused with ErrNotWritable) and reads back the same.
func FuzzATSRoundTrip(f *testing.F) {
	f.Add("[settings]\ncomment = a\n  b\n    c\nposition =\n  2w\ntags = x,y z\nsolution = Ra1n\n[criteria]\ncondition = piece_position\nafter_piece_position = Eb3 !ce2 | Hf6x : 0.5\n")
	f.Add("[setup]\nposition = 2w\n  8|r  .C. r|\n[criteria]\ncondition = Prevent Goal\n")
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ReadATS(strings.NewReader(text), "f.ats")
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := WriteATS(&b, a); errors.Is(err, ErrNotWritable) {
			return
		} else if err != nil {
			t.Fatal(err)
		}
		again, err := ReadATS(bytes.NewReader(b.Bytes()), "f.ats")
		if err != nil {
			t.Fatalf("the written test does not read: %v\n%s", err, b.Bytes())
		}
		if d := diffTest(a, again); d != "" {
			t.Fatalf("the round trip changed the test: %s\n%s", d, b.Bytes())
		}
		if len(again.Warnings) > 0 {
			t.Fatalf("the written test reads with warnings: %v", again.Warnings)
		}
	})
}
