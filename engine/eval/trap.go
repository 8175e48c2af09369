package eval

import (
	"math/bits"
	"slices"

	"arimaa-workbench/engine/rules"
)

// Threat is an enemy piece the side to move can capture this turn.
type Threat struct {
	Square rules.Square // where the piece stands now
	Piece  rules.Piece
	Trap   rules.Square // the trap it dies on
	Move   rules.Move   // one shortest move capturing it
}

// TrapCheck returns every enemy piece the side to move can capture within
// the steps left this turn, each with one shortest move that captures it
// and ends the turn legally (a push is completed), ordered by square. The
// search is exact, pruned only by an admissible bound: a piece must be
// moved to a trap and its guards moved away, and each enemy displacement
// costs two steps (one when a pull is already half done); with one or two
// steps left only steps that can still capture are tried; the orders of
// the same steps are searched once. It allocates the result and, for
// searches that go deep, a 64 KiB table of searched states.
func TrapCheck(p *rules.Position) []Threat {
	t := trapSearch{limit: 4}
	return t.run(p)
}

// TrapChecker is TrapCheck for a caller that checks many positions (a
// search at its horizon): it keeps its buffers from one check to the
// next, so that a check allocates nothing once they have grown. One
// TrapChecker serves one goroutine; the zero value is ready to use.
type TrapChecker struct {
	t trapSearch
}

// Check is TrapCheck(p) limited to captures within maxSteps steps (and
// the steps left): a search at its horizon may afford only the short
// ones, which the check finds fastest. The slice it returns is
// overwritten by the next check.
func (c *TrapChecker) Check(p *rules.Position, maxSteps int) []Threat {
	th, _ := c.CheckWithin(p, maxSteps, 0)
	return th
}

// CheckWithin is Check that gives up after visiting budget states of its
// search (0: no limit): complete says whether it finished. Where many
// pieces crowd the traps a four-step check visits tens of thousands of
// states and finds nothing; a caller that only needs to know that no
// capture is possible (a pruning decision) can treat an unfinished check
// as "a capture may exist" at a bounded cost.
func (c *TrapChecker) CheckWithin(p *rules.Position, maxSteps, budget int) (threats []Threat, complete bool) {
	seen, out, call := c.t.seen, c.t.out[:0], c.t.call+1
	c.t = trapSearch{seen: seen, out: out, call: call, limit: maxSteps, budget: budget}
	th := c.t.run(p)
	return th, !c.t.aborted
}

// run is the trap check of p on a fresh t (its seen table and output
// buffer may be kept from an earlier check).
func (t *trapSearch) run(p *rules.Position) []Threat {
	t.side = p.Side()
	t.pos[0] = *p
	t.pull[0] = pullableAtRoot(p, t.bufs[0][:0])
	var cur [64]rules.Square
	n := 0
	for b := p.Pieces(p.Side().Other(), rules.NoType); b != 0; n++ {
		sq := b.Pop()
		cur[n] = sq
		t.orig[n] = sq
		t.piece[n] = p.At(sq)
	}
	t.n = n
	for steps := 1; steps <= min(p.StepsLeft(), t.limit); steps++ {
		t.iter = uint64(steps)
		t.search(steps, 0, cur, 0)
	}
	slices.SortFunc(t.out, func(a, b Threat) int { return int(a.Square) - int(b.Square) })
	return t.out
}

// trapBall[n][i] is the squares from which a piece can be displaced onto
// trap i in n steps at the very least (2d-1 for d squares away).
var trapBall = func() (r [5][4]rules.Bitboard) {
	for n := range r {
		for i, tr := range trapSquares {
			for sq := range 64 {
				if 2*distance(rules.Square(sq), tr)-1 <= n {
					r[n][i] |= rules.Square(sq).Bit()
				}
			}
		}
	}
	return r
}()

// trapGuards are the squares next to a trap; pullZone the squares from
// which a puller's step can draw an enemy onto a trap or off a trap's
// neighbour.
var (
	trapGuards = rules.Traps.Adjacent()
	pullZone   = rules.Traps | trapGuards.Adjacent()
)

