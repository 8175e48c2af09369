package eval

import "arimaa-workbench/engine/rules"

// The imbalance term (eval.imbalance) is the cost of an army whose strong
// pieces stand together or crowd one wing, leaving the other to the
// enemy. It has two parts.
//
// The second piece beside the elephant: each piece of a side's strongest
// type below the elephant (the camel, or the horses without one) costs
// more the nearer it stands to its own elephant, where the two do one
// piece's work, on a file and a rank scale that counts a camel behind its
// elephant as nearer than one as far ahead of it; and more the farther
// forward it stands. Of two such pieces the cost is the mean.
//
// The wings: each side's strength on each wing (towards the b and the g
// file) is the sum, over the elephant and the three strongest ranks of
// pieces below it, of a share by the piece's rank of strength and the
// mix of the army (one camel or two horses weigh differently), times a
// factor that falls with the piece's distance from that wing and falls
// faster for a piece on its home ranks or deep in the enemy's, a frozen
// one, or one whose way is barred by the enemy elephant between. A wing
// the side barely reaches costs a great deal; both wings well held cost
// nothing.
//
// The term only counts while both elephants are on the board. Its
// figures are those of bot_sharp's imbalance evaluation (D. J. Wu's
// public program, 2015), made symmetric between the wings; at
// eval.imbalance 100 they count as in bot_sharp, at our material scale
// (7.5 of its units an evaluation point).

// secondFileDist is the file distance figure between a side's elephant
// and its second piece: row by the elephant's file counted from the
// nearer edge (0 to 3), column by the second piece's file counted from
// that same edge (0 to 7).
var secondFileDist = [4][8]int{
	{1, 2, 5, 7, 10, 12, 13, 13},
	{1, 2, 5, 7, 10, 12, 13, 13},
	{3, 3, 4, 7, 8, 11, 12, 12},
	{5, 5, 5, 5, 7, 9, 9, 9},
}

// secondRankDist is the rank distance figure: row by the elephant's rank
// from its own home (0 to 7), column by the second piece's.
var secondRankDist = [8][8]int{
	{0, 1, 2, 4, 5, 7, 8, 8},
	{0, 1, 2, 4, 5, 7, 8, 8},
	{0, 1, 2, 4, 5, 7, 8, 8},
	{2, 3, 4, 3, 4, 5, 6, 6},
	{4, 5, 6, 5, 4, 3, 3, 3},
	{5, 6, 7, 6, 5, 3, 3, 3},
	{5, 6, 7, 6, 5, 3, 2, 2},
	{5, 6, 7, 6, 5, 3, 2, 1},
}

// secondNearShare is, by the sum of the two distance figures, the share
// (of 64) of the second piece's base cost that applies: all of it beside
// the elephant, none from 17 on.
var secondNearShare = [22]int{
	69, 69, 68, 66, 64, 62, 57, 52, 46, 40,
	34, 28, 22, 16, 11, 7, 3, 0, 0, 0,
	0, 0,
}

// secondBase is the second piece's base cost by its rank from its
// own home (0 to 7) and its file from the nearer edge (0 to 3): dearer
// the farther forward.
var secondBase = [8][4]int{
	{110, 100, 90, 80},
	{110, 100, 90, 80},
	{110, 100, 90, 80},
	{150, 140, 120, 110},
	{180, 170, 150, 150},
	{220, 210, 190, 210},
	{220, 220, 220, 230},
	{220, 210, 210, 210},
}

// wingReach is a piece's factor (of 64) towards a wing by the files
// between it and the wing's edge (0 to 7), row by difficulty (0 easy to
// 4 barred).
var wingReach = [5][8]int{
	{64, 64, 58, 44, 28, 16, 10, 4},
	{64, 64, 57, 42, 26, 13, 6, 0},
	{64, 64, 56, 40, 24, 10, 2, 0},
	{64, 64, 55, 38, 21, 8, 0, 0},
	{64, 64, 54, 36, 18, 6, 0, 0},
}

// wingDifficulty is a piece's difficulty towards a wing by its rank from
// its own home: pieces at home or deep in the enemy's camp turn slowly.
var wingDifficulty = [8]int{2, 1, 0, 0, 0, 2, 2, 3}

// wingMix is, by the army's mix (the count of the strongest type below
// the elephant plus three times the count of the next, 0 to 8), the
// share of the elephant and each of the next three ranks of strength,
// and the scale (of 64) of the whole part. The mixes 3 and 6 cannot
// occur (a second rank without a first).
var wingMix = [9]struct {
	share [4]int
	scale int
}{
	{[4]int{44, 0, 0, 0}, 32},
	{[4]int{30, 30, 0, 0}, 32},
	{[4]int{16, 30, 0, 0}, 32},
	{},
	{[4]int{7, 28, 23, 2}, 64},
	{[4]int{6, 28, 10, 0}, 64},
	{},
	{[4]int{6, 28, 22, 0}, 64},
	{[4]int{6, 28, 5, 0}, 64},
}

