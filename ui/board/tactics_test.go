package board

import (
	"testing"

	"arimaa-workbench/engine/rules"
)

func TestTactics(t *testing.T) {
	tests := []struct {
		name       string
		pieces     string
		show       Show
		wantDanger rules.Bitboard
		wantGoal   []string
	}{
		{"quiet start", "", DefaultShow, 0, nil},
		{"both sides", "Ed4 rc4 Ra7 rh2 Mf1 eh8", DefaultShow, rules.C4.Bit(), []string{"Ra7n", "rh2s"}},
		{"danger only", "Ed4 rc4 Ra7 rh2 Mf1 eh8", Show{Danger: true}, rules.C4.Bit(), nil},
		{"nothing asked", "Ed4 rc4 Ra7 rh2 Mf1 eh8", Show{}, 0, nil},
		{"invalid position gets nothing", "Ed4 Ee4 rc4 Ra7 rh2", DefaultShow, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := rules.StartPosition()
			if tt.pieces != "" {
				p = place(t, rules.Gold, tt.pieces)
			}
			danger, goal := Tactics(p, tt.show)
			if danger != tt.wantDanger {
				t.Errorf("danger\n%v\nwant\n%v", danger, tt.wantDanger)
			}
			var got []string
			for _, s := range goal {
				got = append(got, s.String())
			}
			if len(got) != len(tt.wantGoal) {
				t.Fatalf("goal steps %v, want %v", got, tt.wantGoal)
			}
			for i := range got {
				if got[i] != tt.wantGoal[i] {
					t.Fatalf("goal steps %v, want %v", got, tt.wantGoal)
				}
			}
		})
	}
}
