package ats

import (
	"testing"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// A test whose answer does not win at once is wrong when some other move
// forces a goal next turn and the criteria refuse that move: the forced
// goal is the better answer. Three blockade tests were wrong this way (a
// rabbit of the blockade could walk to a goal the opponent could not
// stop). The check walks every move and every reply, so it runs with the
// exhaustive checks only:
//
//	go test ./ats/ -run TestExampleSuiteForcedGoals -args -categories.exhaustive
func TestExampleSuiteForcedGoals(t *testing.T) {
	if !*categoryExhaustive {
		t.Skip("exhaustive check; run with -args -categories.exhaustive")
	}
	s, errs := LoadSuite(exampleSuite)
	for _, err := range errs {
		t.Errorf("load: %v", err)
	}
	for _, tc := range s.Tests {
		t.Run(tc.Name, func(t *testing.T) {
			t.Parallel()
			pl, _, err := tc.Score(tc.Solution, Report{})
			if err != nil {
				t.Fatalf("solution %q: %v", tc.Solution, err)
			}
			if _, over := pl.After.Outcome(); over {
				return // the answer wins now: nothing is faster
			}
			p := tc.Position
			full := tc.Criteria.MaxScore()
			bad := 0
			for _, m := range forcedGoals(p) {
				mp, err := PlayMove(p, p.MoveString(m))
				if err != nil {
					t.Fatal(err)
				}
				if tc.Criteria.Judge(p, mp, Report{}).Score < full {
					if bad++; bad <= 3 {
						t.Errorf("%s forces a goal next turn, yet the criteria refuse it", mp.Text)
					}
				}
			}
			if bad > 3 {
				t.Errorf("%d such moves", bad)
			}
		})
	}
}

// forcedGoals returns the moves from p that do not end the game and after
// which every reply either loses at once or leaves the mover a goal
// (eval.GoalCheck), the opponent having no goal of its own to score first.
func forcedGoals(p rules.Position) []rules.Move {
	var g, h rules.MoveGen
	var out []rules.Move
	g.Each(p, func(m rules.Move, q *rules.Position) {
		e := q.EndTurn()
		if _, over := e.Outcome(); over {
			return
		}
		if _, ok := eval.GoalCheck(&e); ok {
			return // the opponent scores first
		}
		stopped := false
		h.EachUntil(e, func(_ rules.Move, z *rules.Position) bool {
			y := z.EndTurn()
			if r, over := y.Outcome(); over {
				stopped = r.Winner != p.Side()
				return !stopped
			}
			if _, ok := eval.GoalCheck(&y); !ok {
				stopped = true
				return false
			}
			return true
		})
		if !stopped {
			out = append(out, m)
		}
	})
	return out
}

// TestForcedGoals checks forcedGoals on a position where moves force a
// goal and on one where none does.
func TestForcedGoals(t *testing.T) {
	board := func(row6, row2 string) rules.Position {
		t.Helper()
		p, err := records.ParsePosition("10w\n" +
			" +-----------------+\n" +
			"8| r . . . . . . . |\n" +
			"7| . . . . . . . . |\n" +
			"6| " + row6 + " |\n" +
			"5| . . . . . . . . |\n" +
			"4| . . . . . . . . |\n" +
			"3| . . x . . x . . |\n" +
			"2| " + row2 + " |\n" +
			"1| E . . . . . . . |\n" +
			" +-----------------+\n" +
			"   a b c d e f g h\n")
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	// A gold rabbit on g6 that does not score now scores next turn: the
	// silver rabbit on a8 cannot reach it.
	if got := forcedGoals(board(". . x . . x R .", ". . . . . . . .")); len(got) == 0 {
		t.Error("rabbit on g6: no forced goal found")
	}
	// On d2, with the silver elephant on d6, every way up passes it.
	if got := forcedGoals(board(". . x e . x . .", ". . . R . . . .")); len(got) != 0 {
		t.Errorf("rabbit on d2: forced goals %v", got)
	}
}