type trapSearch struct {
	side  rules.Color
	n     int // enemy pieces at the root
	orig  [64]rules.Square
	piece [64]rules.Piece
	trap  [64]rules.Square
	found uint64 // pieces with a recorded threat
	out   []Threat
	path  [4]rules.Step
	pos   [5]rules.Position // by depth, so that nothing escapes to the heap
	pull  [5]rules.Bitboard // enemy pieces a half-done pull may move, by depth

	// seen holds the states already searched in this iteration with two
	// or more steps left, so that the orders of the same steps are searched
	// once. A state is the position (its hash covers the steps taken and
	// the push or pull under way), where each enemy piece of the root
	// stands and which are captured, and the iteration, hashed to 64 bits
	// (a collision could hide a capture; at 2^-64 per probe we accept it).
	seen  []uint64
	iter  uint64
	call  uint64 // which check of a TrapChecker: its table's older entries never match
	limit int    // the longest capture looked for, in steps
	// budget is how many states the check may visit (0: no limit);
	// visited counts them and aborted says the budget ran out.
	budget, visited int
	aborted         bool
	bufs            [4][128]rules.Step
}

// search tries every sequence of exactly n more steps; cur holds where each
// root enemy piece stands (NoSquare once captured) and captured the pieces
// captured along this line.
func (t *trapSearch) search(n, depth int, cur [64]rules.Square, captured uint64) {
	if t.budget > 0 {
		if t.visited++; t.visited > t.budget {
			t.aborted = true
		}
		if t.aborted {
			return
		}
	}
	p := &t.pos[depth]
	if n == 0 {
		if pend := captured &^ t.found; pend != 0 && p.CanEndTurn() {
			for b := rules.Bitboard(pend); b != 0; {
				i := b.Pop()
				t.found |= 1 << i
				t.out = append(t.out, Threat{Square: t.orig[i], Piece: t.piece[i], Trap: t.trap[i], Move: rules.MoveOf(t.path[:depth]...)})
			}
		}
		return
	}
	if captured&^t.found == 0 && !t.reachable(p, n, &cur, t.pull[depth]) {
		return
	}
	if n >= 2 && depth > 0 {
		if t.seen == nil {
			t.seen = make([]uint64, 1<<13) // only for searches that go deep
		}
		k := p.Hash() ^ captured*0x9e3779b97f4a7c15 ^ t.iter<<58 ^ t.call*0xd6e8feb86659fd93
		for i := 0; i < t.n; i++ {
			k = (k ^ uint64(cur[i]+2)) * 0x100000001b3
		}
		k |= 1 // zero marks an empty slot
		slot := &t.seen[k>>51]
		if *slot == k {
			return
		}
		*slot = k
	}
	// With one or two steps left and no capture under way, only steps that
	// can lead to a capture this late are tried. Only a step of an enemy
	// piece captures one: onto a trap, or away from a trap it guards. With
	// two steps left, the first is that step (a push completed after it),
	// or the puller's step that the enemy then follows: from a trap, or
	// from a square next to a trap's neighbour. The iterative deepening
	// makes this exact: on the way to a shortest capture of a piece, an
	// inner node has no shorter capture of it.
	filter := n <= 2 && captured&^t.found == 0 && !p.PushPending()
	var steps []rules.Step
	if filter && n == 1 && depth > 0 {
		// The last step can only be an enemy pulled into the square the
		// previous (friendly) step left.
		prev := t.path[depth-1]
		if prev.Piece().Color() != t.side {
			return
		}
		to := prev.From()
		steps = t.bufs[depth][:0]
		for b := to.Neighbors() & p.Pieces(t.side.Other(), rules.NoType); b != 0; {
			from := b.Pop()
			d, _ := rules.DirTo(from, to)
			if s := rules.MakeStep(p.At(from), from, d); p.Legal(s) {
				steps = append(steps, s)
			}
		}
	} else {
		steps = p.Steps(t.bufs[depth][:0])
	}
	for _, s := range steps {
		if filter {
			if s.Piece().Color() == t.side {
				if n == 1 || !pullZone.Has(s.From()) {
					continue
				}
				// The enemy it lets us pull must land on a trap or leave
				// a trap's side.
				if pl := pullableAfter(p, s); pl == 0 || !s.From().IsTrap() && pl&trapGuards == 0 {
					continue
				}
			} else if !s.To().IsTrap() && !trapGuards.Has(s.From()) {
				continue
			}
		}
		next := &t.pos[depth+1]
		*next = *p
		cp := next.Apply(s)
		t.pull[depth+1] = pullableAfter(p, s)
		c2, cap2 := cur, captured
		if s.Piece().Color() != t.side {
			from, to := s.From(), s.To()
			for i := 0; i < t.n; i++ {
				if c2[i] == from {
					c2[i] = to
					break
				}
			}
		}
		if cp.Piece != rules.Empty && cp.Piece.Color() != t.side {
			for i := 0; i < t.n; i++ {
				if c2[i] == cp.Square {
					c2[i] = rules.NoSquare
					cap2 |= 1 << i
					if t.found&(1<<i) == 0 {
						t.trap[i] = cp.Square
					}
					break
				}
			}
		}
		t.path[depth] = s
		t.search(n-1, depth+1, c2, cap2)
	}
}

