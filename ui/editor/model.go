// Package editor is the workbench's position editor: a model of the position
// being edited with undo and redo for every edit, live validation by the
// rules, text copy and paste, and a panel that puts it on screen with a
// palette of the twelve pieces and an eraser.
package editor

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Model is the position being edited. Every change goes through apply, so
// each edit is one undo step and marks the model changed since the last
// save.
type Model struct {
	pos        rules.Position
	undo, redo []rules.Position
	saved      rules.Position
	dirty      bool
	path       string

	// OnChange, when set, is called after every change of the position.
	OnChange func()
}

// NewModel starts editing p, unchanged.
func NewModel(p rules.Position) *Model {
	return &Model{pos: p, saved: p}
}

// Position returns the position being edited.
func (m *Model) Position() rules.Position { return m.pos }

// Path returns the file the position was loaded from or saved to, "" if none.
func (m *Model) Path() string { return m.path }

// Dirty reports whether there are changes not saved.
func (m *Model) Dirty() bool { return m.dirty }

// Problems returns what the rules find wrong with the position; an empty
// list means it can be given to an engine.
func (m *Model) Problems() []rules.Problem { return m.pos.Validate() }

// CanUndo reports whether there is an edit to undo.
func (m *Model) CanUndo() bool { return len(m.undo) > 0 }

// CanRedo reports whether there is an undone edit to redo.
func (m *Model) CanRedo() bool { return len(m.redo) > 0 }

func (m *Model) apply(p rules.Position) bool {
	if p == m.pos {
		return false
	}
	m.undo = append(m.undo, m.pos)
	m.redo = m.redo[:0]
	m.pos = p
	m.dirty = p != m.saved
	m.changed()
	return true
}

func (m *Model) changed() {
	if m.OnChange != nil {
		m.OnChange()
	}
}

// Undo takes back the last edit.
func (m *Model) Undo() bool { return m.travel(&m.undo, &m.redo) }

// Redo makes the last undone edit again.
func (m *Model) Redo() bool { return m.travel(&m.redo, &m.undo) }

