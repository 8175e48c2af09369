package eval

import "arimaa-workbench/engine/rules"

// The placement term (eval.placement) values each piece by its square,
// from a table chosen by how many enemy pieces are stronger than it: the
// elephant (none stronger) belongs in the middle of the board a rank or
// two past the centre and costs a great deal on the edges and the home
// rank; a piece with one or two stronger enemies belongs on the wings
// near the enemy's traps and the centre of its own side; the weakest
// stay nearer home. Rabbits have their own table, by file and rank (off
// the central files, where they block their own pieces' way to the
// traps), and a value by rank that grows as the enemy's army thins and
// is a cost while it is whole. The shape and the figures are those of
// bot_sharp's piece-square evaluation (D. J. Wu's public program, 2015),
// made symmetric between the wings; at eval.placement 100 they count as
// in bot_sharp, at our material scale (7.5 of its units an evaluation
// point, 2.5 times the tables' figures).

// placeTable is, by the enemy pieces stronger than a piece (0 to 6, more
// counting as 6), its rank counted from its own side (0, the home rank,
// to 7) and its file counted from the nearer edge (0 for a and h, 3 for
// d and e), the piece's figure.
var placeTable = [7][8][4]int16{
	{ // no stronger enemy: an elephant, or a camel without an enemy elephant
		{-450, -350, -250, -180},
		{-160, -130, -95, -70},
		{-90, -45, 0, 0},
		{-60, -5, 15, 25},
		{-60, 8, 35, 35},
		{-90, -70, -10, 35},
		{-180, -140, -115, -70},
		{-450, -350, -250, -180},
	},
	{ // one
		{-150, -80, -70, -50},
		{-35, -15, -13, -10},
		{-4, 2, 1, 1},
		{0, 5, 5, 1},
		{6, 15, 10, 0},
		{6, 22, 10, -5},
		{0, 5, 20, -5},
		{-50, -25, -15, -15},
	},
	{ // two
		{-150, -90, -80, -60},
		{-35, -16, -12, -11},
		{-20, 11, -5, 5},
		{0, 10, 10, 5},
		{5, 25, 20, 10},
		{15, 50, 15, 12},
		{0, 25, 40, 15},
		{-40, -15, -15, -15},
	},
	{ // three
		{-100, -75, -65, -42},
		{-22, -10, -9, -9},
		{-5, 6, -2, 3},
		{0, 10, 10, 6},
		{8, 14, 16, 8},
		{10, 20, 8, 6},
		{0, 12, 12, 6},
		{-25, -12, -12, -12},
	},
	{ // four
		{-80, -60, -45, -25},
		{-16, -4, 2, -4},
		{-4, 8, 0, 4},
		{0, 8, 8, 6},
		{4, 12, 12, 8},
		{8, 12, 4, 6},
		{0, 4, 8, 4},
		{-20, -12, -12, -12},
	},
	{ // five
		{-60, -45, -35, -25},
		{-12, -6, 6, -4},
		{-2, 6, 0, 6},
		{0, 6, 6, 4},
		{4, 6, 4, 2},
		{0, 3, 0, -2},
		{-8, -8, 0, -8},
		{-20, -12, -12, -12},
	},
	{ // six or more: a cat against a full army
		{-50, -35, -28, -21},
		{-8, -4, 8, 0},
		{-2, 6, 0, 4},
		{0, 6, 6, 3},
		{2, 4, 4, 2},
		{0, 2, -2, -4},
		{-10, -10, -2, -10},
		{-20, -12, -12, -12},
	},
}

// rabbitPlace is a rabbit's figure by its rank from its own side and its
// file from the nearer edge (the goal rank is the end of the game).
var rabbitPlace = [8][4]int16{
	{1, 1, 0, -1},
	{2, 1, 8, -8},
	{4, 3, -12, -8},
	{6, 2, -4, -13},
	{8, 4, -6, -16},
	{10, 6, -10, -24},
	{12, 11, -10, 0},
	{},
}

// rabbitAdvance is a rabbit's further figure by its rank, by the enemy's
// army: row i for twice the enemy's pieces other than rabbits plus its
// rabbits equal to i + rabbitAdvanceFrom (fewer counting as the first
// row): a rabbit forward is a cost against a whole army, and worth more
// the more of it is gone.
var rabbitAdvance = [14][8]int16{
	{0, 9, 20, 33, 49, 68, 118, 0},
	{0, 8, 17, 29, 43, 60, 105, 0},
	{0, 7, 15, 25, 38, 53, 94, 0},
	{0, 6, 13, 22, 34, 47, 84, 0},
	{0, 5, 11, 19, 29, 41, 74, 0},
	{0, 4, 9, 16, 24, 33, 64, 0},
	{0, 3, 7, 13, 20, 27, 54, 0},
	{0, 3, 5, 11, 16, 21, 44, 0},
	{0, 2, 4, 7, 10, 13, 35, 0},
	{0, 1, 2, 4, 5, 7, 26, 0},
	{0, 0, 0, 0, 0, 0, 17, 0},
	{0, 0, -2, -5, -8, -12, 8, 0},
	{0, -3, -6, -12, -20, -27, -6, 0},
	{0, -6, -12, -21, -32, -45, -18, 0},
}

const rabbitAdvanceFrom = 11

// placementUnit turns the tables' figures into evaluation points at
// weight 100: times 2.5, over 7.5 units a point, over the percentage.
const placementUnit = 300

// placement fills the placement term for both sides; stronger is, by side
// and type, how many enemy pieces are stronger.
func (e *Evaluator) placement(p *rules.Position, stronger *[2][7]int, t *[numTerms][2]int) {
	w := e.w.Eval.Placement
	for c := rules.Gold; c <= rules.Silver; c++ {
		sum := 0
		for ty := rules.Cat; ty <= rules.Elephant; ty++ {
			tab := &placeTable[min(stronger[c][ty], len(placeTable)-1)]
			for b := p.Pieces(c, ty); b != 0; {
				sq := b.Pop()
				sum += int(tab[homeRank(c, sq)][edgeFile(sq)])
			}
		}
		if b := p.Pieces(c, rules.Rabbit); b != 0 {
			army := 2*stronger[c][rules.Rabbit] + p.Pieces(c.Other(), rules.Rabbit).Count()
			adv := &rabbitAdvance[min(max(army-rabbitAdvanceFrom, 0), len(rabbitAdvance)-1)]
			for b != 0 {
				sq := b.Pop()
				r := homeRank(c, sq)
				sum += int(rabbitPlace[r][edgeFile(sq)] + adv[r])
			}
		}
		v := sum * w
		if v >= 0 {
			v += placementUnit / 2
		} else {
			v -= placementUnit / 2
		}
		t[termPlacement][c] = v / placementUnit
	}
}

// edgeFile is sq's file counted from the nearer edge (0 for a and h, 3
// for d and e).
func edgeFile(sq rules.Square) int { return 3 - centreAxis(sq.File()) }
