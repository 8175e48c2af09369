package mcts

import (
	"math"
	"math/bits"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// worker runs playouts on the shared tree. Everything it changes between
// playouts is its own, so the hot path neither locks nor allocates.
type worker struct {
	s    *Searcher
	t    *tree
	cfg  *config.Search
	ev   *eval.Evaluator
	rng  uint64
	path []int32
	// turns holds the turn-start hashes met on the current descent, for
	// the repetition rule on top of the game's own history.
	turns []uint64
	// before is the board hash before the last step of the descent.
	before uint64
	steps  [128]rules.Step
	kept   [maxKids]pair
	cand   [128]rules.Step

	playouts, depthSum int64
	maxDepth           int64

	// With several workers the history's results are gathered here and
	// added to the shared table every histBatch playouts: every worker
	// writing the hot steps' counters on each playout costs more in cache
	// traffic than the slightly older means cost in search quality.
	histBatch int
	hsum      [histSize]int64
	hcount    [histSize]int32
	htouched  []uint16

	advice advisor
	// defend holds the squares where a playout turn blocks or freezes the
	// opponent's goal threat (see defendGoal); 0 when none.
	defend rules.Bitboard
}

func (s *Searcher) newWorker(i uint64) *worker {
	seed := s.opts.Seed*0x9e3779b97f4a7c15 + i + 1
	w := &worker{s: s, t: s.tree, cfg: &s.cfg, ev: s.ev, path: make([]int32, 0, 256), turns: make([]uint64, 0, 64)}
	w.rng = splitmix(&seed) | 1
	if s.threads() > 1 {
		w.histBatch = 16
		w.htouched = make([]uint16, 0, histSize)
	}
	return w
}

// next returns a random 64-bit number (xorshift64*).
func (w *worker) next() uint64 {
	w.rng ^= w.rng >> 12
	w.rng ^= w.rng << 25
	w.rng ^= w.rng >> 27
	return w.rng * 0x2545f4914f6cdd1d
}

// intn returns a random number in [0, n).
// float returns a random number in [0, 1).
func (w *worker) float() float64 {
	return float64(w.next()>>11) / (1 << 53)
}

func (w *worker) intn(n int) int {
	hi, _ := bits.Mul64(w.next(), uint64(n))
	return int(hi)
}

func (w *worker) run() {
	s := w.s
	for !s.stop.Load() {
		if s.budget > 0 && s.claimed.Add(1) > s.budget {
			break
		}
		if s.fillStop && w.t.exhausted.Load() {
			break
		}
		w.playout()
		if s.stop.Load() {
			s.late.Add(1)
		}
	}
	w.flush()
}

// flushHistory adds the gathered history results to the shared table.
func (w *worker) flushHistory() {
	h := w.s.hist
	for _, hi := range w.htouched {
		h.sum[hi].Add(w.hsum[hi])
		h.count[hi].Add(w.hcount[hi])
		w.hsum[hi], w.hcount[hi] = 0, 0
	}
	w.htouched = w.htouched[:0]
}

// flush publishes the worker's counters.
func (w *worker) flush() {
	s := w.s
	w.flushHistory()
	s.playouts.Add(w.playouts)
	s.depthSum.Add(w.depthSum)
	for {
		m := s.maxDepth.Load()
		if w.maxDepth <= m || s.maxDepth.CompareAndSwap(m, w.maxDepth) {
			break
		}
	}
	w.depthSum, w.playouts = 0, 0
}

// repeats reports whether a turn starting at hash h would be the third
// occurrence of that position in the game and the descent so far.
func (w *worker) repeats(h uint64) bool {
	n := w.s.reps[h]
	for _, t := range w.turns {
		if t == h {
			n++
		}
	}
	return n >= 2
}

// playout is one iteration: descend the tree, expand, simulate, back up.
func (w *worker) playout() {
	t := w.t
	pos := w.s.root
	w.path = w.path[:0]
	w.turns = w.turns[:0]
	idx := int32(1)
	n := &t.nodes[idx]
	n.visits.Add(1)
	t.nodes[n.rep.Load()].count.Add(1)
	w.path = append(w.path, idx)
	var gold float64 // the result, 1 when Gold wins
	for {
		r := &t.nodes[n.rep.Load()]
		st := r.state.Load()
		if st == leaf && n.visits.Load() >= int32(w.cfg.Maturity)+int32(n.depth) {
			w.expand(n, r, &pos)
			st = r.state.Load()
		}
		if st == terminal {
			gold = result(n.mover, r.term == termWin)
			break
		}
		if st != expanded {
			gold = w.simulate(pos)
			if w.advice.nUsed > 0 {
				w.advice.credit(gold)
			}
			break
		}
		ci := w.choose(n, r)
		c := &t.nodes[ci]
		w.before = pos.BoardHash()
		pos = c.play(pos)
		repeated := false
		if c.ends {
			h := pos.TurnHash()
			repeated = w.repeats(h)
			w.turns = append(w.turns, h)
		}
		w.enter(ci, &pos)
		w.path = append(w.path, ci)
		n = c
		if repeated {
			// The rules forbid this move; losing is what it is worth.
			gold = result(c.mover, false)
			break
		}
	}
	w.backup(gold)
}

// result is the result for Gold of a win (or loss) by side.
func result(side rules.Color, win bool) float64 {
	if win == (side == rules.Gold) {
		return 1
	}
	return 0
}

// enter links node ci to its representative on first visit, judges the
// end of the game for a new node that ends a turn, and counts the visit
// with a provisional loss (the virtual loss that spreads parallel workers
// over the tree, ch. 4.8.1) which backup turns into the real result.
func (w *worker) enter(ci int32, pos *rules.Position) {
	t := w.t
	c := &t.nodes[ci]
	if c.rep.Load() == 0 {
		rep := ci
		if w.cfg.Transpositions {
			rep = t.intern(pos.Hash()^depthKey[c.depth], ci)
		}
		if c.rep.CompareAndSwap(0, rep) {
			r := &t.nodes[rep]
			r.shared.Add(1)
			if rep == ci {
				w.judge(c, pos)
			}
		}
	}
	c.visits.Add(1)
	t.nodes[c.rep.Load()].count.Add(1)
}

// judge makes a new representative terminal when the game is decided at
// its position: by the rules at the end of a turn, or because the side to
// move can reach the goal with the steps it has left (the goal check of
// ch. 4.5.2, applied in the tree so that a goal is never left unplayed).
func (w *worker) judge(c *node, pos *rules.Position) {
	var winner rules.Color
	over := false
	if c.ends {
		winner, over = decided(pos)
	}
	if !over && !c.ends {
		// A rabbit of the mover on its goal rank in mid-turn stays there
		// (it cannot step back, no trap is on that rank and no enemy moves
		// before the turn ends), and the mover wins even if an enemy
		// rabbit reached its own goal too.
		goal := rules.Rank8
		if c.mover == rules.Silver {
			goal = rules.Rank1
		}
		if pos.Pieces(c.mover, rules.Rabbit)&goal != 0 {
			winner, over = c.mover, true
		}
	}
	if !over && w.cfg.GoalCheck {
		if m, ok := eval.GoalCheck(pos); ok {
			winner, over = pos.Side(), true
			if w.cfg.AdvisorRate > 0 && w.cfg.AdvisorGoals {
				w.advice.addGoal(pos.Side(), m)
			}
		}
	}
	if over && c.state.CompareAndSwap(leaf, expanding) {
		c.term = termLoss
		if winner == c.mover {
			c.term = termWin
		}
		c.state.Store(terminal)
	}
}

// backup adds the result to every node of the path and to the history.
func (w *worker) backup(gold float64) {
	t := w.t
	h := w.s.hist
	for i, idx := range w.path {
		n := &t.nodes[idx]
		v := gold
		if n.mover == rules.Silver {
			v = 1 - gold
		}
		fx := int64(v * fixedOne)
		t.nodes[n.rep.Load()].sum.Add(fx)
		if i > 0 {
			hi := histIndex(n)
			if w.histBatch == 0 {
				h.sum[hi].Add(fx)
				h.count[hi].Add(1)
				continue
			}
			if w.hcount[hi] == 0 {
				w.htouched = append(w.htouched, uint16(hi))
			}
			w.hsum[hi] += fx
			w.hcount[hi]++
		}
	}
	if w.histBatch > 0 && (w.playouts+1)%int64(w.histBatch) == 0 {
		w.flushHistory()
	}
	d := int64(len(w.path) - 1)
	w.depthSum += d
	if d > w.maxDepth {
		w.maxDepth = d
	}
	// The shared count is published in batches too: one more contended
	// counter per playout is measurable with two workers.
	w.playouts++
	if w.playouts&63 == 0 {
		w.flush()
	}
}

// decided applies the goal and elimination rules at the start of a turn
// (package rules, end of game, checks 1-4); immobilization is found when a
// node has no children.
func decided(p *rules.Position) (rules.Color, bool) {
	b := p.Side()
	a := b.Other()
	goal := [2]rules.Bitboard{rules.Rank8, rules.Rank1}
	switch {
	case p.Pieces(a, rules.Rabbit)&goal[a] != 0:
		return a, true
	case p.Pieces(b, rules.Rabbit)&goal[b] != 0:
		return b, true
	case p.Pieces(b, rules.Rabbit) == 0:
		return a, true
	case p.Pieces(a, rules.Rabbit) == 0:
		return b, true
	}
	return 0, false
}

// pair is a child's steps: one step or a pass, or a push or pull as two.
type pair struct{ s1, s2 rules.Step }

// maxKids bounds the children of a node: steps, pushes and pulls together
// stay far below it in any legal position.
const maxKids = 512

// expand gives representative r its children: every legal step, every
// push and every pull as one child of two steps, and a pass where the turn
// may end, minus moves the no-change and repetition rules forbid. Only one
// worker expands a node; the others go on.
func (w *worker) expand(n, r *node, pos *rules.Position) {
	if !r.state.CompareAndSwap(leaf, expanding) {
		return
	}
	kept := w.children(n, pos)
	if len(kept) == 0 {
		// At the start of a turn the side to move is immobilized and the
		// node's mover wins; in the middle of one, the mover has walked
		// into a dead end.
		r.term = termLoss
		if pos.StepsTaken() == 0 {
			r.term = termWin
		}
		r.state.Store(terminal)
		return
	}
	first := w.t.alloc(len(kept))
	if first == 0 {
		r.state.Store(stuck)
		return
	}
	w.fillChildren(n, pos, first, kept)
	r.first.Store(first)
	r.nkids.Store(int32(len(kept)))
	r.state.Store(expanded)
}

// children lists the children of node n at pos (see expand), in w.kept.
func (w *worker) children(n *node, pos *rules.Position) []pair {
	kept := w.kept[:0]
	me := pos.Side()
	undo := w.undoStep(n, pos)
	// The pull n's own single step could complete is a sibling of n (a
	// child of two steps), so it is not a child here.
	pullFrom, pullType := rules.NoSquare, rules.NoType
	if pos.StepsTaken() > 0 && n.step2 == rules.NoStep && n.step != rules.Pass && n.step.Piece().Color() == me {
		pullFrom, pullType = n.step.From(), n.step.Piece().Type()
	}
	add := func(s1, s2 rules.Step, after *rules.Position) {
		if after.StepsLeft() == 0 {
			if !after.CanEndTurn() {
				return
			}
			if end := after.EndTurn(); w.repeats(end.TurnHash()) {
				return
			}
		}
		if len(kept) < len(w.kept) {
			kept = append(kept, pair{s1, s2})
		}
	}
	enemies := pos.Pieces(me.Other(), rules.NoType)
	var buf [8]rules.Step
	for _, st := range pos.Steps(w.steps[:0]) {
		p1 := pos.Play(st)
		if st.Piece().Color() != me {
			if st.To() == pullFrom && st.Piece().Type() < pullType {
				continue
			}
			// The first half of a push: a child with each completion.
			for _, s2 := range p1.Steps(buf[:0]) {
				p2 := p1.Play(s2)
				add(st, s2, &p2)
			}
			continue
		}
		if st != undo {
			add(st, rules.NoStep, &p1)
		}
		if p1.StepsLeft() == 0 {
			continue
		}
		ty := st.Piece().Type()
		for v := st.From().Neighbors() & enemies; v != 0; {
			vsq := v.Pop()
			if vp := pos.At(vsq); vp.Type() < ty {
				d, _ := rules.DirTo(vsq, st.From())
				s2 := rules.MakeStep(vp, vsq, d)
				p2 := p1.Play(s2)
				add(st, s2, &p2)
			}
		}
	}
	if pos.CanEndTurn() {
		if end := pos.EndTurn(); !w.repeats(end.TurnHash()) {
			kept = append(kept, pair{rules.Pass, rules.NoStep})
		}
	}
	return kept
}

// fillChildren writes the children kept of node n at pos into the nodes
// from first: their steps, depth, and progressive bias (step knowledge,
// tactical priors, the evaluation prior and the suggested moves).
func (w *worker) fillChildren(n *node, pos *rules.Position, first int32, kept []pair) {
	me := pos.Side()
	var prev rules.Step
	if pos.StepsTaken() > 0 && n.step != rules.Pass {
		prev = n.step
		if n.step2 != rules.NoStep {
			prev = n.step2
		}
	}
	kw := float32(w.cfg.KnowledgeWeight / 1000)
	tactics := w.tactics(pos, int(n.depth))
	evalPrior, before := 0.0, 0
	quiet := w.s.quietRoot && len(tactics.starts) == 0 && tactics.threatened == 0
	if w.cfg.EvalPrior > 0 && kw != 0 && quiet && n.depth < 4 && me == w.s.root.Side() && !pos.PushPending() {
		evalPrior, before = w.cfg.EvalPrior, w.ev.Evaluate(pos)
	}
	for i, k := range kept {
		c := &w.t.nodes[first+int32(i)]
		c.step, c.step2 = k.s1, k.s2
		c.mover = me
		steps := 1
		if k.s2 != rules.NoStep {
			steps = 2
		}
		c.depth = uint8(min(int(n.depth)+steps, 255))
		c.ends = k.s1 == rules.Pass || pos.StepsTaken()+steps == 4
		if kw != 0 {
			sc := w.ev.StepScoreAfter(pos, prev, k.s1)
			if k.s2 != rules.NoStep {
				p1 := pos.Play(k.s1)
				sc += w.ev.StepScoreAfter(&p1, k.s1, k.s2)
			}
			if evalPrior > 0 && k.s1 != rules.Pass {
				after := c.playSteps(*pos)
				sc += int(evalPrior * float64(min(max(w.ev.Evaluate(&after)-before, -600), 600)))
			}
			c.bias = kw * float32(sc+tactics.prior(k, me))
			if n.depth == 0 && len(w.s.rootPriors) > 0 {
				c.bias += kw * float32(rootPrior(w.s.rootPriors, k))
			}
		}
	}
}

// rootPrior is the weight of the suggested moves that begin with root
// child k (a step, or a push or pull as two).
func rootPrior(priors []analysis.MovePrior, k pair) float64 {
	sum := 0.0
	for _, p := range priors {
		m := p.Move
		if m.N == 0 || m.Steps[0] != k.s1 {
			continue
		}
		if k.s2 == rules.NoStep || m.N > 1 && m.Steps[1] == k.s2 {
			sum += p.Weight
		}
	}
	return sum
}

// tacticalHints are what the search extensions found at a node being
// expanded: the first steps of the captures the side to move can make,
// and the pieces the opponent threatens to capture with their traps.
type tacticalHints struct {
	capture, defence int
	starts           []pair
	threatened       rules.Bitboard // own pieces the opponent can capture
	guardSquares     rules.Bitboard // squares next to the traps they would die on
}

// tactics runs the trap checks for a node at pos (Kozelek 2009, ch.
// 4.7.3: tactical look-ahead where a node is expanded, so that it runs
// rarely): the captures of the side to move, and the captures the
// opponent threatens (at the start of a turn, or after every step with
// search.defence_midturn). Only near the root, where their cost pays.
func (w *worker) tactics(pos *rules.Position, depth int) tacticalHints {
	cfg := w.cfg
	h := tacticalHints{capture: cfg.CapturePrior, defence: cfg.DefencePrior}
	if depth > cfg.TacticsDepth || h.capture == 0 && h.defence == 0 || pos.PushPending() {
		return h
	}
	if h.capture != 0 && pos.StepsLeft() >= 2 {
		for _, t := range eval.TrapCheck(pos) {
			m := t.Move
			if m.N == 0 {
				continue
			}
			p := pair{m.Steps[0], rules.NoStep}
			if m.N > 1 && m.Steps[1].Piece().Color() != m.Steps[0].Piece().Color() {
				p.s2 = m.Steps[1] // the move starts with a push or a pull
			}
			h.starts = append(h.starts, p)
			if cfg.AdvisorRate > 0 {
				w.advice.addCapture(pos.Side(), m)
			}
		}
	}
	if start := pos.StepsTaken() == 0; h.defence != 0 && (start || cfg.DefenceMidTurn) {
		opp := pos.WithSide(pos.Side().Other())
		for _, t := range eval.TrapCheck(&opp) {
			h.threatened |= t.Square.Bit()
			h.guardSquares |= t.Trap.Neighbors()
			// Mid-turn the board is not the one the opponent will
			// face, so only a turn's start gives advice.
			if start && cfg.AdvisorRate > 0 {
				w.advice.addCapture(opp.Side(), t.Move)
			}
		}
	}
	return h
}

// prior is the extra step score of child k of a node where side me moves.
func (h *tacticalHints) prior(k pair, me rules.Color) int {
	sc := 0
	for _, st := range h.starts {
		if k.s1 == st.s1 && (k.s2 == rules.NoStep || k.s2 == st.s2) {
			sc += h.capture
			break
		}
	}
	if h.threatened != 0 && k.s1 != rules.Pass {
		for _, st := range [2]rules.Step{k.s1, k.s2} {
			if st == rules.NoStep || st.Piece().Color() != me {
				continue
			}
			if h.threatened.Has(st.From()) || h.guardSquares.Has(st.To()) {
				sc += h.defence
				break
			}
		}
	}
	return sc
}

// undoStep is the single step that takes back n's single step when that
// gives the board before it again: the same board with fewer steps left is
// never better than stopping a step earlier (reached in the tree by the
// shorter path), so expand leaves it out as a child of its own. The pulls
// it could make stay children: they can start something new.
func (w *worker) undoStep(n *node, pos *rules.Position) rules.Step {
	st := n.step
	if pos.StepsTaken() == 0 || st == rules.Pass || st == rules.NoStep || n.step2 != rules.NoStep || st.Piece().Color() != pos.Side() {
		return rules.NoStep
	}
	from, to := st.From(), st.To()
	if pos.At(to) != st.Piece() || pos.At(from) != rules.Empty {
		return rules.NoStep
	}
	back := rules.MakeStep(st.Piece(), to, st.Dir().Opposite())
	if !pos.Legal(back) {
		return rules.NoStep
	}
	if after := pos.Play(back); after.BoardHash() != w.before {
		return rules.NoStep // a capture happened on the way
	}
	return back
}

// choose picks the child of n (children of representative r) with the
// best exploration value X + c*sqrt(ln n / n_i) + h_i/n_i + hh_i/sqrt(n_i)
// (ch. 4.3.3), looking only at the cached best children of a busy node.
func (w *worker) choose(n, r *node) int32 {
	t := w.t
	first, k := r.first.Load(), r.nkids.Load()
	visits := n.visits.Load()
	cfg := w.cfg
	if cfg.CacheThreshold > 0 && visits >= int32(cfg.CacheThreshold) {
		ci := r.cache.Load()
		if ci == 0 {
			if ci = t.newCache(); ci != 0 && !r.cache.CompareAndSwap(0, ci) {
				ci = r.cache.Load()
			}
		}
		if ci != 0 {
			return w.chooseCached(n, r, &t.caches[ci], first, k, visits)
		}
	}
	best, _ := w.scan(first, first+k, w.logN(visits), nil)
	return best
}

// logN is ln(n) of the exploration term for a node with visits visits.
func (w *worker) logN(visits int32) float64 {
	return math.Log(float64(visits) + float64(w.cfg.VirtualVisits))
}

// chooseCached selects among the cached children, refilling the cache
// from all children whenever floor(sqrt(visits)) has grown.
func (w *worker) chooseCached(n, r *node, c *cacheEntry, first, k, visits int32) int32 {
	epoch := int32(math.Sqrt(float64(visits)))
	logN := w.logN(visits)
	if c.epoch.Load() != epoch {
		var top topK
		top.k = min(w.cfg.CacheSize, len(c.kids))
		best, _ := w.scan(first, first+k, logN, &top)
		for i := 0; i < top.n; i++ {
			c.kids[i].Store(top.idx[i])
		}
		c.n.Store(int32(top.n))
		c.epoch.Store(epoch)
		return best
	}
	m := int(c.n.Load())
	best, bestU := int32(0), math.Inf(-1)
	for i := 0; i < m; i++ {
		idx := c.kids[i].Load()
		if u := w.ucb(idx, logN); u > bestU {
			best, bestU = idx, u
		}
	}
	if best == 0 {
		best, _ = w.scan(first, first+k, logN, nil)
	}
	return best
}

// topK keeps the k best children seen by a scan.
type topK struct {
	k, n int
	idx  [16]int32
	u    [16]float64
}

func (t *topK) add(idx int32, u float64) {
	if t.n < t.k {
		t.idx[t.n], t.u[t.n] = idx, u
		t.n++
	} else if u > t.u[t.n-1] {
		t.idx[t.n-1], t.u[t.n-1] = idx, u
	} else {
		return
	}
	for i := t.n - 1; i > 0 && t.u[i] > t.u[i-1]; i-- {
		t.idx[i], t.idx[i-1] = t.idx[i-1], t.idx[i]
		t.u[i], t.u[i-1] = t.u[i-1], t.u[i]
	}
}

// scan returns the child in [from, to) with the best exploration value.
func (w *worker) scan(from, to int32, logN float64, top *topK) (int32, float64) {
	best, bestU := from, math.Inf(-1)
	for i := from; i < to; i++ {
		u := w.ucb(i, logN)
		if u > bestU {
			best, bestU = i, u
		}
		if top != nil {
			top.add(i, u)
		}
	}
	return best, bestU
}

// ucb is the exploration value of child i of a node whose visits (with
// the virtual ones) have the logarithm logN.
func (w *worker) ucb(i int32, logN float64) float64 {
	t := w.t
	cfg := w.cfg
	c := &t.nodes[i]
	v := float64(cfg.VirtualVisits)
	ni := float64(c.visits.Load()) + v
	x := 0.5
	if rep := c.rep.Load(); rep != 0 {
		r := &t.nodes[rep]
		if r.state.Load() == terminal {
			if r.term == termWin {
				return math.Inf(1)
			}
			x = 0
		} else if cnt := float64(r.count.Load()) + v; cnt > 0 {
			x = (float64(r.sum.Load())/fixedOne + 0.5*v) / cnt
		}
	}
	if ni == 0 {
		return 1e9 + float64(c.bias)
	}
	u := x + cfg.Exploration*math.Sqrt(logN/ni) + float64(c.bias)/ni
	if cfg.HistoryWeight != 0 {
		u += cfg.HistoryWeight * (w.s.hist.mean(histIndex(c)) - 0.5) / math.Sqrt(ni)
	}
	return u
}
