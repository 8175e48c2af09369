package alphabeta

import (
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// Scores are evaluation points (engine/eval) from the side to move's view.
// A decided game scores win less the steps from the root to its end, so
// that a nearer goal scores higher and a later loss lower.
const (
	infinity = 32000
	win      = 30000
	decided  = win - 1000 // beyond it a score is a won or lost game
	maxPly   = 192        // steps from the root, quiescence included
	maxSteps = 128        // legal steps of one position, with room
	passIdx  = 4096       // the history slot of ending the turn early
	tickMask = 1023       // nodes between looks at the stop flag
)

// Move-ordering scores.
const (
	orderTable   = 1 << 30
	orderCapture = 1 << 28
	orderKiller  = 1 << 26
	orderSuicide = -1 << 26
)

// worker is one thread of the search: its own ordering knowledge, buffers
// and principal variation, over the searcher's shared table.
type worker struct {
	s     *Searcher
	ev    *eval.Evaluator
	id    int
	nodes int64 // since the search began
	sent  int64 // nodes already added to the searcher's count
	check int64 // node count at which the worker next adds its nodes (0: at the first)
	stop  bool  // the searcher said stop: every result from now on is ignored
	// superseded: stop was set because another worker completed the
	// iteration under way (lazy SMP); the worker goes on to the next.
	superseded bool

	seldepth int
	iter     int // the depth of the iteration under way
	traps    eval.TrapChecker
	killers  [maxPly][2]rules.Step
	history  [2][passIdx + 1]int32
	steps    [maxPly][maxSteps + 1]rules.Step
	order    [maxPly][maxSteps + 1]int32
	pv       [maxPly][maxPly]rules.Step
	pvLen    [maxPly]int
	line     [maxPly]rules.Step // line[ply]: the step that led to the node at ply
	// frozen[ply] holds the side to move's frozen pieces at a turn's start
	// at ply, and lateTurn[ply] whether a step of the turn leading to the
	// node at ply was not the first searched at its node (independent-step
	// pruning).
	frozen [maxPly]rules.Bitboard
	// waiting[ply] is the board at a turn's start at ply with the side
	// not to move to move, whose goal check opponentGoal may reuse.
	waiting  [maxPly]rules.Position
	lateTurn [maxPly]bool

	// turns holds the turn hashes of the turns begun on the way from the
	// root, for the repetition rule.
	turns  [maxPly]uint64
	nturns int

	evals evalCache
}

// tick counts a node and reports whether the search must stop. The stop
// flag is read at every node (a node at the horizon may run the trap
// check, which can take a long time); the nodes are added to the search's
// count, and its budget checked, every tickMask+1 nodes, and sooner as a
// node budget runs out, so that one worker stops on its last node.
func (w *worker) tick() bool {
	if w.stop {
		// Nodes visited while the search unwinds are not counted.
		return true
	}
	w.nodes++
	if w.nodes >= w.check {
		w.stop = w.s.account(w)
		if !w.stop && int(w.s.completed.Load()) >= w.iter {
			w.stop, w.superseded = true, true
		}
	} else if w.s.stopped.Load() {
		w.stop = true
	}
	return w.stop
}

// repeated reports whether beginning a turn at a position of turn hash h
// would be its third occurrence, counting the game and the line searched.
func (w *worker) repeated(h uint64) bool {
	n := w.s.reps[h]
	for i := 0; i < w.nturns && n < 2; i++ {
		if w.turns[i] == h {
			n++
		}
	}
	return n >= 2
}

// ended judges a position at the start of a turn by the rules' end checks
// (goal, elimination) in their order; immobilization shows as a node with
// no legal step. The side that just moved is the opponent of the side to
// move.
func ended(p *rules.Position, ply int) (int, bool) {
	b := p.Side()
	a := b.Other()
	goal := [2]rules.Bitboard{rules.Rank8, rules.Rank1}
	switch {
	case p.Pieces(a, rules.Rabbit)&goal[a] != 0:
		return -win + ply, true
	case p.Pieces(b, rules.Rabbit)&goal[b] != 0:
		return win - ply, true
	case p.Pieces(b, rules.Rabbit) == 0:
		return -win + ply, true
	case p.Pieces(a, rules.Rabbit) == 0:
		return win - ply, true
	}
	return 0, false
}

// child searches q, reached by one step (or the end of the turn) from the
// node at ply-1; flip says the turn passed to the other side, so the
// score and window change sign.
func (w *worker) child(q *rules.Position, flip bool, depth, alpha, beta, ply int) int {
	if !flip {
		return w.search(q, depth, alpha, beta, ply)
	}
	w.turns[w.nturns] = q.TurnHash()
	w.nturns++
	v := -w.search(q, depth, -beta, -alpha, ply)
	w.nturns--
	return v
}

// search is the principal-variation search of p with depth steps left,
// in the window (alpha, beta), ply steps below the root.
func (w *worker) search(p *rules.Position, depth, alpha, beta, ply int) int {
	w.pvLen[ply] = ply
	if w.tick() {
		return 0
	}
	if ply > w.seldepth {
		w.seldepth = ply
	}
	if p.StepsTaken() == 0 {
		var v int
		var over bool
		if v, depth, over = w.turnStart(p, depth, ply); over {
			return v
		}
	} else if w.independent(p, depth, alpha, ply) {
		return alpha
	}
	if ply >= maxPly-8 {
		return w.evaluate(p)
	}
	if depth <= 0 {
		return w.quiesce(p, alpha, beta, ply)
	}
	// No line from here can beat a goal already found nearer the root.
	alpha = max(alpha, -win+ply)
	beta = min(beta, win-ply-1)
	if alpha >= beta {
		return alpha
	}
	pvNode := beta-alpha > 1
	key := p.Hash()
	var tableStep rules.Step
	if e, ok := w.probe(key); ok {
		tableStep = e.step
		if !pvNode && e.depth >= depth {
			v := fromTable(e.score, ply)
			if e.bound == boundExact || e.bound == boundLower && v >= beta || e.bound == boundUpper && v <= alpha {
				return v
			}
		}
	}
	if !pvNode {
		if v, ok := w.futile(p, depth, alpha, beta); ok {
			return v
		}
	}
	if r := w.s.cfg.AlphaBeta.NullTurn; r > 0 && !pvNode && p.StepsTaken() == 0 && depth > 4 && ply > 0 && beta < decided && w.evaluate(p) >= beta {
		null := p.WithSide(p.Side().Other())
		w.line[ply+1] = rules.NoStep
		v := w.child(&null, true, depth-4-r, beta-1, beta, ply+1)
		if w.stop {
			return 0
		}
		if v >= beta {
			return v
		}
	}
	n := w.generate(p, ply, tableStep)
	side := p.Side()
	origAlpha := alpha
	best, bestStep := -infinity, rules.NoStep
	searched := 0
	prev := w.line[ply]
	for i := 0; i < n; i++ {
		s, order := w.pick(ply, i, n)
		// Of two steps of a turn that commute, only the order with the
		// lower step first is searched. Not below the root, so that each
		// root step's score stays its own.
		if ply >= 2 && s < prev && s != rules.Pass && !w.s.allOrders && p.Commutes(prev, s) {
			continue
		}
		q, flip, d, legal := w.after(p, s, depth)
		if !legal {
			continue
		}
		w.line[ply+1] = s
		w.lateTurn[ply+1] = p.StepsTaken() > 0 && w.lateTurn[ply] || searched > 0 && order < orderKiller
		var v int
		if searched == 0 {
			v = w.child(&q, flip, d, alpha, beta, ply+1)
		} else {
			v = w.late(&q, flip, d, depth, alpha, beta, ply+1, searched, order)
		}
		if w.stop {
			return 0
		}
		searched++
		if v > best {
			best, bestStep = v, s
			if v > alpha {
				alpha = v
				w.pv[ply][ply] = s
				copy(w.pv[ply][ply+1:], w.pv[ply+1][ply+1:w.pvLen[ply+1]])
				w.pvLen[ply] = w.pvLen[ply+1]
				if v >= beta {
					if order < orderCapture {
						w.reward(ply, side, s, depth)
					}
					break
				}
			}
		}
	}
	if searched == 0 {
		// No legal step and no legal end of the turn: at the start of a
		// turn the side is immobilized and loses; within one the line is
		// a dead end, which the node above never prefers to a legal one.
		return -win + ply
	}
	w.store(key, best, bestStep, depth, origAlpha, beta, ply)
	return best
}

// turnStart judges a node at the start of a turn: a game over, or a goal
// within the turn, which ends the search there (the goal check is exact
// for the whole turn, so the nodes within it need none: the root and every
// node in a turn descend from its start). Otherwise it returns the depth
// left, which the goal-threat extension may raise, and notes the frozen
// pieces for independent-step pruning.
func (w *worker) turnStart(p *rules.Position, depth, ply int) (v, d int, over bool) {
	if v, over := ended(p, ply); over {
		return v, depth, true
	}
	if n := w.s.goals.goal(p); n != noGoal {
		return win - ply - n, depth, true
	}
	w.waiting[ply] = p.WithSide(p.Side().Other())
	d = w.extend(p, depth, ply)
	// Steps only lower the depth within a turn: the pruning three steps
	// on applies only if the turn starts within three steps of its limit.
	if k := w.s.cfg.AlphaBeta.Independent; k > 0 && d <= k+3 {
		w.frozen[ply] = p.Frozen(p.Side())
	}
	return 0, d, false
}

// extend is the depth left at the start of a turn at ply: at least
// alphabeta.goal_extend steps where the side not to move could reach its
// goal in a turn of its own, within twice the iteration's depth from the
// root (so that two sides threatening in turn do not extend a line for
// ever).
func (w *worker) extend(p *rules.Position, depth, ply int) int {
	x := w.s.cfg.AlphaBeta.GoalExtend
	if x == 0 || depth >= x || ply+x > 2*w.iter || !nearGoal(p, p.Side().Other()) {
		return depth
	}
	other := p.WithSide(p.Side().Other())
	if w.s.goals.goal(&other) == noGoal {
		return depth
	}
	return x
}

// independent reports whether independent-step pruning cuts the node at
// ply: three steps into a turn begun within the search, with at most
// alphabeta.independent steps of depth left, reached by a late step of
// the turn, and the three steps pairwise independent.
func (w *worker) independent(p *rules.Position, depth, alpha, ply int) bool {
	k := w.s.cfg.AlphaBeta.Independent
	if k == 0 || depth > k || p.StepsTaken() != 3 || ply < 3 || !w.lateTurn[ply] || alpha <= -decided {
		return false
	}
	a, b, c := w.line[ply-2], w.line[ply-1], w.line[ply]
	side, frozen := p.Side(), w.frozen[ply-3]
	return !dependent(a, b, side, frozen) && !dependent(a, c, side, frozen) && !dependent(b, c, side, frozen)
}

// dependent reports whether step b, played after a in a turn of side,
// may need a: one moves into the square the other leaves, b moves a piece
// frozen at the turn's start (frozen), either moves an enemy piece (a
// push or pull), or one steps onto a trap the other steps beside.
func dependent(a, b rules.Step, side rules.Color, frozen rules.Bitboard) bool {
	switch {
	case a.From() == b.To() || b.From() == a.To():
		return true
	case frozen.Has(b.From()):
		return true
	case a.Piece().Color() != side || b.Piece().Color() != side:
		return true
	case b.To().IsTrap() && b.To().Neighbors().Has(a.To()):
		return true
	case a.To().IsTrap() && a.To().Neighbors().Has(b.To()):
		return true
	}
	return false
}

// store keeps a node's result in the table: its score (searched in the
// window origAlpha, beta), its best step and the depth searched.
func (w *worker) store(key uint64, best int, bestStep rules.Step, depth, origAlpha, beta, ply int) {
	bound := boundExact
	switch {
	case best <= origAlpha:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	if !w.s.noTable {
		w.s.tt.store(key, entry{score: toTable(best, ply), step: bestStep, depth: depth, bound: bound})
	}
}

// futile prunes by the static evaluation, with alphabeta.futility points
// of margin for each step of depth left, two ways. In the last turn before
// the horizon a node far below alpha fails low: the side to move's own
// steps cannot raise the evaluation by more than the margin unless they
// capture, which mayCapture rules out, reach the goal, which the goal
// check at the turn's start ruled out, or make a goal threat, which the
// horizon prices at alphabeta.goal_threat and which the margin includes
// where a rabbit of the side to move may make one (mayThreatGoal); the opponent's
// reply, if the horizon lies past the turn, only lowers it. At the start
// of a turn, with at most two turns of depth left, a node far above beta
// fails high, as a null turn would, but only where the side not to move
// can neither capture nor reach its goal in a turn of its own: the threats
// a static evaluation does not see.
func (w *worker) futile(p *rules.Position, depth, alpha, beta int) (int, bool) {
	margin := w.s.cfg.AlphaBeta.Futility
	lastTurn, turnStart := depth <= p.StepsLeft(), p.StepsTaken() == 0 && depth <= 8
	if margin == 0 || alpha <= -decided || beta >= decided || p.PushPending() || !lastTurn && !turnStart {
		return 0, false
	}
	stand := w.evaluate(p)
	if v := stand + margin*depth; lastTurn && v <= alpha {
		if mayThreatGoal(p, p.Side(), depth) {
			v += w.s.cfg.AlphaBeta.GoalThreat
		}
		if v <= alpha {
			if v += w.bestCapture(p); v <= alpha {
				return v, true
			}
		}
	}
	v := stand - margin*depth
	if !turnStart || v < beta {
		return 0, false
	}
	other := p.WithSide(p.Side().Other())
	if nearGoal(p, other.Side()) && w.s.goals.goal(&other) != noGoal {
		return 0, false
	}
	if v -= w.s.goals.capture(&other, &w.traps, w.ev); v < beta {
		return 0, false
	}
	return v, true
}

// bestCapture is the value of the most valuable piece the side to move
// can capture in the steps it has left: by the trap check, cached at the
// start of a turn.
func (w *worker) bestCapture(p *rules.Position) int {
	if p.StepsTaken() == 0 {
		return w.s.goals.capture(p, &w.traps, w.ev)
	}
	return mostValuableCapture(p, p.StepsLeft(), &w.traps, w.ev)
}

// mostValuableCapture is the value of the most valuable piece the side
// to move can capture within n steps, by the trap check tc (run only
// where mayCapture allows a capture) and the values of ev.
func mostValuableCapture(p *rules.Position, n int, tc *eval.TrapChecker, ev *eval.Evaluator) int {
	v, _ := mostValuableCaptureWithin(p, n, 0, tc, ev)
	return v
}

// threatened is the value of the most valuable piece the side to move
// could capture within n steps, and of the most valuable one on another
// trap (0 if none): the trap check within the horizon's budget.
func (w *worker) threatened(p *rules.Position, n int) (first, second int) {
	first, second, _ = w.threatenedAt(p, n)
	return first, second
}

// threatenedAt is threatened with the first piece's threat.
func (w *worker) threatenedAt(p *rules.Position, n int) (first, second int, at eval.Threat) {
	if !mayCapture(p, n) {
		return 0, 0, at
	}
	threats, _ := w.traps.CheckWithin(p, n, horizonCheckBudget)
	var trap rules.Square
	for _, t := range threats {
		if v := w.ev.Value(t.Piece.Type()); v > first {
			first, trap, at = v, t.Trap, t
		}
	}
	for _, t := range threats {
		if v := w.ev.Value(t.Piece.Type()); t.Trap != trap && v > second {
			second = v
		}
	}
	return first, second, at
}

// threatPenalty is what the horizon takes off for the opponent's capture
// threats: alphabeta.threat percent of the first piece's value, or
// threat_second percent of the second's, whichever is more.
func threatPenalty(first, second int, ab *config.AlphaBeta) int {
	return max(first*ab.Threat, second*ab.ThreatSecond) / 100
}

// defend is the best the side to move keeps at the horizon of p by one
// step against the opponent's threat t (alphabeta.defend): the threatened
// piece stepping away, or a piece of its own stepping next to the trap,
// each judged by the evaluation after it, with base (the goal-threat
// penalty, kept) added, less the threat that is left. A piece that one
// step saves is not counted as partly lost. No step: a value below any.
func (w *worker) defend(p *rules.Position, t eval.Threat, base int, ab *config.AlphaBeta) int {
	best := -win
	if p.StepsLeft() == 0 || p.PushPending() {
		return best
	}
	guards := t.Trap.Neighbors()
	var buf [128]rules.Step
	for _, s := range p.Steps(buf[:0]) {
		if s == rules.Pass || s.Piece().Color() != p.Side() {
			continue
		}
		if s.From() != t.Square && !guards.Has(s.To()) {
			continue
		}
		q := p.Play(s)
		if q.PushPending() {
			continue
		}
		v := w.evaluate(&q) + base
		if v <= best {
			continue
		}
		other := q.WithSide(q.Side().Other())
		first, second := w.threatened(&other, ab.ThreatSteps)
		best = max(best, v-threatPenalty(first, second, ab))
	}
	return best
}

// mostValuableCaptureWithin is mostValuableCapture with the trap check
// limited to budget states (0: none); complete says it finished, and an
// unfinished check answers the capture found so far.
func mostValuableCaptureWithin(p *rules.Position, n, budget int, tc *eval.TrapChecker, ev *eval.Evaluator) (best int, complete bool) {
	if !mayCapture(p, n) {
		return 0, true
	}
	threats, complete := tc.CheckWithin(p, n, budget)
	for _, t := range threats {
		best = max(best, ev.Value(t.Piece.Type()))
	}
	return best, complete
}

// after is the node step s leads to from p, where depth steps were left:
// the position (the turn ended after a fourth step or a pass), whether the
// turn passed, the depth left there and whether the rules allow it (a
// turn must change the board and may not repeat a position a third time).
func (w *worker) after(p *rules.Position, s rules.Step, depth int) (q rules.Position, flip bool, d int, legal bool) {
	if s == rules.Pass {
		q = p.EndTurn()
		return q, true, depth - p.StepsLeft(), !w.repeated(q.TurnHash())
	}
	q, d = p.Play(s), depth-1
	if q.StepsLeft() == 0 {
		if !q.CanEndTurn() {
			return q, false, d, false
		}
		q = q.EndTurn()
		return q, true, d, !w.repeated(q.TurnHash())
	}
	if q.PushPending() && d < 1 {
		d = 1 // the push's second step is forced: no leaf between
	}
	return q, false, d, true
}

// late searches a step after the node's first (the searched-th): with a
// null window, reduced by alphabeta.lmr when it is quiet and late enough,
// again at full depth when it raises alpha, and with the full window when
// it lands inside it.
func (w *worker) late(q *rules.Position, flip bool, d, depth, alpha, beta, ply, searched int, order int32) int {
	r := 0
	if ab := &w.s.cfg.AlphaBeta; ab.LMR > 0 && depth >= ab.LMRDepth && searched >= ab.LMRAfter && order < orderKiller && order > orderSuicide {
		r = max(min(ab.LMR, d-1), 0)
	}
	v := w.child(q, flip, d-r, alpha, alpha+1, ply)
	if v > alpha && r > 0 {
		v = w.child(q, flip, d, alpha, alpha+1, ply)
	}
	if v > alpha && v < beta {
		v = w.child(q, flip, d, alpha, beta, ply)
	}
	return v
}

// quiesce judges a position at the horizon: the static evaluation, less
// alphabeta.goal_threat when the side not to move could reach its goal in
// a turn of its own; or (alphabeta.quiescence) the side to move may
// instead take each capture the trap check finds within
// alphabeta.quiescence steps and the steps it has left, judged
// after the turn ends by the opponent's goal check and the evaluation.
// That value does not depend on the window, so the table keeps it (depth
// 0): iterative deepening meets the same horizon positions again. Where
// standing pat already reaches beta the captures are not searched, and
// the node fails high with a lower bound.
func (w *worker) quiesce(p *rules.Position, alpha, beta, ply int) int {
	// The table's answer saves the evaluation and the trap checks below:
	// the quiescence stores every horizon node it judges, exactly or, where
	// it stood pat at beta, as a lower bound.
	key := p.Hash()
	if w.s.cfg.AlphaBeta.Quiescence > 0 {
		if e, ok := w.probe(key); ok {
			v := fromTable(e.score, ply)
			if e.bound == boundExact || e.bound == boundLower && v >= beta {
				return v
			}
		}
	}
	static := w.evaluate(p)
	stand := static
	if threat := w.s.cfg.AlphaBeta.GoalThreat; threat > 0 && nearGoal(p, p.Side().Other()) {
		if w.opponentGoal(p, ply) {
			// The side to move defends with the steps it has left: the
			// fewer, the more the threat weighs (a fifth of it at the
			// start of a turn, four fifths with one step left).
			stand -= threat * (1 + p.StepsTaken()) / 5
		}
	}
	if ab := &w.s.cfg.AlphaBeta; ab.Threat > 0 || ab.ThreatSecond > 0 {
		other := p.WithSide(p.Side().Other())
		first, second, at := w.threatenedAt(&other, ab.ThreatSteps)
		threat := threatPenalty(first, second, ab)
		if threat > 0 && ab.Defend > 0 {
			stand = max(stand-threat, w.defend(p, at, stand-static, ab))
		} else {
			stand -= threat
		}
	}
	if w.s.cfg.AlphaBeta.Quiescence == 0 {
		return stand
	}
	if stand >= beta {
		// Captures only raise the value above standing pat, so the node
		// fails high without the trap check, the dearest part of the
		// horizon (a third of the search's time to depth 10 of the six
		// positions of engine/STRENGTH.md).
		w.storeQuietBound(key, stand, ply, boundLower)
		return stand
	}
	best := stand
	q := min(w.s.cfg.AlphaBeta.Quiescence, p.StepsLeft())
	if !mayCapture(p, q) {
		w.storeQuietBound(key, stand, ply, boundExact)
		return stand
	}
	threats, _ := w.traps.CheckWithin(p, q, horizonCheckBudget)
	for _, t := range threats {
		q := *p
		for _, s := range t.Move.Slice() {
			q = q.Play(s)
		}
		if !q.CanEndTurn() {
			continue
		}
		next := q.EndTurn()
		steps := ply + int(t.Move.N)
		if r, over := ended(&next, steps); over {
			best = max(best, -r)
			continue
		}
		// The opponent's goal only lowers the capture's value: its check,
		// the dearest part where rabbits near a goal, is asked only of a
		// capture that would otherwise raise the best.
		if v := -w.evaluate(&next); v > best {
			if n := w.s.goals.goal(&next); n != noGoal {
				v = -(win - steps - n)
			}
			best = max(best, v)
		}
	}
	w.storeQuietBound(key, best, ply, boundExact)
	return best
}

// The trap checks' budgets, in states of their search: where many pieces
// crowd the traps a check of three or four steps visits thousands of
// states and costs up to half a millisecond, which made a crowded middle
// game 8,000 nodes a second. The turn start's four-step check (for
// futility) treats an unfinished check as a capture that may exist, so
// that it prunes nothing there; the horizon's checks (the quiescence's
// captures and the opponent's threat) use what they found. Depth 8 on six
// positions of the matches: 11.2 s to 10.0 s of CPU; depth 7 of the
// crowded one 3.8 s to 3.0 s.
const (
	turnCheckBudget    = 1000
	horizonCheckBudget = 300
)

// nearGoal reports whether a rabbit of side c stands within a turn's four
// steps of its goal rank, which a goal this turn needs.
func nearGoal(p *rules.Position, c rules.Color) bool {
	return rabbitWithin(p, c, 4)
}

// mayThreatGoal reports whether steps steps of c might leave a rabbit of c
// able to reach its goal in a turn of its own: a rabbit two ranks or
// less from its goal, or one whose file is empty up to its goal and which
// is at most steps+4 ranks from it. A cheap test, not exact: a rabbit
// farther away that turns round a piece is missed.
func mayThreatGoal(p *rules.Position, c rules.Color, steps int) bool {
	if rabbitWithin(p, c, 2) {
		return true
	}
	occ := p.Occupied()
	for rs := p.Pieces(c, rules.Rabbit); rs != 0; {
		s := rs.Pop()
		dist, ahead := 7-s.Rank(), rules.FileA<<s.File()&^(rules.AllSquare>>(63-int(s)))
		if c == rules.Silver {
			dist, ahead = s.Rank(), rules.FileA<<s.File()&(rules.Bitboard(1)<<s-1)
		}
		if dist <= steps+4 && occ&ahead == 0 {
			return true
		}
	}
	return false
}

// rabbitWithin reports whether a rabbit of c stands within n ranks of
// its goal (0 to 7).
func rabbitWithin(p *rules.Position, c rules.Color, n int) bool {
	return p.Pieces(c, rules.Rabbit)&rules.GoalRanks(c, n) != 0
}

// probe looks key up in the table: never in a search without it (tests),
// and only this search's entries when the searcher keeps to its own
// (Leaf, whose evaluator changes from call to call).
func (w *worker) probe(key uint64) (entry, bool) {
	if w.s.noTable {
		return entry{}, false
	}
	e, ok := w.s.tt.probe(key)
	if ok && w.s.ownOnly && e.gen != w.s.tt.gen {
		return entry{}, false
	}
	return e, ok
}

// storeQuietBound keeps a horizon node's value in the table at depth 0,
// exact or as a lower bound.
func (w *worker) storeQuietBound(key uint64, v, ply int, bound uint8) {
	if !w.s.noTable {
		w.s.tt.store(key, entry{score: toTable(v, ply), depth: 0, bound: bound})
	}
}

// ball[r][sq] is the squares at most r steps from sq (Manhattan), r 0 to 3.
var ball = func() (m [4][64]rules.Bitboard) {
	for sq := rules.Square(0); sq < 64; sq++ {
		b := sq.Bit()
		for r := range m {
			m[r][sq] = b
			b |= b.Adjacent()
		}
	}
	return m
}()

// mayCapture is a necessary condition for the side to move to capture
// within n steps, so that the trap check runs only where it may find
// something. A capture ends with an enemy piece on a trap without a
// friendly neighbour. At the start of a turn that piece stands within n/2
// squares of a trap (each square it is moved takes a push or pull, two
// steps) and, unless it stands on one already, a stronger piece of ours
// within n-1 steps of it, to stand beside it and push or pull. Within a
// turn the first displacement may be the second half of a pull under
// way, one step with the puller already gone: the piece then stands
// within (n+1)/2 squares of a trap, and no puller is asked for.
func mayCapture(p *rules.Position, n int) bool {
	if n <= 0 {
		return false
	}
	me := p.Side()
	within := p.StepsTaken() > 0
	reach := n / 2
	if within {
		reach = (n + 1) / 2
	}
	zone := rules.Bitboard(0)
	for traps := rules.Traps; traps != 0; {
		zone |= ball[min(reach, 3)][traps.Pop()]
	}
	victims := p.Pieces(me.Other(), rules.NoType) & zone
	if within || victims&rules.Traps != 0 {
		return victims != 0
	}
	// The pieces of ours stronger than a victim's type, gathered from the
	// strongest down: the victims come in square order, so the set is a
	// superset for the weaker types seen before a stronger one.
	var stronger rules.Bitboard
	t := rules.Elephant
	for b := victims; b != 0; {
		sq := b.Pop()
		for vt := p.At(sq).Type(); t > vt; t-- {
			stronger |= p.Pieces(me, t)
		}
		if stronger&ball[min(n-1, 3)][sq] != 0 {
			return true
		}
	}
	return false
}

// evaluate is the static evaluation, kept clear of the decided scores.
// The search asks it of one board many times (the horizon's stand-pat,
// the defences, the null turn, the same pieces at another step count or
// with the other side to move), so the worker keeps the last evaluation
// of each slot of a small table, by the board's hash, from Gold's point
// of view: the evaluation depends on the pieces alone but for its sign.
func (w *worker) evaluate(p *rules.Position) int {
	c := &w.evals
	if c.ev != w.ev {
		if c.slots == nil {
			c.slots = make([]evalSlot, evalSlots)
		} else {
			clear(c.slots)
		}
		c.ev = w.ev
	}
	h := p.BoardHash()
	e := &c.slots[h&(evalSlots-1)]
	var v int
	if e.full && e.key == h {
		v = int(e.gold)
		if p.Side() == rules.Silver {
			v = -v
		}
	} else {
		v = w.ev.Evaluate(p)
		gold := v
		if p.Side() == rules.Silver {
			gold = -v
		}
		*e = evalSlot{key: h, gold: int32(gold), full: true}
	}
	return min(max(v, -decided+1), decided-1)
}

// evalSlots is the size of a worker's table of evaluations (a power of
// two): a megabyte, small enough to stay near the processor's caches.
const evalSlots = 1 << 16

// evalSlot is one board's evaluation from Gold's point of view.
type evalSlot struct {
	key  uint64
	gold int32
	full bool
}

// evalCache is a worker's table of evaluations, made by the evaluator ev
// (a new evaluator, as Leaf brings, empties it).
type evalCache struct {
	ev    *eval.Evaluator
	slots []evalSlot
}

// generate lists the node's steps, and ending the turn where the rules
// allow it, with their ordering scores; it returns how many.
func (w *worker) generate(p *rules.Position, ply int, tableStep rules.Step) int {
	buf := p.Steps(w.steps[ply][:0])
	if p.StepsTaken() > 0 && p.CanEndTurn() {
		buf = append(buf, rules.Pass)
	}
	side := p.Side()
	hist := &w.history[side]
	k := &w.killers[ply]
	for i, s := range buf {
		var o int32
		switch {
		case s == tableStep:
			o = orderTable
		case s == rules.Pass:
			o = hist[passIdx]
		default:
			_, c := p.PlayCapture(s)
			switch {
			case c.Piece != rules.Empty && c.Piece.Color() != side:
				o = orderCapture + int32(w.ev.Value(c.Piece.Type()))
			case c.Piece != rules.Empty:
				o = orderSuicide - int32(w.ev.Value(c.Piece.Type()))
			case s == k[0]:
				o = orderKiller + 1
			case s == k[1]:
				o = orderKiller
			default:
				o = hist[s&0xfff]
			}
		}
		w.order[ply][i] = o
	}
	return len(buf)
}

// pick moves the best-ordered of the steps i..n-1 to i and returns it.
func (w *worker) pick(ply, i, n int) (rules.Step, int32) {
	st, or := &w.steps[ply], &w.order[ply]
	b := i
	for j := i + 1; j < n; j++ {
		if or[j] > or[b] {
			b = j
		}
	}
	st[i], st[b] = st[b], st[i]
	or[i], or[b] = or[b], or[i]
	return st[i], or[i]
}

// reward remembers a quiet step that refuted a node: a killer at its ply
// and a history score that grows with the depth it refuted.
func (w *worker) reward(ply int, side rules.Color, s rules.Step, depth int) {
	idx := passIdx
	if s != rules.Pass {
		idx = int(s & 0xfff)
		if k := &w.killers[ply]; k[0] != s {
			k[1], k[0] = k[0], s
		}
	}
	h := &w.history[side][idx]
	*h += int32(depth * depth)
	if *h > orderKiller/2 {
		for c := range w.history {
			for i := range w.history[c] {
				w.history[c][i] /= 2
			}
		}
	}
}

// toTable and fromTable store a decided score relative to the node, so
// that it reads right wherever the position recurs.
func toTable(v, ply int) int {
	switch {
	case v > decided:
		return v + ply
	case v < -decided:
		return v - ply
	}
	return v
}

func fromTable(v, ply int) int {
	switch {
	case v > decided:
		return v - ply
	case v < -decided:
		return v + ply
	}
	return v
}

// opponentGoal reports whether the side not to move at p, ply steps
// below the root, could reach its goal in a turn of its own from p's
// board. In the middle of a turn it takes the answer for the board at the
// turn's start, which the goal checks' cache holds for every line through
// it, when no step of the turn so far came within goalReach squares of
// that side's rabbits near their goal (nor emptied a square beside a trap
// there): a step so far away seldom changes a goal of four steps, and the
// exact check at each horizon node cost half the search's time where
// rabbits stood near a goal. The answer is the goal-threat penalty's, a
// judgement of the evaluation; the goal checks that end the search are
// exact.
func (w *worker) opponentGoal(p *rules.Position, ply int) bool {
	if k := p.StepsTaken(); k > 0 && ply-k >= 0 && !p.PushPending() {
		if start := &w.waiting[ply-k]; w.quietTurn(start, ply-k, ply) {
			return w.s.goals.goal(start) != noGoal
		}
	}
	other := p.WithSide(p.Side().Other())
	return w.s.goals.goal(&other) != noGoal
}

// goalReach is how near, in steps, a step must come to a rabbit within a
// turn of its goal for opponentGoal to check the goal again.
const goalReach = 3

// quietTurn reports whether the steps from the turn start at ply from to
// the node at ply to stayed farther than goalReach from every rabbit of
// the side to move at start (the side waiting for its turn) within three
// ranks of its goal there.
func (w *worker) quietTurn(start *rules.Position, from, to int) bool {
	c := start.Side()
	rabbits := start.Pieces(c, rules.Rabbit) & rules.GoalRanks(c, 3)
	near := rabbits
	for range goalReach {
		near |= near.Adjacent()
	}
	for i := from + 1; i <= to; i++ {
		s := w.line[i]
		if s == rules.NoStep || s == rules.Pass {
			return false
		}
		touched := s.From().Bit() | s.To().Bit()
		if tr := s.From().Neighbors() & rules.Traps; tr != 0 {
			touched |= tr
		}
		if touched&near != 0 {
			return false
		}
	}
	return true
}
