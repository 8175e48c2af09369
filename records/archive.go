package records

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/engine/rules"
)

// archiveFields are the columns of the game archive in the order the
// official game server writes them.
var archiveFields = [...]string{
	"id", "wplayerid", "bplayerid", "wusername", "busername", "wtitle", "btitle",
	"wcountry", "bcountry", "wrating", "brating", "wratingk", "bratingk", "wtype", "btype",
	"event", "site", "timecontrol", "postal", "startts", "endts", "result", "termination",
	"plycount", "mode", "rated", "corrupt", "movelist", "events",
}

// ArchiveGame is one row of the game archive, with every column of the
// official list (see the package documentation), typed where that helps.
// Columns missing from the archive's header are left zero; Field gives any
// column as written.
type ArchiveGame struct {
	ID                   string
	WPlayerID, BPlayerID string
	WPlayer, BPlayer     string // user names
	WTitle, BTitle       string
	WCountry, BCountry   string
	WRating, BRating     int
	WRatingK, BRatingK   string // rating uncertainty, kept as written
	WType, BType         string // "h" human, "b" bot
	Event, Site          string
	TimeControl          string // e.g. "15s/2m30s/100"
	Postal               bool
	Start, End           time.Time // zero when not given
	Result               rules.Color
	Unfinished           bool // the result column is empty
	Termination          rules.Termination
	PlyCount             int
	Mode                 string
	Rated, Corrupt       bool
	MoveList             string // the game record, with real line breaks
	Events               string // the server log, with real line breaks
	Line                 int    // the row's line in the archive
	File                 string // the archive's name, for errors
	movelistCol          int
	header               *archiveHeader
	raw                  []string
}

// Field returns the column called name as written in the archive (line
// breaks still escaped), and whether the archive has that column.
func (g *ArchiveGame) Field(name string) (string, bool) {
	if g.header == nil {
		return "", false
	}
	i, ok := g.header.index[name]
	if !ok || i >= len(g.raw) {
		return "", false
	}
	return g.raw[i], true
}

// ResultString gives the result and termination as the archive writes
// them, e.g. "w g", or "-" for an unfinished game.
func (g *ArchiveGame) ResultString() string {
	if g.Unfinished {
		return "-"
	}
	s := string(g.Result.Letter())
	if g.Termination != 0 {
		s += " " + string([]byte{byte(g.Termination)})
	}
	return s
}

// Record parses the game's move list. Errors name the archive, the row's
// line, the game id, and the line and column inside the move list; so do
// the errors of the record's Game.
func (g *ArchiveGame) Record() (*Record, error) {
	wrap := func(e *ParseError) error {
		return &ParseError{File: g.File, Line: g.Line, Column: g.movelistCol, Err: &inGame{g.ID, e}}
	}
	return parseRecord(g.MoveList, "", wrap)
}

// Game replays the game's move list under the rules: the Game of its
// Record, with the errors of either.
func (g *ArchiveGame) Game() (*rules.Game, error) {
	rec, err := g.Record()
	if err != nil {
		return nil, err
	}
	return rec.Game()
}

// inGame is an error inside the move list of an archive game.
type inGame struct {
	id  string
	err *ParseError
}

func (e *inGame) Error() string { return fmt.Sprintf("game %s, move list %v", rules.Echo(e.id), e.err) }
func (e *inGame) Unwrap() error { return e.err }

type archiveHeader struct {
	names []string
	index map[string]int
	col   [len(archiveFields)]int // column of each known field, -1 if absent
}

// ArchiveColumns returns the columns of the game archive in the order the
// official game server writes them, which is also how ArchiveWriter
// writes them.
func ArchiveColumns() []string { return slices.Clone(archiveFields[:]) }

// ArchiveReader reads a game archive row by row. It holds one row at a
// time, so archives of any size stream.
type ArchiveReader struct {
	lines  *LineReader
	name   string
	header *archiveHeader
	err    error // sticky: a read error or a bad header
}

// maxArchiveLine is the longest row the reader accepts.
const maxArchiveLine = 16 << 20

// NewArchiveReader reads the archive from r; name (a file name, or "") is
// put in errors.
func NewArchiveReader(r io.Reader, name string) *ArchiveReader {
	return &ArchiveReader{lines: NewLineReader(r, name, maxArchiveLine), name: name}
}

