package records

import (
	"errors"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

func writeTree(t testing.TB, tr *Tree) string {
	t.Helper()
	var b strings.Builder
	if err := WriteTree(&b, tr); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestGoldenAnnotatedRecord: comments (one over two lines, one on a setup,
// two after one turn) and nested variations are read and written in the
// canonical form, which reads back to the same text.
func TestGoldenAnnotatedRecord(t *testing.T) {
	tr := mustTree(t, strings.ReplaceAll(readTestdata(t, "annotated.txt"), "\n", "\r\n"))
	if tr.SetupComment[0] != "a standard setup" || tr.Notes[0].Comment != "the horse\n   goes out" {
		t.Errorf("comments %q, %q", tr.SetupComment[0], tr.Notes[0].Comment)
	}
	vs := tr.Notes[0].Variations
	if len(vs) != 2 || len(vs[0].Moves) != 3 || len(vs[1].Moves) != 1 || len(vs[0].Notes[1].Variations) != 1 {
		t.Fatalf("variations read as %+v", vs)
	}
	if got := vs[0].Notes[1].Comment; got != "and a second comment on 2b" {
		t.Errorf("comment after a nested variation: %q", got)
	}
	out := writeTree(t, tr)
	golden(t, "record_annotated.txt", out)
	if again := writeTree(t, mustTree(t, out)); again != out {
		t.Errorf("reading back the canonical form changed it:\n%s", again)
	}
}

// TestWriteTreePlainIsWriteRecord: a record with no comment and no
// variation is written byte for byte as before.
func TestWriteTreePlainIsWriteRecord(t *testing.T) {
	for _, name := range []string{"game_goal.txt", "thesis_example.txt", "from_position.txt"} {
		text := readTestdata(t, name)
		tr := mustTree(t, text)
		if tr.Annotated() {
			t.Errorf("%s: a plain record reads as annotated", name)
		}
		var b strings.Builder
		if err := WriteRecord(&b, tr.Game); err != nil {
			t.Fatal(err)
		}
		if got := writeTree(t, tr); got != b.String() {
			t.Errorf("%s: WriteTree differs from WriteRecord:\n%s", name, got)
		}
	}
}

func TestAnnotatedRecordErrors(t *testing.T) {
	base := strings.Join(strings.Split(readTestdata(t, "game_goal.txt"), "\n")[:4], "\n") + "\n"
	cases := []struct {
		name, text string
		line, col  int
		kind       error
		msg        string
	}{
		{"unclosed comment", base + "3w Ra1e {no end\n", 5, 9, ErrVariation, "not closed"},
		{"unclosed variation", base + "( 2b rb8s\n", 5, 1, ErrVariation, "not closed with ')'"},
		{"stray close", base + ")\n", 5, 1, ErrVariation, "closes no variation"},
		{"stray brace", base + "}\n", 5, 1, ErrVariation, "closes no comment"},
		{"comment before any turn", "{hello}\n" + base, 1, 1, ErrVariation, "none before it"},
		{"variation of a setup", strings.Join(strings.Split(base, "\n")[:2], "\n") + "\n( 1b ra8 )\n", 3, 1, ErrVariation, "setup cannot have variations"},
		{"empty variation", base + "( )\n", 5, 3, ErrVariation, "has no moves"},
		{"resignation in a variation", base + "( 2b resigns )\n", 5, 6, ErrVariation, "cannot stand in a variation"},
		{"bare label in a variation", base + "( 2b )\n", 5, 3, ErrToken, "has no steps"},
		{"wrong label in a variation", base + "( 3w Ra1n )\n", 5, 3, ErrLabel, "expected turn 2b, found 3w"},
		{"illegal move in a variation", base + "( 2b hh7s Ra1n )\n", 5, 11, ErrIllegal, "Ra1n"},
		{"wrong capture in a variation", base + "( 2b hh7s hh6x )\n", 5, 11, ErrCapture, "captures nothing"},
		{"after a resignation", base + "3w resigns\n( 3w Ra1n )\n", 6, 1, ErrLabel, "nothing may follow"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := ParseRecord(tc.text)
			if err == nil {
				_, err = rec.Tree()
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			if pe.Line != tc.line || pe.Column != tc.col || !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("got %v (line %d, column %d), want line %d, column %d, %v, %q", err, pe.Line, pe.Column, tc.line, tc.col, tc.kind, tc.msg)
			}
		})
	}
}

func TestWriteTreeRefusesBrace(t *testing.T) {
	tr := mustTree(t, readTestdata(t, "annotated.txt"))
	tr.Notes[1].Comment = "a } in the middle"
	var b strings.Builder
	if err := WriteTree(&b, tr); err == nil || !strings.Contains(err.Error(), "'}'") {
		t.Errorf("a comment holding '}' was written: %v", err)
	}
}

// FuzzRecordTree: reading an annotated record never panics, errors are
// *ParseErrors, and what WriteTree writes reads back to the same text.
func FuzzRecordTree(f *testing.F) {
	addTestdata(f, "annotated.txt", "game_goal.txt", "from_position.txt")
	f.Add("1w Ra1\n1b\n{x}")
	f.Add("2w Ee2n\n(2w Ee2e {a\nb}) (2w Ee2w)\n2b takeback\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord(text)
		if err == nil {
			var tr *Tree
			if tr, err = rec.Tree(); err == nil {
				var b strings.Builder
				if err := WriteTree(&b, tr); err != nil {
					t.Fatalf("writing what was read: %v", err)
				}
				t2, err := readBack(t, b.String()).Tree()
				if err != nil {
					t.Fatalf("replaying\n%s: %v", b.String(), err)
				}
				if r, over := tr.Game.Result(); over && t2.Game.Phase() != rules.Over {
					t2.Game.Finish(r)
				}
				var b2 strings.Builder
				if err := WriteTree(&b2, t2); err != nil || b2.String() != b.String() {
					t.Fatalf("round trip changed\n%s\ninto\n%s (%v)", b.String(), b2.String(), err)
				}
				if d := sameGame(tr.Game, t2.Game); d != "" {
					t.Fatalf("round trip: %s\n%s", d, b.String())
				}
			}
		}
		refused(t, err)
	})
}
