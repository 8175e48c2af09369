package eval

import (
	"math"

	"arimaa-workbench/engine/rules"
)

// The strongest free piece (SFP) reckoning judges an army against
// another when some pieces are tied down: the pieces are counted by type,
// a tied piece counting for the part of it still free, and the two
// armies are compared rank by rank from the top, each rank where one
// side has more scoring for it, a great deal at the top and little
// below (Wu 2015 describes bot_sharp's; the tables are its figures). A
// hostage or a frame is only worth holding when the holder keeps the
// strongest free piece.

// sfpTierValue is the weight of each rank of strength (tier) from the
// top, for fractional tiers in proportion between.
var sfpTierValue = [10]float64{500, 140, 50, 20, 10, 5, 2, 1, 1, 1}

// sfpTierProp is, by the counts of the two sides at a tier (row the
// side's, column the enemy's, fractions in proportion between), the
// share (of 100) of the tier's weight won.
var sfpTierProp = [10][10]float64{
	{0, -100, -200, -290, -370, -440, -500, -550, -590, -620},
	{100, 0, -50, -120, -190, -250, -300, -340, -370, -390},
	{200, 50, 0, -20, -70, -120, -160, -200, -230, -220},
	{290, 120, 20, 0, -10, -40, -80, -110, -140, -160},
	{370, 190, 70, 10, 0, -5, -25, -60, -90, -120},
	{440, 250, 120, 40, 5, 0, -2, -20, -50, -70},
	{500, 300, 160, 80, 25, 2, 0, -1, -15, -40},
	{550, 340, 200, 110, 60, 15, 1, 0, -1, -10},
	{590, 370, 230, 140, 100, 50, 15, 1, 0, 0},
	{620, 390, 220, 160, 120, 70, 40, 10, 0, 0},
}

// lerpIndex splits x (at least 0) into an index into a table of n and
// the share of the next entry, the last entry standing for anything
// beyond.
func lerpIndex(x float64, n int) (i, j int, f float64) {
	x = max(x, 0)
	i = min(int(x), n-1)
	j = min(i+1, n-1)
	return i, j, x - float64(i)
}

// sfpTierScore is the score at a tier of a side with count pieces
// against the enemy's enemy.
func sfpTierScore(tier, count, enemy float64) int {
	t0, t1, tf := lerpIndex(tier, len(sfpTierValue))
	p0, p1, pf := lerpIndex(count, len(sfpTierProp))
	o0, o1, of := lerpIndex(enemy, len(sfpTierProp))
	prop := (sfpTierProp[p0][o0]*(1-of)+sfpTierProp[p0][o1]*of)*(1-pf) +
		(sfpTierProp[p1][o0]*(1-of)+sfpTierProp[p1][o1]*of)*pf
	val := sfpTierValue[t0]*(1-tf) + sfpTierValue[t1]*tf
	return int(math.Round(prop * val / 100))
}

// sfpScore compares a side's free pieces (own, by type, fractions for
// tied pieces) with the enemy's: positive when the side has the
// stronger free army. Rabbits do not count. Types where one side has
// nothing merge with the next down into one tier.
func sfpScore(own, enemy *[7]float64) int {
	score, tier := 0, 0.0
	for ty := rules.Elephant; ty >= rules.Cat; {
		var oc, ec, inc float64
		for {
			oc += own[ty]
			ec += enemy[ty]
			inc += max(own[ty], enemy[ty])
			ty--
			if ty <= rules.Rabbit {
				break
			}
			if oc == 0 && ec == 0 || oc == 0 && own[ty] == 0 || ec == 0 && enemy[ty] == 0 {
				continue
			}
			break
		}
		score += sfpTierScore(tier, oc, ec)
		tier += inc
	}
	return score
}

// logisticShare is scale·(2/(1+exp(-2x/total)) - 1): from 0 at x = 0
// towards scale as x grows, about three quarters of it at x = total.
func logisticShare(x, total, scale float64) float64 {
	return scale * (-1 + 2/(1+math.Exp(-2*x/total)))
}
