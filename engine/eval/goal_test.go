package eval

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

func TestGoalCheck(t *testing.T) {
	tests := []struct {
		name  string
		side  rules.Color
		board string
		steps string // played first, mid-turn
		want  int    // steps of the shortest goal, -1 for none
		has   string // a word the move must contain (e.g. a capture)
	}{
		{"in 1", rules.Gold, "Ra7 rh8 Eh1", "", 1, ""},
		{"in 2", rules.Gold, "Ra6 rh8 Eh1", "", 2, ""},
		{"in 3", rules.Gold, "Ra5 rh8 Eh1", "", 3, ""},
		{"in 4", rules.Gold, "Ra4 rh8 Eh1", "", 4, ""},
		{"too far", rules.Gold, "Ra3 rh8 Eh1", "", -1, ""},
		{"around a blocker", rules.Gold, "Ra7 ra8 Eh1", "", 2, ""},
		{"frozen, no help", rules.Gold, "Ra7 ra8 hb7 Eh1 rh8", "", -1, ""},
		{"unfreeze first", rules.Gold, "Ra7 hb7 Ea5 rh8", "", 2, "Ea5n"},
		{"pull the blocker", rules.Gold, "Ra7 ra8 rb7 Ca6 Eb8 rh8", "", 3, "Eb8e"},
		{"capture the freezer", rules.Gold, "Rc7 rb7 rd7 dc6 rd6 Ee6 rh8", "", 3, "dc6x"},
		{"blocked column, sides taken", rules.Gold, "Rb7 rb8 ra7 rc7 Rh2 rh8", "", -1, ""},
		{"silver in 2", rules.Silver, "rh3 Ra1 ea8", "", 2, ""},
		{"silver in 4", rules.Silver, "rd5 Ra1 ea8", "", 4, ""},
		{"silver frozen", rules.Silver, "rd2 Hd3 Rd1 Ra1", "", -1, ""},
		{"mid-turn, enough steps", rules.Gold, "Ra6 rh8 Eh1", "Eh1n Eh2n", 2, ""},
		{"mid-turn, too few", rules.Gold, "Ra5 rh8 Eh1", "Eh1n Eh2n", -1, ""},
		{"already reached this turn", rules.Gold, "Ra7 rh8 Eh1", "Ra7n", 0, ""},
		{"no rabbits", rules.Gold, "Ea7 rh8", "", -1, ""},
		{"no spare step, blocked", rules.Gold, "Ra4 ra7 Eh1 rh8", "", -1, ""},
		{"one spare step unfreezes from the trap", rules.Gold, "Rb6 da6 Hd6 Eh1 rh8", "", 3, "Hd6w"},
		{"two spare steps walk the friend in", rules.Gold, "Rb6 da6 He6 Eh1 rh8", "", 4, "He6w"},
		{"the pull's second half takes the freezer's last guard", rules.Gold, "Rc7 dc6 cd6 He6 Eh1 rh8", "Eh1n He6s", 2, "dc6x"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := play(t, rulestest.Place(t, tc.side, tc.board), tc.steps)
			m, ok := GoalCheck(&p)
			if want := tc.want >= 0; ok != want {
				t.Fatalf("GoalCheck = %v (%s), want %v", ok, m, want)
			}
			if !ok {
				return
			}
			if int(m.N) != tc.want {
				t.Errorf("goal %q has %d steps, want %d", p.MoveString(m), m.N, tc.want)
			}
			checkGoalMove(t, p, m)
			if tc.has != "" && !strings.Contains(p.MoveString(m), tc.has) {
				t.Errorf("goal %q lacks %q", p.MoveString(m), tc.has)
			}
		})
	}
}

// playChecked plays m from p with every step checked by the rules; a step
// they refuse fails the test, which names the move as what it is ("goal
// move").
func playChecked(t testing.TB, p rules.Position, m rules.Move, what string) rules.Position {
	t.Helper()
	q := p
	for _, s := range m.Slice() {
		var err error
		if q, _, err = q.PlayChecked(s); err != nil {
			t.Fatalf("%s %s from %s: %v", what, m, p.AEIString(), err)
		}
	}
	return q
}

// checkGoalMove plays m with full checking and requires a friendly rabbit
// on the goal rank at a legal end of turn.
func checkGoalMove(t *testing.T, p rules.Position, m rules.Move) {
	t.Helper()
	q := playChecked(t, p, m, "goal move")
	goal, _ := goalRank(p.Side())
	if !q.CanEndTurn() || q.Pieces(p.Side(), rules.Rabbit)&goal == 0 {
		t.Fatalf("move %s from %s does not score", m, p.AEIString())
	}
}

// bruteGoal is the length of the shortest unique move ending with a
// friendly rabbit on the goal rank, -1 if none.
func bruteGoal(g *rules.MoveGen, p rules.Position) int {
	goal, _ := goalRank(p.Side())
	if p.Pieces(p.Side(), rules.Rabbit)&goal != 0 && p.CanEndTurn() {
		return 0
	}
	best := -1
	g.EachUntil(p, func(m rules.Move, after *rules.Position) bool {
		if after.Pieces(p.Side(), rules.Rabbit)&goal != 0 {
			best = int(m.N) // moves come in order of length
			return false
		}
		return true
	})
	return best
}

