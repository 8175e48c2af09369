package rules

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrNotation is wrapped by every *NotationError.
var ErrNotation = errors.New("bad move notation")

// ErrPieceLetter is wrapped by a *NotationError whose word starts with a
// letter that is no Arimaa piece, for readers that sort their errors.
var ErrPieceLetter = errors.New("not an Arimaa piece")

// NotationError is text that is not move, setup or variation notation:
// the word, where it stands and what is wrong with it.
type NotationError struct {
	Word   string // the offending word; "" when the text as a whole is wrong
	Index  int    // 1-based number of the word in the text; 0 for a single word read alone, or the text as a whole
	Column int    // 1-based byte column of the offending character, in the text (in the word itself for ParseToken)
	Reason string // what is wrong, without the word's place
	named  bool   // Reason already names the word
	piece  bool   // the word's first letter is no piece
}

func (e *NotationError) Error() string {
	msg := e.Reason
	if !e.named && e.Word != "" {
		msg = Quote(e.Word) + ": " + msg
	}
	if e.Index > 0 {
		return fmt.Sprintf("word %d (column %d): %s", e.Index, e.Column, msg)
	}
	return msg
}

// Unwrap gives ErrPieceLetter or ErrNotation.
func (e *NotationError) Unwrap() error {
	if e.piece {
		return ErrPieceLetter
	}
	return ErrNotation
}

// at places a single word's error at word number index of a text, the
// word starting at column col.
func (e *NotationError) at(index, col int) *NotationError {
	e.Index = index
	e.Column += col - 1
	return e
}

// ParseToken reads one word of move notation: a step (Ee2n), a capture
// (rc3x) or a setup placement (Ra1). An error is a *NotationError whose
// Column points into the word, for callers to place it in their text.
func ParseToken(w string) (Token, error) {
	if len(w) < 3 || len(w) > 4 {
		return Token{}, &NotationError{Word: w, Column: 1, Reason: fmt.Sprintf("%s is not a step, capture or placement", Quote(w)), named: true}
	}
	p, ok := ParsePiece(w[0])
	if !ok {
		return Token{}, &NotationError{Word: w, Column: 1, Reason: fmt.Sprintf("%s is not an Arimaa piece", QuoteByte(w[0])), piece: true}
	}
	sq, err := ParseSquare(w[1:3])
	if err != nil {
		return Token{}, &NotationError{Word: w, Column: 2, Reason: fmt.Sprintf("%q is not a square (a1 to h8)", w[1:3])}
	}
	if len(w) == 3 {
		return Token{Kind: TokenPlacement, Piece: p, Square: sq}, nil
	}
	switch w[3] {
	case 'x':
		return Token{Kind: TokenCapture, Piece: p, Square: sq}, nil
	case 'n', 'e', 's', 'w':
		d := Dir(strings.IndexByte("nesw", w[3]))
		if sq.Neighbor(d) == NoSquare {
			return Token{}, &NotationError{Word: w, Column: 1, Reason: fmt.Sprintf("%s steps off the board", Quote(w)), named: true}
		}
		return Token{Kind: TokenStep, Piece: p, Square: sq, Dir: d}, nil
	}
	return Token{}, &NotationError{Word: w, Column: 4, Reason: fmt.Sprintf("%s is not a direction (n, e, s, w) or capture mark (x)", QuoteByte(w[3]))}
}

// ParseStep reads a single step such as "Ee2n".
func ParseStep(w string) (Step, error) {
	t, err := ParseToken(w)
	if err != nil {
		return NoStep, err
	}
	if t.Kind != TokenStep {
		return NoStep, &NotationError{Word: w, Column: 1, Reason: fmt.Sprintf("%s is not a step", Quote(w)), named: true}
	}
	return t.Step(), nil
}

// words calls f with each blank-separated word of s (blank as for
// strings.Fields), its 1-based number and its 1-based byte column; f
// returning false stops the walk.
func words(s string, f func(w string, index, col int) bool) {
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		j := i + size
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += size
		}
		n++
		if !f(s[i:j], n, i+1) {
			return
		}
		i = j
	}
}

