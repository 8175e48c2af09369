package rules

import (
	"fmt"
	"math/bits"
)

// Square is a board square, a1 = 0, b1 = 1, …, h8 = 63.
type Square int8

// NoSquare marks the absence of a square.
const NoSquare Square = -1

// Squares used by name in the rules and in tests.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
)

// NewSquare returns the square on file f (0 = a) and rank r (0 = rank 1).
func NewSquare(f, r int) Square { return Square(r*8 + f) }

// File is 0 for file a through 7 for file h.
func (s Square) File() int { return int(s) & 7 }

// Rank is 0 for rank 1 through 7 for rank 8.
func (s Square) Rank() int { return int(s) >> 3 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < 64 }

// IsTrap reports whether s is one of c3, f3, c6, f6.
func (s Square) IsTrap() bool { return s.Valid() && Traps.Has(s) }

// Bit is the bitboard holding only s.
func (s Square) Bit() Bitboard { return Bitboard(1) << uint(s) }

// String gives the square's name, e.g. "e2".
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "e2".
func ParseSquare(name string) (Square, error) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return NoSquare, fmt.Errorf("%s is not a square (a1 to h8)", Quote(name))
	}
	return NewSquare(int(name[0]-'a'), int(name[1]-'1')), nil
}

// Dir is a direction of a step.
type Dir uint8

// The four directions, named as in step notation. North is toward rank 8.
const (
	North Dir = iota
	East
	South
	West
)

var dirLetters = [4]byte{'n', 'e', 's', 'w'}

// String gives the direction's notation letter.
func (d Dir) String() string { return string(dirLetters[d&3]) }

// Opposite is the reverse direction.
func (d Dir) Opposite() Dir { return (d + 2) & 3 }

// delta is how far a step in each direction moves a square index.
var delta = [4]Square{8, 1, -8, -1}

// Neighbor returns the square next to s in direction d, or NoSquare at the edge.
func (s Square) Neighbor(d Dir) Square {
	if !s.Valid() || neighbors[s]&dirMask(s, d) == 0 {
		return NoSquare
	}
	return s + delta[d]
}

// dirMask is the square next to s in direction d as a bitboard, empty at
// the board's edge (a table: step generation asks it for every piece and
// direction).
func dirMask(s Square, d Dir) Bitboard { return dirBits[s&63][d&3] }

var dirBits = func() (b [64][4]Bitboard) {
	for s := Square(0); s < 64; s++ {
		for d := North; d <= West; d++ {
			if t := s + delta[d]; t >= 0 && t <= 63 {
				b[s][d] = neighbors[s] & t.Bit()
			}
		}
	}
	return b
}()

// DirTo returns the direction from s to the adjacent square t.
func DirTo(s, t Square) (Dir, bool) {
	for d := North; d <= West; d++ {
		if s.Neighbor(d) == t {
			return d, true
		}
	}
	return 0, false
}

// Bitboard is a set of squares, bit i for Square i.
type Bitboard uint64

// Useful square sets.
const (
	Traps     Bitboard = 1<<C3 | 1<<F3 | 1<<C6 | 1<<F6
	FileA     Bitboard = 0x0101010101010101
	FileH     Bitboard = FileA << 7
	Rank1     Bitboard = 0xff
	Rank8     Bitboard = Rank1 << 56
	AllSquare Bitboard = ^Bitboard(0)
)

// GoalRanks is the squares within n ranks of side c's goal rank (its
// goal rank alone for n 0, the whole board from 7 on): where a rabbit of c
// may reach its goal in n forward steps.
func GoalRanks(c Color, n int) Bitboard {
	n = min(max(n, 0), 7)
	if c == Gold {
		return AllSquare << (8 * (7 - n))
	}
	return AllSquare >> (8 * (7 - n))
}

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b>>uint(s)&1 != 0 }

// Count is the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First is the lowest square in b; b must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Pop removes and returns the lowest square of *b.
func (b *Bitboard) Pop() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Shift moves every square of b one step in direction d, dropping squares
// that would leave the board.
func (b Bitboard) Shift(d Dir) Bitboard {
	switch d {
	case North:
		return b << 8
	case South:
		return b >> 8
	case East:
		return (b &^ FileH) << 1
	default:
		return (b &^ FileA) >> 1
	}
}

// Adjacent is the set of squares orthogonally next to any square of b.
func (b Bitboard) Adjacent() Bitboard {
	return b<<8 | b>>8 | (b&^FileH)<<1 | (b&^FileA)>>1
}

// neighbors[s] is the set of squares orthogonally adjacent to s.
var neighbors = func() (n [64]Bitboard) {
	for s := Square(0); s < 64; s++ {
		n[s] = s.Bit().Adjacent()
	}
	return n
}()

// Neighbors is the set of squares orthogonally adjacent to s.
func (s Square) Neighbors() Bitboard { return neighbors[s] }

// String draws b as eight ranks, rank 8 first, for debugging.
func (b Bitboard) String() string {
	out := make([]byte, 0, 72)
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(NewSquare(f, r)) {
				out = append(out, 'x')
			} else {
				out = append(out, '.')
			}
		}
		out = append(out, '\n')
	}
	return string(out)
}
