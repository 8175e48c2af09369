package learn

import (
	"math/rand/v2"

	"arimaa-workbench/engine/alphabeta"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// sampled is an example with the moves it is scored on: moves[0] is the
// played move, the rest the sample of alternatives.
type sampled struct {
	game  int
	pos   rules.Position
	moves []rules.Move
	alts  int // alternatives it is scored against: moves, or steps over its decisions
}

// sampler draws the alternatives of examples; one per goroutine, for its
// move generator's buffers.
type sampler struct {
	gen      rules.MoveGen
	seed     uint64
	quiet    int  // alternatives drawn from the moves that capture nothing
	captures int  // most alternatives that capture
	steps    bool // the knowledge table: no sample, the decisions of the played move's steps
}

// sample draws the alternatives of example x, the i-th of the corpus. Its
// random source depends on the seed and i only, so the sample is the same
// on any goroutine. A played move not among the unique moves (it cannot
// be, for a legal game) leaves the example with no alternatives.
func (s *sampler) sample(x Example, i int) sampled {
	out := sampled{game: x.Game, pos: x.Position, moves: []rules.Move{x.Played}}
	if s.steps {
		out.alts = stepAlternatives(&out)
		return out
	}
	played := playMove(x.Position, x.Played)
	rng := rand.New(rand.NewPCG(s.seed, uint64(i)))
	enemies := x.Position.Pieces(x.Position.Side().Other(), rules.NoType).Count()
	var quiet, capt []rules.Move
	nQuiet, nCapt := 0, 0
	found := false
	s.gen.Each(x.Position, func(m rules.Move, after *rules.Position) {
		if after.BoardHash() == played.BoardHash() && !found {
			found = true
			return
		}
		// Reservoir sampling keeps each move of its kind with the same
		// chance without holding them all.
		if after.Pieces(x.Position.Side().Other(), rules.NoType).Count() < enemies {
			nCapt++
			capt = reservoir(rng, capt, m, nCapt, s.captures)
		} else {
			nQuiet++
			quiet = reservoir(rng, quiet, m, nQuiet, s.quiet)
		}
	})
	if !found {
		return out
	}
	out.moves = append(append(out.moves, capt...), quiet...)
	out.alts = len(out.moves) - 1
	return out
}

// reservoir adds m, the n-th item seen, to a uniform sample of at most k.
func reservoir(rng *rand.Rand, kept []rules.Move, m rules.Move, n, k int) []rules.Move {
	if len(kept) < k {
		return append(kept, m)
	}
	if j := rng.IntN(n); j < k {
		kept[j] = m
	}
	return kept
}

// playMove plays m from p and ends the turn.
func playMove(p rules.Position, m rules.Move) rules.Position {
	for _, s := range m.Slice() {
		p = p.Play(s)
	}
	return p.EndTurn()
}

// winScore is the score of a won move: beyond any evaluation.
const winScore = 1 << 24

// leaf is where the shallow search of one move ends.
type leaf struct {
	score    int            // from the mover's point of view
	terminal bool           // the game is decided: the score is a win or loss, no weight's term
	pos      rules.Position // the position evaluated
	negate   bool           // pos has the mover's opponent to move
}

// search scores move m from p with e: the opponent's turn after it is
// searched for goals and captures only (the package documentation says
// why), and the lowest score for the mover among standing pat and each
// capture is the move's.
func search(e *eval.Evaluator, p *rules.Position, m rules.Move) leaf {
	mover := p.Side()
	after := playMove(*p, m)
	if r, over := after.Outcome(); over {
		return decided(r.Winner == mover)
	}
	if _, ok := eval.GoalCheck(&after); ok {
		return decided(false)
	}
	best := leaf{score: -e.Evaluate(&after), pos: after, negate: true}
	for _, t := range eval.TrapCheck(&after) {
		q := after
		for _, s := range t.Move.Slice() {
			q = q.Play(s)
		}
		q = q.EndTurn()
		var l leaf
		if r, over := q.Outcome(); over {
			l = decided(r.Winner == mover)
		} else {
			l = leaf{score: e.Evaluate(&q), pos: q}
		}
		if l.score < best.score {
			best = l
		}
	}
	return best
}

// MaxDepth is the deepest alpha-beta search Options.Depth may ask for, in
// steps: three turns.
const MaxDepth = 12

// leafOf is the leaf of move m from p for worker w: the one-turn
// quiescence (search), or with Options.Depth the end of the principal
// variation of an alpha-beta search from the position after m.
func (t *trainer) leafOf(w int, pr *probe, p *rules.Position, m rules.Move) leaf {
	if t.opt.Depth == 0 {
		return search(pr.base, p, m)
	}
	mover := p.Side()
	after := playMove(*p, m)
	if r, over := after.Outcome(); over {
		return decided(r.Winner == mover)
	}
	if t.searchers[w] == nil {
		cfg := pr.weightCfg
		cfg.AlphaBeta.HashMB = 4
		t.searchers[w] = alphabeta.New(alphabeta.Options{Threads: 1, Config: cfg})
	}
	score, pos, over := t.searchers[w].Leaf(pr.base, after, t.opt.Depth)
	if over {
		return decided(score < 0)
	}
	// The score is for the opponent, who moves at after.
	return leaf{score: -score, pos: pos, negate: pos.Side() != mover}
}

func decided(won bool) leaf {
	if won {
		return leaf{score: winScore, terminal: true}
	}
	return leaf{score: -winScore, terminal: true}
}

// eval evaluates the leaf's position with e from the mover's point of view.
func (l *leaf) eval(e *eval.Evaluator) int {
	if l.terminal {
		return 0
	}
	v := e.Evaluate(&l.pos)
	if l.negate {
		return -v
	}
	return v
}
