package eval

import (
	"arimaa-workbench/engine/rules"
)

// The piece-threat term (eval.piece_threat) estimates, for each piece
// other than an elephant near a trap the enemy controls, how many steps
// the enemy needs to push or pull it in, and charges a share of its value
// that falls with that count, in the shape Wu (2015) gives bot_sharp's
// threat evaluation: a piece the enemy's strong pieces can reach, near a
// trap its own side guards thinly, is worth less than its material long
// before a search sees the capture. The figures below are bot_sharp's as
// the paper and its public source describe them, in our units.
var (
	// threatDistFactor is the share (of 64) by the steps the capture
	// needs, 0 to 10.
	threatDistFactor = [11]int{64, 62, 61, 58, 53, 34, 30, 22, 19, 9, 6}
	// threatFrozenFactor is the share (of 64) by the steps its side needs
	// to unfreeze a dominated piece (0: it is not frozen), which can then
	// neither run nor be defended by its own steps.
	threatFrozenFactor = [7]int{24, 33, 42, 51, 58, 64, 64}
	// threatCrowdFactor is the share (of 64) at a home trap by how many of
	// its side's pieces stand nearer the trap, or as near and unfrozen:
	// the enemy takes one piece at a time.
	threatCrowdFactor = [5]int{74, 69, 64, 59, 54}
)

const (
	threatMaxDist   = 10 // steps beyond which a capture is no threat
	threatMaxAttack = 3  // steps for the attacker to come beside the piece
	threatMaxRadius = 4  // the farthest piece from the trap (dominated only)
	threatMaxCrowd  = 4
	// threatPropHome and threatPropAway are the part (of 128) of a
	// piece's value, plus half a rabbit, that a threat at full control and
	// no distance costs: near one's own home traps, and near the enemy's.
	threatPropHome = 31
	threatPropAway = 36
	// threatUnit is the denominator of a threat's product of factors:
	// the proportion's 128, the control's span and four factors of 64
	// (threat distance, frozen, crowd and the percentage's 100 apart).
	threatUnit = 128 * (attackFull - attackNone) * 64 * 64 * 64
)

// pieceThreats adds each side's threatened pieces to t (term
// termThreat), and each piece's charge to at when it is not nil (the
// hostage term reads it): for each trap and each side, the pieces within
// four squares of it (the farthest only when a stronger enemy piece
// stands beside them), nearest first, while at most threatMaxCrowd of
// them are nearer. A piece's steps to capture: two a square to the trap
// (one less from beside it) and two for each of its side's other guards
// to push away, one more where its own piece stands between it and the trap
// (three for an elephant) or the enemy's no stronger piece holds the
// trap, and the steps the nearest stronger enemy piece needs to come
// beside it (one more from three away). The enemy's control of the trap
// (trap_attack's weighing, its lead counted from attackNone to
// attackFull) scales the whole.
func (e *Evaluator) pieceThreats(p *rules.Position, frozen [2]rules.Bitboard, leads *trapLeads, at *[64]int, t *[numTerms][2]int) {
	scale := e.w.Eval.PieceThreat
	var strong [2][7]rules.Bitboard
	strong[rules.Gold] = strongerSets(p, rules.Gold)
	strong[rules.Silver] = strongerSets(p, rules.Silver)
	var sum [2]int64
	for i, tr := range trapSquares {
		home := homeOf(tr)
		for c := rules.Gold; c <= rules.Silver; c++ {
			o := c.Other()
			// The enemy's lead: at c's home trap the attacker's, at
			// the enemy's home trap the negation of c's own.
			lead := leads.at(i)
			if c != home {
				lead = -lead
			}
			if lead <= attackNone {
				continue
			}
			control := int64(min(lead, attackFull) - attackNone)
			prop, crowdOn := int64(threatPropAway), false
			if c == home {
				prop, crowdOn = threatPropHome, true
			}
			own := p.Pieces(c, rules.NoType)
			defenders := (tr.Neighbors() | tr.Bit()) & own
			victims := own &^ p.Pieces(c, rules.Elephant)
			closer := 0
			for d := 0; d <= threatMaxRadius && closer <= threatMaxCrowd; d++ {
				ring := victims & ring(tr, d)
				unfrozenHere := (ring &^ frozen[c]).Count()
				for b := ring; b != 0; {
					x := b.Pop()
					ty := p.At(x).Type()
					attackers := strong[o][ty]
					dominated := x.Neighbors()&attackers != 0
					if d == threatMaxRadius && !dominated {
						continue
					}
					crowd := closer + unfrozenHere
					if !frozen[c].Has(x) {
						crowd--
					}
					if crowd > threatMaxCrowd {
						continue
					}
					attack := attackSteps(x, attackers, frozen[o], threatMaxAttack+1)
					if attack > threatMaxAttack {
						continue
					}
					steps := threatSteps(p, c, i, x, d, defenders) + attack
					if attack >= 3 {
						steps++
					}
					if steps > threatMaxDist {
						continue
					}
					ufd := 0
					if dominated && frozen[c].Has(x) {
						ufd = unfreezeSteps(x, own&^frozen[c]&^x.Bit())
					}
					v := int64(e.value[ty]+e.value[rules.Rabbit]/2) * prop * control *
						int64(threatDistFactor[steps]*threatFrozenFactor[ufd])
					if crowdOn {
						v *= int64(threatCrowdFactor[crowd])
					} else {
						v *= 64
					}
					sum[c] += v
					if at != nil {
						at[x] += int(v * int64(scale) / 100 / threatUnit)
					}
				}
				closer += ring.Count()
			}
		}
	}
	for c := range 2 {
		t[termThreat][c] = -int((sum[c]*int64(scale)/100 + threatUnit/2) / threatUnit)
	}
}

