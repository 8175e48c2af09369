package board

import (
	"fmt"

	"arimaa-workbench/engine/rules"
)

// MoveEntry is the model behind entering a move with the mouse: the turn's
// starting position, the steps taken so far (with redo), and a selected
// square. Pushes and pulls are entered a step at a time in either order
// (the enemy piece first, then the pusher, or the puller first and then the
// enemy piece), because rules.Position.Steps offers both halves. Every
// legality question is answered by the rules core.
type MoveEntry struct {
	start    rules.Position
	pos      rules.Position
	steps    []rules.Step
	redo     []rules.Step
	selected rules.Square
}

// NewMoveEntry starts entering a move from p, at the start of a turn.
func NewMoveEntry(p rules.Position) *MoveEntry {
	return &MoveEntry{start: p, pos: p, selected: rules.NoSquare}
}

// Start returns the position the turn started from.
func (e *MoveEntry) Start() rules.Position { return e.start }

// Position returns the position after the steps taken.
func (e *MoveEntry) Position() rules.Position { return e.pos }

// Steps returns the steps taken this turn.
func (e *MoveEntry) Steps() []rules.Step { return append([]rules.Step(nil), e.steps...) }

// Move returns the steps taken as a move.
func (e *MoveEntry) Move() rules.Move { return rules.MoveOf(e.steps...) }

// Selected returns the selected square, or rules.NoSquare.
func (e *MoveEntry) Selected() rules.Square { return e.selected }

// Targets returns the squares the selected piece may step to now.
func (e *MoveEntry) Targets() rules.Bitboard {
	if e.selected == rules.NoSquare {
		return 0
	}
	var t rules.Bitboard
	for _, s := range e.pos.Steps(nil) {
		if s.From() == e.selected {
			t |= s.To().Bit()
		}
	}
	return t
}

// Overlays returns the selection, its destinations and the steps taken as
// arrows, ready for the board.
func (e *MoveEntry) Overlays() Overlays {
	return Overlays{Selected: e.selected, Targets: e.Targets(), LastMove: e.Steps()}
}

// CanFinish reports whether the turn may end here (repetition aside, which
// the game judges when the move is played).
func (e *MoveEntry) CanFinish() bool { return e.pos.CanEndTurn() }

// Click handles a click on sq: select a piece, step the selected piece to a
// destination, or change the selection. It returns a short message for the
// status bar: what happened, or why nothing could.
func (e *MoveEntry) Click(sq rules.Square) string {
	p := e.pos.At(sq)
	if e.selected == rules.NoSquare {
		if p == rules.Empty {
			return fmt.Sprintf("%v is empty: click a piece to move", sq)
		}
		e.selected = sq
		if e.Targets() == 0 {
			e.selected = rules.NoSquare
			return e.whyStuck(sq)
		}
		return fmt.Sprintf("%v%v selected", p, sq)
	}
	if sq == e.selected {
		e.selected = rules.NoSquare
		return ""
	}
	if e.Targets().Has(sq) {
		return e.stepMsg(e.Step(e.selected, sq))
	}
	if p != rules.Empty {
		prev := e.selected
		e.selected = sq
		if e.Targets() != 0 {
			return fmt.Sprintf("%v%v selected", p, sq)
		}
		e.selected = prev
	}
	err := e.Step(e.selected, sq)
	return e.stepMsg(err)
}

func (e *MoveEntry) stepMsg(err error) string {
	if err != nil {
		return err.Error()
	}
	last := e.steps[len(e.steps)-1]
	return fmt.Sprintf("%v played, %d step(s) left", last, e.pos.StepsLeft())
}

// whyStuck explains why the piece on sq has no step now, with the cause
// the rules name (frozen by which piece, no empty neighbour, ...).
func (e *MoveEntry) whyStuck(sq rules.Square) string {
	p := e.pos.At(sq)
	if why := e.pos.WhyStuck(sq); why != "" {
		return fmt.Sprintf("%v%v cannot move: %s", p, sq, why)
	}
	return fmt.Sprintf("%v%v cannot move now", p, sq)
}

// Step plays the step of the piece on from to the adjacent square to, or
// returns why it is illegal. A success clears the selection and the redo
// list.
func (e *MoveEntry) Step(from, to rules.Square) error {
	p := e.pos.At(from)
	if p == rules.Empty {
		return fmt.Errorf("no piece on %v", from)
	}
	d, ok := rules.DirTo(from, to)
	if !ok {
		return fmt.Errorf("%v to %v is not a single step", from, to)
	}
	s := rules.MakeStep(p, from, d)
	next, _, err := e.pos.PlayChecked(s)
	if err != nil {
		return fmt.Errorf("%v: %v", s, reason(err))
	}
	e.pos = next
	e.steps = append(e.steps, s)
	e.redo = e.redo[:0]
	e.selected = rules.NoSquare
	return nil
}

// reason gives the rules' explanation without repeating the step.
func reason(err error) string {
	if se, ok := err.(*rules.StepError); ok {
		return se.Reason
	}
	return err.Error()
}

// Undo takes back the last step; it reports false when there is none.
func (e *MoveEntry) Undo() bool { return e.moveLast(&e.steps, &e.redo) }

// Redo plays again the last step undone; it reports false when there is none.
func (e *MoveEntry) Redo() bool { return e.moveLast(&e.redo, &e.steps) }

// moveLast moves the last step of from to the end of to and replays the
// steps; it reports false when from is empty.
func (e *MoveEntry) moveLast(from, to *[]rules.Step) bool {
	if len(*from) == 0 {
		return false
	}
	last := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, last)
	e.replay()
	return true
}

// Reset clears the steps and starts again from the turn's start.
func (e *MoveEntry) Reset() {
	e.steps, e.redo = e.steps[:0], e.redo[:0]
	e.replay()
}

func (e *MoveEntry) replay() {
	e.pos = e.start
	for _, s := range e.steps {
		e.pos = e.pos.Play(s)
	}
	e.selected = rules.NoSquare
}
