package ats

import (
	"errors"

	"arimaa-workbench/engine/rules"
)

// ErrIllegalMove is wrapped by every error of PlayMove, so a caller can tell
// an illegal move from other failures with errors.Is.
var ErrIllegalMove = errors.New("illegal move")

// Played is a move played from a test position: the steps, the move in
// canonical notation (with capture tokens), the pieces it captured and the
// position after it, with the opponent to move.
type Played struct {
	Move     rules.Move
	Text     string
	Captures []rules.Capture
	After    rules.Position
}

// moveError is an illegal move with the reason.
type moveError struct{ err error }

func (e *moveError) Error() string   { return e.err.Error() }
func (e *moveError) Unwrap() []error { return []error{ErrIllegalMove, e.err} }

// PlayMove plays the move written in text (rules.ParseMove: steps
// separated by blanks, with or without capture tokens) from pos, checking
// every rule that does not need a game's history (rules.Position.PlayText).
// Capture tokens, when given, must name exactly the captures the rules
// make; they may be left out. The error wraps ErrIllegalMove and the rules
// core's *rules.NotationError or *rules.MoveError.
func PlayMove(pos rules.Position, text string) (Played, error) {
	m, after, caps, err := pos.PlayText(text)
	if err != nil {
		return Played{}, &moveError{err}
	}
	return Played{Move: m, Text: pos.MoveString(m), Captures: caps, After: after}, nil
}
