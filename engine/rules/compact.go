package rules

import "fmt"

// AEIString gives the position in the compact form of AEI (see Notation
// in the package documentation): the side letter (g or s), then the 64
// squares from a8 to h8, a7 to h7, …, a1 to h1 in brackets, a space for an
// empty square: `g [rrrrrrrrhdcemcdh ... HDCMECDHRRRRRRRR]`.
func (p *Position) AEIString() string {
	b := make([]byte, 0, 68)
	b = append(b, p.side.AEILetter(), ' ', '[')
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if pc := p.board[NewSquare(f, r)]; pc != Empty {
				b = append(b, pc.Letter())
			} else {
				b = append(b, ' ')
			}
		}
	}
	return string(append(b, ']'))
}

// CompactError is a mistake in a compact position, at a 1-based column.
type CompactError struct {
	Column int
	Msg    string
}

func (e *CompactError) Error() string { return fmt.Sprintf("column %d: %s", e.Column, e.Msg) }

// ParseAEIPosition reads the compact form written by AEIString. Any side
// letter (w, g, b, s) is accepted, and '.', 'x' or 'X' also mark an empty
// square. The position's turn number is 0 (not given).
func ParseAEIPosition(s string) (Position, error) {
	var board [64]Piece
	if len(s) == 0 {
		return Position{}, &CompactError{1, "empty line; expected a side letter (g or s) and the board in brackets"}
	}
	side, ok := ParseColor(s[0])
	if !ok {
		return Position{}, &CompactError{1, QuoteByte(s[0]) + " is not a side (g, w, s or b)"}
	}
	i := 1
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i >= len(s) || s[i] != '[' {
		return Position{}, &CompactError{i + 1, "expected '[' to open the board"}
	}
	i++
	for n := 0; n < 64; n, i = n+1, i+1 {
		if i >= len(s) {
			return Position{}, &CompactError{i + 1, fmt.Sprintf("the board ends after %d squares; it needs 64", n)}
		}
		c := s[i]
		sq := NewSquare(n%8, 7-n/8)
		switch c {
		case ' ', '.', 'x', 'X':
			continue
		case ']':
			return Position{}, &CompactError{i + 1, fmt.Sprintf("the board ends after %d squares; it needs 64", n)}
		}
		pc, ok := ParsePiece(c)
		if !ok {
			return Position{}, &CompactError{i + 1, QuoteByte(c) + " is not an Arimaa piece"}
		}
		board[sq] = pc
	}
	if i >= len(s) || s[i] != ']' {
		return Position{}, &CompactError{i + 1, "expected ']' after 64 squares"}
	}
	for j := i + 1; j < len(s); j++ {
		if s[j] != ' ' && s[j] != '\t' && s[j] != '\r' {
			return Position{}, &CompactError{j + 1, "unexpected " + Quote(s[j:]) + " after the board"}
		}
	}
	return NewPosition(side, 0, board), nil
}
