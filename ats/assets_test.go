package ats

import (
	"testing"

	"arimaa-workbench/engine/rules"
)

// exampleSuite is the example suite shipped with the workbench.
const exampleSuite = "../assets/tests"

// TestExampleSuite checks every example test: it loads, its position is a
// game in progress, the author's solution scores full marks under the
// rules core, and the criteria are not met by every move (so the test can
// fail).
func TestExampleSuite(t *testing.T) {
	s, errs := LoadSuite(exampleSuite)
	for _, err := range errs {
		t.Errorf("load: %v", err)
	}
	if len(s.Tests) < 30 {
		t.Errorf("%d example tests, want at least 30", len(s.Tests))
	}
	tags := map[string]int{}
	for _, tc := range s.Tests {
		for _, tag := range tc.Tags {
			tags[tag]++
		}
		t.Run(tc.Name, func(t *testing.T) {
			g, err := rules.NewGameFrom(tc.Position)
			if err != nil {
				t.Fatal(err)
			}
			if g.Phase() != rules.Playing {
				t.Fatalf("the game is not in progress: phase %v", g.Phase())
			}
			if tc.Solution == "" {
				t.Fatal("no solution given")
			}
			rep := Report{WinRatio: 1, HasWinRatio: true}
			pl, v, err := tc.Score(tc.Solution, rep)
			if err != nil {
				t.Fatalf("solution %q: %v", tc.Solution, err)
			}
			if v.Score != tc.Criteria.MaxScore() || v.Score <= 0 {
				t.Fatalf("solution %s scores %v of %v (%+v)", pl.Text, v.Score, tc.Criteria.MaxScore(), v.Blocks)
			}
			// Some move must fall short: sample the unique moves.
			var gen rules.MoveGen
			moves := gen.Moves(tc.Position, nil)
			step := max(1, len(moves)/300)
			failing := 0
			for i := 0; i < len(moves); i += step {
				played, err := PlayMove(tc.Position, tc.Position.MoveString(moves[i]))
				if err != nil {
					t.Fatalf("generated move %v: %v", moves[i], err)
				}
				if tc.Criteria.Judge(tc.Position, played, rep).Score < tc.Criteria.MaxScore() {
					failing++
				}
			}
			if failing == 0 {
				t.Errorf("every sampled move of %d passes: the test cannot fail", len(moves))
			}
		})
	}
	for _, want := range []string{"goal", "prevent-goal", "capture", "defend-trap", "hostage", "frame", "blockade", "easy-way", "silver"} {
		if tags[want] == 0 {
			t.Errorf("no example test tagged %q", want)
		}
	}
}
