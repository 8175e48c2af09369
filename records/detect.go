package records

import (
	"bytes"
	"strings"
)

// Kind is what a file holds, as Detect tells it: which reader to use.
type Kind uint8

// The kinds of file Detect tells apart.
const (
	// KindUnknown is text none of the formats starts like, or no text.
	KindUnknown Kind = iota
	// KindPosition is a long position alone (ReadPosition).
	KindPosition
	// KindCompact is one or more compact positions, one a line
	// (ParseCompact; ParseAny for a single one).
	KindCompact
	// KindRecord is a game record, from the setups or from a long
	// position (ReadRecord).
	KindRecord
	// KindArchive is a game archive (NewArchiveReader).
	KindArchive
)

// String names the kind the way messages to users do.
func (k Kind) String() string {
	switch k {
	case KindPosition:
		return "position"
	case KindCompact:
		return "compact position"
	case KindRecord:
		return "game record"
	case KindArchive:
		return "game archive"
	}
	return "unknown"
}

// Detect tells what data holds by its shape, so that the command line and
// the window open every file with the same reader. It does not check the
// content: the reader it points to reports what is wrong, with line and
// column. A byte-order mark and CRLF line ends are read. The rules, in
// order:
//
//   - KindArchive: the first line is an archive header: it starts with
//     "id" and a tab, as the official archive's column list does, or its
//     tab-separated fields name both an "id" and a "movelist" column, which
//     is all ArchiveReader needs (it finds the columns by name, in any
//     order). Only the first line counts, as for ArchiveReader. The
//     command line used to ask for the "id<TAB>" start and the viewer for
//     that and at least five tabs besides; the viewer's rule refused small
//     archives ArchiveReader reads, so the header rule is the one kept.
//   - Otherwise blank lines and lines starting with '#' are skipped, and
//     the first other line decides. KindCompact: it holds a '['.
//   - KindPosition or KindRecord: it is a position header such as "12b"
//     and the next line starts a board (a border or rank 8). The file is a
//     position if nothing but the board's lines (borders, ranks such as
//     "5| ... |", the a-h footer) and blank lines follow, and otherwise a
//     record whose moves go on from that position.
//   - KindRecord: its first word is a turn label such as "1w" or "12b".
//   - KindUnknown: anything else, and a text with no line to read.
//
// Telling a position from a record that starts with one needs the text to
// the end of the board and the line after; the archive header needs only
// the first line, so a reader of a stream may pass the first few
// kilobytes.
func Detect(data []byte) Kind {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	first, _, _ := bytes.Cut(data, []byte("\n"))
	if isArchiveHeader(string(bytes.TrimSuffix(first, []byte("\r")))) {
		return KindArchive
	}
	rest := data
	line, ok := nextLine(&rest)
	if !ok {
		return KindUnknown
	}
	if strings.Contains(line, "[") {
		return KindCompact
	}
	if _, _, err := parseHeader(line, 0); err == nil {
		after := rest
		if next, ok := nextLine(&after); ok && startsBoard(next) {
			for {
				next, ok = nextLine(&rest)
				if !ok {
					return KindPosition
				}
				if !isBoardLine(next) {
					return KindRecord
				}
			}
		}
	}
	if w := splitWords(line, nil); len(w) > 0 {
		if _, err := parseLabel(w[0], 0); err == nil {
			return KindRecord
		}
	}
	return KindUnknown
}

// isArchiveHeader reports whether l, the first line, is a game archive's
// header (see Detect).
func isArchiveHeader(l string) bool {
	if !strings.Contains(l, "\t") {
		return false
	}
	if strings.HasPrefix(strings.TrimLeft(l, " "), "id\t") {
		return true
	}
	var id, moves bool
	for f := range strings.SplitSeq(l, "\t") {
		switch strings.TrimSpace(f) {
		case "id":
			id = true
		case "movelist":
			moves = true
		}
	}
	return id && moves
}

// nextLine returns the next line of *data that is neither blank nor a
// '#' comment, without its line end, and moves *data past it.
func nextLine(data *[]byte) (string, bool) {
	for len(*data) > 0 {
		l, rest, _ := bytes.Cut(*data, []byte("\n"))
		*data = rest
		t := bytes.TrimSpace(l)
		if len(t) > 0 && t[0] != '#' {
			return string(bytes.TrimSuffix(l, []byte("\r"))), true
		}
	}
	return "", false
}

// startsBoard reports whether l is the first line of a board: a border or
// rank 8, as looksLikeBoard asks of a record's opening position.
func startsBoard(l string) bool {
	_, t := indentOf(l)
	return strings.HasPrefix(t, "+") || strings.HasPrefix(t, "8|")
}

// isBoardLine reports whether l belongs to a board: a border, the a-h
// footer or a rank such as "5| ... |".
func isBoardLine(l string) bool {
	_, t := indentOf(l)
	t = strings.TrimRight(t, " \t")
	return isBorder(t) || len(t) >= 2 && t[0] >= '1' && t[0] <= '8' && t[1] == '|'
}
