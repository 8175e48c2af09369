package eval

import (
	"math"
	"testing"

	"arimaa-workbench/engine/phase"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// The game phase's blending keys are off by default (the paper's method
// gained nothing in matches); phase_minor_advance is the learned weights'.
// With it at 0 no term uses the phase.
func TestPhaseKeysOffByDefault(t *testing.T) {
	w := DefaultWeights()
	if w.Eval.PhaseWeight != 0 || w.Knowledge.PhaseWeight != 0 {
		t.Fatalf("phase keys on by default: %+v", w)
	}
	w.Eval.PhaseMinorAdvance = 0
	e := New(w)
	for _, p := range randomPositions(7, 20, 40, false) {
		if tm := term(e.Breakdown(&p), "minors forward"); tm.Gold != 0 || tm.Silver != 0 {
			t.Fatalf("minors forward = %+v with the key off", tm)
		}
	}
}

// eval.phase_weight blends the rabbit-advance tables by the phase where
// the piece count picks the early one.
func TestPhaseWeightRabbitAdvance(t *testing.T) {
	// 22 pieces (more than late_pieces: the early table by count), Silver
	// down six: phase (6 + 1/3)/12. Gold's one rabbit off its home rank
	// stands on rank 6 (index 5).
	p := rulestest.Place(t, rules.Gold, "Ra1 Rb1 Rc1 Rd6 He2 Hh2 Cb2 Cg2 Dc2 Df2 Md2 Ee1 "+
		"ra8 rb8 rc8 rd8 re8 ha7 hh7 md7 ee7 cc7")
	ph := phase.Of(p)
	if p.Occupied().Count() <= DefaultWeights().Eval.LatePieces || ph <= 0.4 || ph >= 0.6 {
		t.Fatalf("test position: %d pieces, phase %v", p.Occupied().Count(), ph)
	}
	// The rabbits at home count nothing, so that the term is the one on d6.
	// The tables Bonanza's method learned (the defaults before the
	// teacher fit), whose middle-game and endgame values differ on rank 6.
	base := DefaultWeights()
	base.Eval.RabbitRank = [8]int{0, -10, -20, -11, -17, -11, 6, 0}
	base.Eval.RabbitRankLate = [8]int{0, 2, 3, -3, 10, 13, 18, 0}
	def := base.Eval
	soft := (1-ph)*float64(def.RabbitRank[5]) + ph*float64(def.RabbitRankLate[5])
	tests := []struct {
		weight float64
		want   int
	}{
		{0, def.RabbitRank[5]},
		{0.5, int(math.Round(0.5*float64(def.RabbitRank[5]) + 0.5*soft))},
		{1, int(math.Round(soft))},
	}
	for _, tc := range tests {
		w := base
		w.Eval.PhaseWeight = tc.weight
		if got := term(New(w).Breakdown(&p), "rabbit advance").Gold; got != tc.want {
			t.Errorf("phase_weight %v: gold's rabbit advance %d, want %d", tc.weight, got, tc.want)
		}
	}
	if tc := tests[2]; tc.want <= tests[0].want {
		t.Errorf("in a middle game the phase should value the advanced rabbit more: %d vs %d", tc.want, tests[0].want)
	}
}

// eval.phase_weight lifts the frame penalty in the endgame.
func TestPhaseWeightFrames(t *testing.T) {
	p := rulestest.Place(t, rules.Gold, "Hc6 Dc5 eb6 md6 hc7 Ra1 Rb1 rg8 rh8")
	if ph := phase.Of(p); ph != 1 {
		t.Fatalf("phase %v, want the endgame", ph)
	}
	full := -New(DefaultWeights()).Value(rules.Horse) * DefaultWeights().Eval.FramePercent / 100
	for _, tc := range []struct {
		weight float64
		want   int
	}{{0, full}, {0.5, int(math.Round(float64(full) / 2))}, {1, 0}} {
		w := DefaultWeights()
		w.Eval.PhaseWeight = tc.weight
		if got := term(New(w).Breakdown(&p), "frames").Gold; got != tc.want {
			t.Errorf("phase_weight %v: frames %d, want %d", tc.weight, got, tc.want)
		}
	}
}

// eval.phase_minor_advance penalises cats and dogs across the board by one
// minus the phase, for either side alike.
func TestPhaseMinorAdvance(t *testing.T) {
	w := DefaultWeights()
	w.Eval.PhaseMinorAdvance = 90
	e := New(w)
	// The start with Gold's c2 cat on c4 and Silver's b7 dog on b5 and
	// c7 cat on c6 (rank 6: not across).
	p := rules.StartPosition()
	p = p.WithPiece(rules.C2, rules.Empty).WithPiece(rules.C4, rules.MakePiece(rules.Gold, rules.Cat))
	p = p.WithPiece(rules.B7, rules.Empty).WithPiece(rules.B5, rules.MakePiece(rules.Silver, rules.Dog))
	p = p.WithPiece(rules.C7, rules.Empty).WithPiece(rules.C6, rules.MakePiece(rules.Silver, rules.Cat))
	ph := phase.Of(p)
	want := -int(math.Round(90 * (1 - ph)))
	if tm := term(e.Breakdown(&p), "minors forward"); tm.Gold != want || tm.Silver != want || want >= 0 {
		t.Errorf("minors forward %+v, want %d each (phase %v)", tm, want, ph)
	}
	late := rulestest.Place(t, rules.Gold, "Cd4 Dd5 Ra1 rg8 ee7")
	if tm := term(e.Breakdown(&late), "minors forward"); tm.Gold != 0 {
		t.Errorf("in the endgame the penalty should be gone: %+v", tm)
	}
}

// knowledge.phase_weight moves a rabbit step's score from the piece-count
// thresholds to the phase.
func TestKnowledgePhaseWeight(t *testing.T) {
	const crowd = " Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Hh2 Cb2 Cg2 ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 hh7 cb7 cg7"
	k := DefaultWeights().Knowledge
	tests := []struct {
		name, board string
		hard        int // the rabbit score by piece count
	}{
		// 30 pieces: early by count; Silver down two: phase 1/6.
		{"early by count", "Rb3 Md2 Ee2 md7 ee7 Dc2" + crowd, k.RabbitEarly},
		// 23 pieces: middle by count; Silver down nine: phase 3/4, the
		// endgame.
		{"middle by count", "Rb3 Md2 Ee2 Dc2 Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Hh2 Cb2 Cg2 ra8 rb8 rc8 rd8 re8 rf8 ha7", k.RabbitMiddle},
		// 3 pieces: late by count and the endgame by phase.
		{"late by count", "Rb3 Ra1 rh8", k.RabbitLate},
	}
	s, _ := rules.ParseStep("Rb3n")
	for _, tc := range tests {
		p := rulestest.Place(t, rules.Gold, tc.board)
		ph := phase.Of(p)
		from, to, x := k.RabbitEarly, k.RabbitMiddle, 2*ph
		if ph > 0.5 {
			from, to, x = k.RabbitMiddle, k.RabbitLate, 2*ph-1
		}
		soft := float64(from) + x*float64(to-from)
		for _, weight := range []float64{0, 0.5, 1} {
			w := DefaultWeights()
			w.Knowledge.PhaseWeight = weight
			want := int(math.Round((1-weight)*float64(tc.hard)+weight*soft)) + k.GoalApproach[3]
			if got := New(w).StepScore(&p, s); got != want {
				t.Errorf("%s (phase %.3f), phase_weight %v: Rb3n scores %d, want %d", tc.name, ph, weight, got, want)
			}
		}
		if tc.name == "early by count" && int(math.Round(soft)) == tc.hard {
			t.Errorf("%s: the phase should change the score", tc.name)
		}
	}
}
