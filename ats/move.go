package ats

import (
	"errors"
	"fmt"
	"strings"

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
type moveError struct{ msg string }

func (e *moveError) Error() string { return e.msg }
func (e *moveError) Unwrap() error { return ErrIllegalMove }

func illegal(format string, args ...any) error {
	return &moveError{fmt.Sprintf(format, args...)}
}

// PlayMove plays the move written in text (steps separated by spaces, with
// or without capture tokens) from pos, checking every rule that does not
// need a game's history. Capture tokens, when given, must name exactly the
// captures the rules make; they may be left out.
func PlayMove(pos rules.Position, text string) (Played, error) {
	words := strings.Fields(text)
	if len(words) == 0 {
		return Played{}, illegal("empty move")
	}
	var pl Played
	p := pos
	var caps []rules.Capture
	// pending holds the capture made by the last step until the next word
	// shows whether the move wrote it down.
	var pending rules.Capture
	for i, w := range words {
		tok, err := rules.ParseToken(w)
		if err != nil {
			return Played{}, illegal("word %d: %v", i+1, err)
		}
		switch tok.Kind {
		case rules.TokenCapture:
			if pending.Piece == rules.Empty || pending.Piece != tok.Piece || pending.Square != tok.Square {
				return Played{}, illegal("word %d: %s, but the rules capture nothing there", i+1, w)
			}
			pending = rules.Capture{}
			continue
		case rules.TokenPlacement:
			return Played{}, illegal("word %d: %q is a setup placement, not a step", i+1, w)
		}
		pending = rules.Capture{}
		if pl.Move.N == 4 {
			return Played{}, illegal("more than four steps")
		}
		st := tok.Step()
		var c rules.Capture
		p, c, err = p.PlayChecked(st)
		if err != nil {
			return Played{}, illegal("step %d (%s): %v", pl.Move.N+1, w, err)
		}
		pl.Move = pl.Move.Add(st)
		if c.Piece != rules.Empty {
			caps = append(caps, c)
			pending = c
		}
	}
	if !p.CanEndTurn() {
		switch {
		case p.PushPending():
			return Played{}, illegal("the move ends in the middle of a push")
		default:
			return Played{}, illegal("the move leaves the board as it was")
		}
	}
	pl.Captures = caps
	pl.After = p.EndTurn()
	pl.Text = pos.MoveString(pl.Move)
	return pl, nil
}
