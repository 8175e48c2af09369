package records

import (
	"errors"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

// thesisPos is the example position of Kozelek, Methods of MCTS and the
// game Arimaa, 2009, appendix A.5.1 (also the end of the game in
// testdata/thesis_example.txt, the thesis's example record), in canonical
// form.
const thesisPos = `8b
 +-----------------+
8| r . . . . r r r |
7| . r c . . c . h |
6| h . x r . x d . |
5| . . . . . r . . |
4| . . d . r e . . |
3| . D x E M x D . |
2| H . C m . C . H |
1| R R R R R R R R |
 +-----------------+
   a b c d e f g h
`

const thesisCompact = "s [r    rrr rc  c hh  r  d      r    d re   D EM D H Cm C HRRRRRRRR]"

func TestParsePositionLenient(t *testing.T) {
	want := mustPos(t, thesisPos)
	indent := func(s, by string) string {
		lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
		return by + strings.Join(lines, "\n"+by) + "\n"
	}
	tests := []struct {
		name, text string
	}{
		{"canonical", thesisPos},
		{"CRLF", strings.ReplaceAll(thesisPos, "\n", "\r\n")},
		{"indented by four spaces", indent(thesisPos, "    ")},
		{"indented by a tab, CRLF", strings.ReplaceAll(indent(thesisPos, "\t"), "\n", "\r\n")},
		{"header with a space", strings.Replace(thesisPos, "8b", "8 b", 1)},
		{"header with leading space and s", strings.Replace(thesisPos, "8b", " 8s", 1)},
		{"dots as X and spaces", strings.NewReplacer("x", "X", ". ", "  ").Replace(thesisPos)},
		{"trap marks as dots", strings.ReplaceAll(thesisPos, "x", ".")},
		{"no footer", strings.TrimSuffix(thesisPos, "   a b c d e f g h\n")},
		{"no borders or footer", strings.NewReplacer(" +-----------------+\n", "", "   a b c d e f g h\n", "").Replace(thesisPos)},
		{"byte-order mark", "\ufeff" + thesisPos},
		{"blank lines between", strings.ReplaceAll(thesisPos, "\n", "\n\n")},
		{"leading blank lines, no final newline", "\n\n" + strings.TrimSuffix(thesisPos, "\n")},
		{"closing bar missing", strings.ReplaceAll(thesisPos, " |\n", "\n")},
		{"trailing blanks trimmed", strings.Replace(thesisPos, "4| . . d . r e . . |", "4| . . d . r e", 1)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParsePosition(tc.text)
			if err != nil {
				t.Fatalf("ParsePosition: %v", err)
			}
			if got.Board() != want.Board() || got.Side() != want.Side() || got.Turn() != want.Turn() {
				t.Errorf("got\n%s\nwant\n%s", FormatPosition(got), FormatPosition(want))
			}
		})
	}
}

func TestParsePositionHeader(t *testing.T) {
	board := thesisPos[strings.IndexByte(thesisPos, '\n'):]
	tests := []struct {
		header string
		turn   int
		side   rules.Color
	}{
		{"12b", 12, rules.Silver},
		{"12 b", 12, rules.Silver},
		{"12s", 12, rules.Silver},
		{"12w", 12, rules.Gold},
		{"12g", 12, rules.Gold},
		{"12", 12, rules.Gold},
		{"  3 w  ", 3, rules.Gold},
	}
	for _, tc := range tests {
		t.Run(tc.header, func(t *testing.T) {
			p, err := ParsePosition(tc.header + board)
			if err != nil {
				t.Fatal(err)
			}
			if p.Turn() != tc.turn || p.Side() != tc.side {
				t.Errorf("turn %d side %v, want %d %v", p.Turn(), p.Side(), tc.turn, tc.side)
			}
		})
	}
}