// reachable reports whether some piece without a recorded threat might
// still be captured within n steps. The bound: the piece must be displaced
// to the trap square by square and every other guard of the trap displaced
// away; each displacement is two steps (one, once, for a piece a half-done
// pull may move), and before an enemy piece is first displaced a stronger
// friendly piece must walk next to it.
func (t *trapSearch) reachable(p *rules.Position, n int, cur *[64]rules.Square, pullable rules.Bitboard) bool {
	// With one step left only the second half of a pull moves an enemy
	// piece (a push could not be completed): the bound below, which needs
	// the pull's discount then, answers no at once without one.
	if n == 1 && pullable == 0 {
		return false
	}
	enemy := p.Pieces(t.side.Other(), rules.NoType)
	// A piece already found capturable is not looked at again.
	cands := enemy
	for f := t.found; f != 0; f &= f - 1 {
		if x := cur[bits.TrailingZeros64(f)]; x != rules.NoSquare {
			cands &^= x.Bit()
		}
	}
	// Each piece's displacement cost, asked for again and again (as the
	// candidate and as the guard of each trap), is worked out once.
	var costs [64]int8
	var stronger [7]rules.Bitboard // filled by the first cost asked
	for ti, tr := range trapSquares {
		// A piece is moved a square at a time, two steps a square but
		// for one pulled half-way: 2d-1 steps at least move a piece d
		// squares away there (the bound below with no guards and the
		// pull's discount), and one farther is not worth the cost of its
		// displacement.
		for near := cands & trapBall[min(n, 4)][ti]; near != 0; {
			x := near.Pop()
			d := distance(x, tr)
			// The count of displacements first: it rules out most
			// candidates without a cost worked out.
			guards := tr.Neighbors() & enemy &^ x.Bit()
			moved := guards
			if d > 0 {
				moved |= x.Bit()
			}
			discount := 0
			if moved&pullable != 0 {
				discount = 1 // one of them may be pulled in one step
			}
			if 2*d+2*guards.Count()-discount > n {
				continue
			}
			if d > 0 && memoCost(&costs, p, t.side, &stronger, x, pullable, n) > n {
				continue
			}
			ok := true
			for g := guards; g != 0; {
				if memoCost(&costs, p, t.side, &stronger, g.Pop(), pullable, n) > n {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// memoCost is displaceCost kept in costs (one more than the cost; 0: not
// yet worked out), where only costs up to n matter (more: n+1). stronger
// holds side's pieces stronger than each type (strongerSets), filled when
// the first cost is asked; while its rabbit entry is empty it is filled
// again, which costs time, never an answer.
func memoCost(costs *[64]int8, p *rules.Position, side rules.Color, stronger *[7]rules.Bitboard, sq rules.Square, pullable rules.Bitboard, n int) int {
	if costs[sq] == 0 {
		if stronger[rules.Rabbit] == 0 {
			*stronger = strongerSets(p, side)
		}
		costs[sq] = int8(displaceWithin(sq, pullable, stronger[p.At(sq).Type()], n)) + 1
	}
	return int(costs[sq]) - 1
}

// strongerSets returns, by piece type, side c's pieces stronger than it
// (strongerThan for every type at once).
func strongerSets(p *rules.Position, c rules.Color) (s [7]rules.Bitboard) {
	for t := rules.Camel; t >= rules.Rabbit; t-- {
		s[t] = s[t+1] | p.Pieces(c, t+1)
	}
	return s
}
