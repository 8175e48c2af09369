package eval

import (
	"math"

	"arimaa-workbench/engine/phase"
	"arimaa-workbench/engine/rules"
)

// StepScore returns the step knowledge (Kozelek 2009, ch. 4.6) of step s, legal
// in p, with no previous step known: the sum of the Knowledge weights of
// the features the step has, in evaluation points. It allocates nothing.
func (e *Evaluator) StepScore(p *rules.Position, s rules.Step) int {
	return e.StepScoreAfter(p, rules.NoStep, s)
}

// StepScoreAfter is StepScore when prev, the step played just before in
// the same turn (NoStep at the start of a turn), is known: it adds the
// inverse-step and locality features.
func (e *Evaluator) StepScoreAfter(p *rules.Position, prev, s rules.Step) int {
	k := &e.w.Knowledge
	if s == rules.Pass {
		return k.Pass + k.PassPerStep*p.StepsLeft()
	}
	score := 0
	if prev != rules.NoStep && prev != rules.Pass {
		if prev.Piece() == s.Piece() && prev.From() == s.To() && prev.To() == s.From() {
			score += k.Inverse
		} else if d := distance(prev.To(), s.From()); d <= 2 {
			score += k.Locality + k.LocalityNear*(2-d)
		}
	}

	pc := s.Piece()
	from, to := s.From(), s.To()
	c, ty := pc.Color(), pc.Type()
	own := c == p.Side()
	side := p.Pieces(c, rules.NoType) &^ from.Bit() // the mover's side after the step
	other := p.Pieces(c.Other(), rules.NoType)

	// Captures: the moving piece on an unguarded trap, or a piece of its
	// side left on a trap next to from without its last guard.
	lost, lostValue := 0, 0
	if to.IsTrap() && to.Neighbors()&side == 0 {
		lost, lostValue = 1, e.value[ty]
	} else if tr := trapNextTo(from); tr != rules.NoSquare && side.Has(tr) && tr.Neighbors()&side == 0 {
		lost, lostValue = 1, e.value[p.At(tr).Type()]
	}

	if !own {
		score += k.PushPull + k.Displace[ty]
		if lost != 0 {
			score += k.Capture + lostValue
		}
		return score
	}

	if lost != 0 {
		score += k.Suicide - lostValue
		return score
	}
	if to.IsTrap() && (to.Neighbors()&side).Count() == 1 {
		score += k.UnsafeTrap
	}
	switch ty {
	case rules.Elephant:
		score += k.Elephant
	case rules.Rabbit:
		score += e.rabbitStep(p)
		fwd := rules.North
		r := to.Rank()
		if c == rules.Silver {
			fwd, r = rules.South, 7-r
		}
		if s.Dir() == fwd {
			score += k.GoalApproach[r]
		}
	}

	threats := strongerThan(p, c.Other(), ty)
	if threats&from.Neighbors() != 0 && threats&to.Neighbors() == 0 {
		score += k.Escape
	}
	if threats&to.Neighbors() != 0 && side&to.Neighbors() == 0 {
		score += k.SelfFreeze
	}
	// Enemies next to to, weaker than the mover, with no friend beside
	// them, that were not frozen before.
	for b := to.Neighbors() & other; b != 0; {
		sq := b.Pop()
		et := p.At(sq).Type()
		if et >= ty || sq.Neighbors()&other != 0 {
			continue
		}
		if strongerThan(p, c, et)&sq.Neighbors() == 0 {
			score += k.Freeze
		}
	}
	return score
}

// rabbitStep is the score of moving a rabbit in p: by the piece count,
// blended by phase_weight with the score the game phase gives, running
// from rabbit_early at phase 0 through rabbit_middle at 1/2 to rabbit_late
// at 1.
func (e *Evaluator) rabbitStep(p *rules.Position) int {
	k := &e.w.Knowledge
	var hard int
	switch n := p.Occupied().Count(); {
	case n <= k.LatePieces:
		hard = k.RabbitLate
	case n <= k.MiddlePieces:
		hard = k.RabbitMiddle
	default:
		hard = k.RabbitEarly
	}
	w := k.PhaseWeight
	if w == 0 {
		return hard
	}
	ph := phase.Of(*p)
	from, to, t := k.RabbitEarly, k.RabbitMiddle, 2*ph
	if ph > 0.5 {
		from, to, t = k.RabbitMiddle, k.RabbitLate, 2*ph-1
	}
	soft := float64(from) + t*float64(to-from)
	return int(math.Round((1-w)*float64(hard) + w*soft))
}

// trapNextTo returns the trap next to sq, or NoSquare; no square is next to
// two traps.
func trapNextTo(sq rules.Square) rules.Square {
	if b := sq.Neighbors() & rules.Traps; b != 0 {
		return b.First()
	}
	return rules.NoSquare
}

// distance is the Manhattan distance of two squares: a table, since the
// trap check asks it at every state it visits.
func distance(a, b rules.Square) int {
	return int(distances[a&63][b&63])
}

var distances = func() (d [64][64]uint8) {
	for a := rules.Square(0); a < 64; a++ {
		for b := rules.Square(0); b < 64; b++ {
			d[a][b] = uint8(abs(a.File()-b.File()) + abs(a.Rank()-b.Rank()))
		}
	}
	return d
}()

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
