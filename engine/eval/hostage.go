package eval

import "arimaa-workbench/engine/rules"

// The hostage term (eval.hostages) values an enemy piece caught in the
// corner by one of one's home traps: an attacker that went too deep and
// that a stronger piece of one's own holds beside it, frozen or with
// nowhere to run, to be captured once the trap falls to the holder's
// side. Its worth is the part of the piece's value a capture so many
// steps away is worth, times how well the holder's side comes out of the
// exchange of tied pieces: the holder is tied to its hostage and the
// enemy's defenders to the trap, and the side left with the strongest
// free piece (sfpScore) wins elsewhere on the board; the more firmly one
// holds the trap, the less the enemy's other defenders matter. It shrinks
// the sooner the hostage can run or the holder be driven off, and the
// nearer one's own strongest free pieces stand to the holder, where they
// do no work elsewhere. The shape and the figures are bot_sharp's hostage
// evaluation (Wu 2015; D. J. Wu's public program), with the pieces the
// holder's side buries in its corner weighed alike on both sides of the
// board; its swarm factor (for an elephant holder beset by the enemy's
// pieces) is left out. At eval.hostages 100 it counts as in bot_sharp,
// at our piece values.

// hostageOffsets are the squares where a hostage is looked for around a
// trap, as files towards the trap's nearer edge and ranks towards its
// side's home: for c3, b4, a3, c1, b2, d2, a2, b1, a1 and d1.
var hostageOffsets = [9][2]int{{1, -1}, {2, 0}, {0, 2}, {1, 1}, {-1, 1}, {2, 1}, {1, 2}, {2, 2}, {-1, 2}}

// hostageWide marks the squares deep in the corner where a holder two
// squares away also holds.
var hostageWide = [9]bool{5: true, 6: true, 7: true}

// hostageSquares are hostageOffsets for each trap of trapSquares.
var hostageSquares = func() (h [4][9]rules.Square) {
	for ti, tr := range trapSquares {
		edge, home := -1, -1
		if tr.File() > 3 {
			edge = 1
		}
		if homeOf(tr) == rules.Silver {
			home = 1
		}
		for k, o := range hostageOffsets {
			h[ti][k] = rules.NewSquare(tr.File()+edge*o[0], tr.Rank()+home*o[1])
		}
	}
	return h
}()

// hostageMasks are hostageSquares as sets, and hostageCorners each
// side's (by the traps of its home).
var hostageMasks, hostageCorners = func() (m [4]rules.Bitboard, c [2]rules.Bitboard) {
	for ti, sqs := range hostageSquares {
		for _, sq := range sqs {
			m[ti] |= sq.Bit()
		}
		c[homeOf(trapSquares[ti])] |= m[ti]
	}
	return m, c
}()

// behindTraps are the squares on the home side of each trap: a hostage
// stepping there is still caught.
var behindTraps = rules.C2.Bit() | rules.F2.Bit() | rules.C7.Bit() | rules.F7.Bit()

