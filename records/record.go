package records

import (
	"bufio"
	"errors"
	"io"
	"strings"

	"arimaa-workbench/engine/rules"
)

// Record is a game record as read: either the two setup turns or a start
// position, then the move turns in order. It holds notation, not yet
// checked against the rules; Game replays it with full checking.
//
// Old records contain two markers, read as follows. A turn whose only word
// is "resigns" (or "resign", "resigned") ends the record: the side of that
// turn label resigns, and nothing may follow. A turn whose only word is
// "takeback" removes the move before it, and the next line carries the
// label of the move taken back; the takeback line's own label is not
// checked.
type Record struct {
	// Start is the given start position, nil when the record begins with
	// setup turns. StartLine is the line of its header.
	Start     *rules.Position
	StartLine int

	// Setup holds the placements of Gold's and Silver's setup turns, and
	// SetupLine the lines they were on (0 when absent).
	Setup     [2][]rules.Placement
	SetupLine [2]int
	// SetupComment holds the comments after Gold's and Silver's setup.
	SetupComment [2]string

	// Turns are the move turns in order.
	Turns []Turn

	// Next is the bare turn label on the last line (the side to move
	// next), "" when there is none; NextLine is its line.
	Next     string
	NextLine int

	// Resigned is set when the record ends with a resignation by Resigner.
	Resigned bool
	Resigner rules.Color

	// File names the record in errors; wrap, when set, rewrites errors of
	// a record embedded in another file (an archive row).
	File string
	wrap func(*ParseError) error
}

// Turn is one move turn of a record: its label as written, the turn number
// and side it stands for, its words (steps and capture tokens), the
// 1-based column of each word and the line it was on.
type Turn struct {
	Label   string
	Number  int
	Side    rules.Color
	Tokens  []rules.Token
	Columns []int
	Line    int
	// Comment is the text of the comments after the turn, joined by line
	// breaks; "" when there is none.
	Comment string
	// Variations are the lines played instead of this turn, in the order
	// written; each starts with a turn of the same label.
	Variations [][]Turn

	labelCol int
}

// ParseRecord reads a game record: setup turns and move turns, or a long
// position followed by move turns numbered from that position's turn.
// Each line is a turn label such as "12b" and its words; blank lines,
// CRLF, indentation, runs of blanks, g/s for w/b and a bare label on the
// last line are all fine. Turn labels must follow each other (1w, 1b, 2w,
// 2b, ...). Capture tokens may be missing; whether they match the rules
// is checked by Game, as are the moves themselves.
func ParseRecord(text string) (*Record, error) {
	rec, err := parseRecord(text, "", nil)
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// ReadRecord is ParseRecord reading from r; name (a file name, or "") is
// put in errors, including those of the record's Game.
func ReadRecord(r io.Reader, name string) (*Record, error) {
	text, err := readAll(r, name)
	if err != nil {
		return nil, err
	}
	rec, perr := parseRecord(text, name, nil)
	if perr != nil {
		return nil, perr
	}
	return rec, nil
}

func (rec *Record) fail(e *ParseError) error {
	if e.File == "" {
		e.File = rec.File
	}
	if rec.wrap != nil {
		return rec.wrap(e)
	}
	return e
}

// label is a parsed turn label.
type label struct {
	number int
	side   rules.Color
}

func (l label) String() string { return rules.TurnLabel(l.number, l.side) }

func (l label) next() label {
	if l.side == rules.Silver {
		return label{l.number + 1, rules.Gold}
	}
	return label{l.number, rules.Silver}
}

// word is a blank-separated word of a line and its 1-based column.
type word struct {
	text string
	col  int
}

func splitWords(l string, dst []word) []word {
	i := 0
	for i < len(l) {
		for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
			i++
		}
		j := i
		for j < len(l) && l[j] != ' ' && l[j] != '\t' {
			j++
		}
		if j > i {
			dst = append(dst, word{l[i:j], i + 1})
		}
		i = j
	}
	return dst
}

func parseLabel(w word, line int) (label, *ParseError) {
	s := w.text
	n, j := 0, 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		n = n*10 + int(s[j]-'0')
		if n > 65535 {
			return label{}, errAt(line, w.col, ErrLabel, "the turn number in %s is too large", rules.Quote(s))
		}
		j++
	}
	if j == 0 || j != len(s)-1 {
		return label{}, errAt(line, w.col, ErrLabel, "%s is not a turn label such as \"12b\"", rules.Quote(s))
	}
	c, ok := rules.ParseColor(s[j])
	if !ok {
		return label{}, errAt(line, w.col+j, ErrSide, "%s is not a side (w, g, b or s)", rules.QuoteByte(s[j]))
	}
	if n == 0 {
		return label{}, errAt(line, w.col, ErrLabel, "turn numbers start at 1, not 0")
	}
	return label{n, c}, nil
}

