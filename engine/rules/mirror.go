package rules

// Arimaa's rules do not tell the a-file from the h-file, so a position and
// its mirror image (reflected left to right) are the same position for
// play: the same moves, mirrored, with the same outcomes.

// Mirror is the square reflected left to right: a1 becomes h1.
func (s Square) Mirror() Square { return NewSquare(7-s.File(), s.Rank()) }

// Mirror is the direction reflected left to right: east becomes west.
func (d Dir) Mirror() Dir {
	switch d {
	case East:
		return West
	case West:
		return East
	}
	return d
}

// Mirror is the step reflected left to right.
func (s Step) Mirror() Step {
	if s == Pass || s == NoStep {
		return s
	}
	return MakeStep(s.Piece(), s.From().Mirror(), s.Dir().Mirror())
}

// Mirror is the move reflected left to right.
func (m Move) Mirror() Move {
	for i := range m.N {
		m.Steps[i] = m.Steps[i].Mirror()
	}
	return m
}

// Mirror is the written move reflected left to right, its capture tokens
// included.
func (w WrittenMove) Mirror() WrittenMove {
	w.Move = w.Move.Mirror()
	for i, c := range w.Captures {
		if c.Piece != Empty {
			w.Captures[i].Square = c.Square.Mirror()
		}
	}
	return w
}

// Mirror is the placement reflected left to right.
func (p Placement) Mirror() Placement { return Placement{Piece: p.Piece, Square: p.Square.Mirror()} }

// Mirror is the position at the start of its turn reflected left to
// right, with the same side to move and turn number.
func (p Position) Mirror() Position {
	var board [64]Piece
	for sq := Square(0); sq < 64; sq++ {
		board[sq.Mirror()] = p.At(sq)
	}
	return NewPosition(p.side, int(p.turn), board)
}