// compareGoal fails the test unless GoalCheck at p finds a goal exactly
// when the brute force does, of the same length and playable; it reports
// whether there is one. what names the position in the failure.
func compareGoal(t *testing.T, g *rules.MoveGen, p rules.Position, what string) bool {
	t.Helper()
	want := bruteGoal(g, p)
	m, ok := GoalCheck(&p)
	got := -1
	if ok {
		got = int(m.N)
		checkGoalMove(t, p, m)
	}
	if got != want {
		t.Fatalf("%s %s (steps taken %d): GoalCheck %d steps (%s), brute force %d", what, p.AEIString(), p.StepsTaken(), got, m, want)
	}
	return ok
}

func TestGoalCheckAgainstMoveGen(t *testing.T) {
	// The two brute-force comparisons are most of the package's time and
	// share nothing: they run side by side.
	t.Parallel()
	var ps []rules.Position
	ps = append(ps, randomPositions(1, 12, 60, true)...)
	ps = append(ps, randomSparse(2, 1500)...)
	var g rules.MoveGen
	goals := 0
	for i, p := range ps {
		if compareGoal(t, &g, p, fmt.Sprintf("position %d", i)) {
			goals++
		}
	}
	t.Logf("%d positions, %d with a goal", len(ps), goals)
	if goals < len(ps)/20 {
		t.Errorf("only %d goals among %d positions: the sample does not exercise GoalCheck", goals, len(ps))
	}
}

// TestGoalCheckNearMisses compares GoalCheck with the brute force where it
// prunes hardest: Gold rabbits one to three ranks from their goal among
// many pieces of both sides in the upper half, at the start of a turn or
// a step or two into it, where a goal hangs on a freezer, a blocker or a
// single spare step.
// nearMisses is how many positions TestGoalCheckNearMisses compares.
const nearMisses = 2500

func TestGoalCheckNearMisses(t *testing.T) {
	rng := rand.New(rand.NewPCG(77, 3))
	var g rules.MoveGen
	goals, n := 0, 0
	for n < nearMisses {
		var b [64]rules.Piece
		for range 1 + rng.IntN(3) {
			b[rules.NewSquare(rng.IntN(8), 4+rng.IntN(3))] = rules.MakePiece(rules.Gold, rules.Rabbit)
		}
		for range 6 + rng.IntN(14) {
			c, tp := rules.Color(rng.IntN(2)), rules.PieceType(2+rng.IntN(5))
			if rng.IntN(4) == 0 {
				c, tp = rules.Silver, rules.Rabbit
			}
			if sq := rules.NewSquare(rng.IntN(8), 3+rng.IntN(5)); b[sq] == rules.Empty {
				b[sq] = rules.MakePiece(c, tp)
			}
		}
		p := rules.NewPosition(rules.Gold, 10, b)
		if len(p.Validate()) > 0 {
			continue
		}
		for range rng.IntN(3) {
			if st := p.Steps(nil); len(st) > 0 {
				p = p.Play(st[rng.IntN(len(st))])
			}
		}
		n++
		if compareGoal(t, &g, p, fmt.Sprintf("near miss %d", n)) {
			goals++
		}
	}
	if goals < n/10 || goals > n*9/10 {
		t.Errorf("%d goals among %d positions: the sample does not test both answers", goals, n)
	}
}

// TestLowerBoundPath: a rabbit two ranks from its goal must empty the
// squares ahead on its file, or step aside to a file whose last two
// squares it can reach empty.
func TestLowerBoundPath(t *testing.T) {
	for _, tc := range []struct {
		name, board string
		want        int
	}{
		{"open file", "Rc6 Eh1 rh8", 2},
		{"own dog ahead: it steps away", "Rc6 Dc7 Eh1 rh8", 3},
		{"enemy rabbit on its goal square, the b file open", "Rc6 rc8 Eh1", 3},
		{"the b and d files held too, the a file open", "Rc6 rb8 rc8 rd8 Eh1", 4},
		{"every goal square within two files held, no pusher near", "Rc6 ra8 rb8 rc8 rd8 re8 Eh1", 5},
		{"two own pieces ahead: a step each", "Rb5 Db6 Cb7 Eh1 ra8 rc8 rh8", 5},
		{"one of them on a trap, which a guard leaving may empty with another", "Rc5 Dc6 Cc7 Eh1 rb8 rd8 rh8", 4},
		{"one rank away, its goal square held, the b file open", "Ra7 ra8 Eh1 rh8", 2},
		{"one rank away, held ahead and on the files beside, no pusher near (a detour's goal square counts)", "Ra7 ra8 rb8 rc7 rd7 Eb4 rh8", 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := rulestest.Place(t, rules.Gold, tc.board)
			goal, _ := goalRank(rules.Gold)
			if got := lowerBound(&p, rules.Gold, p.Pieces(rules.Gold, rules.Rabbit), goal, 0, 4); got != tc.want {
				t.Errorf("lower bound %d, want %d", got, tc.want)
			}
		})
	}
}