var (
	// hostageThreatFactor is the share (of 1024) of the hostage's value
	// by the steps its capture needs.
	hostageThreatFactor = [24]int{800, 760, 750, 740, 730, 590, 560, 500, 460, 390, 340, 280, 210, 150, 100, 60, 20}
	// hostageRunaway is the share (of 100) by the steps the hostage
	// needs to run (6 and more: all), for a hostage near the home rank
	// and one forward.
	hostageRunaway     = [7]int{52, 65, 77, 88, 94, 98, 100}
	hostageRunawayHigh = [7]int{32, 40, 58, 75, 88, 96, 100}
	// hostageHolderBreak is the share (of 100) by the steps the enemy
	// needs to drive the holder off.
	hostageHolderBreak = [12]int{30, 34, 45, 55, 67, 80, 92, 96, 100, 100, 100, 100}
	// hostageHold is the share (of 100) of the value with the enemy's
	// strongest defender alone tied to the trap, against that with two
	// more tied, by the holder's side's control of the trap, from full
	// at 100 of its units and more, down by 3.5 a step.
	hostageHold = [40]int{
		100, 99, 98, 97, 95, 94, 92, 90, 88, 86,
		84, 81, 78, 75, 72, 69, 66, 63, 59, 55,
		51, 47, 43, 39, 36, 33, 30, 27, 25, 22,
		20, 18, 16, 15, 13, 12, 11, 10, 9, 8,
	}
	// hostageFreeNear is the share (of 100) by the mean distance of the
	// holder's side's strongest free pieces from the holder (and of the
	// next strongest, hostageFreeNear2).
	hostageFreeNear  = [6]int{60, 75, 85, 92, 100, 100}
	hostageFreeNear2 = [6]int{85, 90, 96, 98, 100, 100}
	// hostageBlock scales the runaway share of a hostage forward by the
	// holder's side's weaker pieces in its way (index their count).
	hostageBlock = [12]int{16, 20, 24, 28, 32, 36, 40, 44, 48, 56, 60, 64}
	// hostageTied is the part (of 100) of a piece its tie to a hostage
	// or a trap takes from the free army, by the rank from its own home
	// and the file from the nearer edge; a hostage loses 70.
	hostageTied = [8][4]int{
		{65, 65, 65, 64},
		{64, 63, 61, 59},
		{62, 58, 54, 52},
		{61, 49, 48, 42},
		{58, 49, 48, 39},
		{58, 55, 42, 41},
		{61, 60, 60, 51},
		{64, 63, 62, 61},
	}
	// hostagePullGuard is, by the rank from the nearer home rank and the
	// file from the nearer edge, the steps a holder there gains against
	// being pulled (negative: loses) while the square inwards of it
	// (pullGuardDir) is covered.
	hostagePullGuard = [4][4]int{{2, 2, 2, 2}, {2, 2, 2, 2}, {2, 2, 0, -1}, {-1, -1, -1, 0}}
	// pullGuardDir: 0 none, 1 the square a rank inwards, 2 a file inwards.
	pullGuardDir = [4][4]int{{}, {1, 1, 2, 1}, {1, 1, 0, 0}, {}}
)

const (
	hostageHeldLoss  = 0.70 // the part of the hostage tied
	hostageLogistic  = 280  // the free-army score worth three quarters of the value
	hostageMaxAttack = 5    // steps past which the holder is safe
)

// hostageCase is one enemy piece held at one of the holder's home traps.
type hostageCase struct {
	sq, holder, holder2 rules.Square // holder2 is NoSquare without a second
	ti                  int          // trap index in trapSquares
}

// hostageBoard is what the term reads of the position for one holder.
type hostageBoard struct {
	p      *rules.Position
	c      rules.Color // the holder's side
	own    rules.Bitboard
	enemy  rules.Bitboard
	frozen [2]rules.Bitboard
	strong *[2][7]rules.Bitboard // by side and type, the side's pieces stronger than the type
}

// hostages fills the hostage term for both sides. threatAt is the
// piece-threat term's charge on each piece: a hostage is worth what its
// capture adds to that (weighted by eval.hostages).
func (e *Evaluator) hostages(p *rules.Position, frozen [2]rules.Bitboard, leads *trapLeads, threatAt *[64]int, t *[numTerms][2]int) {
	// Most positions have no enemy piece in a home corner: nothing to
	// weigh.
	if p.Pieces(rules.Silver, rules.NoType)&hostageCorners[rules.Gold] == 0 && p.Pieces(rules.Gold, rules.NoType)&hostageCorners[rules.Silver] == 0 {
		return
	}
	strong := [2][7]rules.Bitboard{strongerSets(p, rules.Gold), strongerSets(p, rules.Silver)}
	w := e.w.Eval.Hostages
	for c := rules.Gold; c <= rules.Silver; c++ {
		h := hostageBoard{p: p, c: c, own: p.Pieces(c, rules.NoType), enemy: p.Pieces(c.Other(), rules.NoType), frozen: frozen, strong: &strong}
		sum := 0.0
		for ti, tr := range trapSquares {
			if homeOf(tr) != c || h.enemy&hostageMasks[ti] == 0 {
				continue
			}
			var found [9]hostageCase
			cases := h.find(ti, found[:0])
			if len(cases) == 0 {
				continue
			}
			f := h.freeArmies(ti, cases)
			if f.base == 0 {
				continue // the enemy keeps the stronger free army: no hostage is worth holding
			}
			// The holder's control of its trap, the enemy elephant's
			// part left out: the negation of the attacker's lead, plus
			// that part, in trap_attack's units.
			ctl := -leads.at(ti)
			if oe := p.Pieces(c.Other(), rules.Elephant); oe != 0 {
				if d := distance(oe.First(), tr); d < len(attackDistance) {
					ctl += attackWeight[0] * attackDistance[d]
				}
			}
			hold := 1.0
			if i := (100 - ctl) * len(hostageHold) / 140; i >= len(hostageHold) {
				hold = float64(hostageHold[len(hostageHold)-1]) / 100
			} else if i >= 0 {
				hold = float64(hostageHold[i]) / 100
			}
			for _, hc := range cases {
				steps := h.captureSteps(hc)
				if steps >= len(hostageThreatFactor) {
					continue
				}
				share := (f.base*hold + f.defended*(1-hold)) * h.breakShare(hc) * h.freeNearShare(hc, &f.own, &f.foe) * f.advance
				v := float64(hostageThreatFactor[steps]*e.value[p.At(hc.sq).Type()]>>10) * share
				sum += max(v-float64(threatAt[hc.sq]), 0)
			}
		}
		t[termHostages][c] = int(sum*float64(w)/100 + 0.5)
	}
}