// parseToken reads one word of notation (rules.ParseToken) with an error
// that points at the offending character of the line.
func parseToken(w word, line int) (rules.Token, *ParseError) {
	tok, err := rules.ParseToken(w.text)
	if err != nil {
		ne := err.(*rules.NotationError)
		kind := ErrToken
		if errors.Is(err, rules.ErrPieceLetter) {
			kind = ErrPiece
		}
		return rules.Token{}, errAt(line, w.col+ne.Column-1, kind, "%s", ne.Reason)
	}
	return tok, nil
}

func isMarker(s string, names ...string) bool {
	for _, n := range names {
		if strings.EqualFold(s, n) {
			return true
		}
	}
	return false
}

// recParser holds the state of parseRecord between lines: the level of
// variation being read (the main line first) and an open comment.
type recParser struct {
	rec       *Record
	setupDone bool
	levels    []recLevel
	// last is where a comment goes: the last turn read at the current
	// level, or a setup turn (lastSetup), or nothing yet.
	lastSetup int // side+1 of the last setup turn read, 0 when none
	comment   strings.Builder
	inComment bool
	commentAt [2]int // line and column of the open '{'
	tokSlab   []rules.Token
	colSlab   []int
}

// recLevel is the main line (the first level) or an open variation: where
// its turns go, the label the next turn must carry and where its '('
// stands.
type recLevel struct {
	turns     *[]Turn
	want      label
	line, col int
}

func (p *recParser) level() *recLevel { return &p.levels[len(p.levels)-1] }

func parseRecord(text, name string, wrap func(*ParseError) error) (*Record, error) {
	rec := &Record{File: name, wrap: wrap}
	lines := splitLines(text)
	rec.Turns = make([]Turn, 0, len(lines))
	i, _ := nextNonBlank(lines, 0)
	if i >= len(lines) {
		return nil, rec.fail(errAt(1, 0, ErrEmpty, "the record is empty"))
	}
	p := &recParser{rec: rec}
	main := recLevel{turns: &rec.Turns, want: label{1, rules.Gold}}
	if _, _, herr := parseHeader(lines[i], i); herr == nil && looksLikeBoard(lines, i+1) {
		pos, next, err := parseBoard(lines, i, nil)
		if err != nil {
			return nil, rec.fail(err)
		}
		rec.Start, rec.StartLine = &pos, i+1
		main.want = label{pos.Turn(), pos.Side()}
		p.setupDone = true
		i = next
	}
	p.levels = []recLevel{main}
	var words []word
	// The turns share backing arrays, which saves two allocations per
	// turn when replaying large archives.
	p.tokSlab = make([]rules.Token, 0, 4*len(lines))
	p.colSlab = make([]int, 0, 4*len(lines))
	for ; i < len(lines); i++ {
		l, line := lines[i], i+1
		if !p.inComment && strings.IndexAny(l, "{}()") < 0 {
			words = splitWords(l, words[:0])
			if len(words) == 0 {
				continue
			}
			if err := p.turn(words, line); err != nil {
				return nil, rec.fail(err)
			}
			continue
		}
		// A line with comments or variations: the turns between them are
		// read as above.
		for pos := 0; pos <= len(l); {
			if p.inComment {
				j := strings.IndexByte(l[pos:], '}')
				if j < 0 {
					p.comment.WriteString(l[pos:])
					p.comment.WriteByte('\n')
					break
				}
				p.comment.WriteString(l[pos : pos+j])
				p.inComment = false
				if err := p.endComment(); err != nil {
					return nil, rec.fail(err)
				}
				pos += j + 1
				continue
			}
			j := strings.IndexAny(l[pos:], "{}()")
			if j < 0 {
				j = len(l) - pos
			}
			words = splitWords(l[pos:pos+j], words[:0])
			for k := range words {
				words[k].col += pos
			}
			if len(words) > 0 {
				if err := p.turn(words, line); err != nil {
					return nil, rec.fail(err)
				}
			}
			pos += j
			if pos == len(l) {
				break
			}
			if err := p.mark(l[pos], line, pos+1); err != nil {
				return nil, rec.fail(err)
			}
			pos++
		}
	}
	if p.inComment {
		return nil, rec.fail(errAt(p.commentAt[0], p.commentAt[1], ErrVariation, "the comment is not closed with '}'"))
	}
	if len(p.levels) > 1 {
		lv := p.level()
		return nil, rec.fail(errAt(lv.line, lv.col, ErrVariation, "the variation is not closed with ')'"))
	}
	return rec, nil
}

