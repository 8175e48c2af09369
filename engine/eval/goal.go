package eval

import "arimaa-workbench/engine/rules"

// GoalCheck reports whether the side to move can end its turn with one of
// its rabbits on its goal rank within the steps left this turn, and returns
// one shortest such move (the remaining steps only, when p is in the middle
// of a turn). It is exact: every legal step sequence is covered, pruned only
// by admissible bounds. Enemy rabbits are ignored because the rules check
// the mover's goal first (package rules, end of game, check 1): a move
// that also puts an enemy rabbit on its goal rank still wins. When a
// friendly rabbit already stands on the goal rank (a game already over, or
// a goal reached earlier in this turn), the answer is a move that ends the
// turn legally, the empty move if the turn may end at once.
//
// Typical cost is well under a microsecond when no rabbit is within reach
// of the goal, and grows with the spare steps a near rabbit leaves; it
// allocates nothing.
func GoalCheck(p *rules.Position) (rules.Move, bool) {
	var g goalSearch
	g.side = p.Side()
	g.pos[0] = *p
	g.pull[0] = pullableAtRoot(p, g.bufs[0][:0])
	// No goal is shorter than the root's bound; most positions end here.
	first := 0
	if rabbits := p.Pieces(g.side, rules.Rabbit); rabbits != 0 {
		goal, _ := goalRank(g.side)
		first = lowerBound(p, g.side, rabbits, goal, g.pull[0], p.StepsLeft())
	}
	for n := first; n <= p.StepsLeft(); n++ {
		if g.search(n, 0) {
			return rules.MoveOf(g.path[:n]...), true
		}
	}
	return rules.Move{}, false
}

type goalSearch struct {
	side rules.Color
	path [4]rules.Step
	pos  [5]rules.Position // by depth, so that nothing escapes to the heap
	pull [5]rules.Bitboard // enemy pieces a half-done pull may move, by depth
	bufs [4][128]rules.Step
}

// goalRank and the forward direction of a side's rabbits.
func goalRank(c rules.Color) (rules.Bitboard, rules.Dir) {
	if c == rules.Gold {
		return rules.Rank8, rules.North
	}
	return rules.Rank1, rules.South
}

// search looks for a goal in exactly n more steps (shorter ones were tried
// by the caller's iterative deepening).
func (g *goalSearch) search(n, depth int) bool {
	p := &g.pos[depth]
	goal, fwd := goalRank(g.side)
	rabbits := p.Pieces(g.side, rules.Rabbit)
	if n == 0 {
		return rabbits&goal != 0 && p.CanEndTurn()
	}
	if rabbits == 0 {
		return false
	}
	if lowerBound(p, g.side, rabbits, goal, g.pull[depth], n) > n {
		return false
	}
	if n == 1 && rabbits&goal == 0 {
		// The last step must be a rabbit stepping onto the goal rank.
		for b := rabbits & goal.Shift(fwd.Opposite()); b != 0; {
			sq := b.Pop()
			s := rules.MakeStep(rules.MakePiece(g.side, rules.Rabbit), sq, fwd)
			if p.Legal(s) {
				if next := p.Play(s); next.CanEndTurn() {
					g.path[depth] = s
					return true
				}
			}
		}
		return false
	}
	zone := rules.AllSquare
	if rabbits&goal == 0 {
		switch spare := n - nearest(rabbits, g.side, n); {
		case spare == 0:
			return g.forwardOnly(n, depth, rabbits, fwd)
		case spare == 1 && !p.PushPending():
			zone = oneSpareZone(rabbits, g.side, n, fwd)
		}
	}
	steps := p.Steps(g.bufs[depth][:0])
	if zone == rules.AllSquare && n <= 3 && rabbits&goal == 0 && !p.PushPending() {
		zone = lastStepZone(p, g.side, rabbits, goal, fwd)
		if n == 3 {
			// The first of three steps enables the second (it changes the
			// squares next to its mover or its target, or captures on a
			// trap next to them) or the last directly; the second lies in
			// the two-step zone. Three rings around it hold every such
			// step, and rabbit steps are always kept.
			zone |= zone.Adjacent()
			zone |= zone.Adjacent()
			zone |= zone.Adjacent()
			zone |= rabbits
		}
	}
	// Of two steps that commute (rules.Position.Commutes), one order
	// reaches every state the other does: only the ascending one is
	// searched. A goal sequence sorted so stays a goal of the same length
	// whose steps the zones above keep, since they hold for every shortest
	// goal from their node.
	prev := rules.NoStep
	if depth > 0 {
		prev = g.path[depth-1]
	}
	for _, s := range steps {
		if !zone.Has(s.From()) && !zone.Has(s.To()) {
			continue
		}
		if s < prev && p.Commutes(prev, s) {
			continue
		}
		q := &g.pos[depth+1]
		*q = *p
		q.Apply(s)
		g.pull[depth+1] = pullableAfter(p, s)
		g.path[depth] = s
		if g.search(n-1, depth+1) {
			return true
		}
	}
	return false
}

