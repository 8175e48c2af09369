package eval

import (
	"math"

	"arimaa-workbench/engine/rules"
)

// The rabbit-goal term (eval.rabbit_goal and eval.rabbit_goal_trap) prices
// each rabbit's threat to reach its goal before the search can see the
// goal itself. Its shape follows the description of bot_sharp's goal
// evaluation (D. J. Wu, "Designing a Winning Arimaa Program", ICGA Journal
// 2015): a value by the ranks the rabbit has still to go, scaled down by the
// enemy pieces that stand in its way, and scaled by which side's strong
// pieces stand near the goal squares it heads for; a second part grows
// with the control of the enemy's home trap on the rabbit's wing. Rabbits
// on one wing add up less than rabbits on both: each side's rabbit scores
// are spread over the files by a bell, squared, summed file by file, and
// the square roots of those sums added, so that one rabbit counts in full,
// two on one file about 1.4 times as much and two far apart twice.

// rabbitWindow is, for a side and a square, the squares whose enemy
// pieces can block a rabbit of that side there: within four files, from
// three ranks behind it up to its goal.
var rabbitWindow [2][64]rules.Bitboard

// rabbitBlock is how much an enemy piece other than a rabbit, on the
// second square, blocks a rabbit of the side on the first; rabbitBlockR
// the same for an enemy rabbit (and, plus one, for any enemy piece on the
// goal rank, which no longer steps in front of it).
var rabbitBlock, rabbitBlockR [2][64][64]int8

// The blocking weights by the blocker's ranks ahead of the rabbit (row 0
// three ranks behind it, row 3 beside it, row 4 straight ahead, the last
// row for four ranks ahead and more) and its files aside (0 to 4). A piece
// straight ahead blocks most; behind, only a piece near its file can
// still step in front.
var (
	blockPiece = [8][5]int8{
		{1, 1, 0, 0, 0},
		{2, 1, 1, 0, 0},
		{4, 2, 1, 1, 0},
		{0, 7, 3, 2, 1},
		{10, 7, 4, 2, 1},
		{7, 6, 3, 2, 1},
		{7, 5, 3, 2, 1},
		{6, 5, 3, 2, 1},
	}
	blockRabbit = [8][5]int8{
		{},
		{},
		{},
		{0, 3, 1, 0, 0},
		{6, 2, 1, 0, 0},
		{5, 2, 1, 0, 0},
		{4, 2, 1, 0, 0},
		{4, 2, 1, 0, 0},
	}
	// blockEdge is what a board edge near its file adds to a rabbit's
	// blockers: a rabbit on a wing has fewer ways around a defender.
	blockEdge = [8]int{10, 5, 2, 0, 0, 2, 5, 10}
)

func init() {
	for c := rules.Gold; c <= rules.Silver; c++ {
		for r := rules.Square(0); r < 64; r++ {
			for o := rules.Square(0); o < 64; o++ {
				dx := abs(o.File() - r.File())
				dy := o.Rank() - r.Rank()
				if c == rules.Silver {
					dy = -dy
				}
				if dx > 4 || dy < -3 {
					continue
				}
				rabbitWindow[c][r] |= o.Bit()
				row := min(dy+3, 7)
				rabbitBlock[c][r][o] = blockPiece[row][dx]
				rabbitBlockR[c][r][o] = blockRabbit[row][dx]
			}
		}
	}
}

// rabbitBlockFactor is, in thousandths, how much of its value a rabbit
// keeps with a blocking sum of 0 to 60: almost all of it up to about 20
// (a defender or two at a distance), then falling steeply to a tenth once
// the way is walled (a logistic of ours through the figures Wu 2015
// reports for bot_sharp: 1.44 unblocked, 0.75 at 25, 0.3 at 30, 0.11 at 60).
var rabbitBlockFactor = func() (f [61]int) {
	for b := range f {
		f[b] = int(math.Round(1000 * (0.11 + 1.3/(1+math.Exp((float64(b)-25.5)/2.2)))))
	}
	return f
}()

// rabbitSupportFactor is, in thousandths, how much of its value a rabbit
// keeps by the support around its goal squares (from -40, the enemy's
// strong pieces alone there, to 40, one's own), interpolated between the
// knots below.
var rabbitSupportFactor = func() (f [81]int) {
	knots := [][2]float64{{-40, 0.21}, {-20, 0.36}, {0, 0.60}, {10, 0.87}, {20, 1.0}, {40, 1.15}}
	for i := range f {
		x := float64(i - 40)
		for k := 1; k < len(knots); k++ {
			if x <= knots[k][0] {
				a, b := knots[k-1], knots[k]
				f[i] = int(math.Round(1000 * (a[1] + (b[1]-a[1])*(x-a[0])/(b[0]-a[0]))))
				break
			}
		}
	}
	return f
}()

// The support around a goal: for each distance 1 to 5 from the squares a
// rabbit heads for, the three strongest piece types found there that only
// one side has score for it (a type both sides have there uses up a place
// and scores nothing), and at distances 2 to 4 each piece counts (twice if
// not a rabbit) with the weights of supportAny.
var (
	supportStrongest = [5][3]int{{7, 4, 2}, {28, 14, 7}, {24, 12, 6}, {16, 8, 4}, {8, 4, 2}}
	supportAny       = [5]int{0, 3, 2, 1, 0}
)

