package eval

import "arimaa-workbench/engine/rules"

// The camel-advance term (eval.camel_advance) prices the risk of a side's
// second-strongest piece, the camel as a rule, standing forward on the
// board where the enemy elephant can reach it: the piece is the one the
// enemy elephant can freeze, hold hostage beside a trap and in the end
// take, while one's own elephant cannot be everywhere. bot_sharp keeps
// such a term in its evaluation (D. J. Wu's public program, 2015): the
// risk grows with the piece's advance and the enemy elephant's nearness,
// and shrinks with one's own pieces around and ahead of it, one's own
// elephant near, and one's control of the enemy's home traps. The shape
// below is ours; so are its figures, in percent.

// camelRank is the risk by the piece's rank counted from its own side:
// none at home, most on the enemy's trap rank and the one before it.
var camelRank = [8]int{0, 0, 15, 40, 75, 110, 100, 60}

// camelNear and camelFile are the enemy elephant's nearness by its
// Manhattan distance and by its files aside.
var (
	camelNear = [15]int{100, 100, 90, 80, 60, 40, 25, 12, 5}
	camelFile = [8]int{100, 85, 65, 50, 35, 15, 5, 0}
	// camelOwnElephant scales the risk by one's own elephant's distance.
	camelOwnElephant = [15]int{75, 75, 78, 81, 84, 90, 96, 100, 104, 106, 108, 110, 110, 110, 110}
)

// camelSupport is, for each side and square, the squares whose own pieces
// cover a piece there, by weight: support[c][s][k] holds the squares
// weighing camelSupportWeight[k]. Beside it (two files either way) and
// ahead of it up to the goal (two files either way), more straight ahead
// and on the rank before the goal, little behind.
var camelSupport [2][64][5]rules.Bitboard

var camelSupportWeight = [5]int{2, 3, 4, 6, 9}

func init() {
	for c := rules.Gold; c <= rules.Silver; c++ {
		for s := rules.Square(0); s < 64; s++ {
			ahead := 7 - homeRank(c, s)
			for o := rules.Square(0); o < 64; o++ {
				dx := abs(o.File() - s.File())
				dy := o.Rank() - s.Rank()
				if c == rules.Silver {
					dy = -dy
				}
				k := -1
				switch {
				case o == s || dx > 2 || dy < -1 || dy > ahead:
				case dy == -1:
					if dx <= 1 {
						k = 0
					}
				case dy == 0:
					k = 2 // beside
					if dx == 2 {
						k = 0
					}
				case dy == ahead-1: // the rank before the goal
					k = 4
					if dx == 2 {
						k = 2
					}
				default:
					k = 3
					if dx == 2 {
						k = 1
					}
				}
				if k >= 0 {
					camelSupport[c][s][k] |= o.Bit()
				}
			}
		}
	}
}

// camelAdvance adds each side's camel-advance penalty to t.
func (e *Evaluator) camelAdvance(p *rules.Position, frozen [2]rules.Bitboard, leads *trapLeads, t *[numTerms][2]int) {
	w := e.w.Eval.CamelAdvance
	for c := rules.Gold; c <= rules.Silver; c++ {
		o := c.Other()
		ty := rules.Camel
		for ty > rules.Rabbit && p.Pieces(c, ty) == 0 {
			ty--
		}
		m, own, enemy := p.Pieces(c, ty), p.Pieces(c, rules.Elephant), p.Pieces(o, rules.Elephant)
		if ty == rules.Rabbit || m.Count() != 1 || own == 0 || enemy == 0 {
			continue
		}
		s, oe, ee := m.First(), own.First(), enemy.First()
		risk := camelRank[homeRank(c, s)] * (6*camelNear[distance(s, ee)] + 4*camelFile[abs(s.File()-ee.File())]) / 10
		if risk == 0 {
			continue
		}
		sup := 0
		friends := p.Pieces(c, rules.NoType)
		for k, b := range camelSupport[c][s] {
			sup += camelSupportWeight[k] * (b & friends).Count()
		}
		risk = risk * (100 - 80*min(sup, 25)/25) / 100
		risk = risk * camelOwnElephant[distance(s, oe)] / 100
		// The enemy's home trap on the piece's wing counts twice, the
		// other once: from full risk where the enemy holds it by 20
		// units (trap_attack's weighing) to two fifths where one leads
		// there by 60.
		wing, other := 2, 3
		if s.File() >= 4 {
			wing, other = 3, 2
		}
		if c == rules.Silver {
			wing, other = wing-2, other-2
		}
		risk = risk * (2*camelTrapShare(leads.at(wing)) + camelTrapShare(leads.at(other))) / 300
		if frozen[c].Has(s) {
			risk = risk * 112 / 100
		}
		t[termCamelAdvance][c] = -(w*risk + 5000) / 10000
	}
}

// camelTrapShare is the share of the risk, in percent, left by one's lead
// at an enemy home trap.
func camelTrapShare(lead int) int {
	return 100 - 60*min(max(lead+20, 0), 80)/80
}