// eachToken reads the words of s as tokens (ParseToken) and calls f with
// each; it stops at the first error, the token's or f's.
func eachToken(s string, f func(tok Token, word string, index, col int) *NotationError) *NotationError {
	var err *NotationError
	words(s, func(word string, index, col int) bool {
		tok, terr := ParseToken(word)
		if terr != nil {
			err = terr.(*NotationError).at(index, col)
		} else {
			err = f(tok, word, index, col)
		}
		return err == nil
	})
	return err
}

// WrittenMove is a move as read from notation: its steps, and the capture
// tokens written after them, which Position.PlayWritten checks against
// the rules.
type WrittenMove struct {
	Move Move
	// Captures[i] is the capture token written after step i; its Piece is
	// Empty where none was written.
	Captures [4]Capture
}

// String writes the move as read: each step followed by the capture token
// written after it, if any, separated by single spaces. For a move with
// all its capture tokens that is the canonical form, Position.MoveString.
func (w WrittenMove) String() string {
	out := make([]byte, 0, 32)
	for i, s := range w.Move.Slice() {
		if i > 0 {
			out = append(out, ' ')
		}
		out = append(out, s.String()...)
		if c := w.Captures[i]; c.Piece != Empty {
			out = append(out, ' ')
			out = append(out, c.String()...)
		}
	}
	return string(out)
}

// ParseMove reads a move: one to four steps separated by blanks, each
// optionally followed by the capture token of the piece it captures, as
// in "Ee2n Ee3n Rd2e rd3x" (pushes and pulls are written as their steps).
// It checks the notation only; Position.PlayWritten and Game.Play check
// the rules. An error is a *NotationError naming the word and its column.
func ParseMove(s string) (WrittenMove, error) {
	var w WrittenMove
	err := eachToken(s, func(tok Token, word string, index, col int) *NotationError {
		switch {
		case tok.Kind == TokenPlacement:
			return &NotationError{Word: word, Index: index, Column: col, Reason: "a setup placement, not a step"}
		case tok.Kind == TokenCapture && w.Move.N == 0:
			return &NotationError{Word: word, Index: index, Column: col, Reason: "a capture token before any step"}
		case tok.Kind == TokenCapture && w.Captures[w.Move.N-1].Piece != Empty:
			return &NotationError{Word: word, Index: index, Column: col, Reason: fmt.Sprintf("a second capture token after %s; a step captures at most one piece", w.Move.Steps[w.Move.N-1])}
		case tok.Kind == TokenCapture:
			w.Captures[w.Move.N-1] = Capture{Piece: tok.Piece, Square: tok.Square}
		case w.Move.N == 4:
			return &NotationError{Word: word, Index: index, Column: col, Reason: "more than four steps", named: true}
		default:
			w.Move = w.Move.Add(tok.Step())
		}
		return nil
	})
	if err != nil {
		return WrittenMove{}, err
	}
	if w.Move.N == 0 {
		return WrittenMove{}, &NotationError{Column: 1, Reason: "empty move: no steps"}
	}
	return w, nil
}

// PlayWritten plays w from p and ends the turn: every step must be legal,
// every capture token written must be the capture its step makes (missing
// ones are fine), and the move must be allowed to end (CanEndTurn). It
// returns the position after the move, with the other side to move, and
// the pieces captured. An illegal move is a *MoveError with an empty
// Label: a position alone cannot say which turn of a game it is.
func (p Position) PlayWritten(w WrittenMove) (Position, []Capture, error) {
	after, caps, err := p.playMove(w.Move, &w.Captures, "")
	if err != nil {
		return p, nil, err
	}
	var out []Capture
	for _, c := range caps[:w.Move.N] {
		if c.Piece != Empty {
			out = append(out, c)
		}
	}
	return after.EndTurn(), out, nil
}