// nearest is the fewest forward steps any of side c's rabbits needs to
// reach its goal rank, looked for up to n (more than n: n+1).
func nearest(rabbits rules.Bitboard, c rules.Color, n int) int {
	for d := 1; d <= n; d++ {
		if rabbits&rules.GoalRanks(c, d) != 0 {
			return d
		}
	}
	return n + 1
}

// forwardOnly looks for a goal in exactly n more steps where no rabbit is
// nearer its goal than n ranks: every step must then be a forward step of
// a rabbit n ranks away (one step anywhere else leaves too few for the
// rabbit's ranks), so only those are tried. A pending push rules it out:
// completing it is not a rabbit's step. Search answers n = 1 itself, so n
// is at least 2 here.
func (g *goalSearch) forwardOnly(n, depth int, rabbits rules.Bitboard, fwd rules.Dir) bool {
	p := &g.pos[depth]
	if p.PushPending() {
		return false
	}
	// No rabbit stands nearer than n ranks: those within n are n away.
	for b := rabbits & rules.GoalRanks(g.side, n); b != 0; {
		sq := b.Pop()
		s := rules.MakeStep(rules.MakePiece(g.side, rules.Rabbit), sq, fwd)
		if !p.Legal(s) {
			continue
		}
		q := &g.pos[depth+1]
		*q = *p
		q.Apply(s)
		g.pull[depth+1] = 0 // a rabbit pulls nothing: no piece is weaker
		g.path[depth] = s
		if g.search(n-1, depth+1) {
			return true
		}
	}
	return false
}

// oneSpareZone returns the squares one of which a step must leave or enter
// to belong to a goal in exactly n steps when the nearest rabbit is n-1
// ranks away and no goal in fewer steps exists (the iterative deepening
// makes sure of it). Such a goal is n-1 forward steps of one rabbit and one
// other step; were that step idle, the forward steps alone would score
// sooner. So it is the rabbit's own (sideways), or it changes whether a
// forward step is legal: it empties or fills a square of the rabbit's
// file between it and the goal, comes or goes beside one (a friend that
// unfreezes, a freezer that leaves), or leaves the side of a trap there or
// beside it, whose piece is then captured. A rabbit n ranks away may score
// by forward steps alone; every rabbit's square is kept for it.
func oneSpareZone(rabbits rules.Bitboard, c rules.Color, n int, fwd rules.Dir) rules.Bitboard {
	near := rabbits & rules.GoalRanks(c, n-1)
	path := near
	for range n - 1 {
		path |= path.Shift(fwd)
	}
	zone := path | path.Adjacent()
	zone |= (zone & rules.Traps).Adjacent()
	return zone | rabbits
}

// lastStepZone returns the squares one of which the first of two steps
// must leave or enter for the second to score, when no goal in one step
// exists: the iterative deepening makes sure of it on the way to a
// shortest goal, since a shorter goal from an inner node would be a shorter
// goal from the root. The second step is a
// rabbit one rank from its goal stepping forward; if the first step does
// not move that rabbit (a rabbit two ranks away moving twice, or one rank
// away moving sideways, enters the zone by its own squares), it must have
// made the forward step legal: emptied the goal square, or unfrozen the
// rabbit by arriving next to it, by taking a freezer away, or by a capture
// on a trap next to it, which a step from a square next to that trap
// causes. A pending push is excluded by the caller: completing it could be
// the first step anywhere on the board.
func lastStepZone(p *rules.Position, c rules.Color, rabbits, goal rules.Bitboard, fwd rules.Dir) rules.Bitboard {
	near := rabbits & goal.Shift(fwd.Opposite())
	zone := rabbits & goal.Shift(fwd.Opposite()).Shift(fwd.Opposite())
	zone |= near | near.Shift(fwd) | near.Adjacent()
	if tr := near.Adjacent() & rules.Traps; tr != 0 {
		zone |= tr.Adjacent()
	}
	return zone
}

