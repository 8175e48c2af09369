package mcts

import (
	"math/bits"
	"runtime"
	"sync/atomic"
	"unsafe"

	"arimaa-workbench/engine/rules"
)

// Node states, kept in node.state of a representative.
const (
	leaf      int32 = iota // no children yet
	expanding              // one worker is generating the children
	expanded               // children published (first, nkids)
	terminal               // the game is decided here; term holds the result
	stuck                  // the pool is full: stays a leaf for good
)

// Terminal results from the point of view of the node's mover.
const (
	termNone int8 = iota
	termWin
	termLoss
)

// fixedOne is a result of 1 in the fixed-point sums of node values, which
// are integers so that workers can add to them atomically.
const fixedOne = 1 << 20

// node is one step in the tree: the step, its mover, and statistics. A
// node whose position and depth equal an earlier node's links to it as
// its representative (Kozelek 2009, ch. 4.3.4, UCT2): values and children live
// in the representative, visits in each node.
type node struct {
	visits atomic.Int32 // own visits, in-flight descents included
	count  atomic.Int32 // representative: results added (virtual losses included)
	sum    atomic.Int64 // representative: fixed-point sum of results for the mover
	rep    atomic.Int32 // representative's index; 0 until first visited
	first  atomic.Int32 // representative: index of the first child
	nkids  atomic.Int32 // representative: number of children
	state  atomic.Int32 // representative: leaf, expanding, ...
	shared atomic.Int32 // representative: how many nodes link to it
	cache  atomic.Int32 // representative: index of its children cache, 0 if none
	slot   atomic.Int32 // representative: its transposition-table slot + 1, for reset
	bias   float32      // progressive bias h_i
	step   rules.Step   // the step played into this node; rules.Pass ends a turn
	// step2 completes a push or a pull that step began: the two steps are
	// one child, worth what the pair achieves (Kozelek 2009, ch. 4.3: the
	// engine's steps include pushes and pulls). NoStep for a single step.
	step2 rules.Step
	mover rules.Color // the side that played step
	depth uint8       // steps from the root, capped at 255
	term  int8        // terminal result for the mover
	ends  bool        // the step ended a turn (a pass or a fourth step)
}

// play returns pos after the node's step or steps, and the turn ended when
// they end it. The root (NoStep) leaves pos as it is.
func (n *node) play(pos rules.Position) rules.Position {
	if n.step == rules.Pass {
		return pos.EndTurn()
	}
	pos = n.playSteps(pos)
	if n.step != rules.NoStep && pos.StepsLeft() == 0 {
		pos = pos.EndTurn()
	}
	return pos
}

// addTo returns m with the node's steps added (none for a pass).
func (n *node) addTo(m rules.Move) rules.Move {
	if n.step == rules.Pass || n.step == rules.NoStep {
		return m
	}
	m = m.Add(n.step)
	if n.step2 != rules.NoStep {
		m = m.Add(n.step2)
	}
	return m
}

// playSteps is play without ending the turn: the board after the node's
// steps, as a move in progress.
func (n *node) playSteps(pos rules.Position) rules.Position {
	if n.step == rules.Pass || n.step == rules.NoStep {
		return pos
	}
	pos = pos.Play(n.step)
	if n.step2 != rules.NoStep {
		pos = pos.Play(n.step2)
	}
	return pos
}

// nodeBytes is the memory one node costs: the node and its two slots in
// the transposition table.
const nodeBytes = int64(unsafe.Sizeof(node{})) + 2*12

// cacheEntry holds the best children of a busy node (ch. 4.8.2).
type cacheEntry struct {
	epoch atomic.Int32 // floor(sqrt(visits)) when filled
	n     atomic.Int32
	kids  [16]atomic.Int32
}

// tree is the node pool and the transposition table. Index 0 is unused so
// that 0 can mean "none". Nodes are never freed during a search: the pool
// is sized by the node or memory budget, so the tree cannot outgrow it.
type tree struct {
	nodes []node
	used  atomic.Int32 // nodes handed out, index 0 included
	// exhausted is set once an allocation has failed.
	exhausted atomic.Bool

	caches     []cacheEntry
	cachesUsed atomic.Int32

	// The transposition table, lock-free: a slot's key is claimed with a
	// compare-and-swap and its value published after; two slots per node,
	// so the budget covers the table.
	keys []atomic.Uint64
	vals []atomic.Int32
}

