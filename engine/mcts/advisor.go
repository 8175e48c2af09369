package mcts

import "arimaa-workbench/engine/rules"

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
}

// addAdvice keeps m in ring, unless it is there already.
func addAdvice(ring *[adviceSlots]rules.Move, next, filled *uint8, m rules.Move) {
	if m.N == 0 {
		return
	}
	for i := range ring {
		if ring[i] == m {
			return
		}
	}
	if ring[*next].N == 0 {
		*filled++
	}
	ring[*next] = m
	*next = (*next + 1) % adviceSlots
}

func (a *advisor) addCapture(c rules.Color, m rules.Move) {
	addAdvice(&a.captures[c], &a.nextCap[c], &a.nCap[c], m)
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
