package eval

import (
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// rabbitGoalWeights turns the rabbit-goal term on with round figures: 1000
// points four ranks from the goal and fewer farther, and no trap part.
func rabbitGoalWeights() Weights {
	w := fixedWeights()
	w.Eval.RabbitGoal = [6]int{3000, 2000, 1500, 1000, 500, 200}
	w.Eval.RabbitGoalTrap = [6]int{}
	return w
}

// rabbitGoalOf is the rabbit-goal term of the board (Gold to move) for
// Gold and Silver.
func rabbitGoalOf(t *testing.T, e *Evaluator, board string) [2]int {
	t.Helper()
	p := rulestest.Place(t, rules.Gold, board)
	g := term(e.Breakdown(&p), "rabbit goal threat")
	return [2]int{g.Gold, g.Silver}
}

// TestRabbitGoalFigure works one rabbit out by hand. Gold's rabbit on d4
// has four ranks to go (1000 points). Its blockers: Silver's rabbit on h8,
// four files aside on the goal rank, 0 + 1; the d file adds no edge: 1, a
// factor of 1.410. Its support around d7 and e7: its own rabbit three steps
// away counts 2 (weight 2, once as a piece), the enemy rabbit four steps
// away -1 (weight 1), (2 - 1 + 1) / 2 = 1 in all, a factor of 0.627. In
// sixteenths of a point, 16,000 × 1.410 × 0.627 = 14,144, which the bell
// spreads and gathers unchanged: 884 points.
func TestRabbitGoalFigure(t *testing.T) {
	w := fixedWeights()
	w.Eval.RabbitGoal = [6]int{0, 0, 0, 1000, 0, 0}
	w.Eval.RabbitGoalTrap = [6]int{}
	if got := rabbitGoalOf(t, New(w), "Rd4 rh8"); got != [2]int{884, 0} {
		t.Errorf("rabbit goal %v, want [884 0]", got)
	}
}

// TestRabbitGoalOrder: the term grows and shrinks the way a defender
// reads a rabbit's threat.
func TestRabbitGoalOrder(t *testing.T) {
	e := New(rabbitGoalWeights())
	gold := func(board string) int { return rabbitGoalOf(t, e, board)[0] }
	const base = " ra8 rh8"
	for _, tc := range []struct{ name, more, less string }{
		{"nearer the goal", "Rd6" + base, "Rd4" + base},
		{"a dog straight ahead", "Rd4" + base, "Rd4 dd5" + base},
		{"a dog ahead rather than behind", "Rd4 dd2" + base, "Rd4 dd5" + base},
		{"a wall across its way", "Rd4 dd5" + base, "Rd4 dc6 dd6 ce6 cf6 hb6 hg6" + base},
		{"own elephant at the goal, not the enemy's", "Rd4 Ed7" + base, "Rd4 ed7" + base},
		{"the centre file, not the edge", "Rd4" + base, "Ra4" + base},
		{"unfrozen", "Rd4 Ee1" + base, "Rd4 Ee1 cd3" + base},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if a, b := gold(tc.more), gold(tc.less); a <= b {
				t.Errorf("%s: %d, not more than %s: %d", tc.more, a, tc.less, b)
			}
		})
	}
	// Two rabbits on neighbouring files threaten one goal area: less than
	// twice one; on opposite wings, two: twice one.
	one, near, far := gold("Rd4"+base), gold("Rd4 Re4"+base), gold("Ra4 Rh4"+base)
	edge := gold("Ra4" + base)
	if near >= 2*one || near <= one {
		t.Errorf("one rabbit %d, two side by side %d: want between one and two rabbits", one, near)
	}
	if far != 2*edge {
		t.Errorf("rabbits on a4 and h4 %d, want twice a4's %d", far, edge)
	}
}

// TestRabbitGoalTrap: the trap part grows with the attacker's lead at the
// enemy's home trap on the rabbit's wing, and a rabbit on the other wing
// does not see it.
func TestRabbitGoalTrap(t *testing.T) {
	w := fixedWeights()
	w.Eval.RabbitGoal = [6]int{}
	w.Eval.RabbitGoalTrap = [6]int{0, 0, 0, 100, 0, 0}
	e := New(w)
	// c6 with nothing within three steps (the rabbit on a4 is four away): a
	// lead of 0, (0 + 50) / 100 of 100 points.
	if got := rabbitGoalOf(t, e, "Ra4 rh8"); got[0] != 50 {
		t.Errorf("no lead: %d, want 50", got[0])
	}
	// Gold's elephant beside c6 weighs 32 (8, no stronger enemy piece,
	// times 4), the camel two steps away 16: a lead of 48, 98 points. For
	// a rabbit on h4, f6 has nothing within three steps: 50.
	if got := rabbitGoalOf(t, e, "Ra4 Ec7 Mc4 rh8"); got[0] != 98 {
		t.Errorf("elephant and camel at c6: %d, want 98", got[0])
	}
	if got := rabbitGoalOf(t, e, "Rh4 Ec7 Mc4 rh8"); got[0] != 50 {
		t.Errorf("rabbit on the other wing: %d, want 50", got[0])
	}
	// The rabbit itself, three steps from c6, weighs 8: 58.
	if got := rabbitGoalOf(t, e, "Rb4 rh8"); got[0] != 58 {
		t.Errorf("the rabbit's own weight: %d, want 58", got[0])
	}
}

// TestRabbitGoalSymmetry: the same with the colours swapped and mirrored,
// and nothing with the weights at zero.
func TestRabbitGoalSymmetry(t *testing.T) {
	e := New(rabbitGoalWeights())
	w := rabbitGoalWeights()
	w.Eval.RabbitGoalTrap = [6]int{400, 300, 200, 100, 50, 20}
	sameWithColoursSwapped(t, e)
	sameWithColoursSwapped(t, New(w))
	mirror := func(s rules.Square) rules.Square { return rules.NewSquare(7-s.File(), s.Rank()) }
	for i, p := range randomPositions(13, 8, 40, false) {
		m := transform(p, mirror, false)
		if a, b := New(w).Evaluate(&p), New(w).Evaluate(&m); a != b {
			t.Fatalf("position %d %s: %d, mirrored %d", i, p.AEIString(), a, b)
		}
	}
	w.Eval.RabbitGoal, w.Eval.RabbitGoalTrap = [6]int{}, [6]int{}
	if got := rabbitGoalOf(t, New(w), "Rd6 Ed7 ra8"); got != [2]int{} {
		t.Errorf("weights at zero: %v", got)
	}
}
