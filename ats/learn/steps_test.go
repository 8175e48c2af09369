package learn

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// elephantGames are games of one move each in which gold could move its
// elephant or a cat: the elephant makes the move's four steps, or the cat
// does while the elephant stays.
func elephantGames(t *testing.T, elephant bool) []played {
	var gs []played
	for _, f := range "abdeg" {
		pos := rulestest.Place(t, rules.Gold, "Ee5 C"+string(f)+"1 Rh1 rh8")
		mv := "C" + string(f) + "1n C" + string(f) + "2n C" + string(f) + "3n"
		if elephant {
			mv = "Ee5n Ee6n Ee7w Ed7w"
		}
		gs = append(gs, played{pos: pos, moves: []string{mv}})
	}
	return gs
}

// TestKnowledgeStepDecides: learning the knowledge table, the weight of
// moving the elephant goes up where the players always moved it, and down
// where they never did; the loss falls; nothing of [eval] changes.
func TestKnowledgeStepDecides(t *testing.T) {
	for _, tc := range []struct {
		name     string
		elephant bool
		up       bool
	}{
		{"the elephant moves", true, true},
		{"the cat moves", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := readCorpus(t, archive(t, elephantGames(t, tc.elephant)), ReadOptions{})
			opt := small(config.Default())
			opt.Table = TableKnowledge
			opt.Step = 10
			res, err := Train(context.Background(), c, opt)
			if err != nil {
				t.Fatal(err)
			}
			w := weightOf(t, res, "knowledge.elephant")
			if moved := w.New - w.Old; tc.up && moved <= 0 || !tc.up && moved >= 0 {
				t.Errorf("knowledge.elephant went from %d to %d", w.Old, w.New)
			}
			if !(res.After.Loss < res.Before.Loss) {
				t.Errorf("loss %.4f after, %.4f before: want lower", res.After.Loss, res.Before.Loss)
			}
			if !reflect.DeepEqual(res.Config.Weights.Eval, config.Default().Weights.Eval) {
				t.Error("learning the knowledge table changed the [eval] weights")
			}
			for _, x := range res.Weights {
				if x.Key == "knowledge.late_pieces" || x.Key == "eval.cat" {
					t.Errorf("%s is learned with the knowledge table", x.Key)
				}
			}
		})
	}
}

// TestStepDecisions: a move's decisions are its steps with their options,
// and ending the turn early where the mover did; a push's second half,
// which has no choice, is none.
func TestStepDecisions(t *testing.T) {
	p := rulestest.Place(t, rules.Gold, "Ed4 ce4 rh8")
	push := rules.MoveOf(rulestest.Step(t, "ce4n"), rulestest.Step(t, "Ed4e"))
	var got []string
	var buf [128]rules.Step
	stepDecisions(&sampled{pos: p, moves: []rules.Move{push}}, buf[:], func(_ *rules.Position, prev, played rules.Step, opts []rules.Step) {
		got = append(got, prev.String()+">"+played.String())
		if played == rules.Pass && !slices.Contains(opts, played) {
			t.Error("ending the turn is not among the options")
		}
	})
	// The push's first half, then (the second half having no choice)
	// ending the turn after two steps.
	want := []string{rules.NoStep.String() + ">ce4n", "Ed4e>" + rules.Pass.String()}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decisions %q, want %q", got, want)
	}
}