// ended reports an error when the record can hold nothing more at line:
// after a resignation, or after the bare label of the side to move.
func (p *recParser) ended(line, col int) *ParseError {
	if p.rec.Resigned {
		return errAt(line, col, ErrLabel, "nothing may follow a resignation")
	}
	if p.rec.Next != "" {
		return errAt(p.rec.NextLine, 0, ErrToken, "turn %s has no steps", p.rec.Next)
	}
	return nil
}

// mark reads one of the characters that open or close a comment or a
// variation, at line and col.
func (p *recParser) mark(c byte, line, col int) *ParseError {
	if err := p.ended(line, col); err != nil {
		return err
	}
	lv := p.level()
	switch c {
	case '{':
		if len(*lv.turns) == 0 && (p.lastSetup == 0 || len(p.levels) > 1) {
			return errAt(line, col, ErrVariation, "a comment follows the turn it is about, and there is none before it")
		}
		p.inComment, p.commentAt = true, [2]int{line, col}
		p.comment.Reset()
	case '}':
		return errAt(line, col, ErrVariation, "'}' closes no comment")
	case '(':
		n := len(*lv.turns)
		if n == 0 {
			if p.lastSetup != 0 && len(p.levels) == 1 {
				return errAt(line, col, ErrVariation, "a setup cannot have variations")
			}
			return errAt(line, col, ErrVariation, "a variation follows the move it replaces, and there is none before it")
		}
		t := &(*lv.turns)[n-1]
		t.Variations = append(t.Variations, nil)
		p.levels = append(p.levels, recLevel{turns: &t.Variations[len(t.Variations)-1],
			want: label{t.Number, t.Side}, line: line, col: col})
	case ')':
		if len(p.levels) == 1 {
			return errAt(line, col, ErrVariation, "')' closes no variation")
		}
		if len(*lv.turns) == 0 {
			return errAt(line, col, ErrVariation, "the variation opened at line %d, column %d has no moves", lv.line, lv.col)
		}
		p.levels = p.levels[:len(p.levels)-1]
	}
	return nil
}

// endComment gives the comment just closed to the turn before it.
func (p *recParser) endComment() *ParseError {
	text := strings.TrimSpace(p.comment.String())
	if text == "" {
		return nil
	}
	lv := p.level()
	var dst *string
	if n := len(*lv.turns); n > 0 {
		dst = &(*lv.turns)[n-1].Comment
	} else {
		dst = &p.rec.SetupComment[p.lastSetup-1]
	}
	if *dst != "" {
		text = *dst + "\n" + text
	}
	*dst = text
	return nil
}

