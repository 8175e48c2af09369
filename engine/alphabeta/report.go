package alphabeta

import (
	"math"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

// report describes the search as it stands: the main worker's last
// answer, the nodes of every worker.
func (s *Searcher) report(g *rules.Game, final bool) analysis.Report {
	s.mu.Lock()
	pub := s.pub
	s.mu.Unlock()
	return s.reportOf(g, pub, s.nodes.Load(), time.Since(s.started), final)
}

// reportOf is the report of pub, published when the search had searched
// nodes nodes in elapsed.
func (s *Searcher) reportOf(g *rules.Game, pub published, nodes int64, elapsed time.Duration, final bool) analysis.Report {
	r := analysis.Report{
		Elapsed:     elapsed,
		Playouts:    nodes,
		Nodes:       nodes,
		MemoryBytes: s.tt.Bytes(),
		AvgDepth:    float64(pub.depth),
		MaxDepth:    pub.seldepth,
		HasWinRatio: true,
		HasScore:    true,
		AlphaBeta:   true,
		Final:       final,
	}
	if sec := elapsed.Seconds(); sec > 0 {
		r.PlayoutsPerSec = float64(nodes) / sec
	}
	r.Score = s.centiRabbits(pub.score)
	r.WinRatio = s.winRatio(pub.score)
	r.Candidates = s.candidates(g, pub.moves)
	r.Best = s.bestMove(g, pub.pv)
	if r.Best.N == 0 && len(r.Candidates) > 0 {
		r.Best = r.Candidates[0].Move
	}
	if r.Best.N == 0 {
		r.Best = g.CompleteMove(s.root, rules.Move{})
	}
	r.PV = pvSteps(s.root, pub.pv, s.cfg.Search.PVSteps)
	return r
}

// winRatio maps a score to the side to move's chance of winning: a
// decided game is certain, the rest goes through the evaluation's sigmoid.
func (s *Searcher) winRatio(score int) float64 {
	switch {
	case score > decided:
		return 1
	case score < -decided:
		return 0
	}
	return s.ev.WinProbability(score)
}

// centiRabbits is a score in hundredths of a rabbit (the first rabbit's
// value with the rabbit-count penalty it avoids), as AEI engines report
// it; a decided game is ±30000.
func (s *Searcher) centiRabbits(score int) int {
	const limit = 30000
	switch {
	case score > decided:
		return limit
	case score < -decided:
		return -limit
	}
	e := s.cfg.Eval
	rabbit := float64(e.Rabbit + e.RabbitsLeft[7] - e.RabbitsLeft[8])
	if rabbit <= 0 {
		rabbit = 100
	}
	return int(math.Max(-limit+1, math.Min(limit-1, math.Round(float64(score)*100/rabbit))))
}

// firstTurn plays the steps of line that belong to the root's turn and
// returns the move they make and the position after it.
func firstTurn(root rules.Position, line []rules.Step) (rules.Move, rules.Position) {
	var m rules.Move
	p := root
	for _, st := range line {
		if st == rules.Pass || m.N == 4 || !p.Legal(st) {
			break
		}
		p = p.Play(st)
		m = m.Add(st)
	}
	return m, p
}

// bestMove is the root's turn of the principal variation, when it is a
// legal move (not ending with a push half done, not a third repetition).
func (s *Searcher) bestMove(g *rules.Game, pv []rules.Step) rules.Move {
	m, p := firstTurn(s.root, pv)
	if m.N > 0 && p.CanEndTurn() && !g.Repeated(&p) {
		return m
	}
	if m.N > 0 {
		return g.CompleteMove(p, m)
	}
	return rules.Move{}
}

// candidates are the root's first steps as whole moves, best first: the
// turn of the line each began (completed by the table's steps, or by the
// first legal ending) with its score and the nodes searched under it. The
// best one's score is exact; the others' are bounds from above, as the
// principal-variation search leaves them.
func (s *Searcher) candidates(g *rules.Game, moves []rootMove) []analysis.Candidate {
	var out []analysis.Candidate
	seen := map[uint64]bool{}
	for _, rm := range moves {
		if len(out) >= s.cfg.Search.Candidates {
			break
		}
		line := rm.line
		if len(line) == 0 {
			line = []rules.Step{rm.step}
		}
		m, p := firstTurn(s.root, line)
		m, p = s.extend(m, p)
		if !p.CanEndTurn() || g.Repeated(&p) {
			m = g.CompleteMove(p, m)
			if m.N == 0 {
				continue
			}
			p = s.root
			for _, st := range m.Slice() {
				p = p.Play(st)
			}
		}
		if seen[p.BoardHash()] {
			continue
		}
		seen[p.BoardHash()] = true
		out = append(out, analysis.Candidate{Move: m, Visits: rm.nodes, WinRatio: s.winRatio(rm.score),
			Score: s.centiRabbits(rm.score), HasScore: true, Bound: !rm.exact})
	}
	return out
}

// extend continues a partial move by the table's best steps while the
// turn lasts.
func (s *Searcher) extend(m rules.Move, p rules.Position) (rules.Move, rules.Position) {
	for m.N < 4 && p.Side() == s.root.Side() {
		e, ok := s.tt.probe(p.Hash())
		if !ok || e.step == rules.NoStep || e.step == rules.Pass || !p.Legal(e.step) {
			break
		}
		p = p.Play(e.step)
		m = m.Add(e.step)
	}
	return m, p
}

// pvSteps gives a line from root with the side that plays each step, at
// most maxLen long; a step no longer legal (a line from an older answer)
// ends it.
func pvSteps(root rules.Position, line []rules.Step, maxLen int) []rules.PVStep {
	out, _ := walkLine(root, line, maxLen)
	return out
}

// walkLine plays line from root, a turn ending after its fourth step or
// a pass, as far as it stays legal and at most maxLen steps: the steps
// with their sides, and the position it reaches.
func walkLine(root rules.Position, line []rules.Step, maxLen int) ([]rules.PVStep, rules.Position) {
	var out []rules.PVStep
	p := root
	for _, st := range line {
		if len(out) >= maxLen {
			break
		}
		if st == rules.Pass {
			if !p.CanEndTurn() {
				break
			}
			out = append(out, rules.PVStep{Step: st, Side: p.Side()})
			p = p.EndTurn()
			continue
		}
		if !p.Legal(st) {
			break
		}
		out = append(out, rules.PVStep{Step: st, Side: p.Side()})
		p = p.Play(st)
		if p.StepsLeft() == 0 {
			p = p.EndTurn()
		}
	}
	return out, p
}

// RootMove is a first step of the root with what the search found of it.
type RootMove struct {
	// Line is the step and, when its score is exact, the principal
	// variation it began.
	Line     []rules.PVStep
	Score    int     // centi-rabbits for the side to move at the root
	WinRatio float64 // for the side to move at the root
	Exact    bool    // the score is exact, not an upper bound
	Nodes    int64   // searched under it
}

// RootMoves are the root's first steps, best first, as the main worker
// last published them; safe to call while a search runs, nil before any.
func (s *Searcher) RootMoves() []RootMove {
	s.mu.Lock()
	pub := s.pub
	s.mu.Unlock()
	out := make([]RootMove, 0, len(pub.moves))
	for _, rm := range pub.moves {
		line := rm.line
		if len(line) == 0 {
			line = []rules.Step{rm.step}
		}
		out = append(out, RootMove{Line: pvSteps(pub.root, line, s.cfg.Search.PVSteps), Score: s.centiRabbits(rm.score),
			WinRatio: s.winRatio(rm.score), Exact: rm.exact, Nodes: rm.nodes})
	}
	return out
}
