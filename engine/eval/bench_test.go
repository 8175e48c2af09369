package eval

import (
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// benchPositions are the start position, a middle game, a position
// with a gold rabbit one step from its goal behind a blocker (the costly
// case for the goal check), and a crowded middle game of a match where
// rabbits of both sides stand two ranks from their goals, one frozen,
// the other free but boxed in, with Gold and with Silver to move.
func benchPositions(b testing.TB) map[string]rules.Position {
	crowded := func(side string) rules.Position {
		p, err := rules.ParseAEIPosition(side + " [hr r r r Mr  d  ce    R rC  cEmr     dH   D   Dr  R  CR RR R R R]")
		if err != nil {
			b.Fatal(err)
		}
		return p
	}
	return map[string]rules.Position{
		"crowdedGold":   crowded("g"),
		"crowdedSilver": crowded("s"),
		"start":         rules.StartPosition(),
		"middle":        middleGame(b),
		"nearGoal": rulestest.Place(b, rules.Gold, "Rc7 rb7 rd7 rc8 dc6 rd6 Ee6 Mb5 Hf5 Rg4 Dd3 "+
			"rh8 hh6 ma4 Ra2 Rb2 Cc2 Dd2 eg2"),
	}
}

func BenchmarkEvaluate(b *testing.B) {
	threats := DefaultWeights()
	threats.Eval.PieceThreat = 300
	// The defaults without bot_sharp's piece-square, imbalance and hostage
	// parts: what those cost.
	without := DefaultWeights()
	without.Eval.Placement, without.Eval.Imbalance, without.Eval.Hostages = 0, 0, 0
	for _, w := range []struct {
		name string
		w    Weights
	}{{"default", DefaultWeights()}, {"piece_threat=300", threats}, {"without placement+imbalance+hostages", without}} {
		e := New(w.w)
		for name, p := range benchPositions(b) {
			b.Run(w.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					e.Evaluate(&p)
				}
			})
		}
	}
}

func BenchmarkStepScore(b *testing.B) {
	e := New(DefaultWeights())
	for name, p := range benchPositions(b) {
		steps := p.Steps(nil)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				e.StepScore(&p, steps[i])
				i++
				if i == len(steps) {
					i = 0
				}
			}
		})
	}
}

func BenchmarkGoalCheck(b *testing.B) {
	for name, p := range benchPositions(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				GoalCheck(&p)
			}
		})
	}
}

func BenchmarkTrapCheck(b *testing.B) {
	for name, p := range benchPositions(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				TrapCheck(&p)
			}
		})
	}
}

// BenchmarkChecksRandom runs the checks over a mixed sample: positions from
// random games and crowded random endgames, cycling through them.
func BenchmarkChecksRandom(b *testing.B) {
	ps := append(randomPositions(21, 4, 60, true), randomSparse(22, 300)...)
	b.Run("GoalCheck", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			GoalCheck(&ps[i%len(ps)])
			i++
		}
	})
	b.Run("TrapCheck", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			TrapCheck(&ps[i%len(ps)])
			i++
		}
	})
}