// turn reads the words of one turn: its label and steps, a setup, or a
// marker.
func (p *recParser) turn(words []word, line int) *ParseError {
	rec := p.rec
	if err := p.ended(line, words[0].col); err != nil {
		return err
	}
	lv := p.level()
	inVar := len(p.levels) > 1
	lab, err := parseLabel(words[0], line)
	if err != nil {
		return err
	}
	if len(words) == 2 && isMarker(words[1].text, "takeback") {
		n := len(*lv.turns)
		if n == 0 {
			return errAt(line, words[1].col, ErrToken, "takeback with no move to take back")
		}
		prev := (*lv.turns)[n-1]
		lv.want = label{prev.Number, prev.Side}
		*lv.turns = (*lv.turns)[:n-1]
		return nil
	}
	if lab != lv.want {
		if !p.setupDone && rec.Setup[0] == nil && lab.number > 1 {
			return errAt(line, words[0].col, ErrLabel, "expected turn 1w with Gold's setup, found %s; a record starts with the setups or a position", lab)
		}
		return errAt(line, words[0].col, ErrLabel, "expected turn %s, found %s", lv.want, lab)
	}
	if len(words) == 1 {
		if inVar {
			return errAt(line, words[0].col, ErrToken, "turn %s has no steps", words[0].text)
		}
		rec.Next, rec.NextLine = words[0].text, line
		return nil
	}
	if len(words) == 2 && isMarker(words[1].text, "resigns", "resign", "resigned") {
		if inVar {
			return errAt(line, words[1].col, ErrVariation, "a resignation ends the game; it cannot stand in a variation")
		}
		rec.Resigned, rec.Resigner = true, lab.side
		return nil
	}
	if !p.setupDone {
		pls := make([]rules.Placement, 0, 16)
		for _, w := range words[1:] {
			tok, err := parseToken(w, line)
			if err != nil {
				return err
			}
			if tok.Kind != rules.TokenPlacement {
				return errAt(line, w.col, ErrToken, "%s is not a setup placement such as \"Ra1\"", rules.Quote(w.text))
			}
			pls = append(pls, rules.Placement{Piece: tok.Piece, Square: tok.Square})
		}
		rec.Setup[lab.side], rec.SetupLine[lab.side] = pls, line
		p.lastSetup = int(lab.side) + 1
		p.setupDone = lab.side == rules.Silver
		lv.want = lv.want.next()
		return nil
	}
	t := Turn{Label: words[0].text, Number: lab.number, Side: lab.side, Line: line, labelCol: words[0].col}
	start := len(p.tokSlab)
	for _, w := range words[1:] {
		tok, err := parseToken(w, line)
		if err != nil {
			return err
		}
		if tok.Kind == rules.TokenPlacement {
			return errAt(line, w.col, ErrToken, "%s is a setup placement, but turn %s is a move; a step needs a direction, such as \"%sn\"", rules.Quote(w.text), lab, w.text)
		}
		p.tokSlab = append(p.tokSlab, tok)
		p.colSlab = append(p.colSlab, w.col)
	}
	end := len(p.tokSlab)
	t.Tokens, t.Columns = p.tokSlab[start:end:end], p.colSlab[start:end:end]
	*lv.turns = append(*lv.turns, t)
	lv.want = lv.want.next()
	return nil
}

// Game replays the record with full rules checking and returns the game.
// An illegal setup or move, or a capture token that does not match what
// the rules capture, is a *ParseError naming the line and column of the
// step and, in its reason, the turn label, the step and why. A record that
// ends in a resignation gives a finished game (unless the rules ended it
// first).
func (rec *Record) Game() (*rules.Game, error) {
	var g *rules.Game
	if rec.Start != nil {
		var err error
		if g, err = rules.NewGameFrom(*rec.Start); err != nil {
			return nil, rec.fail(&ParseError{Line: rec.StartLine, Err: because(ErrPosition, "%v", err)})
		}
	} else {
		g = rules.NewGame()
		for c := rules.Gold; c <= rules.Silver; c++ {
			if rec.SetupLine[c] == 0 {
				if len(rec.Turns) > 0 {
					return nil, rec.fail(errAt(rec.Turns[0].Line, 0, ErrIllegal, "the record has no %s setup", c))
				}
				return g, nil
			}
			if err := g.SetupPieces(rec.Setup[c]); err != nil {
				return nil, rec.fail(rec.moveErr(rec.SetupLine[c], 1, err))
			}
		}
	}
	for ti := range rec.Turns {
		if err := rec.play(g, &rec.Turns[ti]); err != nil {
			return nil, err
		}
	}
	if rec.Resigned && g.Phase() != rules.Over {
		g.Finish(rules.Result{Winner: rec.Resigner.Other(), How: rules.ByResignation})
	}
	return g, nil
}

// play plays turn t in g with every rule checked, its capture tokens
// included.
func (rec *Record) play(g *rules.Game, t *Turn) error {
	var steps [4]rules.Step
	n := 0
	for k, tok := range t.Tokens {
		switch {
		case tok.Kind == rules.TokenCapture:
			if k == 0 {
				return rec.fail(errAt(t.Line, t.Columns[k], ErrCapture, "capture token %s comes before any step", tok))
			}
		case n == 4:
			return rec.fail(errAt(t.Line, t.Columns[k], ErrIllegal, "move %s has more than four steps", t.Label))
		default:
			steps[n] = tok.Step()
			n++
		}
	}
	if n == 0 {
		return rec.fail(errAt(t.Line, t.Columns[0], ErrIllegal, "move %s has no steps", t.Label))
	}
	if err := g.Play(rules.MoveOf(steps[:n]...)); err != nil {
		col := max(t.labelCol, 1)
		if me, ok := err.(*rules.MoveError); ok && me.Index >= 0 {
			col = t.columnOfStep(me.Index)
		}
		return rec.fail(rec.moveErr(t.Line, col, err))
	}
	if err := t.checkCaptures(g.PositionBefore(len(g.Moves()) - 1)); err != nil {
		return rec.fail(err)
	}
	return nil
}

