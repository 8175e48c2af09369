package rules

// Position is a board with its side to move and the state of the turn in
// progress: steps taken, a push awaiting its pusher, and the square a
// friendly piece just left (from which an enemy may be pulled). It is a
// value: Play returns the next position and leaves the receiver unchanged.
//
// The zero Position is an empty board with Gold to move at the start of
// its turn; turn number 0 means "not given".
type Position struct {
	board [64]Piece
	bb    [2][7]Bitboard // [side][type]; [side][NoType] holds all of that side's pieces
	side  Color
	steps uint8 // steps taken this turn

	// A push in progress: an enemy of type pushType left pushSq, and a
	// stronger friendly piece next to pushSq must step into it next.
	pushSq   Square
	pushType PieceType

	// A friendly piece of type pullType just left pullSq; a weaker enemy
	// next to pullSq may step into it as the second half of a pull.
	pullSq   Square
	pullType PieceType

	turn      uint16
	hash      uint64 // pieces only
	startHash uint64 // pieces at the start of the turn
}

// NewPosition builds a position from a board, with side to move at the
// start of turn number turn. It does not validate; see Validate.
func NewPosition(side Color, turn int, board [64]Piece) Position {
	var p Position
	for sq := Square(0); sq < 64; sq++ {
		if pc := board[sq]; pc.Valid() {
			p.put(sq, pc)
		}
	}
	p.side = side
	p.turn = uint16(turn)
	p.startHash = p.hash
	return p
}

// StartPosition is both armies in the basic setup shown in the package
// documentation (rabbits on the back rank), Gold to move on turn 2.
func StartPosition() Position {
	var b [64]Piece
	back := []PieceType{Horse, Dog, Cat, Camel, Elephant, Cat, Dog, Horse}
	silverBack := []PieceType{Horse, Dog, Cat, Elephant, Camel, Cat, Dog, Horse}
	for f := 0; f < 8; f++ {
		b[NewSquare(f, 0)] = MakePiece(Gold, Rabbit)
		b[NewSquare(f, 1)] = MakePiece(Gold, back[f])
		b[NewSquare(f, 7)] = MakePiece(Silver, Rabbit)
		b[NewSquare(f, 6)] = MakePiece(Silver, silverBack[f])
	}
	return NewPosition(Gold, 2, b)
}

func (p *Position) put(sq Square, pc Piece) {
	p.board[sq] = pc
	c, t := pc.Color(), pc.Type()
	p.bb[c][t] |= sq.Bit()
	p.bb[c][NoType] |= sq.Bit()
	p.hash ^= zPiece[pc][sq]
}

func (p *Position) remove(sq Square) Piece {
	pc := p.board[sq]
	if pc == Empty {
		return Empty
	}
	p.board[sq] = Empty
	c, t := pc.Color(), pc.Type()
	p.bb[c][t] &^= sq.Bit()
	p.bb[c][NoType] &^= sq.Bit()
	p.hash ^= zPiece[pc][sq]
	return pc
}

// At returns the piece on sq, or Empty.
func (p *Position) At(sq Square) Piece { return p.board[sq] }

// Board returns the 64 squares, a1 first.
func (p *Position) Board() [64]Piece { return p.board }

// Side is the side to move.
func (p *Position) Side() Color { return p.side }

// Turn is the move number of the turn in progress (2 is Gold's first move
// after the setups); 0 when not known.
func (p *Position) Turn() int { return int(p.turn) }

// StepsTaken is how many steps of the current turn have been played.
func (p *Position) StepsTaken() int { return int(p.steps) }

// StepsLeft is how many steps the side to move may still take.
func (p *Position) StepsLeft() int { return 4 - int(p.steps) }

// PushPending reports whether a push is half done: the next step must be a
// friendly piece completing it, and the turn cannot end.
func (p *Position) PushPending() bool { return p.pushType != NoType }