func TestParsePositionErrors(t *testing.T) {
	tests := []parseErrorCase{
		{"bad piece", strings.Replace(thesisPos, "4| . . d", "4| . . Q", 1), 7, 8, ErrPiece,
			"line 7, column 8: 'Q' is not an Arimaa piece"},
		{"bad piece, indented", "  8b\n  +--+\n  8| . Z", 3, 8, ErrPiece,
			"line 3, column 8: 'Z' is not an Arimaa piece"},
		{"empty", "\n \n", 1, 0, ErrEmpty, "line 1: no position: the text is empty"},
		{"no header", strings.SplitN(thesisPos, "\n", 2)[1], 1, 2, ErrHeader,
			`line 1, column 2: expected the move number and side to move, such as "12b"`},
		{"bad side", strings.Replace(thesisPos, "8b", "8q", 1), 1, 2, ErrSide,
			"line 1, column 2: 'q' is not a side (w, g, b or s)"},
		{"junk after side", strings.Replace(thesisPos, "8b", "8b!", 1), 1, 3, ErrHeader,
			`line 1, column 3: unexpected "!" after the side to move`},
		{"turn zero", strings.Replace(thesisPos, "8b", "0b", 1), 1, 1, ErrHeader,
			"line 1, column 1: the move number must be 1 or more"},
		{"ranks out of order", strings.Replace(thesisPos, "7| . r", "6| . r", 1), 4, 1, ErrBoard,
			"line 4, column 1: expected rank 7, found rank 6"},
		{"board cut short", strings.Join(strings.Split(thesisPos, "\n")[:6], "\n"), 6, 0, ErrBoard,
			"line 6: the board ends before rank 4"},
		{"squares not in columns", strings.Replace(thesisPos, "5| . . .", "5|. . . ", 1), 6, 3, ErrBoard,
			"line 6, column 3: expected a space between squares, found '.' (squares are read from fixed columns)"},
		{"junk after rank", strings.Replace(thesisPos, "R R R R R R R R |", "R R R R R R R R | 9", 1), 10, 22, ErrBoard,
			`line 10, column 22: unexpected "9" after rank 1`},
		{"text after board", thesisPos + "\nhello\n", 14, 1, ErrBoard,
			"line 14, column 1: unexpected text after the board"},
		{"unsupported piece on trap", strings.NewReplacer("6| h . x", "6| h . H", "C . H |", "C . . |").Replace(thesisPos), 5, 8, ErrPosition,
			"line 5, column 8: gold horse on trap c6 has no friendly neighbour and would already be captured"},
		{"too many elephants", strings.Replace(thesisPos, "1| R", "1| E", 1), 1, 0, ErrPosition,
			"line 1: gold has 2 elephants; at most 1 allowed"},
	}
	checkParseErrors(t, tests, func(text string) error {
		_, err := ParsePosition(text)
		return err
	})
}

