package viewer

import (
	"strconv"
	"strings"

	"arimaa-workbench/engine/rules"
)

// MoveCell is a move of the two-column move list: its text and the row of
// Rows it stands for (-1: an empty cell).
type MoveCell struct {
	Text string
	Row  int
}

// TurnRow is a line of the two-column move list, as lichess and En
// Croissant lay a game out: the turn's number, Gold's move and Silver's.
// The setups have a row of their own; a variation starts on a new row,
// indented by its depth, its first move opened with "(" and its last
// closed with ")", and the line it leaves goes on in a row of its own.
type TurnRow struct {
	Turn  string
	Depth int
	Cells [2]MoveCell // Gold's and Silver's
}

// TurnRows returns the two-column move list of the tree.
func (m *Model) TurnRows() []TurnRow { return m.turnRows }

// TurnRowOf returns the turn row and column showing row i of Rows, or
// -1, -1 when none does.
func (m *Model) TurnRowOf(i int) (row, col int) {
	for r, tr := range m.turnRows {
		for c, cell := range tr.Cells {
			if cell.Row == i && i >= 0 {
				return r, c
			}
		}
	}
	return -1, -1
}

// buildTurnRows pairs the rows of Rows into turns: a move of Gold's and the
// next of Silver's share a row when they are of the same turn and line
// and no variation comes between them.
func (m *Model) buildTurnRows(marks func(i int) string) {
	m.turnRows = m.turnRows[:0]
	empty := MoveCell{Row: -1}
	setup := TurnRow{Turn: "1", Cells: [2]MoveCell{empty, empty}}
	hasSetup := false
	for i, r := range m.rows {
		if r.Setup == 0 {
			continue
		}
		c := rules.Color(r.Setup - 1)
		words := make([]string, 0, 16)
		for _, pl := range m.base.Setup(c) {
			words = append(words, pl.String())
		}
		text := strings.Join(words, " ")
		if m.setupComment[c] != "" {
			text += " {…}"
		}
		setup.Cells[c] = MoveCell{Text: text, Row: i}
		hasSetup = true
	}
	if hasSetup {
		m.turnRows = append(m.turnRows, setup)
	}
	for i := 0; i < len(m.rows); i++ {
		r := m.rows[i]
		if r.Setup != 0 {
			continue
		}
		n := r.n
		text := cellText(m, i, marks)
		side := n.before.Side()
		tr := TurnRow{Turn: strconv.Itoa(n.before.Turn()), Depth: r.Depth, Cells: [2]MoveCell{empty, empty}}
		if side == rules.Silver {
			tr.Cells[0].Text = "…"
			tr.Cells[1] = MoveCell{Text: text, Row: i}
		} else {
			tr.Cells[0] = MoveCell{Text: text, Row: i}
			if j := i + 1; j < len(m.rows) && pairs(m.rows[i], m.rows[j]) {
				tr.Cells[1] = MoveCell{Text: cellText(m, j, marks), Row: j}
				i = j
			}
		}
		m.turnRows = append(m.turnRows, tr)
	}
}

// pairs reports whether b is Silver's reply to a's Gold move on the same
// line, so that both share a row.
func pairs(a, b Row) bool {
	return b.Setup == 0 && !b.First && b.Depth == a.Depth && b.n.parent == a.n &&
		b.n.before.Side() == rules.Silver && b.n.before.Turn() == a.n.before.Turn()
}

// cellText is row i's move as a cell shows it: the move, "(" before the
// first move of a variation, ")" after its last, "??" after a blunder and
// "{…}" after a commented move.
func cellText(m *Model, i int, marks func(i int) string) string {
	r := m.rows[i]
	text := r.n.before.MoveString(r.n.move)
	if r.First {
		text = "( " + text
	}
	if marks != nil && marks(i) != "" {
		text += " ??"
	}
	if r.n.comment != "" {
		text += " {…}"
	}
	if c := closes(m.rows, i); c > 0 {
		text += " " + strings.Repeat(")", c)
	}
	return text
}

// closes counts the variations that end with row i: those deeper than the
// next row's line, and the one at the next row's depth when that row
// opens a sibling variation.
func closes(rows []Row, i int) int {
	d := rows[i].Depth
	if i+1 >= len(rows) {
		return d
	}
	next := rows[i+1]
	c := d - next.Depth
	if next.First {
		c++
	}
	return max(c, 0)
}
