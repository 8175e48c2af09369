package learn

import (
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
	return oneMoveGames(t, "abdeg", func(f string) (string, string) {
		pieces := "Ee5 C" + f + "1 Rh1 rh8"
		if elephant {
			return pieces, "Ee5n Ee6n Ee7w Ed7w"
		}
		return pieces, "C" + f + "1n C" + f + "2n C" + f + "3n"
	})
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
			res, _ := trainMoves(t, c, opt, "knowledge.elephant", tc.up)
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