func newTree(capacity int) *tree {
	if capacity < 64 {
		capacity = 64
	}
	slots := 2 * capacity
	t := &tree{
		nodes:  make([]node, capacity),
		caches: make([]cacheEntry, capacity/64+1),
		keys:   make([]atomic.Uint64, slots),
		vals:   make([]atomic.Int32, slots),
	}
	t.used.Store(1)
	t.cachesUsed.Store(1)
	return t
}

// touch writes the pages of the first maxBytes of the pool once, so the
// operating system maps them now rather than during a timed search. Nodes
// are handed out from the front, so a prefix of the pool is what a search
// fills first; the table is filled by hash all over, so it is touched only
// when the whole tree fits in maxBytes. The rest of a larger tree is
// mapped as the search reaches it.
func (t *tree) touch(maxBytes int64) {
	const page = 4096
	size := int64(unsafe.Sizeof(node{}))
	slot := int64(unsafe.Sizeof(atomic.Uint64{}) + unsafe.Sizeof(atomic.Int32{}))
	whole := int64(len(t.nodes))*size + int64(len(t.keys))*slot
	n := len(t.nodes)
	if whole > maxBytes {
		n = int(min(int64(n), maxBytes/size))
	}
	step := max(1, page/int(size))
	for i := 0; i < n; i += step {
		t.nodes[i].visits.Store(0)
	}
	if whole > maxBytes {
		return
	}
	for i := 0; i < len(t.keys); i += page / 8 {
		t.keys[i].Store(0)
	}
	for i := 0; i < len(t.vals); i += page / 4 {
		t.vals[i].Store(0)
	}
}

// reset empties the tree for a new search. It clears only the table
// slots the last search filled, so its cost follows the tree's size rather
// than the budget's.
func (t *tree) reset() {
	used := t.used.Load()
	for i := int32(1); i < used; i++ {
		if s := t.nodes[i].slot.Load(); s != 0 {
			t.keys[s-1].Store(0)
			t.vals[s-1].Store(0)
		}
	}
	clear(t.nodes[:used])
	clear(t.caches[:min(t.cachesUsed.Load(), int32(len(t.caches)))])
	t.used.Store(1)
	t.cachesUsed.Store(1)
	t.exhausted.Store(false)
}

// alloc reserves n consecutive nodes and returns the first, or 0 when the
// pool cannot hold them.
func (t *tree) alloc(n int) int32 {
	for {
		u := t.used.Load()
		if int(u)+n > len(t.nodes) {
			t.exhausted.Store(true)
			return 0
		}
		if t.used.CompareAndSwap(u, u+int32(n)) {
			return u
		}
	}
}

// intern returns the representative for key, making idx the
// representative when the key is new.
func (t *tree) intern(key uint64, idx int32) int32 {
	if key == 0 {
		key = 1
	}
	size := uint64(len(t.keys))
	i, _ := bits.Mul64(key, size) // key scaled to [0, size)
	for probes := uint64(0); probes < size; probes++ {
		k := t.keys[i].Load()
		if k == 0 && t.keys[i].CompareAndSwap(0, key) {
			t.nodes[idx].slot.Store(int32(i) + 1)
			t.vals[i].Store(idx)
			return idx
		}
		if k == 0 {
			k = t.keys[i].Load() // another worker claimed the slot first
		}
		if k == key {
			for {
				// The claimer publishes the value right after its swap.
				if v := t.vals[i].Load(); v != 0 {
					return v
				}
				runtime.Gosched()
			}
		}
		if i++; i == size {
			i = 0
		}
	}
	return idx // a full table: the node keeps its own statistics
}

// newCache hands out a children cache, or 0 when none is left.
func (t *tree) newCache() int32 {
	c := t.cachesUsed.Add(1) - 1
	if int(c) >= len(t.caches) {
		return 0
	}
	return c
}

// value is the mean result of representative r for its mover, counting
// virtual visits as draws.
func (t *tree) value(r *node, virtual float64) float64 {
	return (float64(r.sum.Load())/fixedOne + 0.5*virtual) / (float64(r.count.Load()) + virtual)
}
