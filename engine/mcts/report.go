package mcts

import (
	"cmp"
	"slices"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// report builds a progress report from the tree as it stands.
func (s *Searcher) report(g *rules.Game, final bool) analysis.Report {
	t := s.tree
	elapsed := time.Since(s.started)
	playouts := s.playouts.Load()
	used := int(t.used.Load())
	r := analysis.Report{
		Elapsed:     elapsed,
		Playouts:    playouts,
		Nodes:       int64(used - 1),
		MemoryBytes: int64(used) * nodeBytes,
		MaxDepth:    int(s.maxDepth.Load()),
		HasWinRatio: true,
		Final:       final,
	}
	if s.root.Side() == rules.Gold {
		r.Komi = s.komi
	} else {
		r.Komi = -s.komi
	}
	if sec := elapsed.Seconds(); sec > 0 {
		r.PlayoutsPerSec = float64(playouts) / sec
	}
	if playouts > 0 {
		r.AvgDepth = float64(s.depthSum.Load()) / float64(playouts)
	}
	cands := s.candidates(g)
	// The most visited whole move is the one played (Kozelek 2009,
	// ch. 4.3: the most explored move): following the most visited step
	// level by level can end in a move with fewer visits and a lower value.
	if len(cands) > 0 {
		r.Best, r.WinRatio = cands[0].Move, cands[0].WinRatio
	} else {
		r.Best, r.WinRatio = s.fallbackMove(g), 0.5
	}
	if len(cands) > s.cfg.Candidates {
		cands = cands[:s.cfg.Candidates]
	}
	r.Candidates = cands
	r.PV = s.pv(r.Best, s.cfg.PVSteps)
	return r
}

// meanFor is the mean result of representative r for its mover without
// virtual visits; 0.5 before any result.
func meanFor(r *node) float64 {
	switch r.state.Load() {
	case terminal:
		if r.term == termWin {
			return 1
		}
		return 0
	}
	c := r.count.Load()
	if c == 0 {
		return 0.5
	}
	return float64(r.sum.Load()) / fixedOne / float64(c)
}

// candidates lists the whole moves of the side to move found in the tree,
// most visited first. Orders of steps reaching the same board count as
// one move, with their visits added.
func (s *Searcher) candidates(g *rules.Game) []analysis.Candidate {
	t := s.tree
	// Rarely visited branches are skipped so that a report costs little
	// even on a tree of millions of nodes.
	minVisits := max(1, t.nodes[1].visits.Load()/20000)
	byEnd := map[uint64]int{}
	var out []analysis.Candidate
	var walk func(idx int32, pos rules.Position, m rules.Move)
	walk = func(idx int32, pos rules.Position, m rules.Move) {
		r := &t.nodes[t.nodes[idx].rep.Load()]
		if r.state.Load() != expanded {
			return
		}
		first, k := r.first.Load(), r.nkids.Load()
		for i := first; i < first+k; i++ {
			c := &t.nodes[i]
			v := c.visits.Load()
			if v < minVisits || c.rep.Load() == 0 {
				continue
			}
			after, move := c.playSteps(pos), c.addTo(m)
			if !c.ends && s.cfg.GoalCheck && t.nodes[c.rep.Load()].state.Load() == terminal {
				// A goal within this turn: finish it.
				if rest, ok := eval.GoalCheck(&after); ok && t.nodes[c.rep.Load()].term == termWin {
					for _, st := range rest.Slice() {
						after = after.Play(st)
						move = move.Add(st)
					}
					if after.CanEndTurn() {
						s.addCandidate(&out, byEnd, move, &after, int64(v), 1)
					}
				}
				continue
			}
			if !c.ends {
				walk(i, after, move)
				continue
			}
			if !after.CanEndTurn() || g.Repeated(&after) {
				continue
			}
			s.addCandidate(&out, byEnd, move, &after, int64(v), meanFor(&t.nodes[c.rep.Load()]))
		}
	}
	walk(1, s.root, rules.Move{})
	slices.SortStableFunc(out, func(a, b analysis.Candidate) int {
		if c := cmp.Compare(b.Visits, a.Visits); c != 0 {
			return c
		}
		return cmp.Compare(b.WinRatio, a.WinRatio)
	})
	return out
}

// addCandidate records move, which leads to after, merging it with an
// earlier move to the same board.
func (s *Searcher) addCandidate(out *[]analysis.Candidate, byEnd map[uint64]int, move rules.Move, after *rules.Position, visits int64, wr float64) {
	h := after.TurnHash()
	if j, ok := byEnd[h]; ok {
		// Show the shortest way to the board: longer ones waste steps
		// that come back to it.
		c := &(*out)[j]
		c.Visits += visits
		if move.N < c.Move.N {
			c.Move = move
		}
		return
	}
	byEnd[h] = len(*out)
	*out = append(*out, analysis.Candidate{Move: move, Visits: visits, WinRatio: wr})
}

// fallbackMove gives a legal move when the tree holds no whole move yet:
// the most visited steps, completed by the first legal ending.
func (s *Searcher) fallbackMove(g *rules.Game) rules.Move {
	t := s.tree
	pos := s.root
	var m rules.Move
	idx := int32(1)
	for m.N < 4 {
		r := &t.nodes[t.nodes[idx].rep.Load()]
		if r.state.Load() != expanded {
			break
		}
		best, bestV := int32(0), int32(0)
		first, k := r.first.Load(), r.nkids.Load()
		for i := first; i < first+k; i++ {
			if v := t.nodes[i].visits.Load(); v > bestV && t.nodes[i].step != rules.Pass && !t.nodes[i].ends {
				best, bestV = i, v
			}
		}
		if best == 0 {
			break
		}
		pos = t.nodes[best].playSteps(pos)
		m = t.nodes[best].addTo(m)
		idx = best
	}
	if m.N > 0 && pos.CanEndTurn() && !g.Repeated(&pos) {
		return m
	}
	if done := g.CompleteMove(pos, m); done.N > 0 {
		return done
	}
	return g.CompleteMove(s.root, rules.Move{})
}

// pv is the principal variation: the best move's steps (and its pass),
// then the most visited child at every node.
func (s *Searcher) pv(best rules.Move, maxLen int) []rules.PVStep {
	t := s.tree
	var out []rules.PVStep
	idx := int32(1)
	follow := best.Slice()
	if best.N > 0 && best.N < 4 {
		follow = append(follow, rules.Pass)
	}
	for len(out) < maxLen {
		r := &t.nodes[t.nodes[idx].rep.Load()]
		if r.state.Load() != expanded {
			break
		}
		first, k := r.first.Load(), r.nkids.Load()
		next := int32(0)
		if len(out) < len(follow) {
			want := follow[len(out)]
			for i := first; i < first+k; i++ {
				c := &t.nodes[i]
				if c.step == want && (c.step2 == rules.NoStep || len(out)+1 < len(follow) && c.step2 == follow[len(out)+1]) {
					next = i
				}
			}
		} else {
			bestV := int32(0)
			for i := first; i < first+k; i++ {
				if v := t.nodes[i].visits.Load(); v > bestV {
					next, bestV = i, v
				}
			}
		}
		if next == 0 || t.nodes[next].visits.Load() == 0 {
			break
		}
		c := &t.nodes[next]
		out = append(out, rules.PVStep{Step: c.step, Side: c.mover})
		if c.step2 != rules.NoStep {
			out = append(out, rules.PVStep{Step: c.step2, Side: c.mover})
		}
		idx = next
	}
	return out
}

// Snapshot copies the upper tree of the running (or last) search: up to
// maxDepth steps below the root and, per node, the maxChildren most
// visited children with at least search.snapshot_min_visits visits. It is
// safe to call from any goroutine while Search runs; nil before any search.
func (s *Searcher) Snapshot(maxDepth, maxChildren int) *Node {
	s.mu.RLock()
	defer s.mu.RUnlock()
	t := s.tree
	if t == nil || t.used.Load() < 2 {
		return nil
	}
	return s.snap(1, maxDepth, maxChildren)
}

func (s *Searcher) snap(idx int32, depth, maxChildren int) *Node {
	t := s.tree
	n := &t.nodes[idx]
	rep := n.rep.Load()
	out := &Node{Step: n.step, Step2: n.step2, Side: n.mover, Visits: int64(n.visits.Load()), Bias: float64(n.bias)}
	if rep == 0 {
		out.Value = 0.5
		return out
	}
	r := &t.nodes[rep]
	out.Value = t.value(r, float64(s.cfg.VirtualVisits))
	out.Shared = int(r.shared.Load())
	out.Terminal = r.state.Load() == terminal
	if out.Terminal {
		out.Value = meanFor(r)
	}
	if idx != 1 {
		out.History = s.cfg.HistoryWeight * (s.hist.mean(histIndex(n)) - 0.5)
	}
	if depth <= 0 || r.state.Load() != expanded {
		return out
	}
	first, k := r.first.Load(), r.nkids.Load()
	kids := make([]int32, 0, k)
	for i := first; i < first+k; i++ {
		if v := t.nodes[i].visits.Load(); v >= int32(max(1, s.cfg.SnapshotMinimum)) {
			kids = append(kids, i)
		}
	}
	slices.SortStableFunc(kids, func(a, b int32) int {
		return cmp.Compare(t.nodes[b].visits.Load(), t.nodes[a].visits.Load())
	})
	if len(kids) > maxChildren {
		kids = kids[:maxChildren]
	}
	for _, i := range kids {
		out.Children = append(out.Children, s.snap(i, depth-1, maxChildren))
	}
	return out
}
