package mcts

import (
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/phase"
	"arimaa-workbench/engine/rules"
)

// simulate returns the result for Gold of a playout from pos: the winner's
// when the game is over there, otherwise the rollout's, with the share
// search.leaf_eval taken from pos's own evaluation instead.
func (w *worker) simulate(pos rules.Position) float64 {
	if pos.StepsTaken() == 0 {
		if winner, over := decided(&pos); over {
			return result(winner, true)
		}
	}
	if a := w.cfg.LeafEval; a > 0 {
		leaf := w.probability(&pos)
		return a*leaf + (1-a)*w.rollout(pos)
	}
	return w.rollout(pos)
}

// rollout plays a playout from pos (ch. 4.4): a random number of whole
// turns, each moving a few randomly chosen pieces with best-of-N step
// selection by step knowledge, then a 4-step goal check and the static
// evaluation mapped to a winning probability (ch. 4.5). It returns the
// result for Gold.
func (w *worker) rollout(pos rules.Position) float64 {
	cfg := w.cfg
	// No goal check here: every node was judged (worker.judge) when it
	// entered the tree, the root when the search began.
	turns := cfg.PlayoutMinTurns + w.intn(cfg.PlayoutMaxTurns-cfg.PlayoutMinTurns+1)
	for i := 0; i < turns; i++ {
		mover := pos.Side()
		if !w.playTurn(&pos) {
			return result(mover, false) // immobilized
		}
		if winner, over := decided(&pos); over {
			return result(winner, true)
		}
	}
	side := pos.Side()
	switch cfg.PlayoutGoal {
	case "rabbit":
		if rabbitRun(&pos, cfg.PlayoutGoalSteps) {
			return result(side, true)
		}
	case "exact":
		if _, ok := eval.GoalCheck(&pos); ok {
			return result(side, true)
		}
	}
	return w.probability(&pos)
}

// probability is the static evaluation of pos, with the search's komi,
// as Gold's winning probability.
func (w *worker) probability(pos *rules.Position) float64 {
	side := pos.Side()
	sc := w.ev.Evaluate(pos)
	if side == rules.Gold {
		sc -= w.s.komi
	} else {
		sc += w.s.komi
	}
	p := w.ev.WinProbabilityAt(pos, sc)
	if side == rules.Silver {
		return 1 - p
	}
	return p
}

// playTurn finishes the turn in progress at *pos and passes the move. It
// reports false when the side to move has no step at the start of its turn.
func (w *worker) playTurn(pos *rules.Position) bool {
	cfg := w.cfg
	me := pos.Side()
	var chosen rules.Bitboard // the pieces this turn may move
	if cfg.PlayoutPieces > 0 {
		chosen = w.pick(pos.Pieces(me, rules.NoType), cfg.PlayoutPieces)
	}
	w.defend = 0
	if cfg.PlayoutDefence > 0 && pos.StepsTaken() == 0 {
		w.defend = w.defendGoal(pos, &chosen)
	}
	prev := rules.NoStep
	if w.cfg.AdvisorRate > 0 && pos.StepsTaken() == 0 {
		if last, ok := w.tryAdvice(pos); ok {
			prev = last
		}
	}
	// The pull the last step allows: a friendly piece of type pullType
	// left pullFrom. Unknown at the start of a playout in mid-turn.
	pullFrom, pullType := rules.NoSquare, rules.NoType
	for pos.StepsLeft() > 0 {
		var all, cand []rules.Step
		switch {
		case chosen == 0 || pos.PushPending():
			all = pos.Steps(w.steps[:0])
			cand = all
		default:
			cand = w.chosenSteps(pos, chosen, pullFrom, pullType)
		}
		canPass := pos.StepsTaken() > 0 && pos.CanEndTurn()
		if len(cand) == 0 {
			if canPass {
				break
			}
			if all == nil {
				all = pos.Steps(w.steps[:0])
			}
			cand = all
			if len(cand) == 0 {
				if pos.StepsTaken() == 0 {
					return false
				}
				break
			}
		}
		st := w.bestOf(pos, prev, cand, canPass)
		if st == rules.Pass {
			break
		}
		pushing := pos.PushPending()
		*pos = pos.Play(st)
		pullFrom, pullType = rules.NoSquare, rules.NoType
		if st.Piece().Color() == me {
			if chosen.Has(st.From()) {
				chosen = chosen&^st.From().Bit() | st.To().Bit()
			}
			if !pushing {
				pullFrom, pullType = st.From(), st.Piece().Type()
			}
		}
		prev = st
	}
	*pos = pos.EndTurn()
	return true
}