// find appends the hostages held at trap ti to cases: enemy pieces on
// the trap's corner squares with a stronger piece of the holder's beside
// them (or two squares off, deep in the corner) and no way out that
// leads away from the holders and the corner.
func (h *hostageBoard) find(ti int, cases []hostageCase) []hostageCase {
	o := h.c.Other()
	for k, sq := range hostageSquares[ti] {
		if !h.enemy.Has(sq) {
			continue
		}
		holders := h.strong[h.c][h.p.At(sq).Type()]
		holder, holder2 := h.bestHolders(holders & sq.Neighbors())
		if holder == rules.NoSquare && hostageWide[k] {
			holder, holder2 = h.bestHolders(holders & ring(sq, 2) & middleRanks)
		}
		if holder == rules.NoSquare {
			continue
		}
		hc := hostageCase{sq: sq, holder: holder, holder2: holder2, ti: ti}
		if !h.frozen[o].Has(sq) && h.canEscape(hc) {
			continue
		}
		cases = append(cases, hc)
	}
	return cases
}

// middleRanks are ranks 2 to 7: a holder on a home rank two squares off
// holds nothing.
const middleRanks rules.Bitboard = 0x00FFFFFFFFFFFF00

// bestHolders picks the two holders among set: the weakest first, then
// the one on the more central rank, then file.
func (h *hostageBoard) bestHolders(set rules.Bitboard) (best, second rules.Square) {
	best, second = rules.NoSquare, rules.NoSquare
	for b := set; b != 0; {
		sq := b.Pop()
		switch {
		case h.betterHolder(sq, best):
			best, second = sq, best
		case h.betterHolder(sq, second):
			second = sq
		}
	}
	return best, second
}

func (h *hostageBoard) betterHolder(sq, than rules.Square) bool {
	if than == rules.NoSquare {
		return true
	}
	a, b := h.p.At(sq).Type(), h.p.At(than).Type()
	if a != b {
		return a < b
	}
	ra, rb := 3-centreAxis(sq.Rank()), 3-centreAxis(than.Rank())
	if ra != rb {
		return ra > rb
	}
	return centreAxis(sq.File()) < centreAxis(than.File())
}

// oppositeTrap is the trap diagonally across the board from trap ti:
// a hostage running towards it leaves the corner.
func oppositeTrap(ti int) rules.Square { return trapSquares[3-ti] }

// rabbitMay says whether the piece on from may step to to as far as a
// rabbit's direction goes.
func (h *hostageBoard) rabbitMay(from, to rules.Square) bool {
	pc := h.p.At(from)
	return pc.Type() != rules.Rabbit || homeRank(pc.Color(), to) >= homeRank(pc.Color(), from)
}

// open says whether sq has an empty neighbour.
func (h *hostageBoard) open(sq rules.Square) bool {
	return sq.Neighbors()&^h.p.Occupied() != 0
}

