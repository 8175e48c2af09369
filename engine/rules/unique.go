package rules

// MoveGen enumerates the unique moves of a position: every distinct board
// the side to move can reach by the end of its turn, each with one
// shortest step sequence. It keeps its buffers between calls, so reuse one
// MoveGen per goroutine; the zero value is ready to use.
type MoveGen struct {
	cur, next []genState
	seen      hashSet // turn states already expanded
	ends      hashSet // boards already reported
	buf       []Step
	scratch   Position // the step just played; a field so it does not escape per step
}

type genState struct {
	pos  Position
	move Move
}

// Each calls fn for every unique move from p, in order of length, with the
// position after its steps (before EndTurn). Repetition is not considered:
// that needs the game's history (see Game.LegalMoves). p may be in the
// middle of a turn; the moves then hold only the remaining steps.
func (g *MoveGen) Each(p Position, fn func(m Move, after *Position)) {
	g.EachUntil(p, func(m Move, after *Position) bool { fn(m, after); return true })
}

// EachUntil is Each that stops as soon as fn returns false.
func (g *MoveGen) EachUntil(p Position, fn func(m Move, after *Position) bool) {
	g.seen.reset(1 << 12)
	g.ends.reset(1 << 12)
	g.cur = append(g.cur[:0], genState{pos: p})
	for len(g.cur) > 0 {
		g.next = g.next[:0]
		for i := range g.cur {
			st := &g.cur[i]
			g.buf = st.pos.Steps(g.buf[:0])
			for _, s := range g.buf {
				np := &g.scratch
				*np = st.pos
				np.play(s)
				m := st.move.Add(s)
				if np.CanEndTurn() && g.ends.insert(np.hash) && !fn(m, np) {
					return
				}
				if np.steps < 4 && g.seen.insert(np.Hash()) {
					g.next = append(g.next, genState{*np, m})
				}
			}
		}
		g.cur, g.next = g.next, g.cur
	}
}

// Count returns the number of unique moves from p.
func (g *MoveGen) Count(p Position) int {
	n := 0
	g.Each(p, func(Move, *Position) { n++ })
	return n
}

// Moves appends the unique moves from p to dst.
func (g *MoveGen) Moves(p Position, dst []Move) []Move {
	g.Each(p, func(m Move, _ *Position) { dst = append(dst, m) })
	return dst
}

// hashSet is an open-addressing set of 64-bit hashes. Zero marks a free
// slot, so a key of zero is stored as one; a clash needs a 2^-64 chance.
type hashSet struct {
	slots []uint64
	n     int
}

func (h *hashSet) reset(min int) {
	if len(h.slots) < min {
		h.slots = make([]uint64, min)
	} else {
		clear(h.slots)
	}
	h.n = 0
}

// insert adds k and reports whether it was new.
func (h *hashSet) insert(k uint64) bool {
	if k == 0 {
		k = 1
	}
	if 2*(h.n+1) > len(h.slots) {
		h.grow()
	}
	mask := uint64(len(h.slots) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		switch h.slots[i] {
		case 0:
			h.slots[i] = k
			h.n++
			return true
		case k:
			return false
		}
	}
}

func (h *hashSet) grow() {
	old := h.slots
	h.slots = make([]uint64, 2*len(old))
	mask := uint64(len(h.slots) - 1)
	for _, k := range old {
		if k == 0 {
			continue
		}
		i := k & mask
		for h.slots[i] != 0 {
			i = (i + 1) & mask
		}
		h.slots[i] = k
	}
}
