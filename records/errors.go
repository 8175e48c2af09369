package records

import (
	"errors"
	"fmt"

	"arimaa-workbench/engine/rules"
)

// Sentinel errors wrapped by every *ParseError, for errors.Is.
var (
	ErrEmpty    = errors.New("nothing to read")
	ErrHeader   = errors.New("bad position header")
	ErrBoard    = errors.New("bad board")
	ErrPiece    = errors.New("not an Arimaa piece")
	ErrSide     = errors.New("not a side")
	ErrPosition = errors.New("invalid position")
	ErrLabel    = errors.New("bad turn label")
	ErrToken    = errors.New("bad move notation")
	ErrCapture  = errors.New("capture token does not match the rules")
	ErrIllegal  = errors.New("illegal move")
	ErrArchive  = errors.New("bad archive row")
	ErrTooLong  = errors.New("line too long")
	// ErrVariation is a misplaced or unclosed comment or variation.
	ErrVariation = errors.New("bad comment or variation")
)

// ParseError is a problem at a place in a file: the file name (empty when
// unknown), the 1-based line and column (0 when unknown) and the reason.
type ParseError struct {
	File         string
	Line, Column int
	Err          error
}

// Error reads like "game.txt:4:7: 'Q' is not an Arimaa piece", or without
// a file name "line 4, column 7: 'Q' is not an Arimaa piece".
func (e *ParseError) Error() string {
	if e.File != "" {
		switch {
		case e.Line > 0 && e.Column > 0:
			return fmt.Sprintf("%s:%d:%d: %v", e.File, e.Line, e.Column, e.Err)
		case e.Line > 0:
			return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
		}
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Column, e.Err)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprint(e.Err)
}

// Unwrap returns the reason, which wraps one of the sentinel errors.
func (e *ParseError) Unwrap() error { return e.Err }

// ParseWarning is something a tolerant reader read past where a strict
// one stops: the file name (empty when unknown), the 1-based line and
// column, the character concerned, a sentence saying what was done, and
// Err, the reason a strict reader gives at the same place (it wraps one of
// the sentinel errors). Warnings are values, not errors: the text was
// read, and the caller decides whether to show them or to refuse the text
// (a --strict flag) by turning each into a *ParseError with Strict.
type ParseWarning struct {
	File         string
	Line, Column int
	Char         byte
	Msg          string
	Err          error
}

// String reads like an error: "test.ats:8:9: 'C' between squares ignored
// (squares are read from fixed columns)".
func (w ParseWarning) String() string {
	return (&ParseError{File: w.File, Line: w.Line, Column: w.Column, Err: errors.New(w.Msg)}).Error()
}

// Strict gives the error a strict reader reports instead of w.
func (w ParseWarning) Strict() *ParseError {
	return &ParseError{File: w.File, Line: w.Line, Column: w.Column, Err: w.Err}
}

// reason is a sentence for the user that also matches a sentinel.
type reason struct {
	kind error
	msg  string
}

func (r *reason) Error() string { return r.msg }
func (r *reason) Unwrap() error { return r.kind }

func because(kind error, format string, args ...any) error {
	return &reason{kind, fmt.Sprintf(format, args...)}
}

func errAt(line, col int, kind error, format string, args ...any) *ParseError {
	return &ParseError{Line: line, Column: col, Err: because(kind, format, args...)}
}

// IllegalMoveError is the reason of a *ParseError for a move the rules
// forbid. It matches ErrIllegal and gives the rules core's explanation.
type IllegalMoveError struct {
	Move *rules.MoveError
}

// Error gives the rules core's explanation, e.g.
// "move 12b, step 3 (Ee4n): there is no piece on e4".
func (e *IllegalMoveError) Error() string { return e.Move.Error() }

// Unwrap gives ErrIllegal and the *rules.MoveError, for errors.Is and
// errors.As.
func (e *IllegalMoveError) Unwrap() []error { return []error{ErrIllegal, e.Move} }
