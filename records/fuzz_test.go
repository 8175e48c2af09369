package records

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

// The fuzz targets check that no reader panics on any input, that every
// error is a *ParseError, and that writing what was read and reading it
// again gives the same value.

func FuzzParsePosition(f *testing.F) {
	f.Add(thesisPos)
	f.Add(strings.ReplaceAll(thesisPos, "\n", "\r\n"))
	f.Add("  12 s\n  8| r\n  7|\n6|\n5|\n4|\n3|\n2|\n1| R R\n")
	f.Add(FormatPosition(rules.StartPosition()))
	f.Add("")
	f.Add("2w\n8|r  . C. . . .  r|\n7|\n6|\n5|\n4|\n3|\n2|\n1|\n")
	f.Fuzz(func(t *testing.T, text string) {
		checkTolerant(t, text)
		p, err := ParsePosition(text)
		if refused(t, err) {
			return
		}
		q, out := rewritten(t, p, ParsePosition, FormatPosition)
		if q.Board() != p.Board() || q.Side() != p.Side() || q.Turn() != p.Turn() {
			t.Fatalf("round trip changed\n%s\ninto\n%s", out, FormatPosition(q))
		}
		if FormatPosition(q) != out {
			t.Fatal("writing is not stable")
		}
	})
}

// rewritten writes p with write and reads the text back with read,
// failing the test if it does not read.
func rewritten(t *testing.T, p rules.Position, read func(string) (rules.Position, error), write func(rules.Position) string) (q rules.Position, out string) {
	t.Helper()
	out = write(p)
	q, err := read(out)
	if err != nil {
		t.Fatalf("reading back\n%s: %v", out, err)
	}
	return q, out
}

// checkTolerant checks ParsePositionTolerant against ParsePosition: each
// warning names the line, column and character it read past, a text
// without warnings reads the same both ways, and a strict reader refuses
// a text with warnings at the first of them.
func checkTolerant(t *testing.T, text string) {
	p, warns, err := ParsePositionTolerant(text)
	if refused(t, err) {
		return
	}
	lines := splitLines(text)
	for _, w := range warns {
		if w.Line < 1 || w.Line > len(lines) || w.Column < 1 || w.Column > len(lines[w.Line-1]) || lines[w.Line-1][w.Column-1] != w.Char {
			t.Fatalf("warning %v does not point at %q", w, w.Char)
		}
	}
	q, err := ParsePosition(text)
	switch {
	case len(warns) == 0 && (err != nil || q.Board() != p.Board() || q.Side() != p.Side() || q.Turn() != p.Turn()):
		t.Fatalf("no warnings, but the strict reader gives %v", err)
	case len(warns) > 0 && (err == nil || err.Error() != warns[0].Strict().Error()):
		t.Fatalf("warnings %v, but the strict reader gives %v", warns, err)
	}
}

func FuzzParseCompact(f *testing.F) {
	f.Add(thesisCompact)
	f.Add("g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]")
	f.Add("b[..x..]")
	f.Add(" w [" + strings.Repeat("X", 64) + "] \r")
	f.Fuzz(func(t *testing.T, line string) {
		p, err := ParseCompact(line)
		if refused(t, err) {
			return
		}
		q, out := rewritten(t, p, ParseCompact, FormatCompact)
		if q.Board() != p.Board() || q.Side() != p.Side() {
			t.Fatalf("round trip changed %q into %q", out, FormatCompact(q))
		}
		if r, err := ParseAny(out); err != nil || r.Board() != p.Board() {
			t.Fatalf("ParseAny(%q): %v", out, err)
		}
	})
}

func FuzzParseRecord(f *testing.F) {
	addTestdata(f, "thesis_example.txt", "game_goal.txt", "from_position.txt")
	f.Add("1w Ra1\n1b\n")
	f.Add("1w\n")
	f.Add("2w Ee2n\n2b takeback\n2w resigns\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord(text)
		if refused(t, err) {
			return
		}
		g, err := rec.Game()
		if refused(t, err) {
			return
		}
		var b strings.Builder
		if err := WriteRecord(&b, g); err != nil {
			t.Fatal(err)
		}
		g2, err := readBack(t, b.String()).Game()
		if err != nil {
			t.Fatalf("replaying\n%s: %v", b.String(), err)
		}
		if r, over := g.Result(); over && r.How == rules.ByResignation {
			// A resignation is not a move: the writer leaves it to the
			// archive's result column.
			g2.Finish(r)
		}
		if d := sameGame(g, g2); d != "" {
			t.Fatalf("round trip: %s\n%s", d, b.String())
		}
		var b2 strings.Builder
		WriteRecord(&b2, g2)
		if b2.String() != b.String() {
			t.Fatalf("writing is not stable:\n%s\n%s", b.String(), b2.String())
		}
	})
}

func FuzzArchiveReader(f *testing.F) {
	// A short game keeps each run fast: the fuzzing engine minimizes every
	// new input for up to a minute by default, replaying it each time.
	seed := readTestdata(f, "thesis_example.txt")
	f.Add([]byte("id\tresult\ttermination\twrating\tstartts\trated\tmovelist\tevents\n" +
		"7\tw\tr\t1500\t1700000000\t1\t" + strings.ReplaceAll(seed, "\n", `\n`) + "\tjoined\\nleft\n"))
	f.Add([]byte("id\tmovelist\tresult\ttermination\n1\t1w\\n1b\tw\tg\n\n2\t\tb\tr\r\n"))
	f.Add([]byte("id\tmovelist\twrating\n1\t\t15.5\n2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ar := NewArchiveReader(bytes.NewReader(data), "fuzz.tsv")
		for n := 0; n < 1000; n++ {
			g, err := ar.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("error %v is a %T, not a *ParseError", err, err)
				}
				if pe.Line <= 1 {
					return // header errors stick
				}
				continue
			}
			if rec, err := g.Record(); err == nil {
				rec.Game()
			}
			var b bytes.Buffer
			w := NewArchiveWriter(&b)
			if err := w.Write(g); err != nil {
				if !errors.Is(err, ErrUnwritable) {
					t.Fatal(err)
				}
				continue
			}
			w.Flush()
			back, err := NewArchiveReader(&b, "").Next()
			if err != nil {
				t.Fatalf("reading back %q: %v", b.String(), err)
			}
			if d := archiveDiff(back, g); d != "" {
				t.Fatalf("round trip %s", d)
			}
		}
	})
}

func FuzzReadScored(f *testing.F) {
	f.Add("-412.5\tg [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]\n")
	f.Add("# c\n\n1e3 s [r]\n")
	f.Add("5 g [rrrrrrrrrdcemcdh                                HDCMECDHRRRRRRRR]")
	f.Fuzz(func(t *testing.T, in string) {
		got, err := ReadScored(strings.NewReader(in), "f.txt")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error %v (%T) has no line", err, err)
			}
			return
		}
		for _, sp := range got {
			if math.IsNaN(sp.Score) || math.Abs(sp.Score) > MaxScore || sp.Line < 1 {
				t.Fatalf("read %+v", sp)
			}
			for _, pr := range sp.Position.Validate() {
				if !pr.GameOver {
					t.Fatalf("line %d: an invalid position read: %s", sp.Line, pr.Msg)
				}
			}
		}
	})
}