func (a *ArchiveReader) readHeader() error {
	l, err := a.lines.Next()
	if err == io.EOF {
		return &ParseError{File: a.name, Line: 1, Err: because(ErrEmpty, "the archive is empty; expected a header line starting with \"id\"")}
	}
	if err != nil {
		return err
	}
	l = bytes.TrimPrefix(l, []byte("\ufeff"))
	h := &archiveHeader{names: strings.Split(string(l), "\t"), index: map[string]int{}}
	for i := range h.col {
		h.col[i] = -1
	}
	known := map[string]int{}
	for i, n := range archiveFields {
		known[n] = i
	}
	for i, n := range h.names {
		n = strings.TrimSpace(n)
		h.names[i] = n
		if _, dup := h.index[n]; dup && n != "" {
			return &ParseError{File: a.name, Line: a.lines.Line(), Column: columnOf(h.names, i), Err: because(ErrArchive, "the header names column %s twice", rules.Quote(n))}
		}
		h.index[n] = i
		if k, ok := known[n]; ok {
			h.col[k] = i
		}
	}
	for _, need := range []string{"id", "movelist"} {
		if _, ok := h.index[need]; !ok {
			return &ParseError{File: a.name, Line: a.lines.Line(), Err: because(ErrArchive, "the header has no %q column; this does not look like a game archive", need)}
		}
	}
	a.header = h
	return nil
}

// columnOf gives the 1-based byte column of field i of a tab-split line.
func columnOf(fields []string, i int) int {
	col := 1
	for _, f := range fields[:i] {
		col += len(f) + 1
	}
	return col
}

// Next returns the next game, or io.EOF after the last. A row that cannot
// be read gives a *ParseError naming its line and column; the reader then
// goes on with the next row. Blank lines are skipped.
func (a *ArchiveReader) Next() (*ArchiveGame, error) {
	if a.err != nil {
		return nil, a.err
	}
	if a.header == nil {
		if err := a.readHeader(); err != nil {
			a.err = err
			return nil, err
		}
	}
	for {
		l, err := a.lines.Next()
		if err != nil {
			if _, ok := err.(*ParseError); ok {
				return nil, err
			}
			a.err = err
			return nil, err
		}
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		return a.parseRow(string(l))
	}
}

// Line is the line number of the last line read.
func (a *ArchiveReader) Line() int { return a.lines.Line() }

// Broken reports whether the archive can be read no further: at its end,
// and after a read error or a header that cannot be read, Next returns
// io.EOF or that error again and again. Any other error of Next is one row
// that cannot be read, and reading goes on with the next.
func (a *ArchiveReader) Broken() bool { return a.err != nil }

func (a *ArchiveReader) parseRow(l string) (*ArchiveGame, error) {
	h := a.header
	raw := strings.Split(l, "\t")
	if len(raw) != len(h.names) {
		return nil, &ParseError{File: a.name, Line: a.lines.Line(), Err: because(ErrArchive, "the row has %d fields but the header has %d", len(raw), len(h.names))}
	}
	g := &ArchiveGame{Line: a.lines.Line(), File: a.name, header: h, raw: raw}
	get := func(k int) string {
		if c := h.col[k]; c >= 0 {
			return raw[c]
		}
		return ""
	}
	bad := func(k int, format string, args ...any) error {
		return &ParseError{File: a.name, Line: a.lines.Line(), Column: columnOf(raw, h.col[k]), Err: because(ErrArchive, format, args...)}
	}
	for k, name := range archiveFields {
		v := get(k)
		if p := g.textField(name); p != nil {
			*p = v
			continue
		}
		if why := g.setParsed(name, v); why != "" {
			return nil, bad(k, "%s", why)
		}
		if name == "movelist" && h.col[k] >= 0 {
			g.movelistCol = columnOf(raw, h.col[k])
		}
	}
	return g, nil
}

// textField is the field of a column read as written, nil for the others.
func (g *ArchiveGame) textField(name string) *string {
	switch name {
	case "id":
		return &g.ID
	case "wplayerid":
		return &g.WPlayerID
	case "bplayerid":
		return &g.BPlayerID
	case "wusername":
		return &g.WPlayer
	case "busername":
		return &g.BPlayer
	case "wtitle":
		return &g.WTitle
	case "btitle":
		return &g.BTitle
	case "wcountry":
		return &g.WCountry
	case "bcountry":
		return &g.BCountry
	case "wratingk":
		return &g.WRatingK
	case "bratingk":
		return &g.BRatingK
	case "wtype":
		return &g.WType
	case "btype":
		return &g.BType
	case "event":
		return &g.Event
	case "site":
		return &g.Site
	case "timecontrol":
		return &g.TimeControl
	case "mode":
		return &g.Mode
	}
	return nil
}