func (rec *Record) moveErr(line, col int, err error) *ParseError {
	if me, ok := err.(*rules.MoveError); ok {
		return &ParseError{Line: line, Column: col, Err: &IllegalMoveError{me}}
	}
	return &ParseError{Line: line, Column: col, Err: because(ErrIllegal, "%v", err)}
}

// columnOfStep gives the column of the turn's i-th step (0-based).
func (t *Turn) columnOfStep(i int) int {
	for k, tok := range t.Tokens {
		if tok.Kind == rules.TokenStep {
			if i == 0 {
				return t.Columns[k]
			}
			i--
		}
	}
	return 1
}

// checkCaptures compares the turn's capture tokens with what its steps
// capture when played from p; missing tokens are fine.
func (t *Turn) checkCaptures(p rules.Position) *ParseError {
	var last rules.Step
	var got rules.Capture
	claimed := false
	for k, tok := range t.Tokens {
		if tok.Kind == rules.TokenStep {
			last = tok.Step()
			p, got = p.PlayCapture(last)
			claimed = false
			continue
		}
		switch {
		case claimed:
			return errAt(t.Line, t.Columns[k], ErrCapture, "capture token %s does not match the rules: step %s captures only one piece", tok, last)
		case got.Piece == rules.Empty:
			return errAt(t.Line, t.Columns[k], ErrCapture, "capture token %s does not match the rules: step %s captures nothing", tok, last)
		case got.Piece != tok.Piece || got.Square != tok.Square:
			return errAt(t.Line, t.Columns[k], ErrCapture, "capture token %s does not match the rules: step %s captures %s", tok, last, got)
		}
		claimed = true
	}
	return nil
}

// WriteRecord writes g as a canonical record: the setup turns (or, for a
// game from a position, that position in the long format), one line per
// move with capture tokens, and a bare label for the side to move while
// the game is still in play. Lines end in LF.
func WriteRecord(w io.Writer, g *rules.Game) error {
	bw := bufio.NewWriter(w)
	if g.Setup(rules.Gold) == nil && g.Phase() >= rules.Playing {
		bw.WriteString(FormatPosition(g.Start()))
	}
	bw.WriteString(FormatMoveList(g))
	return bw.Flush()
}

// FormatMoveList gives the setup and move lines of g, as in a record or an
// archive's movelist field, each ending in LF; while the game is in play
// it ends with the bare label of the side to move. A game from a position
// gives only its move lines.
func FormatMoveList(g *rules.Game) string {
	b, _ := appendMoveList(make([]byte, 0, 32*len(g.Moves())+128), g, nil)
	return string(b)
}

// appendMoveList appends the move list of g with the comments and
// variations of t (nil: none).
func appendMoveList(b []byte, g *rules.Game, t *Tree) ([]byte, error) {
	var err error
	for c := rules.Gold; c <= rules.Silver; c++ {
		ps := g.Setup(c)
		if ps == nil {
			continue
		}
		b = append(b, rules.TurnLabel(1, c)...)
		for _, pl := range ps {
			b = append(b, ' ')
			b = append(b, pl.String()...)
		}
		if t != nil {
			if b, err = appendComment(b, t.SetupComment[c]); err != nil {
				return b, err
			}
		}
		b = append(b, '\n')
	}
	for i, m := range g.Moves() {
		var n Note
		if t != nil {
			n = note(t.Notes, i)
		}
		if b, err = appendTurn(b, g.PositionBefore(i), m, n, 0, false); err != nil {
			return b, err
		}
	}
	switch g.Phase() {
	case rules.GoldSetup:
		b = append(b, "1w\n"...)
	case rules.Playing:
		p := g.Position()
		b = append(b, rules.TurnLabel(p.Turn(), p.Side())...)
		b = append(b, '\n')
	case rules.SilverSetup:
		b = append(b, "1b\n"...)
	}
	return b, nil
}

// String gives the turn as written canonically, without capture tokens
// that were missing.
func (t Turn) String() string {
	var b strings.Builder
	b.WriteString(rules.TurnLabel(t.Number, t.Side))
	for _, tok := range t.Tokens {
		b.WriteByte(' ')
		b.WriteString(tok.String())
	}
	return b.String()
}

// Plies is the number of move turns in the record.
func (rec *Record) Plies() int { return len(rec.Turns) }
