package rules

import "strings"

// Step moves one piece one square. It packs the origin square (bits 0-5),
// the direction (bits 6-7) and the piece (bits 8-11); the zero Step is no
// step, and Pass ends a turn early (used by searches that treat ending the
// turn as a step of its own).
type Step uint16

// NoStep is the zero Step.
const NoStep Step = 0

// Pass ends the turn; it is never part of a Move.
const Pass Step = 1 << 15

// MakeStep builds the step of piece p from square from in direction d.
func MakeStep(p Piece, from Square, d Dir) Step {
	return Step(uint16(from)&63 | uint16(d)<<6 | uint16(p)<<8)
}

// From is the square the piece leaves.
func (s Step) From() Square { return Square(s & 63) }

// Dir is the step's direction.
func (s Step) Dir() Dir { return Dir(s >> 6 & 3) }

// To is the square the piece enters.
func (s Step) To() Square { return s.From() + delta[s.Dir()] }

// Piece is the piece that moves.
func (s Step) Piece() Piece { return Piece(s >> 8 & 15) }

// String gives the step in notation, e.g. "Ee2n", or "pass".
func (s Step) String() string {
	switch s {
	case NoStep:
		return "-"
	case Pass:
		return "pass"
	}
	return string([]byte{s.Piece().Letter(), byte('a' + s.From().File()), byte('1' + s.From().Rank()), dirLetters[s.Dir()]})
}

// Move is a whole turn of one to four steps. Moves compare with ==.
type Move struct {
	Steps [4]Step
	N     uint8
}

// MoveOf builds a move from steps; it panics on more than four, which is a
// programming error rather than bad input.
func MoveOf(steps ...Step) Move {
	var m Move
	if len(steps) > 4 {
		panic("rules: a move has at most four steps")
	}
	copy(m.Steps[:], steps)
	m.N = uint8(len(steps))
	return m
}

// Add returns m with one more step.
func (m Move) Add(s Step) Move {
	m.Steps[m.N&3] = s
	m.N++
	return m
}

// Slice returns the move's steps.
func (m Move) Slice() []Step { return m.Steps[:m.N] }

// String gives the steps separated by spaces, without capture tokens (a
// move alone does not know what it captures; see Position.MoveString).
func (m Move) String() string {
	parts := make([]string, m.N)
	for i, s := range m.Slice() {
		parts[i] = s.String()
	}
	return strings.Join(parts, " ")
}

// Placement puts a piece on a square during setup, e.g. "Ra1".
type Placement struct {
	Piece  Piece
	Square Square
}

// String gives the placement in notation.
func (p Placement) String() string { return p.Piece.String() + p.Square.String() }

// TokenKind tells what a notation token is.
type TokenKind uint8

// Kinds of notation token.
const (
	TokenStep      TokenKind = iota // Ee2n
	TokenCapture                    // rc3x
	TokenPlacement                  // Ra1
)

// Token is one word of move notation.
type Token struct {
	Kind   TokenKind
	Piece  Piece
	Square Square // origin of a step, trap of a capture, square of a placement
	Dir    Dir    // steps only
}

// Step converts a step token to a Step.
func (t Token) Step() Step { return MakeStep(t.Piece, t.Square, t.Dir) }

// String gives the token back in notation.
func (t Token) String() string {
	switch t.Kind {
	case TokenCapture:
		return t.Piece.String() + t.Square.String() + "x"
	case TokenPlacement:
		return t.Piece.String() + t.Square.String()
	}
	return t.Step().String()
}