// ring returns the squares at exactly distance d from sq (d up to 5).
func ring(sq rules.Square, d int) rules.Bitboard {
	if d == 0 {
		return sq.Bit()
	}
	return balls[d][sq] &^ balls[d-1][sq]
}

// threatSteps is the steps the enemy of c needs to push or pull x, d
// squares from trap ti (of trapSquares), onto it and away the trap's
// other guards (defenders: c's pieces on and beside it), before its
// attacker comes.
func threatSteps(p *rules.Position, c rules.Color, ti int, x rules.Square, d int, defenders rules.Bitboard) int {
	guards := (defenders &^ x.Bit()).Count()
	steps := 2*d + 2*guards
	if d == 0 {
		steps = 2 * guards // already on the trap: its guards are all it takes
	}
	// One of c's pieces squarely between x and the trap is in the way.
	if mid := between[ti][x]; mid != rules.NoSquare && p.Pieces(c, rules.NoType).Has(mid) {
		if p.At(mid).Type() == rules.Elephant {
			steps += 3
		} else {
			steps++
		}
	}
	// An enemy piece no stronger than x on the trap must make room.
	tr := trapSquares[ti]
	if occ := p.At(tr); occ != rules.Empty && occ.Color() != c && occ.Type() <= p.At(x).Type() {
		steps++
	}
	return steps
}

// between[ti][x] is the square next to x on the straight line to trap ti
// of trapSquares, for x on its file or rank two or more squares away;
// NoSquare otherwise.
var between = func() (b [4][64]rules.Square) {
	for ti, tr := range trapSquares {
		for x := range rules.Square(64) {
			b[ti][x] = rules.NoSquare
			if distance(x, tr) < 2 || x.File() != tr.File() && x.Rank() != tr.Rank() {
				continue
			}
			for n := x.Neighbors(); n != 0; {
				if m := n.Pop(); distance(m, tr) == distance(x, tr)-1 && (m.File() == tr.File() || m.Rank() == tr.Rank()) {
					b[ti][x] = m
				}
			}
		}
	}
	return b
}()

// attackSteps is how many steps the nearest of attackers (frozen ones a
// step more) needs to stand beside x; limit (at most 5) when none is
// near enough.
func attackSteps(x rules.Square, attackers, frozen rules.Bitboard, limit int) int {
	for d := 1; d <= limit; d++ {
		r := ring(x, d) & attackers
		if r&^frozen != 0 {
			return d - 1
		}
		if r != 0 {
			return d
		}
	}
	return limit
}

// unfreezeSteps estimates the steps c needs to unfreeze its piece x: the
// nearest of its unfrozen pieces (helpers) walking beside it, one to
// four, six when none is within five squares.
func unfreezeSteps(x rules.Square, helpers rules.Bitboard) int {
	for d := 1; d <= 5; d++ {
		if ring(x, d)&helpers != 0 {
			return max(d-1, 1)
		}
	}
	return len(threatFrozenFactor) - 1
}