// thawedAt says whether the piece on from would be unfrozen standing on
// at, its own square and ignore left empty.
func (h *hostageBoard) thawedAt(from, at, ignore rules.Square) bool {
	pc := h.p.At(from)
	side := pc.Color()
	gone := from.Bit() | ignore.Bit()
	if at.Neighbors()&h.p.Pieces(side, rules.NoType)&^gone != 0 {
		return true
	}
	return at.Neighbors()&h.strong[side.Other()][pc.Type()]&^gone == 0
}

// unfreezeDist is the steps the side of the piece on sq needs to
// unfreeze it: 0 when it is not frozen, else the fewest steps one of its
// unfrozen pieces needs to reach an empty square beside it, and 3 when
// none is empty (a neighbour must first make room).
func (h *hostageBoard) unfreezeDist(sq rules.Square) int {
	side := h.p.At(sq).Color()
	if !h.frozen[side].Has(sq) {
		return 0
	}
	helpers := h.p.Pieces(side, rules.NoType) &^ h.frozen[side] &^ sq.Bit()
	best := 3
	for n := sq.Neighbors() &^ h.p.Occupied(); n != 0; {
		m := n.Pop()
		for d := 1; d < best; d++ {
			if ring(m, d)&helpers != 0 {
				best = d
				break
			}
		}
	}
	return best
}

// canStep says whether the hostage on sq could step to adj: empty,
// a weaker holder's piece it can push aside, or a friend that can step
// away while it stays unfrozen.
func (h *hostageBoard) canStep(sq, adj rules.Square) bool {
	switch {
	case h.p.At(adj) == rules.Empty:
		return true
	case h.own.Has(adj):
		return h.p.At(adj).Type() < h.p.At(sq).Type() && h.open(adj)
	}
	return h.thawedAt(sq, sq, adj) && !h.frozen[h.c.Other()].Has(adj) && h.open(adj)
}

// canEscape says whether an unfrozen hostage has a step that leads out:
// away from its holders, not behind the trap and not deeper into the
// corner.
func (h *hostageBoard) canEscape(hc hostageCase) bool {
	far := oppositeTrap(hc.ti)
	for n := hc.sq.Neighbors(); n != 0; {
		adj := n.Pop()
		if !h.rabbitMay(hc.sq, adj) || distance(adj, hc.holder) < distance(hc.sq, hc.holder) ||
			hc.holder2 != rules.NoSquare && distance(adj, hc.holder2) < distance(hc.sq, hc.holder2) ||
			behindTraps.Has(adj) || distance(adj, far) > distance(hc.sq, far) {
			continue
		}
		if h.canStep(hc.sq, adj) {
			return true
		}
	}
	return false
}

// interferes is what a holder's piece on sq costs a capture of the
// hostage x passing it: a step if it is no stronger than x, one more if
// frozen.
func (h *hostageBoard) interferes(sq, x rules.Square) int {
	if !h.own.Has(sq) {
		return 0
	}
	n := 0
	if h.p.At(sq).Type() <= h.p.At(x).Type() {
		n++
	}
	if h.frozen[h.c].Has(sq) {
		n++
	}
	return n
}

// pathCost is the holder's own pieces in the way of dragging x to trap
// tr: on the trap, beside it towards x and, from farther, beside x
// towards the trap, the cheaper of two ways round a corner.
func (h *hostageBoard) pathCost(tr, x rules.Square) int {
	dx, dy := sign(x.File()-tr.File()), sign(x.Rank()-tr.Rank())
	if distance(x, tr) < 2 {
		return 0
	}
	cost := h.interferes(tr, x)
	cost += h.cheaper(tr, dx, dy, x)
	if distance(x, tr) > 2 {
		cost += h.cheaper(x, -dx, -dy, x)
	}
	return cost
}

// cheaper is the cheaper interference of sq's neighbours one file dx or
// one rank dy along (the one neighbour when either is 0).
func (h *hostageBoard) cheaper(sq rules.Square, dx, dy int, x rules.Square) int {
	if dx == 0 || dy == 0 {
		return h.interferes(rules.NewSquare(sq.File()+dx, sq.Rank()+dy), x)
	}
	return min(h.interferes(rules.NewSquare(sq.File()+dx, sq.Rank()), x),
		h.interferes(rules.NewSquare(sq.File(), sq.Rank()+dy), x))
}

