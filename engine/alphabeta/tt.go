package alphabeta

import (
	"sync/atomic"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// Bounds of a stored score.
const (
	boundUpper uint8 = 1 // the score is at most this (no step raised alpha)
	boundLower uint8 = 2 // at least this (a step failed high)
	boundExact uint8 = 3
)

// entryBytes is the size of one table entry.
const entryBytes = 16

// table is the transposition table, shared by every worker of a search
// without locks: an entry holds its data and the key XOR the data, so a
// torn write (two workers storing the same slot at once) reads back as a
// miss rather than as another position's data (Hyatt and Mann, "A
// lock-less transposition table implementation for parallel search chess
// engines", 2002). Slots come in pairs: the first keeps the deeper search,
// the second always takes the newest.
type table struct {
	slots []slot
	mask  uint64 // pairs - 1
	gen   uint8  // the search that stores; an older search's entry gives way
}

type slot struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

// entry is one stored search result. The key is Position.Hash, which
// covers the pieces, the side to move, the steps taken, a push or pull
// under way and the board the turn began from.
type entry struct {
	score int // from the side to move's view; decided scores relative to the node
	step  rules.Step
	depth int
	bound uint8
	gen   uint8
}

func newTable(bytes int64) *table {
	pairs := uint64(1)
	for pairs*2*2*entryBytes <= uint64(bytes) {
		pairs *= 2
	}
	return &table{slots: make([]slot, 2*pairs), mask: pairs - 1}
}

// reset empties the table.
func (t *table) reset() {
	clear(t.slots)
	t.gen = 0
}

// Bytes is the memory the table takes.
func (t *table) Bytes() int64 { return int64(len(t.slots)) * entryBytes }

// data packs an entry: the score biased into 16 bits, the step, the depth
// and the bound.
func pack(e entry) uint64 {
	return uint64(uint16(int16(e.score))) | uint64(e.step)<<16 | uint64(uint8(e.depth))<<32 | uint64(e.bound)<<40 | uint64(e.gen)<<48
}

func unpack(d uint64) entry {
	return entry{score: int(int16(uint16(d))), step: rules.Step(d >> 16), depth: int(uint8(d >> 32)), bound: uint8(d >> 40 & 3), gen: uint8(d >> 48)}
}

func (t *table) probe(key uint64) (entry, bool) {
	i := 2 * (key & t.mask)
	for j := i; j < i+2; j++ {
		d := t.slots[j].data.Load()
		if d != 0 && t.slots[j].check.Load()^d == key {
			return unpack(d), true
		}
	}
	return entry{}, false
}

func (t *table) store(key uint64, e entry) {
	i := 2 * (key & t.mask)
	e.gen = t.gen
	d := pack(e)
	deep := &t.slots[i]
	old := deep.data.Load()
	if o := unpack(old); old == 0 || o.gen != t.gen || deep.check.Load()^old == key || o.depth <= e.depth {
		deep.check.Store(key ^ d)
		deep.data.Store(d)
		return
	}
	t.slots[i+1].check.Store(key ^ d)
	t.slots[i+1].data.Store(d)
}

// turnCache remembers, by the turn hash of a position at the start of a
// turn, the goal check's answer and the most valuable capture the trap
// check finds for the side to move: iterative deepening meets the same
// positions in every iteration, and either check costs tens of
// microseconds where pieces stand near a goal or a trap. Shared by the
// workers like the table; each answer is computed on first use.
type turnCache struct {
	slots []slot
	mask  uint64
}

// The packing of a turnCache entry.
const (
	noGoal       = 7      // a cached answer: no goal this turn
	goalKnown    = 1 << 3 // bits 0-2 hold the goal's steps
	captureKnown = 1 << 4 // bits 16-31 hold the capture's value
	captureShift = 16
)

func newTurnCache(entries int) *turnCache {
	return &turnCache{slots: make([]slot, entries), mask: uint64(entries - 1)}
}

// load returns the entry for key, zero if none.
func (c *turnCache) load(key uint64) (*slot, uint64) {
	s := &c.slots[key&c.mask]
	if d := s.data.Load(); d != 0 && s.check.Load()^d == key {
		return s, d
	}
	return s, 0
}

func (c *turnCache) save(s *slot, key, d uint64) {
	s.check.Store(key ^ d)
	s.data.Store(d)
}

// goal returns the steps of the shortest goal this turn, or noGoal.
func (c *turnCache) goal(p *rules.Position) int {
	key := p.TurnHash()
	s, d := c.load(key)
	if d&goalKnown != 0 {
		return int(d & 7)
	}
	n := noGoal
	if m, ok := eval.GoalCheck(p); ok {
		n = int(m.N)
	}
	c.save(s, key, d&^7|goalKnown|uint64(n))
	return n
}

// capture returns the value of the most valuable piece the side to move
// can capture in the turn p begins, by the trap check tc and the values
// of ev; 0xffff, more than any piece, where the check ran out of its
// budget (turnCheckBudget) before it finished.
func (c *turnCache) capture(p *rules.Position, tc *eval.TrapChecker, ev *eval.Evaluator) int {
	key := p.TurnHash()
	s, d := c.load(key)
	if d&captureKnown != 0 {
		return int(d >> captureShift & 0xffff)
	}
	v, complete := mostValuableCaptureWithin(p, 4, turnCheckBudget, tc, ev)
	if !complete {
		v = 0xffff
	}
	v = min(v, 0xffff)
	c.save(s, key, d&^(0xffff<<captureShift)|captureKnown|uint64(v)<<captureShift)
	return v
}