// lowerBound is the fewest steps any friendly rabbit needs to stand on the
// goal rank at the end of the turn: its distance to the goal rank (rabbits
// are moved only by their own forward steps during their side's turn), plus
// the larger of: the steps its path needs cleared (pathCost), and the cost
// of unfreezing it when it is frozen; and at least one step when a rabbit
// is there but the turn cannot end yet. Only
// the rabbits within limit ranks of the goal are weighed: any other needs
// more than limit steps, and 100 says none is that near.
func lowerBound(p *rules.Position, c rules.Color, rabbits, goal, pullable rules.Bitboard, limit int) int {
	if rabbits&goal != 0 {
		if p.CanEndTurn() {
			return 0
		}
		return 1
	}
	rabbits &= rules.GoalRanks(c, limit)
	if rabbits == 0 {
		return 100
	}
	best := 100
	for b := rabbits; b != 0; {
		sq := b.Pop()
		d := 7 - sq.Rank()
		if c == rules.Silver {
			d = sq.Rank()
		}
		extra := pathCost(p, c, sq, d, min(limit, best-1), pullable)
		if extra < best-d && p.IsFrozen(sq) {
			extra = max(extra, unfreezeCost(p, c, sq, pullable))
		}
		if d+extra < best {
			best = d + extra
		}
	}
	return best
}

// pathCost is the fewest steps beyond its d forward steps that side c's
// rabbit on sq, d ≥ 1 ranks from its goal, needs to reach the goal in at
// most limit steps in all: the rabbit's last step enters its goal rank
// from the rank before, so on its own file every square ahead of it must
// be emptied, and on another file, that file's two squares nearest the
// goal, besides the sideways steps to get there. Emptying a square takes
// a step of the friendly piece on it, or a push or pull of the enemy piece
// (two steps, and a walk to it first: displaceCost). No step empties two
// squares but through a capture on a trap, so among several squares a
// piece on a trap counts for nothing. A cost above limit - d is answered
// as limit - d + 1.
func pathCost(p *rules.Position, c rules.Color, sq rules.Square, d, limit int, pullable rules.Bitboard) int {
	ahead := rules.FileA << sq.File() & rules.GoalRanks(c, d-1)
	spare := limit - d
	best := min(spare+1, vacateCost(p, c, ahead, pullable))
	f := sq.File()
	lastTwo := rules.GoalRanks(c, 1)
	for off := 1; off < best; off++ {
		for _, f2 := range [2]int{f - off, f + off} {
			if f2 < 0 || f2 > 7 {
				continue
			}
			best = min(best, off+vacateCost(p, c, lastTwo&(rules.FileA<<f2), pullable))
		}
	}
	return best
}

// vacateCost is the fewest steps in which side c can empty every square
// of set (see pathCost): the cost of the one piece there, or with several,
// one step for each of its own and two for each of the enemy's (one for a
// piece a half-done pull may move), nothing for those on traps.
func vacateCost(p *rules.Position, c rules.Color, set, pullable rules.Bitboard) int {
	occ := set & p.Occupied()
	if occ == 0 {
		return 0
	}
	own := p.Pieces(c, rules.NoType)
	if occ&(occ-1) == 0 {
		x := occ.First()
		if own.Has(x) || x.IsTrap() {
			return 1
		}
		return displaceCost(p, c, x, pullable)
	}
	cost := 0
	for b := occ &^ rules.Traps; b != 0; {
		x := b.Pop()
		switch {
		case own.Has(x):
			cost++
		default:
			cost += min(2, displaceCost(p, c, x, pullable))
		}
	}
	return cost
}

