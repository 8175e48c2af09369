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

// advice is one kept sequence. A move of zero steps is an empty slot.
type advice struct {
	move rules.Move
}

// advisor keeps a worker's advice: per side, captures and goals.
type advisor struct {
	captures [2][adviceSlots]advice
	goals    [2][adviceSlots]advice
	nextCap  [2]uint8
	nextGoal [2]uint8
}

// add keeps m for side c in ring, unless it is there already.
func addAdvice(ring *[adviceSlots]advice, next *uint8, m rules.Move) {
	if m.N == 0 {
		return
	}
	for i := range ring {
		if ring[i].move == m {
			return
		}
	}
	ring[*next] = advice{move: m}
	*next = (*next + 1) % adviceSlots
}

func (a *advisor) addCapture(c rules.Color, m rules.Move) {
	addAdvice(&a.captures[c], &a.nextCap[c], m)
}

func (a *advisor) addGoal(c rules.Color, m rules.Move) {
	addAdvice(&a.goals[c], &a.nextGoal[c], m)
}

func (a *advisor) reset() { *a = advisor{} }

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
		if after.At(st.From()) != st.Piece() || after.At(st.To()) != rules.Empty || !after.Legal(st) {
			return after, false
		}
		after = after.Play(st)
	}
	return after, true
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
	for i := range a.goals[me] {
		m := a.goals[me][i].move
		if m.N == 0 {
			continue
		}
		if after, ok := replay(pos, m); ok && after.Pieces(me, rules.Rabbit)&goal != 0 {
			*pos = after
			return m.Steps[m.N-1], true
		}
	}
	if w.cfg.AdvisorRate == 0 || w.float() >= w.cfg.AdvisorRate {
		return rules.NoStep, false
	}
	enemies := pos.Pieces(me.Other(), rules.NoType).Count()
	start := w.intn(adviceSlots)
	for j := 0; j < adviceSlots; j++ {
		m := a.captures[me][(start+j)%adviceSlots].move
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