// besideTraps are the squares next to a trap.
var besideTraps = func() (b rules.Bitboard) {
	for _, tr := range trapSquares {
		b |= tr.Neighbors()
	}
	return b
}()

// captureSteps estimates the steps the holder's side needs to capture
// the hostage: two a square to the trap, its own pieces in the way, a
// weak piece of its own on the trap, unfreezing the holder, bringing a
// holder two squares off beside the hostage, the hostage's friends at
// hand, and its steps away; less when the enemy elephant has buried
// itself in the corner beside it.
func (h *hostageBoard) captureSteps(hc hostageCase) int {
	tr, x := trapSquares[hc.ti], hc.sq
	tm := distance(x, tr)
	d := 2*tm + h.pathCost(tr, x)
	if h.own.Has(tr) && h.p.At(tr).Type() <= h.p.At(x).Type() {
		d++
	}
	uf := h.unfreezeDist(hc.holder)
	if hc.holder2 != rules.NoSquare && uf > 0 {
		uf = min(uf, h.unfreezeDist(hc.holder2))
	}
	d += uf
	if distance(x, hc.holder) >= 2 {
		extra := 6
		for b := x.Neighbors() & hc.holder.Neighbors(); b != 0; {
			m := b.Pop()
			e := 0
			if h.p.At(m) != rules.Empty {
				e++
				if !h.open(m) {
					e++
				}
				if h.enemy.Has(m) {
					e += 2
				}
			}
			if h.thawedAt(x, m, x) {
				e += 3
			}
			extra = min(extra, e)
		}
		d += 1 + extra
	} else if tm >= 3 && hc.holder.Neighbors()&h.enemy&^x.Bit() != 0 {
		d += 3 // pulled nearer the trap it would stand beside a friend
	}
	if h.unfreezeDist(x) <= 1 {
		run := 0
		for n := x.Neighbors(); n != 0; {
			adj := n.Pop()
			if !h.rabbitMay(x, adj) || distance(adj, hc.holder) < distance(x, hc.holder) || !h.canStep(x, adj) {
				continue
			}
			e := 2
			if x.Neighbors()&h.enemy != 0 && distance(adj, tr) != 1 {
				e += 2
			}
			run = max(run, e)
		}
		d += run
	}
	if h.p.At(hc.holder).Type() == rules.Elephant {
		if oe := h.p.Pieces(h.c.Other(), rules.Elephant); oe != 0 && distance(oe.First(), x) <= 3 {
			if od := distance(oe.First(), oppositeTrap(hc.ti)); od > 5 {
				d = max(d-(od-5), 0)
			}
		}
	}
	return d
}

// breakShare is the part of the value left by the steps the hostage
// needs to run and the enemy needs to drive its holder off.
func (h *hostageBoard) breakShare(hc hostageCase) float64 {
	x := hc.sq
	run := min(h.runawaySteps(hc), len(hostageRunaway)-1)
	hold := min(h.holderSteps(hc.holder), len(hostageHolderBreak)-1)
	high := homeRank(h.c, x) >= 3
	runF := hostageRunaway[run]
	if high {
		runF = hostageRunawayHigh[run]
		if h.p.At(x).Type() != rules.Rabbit {
			runF = runF * hostageBlock[min(h.blockCount(x), len(hostageBlock)-1)] >> 6
		}
	}
	holdF := hostageHolderBreak[hold]
	f := holdF * (runF + 100) / 2
	if runF < holdF {
		f = runF * (holdF + 100) / 2
	}
	return float64(f) / 10000
}

// runawaySteps estimates the steps the hostage needs to get away.
func (h *hostageBoard) runawaySteps(hc hostageCase) int {
	x := hc.sq
	d := h.unfreezeDist(x) + 1
	if h.p.At(x).Type() == rules.Rabbit {
		d++ // a rabbit has few safe squares to run to
	} else if !h.frozen[h.c.Other()].Has(x) {
		d--
	}
	blocked := 6
	for n := x.Neighbors(); n != 0; {
		adj := n.Pop()
		if !h.rabbitMay(x, adj) {
			continue
		}
		b := 0
		if distance(adj, hc.holder) < distance(x, hc.holder) {
			b = 4
		} else if besideTraps.Has(adj) {
			b++
		}
		if h.p.At(adj) != rules.Empty {
			b++
		}
		if h.enemy.Has(adj) && !h.thawedAt(x, x, adj) {
			b += 2
		}
		if h.own.Has(adj) && h.p.At(adj).Type() >= h.p.At(x).Type() {
			b += 2
		}
		if !h.open(adj) {
			b += 3
		}
		blocked = min(blocked, b)
	}
	return max(d+min(blocked, 2), blocked)
}