// Pieces returns the squares holding pieces of side c and type t; with
// t = NoType, all of c's pieces.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.bb[c][t] }

// Occupied is the set of squares holding any piece.
func (p *Position) Occupied() Bitboard { return p.bb[Gold][NoType] | p.bb[Silver][NoType] }

// Count returns how many pieces of side c and type t are on the board.
func (p *Position) Count(c Color, t PieceType) int { return p.bb[c][t].Count() }

// BoardHash is the Zobrist hash of the pieces alone.
func (p *Position) BoardHash() uint64 { return p.hash }

// TurnHash identifies the position at a turn boundary: pieces and side to
// move. Repetition is counted with it.
func (p *Position) TurnHash() uint64 {
	if p.side == Silver {
		return p.hash ^ zSide
	}
	return p.hash
}

// Hash identifies the whole state: pieces, side to move, steps taken, a
// pending push or available pull, and the board the turn started from
// (which decides whether ending the turn is a no-change move).
func (p *Position) Hash() uint64 {
	h := p.TurnHash() ^ zSteps[p.steps&7]
	if p.pushType != NoType {
		h ^= zPush[p.pushType][p.pushSq]
	}
	if p.pullOpen() {
		h ^= zPull[p.pullType][p.pullSq]
	}
	if p.steps > 0 {
		h ^= p.startHash*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	}
	return h
}

// pullOpen reports whether a pull may be completed next: a step is left
// and a weaker enemy stands next to the square the last step vacated.
// Where none may, the state is the same as one without a pull under way,
// and Hash says so: within a turn the same board is reached by many orders
// of the same steps, each leaving a different square vacated last, and
// only where that square matters are they different states.
func (p *Position) pullOpen() bool {
	if p.pullType == NoType || p.steps >= 4 {
		return false
	}
	return p.pullableFrom(p.pullSq, p.pullType)
}

// pullableFrom reports whether an enemy weaker than t stands next to sq,
// so that a piece of type t of the side to move leaving sq could pull it.
func (p *Position) pullableFrom(sq Square, t PieceType) bool {
	var weaker Bitboard
	for u := Rabbit; u < t; u++ {
		weaker |= p.bb[p.side^1][u]
	}
	return neighbors[sq]&weaker != 0
}

// WithSide returns the position with side to move c at the start of a turn.
func (p Position) WithSide(c Color) Position {
	p.side = c
	p.resetTurn()
	return p
}

// WithTurn returns the position with turn number n.
func (p Position) WithTurn(n int) Position {
	p.turn = uint16(n)
	return p
}

// WithPiece returns the position with pc on sq (Empty clears it) and the
// turn restarted: an editing operation, with no captures applied.
func (p Position) WithPiece(sq Square, pc Piece) Position {
	p.remove(sq)
	if pc.Valid() {
		p.put(sq, pc)
	}
	p.resetTurn()
	return p
}

func (p *Position) resetTurn() {
	p.steps = 0
	p.pushType, p.pullType = NoType, NoType
	p.startHash = p.hash
}

// stronger returns the pieces of side c stronger than type t.
func (p *Position) stronger(c Color, t PieceType) Bitboard {
	var b Bitboard
	for u := t + 1; u <= Elephant; u++ {
		b |= p.bb[c][u]
	}
	return b
}

// IsFrozen reports whether the piece on sq is frozen: next to a stronger
// enemy and to no friendly piece. An empty square is not frozen.
func (p *Position) IsFrozen(sq Square) bool {
	pc := p.board[sq]
	if pc == Empty {
		return false
	}
	return p.frozen(sq, pc.Color(), pc.Type())
}

func (p *Position) frozen(sq Square, c Color, t PieceType) bool {
	n := neighbors[sq]
	if n&p.bb[c][NoType] != 0 {
		return false
	}
	return n&p.stronger(c^1, t) != 0
}

