package mcts

import (
	"testing"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

func TestRabbitRun(t *testing.T) {
	tests := []struct {
		name string
		pos  rules.Position
		want bool
	}{
		{"open file", rulestest.Board(t, rules.Gold,
			"r.r..rrr", "........", "........", "....R...", "........", "........", "........", "E......."), true},
		{"four steps", rulestest.Board(t, rules.Gold,
			"r.r..rrr", "........", "........", "........", "....R...", "........", "........", "E......."), true},
		{"too far", rulestest.Board(t, rules.Gold,
			"r.r..rrr", "........", "........", "........", "........", "....R...", "........", "E......."), false},
		{"blocked", rulestest.Board(t, rules.Gold,
			"r.r.rrrr", "....d...", "........", "....R...", "........", "........", "........", "E......."), false},
		{"around a blocker", rulestest.Board(t, rules.Gold,
			"r.r..rrr", "....r...", "........", "....R...", "........", "........", "........", "E......."), true},
		{"frozen", rulestest.Board(t, rules.Gold,
			"r.r..rrr", "........", "........", "...hR...", "........", "........", "........", "E......."), false},
		{"frozen on the way", rulestest.Board(t, rules.Gold,
			"r.r..rrr", "...c.c..", "........", "....R...", "........", "........", "........", "E......."), false},
		{"trap on the way", rulestest.Board(t, rules.Gold,
			"rrrrrr..", "........", ".r.r....", "..R.....", "........", "........", "........", "E......."), false},
		{"silver", rulestest.Board(t, rules.Silver,
			"e.......", "........", "........", "........", ".....r..", "........", "........", "RRRR..RR"), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := rabbitRun(&tc.pos, 4); got != tc.want {
				t.Errorf("rabbitRun = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRabbitRunSound checks along random games that the narrowed check
// never claims a goal the exact goal search does not find.
func TestRabbitRunSound(t *testing.T) {
	rng := uint64(7)
	var buf [128]rules.Step
	found := 0
	for game := 0; game < 40; game++ {
		p := rulestest.MiddleGame(t)
		for ply := 0; ply < 160; ply++ {
			if rabbitRun(&p, 4) {
				found++
				if _, ok := eval.GoalCheck(&p); !ok {
					t.Fatalf("rabbitRun finds a goal eval.GoalCheck does not:\n%s", p.AEIString())
				}
			}
			steps := p.Steps(buf[:0])
			if len(steps) == 0 {
				break
			}
			p = p.Play(steps[splitmix(&rng)%uint64(len(steps))])
			if p.StepsLeft() == 0 || p.CanEndTurn() && splitmix(&rng)%4 == 0 {
				if !p.CanEndTurn() {
					break
				}
				p = p.EndTurn()
				if _, over := decided(&p); over {
					break
				}
			}
		}
	}
	if found == 0 {
		t.Errorf("no goal found in the random games: the test checks nothing")
	}
}