// supportRings is, for a side and each of its three goal areas (the left
// wing, the centre, the right wing), the squares within 1 to 5 steps of
// the area's squares on the rank before the goal (b7, d7 and e7, g7 for
// Gold; b2, d2 and e2, g2 for Silver).
var supportRings = func() (r [2][3][5]rules.Bitboard) {
	for c := rules.Gold; c <= rules.Silver; c++ {
		rank := 6
		if c == rules.Silver {
			rank = 1
		}
		areas := [3]rules.Bitboard{
			rules.NewSquare(1, rank).Bit(),
			rules.NewSquare(3, rank).Bit() | rules.NewSquare(4, rank).Bit(),
			rules.NewSquare(6, rank).Bit(),
		}
		for a, b := range areas {
			for d := range 5 {
				b |= b.Adjacent()
				r[c][a][d] = b
			}
		}
	}
	return r
}()

// goalSupport scores the support of side c around its goal area a, from
// -40 to 40 or so: positive where c's strong pieces are there and the
// enemy's are not.
func goalSupport(p *rules.Position, c rules.Color, a int) int {
	o := c.Other()
	pts := 0
	for d, ring := range supportRings[c][a] {
		place := 0
		for ty := rules.Elephant; ty >= rules.Cat && place < 3; ty-- {
			own, enemy := p.Pieces(c, ty)&ring != 0, p.Pieces(o, ty)&ring != 0
			switch {
			case own && !enemy:
				pts += supportStrongest[d][place]
			case enemy && !own:
				pts -= supportStrongest[d][place]
			case !own && !enemy:
				continue
			}
			place++
		}
		if w := supportAny[d]; w != 0 {
			ownAll, enemyAll := p.Pieces(c, rules.NoType)&ring, p.Pieces(o, rules.NoType)&ring
			ownR, enemyR := p.Pieces(c, rules.Rabbit)&ring, p.Pieces(o, rules.Rabbit)&ring
			pts += w * (2*ownAll.Count() - ownR.Count() - 2*enemyAll.Count() + enemyR.Count())
		}
	}
	return pts / 2
}

// rabbitSpread is the bell over seven files, centred on the rabbit's file,
// in hundredths, by which a rabbit's score is spread before the squares
// are summed; it sums to 100, so that a lone rabbit counts in full.
var rabbitSpread = [7]int64{7, 13, 19, 22, 19, 13, 7}

// rabbitGoal fills the rabbit-goal term for both sides.
func (e *Evaluator) rabbitGoal(p *rules.Position, frozen [2]rules.Bitboard, leads *trapLeads, t *[numTerms][2]int) {
	s := &e.w.Eval
	for c := rules.Gold; c <= rules.Silver; c++ {
		o := c.Other()
		enemy, enemyR := p.Pieces(o, rules.NoType), p.Pieces(o, rules.Rabbit)
		goalRank := 7
		// The enemy's home traps on the left and right wings, as indexes
		// of trapSquares.
		left, right := 2, 3
		if c == rules.Silver {
			goalRank, left, right = 0, 0, 1
		}
		var (
			support     [3]int
			haveSupport [3]bool
			bins        [14]int64
			found       bool
		)
		for b := p.Pieces(c, rules.Rabbit); b != 0; {
			sq := b.Pop()
			togo := abs(goalRank - sq.Rank())
			if togo == 0 || togo == 7 {
				continue
			}
			goalW, trapW := s.RabbitGoal[togo-1], s.RabbitGoalTrap[togo-1]
			if goalW == 0 && trapW == 0 {
				continue
			}
			x := sq.File()
			// Goal part: by the blockers and the support ahead.
			block := blockEdge[x]
			for m := enemy & rabbitWindow[c][sq]; m != 0; {
				q := m.Pop()
				switch {
				case q.Rank() == goalRank:
					block += int(rabbitBlockR[c][sq][q]) + 1
				case enemyR.Has(q):
					block += int(rabbitBlockR[c][sq][q])
				default:
					block += int(rabbitBlock[c][sq][q])
				}
			}
			sup := 0
			for _, a := range wingAreas[x] {
				if !haveSupport[a] {
					support[a], haveSupport[a] = goalSupport(p, c, a), true
				}
				sup += support[a]
			}
			sup /= len(wingAreas[x])
			// In sixteenths of a point, so that the sums below stay exact.
			v := int64(16*goalW) * int64(rabbitBlockFactor[min(block, 60)]) * int64(rabbitSupportFactor[min(max(sup+40, 0), 80)]) / 1e6
			// Trap part: by the attacker's lead at the enemy's home trap
			// on the rabbit's wing (both, two to one, on the centre files).
			var ld int
			switch {
			case x <= 2:
				ld = leads.at(left)
			case x >= 5:
				ld = leads.at(right)
			case x == 3:
				ld = (2*leads.at(left) + leads.at(right)) / 3
			default:
				ld = (leads.at(left) + 2*leads.at(right)) / 3
			}
			v += int64(16*trapW) * int64(min(max(ld+50, 0), 105)) / 100
			if frozen[c].Has(sq) {
				v = v * 9 / 10
			}
			for i, w := range rabbitSpread {
				bins[x+i] += v * v * w * w
			}
			found = true
		}
		if !found {
			continue
		}
		var sum int64
		for _, v := range bins {
			sum += int64(math.Sqrt(float64(v)) + 0.5)
		}
		t[termRabbitGoal][c] = int((sum + 800) / 1600)
	}
}

// wingAreas is, for each file, the goal areas (of supportRings) whose
// support a rabbit there counts, averaged: the wing's on the outer files,
// the centre's on d and e, both halves on c and f.
var wingAreas = [8][]int{{0}, {0}, {0, 1}, {1}, {1}, {1, 2}, {2}, {2}}