// holderSteps estimates the steps the enemy needs to drive the holder on
// hs off: its stronger pieces coming beside it and two more, more where
// the square it would be pulled from is covered; an elephant is never
// driven off.
func (h *hostageBoard) holderSteps(hs rules.Square) int {
	if h.p.At(hs).Type() == rules.Elephant {
		return 16
	}
	// The enemy's nearest piece stronger than the holder beside it.
	o := h.c.Other()
	d := attackSteps(hs, h.strong[o][h.p.At(hs).Type()], h.frozen[o], hostageMaxAttack) + 2
	r, f := min(hs.Rank(), 7-hs.Rank()), edgeFile(hs)
	covered := true
	if dir := pullGuardDir[r][f]; dir != 0 {
		m := rules.NewSquare(hs.File(), hs.Rank()+inward(hs.Rank()))
		if dir == 2 {
			m = rules.NewSquare(hs.File()+inward(hs.File()), hs.Rank())
		}
		covered = h.own.Has(m) || m.Neighbors()&h.own&^hs.Bit() != 0
	}
	if covered {
		d += hostagePullGuard[r][f]
	}
	if hs.Neighbors()&h.own != 0 {
		d++
	}
	return max(d, 0)
}

// inward is the step from file or rank x towards the centre.
func inward(x int) int {
	if x < 4 {
		return 1
	}
	return -1
}

// blockCount weighs the holder's pieces weaker than a hostage forward on
// x that stand in its way home: each counts two, one more on its rank,
// more for each distance within which no enemy piece can dislodge it.
func (h *hostageBoard) blockCount(x rules.Square) int {
	o := h.c.Other()
	xt := h.p.At(x).Type()
	fwd := 1
	if h.c == rules.Silver {
		fwd = -1
	}
	n := 0
	for b := h.own &^ h.strong[h.c][xt-1]; b != 0; {
		sq := b.Pop()
		dr := (sq.Rank() - x.Rank()) * fwd
		if dr < 0 || dr > 3 || sq.File() < x.File()-1 || sq.File() > x.File()+1 {
			continue
		}
		n += 2
		if dr == 0 {
			n++
		}
		th := h.strong[o][h.p.At(sq).Type()] &^ h.p.Pieces(o, rules.Elephant) &^ x.Bit()
		if balls[3][sq]&th == 0 {
			n++
		}
		if balls[4][sq]&th == 0 {
			n++
		}
		if th == 0 {
			n += 5
		}
	}
	return n
}

// tiedLoss is the part of side's piece on sq that a tie takes from the
// free army.
func tiedLoss(side rules.Color, sq rules.Square) float64 {
	return float64(hostageTied[homeRank(side, sq)][edgeFile(sq)]) / 100
}

// freeArmy is freeArmies' reckoning at one trap.
type freeArmy struct {
	// base and defended are the holder's side's free-army scores as
	// shares of 1, with the enemy's strongest piece tied to the trap and
	// with two more defenders tied besides.
	base, defended float64
	// advance scales the value by where the holder's side's pieces that
	// gain from advancing stand (sfpAdvance).
	advance float64
	// own and foe are the counts of the second reckoning.
	own, foe [7]float64
}

