// Package viewer is the workbench's game-record viewer: a model of a game
// as a tree of moves (the game and its variations, with comments) with a
// cursor at any move and step, an archive index that fills while the
// archive streams in and filters its games, and the panel that shows them
// with the board, the move list, captured pieces and the result. The
// panel also runs the whole-game analysis of the line shown (the
// win-ratio graph; the analysis itself is engine/analysis.GameAnalysis), a
// game against the engine (the model is package ui/play), and a form that
// makes a test of a position (the criteria's logic is ats.TestDraft).
package viewer

import (
	"errors"
	"fmt"
	"strings"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// node is a move of the tree; the root holds no move. kids[0] continues
// the line the node is on; the others are variations, played instead.
type node struct {
	move    rules.Move
	before  rules.Position // at the start of the move's turn
	after   rules.Position // at the start of the next turn
	comment string
	parent  *node
	kids    []*node
	// result is set when the game is over after this move: by the rules,
	// or for the last move of a game read, by what the record says
	// (resignation, time).
	result *rules.Result
}

func (n *node) label() string {
	return rules.TurnLabel(n.before.Turn(), n.before.Side())
}

// main reports whether n is on the main line.
func (n *node) main() bool {
	for ; n.parent != nil; n = n.parent {
		if n.parent.kids[0] != n {
			return false
		}
	}
	return true
}

// Row is one line of the move list: a setup turn (Setup is 1 for Gold's,
// 2 for Silver's) or a move of the tree, at a depth of variation (0 for
// the main line), First when it opens a variation.
type Row struct {
	Setup int
	Depth int
	First bool
	Text  string
	n     *node
}

// Model is a game tree and a cursor into it: the move last played and
// Step steps of the next move of its line. The line shown is the path
// from the start to the cursor and on along each move's first
// continuation; Ply, Len, Seek and MoveText count moves along it.
type Model struct {
	base         *rules.Game // the setups or start position, no moves
	title        string
	root         *node
	setupComment [2]string
	goldSetup    rules.Position // after Gold's setup alone
	cur          *node
	step         int
	setupView    bool // showing the board after Gold's setup only
	dirty        bool
	rows         []Row
	turnRows     []TurnRow
	// marks tells the blunder marks of the rows, for TurnRows.
	marks func(i int) string
}

// NewModel shows g from its start.
func NewModel(g *rules.Game, title string) *Model {
	m := &Model{}
	m.SetGame(g, title)
	return m
}

// SetGame replaces the tree with the moves of g and puts the cursor at its
// start; the model is unchanged (not dirty).
func (m *Model) SetGame(g *rules.Game, title string) {
	// A game always replays from its own setups or start.
	_ = m.SetTree(&records.Tree{Game: g}, title)
}

// SetTree replaces the tree with t's game, comments and variations; the
// cursor goes to the start and the model is unchanged (not dirty).
func (m *Model) SetTree(t *records.Tree, title string) error {
	base, err := records.Prefix(t.Game, 0)
	if err != nil {
		return err
	}
	m.base, m.title = base, title
	m.root = &node{after: t.Game.Start()}
	m.setupComment = t.SetupComment
	m.goldSetup = rules.Position{}
	if gs := t.Game.Setup(rules.Gold); gs != nil {
		var b [64]rules.Piece
		for _, pl := range gs {
			b[pl.Square] = pl.Piece
		}
		m.goldSetup = rules.NewPosition(rules.Silver, 1, b)
	}
	moves := t.Game.Moves()
	last := m.root
	addLine(m.root, moves, t.Notes)
	for range moves {
		last = last.kids[0]
	}
	if r, over := t.Game.Result(); over {
		last.result = &r
	}
	m.cur, m.step, m.setupView, m.dirty = m.root, 0, false, false
	m.rebuild()
	return nil
}

// addLine hangs moves (with their notes) under n as its first line, the
// variations of each move as its siblings.
func addLine(n *node, moves []rules.Move, notes []records.Note) {
	for i, mv := range moves {
		k := n.add(mv)
		var note records.Note
		if i < len(notes) {
			note = notes[i]
		}
		k.comment = note.Comment
		for _, v := range note.Variations {
			if len(v.Moves) == 0 || v.Moves[0] == mv {
				continue
			}
			addLine(n, v.Moves, v.Notes)
		}
		n = k
	}
}

// add appends mv as the last continuation of n (the first when it has
// none); it does not check the rules.
func (n *node) add(mv rules.Move) *node {
	p := n.after
	for _, s := range mv.Slice() {
		p = p.Play(s)
	}
	k := &node{move: mv, before: n.after, after: p.EndTurn(), parent: n}
	if r, over := k.after.Outcome(); over {
		k.result = &r
	}
	n.kids = append(n.kids, k)
	return k
}

// Tree returns the game (the main line) with its comments and variations,
// as records.WriteTree writes it.
func (m *Model) Tree() (*records.Tree, error) {
	g, err := m.lineGame(m.mainEnd())
	if err != nil {
		return nil, err
	}
	t := &records.Tree{Game: g, SetupComment: m.setupComment}
	if len(m.root.kids) > 0 {
		t.Notes = notes(m.root.kids[0])
	}
	return t, nil
}

// notes gives the notes of the line starting at n: each move's comment
// and the lines of its siblings.
func notes(n *node) []records.Note {
	var out []records.Note
	for ; n != nil; n = first(n) {
		note := records.Note{Comment: n.comment}
		if n.parent.kids[0] == n {
			for _, alt := range n.parent.kids[1:] {
				v := records.Variation{Notes: notes(alt)}
				for a := alt; a != nil; a = first(a) {
					v.Moves = append(v.Moves, a.move)
				}
				note.Variations = append(note.Variations, v)
			}
		}
		out = append(out, note)
	}
	return out
}

func first(n *node) *node {
	if len(n.kids) == 0 {
		return nil
	}
	return n.kids[0]
}

// mainEnd is the last node of the main line.
func (m *Model) mainEnd() *node {
	n := m.root
	for len(n.kids) > 0 {
		n = n.kids[0]
	}
	return n
}

// path returns the moves from the start to n.
func path(n *node) []*node {
	var p []*node
	for ; n.parent != nil; n = n.parent {
		p = append(p, n)
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// lineGame replays the moves up to n with every rule checked; a result
// the record gave for n's move finishes the game.
func (m *Model) lineGame(n *node) (*rules.Game, error) {
	g, err := records.Prefix(m.base, 0)
	if err != nil {
		return nil, err
	}
	for _, k := range path(n) {
		if err := g.Play(k.move); err != nil {
			return nil, err
		}
	}
	if n.result != nil && g.Phase() != rules.Over {
		g.Finish(*n.result)
	}
	return g, nil
}

// PlaceText names the cursor, e.g. "game 123 at 12b".
func (m *Model) PlaceText() string {
	p := m.Position()
	label := rules.TurnLabel(p.Turn(), p.Side())
	if m.Step() > 0 {
		label += fmt.Sprintf(" after %d step(s)", m.Step())
	}
	return m.Title() + " at " + label
}

// Title names the game.
func (m *Model) Title() string { return m.title }

// SetTitle renames the game (after it was saved to a new file, say).
func (m *Model) SetTitle(title string) { m.title = title }

// Dirty reports changes since the game was opened or saved: moves
// entered, comments edited, variations promoted or deleted.
func (m *Model) Dirty() bool { return m.dirty }

// MarkSaved records that the tree was saved.
func (m *Model) MarkSaved() { m.dirty = false }

// line returns the nodes of the line shown, without the root.
func (m *Model) line() []*node {
	l := path(m.cur)
	for n := first(m.cur); n != nil; n = first(n) {
		l = append(l, n)
	}
	return l
}

// Len is the number of moves of the line shown.
func (m *Model) Len() int {
	n := len(path(m.cur))
	for k := first(m.cur); k != nil; k = first(k) {
		n++
	}
	return n
}

// Ply is the number of whole moves played at the cursor.
func (m *Model) Ply() int { return len(path(m.cur)) }

// Step is the number of steps of move Ply played at the cursor.
func (m *Model) Step() int { return m.step }

// next is the move after the cursor on its line, nil at the end.
func (m *Model) next() *node { return first(m.cur) }

// Position is the position at the cursor.
func (m *Model) Position() rules.Position {
	if m.setupView {
		return m.goldSetup
	}
	p := m.cur.after
	if n := m.next(); n != nil {
		for _, s := range n.move.Slice()[:m.step] {
			p = p.Play(s)
		}
	}
	return p
}

// TurnStart is the position at the start of the cursor's turn.
func (m *Model) TurnStart() rules.Position {
	if m.setupView {
		return m.goldSetup
	}
	return m.cur.after
}

// SetupView reports whether the cursor shows Gold's setup alone (the 1w
// row of the move list), where no move can be entered.
func (m *Model) SetupView() bool { return m.setupView }

func (m *Model) moveTo(n *node) {
	m.cur, m.step, m.setupView = n, 0, false
}

// Seek puts the cursor before move ply of the line shown (clamped), at a
// turn boundary.
func (m *Model) Seek(ply int) {
	l := m.line()
	ply = max(0, min(ply, len(l)))
	if ply == 0 {
		m.moveTo(m.root)
		return
	}
	m.moveTo(l[ply-1])
}

// First goes to the start.
func (m *Model) First() { m.Seek(0) }

// Last goes to the end of the line shown.
func (m *Model) Last() { m.Seek(m.Len()) }

// Next goes to the next turn boundary; it reports false at the end.
func (m *Model) Next() bool {
	if m.setupView {
		m.setupView = false
		return true
	}
	n := m.next()
	if n == nil {
		return false
	}
	m.moveTo(n)
	return true
}

// Prev goes to the previous turn boundary (or the start of this turn when in
// the middle of it; before the first move, to Gold's setup); it reports
// false at the start.
func (m *Model) Prev() bool {
	switch {
	case m.step > 0:
		m.step = 0
	case m.cur.parent != nil:
		m.moveTo(m.cur.parent)
	case m.base.Setup(rules.Gold) != nil && !m.setupView:
		m.setupView = true
	default:
		return false
	}
	return true
}

// NextStepValue returns the step NextStep would play, false at the end.
func (m *Model) NextStepValue() (rules.Step, bool) {
	n := m.next()
	if n == nil || m.setupView {
		return rules.NoStep, false
	}
	return n.move.Steps[m.step], true
}

// NextStep plays one step; after a move's last step the cursor is at the
// next turn boundary.
func (m *Model) NextStep() bool {
	n := m.next()
	if n == nil || m.setupView {
		return false
	}
	m.step++
	if m.step >= int(n.move.N) {
		m.moveTo(n)
	}
	return true
}

// PrevStep takes back one step.
func (m *Model) PrevStep() bool {
	if m.step > 0 {
		m.step--
		return true
	}
	if m.cur.parent == nil {
		return false
	}
	n := m.cur
	m.moveTo(n.parent)
	m.step = int(n.move.N) - 1
	return true
}

// Highlight returns the steps to draw as the last move: the steps played of
// the current move, or at a turn boundary the whole previous move.
func (m *Model) Highlight() []rules.Step {
	if m.setupView {
		return nil
	}
	if m.step > 0 {
		return m.next().move.Slice()[:m.step]
	}
	if m.cur.parent != nil {
		return m.cur.move.Slice()
	}
	return nil
}

// Captured returns the pieces each side has lost by the cursor: the
// difference between the start position and the cursor's.
func (m *Model) Captured() (gold, silver []rules.Piece) {
	if m.setupView {
		return nil, nil
	}
	start, now := m.root.after, m.Position()
	for _, c := range []rules.Color{rules.Gold, rules.Silver} {
		for t := rules.Elephant; t >= rules.Rabbit; t-- {
			for range start.Count(c, t) - now.Count(c, t) {
				if c == rules.Gold {
					gold = append(gold, rules.MakePiece(c, t))
				} else {
					silver = append(silver, rules.MakePiece(c, t))
				}
			}
		}
	}
	return gold, silver
}

// MoveText returns move i of the line shown in notation with its turn
// label, e.g. "2w Ee2n Ee3n Ee4n Ee5n".
func (m *Model) MoveText(i int) string {
	n := m.line()[i]
	return n.label() + " " + n.before.MoveString(n.move)
}

// lineEnd is the last node of the line shown.
func (m *Model) lineEnd() *node {
	n := m.cur
	for len(n.kids) > 0 {
		n = n.kids[0]
	}
	return n
}

// Result returns how the line shown ends, if it is decided.
func (m *Model) Result() (rules.Result, bool) {
	if r := m.lineEnd().result; r != nil {
		return *r, true
	}
	return rules.Result{}, false
}

// ResultText says how the line shown ended, or that it has not.
func (m *Model) ResultText() string {
	if r, ok := m.Result(); ok {
		return r.String()
	}
	p := m.lineEnd().after
	return "no result: " + rules.TurnLabel(p.Turn(), p.Side()) + " to move"
}

// AtEnd reports whether the cursor is after the last move of a decided
// line, where no move can be entered.
func (m *Model) AtEnd() bool {
	return m.cur.result != nil && !m.setupView
}

// GameAt returns a new game holding the moves before the cursor's turn, for
// panels that continue from there (the engine, a new test).
func (m *Model) GameAt() (*rules.Game, error) {
	if m.setupView {
		return nil, errors.New("the setup is not complete here")
	}
	return m.lineGame(m.cur)
}

// Play enters mv at the cursor's turn and moves the cursor past it. A move
// the tree already has there is followed; another one becomes a new
// variation (or continues the line when the cursor is at its end). The
// game is never cut. It reports whether the tree changed.
func (m *Model) Play(mv rules.Move) (bool, error) {
	if m.step != 0 || m.setupView {
		return false, errors.New("go to the start of a turn to enter a move")
	}
	for _, k := range m.cur.kids {
		if k.move == mv {
			m.moveTo(k)
			return false, nil
		}
	}
	g, err := m.lineGame(m.cur)
	if err != nil {
		return false, err
	}
	if err := g.Play(mv); err != nil {
		return false, err
	}
	k := m.cur.add(mv)
	if r, over := g.Result(); over {
		k.result = &r
	}
	m.moveTo(k)
	m.dirty = true
	m.rebuild()
	return true, nil
}

// InVariation reports whether the cursor is off the main line.
func (m *Model) InVariation() bool { return !m.cur.main() }

// Promote makes the line through the cursor the main line: at each fork
// on the way from the start it becomes the first continuation. It reports
// false when the cursor is on the main line already.
func (m *Model) Promote() bool {
	if m.cur.main() {
		return false
	}
	for n := m.cur; n.parent != nil; n = n.parent {
		kids := n.parent.kids
		for i, k := range kids {
			if k == n {
				copy(kids[1:i+1], kids[:i])
				kids[0] = n
				break
			}
		}
	}
	m.dirty = true
	m.rebuild()
	return true
}

// DeleteVariation removes the variation the cursor is in, from the move
// where it leaves its parent line, and puts the cursor before that move.
// The main line cannot be deleted.
func (m *Model) DeleteVariation() error {
	n := m.cur
	for n.parent != nil && n.parent.kids[0] == n {
		n = n.parent
	}
	if n.parent == nil {
		return errors.New("the cursor is on the main line: go into a variation to delete it")
	}
	p := n.parent
	for i, k := range p.kids {
		if k == n {
			p.kids = append(p.kids[:i], p.kids[i+1:]...)
			break
		}
	}
	m.moveTo(p)
	m.dirty = true
	m.rebuild()
	return nil
}

// Comment returns the comment on the move last played at the cursor (at
// the start, on Silver's setup; on the 1w row, on Gold's), and the label
// it belongs to ("" when there is nothing to comment: a game from a
// position, at its start).
func (m *Model) Comment() (text, label string) {
	switch {
	case m.setupView:
		return m.setupComment[rules.Gold], "1w"
	case m.cur.parent != nil:
		return m.cur.comment, m.cur.label()
	case m.base.Setup(rules.Silver) != nil:
		return m.setupComment[rules.Silver], "1b"
	}
	return "", ""
}

// SetComment sets the comment Comment returns. A comment cannot hold '}',
// which ends a comment in a record.
func (m *Model) SetComment(text string) error {
	if strings.Contains(text, "}") {
		return errors.New("a comment cannot hold '}': it would end the comment in the record")
	}
	var dst *string
	switch _, label := m.Comment(); label {
	case "":
		return errors.New("there is no move here to comment on")
	case "1w":
		dst = &m.setupComment[rules.Gold]
	case "1b":
		if m.cur.parent == nil {
			dst = &m.setupComment[rules.Silver]
		}
	}
	if dst == nil {
		dst = &m.cur.comment
	}
	if *dst == text {
		return nil
	}
	*dst = text
	m.dirty = true
	m.rebuild()
	return nil
}

// Rows returns the move list: the setup turns, then the main line with
// each variation after the move it replaces, indented by its depth.
func (m *Model) Rows() []Row { return m.rows }

// CursorRow returns the row of the cursor's last move (or setup), -1 at
// the start of a game from a position.
func (m *Model) CursorRow() int {
	for i, r := range m.rows {
		switch {
		case r.Setup == 1 && m.setupView,
			r.Setup == 2 && !m.setupView && m.cur == m.root,
			r.Setup == 0 && r.n == m.cur && !m.setupView:
			return i
		}
	}
	return -1
}

// GoToRow puts the cursor after row i's move (or setup).
func (m *Model) GoToRow(i int) {
	if i < 0 || i >= len(m.rows) {
		return
	}
	r := m.rows[i]
	switch r.Setup {
	case 1:
		m.moveTo(m.root)
		m.setupView = true
	case 2:
		m.moveTo(m.root)
	default:
		m.moveTo(r.n)
	}
}

// rebuild lays out the move list again after the tree changed.
func (m *Model) rebuild() {
	m.rows = m.rows[:0]
	for c := rules.Gold; c <= rules.Silver; c++ {
		ps := m.base.Setup(c)
		if ps == nil {
			continue
		}
		words := make([]string, 0, len(ps)+1)
		words = append(words, rules.TurnLabel(1, c))
		for _, pl := range ps {
			words = append(words, pl.String())
		}
		m.rows = append(m.rows, Row{Setup: int(c) + 1, Text: withComment(strings.Join(words, " "), m.setupComment[c])})
	}
	if n := first(m.root); n != nil {
		m.addRows(n, 0, false)
	}
	m.buildTurnRows(m.marks)
}

// SetMarks sets what tells the blunder marks of the move list's rows ("" for
// none) and lays out the two-column list again.
func (m *Model) SetMarks(marks func(i int) string) {
	m.marks = marks
	m.buildTurnRows(marks)
}

func (m *Model) addRows(n *node, depth int, opens bool) {
	for ; n != nil; n = first(n) {
		text := n.label() + " " + n.before.MoveString(n.move)
		if opens {
			text = "( " + text
		}
		text = strings.Repeat("    ", depth) + withComment(text, n.comment)
		m.rows = append(m.rows, Row{Depth: depth, First: opens, Text: text, n: n})
		opens = false
		if n.parent.kids[0] == n {
			for _, alt := range n.parent.kids[1:] {
				m.addRows(alt, depth+1, true)
			}
		}
	}
}

// withComment appends the first line of a comment, shortened, to a row.
func withComment(text, comment string) string {
	if comment == "" {
		return text
	}
	c, _, more := strings.Cut(comment, "\n")
	if r := []rune(c); len(r) > 40 {
		c, more = string(r[:40]), true
	}
	if more {
		c += "…"
	}
	return fmt.Sprintf("%s  {%s}", text, c)
}
