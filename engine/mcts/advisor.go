package mcts

import (
	"math"

	"arimaa-workbench/engine/rules"
)

// The move advisor (Kozelek 2009, ch. 4.7.3): the captures and goals the
// trap and goal checks find where the tree grows are kept, and playouts
// below replay them where they still work. Random playouts rarely find a
// three- or four-step capture or a goal that needs a blocker pushed away;
// without the advisor a line that allows one looks as good as one that
// does not, as far as the playouts can tell. The advice is each worker's
// own, so the playouts neither lock nor share memory, and a search with
// one worker stays repeatable.

// adviceSlots is how many pieces of advice a worker keeps per side and
// kind; the newest replace the oldest. The advice comes from the nodes
// near the root, whose positions the playouts start a few turns from.
const adviceSlots = 8

// advisor keeps a worker's advice: per side, captures and goals. A move
// of zero steps is an empty slot.
type advisor struct {
	captures [2][adviceSlots]rules.Move
	goals    [2][adviceSlots]rules.Move
	nextCap  [2]uint8
	nextGoal [2]uint8
	// nCap and nGoal count the filled slots, so that a playout turn with
	// no advice for its side costs one comparison.
	nCap, nGoal [2]uint8

	// The results of the playouts that replayed each capture, for its
	// side (search.advisor_scored): replays and summed results per slot,
	// and replays per side. A slot's figures start again when new advice
	// takes it.
	capN     [2][adviceSlots]int32
	capW     [2][adviceSlots]float32
	capTotal [2]int32
	// used lists the captures replayed in the playout under way (side *
	// adviceSlots + slot), to be credited with its result.
	used  [maxUsed]uint8
	nUsed uint8
}

// maxUsed bounds the replays a playout credits: one per turn, and a
// playout plays at most playout_max_turns (50) turns.
const maxUsed = 64

// addAdvice keeps m in ring, unless it is there already, and returns the
// slot it took (-1 for none).
func addAdvice(ring *[adviceSlots]rules.Move, next, filled *uint8, m rules.Move) int {
	if m.N == 0 {
		return -1
	}
	for i := range ring {
		if ring[i] == m {
			return -1
		}
	}
	if ring[*next].N == 0 {
		*filled++
	}
	slot := int(*next)
	ring[slot] = m
	*next = (*next + 1) % adviceSlots
	return slot
}

func (a *advisor) addCapture(c rules.Color, m rules.Move) {
	if i := addAdvice(&a.captures[c], &a.nextCap[c], &a.nCap[c], m); i >= 0 {
		a.capN[c][i], a.capW[c][i] = 0, 0
	}
}

// credit adds a playout's result (1 when Gold won) to the captures it
// replayed, each for its own side.
func (a *advisor) credit(gold float64) {
	for _, u := range a.used[:a.nUsed] {
		c, i := rules.Color(u/adviceSlots), u%adviceSlots
		r := gold
		if c == rules.Silver {
			r = 1 - gold
		}
		a.capN[c][i]++
		a.capW[c][i] += float32(r)
		a.capTotal[c]++
	}
	a.nUsed = 0
}

// urgency is slot i's UCB1 value for side c: its mean result plus the
// exploration term; a slot never replayed comes first.
func (a *advisor) urgency(c rules.Color, i int, logN, explore float64) float64 {
	n := a.capN[c][i]
	if n == 0 {
		return math.Inf(1)
	}
	return float64(a.capW[c][i])/float64(n) + explore*math.Sqrt(logN/float64(n))
}

func (a *advisor) addGoal(c rules.Color, m rules.Move) {
	addAdvice(&a.goals[c], &a.nextGoal[c], &a.nGoal[c], m)
}

