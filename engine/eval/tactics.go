package eval

import "arimaa-workbench/engine/rules"

// TacticsFilter says which tactics FindTactics looks for: the trap and
// goal checks cost a search each.
type TacticsFilter struct {
	Frozen bool // the pieces frozen as the position stands
	Danger bool // the pieces that can be captured within a turn
	Goal   bool // a goal within a turn
}

// AllTactics looks for everything.
var AllTactics = TacticsFilter{Frozen: true, Danger: true, Goal: true}

// Tactics is what a view of a position marks on the board from the
// position itself.
type Tactics struct {
	Frozen rules.Bitboard // frozen pieces of both sides
	Danger rules.Bitboard // pieces either side can capture within its turn
	Goal   []rules.Step   // the steps of each side's goal within its turn, if any
}

// FindTactics finds the tactics of p that f asks for, for both sides: the
// side to move as the position stands, and its opponent as if it were to
// move now (a threat to meet; only at the start of a turn, as the
// opponent's threats are those of the turn's start). The captures and
// goals are those of TrapCheck and GoalCheck, exact within the turn. A
// position the rules reject gets no captures or goals, since the checks
// assume a legal board; its frozen pieces are found all the same.
func FindTactics(p rules.Position, f TacticsFilter) Tactics {
	var t Tactics
	if f.Frozen {
		t.Frozen = p.Frozen(rules.Gold) | p.Frozen(rules.Silver)
	}
	if !f.Danger && !f.Goal || len(p.Validate()) > 0 {
		return t
	}
	for i, q := range []rules.Position{p, p.WithSide(p.Side().Other())} {
		if i == 1 && p.StepsTaken() > 0 {
			continue
		}
		if f.Danger {
			for _, c := range TrapCheck(&q) {
				t.Danger |= c.Square.Bit()
			}
		}
		if f.Goal {
			if m, ok := GoalCheck(&q); ok {
				t.Goal = append(t.Goal, m.Slice()...)
			}
		}
	}
	return t
}
