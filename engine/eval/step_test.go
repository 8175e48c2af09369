package eval

import (
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

func TestStepScore(t *testing.T) {
	w := fixedWeights()
	k := w.Knowledge
	e := New(w)
	const base = " Ra1 rh8"
	const crowd = " Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Hh2 Cb2 Cg2 ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 hh7 cb7 cg7"
	tests := []struct {
		name, board, prev, step string
		want                    int
	}{
		{"elephant", "Ed4" + base, "", "Ed4n", k.Elephant},
		{"inverse", "Ed4" + base, "Ed4n", "Ed5s", k.Elephant + k.Inverse},
		{"locality", "Ed4 Dd2" + base, "Ed4s", "Dd2e", k.Locality + k.LocalityNear},
		{"locality, same square", "Ed4 Dd2" + base, "Ed4s", "Ed3e", k.Elephant + k.Locality + 2*k.LocalityNear},
		{"far from the previous step", "Ed4 Dh6" + base, "Ed4s", "Dh6w", 0},
		{"push", "Ed4 rd5" + base, "", "rd5n", k.PushPull + k.Displace[rules.Rabbit]},
		{"pull a horse", "Ed4 hd5" + base, "Ed4s", "hd5s", k.Locality + k.PushPull + k.Displace[rules.Horse]},
		{"capture by push", "Ed4 dc4" + base, "", "dc4s", k.PushPull + k.Displace[rules.Dog] + k.Capture + w.Eval.Dog},
		{"capture by pulling the guard", "Ee6 rd6 dc6" + base, "Ee6e", "rd6e", k.Locality + k.PushPull + k.Capture + w.Eval.Dog},
		{"suicide", "Dd3" + base, "", "Dd3w", k.Suicide - w.Eval.Dog},
		{"abandon a piece on a trap", "Cc3 Dd3" + base, "", "Dd3n", k.Suicide - w.Eval.Cat},
		{"unsafe trap", "Dd3 Cc2" + base, "", "Dd3w", k.UnsafeTrap},
		{"rabbit, late phase", "Rb3" + base, "", "Rb3n", k.RabbitLate + k.GoalApproach[3]},
		{"rabbit, middle phase", "Rb3" + crowd, "", "Rb3n", k.RabbitMiddle + k.GoalApproach[3]},
		{"rabbit, early phase", "Rb3 Md2 Ee2 md7 ee7 Dc2" + crowd, "", "Rb3n", k.RabbitEarly + k.GoalApproach[3]},
		{"rabbit sideways", "Rb4" + base, "", "Rb4e", k.RabbitLate},
		{"goal", "Rb7" + base, "", "Rb7n", k.RabbitLate + k.GoalApproach[7]},
		{"silver rabbit forward", "rb5" + base, "", "rb5s", k.RabbitLate + k.GoalApproach[4]},
		{"escape", "Dd4 ed5 Cc4" + base, "", "Dd4s", k.Escape},
		{"step into a freeze", "Dd3 ed5" + base, "", "Dd3n", k.SelfFreeze},
		{"freeze an enemy", "Ed3 rd5" + base, "", "Ed3n", k.Elephant + k.Freeze},
		{"already frozen enemy", "Ed3 rd5 Cc5" + base, "", "Ed3n", k.Elephant},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			side := rules.Gold
			s, err := rules.ParseStep(tc.step)
			if err != nil {
				t.Fatal(err)
			}
			if tc.name == "silver rabbit forward" {
				side = rules.Silver
			}
			p := rulestest.Place(t, side, tc.board)
			prev := rules.NoStep
			if tc.prev != "" {
				prev, _ = rules.ParseStep(tc.prev)
				p = play(t, p, tc.prev)
			}
			if !p.Legal(s) {
				t.Fatalf("%s is not legal in %s", tc.step, p.AEIString())
			}
			if got := e.StepScoreAfter(&p, prev, s); got != tc.want {
				t.Errorf("StepScoreAfter(%s, %s) = %d, want %d", tc.prev, tc.step, got, tc.want)
			}
			if prev == rules.NoStep && e.StepScore(&p, s) != tc.want {
				t.Errorf("StepScore differs from StepScoreAfter with no previous step")
			}
		})
	}
	p := rulestest.Place(t, rules.Gold, "Ed4"+base)
	if got, want := e.StepScore(&p, rules.Pass), k.Pass+4*k.PassPerStep; got != want {
		t.Errorf("pass scores %d, want %d", got, want)
	}
	p = play(t, p, "Ed4n")
	if got, want := e.StepScore(&p, rules.Pass), k.Pass+3*k.PassPerStep; got != want {
		t.Errorf("pass after a step scores %d, want %d", got, want)
	}
}
