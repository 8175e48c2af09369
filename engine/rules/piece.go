package rules

// Color is a side: Gold moves first and starts on ranks 1-2.
type Color uint8

// The two sides.
const (
	Gold Color = iota
	Silver
)

// Other is the opposing side.
func (c Color) Other() Color { return c ^ 1 }

// String gives "gold" or "silver".
func (c Color) String() string {
	if c == Gold {
		return "gold"
	}
	return "silver"
}

// Letter is the side letter used in records: 'w' for Gold, 'b' for Silver.
func (c Color) Letter() byte { return "wb"[c&1] }

// AEILetter is the side letter of AEI protocol 1: 'g' or 's'.
func (c Color) AEILetter() byte { return "gs"[c&1] }

// ParseColor reads any of the side letters w, g (Gold) and b, s (Silver).
func ParseColor(b byte) (Color, bool) {
	switch b {
	case 'w', 'g', 'W', 'G':
		return Gold, true
	case 'b', 's', 'B', 'S':
		return Silver, true
	}
	return 0, false
}

// PieceType is an animal, numbered in strength order so that a larger
// value is stronger.
type PieceType uint8

// The six animals, weakest first. NoType is 0 so the zero Piece is empty.
const (
	NoType PieceType = iota
	Rabbit
	Cat
	Dog
	Horse
	Camel
	Elephant
)

// Letter is the type's Gold letter, e.g. 'E'.
func (t PieceType) Letter() byte { return " RCDHME"[t%7] }

// String gives the animal's name.
func (t PieceType) String() string {
	return [...]string{"none", "rabbit", "cat", "dog", "horse", "camel", "elephant"}[t%7]
}

// FullArmy is how many of each type a side has at the start.
var FullArmy = [7]int{0, 8, 2, 2, 2, 1, 1}

// Piece is a colored animal, or Empty.
type Piece uint8

// Empty is the absence of a piece.
const Empty Piece = 0

// MakePiece combines a side and a type.
func MakePiece(c Color, t PieceType) Piece { return Piece(uint8(c)<<3 | uint8(t)) }

// The twelve pieces by their letters.
var (
	GoldRabbit     = MakePiece(Gold, Rabbit)
	GoldCat        = MakePiece(Gold, Cat)
	GoldDog        = MakePiece(Gold, Dog)
	GoldHorse      = MakePiece(Gold, Horse)
	GoldCamel      = MakePiece(Gold, Camel)
	GoldElephant   = MakePiece(Gold, Elephant)
	SilverRabbit   = MakePiece(Silver, Rabbit)
	SilverCat      = MakePiece(Silver, Cat)
	SilverDog      = MakePiece(Silver, Dog)
	SilverHorse    = MakePiece(Silver, Horse)
	SilverCamel    = MakePiece(Silver, Camel)
	SilverElephant = MakePiece(Silver, Elephant)
)

// Color is the piece's side; meaningless for Empty.
func (p Piece) Color() Color { return Color(p >> 3 & 1) }

// Type is the piece's animal, NoType for Empty.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Valid reports whether p is one of the twelve pieces.
func (p Piece) Valid() bool { return p&^15 == 0 && p.Type() >= Rabbit && p.Type() <= Elephant }

// Letter is the notation letter: uppercase for Gold, lowercase for Silver,
// and '.' for Empty.
func (p Piece) Letter() byte {
	if !p.Valid() {
		return '.'
	}
	l := p.Type().Letter()
	if p.Color() == Silver {
		l += 'a' - 'A'
	}
	return l
}

// String gives the piece's letter.
func (p Piece) String() string { return string(p.Letter()) }

// ParsePiece reads a piece letter: E M H D C R for Gold, e m h d c r for Silver.
func ParsePiece(b byte) (Piece, bool) {
	c := Gold
	if b >= 'a' && b <= 'z' {
		c = Silver
		b -= 'a' - 'A'
	}
	for t := Rabbit; t <= Elephant; t++ {
		if t.Letter() == b {
			return MakePiece(c, t), true
		}
	}
	return Empty, false
}
