package viewer

import (
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

// TestTurnRows: the two-column list puts the setups on a row of their own,
// Gold's and Silver's moves of a turn side by side, and a variation on
// rows of its own, indented, opened with "(" and closed with ")"; every
// cell goes to its own move.
func TestTurnRows(t *testing.T) {
	_, m := goalRaceModel(t)
	// A variation of Silver's 2b, with a variation of its own at 3w.
	m.Seek(1)
	var other rules.Move
	for _, mv := range legal(t, m) {
		if mv != m.next().move {
			other = mv
			break
		}
	}
	if _, err := m.Play(other); err != nil {
		t.Fatal(err)
	}
	reply := legal(t, m)
	if _, err := m.Play(reply[0]); err != nil {
		t.Fatal(err)
	}
	m.Prev()
	if _, err := m.Play(reply[1]); err != nil {
		t.Fatal(err)
	}
	rows := m.TurnRows()
	// The setups; 2w | 2b; the variation of 2b on its own rows, its own
	// variation of 3w inside, both closed after its move; then 3w | 3b.
	want := []struct {
		turn         string
		depth        int
		gold, silver string
	}{
		{"1", 0, "Ra1 Ma2", "ra8 ha7"},
		{"2", 0, "Hb2n Rb1n Hb3e Rb2n", "db7s db6s rb8s rb7s"},
		{"2", 1, "…", "( " + other.String()},
		{"3", 1, reply[0].String(), ""},
		{"3", 2, "( " + reply[1].String() + " ))", ""},
		{"3", 0, "Ra1e Rb3w Ra3n Ra4n", "Ra5s db5w rb6s"},
	}
	for i, w := range want {
		if i >= len(rows) {
			t.Fatalf("%d rows, want at least %d", len(rows), len(want))
		}
		r := rows[i]
		if r.Turn != w.turn || r.Depth != w.depth || !strings.HasPrefix(r.Cells[0].Text, w.gold) || !strings.HasPrefix(r.Cells[1].Text, w.silver) {
			t.Errorf("row %d = %+v, want turn %s depth %d cells %q %q…", i, r, w.turn, w.depth, w.gold, w.silver)
		}
	}
	// Each cell goes to its move: the cell of the inner variation to it.
	cell := rows[4].Cells[0]
	m.GoToRow(cell.Row)
	if r, c := m.TurnRowOf(m.CursorRow()); r != 4 || c != 0 || m.Position() != m.cur.after {
		t.Errorf("after going to the inner variation the cursor's cell is row %d col %d", r, c)
	}
	if m.cur.move != reply[1] {
		t.Errorf("the inner variation's cell went to %v, want %v", m.cur.move, reply[1])
	}
}

// legal returns the moves legal at the model's cursor.
func legal(t *testing.T, m *Model) []rules.Move {
	t.Helper()
	g, err := m.GameAt()
	if err != nil {
		t.Fatal(err)
	}
	return g.LegalMoves(nil)
}