// PlayText plays the move written in text from p: ParseMove, then
// PlayWritten, the one way every reader of a move written by someone else
// (a test's answer, an engine's best move) plays it. It returns the move
// read, the position after it and the pieces captured; an error is
// ParseMove's *NotationError or PlayWritten's *MoveError.
func (p Position) PlayText(text string) (Move, Position, []Capture, error) {
	w, err := ParseMove(text)
	if err != nil {
		return Move{}, p, nil, err
	}
	after, caps, err := p.PlayWritten(w)
	if err != nil {
		return Move{}, p, nil, err
	}
	return w.Move, after, caps, nil
}

// playMove plays the steps of m with every rule checked but repetition,
// compares the captures with those written (nil: none written) and checks
// that the turn may end there; the turn is not ended.
func (p Position) playMove(m Move, written *[4]Capture, label string) (Position, [4]Capture, error) {
	var caps [4]Capture
	if m.N == 0 || m.N > 4 {
		return p, caps, &MoveError{label, -1, NoStep, fmt.Sprintf("a move has 1 to 4 steps, not %d", m.N)}
	}
	for i, s := range m.Slice() {
		var err error
		if p, caps[i], err = p.PlayChecked(s); err != nil {
			return p, caps, &MoveError{label, i, s, err.(*StepError).Reason}
		}
		if written == nil {
			continue
		}
		switch w, c := written[i], caps[i]; {
		case w.Piece == Empty || w == c:
		case c.Piece == Empty:
			return p, caps, &MoveError{label, i, s, fmt.Sprintf("capture token %s does not match the rules: the step captures nothing", w)}
		default:
			return p, caps, &MoveError{label, i, s, fmt.Sprintf("capture token %s does not match the rules: the step captures %s", w, c)}
		}
	}
	switch {
	case p.PushPending():
		return p, caps, &MoveError{label, -1, NoStep, "the move ends in the middle of a push"}
	case !p.CanEndTurn():
		return p, caps, &MoveError{label, -1, NoStep, "the move leaves the board as it was at the start of the turn"}
	}
	return p, caps, nil
}

// SetupString writes a setup as its placements separated by spaces, e.g.
// "Ra1 Rb1 … Hh2", the form ParseSetup reads.
func SetupString(ps []Placement) string {
	out := make([]byte, 0, 4*len(ps))
	for i, pl := range ps {
		if i > 0 {
			out = append(out, ' ')
		}
		out = append(out, pl.String()...)
	}
	return string(out)
}

// ParseSetup reads the setup of side c: placements such as "Ra1"
// separated by blanks, the whole army (FullArmy) of c's pieces on its two
// home ranks (1 and 2 for Gold, 7 and 8 for Silver), each square once. An
// error is a *NotationError naming the word and its column, or the text
// as a whole for a piece missing or too many.
func ParseSetup(s string, c Color) ([]Placement, error) {
	home, ranks := Rank1|Rank1<<8, "1 and 2"
	letters := "uppercase"
	if c == Silver {
		home, ranks = Rank8|Rank8>>8, "7 and 8"
		letters = "lowercase"
	}
	out := make([]Placement, 0, 16)
	var used Bitboard
	var count [7]int
	err := eachToken(s, func(tok Token, word string, index, col int) *NotationError {
		switch {
		case tok.Kind != TokenPlacement:
			return &NotationError{Word: word, Index: index, Column: col, Reason: "not a placement such as Ra1"}
		case tok.Piece.Color() != c:
			return &NotationError{Word: word, Index: index, Column: col, Reason: fmt.Sprintf("not a %s piece: %s sets up with %s letters", c, c, letters)}
		case !home.Has(tok.Square):
			return &NotationError{Word: word, Index: index, Column: col + 1, Reason: fmt.Sprintf("%s sets up on ranks %s", c, ranks)}
		case used.Has(tok.Square):
			return &NotationError{Word: word, Index: index, Column: col + 1, Reason: fmt.Sprintf("%s is used twice", tok.Square)}
		}
		used |= tok.Square.Bit()
		count[tok.Piece.Type()]++
		out = append(out, Placement{Piece: tok.Piece, Square: tok.Square})
		return nil
	})
	if err != nil {
		return nil, err
	}
	for t := Rabbit; t <= Elephant; t++ {
		if count[t] != FullArmy[t] {
			return nil, &NotationError{Column: 1, Reason: fmt.Sprintf("%d %ss; a setup needs %d", count[t], t, FullArmy[t])}
		}
	}
	return out, nil
}