// chosenSteps generates the steps of move-oriented playouts (ch. 4.4.2):
// steps of the chosen friendly pieces, pushes they can start, and the
// second half of a pull by the piece that just moved. It covers a subset
// of pos.Steps at a fraction of its cost; no push may be pending.
func (w *worker) chosenSteps(pos *rules.Position, chosen rules.Bitboard, pullFrom rules.Square, pullType rules.PieceType) []rules.Step {
	me := pos.Side()
	opp := me.Other()
	empty := ^pos.Occupied()
	enemies := pos.Pieces(opp, rules.NoType)
	back := rules.South
	if me == rules.Silver {
		back = rules.North
	}
	canPush := pos.StepsLeft() >= 2
	out := w.cand[:0]
	for b := chosen & pos.Pieces(me, rules.NoType); b != 0; {
		sq := b.Pop()
		if pos.IsFrozen(sq) {
			continue
		}
		pc := pos.At(sq)
		t := pc.Type()
		for d := rules.North; d <= rules.West; d++ {
			if t == rules.Rabbit && d == back {
				continue
			}
			if to := sq.Neighbor(d); to != rules.NoSquare && empty.Has(to) {
				out = append(out, rules.MakeStep(pc, sq, d))
			}
		}
		if !canPush {
			continue
		}
		for v := sq.Neighbors() & enemies; v != 0; {
			vsq := v.Pop()
			vp := pos.At(vsq)
			if vp.Type() >= t {
				continue
			}
			for d := rules.North; d <= rules.West; d++ {
				if to := vsq.Neighbor(d); to != rules.NoSquare && empty.Has(to) && len(out) < len(w.cand) {
					out = append(out, rules.MakeStep(vp, vsq, d))
				}
			}
		}
	}
	if pullType != rules.NoType {
		for v := pullFrom.Neighbors() & enemies; v != 0; {
			vsq := v.Pop()
			vp := pos.At(vsq)
			if vp.Type() < pullType && len(out) < len(w.cand) {
				d, _ := rules.DirTo(vsq, pullFrom)
				out = append(out, rules.MakeStep(vp, vsq, d))
			}
		}
	}
	return out
}

// bestOf draws N candidates (at most half of them, at least one; the pass
// counts as one more candidate when allowed) and returns the one with the
// best step knowledge.
func (w *worker) bestOf(pos *rules.Position, prev rules.Step, cand []rules.Step, canPass bool) rules.Step {
	n := len(cand)
	if canPass {
		n++
	}
	draws := w.cfg.BestOf
	if half := n / 2; draws > half {
		draws = max(half, 1)
	}
	best, bestScore := rules.NoStep, 0
	for i := 0; i < draws; i++ {
		j := w.intn(n)
		st := rules.Pass
		if j < len(cand) {
			st = cand[j]
		}
		if draws == 1 {
			return st
		}
		sc := w.ev.StepScoreAfter(pos, prev, st)
		if w.defend != 0 && st != rules.Pass && st.Piece().Color() == pos.Side() && w.defend.Has(st.To()) {
			sc += w.cfg.PlayoutDefence
		}
		if best == rules.NoStep || sc > bestScore {
			best, bestScore = st, sc
		}
	}
	return best
}

// pick returns k squares of set chosen at random (all of them if fewer).
func (w *worker) pick(set rules.Bitboard, k int) rules.Bitboard {
	n := set.Count()
	if n <= k {
		return set
	}
	var out rules.Bitboard
	for ; k > 0; k-- {
		j := w.intn(n)
		b := set
		for ; j > 0; j-- {
			b &= b - 1
		}
		sq := b.First()
		out |= sq.Bit()
		set &^= sq.Bit()
		n--
	}
	return out
}

// rabbitRun is the narrowed goal check of the playouts: whether a rabbit
// of the side to move can walk to its goal rank by its own steps within
// the steps left (at most maxSteps), through empty squares, never onto a trap it would die
// on nor through a square where it would be frozen. It misses goals that
// need other pieces to make way (eval.GoalCheck finds those) but costs a
// few bitboard operations.
func rabbitRun(p *rules.Position, maxSteps int) bool {
	if p.PushPending() {
		return false
	}
	_, ok := phase.RabbitPaths(p, p.Side(), min(p.StepsLeft(), maxSteps), false)
	return ok
}

// defendGoal prepares the turn of the side to move in a playout against
// a goal the opponent threatens (search.playout_defence): the squares the
// opponent's rabbits can walk through to the goal next turn, and the
// squares beside those rabbits, where a piece blocks or freezes them. It
// returns them (0: no threat) and adds to chosen the mover's pieces near
// them, so that the turn can reach them.
func (w *worker) defendGoal(pos *rules.Position, chosen *rules.Bitboard) rules.Bitboard {
	opp := pos.Side().Other()
	paths, ok := phase.RabbitPaths(pos, opp, w.cfg.PlayoutGoalSteps, true)
	if !ok {
		return 0
	}
	target := paths | (paths & pos.Pieces(opp, rules.Rabbit)).Adjacent()
	if *chosen != 0 {
		*chosen |= pos.Pieces(pos.Side(), rules.NoType) & target.Adjacent().Adjacent()
	}
	return target
}
