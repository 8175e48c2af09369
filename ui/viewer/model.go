// Package viewer is the workbench's game-record viewer: a model of a game
// with a cursor at any move and step, an archive index that fills while the
// archive streams in and filters its games, and the panel that shows both
// with the board, the move list, captured pieces and the result.
package viewer

import (
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Model is a game and a cursor into it: Ply moves played, then Step steps
// of the next move. All positions are computed once when the game is set.
type Model struct {
	game   *rules.Game
	title  string
	before []rules.Position // before[i] is the position before move i; len = moves+1
	moves  []rules.Move
	ply    int
	step   int
}

// NewModel shows g from its start.
func NewModel(g *rules.Game, title string) *Model {
	m := &Model{}
	m.SetGame(g, title)
	return m
}

// SetGame replaces the game and puts the cursor at its start.
func (m *Model) SetGame(g *rules.Game, title string) {
	m.game, m.title = g, title
	m.moves = append([]rules.Move(nil), g.Moves()...)
	m.before = make([]rules.Position, 0, len(m.moves)+1)
	p := g.Start()
	for _, mv := range m.moves {
		m.before = append(m.before, p)
		for _, s := range mv.Slice() {
			p = p.Play(s)
		}
		p = p.EndTurn()
	}
	m.before = append(m.before, g.Position())
	m.ply, m.step = 0, 0
}

// Game returns the game shown (the viewer's own; do not modify it).
func (m *Model) Game() *rules.Game { return m.game }

// Title names the game.
func (m *Model) Title() string { return m.title }

// Len is the number of moves.
func (m *Model) Len() int { return len(m.moves) }

// Ply is the number of whole moves played at the cursor.
func (m *Model) Ply() int { return m.ply }

// Step is the number of steps of move Ply played at the cursor.
func (m *Model) Step() int { return m.step }

// Position is the position at the cursor.
func (m *Model) Position() rules.Position {
	p := m.before[m.ply]
	if m.ply < len(m.moves) {
		for _, s := range m.moves[m.ply].Slice()[:m.step] {
			p = p.Play(s)
		}
	}
	return p
}

// TurnStart is the position at the start of the cursor's turn.
func (m *Model) TurnStart() rules.Position { return m.before[m.ply] }

// Seek puts the cursor before move ply (clamped), at a turn boundary.
func (m *Model) Seek(ply int) {
	m.ply, m.step = max(0, min(ply, len(m.moves))), 0
}

// First goes to the start.
func (m *Model) First() { m.Seek(0) }

// Last goes to the end.
func (m *Model) Last() { m.Seek(len(m.moves)) }

// Next goes to the next turn boundary; it reports false at the end.
func (m *Model) Next() bool {
	if m.ply >= len(m.moves) {
		return false
	}
	m.Seek(m.ply + 1)
	return true
}

// Prev goes to the previous turn boundary (or the start of this turn when in
// the middle of it); it reports false at the start.
func (m *Model) Prev() bool {
	if m.step > 0 {
		m.step = 0
		return true
	}
	if m.ply == 0 {
		return false
	}
	m.Seek(m.ply - 1)
	return true
}

// NextStepValue returns the step NextStep would play, false at the end.
func (m *Model) NextStepValue() (rules.Step, bool) {
	if m.ply >= len(m.moves) {
		return rules.NoStep, false
	}
	return m.moves[m.ply].Steps[m.step], true
}

// NextStep plays one step; after a move's last step the cursor is at the
// next turn boundary.
func (m *Model) NextStep() bool {
	if m.ply >= len(m.moves) {
		return false
	}
	m.step++
	if m.step >= int(m.moves[m.ply].N) {
		m.ply, m.step = m.ply+1, 0
	}
	return true
}

// PrevStep takes back one step.
func (m *Model) PrevStep() bool {
	if m.step > 0 {
		m.step--
		return true
	}
	if m.ply == 0 {
		return false
	}
	m.ply--
	m.step = int(m.moves[m.ply].N) - 1
	return true
}

// Highlight returns the steps to draw as the last move: the steps played of
// the current move, or at a turn boundary the whole previous move.
func (m *Model) Highlight() []rules.Step {
	if m.step > 0 {
		return m.moves[m.ply].Slice()[:m.step]
	}
	if m.ply > 0 {
		return m.moves[m.ply-1].Slice()
	}
	return nil
}

// Captured returns the pieces each side has lost by the cursor: the
// difference between the start position and the cursor's.
func (m *Model) Captured() (gold, silver []rules.Piece) {
	start, now := m.before[0], m.Position()
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

// MoveText returns move i in notation with its turn label, e.g.
// "2w Ee2n Ee3n Ee4n Ee5n".
func (m *Model) MoveText(i int) string {
	p := m.before[i]
	return rules.TurnLabel(p.Turn(), p.Side()) + " " + p.MoveString(m.moves[i])
}

// ResultText says how the game ended, or that it has not.
func (m *Model) ResultText() string {
	if r, ok := m.game.Result(); ok {
		return r.String()
	}
	return "no result: " + rules.TurnLabel(m.before[len(m.moves)].Turn(), m.before[len(m.moves)].Side()) + " to move"
}

// GameAt returns a new game holding the moves before the cursor's turn, for
// panels that continue from there (the engine, a new test).
func (m *Model) GameAt() (*rules.Game, error) {
	return records.Prefix(m.game, m.ply)
}

// Play enters mv at the cursor's turn. Moves after the cursor are dropped
// (the caller asks first); the cursor moves past the new move.
func (m *Model) Play(mv rules.Move) error {
	ng, err := records.Prefix(m.game, m.ply)
	if err != nil {
		return err
	}
	if err := ng.Play(mv); err != nil {
		return err
	}
	ply := m.ply + 1
	m.SetGame(ng, m.title)
	m.Seek(ply)
	return nil
}