func TestParsePositionTolerant(t *testing.T) {
	// without removes the pieces on squares from thesisPos's board.
	without := func(squares ...rules.Square) [64]rules.Piece {
		p := mustPos(t, thesisPos)
		b := p.Board()
		for _, sq := range squares {
			b[sq] = rules.Empty
		}
		return b
	}
	tests := []struct {
		name  string
		text  string
		board [64]rules.Piece
		warns []ParseWarning // File and Err are checked apart
	}{
		{"canonical", thesisPos, without(), nil},
		{"piece one column left", strings.Replace(thesisPos, "2| H . C m", "2| H .C  m", 1), without(rules.C2),
			[]ParseWarning{{Line: 9, Column: 7, Char: 'C', Msg: "'C' between squares ignored (squares are read from fixed columns)"}}},
		{"piece one column right of h", strings.Replace(thesisPos, "R R R R |", "R R R  R|", 1), without(rules.H1),
			[]ParseWarning{{Line: 10, Column: 19, Char: 'R', Msg: "'R' after the eighth square ignored (squares are read from fixed columns)"}}},
		{"two, indented", strings.NewReplacer("8| r .", "    8|r  .", "5| . . . . . r", "    5| . . . . .r ").Replace(thesisPos), without(rules.A8, rules.F5),
			[]ParseWarning{
				{Line: 3, Column: 7, Char: 'r', Msg: "'r' between squares ignored (squares are read from fixed columns)"},
				{Line: 6, Column: 17, Char: 'r', Msg: "'r' between squares ignored (squares are read from fixed columns)"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, warns, err := ParsePositionTolerant(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if p.Board() != tc.board {
				t.Errorf("board\n%s", FormatPosition(p))
			}
			if len(warns) != len(tc.warns) {
				t.Fatalf("warnings %v, want %v", warns, tc.warns)
			}
			for i, w := range warns {
				want := tc.warns[i]
				if w.Line != want.Line || w.Column != want.Column || w.Char != want.Char || w.Msg != want.Msg || w.File != "" {
					t.Errorf("warning %d: %+v, want %+v", i, w, want)
				}
				if !errors.Is(w.Err, ErrBoard) {
					t.Errorf("warning %d: Err %v is not ErrBoard", i, w.Err)
				}
			}
			if len(warns) == 0 {
				return
			}
			// A strict reader stops at the first warning with its Err.
			_, err = ParsePosition(tc.text)
			if got := warns[0].Strict(); err == nil || err.Error() != got.Error() {
				t.Errorf("ParsePosition: %v; the first warning made strict: %v", err, got)
			}
		})
	}
	// What the tolerant reader still refuses: a piece that is no piece, and
	// a board the ignored character leaves invalid.
	if _, _, err := ParsePositionTolerant(strings.Replace(thesisPos, "4| . . d", "4| . .Qd", 1)); err != nil {
		t.Errorf("a stray 'Q' between squares: %v", err)
	}
	_, _, err := ParsePositionTolerant(strings.Replace(thesisPos, "4| . . d", "4| . . Q", 1))
	checkParseError(t, err, 7, 8, ErrPiece, "line 7, column 8: 'Q' is not an Arimaa piece")
	_, _, err = ParsePositionTolerant("2w\n8| . . . . . . . r |\n7|\n6|\n5|\n4|\n3| . .DR\n2|\n1|\n")
	checkParseError(t, err, 7, 8, ErrPosition, "line 7, column 8: gold rabbit on trap c3 has no friendly neighbour and would already be captured")
}

func TestParseWarningString(t *testing.T) {
	w := ParseWarning{File: "t.ats", Line: 8, Column: 9, Char: 'C', Msg: "'C' between squares ignored", Err: because(ErrBoard, "expected a space")}
	if got := w.String(); got != "t.ats:8:9: 'C' between squares ignored" {
		t.Errorf("String = %q", got)
	}
	if got := w.Strict(); got.Error() != "t.ats:8:9: expected a space" || !errors.Is(got, ErrBoard) {
		t.Errorf("Strict = %v", got)
	}
}

func TestReadPositionNamesFile(t *testing.T) {
	_, err := ReadPosition(strings.NewReader(strings.Replace(thesisPos, "4| . . d", "4| . . Q", 1)), "pos.txt")
	checkParseError(t, err, 7, 8, ErrPiece, "pos.txt:7:8: 'Q' is not an Arimaa piece")
}

func TestParsePositionAcceptsGameOver(t *testing.T) {
	p, err := ParsePosition(strings.NewReplacer("8| r . . . . r r r", "8| r . . . . r R r", "1| R R", "1| . R").Replace(thesisPos))
	if err != nil {
		t.Fatalf("a rabbit on its goal rank is allowed: %v", err)
	}
	if _, over := p.Outcome(); !over {
		t.Error("the game should be over")
	}
}

func TestCompact(t *testing.T) {
	want := mustPos(t, thesisPos)
	tests := []struct{ name, line string }{
		{"canonical", thesisCompact},
		{"b side letter and no space", "b[" + thesisCompact[3:]},
		{"dots, CR and blanks", "  s [" + strings.ReplaceAll(thesisCompact[3:], " ", ".") + " \r"},
		{"X for empty, b side", "b [" + strings.ReplaceAll(thesisCompact[3:], " ", "X")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseCompact(tc.line)
			if err != nil {
				t.Fatal(err)
			}
			if p.Board() != want.Board() || p.Side() != want.Side() {
				t.Errorf("got %s, want %s", FormatCompact(p), FormatCompact(want))
			}
		})
	}
	if got := FormatCompact(want); got != thesisCompact {
		t.Errorf("FormatCompact = %q", got)
	}
}

func TestParseCompactErrors(t *testing.T) {
	tests := []struct {
		name, line string
		col        int
		kind       error
		msg        string
	}{
		{"bad side", "q [" + strings.Repeat(" ", 64) + "]", 1, ErrSide, "line 1, column 1: 'q' is not a side (g, w, s or b)"},
		{"bad piece", "g [" + strings.Repeat(" ", 10) + "Q" + strings.Repeat(" ", 53) + "]", 14, ErrPiece,
			"line 1, column 14: 'Q' is not an Arimaa piece"},
		{"indented bad piece", "  g [Q" + strings.Repeat(" ", 63) + "]", 6, ErrPiece,
			"line 1, column 6: 'Q' is not an Arimaa piece"},
		{"short board", "g [rr]", 6, ErrBoard, "line 1, column 6: the board ends after 2 squares; it needs 64"},
		{"empty", "   ", 1, ErrEmpty, "line 1, column 1: empty line; expected a side letter (g or s) and the board in brackets"},
		{"unsupported piece on trap", "g [" + strings.Repeat(" ", 18) + "R" + strings.Repeat(" ", 45) + "]", 22, ErrPosition,
			"line 1, column 22: gold rabbit on trap c6 has no friendly neighbour and would already be captured"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseCompact(tc.line)
			checkParseError(t, err, 1, tc.col, tc.kind, tc.msg)
		})
	}
}

func TestParseAny(t *testing.T) {
	want := mustPos(t, thesisPos)
	for _, text := range []string{thesisPos, "\n" + thesisCompact + "\n", strings.ReplaceAll(thesisPos, "\n", "\r\n")} {
		p, err := ParseAny(text)
		if err != nil {
			t.Fatalf("ParseAny(%q): %v", text, err)
		}
		if p.Board() != want.Board() || p.Side() != want.Side() {
			t.Errorf("ParseAny(%q) = %s", text, FormatCompact(p))
		}
	}
	if _, err := ParseAny("g [Q]"); !errors.Is(err, ErrPiece) {
		t.Errorf("ParseAny of a bad compact line: %v", err)
	}
}

func TestFormatPositionRoundTrip(t *testing.T) {
	for _, p := range []rules.Position{mustPos(t, thesisPos), rules.StartPosition(), rules.NewPosition(rules.Silver, 0, [64]rules.Piece{})} {
		text := FormatPosition(p)
		q, err := ParsePosition(text)
		if err != nil {
			t.Fatalf("reading back %q: %v", text, err)
		}
		if q.Board() != p.Board() || q.Side() != p.Side() || (p.Turn() != 0 && q.Turn() != p.Turn()) {
			t.Errorf("round trip changed the position:\n%s\n%s", text, FormatPosition(q))
		}
	}
}

func mustPos(t testing.TB, text string) rules.Position {
	t.Helper()
	p, err := ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition: %v", err)
	}
	return p
}
