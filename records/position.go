package records

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records/fsutil"
)

// maxFileSize bounds what the whole-file readers (positions, records)
// accept, so a wrong file cannot exhaust memory: the limit every reader
// of a whole file shares.
const maxFileSize = fsutil.MaxReadSize

// ParsePosition reads a position in the standard (long) format. The header
// ("12b", "12 b", "12s", " 12w", or "12" for Gold) sets the side to move and
// the turn number; the board is read from fixed columns relative to each
// rank's '|', so indentation does not matter. Borders and footer are
// optional, lines may end in CRLF, and empty squares may be space, '.', 'x'
// or 'X'. The position must be valid (see rules.Position.Validate); one in
// which a rabbit already stands on its goal rank is accepted.
func ParsePosition(text string) (rules.Position, error) {
	return parsePositionText(text, "", nil)
}

// ParsePositionTolerant is ParsePosition reading the board the way the
// original Arimaa Test Suite runner did (Kozelek, Methods of MCTS and the
// game Arimaa, 2009, appendix A.7): only the fixed square columns count,
// so a character standing between two squares, or between the eighth
// square and the closing '|', is ignored instead of refused. Each one
// ignored is a ParseWarning (ParsePosition refuses the same text with the
// warning's Err). Legacy test files need this: some hold a piece one
// column off its place, which that runner never noticed.
func ParsePositionTolerant(text string) (rules.Position, []ParseWarning, error) {
	var warns []ParseWarning
	p, err := parsePositionText(text, "", &warns)
	if err != nil {
		return rules.Position{}, nil, err
	}
	return p, warns, nil
}

// ReadPosition is ParsePosition reading from r; name (a file name, or "")
// is put in errors.
func ReadPosition(r io.Reader, name string) (rules.Position, error) {
	text, err := readAll(r, name)
	if err != nil {
		return rules.Position{}, err
	}
	return parsePositionText(text, name, nil)
}

// parsePositionText reads a whole long position; with warn nil it is
// strict, and otherwise it reads past stray characters between squares,
// adding a warning for each to *warn.
func parsePositionText(text, name string, warn *[]ParseWarning) (rules.Position, error) {
	lines := splitLines(text)
	p, next, err := parseBoard(lines, 0, warn)
	if err == nil {
		if i, col := nextNonBlank(lines, next); i < len(lines) {
			err = errAt(i+1, col, ErrBoard, "unexpected text after the board")
		}
	}
	if err != nil {
		err.File = name
		return rules.Position{}, err
	}
	return p, nil
}

func readAll(r io.Reader, name string) (string, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFileSize+1))
	if err != nil {
		return "", &ParseError{File: name, Err: err}
	}
	if len(data) > maxFileSize {
		return "", &ParseError{File: name, Err: because(ErrTooLong, "the file is larger than %d MB", maxFileSize>>20)}
	}
	return string(data), nil
}

