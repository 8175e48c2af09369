package rules

import (
	"fmt"
	"strings"
)

// WhyStuck says, in words a player understands, why the piece on sq has no
// legal step for the side to move, naming the real cause: the pieces that
// freeze it, no empty square next to it, a rabbit that may only step
// backwards, or, for an enemy piece, why it cannot be pushed or pulled now.
// It returns "" when the piece has a legal step (for an enemy piece: the
// first half of a push, or the second half of a pull).
func (p *Position) WhyStuck(sq Square) string {
	if !sq.Valid() {
		return "not a square"
	}
	pc := p.board[sq]
	if pc == Empty {
		return fmt.Sprintf("there is no piece on %s", sq)
	}
	var buf [128]Step
	for _, s := range p.Steps(buf[:0]) {
		if s.From() == sq {
			return ""
		}
	}
	switch {
	case p.pushType != NoType:
		return fmt.Sprintf("a push must be finished first: a stronger %s piece must step into %s", p.side, p.pushSq)
	case p.steps >= 4:
		return "the turn has no steps left"
	case pc.Color() != p.side:
		return p.whyNotPushed(sq, pc)
	}
	if by := p.freezers(sq); by != 0 {
		return "frozen by " + p.pieceList(by)
	}
	if neighbors[sq]&^p.Occupied() == 0 {
		return "no empty square next to it"
	}
	if pc.Type() == Rabbit {
		return "a rabbit may not step backwards, and the other squares next to it are taken"
	}
	// Steps lists a step of every unfrozen piece with an empty neighbour
	// other than a rabbit's backwards one; nothing else can stop it.
	return "no legal step"
}

// whyNotPushed explains why the enemy piece pc on sq can be neither pushed
// nor pulled now (a pull's second half would be in Steps).
func (p *Position) whyNotPushed(sq Square, pc Piece) string {
	owner := fmt.Sprintf("it is %s's", pc.Color())
	strong := neighbors[sq] & p.stronger(p.side, pc.Type())
	unfrozen := Bitboard(0)
	for b := strong; b != 0; {
		s := b.Pop()
		if !p.frozen(s, p.side, p.board[s].Type()) {
			unfrozen |= s.Bit()
		}
	}
	switch {
	case strong == 0:
		return fmt.Sprintf("%s, and no stronger %s piece is next to it to push or pull it", owner, p.side)
	case unfrozen == 0:
		return fmt.Sprintf("%s, and %s next to it %s frozen", owner, p.pieceList(strong), isAre(strong))
	case p.steps > 2:
		// Steps offers a push's first half only with two steps left.
		return owner + ", and a push takes two steps but only one is left"
	}
	return fmt.Sprintf("%s, and no square next to it is empty to push it into (to pull it, step %s away first)", owner, p.pieceList(unfrozen))
}

// freezers returns the stronger enemies next to the piece on sq when it is
// frozen, 0 when it is not.
func (p *Position) freezers(sq Square) Bitboard {
	pc := p.board[sq]
	if pc == Empty || !p.frozen(sq, pc.Color(), pc.Type()) {
		return 0
	}
	return neighbors[sq] & p.stronger(pc.Color().Other(), pc.Type())
}

// pieceList names the pieces on b: "the horse on a5", "the horse on a5 and
// the camel on b6".
func (p *Position) pieceList(b Bitboard) string {
	var names []string
	for b != 0 {
		sq := b.Pop()
		names = append(names, fmt.Sprintf("the %s on %s", p.board[sq].Type(), sq))
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func isAre(b Bitboard) string {
	if b.Count() == 1 {
		return "is"
	}
	return "are"
}