// Frozen returns the squares of all frozen pieces of side c.
func (p *Position) Frozen(c Color) Bitboard {
	var out Bitboard
	lonely := p.bb[c][NoType] &^ p.bb[c][NoType].Adjacent()
	for b := lonely; b != 0; {
		sq := b.Pop()
		if p.frozen(sq, c, p.board[sq].Type()) {
			out |= sq.Bit()
		}
	}
	return out
}

// Capture records a piece removed from a trap.
type Capture struct {
	Piece  Piece
	Square Square
}

// String gives the capture token, e.g. "rc3x".
func (c Capture) String() string { return c.Piece.String() + c.Square.String() + "x" }

// Play returns the position after step s, which must be legal here (see
// Steps, Legal, PlayChecked). Captures happen at once.
func (p Position) Play(s Step) Position {
	p.play(s)
	return p
}

// Apply is Play on p itself, for a caller that keeps positions in place
// (a search's stack): it saves the copies in and out that Play's value
// receiver and result make. It returns the capture the step caused, as
// PlayCapture does.
func (p *Position) Apply(s Step) Capture { return p.play(s) }

// PlayCapture is Play that also reports the capture the step caused, if
// any (Capture.Piece is Empty otherwise). A step captures at most one
// piece: no square is next to two traps.
func (p Position) PlayCapture(s Step) (Position, Capture) {
	c := p.play(s)
	return p, c
}

func (p *Position) play(s Step) Capture {
	from, to := s.From(), s.To()
	pc := p.board[from]
	c, t := pc.Color(), pc.Type()
	bit := from.Bit() | to.Bit()
	p.board[from], p.board[to] = Empty, pc
	p.bb[c][t] ^= bit
	p.bb[c][NoType] ^= bit
	p.hash ^= zPiece[pc][from] ^ zPiece[pc][to]

	if c == p.side {
		if p.pushType != NoType {
			p.pushType, p.pullType = NoType, NoType
		} else {
			p.pullSq, p.pullType = from, t
		}
	} else if p.pullType > t && to == p.pullSq {
		p.pullType = NoType
	} else {
		p.pushSq, p.pushType, p.pullType = from, t, NoType
	}
	p.steps++

	// Only the trap the piece entered, or the trap next to the square it
	// left (whose occupant may have lost its last supporter), can capture.
	trap := to
	if !to.IsTrap() {
		trap = trapNear[from]
	}
	if trap != NoSquare {
		if occ := p.board[trap]; occ != Empty && neighbors[trap]&p.bb[occ.Color()][NoType] == 0 {
			p.remove(trap)
			return Capture{occ, trap}
		}
	}
	return Capture{}
}

// trapNear[s] is the trap adjacent to s, or NoSquare; no square has two.
var trapNear = func() (t [64]Square) {
	for s := Square(0); s < 64; s++ {
		t[s] = NoSquare
		if n := neighbors[s] & Traps; n != 0 {
			t[s] = n.First()
		}
	}
	return t
}()

// CanEndTurn reports whether the side to move may end its turn here: at
// least one step taken, no push half done, and the board changed since the
// turn began. Repetition is the Game's to judge.
func (p *Position) CanEndTurn() bool {
	return p.steps > 0 && p.pushType == NoType && p.hash != p.startHash
}

// EndTurn passes the move to the other side; the caller checks CanEndTurn.
func (p Position) EndTurn() Position {
	if p.side == Silver {
		p.turn++
	}
	p.side ^= 1
	p.resetTurn()
	return p
}

// MoveString gives move m played from p in notation with capture tokens,
// e.g. "Rf2n Rf3x ee2e". The steps must be legal.
func (p Position) MoveString(m Move) string {
	out := make([]byte, 0, 32)
	for i, s := range m.Slice() {
		if i > 0 {
			out = append(out, ' ')
		}
		out = append(out, s.String()...)
		var c Capture
		p, c = p.PlayCapture(s)
		if c.Piece != Empty {
			out = append(out, ' ')
			out = append(out, c.String()...)
		}
	}
	return string(out)
}
