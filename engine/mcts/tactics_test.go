package mcts

import (
	"testing"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// TestDefenceHintsMidTurn: the silver horse on b4 can push the gold dog on
// c4 into c3, or twice north into c6. The trap check names one way per
// piece, c3's at the turn's start; after the camel's Md2n guards c3 the c6
// way still stands, and the defence hints see it (c5 beside c6 becomes a
// guard square) only with search.defence_midturn.
func TestDefenceHintsMidTurn(t *testing.T) {
	p := rulestest.Board(t, rules.Gold,
		"rr...rrr",
		"r.c...dr",
		".......E",
		".....e..",
		".hD.....",
		"........",
		"R..M.C.R",
		"RR....RR")
	start := p
	st, err := rules.ParseStep("Md2n")
	if err != nil {
		t.Fatal(err)
	}
	mid := p.Play(st)
	c4, _ := rules.ParseSquare("c4")
	c5, _ := rules.ParseSquare("c5")
	for _, tc := range []struct {
		name     string
		midTurn  bool
		pos      *rules.Position
		want     bool // the dog on c4 counts as threatened
		wantC5   bool // c5, beside c6, counts as a guard square
		wantHint bool // any threat at all
	}{
		{"turn start", false, &start, true, false, true},
		{"mid-turn, off", false, &mid, false, false, false},
		{"mid-turn, on", true, &mid, true, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := config.Default()
			cfg.Search.DefenceMidTurn = tc.midTurn
			w := New(Options{Threads: 1, Seed: 1, Config: cfg}).newWorker(0)
			h := w.tactics(tc.pos, 1)
			if got := h.threatened.Has(c4); got != tc.want {
				t.Errorf("dog on c4 threatened = %v, want %v", got, tc.want)
			}
			if got := h.guardSquares.Has(c5); got != tc.wantC5 {
				t.Errorf("c5 a guard square = %v, want %v", got, tc.wantC5)
			}
			if got := h.threatened != 0; got != tc.wantHint {
				t.Errorf("any threat = %v, want %v", got, tc.wantHint)
			}
			// Advice comes only from a turn's start, where the board is
			// the one the opponent will face.
			if got, want := w.advice.nCap[rules.Silver] > 0, tc.pos == &start; got != want {
				t.Errorf("silver captures advised = %v, want %v", got, want)
			}
		})
	}
}