// PVStep is one step of a principal variation with the side that plays
// it; Step is Pass where that side ends its turn early.
type PVStep struct {
	Step Step
	Side Color
}

// PVString writes a principal variation from a position with first to
// move as AEI engines send it: the steps separated by spaces, each turn
// after the first starting with the side letter of AEI (g or s), as in
// "Ee2n Ee3n Ee4n Ee5w s me7s me6w". Passes are not written: the side
// letter ends the turn.
func PVString(first Color, pv []PVStep) string {
	out := make([]byte, 0, 5*len(pv))
	side := first
	for _, st := range pv {
		if st.Side != side {
			side = st.Side
			out = append(out, side.AEILetter(), ' ')
		}
		if st.Step == Pass {
			continue
		}
		out = append(out, st.Step.String()...)
		out = append(out, ' ')
	}
	return strings.TrimSpace(string(out))
}

// ParsePV reads a principal variation as engines write it, from pos: the
// steps, capture tokens (skipped: the rules know what is captured), and
// before later turns a side letter or turn label ("s", "b", "12s"; some
// engines write none, so a turn without one is recognised by its first
// step being illegal for the side that moved before). Every step is
// checked under the rules. Reading stops at the first word that does not
// fit: ParsePV returns the steps before it and a *NotationError naming it,
// so a caller may show what it could read.
func ParsePV(pos Position, s string) ([]PVStep, error) {
	var out []PVStep
	var err *NotationError
	p := pos
	words(s, func(w string, index, col int) bool {
		if c, ok := sideMarker(w); ok {
			if c != p.Side() {
				if !p.CanEndTurn() {
					err = &NotationError{Word: w, Index: index, Column: col, Reason: fmt.Sprintf("%s may not end the turn here", p.Side())}
					return false
				}
				p = p.EndTurn()
			}
			return true
		}
		tok, terr := ParseToken(w)
		if terr != nil {
			err = terr.(*NotationError).at(index, col)
			return false
		}
		switch tok.Kind {
		case TokenCapture:
			return true
		case TokenPlacement:
			err = &NotationError{Word: w, Index: index, Column: col, Reason: "a setup placement, not a step"}
			return false
		}
		st := tok.Step()
		if !p.Legal(st) {
			var q Position
			if p.CanEndTurn() {
				q = p.EndTurn()
			}
			if !p.CanEndTurn() || !q.Legal(st) {
				_, _, perr := p.PlayChecked(st)
				err = &NotationError{Word: w, Index: index, Column: col, Reason: perr.(*StepError).Reason}
				return false
			}
			p = q
		}
		out = append(out, PVStep{Step: st, Side: p.Side()})
		p = p.Play(st)
		return true
	})
	if err != nil {
		return out, err
	}
	return out, nil
}

// sideMarker reads a side letter ("w", "b", "g", "s") or a turn label
// such as "12b".
func sideMarker(w string) (Color, bool) {
	digits := strings.TrimRight(w, "wbgs")
	if len(w)-len(digits) != 1 {
		return 0, false
	}
	for _, r := range digits {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	return ParseColor(w[len(w)-1])
}

// FirstMove is the move of the side to move at the start of a principal
// variation: its steps up to the first step of the other side or a pass.
func FirstMove(pos Position, pv []PVStep) Move {
	var m Move
	for _, s := range pv {
		if s.Side != pos.Side() || s.Step == Pass || m.N == 4 {
			break
		}
		m = m.Add(s.Step)
	}
	return m
}