// setParsed reads the value v of a column that is a number, a flag, a
// time, a code or escaped text into its field, or says why it cannot.
func (g *ArchiveGame) setParsed(name, v string) (why string) {
	switch name {
	case "wrating", "brating":
		n, ok := parseRating(v)
		if !ok {
			return fmt.Sprintf("%s %q is not a number", name, v)
		}
		if name == "wrating" {
			g.WRating = n
		} else {
			g.BRating = n
		}
	case "postal", "rated", "corrupt":
		b, ok := parseFlag(v)
		if !ok {
			return fmt.Sprintf("%s %q is not 0 or 1", name, v)
		}
		switch name {
		case "postal":
			g.Postal = b
		case "rated":
			g.Rated = b
		default:
			g.Corrupt = b
		}
	case "startts", "endts":
		var t time.Time
		if v != "" {
			s, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return fmt.Sprintf("%s %q is not a time in Unix seconds", name, v)
			}
			t = time.Unix(s, 0).UTC()
		}
		if name == "startts" {
			g.Start = t
		} else {
			g.End = t
		}
	case "result":
		if v == "" {
			g.Unfinished = true
			break
		}
		c, ok := rules.ParseColor(v[0])
		if !ok || len(v) != 1 {
			return fmt.Sprintf("result %q is not w or b (the winner)", v)
		}
		g.Result = c
	case "termination":
		if len(v) > 1 {
			return fmt.Sprintf("termination %q is not a single letter", v)
		}
		if v != "" {
			g.Termination = rules.Termination(v[0])
		}
	case "plycount":
		if v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Sprintf("plycount %q is not a number", v)
			}
			g.PlyCount = n
		}
	case "movelist":
		g.MoveList = unescape(v)
	case "events":
		g.Events = unescape(v)
	}
	return ""
}

func parseRating(v string) (int, bool) {
	if v == "" {
		return 0, true
	}
	if n, err := strconv.Atoi(v); err == nil {
		return n, true
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1e9 {
		return 0, false
	}
	return int(math.Round(f)), true
}

func parseFlag(v string) (bool, bool) {
	switch strings.ToLower(v) {
	case "", "0", "n", "no", "f", "false":
		return false, true
	case "1", "y", "yes", "t", "true":
		return true, true
	}
	return false, false
}

// unescape turns the two characters `\n` into a line break.
func unescape(s string) string {
	if !strings.Contains(s, `\n`) {
		return s
	}
	return strings.ReplaceAll(s, `\n`, "\n")
}

// ErrUnwritable is returned by ArchiveWriter.Write for a field that holds
// a tab, or a line break outside the move list and events.
var ErrUnwritable = errors.New("the field cannot be written to an archive")

// ArchiveWriter writes a game archive: the header (ArchiveColumns) before
// the first row, then one row per game; trailing line breaks of the
// move list and events are dropped. Columns that are not fields of
// ArchiveGame are not written.
type ArchiveWriter struct {
	w      *bufio.Writer
	header bool
	row    []string
}

// NewArchiveWriter writes an archive to w; call Flush at the end.
func NewArchiveWriter(w io.Writer) *ArchiveWriter {
	return &ArchiveWriter{w: bufio.NewWriter(w)}
}

// Write writes one game as a row. The move list and events have their line
// breaks escaped as `\n`; any other field holding a tab or line break is
// an error (ErrUnwritable), since the format has no quoting.
func (a *ArchiveWriter) Write(g *ArchiveGame) error {
	if !a.header {
		a.w.WriteString(strings.Join(archiveFields[:], "\t"))
		a.w.WriteByte('\n')
		a.header = true
	}
	ts := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return strconv.FormatInt(t.Unix(), 10)
	}
	flag := func(b bool) string {
		if b {
			return "1"
		}
		return "0"
	}
	result, term := "", ""
	if !g.Unfinished {
		result = string(g.Result.Letter())
	}
	if g.Termination != 0 {
		term = string([]byte{byte(g.Termination)})
	}
	a.row = append(a.row[:0],
		g.ID, g.WPlayerID, g.BPlayerID, g.WPlayer, g.BPlayer, g.WTitle, g.BTitle,
		g.WCountry, g.BCountry, strconv.Itoa(g.WRating), strconv.Itoa(g.BRating), g.WRatingK, g.BRatingK,
		g.WType, g.BType, g.Event, g.Site, g.TimeControl, flag(g.Postal), ts(g.Start), ts(g.End),
		result, term, strconv.Itoa(g.PlyCount), g.Mode, flag(g.Rated), flag(g.Corrupt),
		escape(g.MoveList), escape(g.Events))
	for i, v := range a.row {
		if strings.ContainsAny(v, "\t\n\r") {
			return fmt.Errorf("game %s, column %s: %w: it holds a tab or line break", rules.Echo(g.ID), archiveFields[i], ErrUnwritable)
		}
	}
	for i, v := range a.row {
		if i > 0 {
			a.w.WriteByte('\t')
		}
		a.w.WriteString(v)
	}
	return a.w.WriteByte('\n')
}

// Flush writes any buffered rows and reports a write error.
func (a *ArchiveWriter) Flush() error { return a.w.Flush() }

// escape writes line breaks as `\n`, dropping trailing ones.
func escape(s string) string {
	return strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", `\n`)
}
