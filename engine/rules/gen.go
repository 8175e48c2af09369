package rules

import "fmt"

// Steps appends every legal step of the side to move to buf and returns
// it: ordinary steps of unfrozen friendly pieces, the second half of a pull,
// the first half of a push (when two steps remain), or, while a push is
// half done, only the steps that complete it. It does not include Pass.
func (p *Position) Steps(buf []Step) []Step {
	me := p.side
	empty := ^p.Occupied()
	if p.pushType != NoType {
		pushers := neighbors[p.pushSq] & p.stronger(me, p.pushType)
		for pushers != 0 {
			sq := pushers.Pop()
			pc := p.board[sq]
			if !p.frozen(sq, me, pc.Type()) {
				d, _ := DirTo(sq, p.pushSq)
				buf = append(buf, MakeStep(pc, sq, d))
			}
		}
		return buf
	}
	if p.steps >= 4 {
		return buf
	}
	opp := me ^ 1
	back := South
	if me == Silver {
		back = North
	}
	var mobile Bitboard // unfrozen friendly pieces
	for own := p.bb[me][NoType]; own != 0; {
		sq := own.Pop()
		pc := p.board[sq]
		t := pc.Type()
		if p.frozen(sq, me, t) {
			continue
		}
		mobile |= sq.Bit()
		targets := neighbors[sq] & empty
		for d := North; d <= West; d++ {
			if t == Rabbit && d == back {
				continue
			}
			if targets&dirMask(sq, d) != 0 {
				buf = append(buf, MakeStep(pc, sq, d))
			}
		}
	}
	pullSq := NoSquare
	if p.pullType != NoType {
		pullSq = p.pullSq
		for pulled := neighbors[pullSq] & p.bb[opp][NoType]; pulled != 0; {
			sq := pulled.Pop()
			if pc := p.board[sq]; pc.Type() < p.pullType {
				d, _ := DirTo(sq, pullSq)
				buf = append(buf, MakeStep(pc, sq, d))
			}
		}
	}
	if p.steps > 2 {
		return buf
	}
	for victims := p.bb[opp][NoType] & mobile.Adjacent(); victims != 0; {
		sq := victims.Pop()
		pc := p.board[sq]
		t := pc.Type()
		if neighbors[sq]&mobile&p.stronger(me, t) == 0 {
			continue
		}
		targets := neighbors[sq] & empty
		for d := North; d <= West; d++ {
			to := dirMask(sq, d)
			if targets&to == 0 {
				continue
			}
			if to.First() == pullSq && t < p.pullType {
				continue // already listed as the second half of a pull
			}
			buf = append(buf, MakeStep(pc, sq, d))
		}
	}
	return buf
}

// Legal reports whether s is a legal step here: one of those Steps lists,
// decided from the step's own squares without listing the others (the
// goal and trap checks ask it of a few steps at many positions).
func (p *Position) Legal(s Step) bool {
	pc, from := s.Piece(), s.From()
	if s&^0x0fff != 0 || pc == Empty || p.board[from] != pc {
		return false
	}
	to := s.To()
	if neighbors[from]&^p.Occupied()&to.Bit() == 0 {
		return false // off the board, around its edge, or onto a piece
	}
	me, t := p.side, pc.Type()
	if p.pushType != NoType {
		// Only the push's completion: a stronger unfrozen friend into the
		// square the pushed piece left.
		return pc.Color() == me && to == p.pushSq && t > p.pushType && !p.frozen(from, me, t)
	}
	if p.steps >= 4 {
		return false
	}
	if pc.Color() == me {
		back := South
		if me == Silver {
			back = North
		}
		return (t != Rabbit || s.Dir() != back) && !p.frozen(from, me, t)
	}
	if p.pullType != NoType && to == p.pullSq && t < p.pullType {
		return true // the second half of a pull
	}
	if p.steps > 2 {
		return false // no steps left to complete a push
	}
	for b := neighbors[from] & p.stronger(me, t); b != 0; {
		if sq := b.Pop(); !p.frozen(sq, me, p.board[sq].Type()) {
			return true // the first half of a push
		}
	}
	return false
}

// StepError explains why a step cannot be played.
type StepError struct {
	Step   Step
	Reason string
}

func (e *StepError) Error() string { return fmt.Sprintf("step %s: %s", e.Step, e.Reason) }

// PlayChecked plays s if it is legal, and otherwise says why not in words
// a player understands.
func (p Position) PlayChecked(s Step) (Position, Capture, error) {
	if p.Legal(s) {
		next, c := p.PlayCapture(s)
		return next, c, nil
	}
	return p, Capture{}, &StepError{s, p.whyIllegal(s)}
}

func (p *Position) whyIllegal(s Step) string {
	from, to := s.From(), s.To()
	pc := s.Piece()
	switch {
	case s == NoStep || s == Pass || !from.Valid() || !to.Valid() || !pc.Valid():
		return "not a step"
	case p.board[from] == Empty:
		return fmt.Sprintf("there is no piece on %s", from)
	case p.board[from] != pc:
		return fmt.Sprintf("the piece on %s is %s, not %s", from, p.board[from], pc)
	case p.board[to] != Empty:
		return fmt.Sprintf("%s is occupied", to)
	case p.pushType != NoType:
		return fmt.Sprintf("a push must be finished first: a stronger %s piece must step into %s", p.side, p.pushSq)
	case p.steps >= 4:
		return "the turn has no steps left"
	}
	if pc.Color() == p.side {
		switch {
		case p.frozen(from, pc.Color(), pc.Type()):
			return fmt.Sprintf("%s on %s is frozen by %s", pc, from, p.pieceList(p.freezers(from)))
		case pc.Type() == Rabbit && (pc.Color() == Gold && s.Dir() == South || pc.Color() == Silver && s.Dir() == North):
			return "a rabbit may not step backwards"
		}
		return "not a legal step"
	}
	if p.steps > 2 {
		return fmt.Sprintf("%s belongs to the opponent and a push needs two steps, but only %d remain", pc, 4-p.steps)
	}
	return fmt.Sprintf("%s belongs to the opponent and no stronger unfrozen piece can push or pull it", pc)
}
