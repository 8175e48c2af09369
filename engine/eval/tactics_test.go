package eval

import (
	"slices"
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

func TestFindTactics(t *testing.T) {
	tests := []struct {
		name       string
		pieces     string // Gold to move; empty for the start position
		filter     TacticsFilter
		wantFrozen rules.Bitboard
		wantDanger rules.Bitboard
		wantGoal   []string
	}{
		{"quiet start", "", AllTactics, 0, 0, nil},
		{"both sides", "Ed4 rc4 Ra7 rh2 Mf1 eh8", AllTactics, rules.C4.Bit(), rules.C4.Bit(), []string{"Ra7n", "rh2s"}},
		{"danger only", "Ed4 rc4 Ra7 rh2 Mf1 eh8", TacticsFilter{Danger: true}, 0, rules.C4.Bit(), nil},
		{"frozen only", "Ed4 rc4 Ra7 rh2 Mf1 eh8", TacticsFilter{Frozen: true}, rules.C4.Bit(), 0, nil},
		{"nothing asked", "Ed4 rc4 Ra7 rh2 Mf1 eh8", TacticsFilter{}, 0, 0, nil},
		{"frozen of both sides", "Rb2 cb3 Ra7 ma8", TacticsFilter{Frozen: true}, rules.B2.Bit() | rules.A7.Bit(), 0, nil},
		{"invalid position: frozen only", "Ed4 Ee4 rc4 Ra7 rh2", AllTactics, rules.C4.Bit(), 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := rules.StartPosition()
			if tt.pieces != "" {
				p = rulestest.Place(t, rules.Gold, tt.pieces)
			}
			got := FindTactics(p, tt.filter)
			if got.Frozen != tt.wantFrozen {
				t.Errorf("frozen\n%v\nwant\n%v", got.Frozen, tt.wantFrozen)
			}
			if got.Danger != tt.wantDanger {
				t.Errorf("danger\n%v\nwant\n%v", got.Danger, tt.wantDanger)
			}
			var goal []string
			for _, s := range got.Goal {
				goal = append(goal, s.String())
			}
			if !slices.Equal(goal, tt.wantGoal) {
				t.Errorf("goal steps %v, want %v", goal, tt.wantGoal)
			}
		})
	}
}

// TestFindTacticsMidTurn: after a step the opponent's threats are not
// looked for again.
func TestFindTacticsMidTurn(t *testing.T) {
	p := rulestest.Place(t, rules.Gold, "Ed4 rc4 Rb2 rh2 Mf1 eh8")
	q := play(t, p, "Rb2n")
	if got := FindTactics(q, AllTactics); len(got.Goal) != 0 {
		t.Errorf("mid-turn goal steps %v", got.Goal)
	}
	if got := FindTactics(p, AllTactics); len(got.Goal) == 0 {
		t.Error("the opponent's goal threat at the turn's start was not found")
	}
}