// displaceCost is the fewest steps in which side c can push or pull away
// the enemy piece on x: one when a half-done pull may move it (x is in
// pullable); otherwise a stronger friendly piece must first walk next to
// it, then the push or pull takes two steps. It is 100 when no friendly
// piece is stronger.
func displaceCost(p *rules.Position, c rules.Color, x rules.Square, pullable rules.Bitboard) int {
	return displaceWithin(x, pullable, strongerThan(p, c, p.At(x).Type()), 6)
}

// displaceWithin is displaceCost with the friendly pieces stronger than
// the one on x given as movers (a caller costing many pieces works them
// out once), where only costs up to most matter: more than most answers
// most+1 (100 when most is 6 or more).
func displaceWithin(x rules.Square, pullable, movers rules.Bitboard, most int) int {
	if pullable.Has(x) {
		return 1
	}
	if movers == 0 {
		return 100
	}
	for d := 1; d <= min(most-1, 5); d++ {
		if balls[d][x]&movers != 0 {
			return d + 1 // walk to distance 1, then the push or pull
		}
	}
	if most >= 6 {
		return 100
	}
	return most + 1
}

// balls[d][x] is the squares within d steps of x, but x (d up to 5).
var balls = func() (b [6][64]rules.Bitboard) {
	for x := rules.Square(0); x < 64; x++ {
		for y := rules.Square(0); y < 64; y++ {
			if d := abs(x.File()-y.File()) + abs(x.Rank()-y.Rank()); d > 0 {
				for r := d; r <= 5; r++ {
					b[r][x] |= y.Bit()
				}
			}
		}
	}
	return b
}()

// pullableAfter returns the enemy pieces that the second half of a pull
// may move after step s is played from p: those next to the square s left
// and weaker than its piece, when s is a friendly step that does not
// complete a push. Enemy steps (a push begun, a pull completed) start no
// pull.
func pullableAfter(p *rules.Position, s rules.Step) rules.Bitboard {
	pc := s.Piece()
	if pc.Color() != p.Side() || p.PushPending() || p.StepsLeft() < 2 {
		return 0
	}
	var weaker rules.Bitboard
	for t := rules.Rabbit; t < pc.Type(); t++ {
		weaker |= p.Pieces(pc.Color().Other(), t)
	}
	return weaker & s.From().Neighbors()
}

// pullableAtRoot is pullableAfter for a position given in the middle of a
// turn, whose previous step is unknown: every enemy piece that has a legal
// step (the second half of a pull, or the first half of a push, which
// only makes the set larger and the bounds weaker).
func pullableAtRoot(p *rules.Position, buf []rules.Step) rules.Bitboard {
	if p.StepsTaken() == 0 || p.PushPending() {
		return 0
	}
	var b rules.Bitboard
	for _, s := range p.Steps(buf) {
		if s.Piece().Color() != p.Side() {
			b |= s.From().Bit()
		}
	}
	return b
}

// unfreezeCost is the fewest steps that can unfreeze side c's frozen piece
// on sq before it moves: another friendly piece must step next to it, which
// takes at least its distance minus one, or every stronger enemy next to it
// must be displaced or captured, two steps each (one for the piece a
// half-done pull may move, or for one on a trap whose only guard that pull
// may move).
func unfreezeCost(p *rules.Position, c rules.Color, sq rules.Square, pullable rules.Bitboard) int {
	freezers := strongerThan(p, c.Other(), p.At(sq).Type()) & sq.Neighbors()
	cost := 2 * freezers.Count()
	if pullable != 0 {
		enemies := p.Pieces(c.Other(), rules.NoType)
		for b := freezers; b != 0; {
			f := b.Pop()
			guards := f.Neighbors() & enemies
			if pullable.Has(f) || f.IsTrap() && guards.Count() == 1 && pullable&guards != 0 {
				cost-- // one pull, completed in one step, can do for one of them
				break
			}
		}
	}
	friends := p.Pieces(c, rules.NoType) &^ sq.Bit()
	// Grow rings around sq until a friend is met or the cost is beaten.
	ring := sq.Neighbors()
	for k := 1; k < cost; k++ {
		ring |= ring.Adjacent()
		if ring&friends != 0 {
			return max(k, 1)
		}
	}
	return max(cost, 1)
}