// freeArmies counts both armies with the hostages at trap ti and their
// holders tied, and the holder's side's pieces buried in the corner
// behind them, then scores its free army (sfpScore).
func (h *hostageBoard) freeArmies(ti int, cases []hostageCase) (f freeArmy) {
	o := h.c.Other()
	own, foe := &f.own, &f.foe
	for ty := rules.Rabbit; ty <= rules.Elephant; ty++ {
		own[ty] = float64(h.p.Pieces(h.c, ty).Count())
		foe[ty] = float64(h.p.Pieces(o, ty).Count())
	}
	var counted rules.Bitboard
	biggest := rules.Rabbit
	for _, hc := range cases {
		biggest = max(biggest, h.p.At(hc.sq).Type())
		foe[h.p.At(hc.sq).Type()] -= hostageHeldLoss
		if counted.Has(hc.holder) || hc.holder2 != rules.NoSquare && counted.Has(hc.holder2) {
			continue
		}
		own[h.p.At(hc.holder).Type()] -= tiedLoss(h.c, hc.holder)
		counted |= hc.holder.Bit()
	}
	h.buried(ti, counted, biggest, own)
	tr := trapSquares[ti]
	tie := tiedLoss(o, tr)
	strongest, baseScore := rules.Elephant, 0
	f.advance = 1
	for ty := rules.Elephant; ty >= rules.Rabbit; ty-- {
		if h.p.Pieces(o, ty) != 0 && foe[ty] >= tie {
			foe[ty] -= tie
			baseScore = sfpScore(own, foe)
			f.advance = h.sfpAdvance(tr, sfpAdvanceGood(own, biggest))
			foe[ty] += tie
			strongest = ty
			break
		}
	}
	tied := 0
	for b := tr.Neighbors() & h.enemy; b != 0; {
		if ty := h.p.At(b.Pop()).Type(); ty < strongest {
			foe[ty] -= tie
			tied++
		}
	}
	for ty := strongest - 1; ty >= rules.Rabbit && tied < 2; ty-- {
		for foe[ty] >= tie && tied < 2 {
			foe[ty] -= tie
			tied++
		}
	}
	f.base = max(logisticShare(float64(baseScore), hostageLogistic, 1), 0)
	if f.base > 0 {
		f.defended = min(max(logisticShare(float64(sfpScore(own, foe)), hostageLogistic, 1), 0), f.base)
	}
	return f
}

// buriedFiles marks the corner squares behind a trap where the holder's
// own pieces can be buried: by rank from home, the files from the edge
// (for c3, a1-d1, a2-d2, a3-c3, a4-b4 and a5-b5).
var buriedFiles = [5]int{4, 4, 3, 2, 2}

// buriedLoss is the share (of 64) of a buried piece's tie that counts,
// by its rank from home and file from the edge.
var buriedLoss = [5][4]float64{
	{64, 64, 56, 20},
	{64, 58, 24, 10},
	{50, 26, 16, 0},
	{24, 16, 0, 0},
	{8, 8, 0, 0},
}

// buriedByStronger is the share (of 64) by the enemy pieces stronger
// than the buried piece.
var buriedByStronger = [7]float64{56, 54, 48, 36, 24, 16, 8}

// inCorner says whether sq is one of side c's corner squares (on either
// wing) where buriedFiles looks.
func inCorner(c rules.Color, sq rules.Square) bool {
	r := homeRank(c, sq)
	return r < len(buriedFiles) && edgeFile(sq) < buriedFiles[r]
}

// buriedAt is buriedLoss at sq for side c (0 off the corner).
func buriedAt(c rules.Color, sq rules.Square) float64 {
	if !inCorner(c, sq) {
		return 0
	}
	return buriedLoss[homeRank(c, sq)][edgeFile(sq)]
}

// buried ties the holder's pieces other than rabbits, holders and pieces
// stronger than the biggest hostage that stand in the corner behind trap
// ti, the more the deeper and the less freely they move.
func (h *hostageBoard) buried(ti int, holders rules.Bitboard, biggest rules.PieceType, own *[7]float64) {
	tr := trapSquares[ti]
	o := h.c.Other()
	fwd := 1
	if h.c == rules.Silver {
		fwd = -1
	}
	cand := h.own &^ h.p.Pieces(h.c, rules.Rabbit) &^ holders &^ h.strong[h.c][biggest]
	for b := cand; b != 0; {
		sq := b.Pop()
		if (sq.File() < 4) != (tr.File() < 4) || !inCorner(h.c, sq) {
			continue
		}
		loc := buriedAt(h.c, sq)
		switch uf := h.unfreezeDist(sq); {
		case uf >= 2:
			loc = min(64, loc*1.5+8)
		case uf == 0:
			if ahead := rules.NewSquare(sq.File(), sq.Rank()+fwd); ahead.Valid() {
				switch {
				case h.p.At(ahead) == rules.Empty:
					loc = buriedAt(h.c, ahead)
				case h.own.Has(ahead) && !h.frozen[h.c].Has(ahead) && h.open(ahead),
					h.enemy.Has(ahead) && h.p.At(ahead).Type() < h.p.At(sq).Type() && h.open(ahead):
					loc = (loc + buriedAt(h.c, ahead)) / 2
				}
			}
		}
		ty := h.p.At(sq).Type()
		n := min(h.strong[o][ty].Count(), len(buriedByStronger)-1)
		own[ty] -= buriedByStronger[n] * loc * tiedLoss(h.c, sq) / 4096
	}
}

