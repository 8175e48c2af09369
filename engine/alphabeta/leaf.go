package alphabeta

import (
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// Leaf is one principal-variation search of p to depth steps on the
// calling goroutine, with the evaluator ev in place of the searcher's
// own, for the learning of evaluation weights (Bonanza's method compares
// the played move with the others by the positions where their searches'
// principal variations end). It returns the score for the side to move
// at p, the position at the end of the principal variation (before the
// horizon's quiescence) and whether the score is a decided game. The
// search reads only the table entries it wrote itself, since another
// evaluator scored the others.
// A Searcher serves one Leaf at a time and no Search meanwhile.
func (s *Searcher) Leaf(ev *eval.Evaluator, p rules.Position, depth int) (score int, leaf rules.Position, decidedGame bool) {
	s.running.Lock()
	defer s.running.Unlock()
	if v, over := ended(&p, 0); over && p.StepsTaken() == 0 {
		return v, p, true
	}
	if m, ok := eval.GoalCheck(&p); ok {
		return win - int(m.N), p, true
	}
	s.ensureTable(s.tableBytes(analysis.Limits{}))
	// Another evaluator scored what the table holds: this search reads
	// only its own entries (a new generation, cheaper than a clear).
	s.tt.gen++
	s.ownOnly = true
	s.line = nil // the next Search does not trust these entries
	if n := goalEntries(s.tt); s.goals == nil || len(s.goals.slots) != n {
		s.goals = newTurnCache(n)
	}
	defer func(own *eval.Evaluator) { s.ev = own }(s.ev)
	s.ev = ev
	s.root = p.WithSide(p.Side()) // at the start of its turn
	s.reps = map[uint64]int{s.root.TurnHash(): 1}
	s.budget, s.maxDepth, s.workers = 0, max(depth, 1), 1
	s.stopped.Store(false)
	s.nodes.Store(0)
	s.completed.Store(0)
	s.pub = published{root: s.root}
	if s.leafWorker == nil {
		s.leafWorker = &worker{}
	}
	w := s.leafWorker
	w.s, w.ev, w.id, w.nodes, w.sent, w.check, w.stop, w.superseded, w.seldepth = s, ev, 0, 0, 0, 0, false, false, 0
	clear(w.history[0][:])
	clear(w.history[1][:])
	clear(w.killers[:])
	w.iterate()
	pv := s.pub.pv
	if len(pv) == 0 {
		return w.evaluate(&s.root), s.root, false
	}
	_, leaf = walkLine(s.root, pv, len(pv))
	return s.pub.score, leaf, s.pub.score > decided || s.pub.score < -decided
}