// splitLines splits text into lines without their LF or CRLF endings and
// drops a leading byte-order mark.
func splitLines(text string) []string {
	text = strings.TrimPrefix(text, "\ufeff")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// nextNonBlank returns the index of the first line from i that is not
// blank, and the 1-based column of its first non-blank character.
func nextNonBlank(lines []string, i int) (int, int) {
	for ; i < len(lines); i++ {
		if t := strings.TrimLeft(lines[i], " \t"); t != "" {
			return i, len(lines[i]) - len(t) + 1
		}
	}
	return i, 0
}

// indentOf splits a line into its leading blanks' length and the rest.
func indentOf(l string) (int, string) {
	t := strings.TrimLeft(l, " \t")
	return len(l) - len(t), t
}

// parseHeader reads a position header such as "12b" from the line with
// index i.
func parseHeader(l string, i int) (turn int, side rules.Color, err *ParseError) {
	ind, t := indentOf(l)
	t = strings.TrimRight(t, " \t")
	j := 0
	for j < len(t) && t[j] >= '0' && t[j] <= '9' {
		turn = turn*10 + int(t[j]-'0')
		if turn > 65535 {
			return 0, 0, errAt(i+1, ind+1, ErrHeader, "the move number %s is too large", rules.Quote(t[:j+1]))
		}
		j++
	}
	if j == 0 {
		return 0, 0, errAt(i+1, ind+1, ErrHeader, "expected the move number and side to move, such as \"12b\"")
	}
	if turn == 0 {
		return 0, 0, errAt(i+1, ind+1, ErrHeader, "the move number must be 1 or more")
	}
	for j < len(t) && (t[j] == ' ' || t[j] == '\t') {
		j++
	}
	if j == len(t) {
		return turn, rules.Gold, nil
	}
	c, ok := rules.ParseColor(t[j])
	if !ok {
		return 0, 0, errAt(i+1, ind+j+1, ErrSide, "%s is not a side (w, g, b or s)", rules.QuoteByte(t[j]))
	}
	if j+1 < len(t) {
		return 0, 0, errAt(i+1, ind+j+2, ErrHeader, "unexpected %s after the side to move", rules.Quote(t[j+1:]))
	}
	return turn, c, nil
}

// isBorder reports whether a trimmed line is a board border or footer.
func isBorder(t string) bool {
	if strings.HasPrefix(t, "+") {
		return true
	}
	return strings.ReplaceAll(strings.ReplaceAll(t, " ", ""), "\t", "") == "abcdefgh"
}

// looksLikeBoard reports whether the line at index i (after blank lines)
// starts a board: a border or rank 8.
func looksLikeBoard(lines []string, i int) bool {
	i, _ = nextNonBlank(lines, i)
	if i >= len(lines) {
		return false
	}
	_, t := indentOf(lines[i])
	return strings.HasPrefix(t, "+") || strings.HasPrefix(t, "8|")
}

// parseBoard reads a header and board starting at line index i and
// returns the position and the index of the line after the board. With
// warn nil a stray character between squares is an error; otherwise it is
// read past and reported in *warn.
func parseBoard(lines []string, i int, warn *[]ParseWarning) (rules.Position, int, *ParseError) {
	i, _ = nextNonBlank(lines, i)
	if i >= len(lines) {
		return rules.Position{}, i, errAt(1, 0, ErrEmpty, "no position: the text is empty")
	}
	headerLine := i
	turn, side, err := parseHeader(lines[i], i)
	if err != nil {
		return rules.Position{}, i, err
	}
	i++
	var board [64]rules.Piece
	var where [64][2]int // line and column of each square, for errors
	for rank := 7; rank >= 0; rank-- {
		var col int
		for {
			i, col = nextNonBlank(lines, i)
			if i >= len(lines) {
				return rules.Position{}, i, errAt(len(lines), 0, ErrBoard, "the board ends before rank %d", rank+1)
			}
			if _, t := indentOf(lines[i]); rank == 7 && strings.HasPrefix(t, "+") {
				i++
				continue
			}
			break
		}
		if err := parseRank(lines[i], i, col-1, rank, &board, &where, warn); err != nil {
			return rules.Position{}, i, err
		}
		i++
	}
	// An optional border and footer, in either order or absent.
	for k := 0; k < 2; k++ {
		j, _ := nextNonBlank(lines, i)
		if j >= len(lines) {
			break
		}
		if _, t := indentOf(lines[j]); !isBorder(t) {
			break
		}
		i = j + 1
	}
	p := rules.NewPosition(side, turn, board)
	for _, pr := range p.Validate() {
		if pr.GameOver {
			continue
		}
		if pr.Square.Valid() {
			w := where[pr.Square]
			return rules.Position{}, i, errAt(w[0], w[1], ErrPosition, "%s", pr.Msg)
		}
		return rules.Position{}, i, errAt(headerLine+1, 0, ErrPosition, "%s", pr.Msg)
	}
	return p, i, nil
}

// parseRank reads one rank line such as "8| r r . . x . r r |" whose first
// non-blank character is at byte ind. The columns between squares must be
// blank, unless warn is set (see ParsePositionTolerant).
func parseRank(l string, i, ind, rank int, board *[64]rules.Piece, where *[64][2]int, warn *[]ParseWarning) *ParseError {
	t := l[ind:]
	want := byte('1' + rank)
	if len(t) < 2 || t[1] != '|' || t[0] < '1' || t[0] > '8' {
		return errAt(i+1, ind+1, ErrBoard, "expected rank %c of the board, such as \"%c| r r r r r r r r |\"", want, want)
	}
	if t[0] != want {
		return errAt(i+1, ind+1, ErrBoard, "expected rank %c, found rank %c", want, t[0])
	}
	bar := ind + 1
	// stray handles a character in the column between two squares (or
	// after the eighth): an error, or a warning when reading tolerantly.
	stray := func(col int, place string, err *ParseError) *ParseError {
		if warn == nil {
			return err
		}
		*warn = append(*warn, ParseWarning{Line: i + 1, Column: col + 1, Char: l[col], Err: err.Err,
			Msg: fmt.Sprintf("%s %s ignored (squares are read from fixed columns)", rules.QuoteByte(l[col]), place)})
		return nil
	}
	for f := 0; f < 8; f++ {
		sep, at := bar+1+2*f, bar+2+2*f
		if sep < len(l) && l[sep] != ' ' {
			if err := stray(sep, "between squares", errAt(i+1, sep+1, ErrBoard, "expected a space between squares, found '%c' (squares are read from fixed columns)", l[sep])); err != nil {
				return err
			}
		}
		if at >= len(l) {
			break // a trailing run of empty squares trimmed by an editor
		}
		c := l[at]
		sq := rules.NewSquare(f, rank)
		where[sq] = [2]int{i + 1, at + 1}
		switch c {
		case ' ', '.', 'x', 'X':
			continue
		}
		pc, ok := rules.ParsePiece(c)
		if !ok {
			return errAt(i+1, at+1, ErrPiece, "%s is not an Arimaa piece", rules.QuoteByte(c))
		}
		board[sq] = pc
	}
	// After the eighth square: blanks, an optional closing '|', blanks.
	// Reading tolerantly, the column right after the eighth square is one
	// more column between squares.
	j := bar + 17
	if warn != nil && j < len(l) && l[j] != ' ' && l[j] != '\t' && l[j] != '|' {
		stray(j, "after the eighth square", errAt(i+1, j+1, ErrBoard, "unexpected %s after rank %c", rules.Quote(l[j:]), want))
		j++
	}
	for j < len(l) && l[j] == ' ' {
		j++
	}
	if j < len(l) && l[j] == '|' {
		j++
	}
	for j < len(l) && (l[j] == ' ' || l[j] == '\t') {
		j++
	}
	if j < len(l) {
		return errAt(i+1, j+1, ErrBoard, "unexpected %s after rank %c", rules.Quote(l[j:]), want)
	}
	return nil
}

// FormatPosition writes p in the canonical long format with borders and
// footer, LF line endings and a final newline. The header gives the turn
// number and w or b; a position without a turn number (0, as from the
// compact format) is written as turn 2, the first move after the setups.
// Only the board and side are written, not the steps of a turn in progress.
func FormatPosition(p rules.Position) string {
	var b bytes.Buffer
	b.Grow(240)
	turn := p.Turn()
	if turn == 0 {
		turn = 2
	}
	fmt.Fprintf(&b, "%d%c\n", turn, p.Side().Letter())
	b.WriteString(" +-----------------+\n")
	for r := 7; r >= 0; r-- {
		b.WriteByte(byte('1' + r))
		b.WriteByte('|')
		for f := 0; f < 8; f++ {
			sq := rules.NewSquare(f, r)
			b.WriteByte(' ')
			switch pc := p.At(sq); {
			case pc != rules.Empty:
				b.WriteByte(pc.Letter())
			case sq.IsTrap():
				b.WriteByte('x')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteString(" |\n")
	}
	b.WriteString(" +-----------------+\n")
	b.WriteString("   a b c d e f g h\n")
	return b.String()
}

// ParseCompact reads a position in the compact AEI format, such as
// `g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]`.
// Any side letter (w, g, b, s) is accepted, and '.', 'x', 'X' also mark an
// empty square; surrounding blanks and a CR are ignored. The turn number is
// 0 (the format has none). The position must be valid, as for
// ParsePosition.
func ParseCompact(line string) (rules.Position, error) {
	p, err := parseCompactLine(line, 1)
	if err != nil {
		return rules.Position{}, err
	}
	return p, nil
}

func parseCompactLine(line string, lineNo int) (rules.Position, *ParseError) {
	ind, t := indentOf(strings.TrimSuffix(line, "\r"))
	t = strings.TrimRight(t, " \t\r")
	p, err := rules.ParseAEIPosition(t)
	if err != nil {
		ce, ok := err.(*rules.CompactError)
		if !ok {
			return rules.Position{}, &ParseError{Line: lineNo, Err: because(ErrBoard, "%v", err)}
		}
		kind := ErrBoard
		switch {
		case t == "":
			kind, ind = ErrEmpty, 0
		case strings.Contains(ce.Msg, "is not an Arimaa piece"):
			kind = ErrPiece
		case ce.Column == 1 && strings.Contains(ce.Msg, "side"):
			kind = ErrSide
		}
		return rules.Position{}, errAt(lineNo, ind+ce.Column, kind, "%s", ce.Msg)
	}
	for _, pr := range p.Validate() {
		if pr.GameOver {
			continue
		}
		col := 0
		if pr.Square.Valid() {
			// The board starts after the side letter, blanks and '['.
			open := strings.IndexByte(t, '[')
			col = ind + open + 2 + (7-pr.Square.Rank())*8 + pr.Square.File()
		}
		return rules.Position{}, errAt(lineNo, col, ErrPosition, "%s", pr.Msg)
	}
	return p, nil
}

// FormatCompact gives p in the compact AEI format with a g or s side letter.
func FormatCompact(p rules.Position) string { return p.AEIString() }

// ParseAny reads a position in whichever format text holds: a single line
// with a '[' is compact, anything else the long format. It is meant for text
// pasted from other tools.
func ParseAny(text string) (rules.Position, error) {
	lines := splitLines(text)
	i, _ := nextNonBlank(lines, 0)
	if i < len(lines) && strings.Contains(lines[i], "[") {
		if j, _ := nextNonBlank(lines, i+1); j >= len(lines) {
			p, err := parseCompactLine(lines[i], i+1)
			if err != nil {
				return rules.Position{}, err
			}
			return p, nil
		}
	}
	return ParsePosition(text)
}