// freeNearShare is the part of the value left by the nearness of the
// holder's side's strongest free pieces (the types it has more of than
// the enemy in the counts own and foe) to the holder: there they do no
// work elsewhere.
func (h *hostageBoard) freeNearShare(hc hostageCase, own, foe *[7]float64) float64 {
	share := 1.0
	tables := [2]*[6]int{&hostageFreeNear, &hostageFreeNear2}
	n := 0
	for ty := rules.Elephant; ty >= rules.Dog && n < len(tables); ty-- {
		if own[ty] <= foe[ty] {
			continue
		}
		sum, k := 0, 0
		for b := h.p.Pieces(h.c, ty); b != 0; k++ {
			sum += min(distance(b.Pop(), hc.holder), 6)
		}
		if k > 0 {
			share *= float64(tables[n][min(sum/k, len(hostageFreeNear)-1)]) / 100
		}
		n++
	}
	return share
}

// sfpAdvanceGood is, by type, how much a piece of the holder's side
// gains from advancing: more with fewer of its own pieces stronger (own
// counts), and scaled by its strength against the biggest piece held
// (brk): weaker pieces gain more.
func sfpAdvanceGood(own *[7]float64, brk rules.PieceType) (adv [7]float64) {
	stronger := 0.0
	for ty := rules.Camel; ty >= rules.Rabbit; ty-- {
		stronger += own[ty+1]
		a := 3/(stronger+1.5)/(stronger+1.2)*sfpAdvanceByType[int(ty)-int(brk)+6] - 0.1
		adv[ty] = max(a, 0)
	}
	return adv
}

var (
	// sfpAdvanceByType scales sfpAdvanceGood by the piece's type less the
	// held piece's, plus 6.
	sfpAdvanceByType = [13]float64{3.0, 3.0, 3.0, 2.9, 2.8, 2.5, 1.0, 0.5, 0.35, 0.18, 0.10, 0.10, 0.10}
	// sfpAdvanceNear, sfpAdvanceGoal and sfpAdvanceCentre are the
	// percentages by a piece's distance from the trap, its ranks to its
	// goal and its distance from the centre.
	sfpAdvanceNear   = [16]float64{30, 40, 58, 76, 84, 91, 96, 100, 100, 100, 100, 100, 100, 100, 100, 100}
	sfpAdvanceGoal   = [8]float64{80, 100, 100, 95, 90, 85, 70, 50}
	sfpAdvanceCentre = [7]float64{100, 100, 100, 86, 70, 50, 30}
)

// sfpAdvance is the factor, 0.7 to 1.2, by which the holder's side's
// pieces that gain from advancing (adv by type) stand away from the trap
// tr, forward and central, rather than tied to the corner.
func (h *hostageBoard) sfpAdvance(tr rules.Square, adv [7]float64) float64 {
	total, pct := 0.0, 0.0
	for ty := rules.Cat; ty <= rules.Elephant; ty++ {
		b := h.p.Pieces(h.c, ty)
		if adv[ty] < 0.001 || b == 0 {
			continue
		}
		total += float64(b.Count()) * adv[ty]
		for b != 0 {
			sq := b.Pop()
			pct += sfpAdvanceNear[distance(tr, sq)] * sfpAdvanceGoal[7-homeRank(h.c, sq)] * sfpAdvanceCentre[centreDistance[sq]] / 1e6 * adv[ty]
		}
	}
	if total < 0.001 {
		return 1
	}
	f := (pct/total-0.5)*min(total, 3)/2.7 + 1
	return min(max(f, 0.7), 1.2)
}