// travel goes to the last position of from (the undo or the redo stack),
// keeping the position left on to, the other; it reports false when from
// is empty.
func (m *Model) travel(from, to *[]rules.Position) bool {
	if len(*from) == 0 {
		return false
	}
	*to = append(*to, m.pos)
	m.pos = (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	m.dirty = m.pos != m.saved
	m.changed()
	return true
}

// Place puts pc on sq (rules.Empty clears it). It reports whether anything
// changed.
func (m *Model) Place(sq rules.Square, pc rules.Piece) bool {
	if !sq.Valid() || m.pos.At(sq) == pc {
		return false
	}
	return m.apply(m.pos.WithPiece(sq, pc))
}

// Remove clears sq.
func (m *Model) Remove(sq rules.Square) bool { return m.Place(sq, rules.Empty) }

// MovePiece moves the piece on from to to, replacing what was there, as one
// edit; to = rules.NoSquare removes it (dragged off the board).
func (m *Model) MovePiece(from, to rules.Square) bool {
	pc := m.pos.At(from)
	if pc == rules.Empty || from == to {
		return false
	}
	p := m.pos.WithPiece(from, rules.Empty)
	if to.Valid() {
		p = p.WithPiece(to, pc)
	}
	return m.apply(p)
}

// SetSide sets the side to move.
func (m *Model) SetSide(c rules.Color) bool { return m.apply(m.pos.WithSide(c)) }

// SetTurn sets the turn number (0 for not given).
func (m *Model) SetTurn(n int) bool {
	if n < 0 {
		return false
	}
	return m.apply(m.pos.WithTurn(n))
}

// Clear empties the board, keeping side and turn.
func (m *Model) Clear() bool {
	return m.apply(rules.NewPosition(m.pos.Side(), m.pos.Turn(), [64]rules.Piece{}))
}

// BasicSetup puts both armies in the basic setup of the rules, Gold to move.
func (m *Model) BasicSetup() bool { return m.apply(rules.StartPosition()) }

// RandomSetup puts each army in a random legal setup on its two home ranks,
// Gold to move on turn 2.
func (m *Model) RandomSetup(rng *rand.Rand) bool {
	var board [64]rules.Piece
	for _, c := range []rules.Color{rules.Gold, rules.Silver} {
		var army []rules.Piece
		for t := rules.Rabbit; t <= rules.Elephant; t++ {
			for range rules.FullArmy[t] {
				army = append(army, rules.MakePiece(c, t))
			}
		}
		rng.Shuffle(len(army), func(i, j int) { army[i], army[j] = army[j], army[i] })
		base := 0
		if c == rules.Silver {
			base = 48
		}
		for i, pc := range army {
			board[base+i] = pc
		}
	}
	return m.apply(rules.NewPosition(rules.Gold, 2, board))
}

// SwapColours turns every Gold piece into Silver and the reverse, with the
// board turned upside down and the other side to move, so the position means
// the same with the roles exchanged.
func (m *Model) SwapColours() bool {
	var board [64]rules.Piece
	for sq := rules.Square(0); sq < 64; sq++ {
		if pc := m.pos.At(sq); pc != rules.Empty {
			board[rules.NewSquare(sq.File(), 7-sq.Rank())] = rules.MakePiece(pc.Color().Other(), pc.Type())
		}
	}
	return m.apply(rules.NewPosition(m.pos.Side().Other(), m.pos.Turn(), board))
}

// Mirror reflects the board left to right (file a becomes file h).
func (m *Model) Mirror() bool {
	var board [64]rules.Piece
	for sq := rules.Square(0); sq < 64; sq++ {
		board[rules.NewSquare(7-sq.File(), sq.Rank())] = m.pos.At(sq)
	}
	return m.apply(rules.NewPosition(m.pos.Side(), m.pos.Turn(), board))
}

// SetPosition replaces the whole position as one edit (paste, "edit here").
func (m *Model) SetPosition(p rules.Position) bool { return m.apply(p) }

// Text returns the position as the standard long format or, with compact,
// as the one-line AEI form.
func (m *Model) Text(compact bool) string {
	if compact {
		return records.FormatCompact(m.pos)
	}
	return records.FormatPosition(m.pos)
}

// Paste reads a position in any form the records package knows (long,
// compact, and what other tools copy) and makes it the position, as one
// edit.
func (m *Model) Paste(text string) error {
	if strings.TrimSpace(text) == "" {
		return fmt.Errorf("the clipboard holds no text")
	}
	p, err := records.ParseAny(text)
	if err != nil {
		return err
	}
	m.apply(p)
	return nil
}

// Load replaces the position with the one read from r, clearing the undo
// history; name is the file, for errors and for Save.
func (m *Model) Load(r io.Reader, name string) error {
	p, err := records.ReadPosition(r, name)
	if err != nil {
		return err
	}
	m.Reset(p, name)
	return nil
}

// Reset starts editing p afresh as the saved state of path (a new
// position, a loaded file, or a recovered one with path "").
func (m *Model) Reset(p rules.Position, path string) {
	m.pos, m.saved, m.path, m.dirty = p, p, path, false
	m.undo, m.redo = nil, nil
	m.changed()
}

// MarkDirty marks the position as having unsaved changes (a recovered
// position that was never saved).
func (m *Model) MarkDirty() {
	m.dirty = true
	m.saved = rules.Position{}
	m.changed()
}

// Saved records that the position was written to path.
func (m *Model) Saved(path string) {
	m.saved, m.path, m.dirty = m.pos, path, false
	m.changed()
}

// Verdict says, in lines for the validation list, whether p breaks a rule
// and whether an engine can analyse it: a legal position in which the game
// is already decided (a side without rabbits, the side to move without a
// move) cannot be analysed, and the verdict says why.
func Verdict(p rules.Position) (lines []string, analysable bool) {
	if probs := p.Validate(); len(probs) > 0 {
		for _, pr := range probs {
			lines = append(lines, "✗ "+pr.Msg)
		}
		return append(lines, "(it can be edited, but not sent to an engine)"), false
	}
	if p.Occupied() == 0 {
		return []string{"✗ the board is empty: place each side's pieces, at least one rabbit each",
			"(the engine cannot analyse an empty board)"}, false
	}
	for _, c := range []rules.Color{rules.Gold, rules.Silver} {
		if p.Count(c, rules.Rabbit) == 0 {
			lines = append(lines, fmt.Sprintf("✗ %s has no rabbits: a side without rabbits has lost", c))
		}
	}
	if r, over := p.Outcome(); over {
		if len(lines) == 0 {
			lines = append(lines, fmt.Sprintf("✗ %s has no legal move", p.Side()))
		}
		return append(lines, fmt.Sprintf("(a legal position, but the game is over: %s; the engine cannot analyse it)", r)), false
	}
	return []string{"✓ valid position: the engine can analyse it"}, true
}
