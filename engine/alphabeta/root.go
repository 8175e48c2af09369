package alphabeta

import (
	"slices"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// rootMove is a first step of the root with what the last iteration that
// searched it found.
type rootMove struct {
	step  rules.Step
	score int  // exact when exact is set, else an upper bound
	exact bool // the step raised alpha (or was searched first)
	nodes int64
	line  []rules.Step // the principal variation it began, when exact
	prior int32        // weight of a move suggested from outside
	gain  int          // value of the best piece a capture it begins takes
}

func cloneMoves(ms []rootMove) []rootMove {
	out := slices.Clone(ms)
	for i := range out {
		out[i].line = slices.Clone(out[i].line)
	}
	return out
}

// rootMoves lists the root's legal first steps: suggested ones first,
// then those that begin a capture the trap check finds (the more valuable
// the piece, the earlier), then the rest. Later iterations order them by
// their scores, ties kept in this order: of two moves that score alike
// the one that captures now is played, not the one that trusts the
// capture to wait (rootWindow gives such a step a point more).
func (w *worker) rootMoves() []rootMove {
	var buf [maxSteps]rules.Step
	var out []rootMove
	gain := map[rules.Step]int{}
	for _, t := range eval.TrapCheck(&w.s.root) {
		s := t.Move.Steps[0]
		gain[s] = max(gain[s], w.ev.Value(t.Piece.Type()))
	}
	for _, s := range w.s.root.Steps(buf[:0]) {
		out = append(out, rootMove{step: s, prior: w.s.priors[s], gain: gain[s]})
	}
	slices.SortStableFunc(out, func(a, b rootMove) int {
		if a.prior != b.prior {
			return int(b.prior) - int(a.prior)
		}
		return b.gain - a.gain
	})
	return out
}

// iterate is a worker's iterative deepening: depth 1, 2, ... steps until
// the search stops or reaches its deepest iteration. With several workers
// (lazy SMP) every other worker starts one step deeper, the first worker
// to complete an iteration publishes it, and a worker whose iteration is
// already completed by another abandons it for the next depth, taking the
// completed iteration's root order: the table the others filled then
// makes its iterations shorter, and the search's answer is the deepest any
// worker completed.
func (w *worker) iterate() {
	defer w.s.account(w)
	moves := w.rootMoves()
	if len(moves) == 0 {
		return
	}
	prev := 0
	for depth := 1 + w.id%2; depth <= w.s.maxDepth; depth = w.next(depth) {
		w.iter = depth
		score := w.rootSearch(moves, depth, prev)
		if w.stop {
			if !w.superseded || w.s.stopped.Load() {
				return
			}
			w.stop, w.superseded = false, false
			prev = w.s.adopt(moves)
			continue
		}
		prev = score
		// The iteration's report counts its nodes, which a worker
		// otherwise adds to the search's only every few thousand (the
		// budget's checks come where they did).
		w.s.nodes.Add(w.nodes - w.sent)
		w.sent = w.nodes
		if c, ok := w.s.complete(depth, w.seldepth, score, moves); ok {
			select {
			case w.s.iterations <- c:
			default:
			}
		}
		// A decided score nearer than the depth searched cannot change.
		if score > decided && win-score <= depth || score < -decided && win+score <= depth {
			break
		}
	}
	w.s.stopped.Store(true) // the other workers' work is of no more use
}

// next is the depth of a worker's next iteration: one more than its last,
// or past the deepest completed by any worker, every other helper one step
// further still, but not past the deepest iteration asked while its own
// last was shallower (a worker ends the search only by completing it).
func (w *worker) next(depth int) int {
	if depth >= w.s.maxDepth {
		return depth + 1
	}
	d := int(w.s.completed.Load()) + 1
	if w.id%2 == 1 {
		d++
	}
	return min(max(depth+1, d), w.s.maxDepth)
}

// rootSearch searches every first step to depth with an aspiration window
// around the last iteration's score (alphabeta.aspiration), widened to
// the full window when the score falls outside it; it returns the best
// score and leaves moves ordered best first.
func (w *worker) rootSearch(moves []rootMove, depth, prev int) int {
	if a := w.s.cfg.AlphaBeta.Aspiration; a > 0 && depth > 4 && prev > -decided && prev < decided {
		alpha, beta := prev-a, prev+a
		v := w.rootWindow(moves, depth, alpha, beta)
		if w.stop || v > alpha && v < beta {
			return v
		}
	}
	return w.rootWindow(moves, depth, -infinity, infinity)
}

func (w *worker) rootWindow(moves []rootMove, depth, alpha, beta int) int {
	root := &w.s.root
	best := -infinity
	w.frozen[0] = root.Frozen(root.Side())
	for i := range moves {
		rm := &moves[i]
		q := root.Play(rm.step)
		d := depth - 1
		if q.PushPending() && d < 1 {
			d = 1
		}
		// A first step that begins a capture gets one point more, so that
		// of two moves that score alike the one that captures now wins.
		b := 0
		if rm.gain > 0 {
			b = 1
		}
		before := w.nodes
		w.line[1], w.lateTurn[1] = rm.step, i > 0
		var v int
		if i == 0 {
			v = w.search(&q, d, alpha-b, beta-b, 1) + b
		} else {
			v = w.search(&q, d, alpha-b, alpha+1-b, 1) + b
			if v > alpha && v < beta && !w.stop {
				v = w.search(&q, d, alpha-b, beta-b, 1) + b
			}
		}
		if w.stop {
			break
		}
		rm.nodes += w.nodes - before
		rm.score, rm.exact = v, i == 0 || v > alpha
		best = max(best, v)
		if i == 0 || v > alpha {
			rm.line = append(append(rm.line[:0], rm.step), w.pv[1][1:w.pvLen[1]]...)
		}
		if v > alpha {
			alpha = v
			// The new best goes first; the rest keep their order.
			m := *rm
			copy(moves[1:i+1], moves[:i])
			moves[0] = m
			if i > 0 {
				w.s.publish(depth, w.seldepth, v, m.line, moves, true)
			}
			if v >= beta {
				break
			}
		}
	}
	if !w.stop {
		// Among the steps that did not raise alpha, the higher bounds
		// first: the next iteration tries them earlier.
		slices.SortStableFunc(moves[1:], func(a, b rootMove) int { return b.score - a.score })
	}
	return best
}
