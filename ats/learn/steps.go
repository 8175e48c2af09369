package learn

import (
	"fmt"
	"slices"

	"arimaa-workbench/engine/rules"
)

// Tables Train can learn: Options.Table names one.
const (
	// TableEval is the evaluation's weights, scored after a shallow
	// search of each move.
	TableEval = "eval"
	// TableKnowledge is the step knowledge's weights, scored step by step
	// as the search orders its children.
	TableKnowledge = "knowledge"
)

// CheckTable refuses a table Train cannot learn, naming the two it can.
func CheckTable(table string) error {
	if table != TableEval && table != TableKnowledge {
		return fmt.Errorf("table %q is neither %s nor %s", table, TableEval, TableKnowledge)
	}
	return nil
}

// stepDecisions calls fn for each decision of the played move of s that
// had a choice: the position before the step, the step played before it in
// the turn (NoStep first), the step played (Pass where the mover ended the
// turn with steps left) and the options it was chosen from: the legal
// steps and, after the first step of the turn and outside a push, ending
// the turn. These are the children the search orders by step knowledge at
// each node of the mover's turn (the tree keeps a push or pull as one child
// of two steps; here its halves are two decisions).
func stepDecisions(s *sampled, buf []rules.Step, fn func(p *rules.Position, prev, played rules.Step, opts []rules.Step)) {
	p := s.pos
	prev := rules.NoStep
	steps := s.moves[0].Slice()
	for i := 0; i <= len(steps); i++ {
		st := rules.Pass
		if i < len(steps) {
			st = steps[i]
		} else if p.StepsLeft() == 0 {
			return
		}
		opts := p.Steps(buf[:0])
		if p.StepsTaken() > 0 && !p.PushPending() {
			opts = append(opts, rules.Pass)
		}
		if len(opts) > 1 && slices.Contains(opts, st) {
			fn(&p, prev, st, opts)
		}
		if st == rules.Pass {
			return
		}
		p, prev = p.Play(st), st
	}
}

// scoreSteps is score for the knowledge table: each decision of the
// played move is an example of its own kind, the played step against
// every other option, each scored by the step knowledge (no search: the
// search orders its children by the score itself). The loss, ranks and
// gradient are those of score, averaged over the move's decisions; top1
// and top5 are the shares of its decisions where the played step ranks
// first, within the best five.
func scoreSteps(pr *probe, s *sampled, window float64, withGrad bool) outcome {
	var out outcome
	if withGrad {
		out.grad = make([]float64, len(pr.up))
	}
	var buf [128]rules.Step
	var coef []float64
	n := 0
	stepDecisions(s, buf[:], func(p *rules.Position, prev, played rules.Step, opts []rules.Step) {
		n++
		base := pr.base.StepScoreAfter(p, prev, played)
		alts := float64(len(opts) - 1)
		atLeast := 0
		loss := 0.0
		coef = coef[:0]
		for _, o := range opts {
			if o == played {
				coef = append(coef, 0)
				continue
			}
			x := pr.base.StepScoreAfter(p, prev, o) - base
			if x >= 0 {
				atLeast++
			}
			tv := sigmoid(float64(x) / window)
			loss += tv
			c := tv * (1 - tv) / window / alts
			if c < 1e-12 {
				c = 0
			}
			coef = append(coef, c)
		}
		out.loss += loss / alts
		if atLeast == 0 {
			out.top1++
		}
		if atLeast < 5 {
			out.top5++
		}
		if !withGrad {
			return
		}
		for j := range out.grad {
			if pr.invDelta[j] == 0 {
				continue
			}
			up, down := pr.up[j], pr.down[j]
			d0 := float64(up.StepScoreAfter(p, prev, played) - down.StepScoreAfter(p, prev, played))
			g := 0.0
			for i, o := range opts {
				if coef[i] == 0 {
					continue
				}
				d := float64(up.StepScoreAfter(p, prev, o) - down.StepScoreAfter(p, prev, o))
				g += coef[i] * (d - d0)
			}
			out.grad[j] += g * pr.invDelta[j]
		}
	})
	if n == 0 {
		return out
	}
	f := float64(n)
	out.loss /= f
	out.top1 /= f
	out.top5 /= f
	for j := range out.grad {
		out.grad[j] /= f
	}
	return out
}

// stepAlternatives counts the options other than the played step over
// the decisions of s.
func stepAlternatives(s *sampled) int {
	var buf [128]rules.Step
	n := 0
	stepDecisions(s, buf[:], func(_ *rules.Position, _, _ rules.Step, opts []rules.Step) { n += len(opts) - 1 })
	return n
}