// replay plays m's steps on a copy of *pos while each is legal there and
// reports the position after them; ok is false when a step cannot be
// played. A step is first tested cheaply (its piece on its square, its
// target empty), and only then by the full legality test, since stale
// advice usually fails the cheap test.
func replay(pos *rules.Position, m rules.Move) (after rules.Position, ok bool) {
	if int(m.N) > pos.StepsLeft() {
		return after, false
	}
	after = *pos
	for i := 0; i < int(m.N); i++ {
		st := m.Steps[i]
		if after.At(st.From()) != st.Piece() || after.At(st.To()) != rules.Empty || !quickLegal(&after, st) {
			return after, false
		}
		after = after.Play(st)
	}
	return after, true
}

// quickLegal tells whether st, whose piece stands on its square and
// whose target is empty, is legal in p. A plain step of the mover's own
// piece needs only the freezing and rabbit rules; the halves of pushes and
// pulls take the full test.
func quickLegal(p *rules.Position, st rules.Step) bool {
	pc := st.Piece()
	if pc.Color() != p.Side() || p.PushPending() {
		return p.Legal(st)
	}
	if p.IsFrozen(st.From()) {
		return false
	}
	if pc.Type() == rules.Rabbit {
		back := rules.South
		if pc.Color() == rules.Silver {
			back = rules.North
		}
		if st.Dir() == back {
			return false
		}
	}
	return true
}

// tryAdvice plays, at the start of a playout turn of the side to move, a
// goal the advisor knows when one still works there, or else, with
// probability advisor_rate, a capture that still captures. It reports
// whether it played one; the turn then goes on from the new position.
func (w *worker) tryAdvice(pos *rules.Position) (rules.Step, bool) {
	me := pos.Side()
	a := &w.advice
	goal := rules.Rank8
	if me == rules.Silver {
		goal = rules.Rank1
	}
	for i := 0; a.nGoal[me] > 0 && i < adviceSlots; i++ {
		m := a.goals[me][i]
		if m.N == 0 {
			continue
		}
		if after, ok := replay(pos, m); ok && after.Pieces(me, rules.Rabbit)&goal != 0 {
			*pos = after
			return m.Steps[m.N-1], true
		}
	}
	if a.nCap[me] == 0 || w.float() >= w.cfg.AdvisorRate {
		return rules.NoStep, false
	}
	enemies := pos.Pieces(me.Other(), rules.NoType).Count()
	start := w.intn(adviceSlots)
	if w.cfg.AdvisorScored {
		return w.tryScored(pos, me, enemies, start)
	}
	for j := 0; j < adviceSlots; j++ {
		m := a.captures[me][(start+j)%adviceSlots]
		if m.N == 0 {
			continue
		}
		if after, ok := replay(pos, m); ok && after.Pieces(me.Other(), rules.NoType).Count() < enemies {
			*pos = after
			return m.Steps[m.N-1], true
		}
	}
	return rules.NoStep, false
}

// tryScored replays the applicable capture of side me with the highest
// urgency (Kozelek 2009, ch. 4.7.3: the advisor "selects the applicable
// move with the best score"), testing the slots from the most urgent down
// so that usually one or two replays are tried; start breaks ties.
func (w *worker) tryScored(pos *rules.Position, me rules.Color, enemies, start int) (rules.Step, bool) {
	a := &w.advice
	logN := math.Log(float64(a.capTotal[me]) + 1)
	var tried uint16
	for {
		best, bestU := -1, math.Inf(-1)
		for j := 0; j < adviceSlots; j++ {
			i := (start + j) % adviceSlots
			if tried&(1<<i) != 0 || a.captures[me][i].N == 0 {
				continue
			}
			if u := a.urgency(me, i, logN, w.cfg.Exploration); best < 0 || u > bestU {
				best, bestU = i, u
			}
		}
		if best < 0 {
			return rules.NoStep, false
		}
		tried |= 1 << best
		m := a.captures[me][best]
		if after, ok := replay(pos, m); ok && after.Pieces(me.Other(), rules.NoType).Count() < enemies {
			*pos = after
			if a.nUsed < maxUsed {
				a.used[a.nUsed] = uint8(int(me)*adviceSlots + best)
				a.nUsed++
			}
			return m.Steps[m.N-1], true
		}
	}
}