// wingCost is the cost of a wing by its strength (the summed shares
// times factors, over 64), falling to nothing at 31.
var wingCost = [32]int{
	480, 470, 460, 450, 440, 430, 425, 410, 395, 380,
	355, 330, 305, 280, 255, 230, 205, 180, 160, 140,
	120, 100, 85, 70, 55, 40, 30, 20, 15, 10,
	5, 0,
}

// imbalanceUnit turns the figures into evaluation points at weight 100:
// 7.5 units a point, over the percentage.
const imbalanceUnit = 750

// imbalance fills the imbalance term for both sides.
func (e *Evaluator) imbalance(p *rules.Position, frozen [2]rules.Bitboard, t *[numTerms][2]int) {
	ge, se := p.Pieces(rules.Gold, rules.Elephant), p.Pieces(rules.Silver, rules.Elephant)
	if ge == 0 || se == 0 {
		return
	}
	eles := [2]rules.Square{ge.First(), se.First()}
	w := e.w.Eval.Imbalance
	for c := rules.Gold; c <= rules.Silver; c++ {
		// The three strongest types below the elephant that c has.
		var ranks [3]rules.Bitboard
		n := 0
		for ty := rules.Camel; ty > rules.Rabbit && n < len(ranks); ty-- {
			if b := p.Pieces(c, ty); b != 0 {
				ranks[n] = b
				n++
			}
		}
		cost := secondNear(c, eles[c], ranks[0]) + wingsCost(c, eles, frozen[c], &ranks)
		v := cost * w
		t[termImbalance][c] = -(v + imbalanceUnit/2) / imbalanceUnit
	}
}

// secondNear is the cost of side c's second pieces (seconds) standing
// near its elephant on ele.
func secondNear(c rules.Color, ele rules.Square, seconds rules.Bitboard) int {
	er := homeRank(c, ele)
	sum := 0
	for b := seconds; b != 0; {
		sq := b.Pop()
		ef, f := ele.File(), sq.File()
		if ef > 3 { // count both files from the elephant's nearer edge
			ef, f = 7-ef, 7-f
		}
		r := homeRank(c, sq)
		d := secondFileDist[ef][f] + secondRankDist[er][r]
		sum += secondBase[r][edgeFile(sq)] * secondNearShare[d] * 3 / 256
	}
	if seconds.Count() >= 2 {
		sum /= 2
	}
	return sum
}

// wingsCost is the cost of side c's strength on the two wings: its
// elephant on eles[c], its three strongest ranks below it in ranks,
// its frozen pieces in frozen.
func wingsCost(c rules.Color, eles [2]rules.Square, frozen rules.Bitboard, ranks *[3]rules.Bitboard) int {
	mix := min(ranks[0].Count(), 2) + 3*min(ranks[1].Count(), 2)
	m := &wingMix[mix]
	foe := eles[c.Other()]
	cost := 0
	for wing := 0; wing < 2; wing++ {
		str := m.share[0] * wingReach[0][wingFiles(eles[c], wing)]
		for i := range ranks {
			if m.share[i+1] == 0 {
				continue
			}
			for b := ranks[i]; b != 0; {
				sq := b.Pop()
				str += m.share[i+1] * wingReach[wingHardness(c, sq, foe, frozen, wing)][wingFiles(sq, wing)]
			}
		}
		cost += wingCost[min(str>>6, len(wingCost)-1)]
	}
	return cost * m.scale >> 6
}

// wingFiles is the number of files between sq and the edge of wing 0
// (the a file) or wing 1 (the h file).
func wingFiles(sq rules.Square, wing int) int {
	if wing == 1 {
		return 7 - sq.File()
	}
	return sq.File()
}

// wingHardness is the difficulty for side c's piece on sq of reaching
// wing (its b or g file), the enemy elephant on foe: barred when the
// enemy elephant stands between on the piece's rank, harder when it
// stands between a rank off or the piece is frozen.
func wingHardness(c rules.Color, sq, foe rules.Square, frozen rules.Bitboard, wing int) int {
	target := 1 + 5*wing
	between := (foe.File()-target)*(foe.File()-sq.File()) < 0
	dr := foe.Rank() - sq.Rank()
	d := wingDifficulty[homeRank(c, sq)]
	switch {
	case between && dr == 0:
		return 4
	case frozen.Has(sq) || between && dr >= -1 && dr <= 1:
		return d + 1
	}
	return d
}
