package eval

import (
	"math/rand/v2"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// play plays steps given in notation from p.
func play(t testing.TB, p rules.Position, steps string) rules.Position {
	t.Helper()
	for _, w := range strings.Fields(steps) {
		s, err := rules.ParseStep(w)
		if err != nil {
			t.Fatalf("step %q: %v", w, err)
		}
		var perr error
		p, _, perr = p.PlayChecked(s)
		if perr != nil {
			t.Fatalf("step %q: %v", w, perr)
		}
	}
	return p
}

// fixedWeights are the default weights with the fixed piece values in
// place of HarLog's: the tests of the other terms work out their figures
// from those values (HarLog's own tests are in harlog_test.go).
func fixedWeights() Weights {
	w := DefaultWeights()
	w.Eval.Harlog = 0
	return w
}

// middleGame is a position from a real-looking middle game, Gold to move.
func middleGame(t testing.TB) rules.Position {
	return rulestest.Place(t, rules.Gold, "ra8 rb8 rg8 rh8 ha7 cc7 dd7 ce7 df7 hh7 rb6 eb5 mg6 rh6 "+
		"Ra2 Rb2 Rc2 Rf2 Rg2 Rh2 Hb3 Dd2 Ce2 Cd3 Ee4 Mg4 Hg3 Dh3 Ra3")
}

// randomPositions plays random games from the start and returns positions
// met along them: at turn starts and, when midTurn, after some steps of a
// turn. Positions where the game is over are left out.
func randomPositions(seed uint64, games, maxTurns int, midTurn bool) []rules.Position {
	rng := rand.New(rand.NewPCG(seed, 99))
	var out []rules.Position
	var buf []rules.Step
	for g := 0; g < games; g++ {
		p := rules.StartPosition()
		turns := 4 + rng.IntN(maxTurns)
		for turn := 0; turn < turns; turn++ {
			n := 1 + rng.IntN(4)
			q := p
			for i := 0; i < n && q.StepsLeft() > 0; i++ {
				buf = q.Steps(buf[:0])
				if len(buf) == 0 {
					break
				}
				q = q.Play(buf[rng.IntN(len(buf))])
			}
			for q.PushPending() {
				buf = q.Steps(buf[:0])
				q = q.Play(buf[rng.IntN(len(buf))])
			}
			if midTurn && q.StepsLeft() > 0 && rng.IntN(3) == 0 {
				out = append(out, q)
			}
			if !q.CanEndTurn() {
				break
			}
			q = q.EndTurn()
			if _, over := q.Outcome(); over {
				break
			}
			p = q
			out = append(out, p)
		}
	}
	return out
}

// randomSparse places a few random pieces, rabbits near the goal ranks, to
// exercise goals and captures; positions with problems are skipped.
func randomSparse(seed uint64, count int) []rules.Position {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []rules.Position
	for len(out) < count {
		var b [64]rules.Piece
		n := 4 + rng.IntN(10)
		// Half the positions crowd many pieces into one half of the board,
		// where blockers, freezers and traps make the searches work.
		crowd, half := rng.IntN(2) == 0, rng.IntN(2)
		if crowd {
			n = 10 + rng.IntN(16)
		}
		for i := 0; i < n; i++ {
			c := rules.Color(rng.IntN(2))
			t := rules.PieceType(1 + rng.IntN(6))
			if rng.IntN(2) == 0 {
				t = rules.Rabbit
			}
			sq := rules.Square(rng.IntN(64))
			if crowd {
				sq = rules.NewSquare(rng.IntN(8), 4*half+rng.IntN(4))
			}
			if t == rules.Rabbit && !crowd {
				// bias rabbits toward their goal
				r := 4 + rng.IntN(3)
				if c == rules.Silver {
					r = 7 - r
				}
				sq = rules.NewSquare(rng.IntN(8), r)
			}
			b[sq] = rules.MakePiece(c, t)
		}
		p := rules.NewPosition(rules.Color(rng.IntN(2)), 10, b)
		if len(p.Validate()) > 0 || p.Pieces(rules.Gold, rules.Rabbit) == 0 && p.Pieces(rules.Silver, rules.Rabbit) == 0 {
			continue
		}
		out = append(out, p)
	}
	return out
}

// termOf is the named term of the board, Gold to move, for Gold and
// Silver, under fixedWeights changed by set.
func termOf(t testing.TB, board, name string, set func(*Static)) [2]int {
	t.Helper()
	w := fixedWeights()
	set(&w.Eval)
	p := rulestest.Place(t, rules.Gold, board)
	g := term(New(w).Breakdown(&p), name)
	return [2]int{g.Gold, g.Silver}
}

// mirrorPair is the named term, for Gold and Silver, of the board (Gold to
// move) and of its mirror image, under fixedWeights changed by set.
func mirrorPair(t testing.TB, board, name string, set func(*Static)) (a, b [2]int) {
	t.Helper()
	w := fixedWeights()
	set(&w.Eval)
	e := New(w)
	p := rulestest.Place(t, rules.Gold, board)
	m := p.Mirror()
	x, y := term(e.Breakdown(&p), name), term(e.Breakdown(&m), name)
	return [2]int{x.Gold, x.Silver}, [2]int{y.Gold, y.Silver}
}

// ordered checks that side's share of a term (its penalty or bonus,
// as value reads it) is larger on each case's first board than on its
// second.
func ordered(t *testing.T, value func(board string) int, cases []orderCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if a, b := value(tc.more), value(tc.less); a <= b {
				t.Errorf("%s: %d, not more than %s: %d", tc.more, a, tc.less, b)
			}
		})
	}
}

// orderCase is one case of ordered.
type orderCase struct{ name, more, less string }
