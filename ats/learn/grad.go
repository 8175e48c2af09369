package learn

import (
	"context"
	"math"
)

// outcome is what scoring one example found.
type outcome struct {
	loss       float64
	top1, top5 float64   // 1 or 0 for a move; a share of the decisions for steps
	grad       []float64 // ∂loss/∂weight; nil when not asked for
}

// sigmoid is T of the package documentation.
func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// scoreMoves runs the shallow search of every move of s with pr's weights
// on worker w and returns the loss and ranks; with withGrad also the
// gradient of the loss by finite differences at the leaves.
func (t *trainer) scoreMoves(w int, pr *probe, s *sampled, window float64, withGrad bool) outcome {
	leaves := make([]leaf, len(s.moves))
	for i, m := range s.moves {
		leaves[i] = t.leafOf(w, pr, &s.pos, m)
	}
	played := leaves[0].score
	atLeast := 0
	alts := len(leaves) - 1
	coef := make([]float64, len(leaves))
	var out outcome
	for i := 1; i < len(leaves); i++ {
		x := leaves[i].score - played
		if x >= 0 {
			atLeast++
		}
		tv := sigmoid(float64(x) / window)
		out.loss += tv
		coef[i] = tv * (1 - tv) / window / float64(alts)
	}
	out.loss /= float64(alts)
	// Ties count against the played move: a tie is no reason to choose it.
	if atLeast == 0 {
		out.top1 = 1
	}
	if atLeast < 5 {
		out.top5 = 1
	}
	if !withGrad {
		return out
	}
	out.grad = make([]float64, len(pr.up))
	total := 0.0
	for i := 1; i < len(leaves); i++ {
		if leaves[i].terminal || coef[i] < 1e-12 {
			coef[i] = 0 // a decided move or one far from the played move: no term to move
		}
		total += coef[i]
	}
	if total == 0 {
		return out
	}
	for j := range out.grad {
		if pr.invDelta[j] == 0 {
			continue
		}
		up, down := pr.up[j], pr.down[j]
		d0 := float64(leaves[0].eval(up)-leaves[0].eval(down)) * pr.invDelta[j]
		g := 0.0
		for i := 1; i < len(leaves); i++ {
			if coef[i] == 0 {
				continue
			}
			d := float64(leaves[i].eval(up)-leaves[i].eval(down)) * pr.invDelta[j]
			g += coef[i] * (d - d0)
		}
		out.grad[j] = g
	}
	return out
}

// measure scores examples with pr's weights; pass is reported in the
// progress. It reports false when cancelled.
func (t *trainer) measure(ctx context.Context, pr *probe, xs []sampled, pass int) (Measure, bool) {
	outs := make([]outcome, len(xs))
	chunk := max(64, t.opt.Batch)
	for lo := 0; lo < len(xs); lo += chunk {
		hi := min(lo+chunk, len(xs))
		if !parallel(ctx, hi-lo, t.opt.Threads, func(w, i int) {
			outs[lo+i] = t.score(w, pr, &xs[lo+i], t.opt.Window, false)
		}) {
			return Measure{}, false
		}
		t.done += hi - lo
		t.scored += hi - lo
		t.report(Progress{Phase: "measuring", Pass: pass, Done: hi, Total: len(xs)})
	}
	m := Measure{Examples: len(xs)}
	for _, o := range outs {
		m.Loss += o.loss
		m.Top1 += o.top1
		m.Top5 += o.top5
	}
	if n := float64(len(xs)); n > 0 {
		m.Loss /= n
		m.Top1 /= n
		m.Top5 /= n
	}
	return m, true
}

// pass makes one pass over the training examples in order, one step a
// batch, changing cur. It returns the mean loss of the batches as they
// were scored, and false when cancelled (cur then holds the steps of the
// whole batches done).
func (t *trainer) pass(ctx context.Context, pass int, order []int, cur []float64) (float64, bool, error) {
	lossSum := 0.0
	grad := make([]float64, len(cur))
	outs := make([]outcome, t.opt.Batch)
	for lo := 0; lo < len(order); lo += t.opt.Batch {
		hi := min(lo+t.opt.Batch, len(order))
		pr, err := newProbe(t.opt.Base, t.ps, cur)
		if err != nil {
			return 0, false, err
		}
		if !parallel(ctx, hi-lo, t.opt.Threads, func(w, i int) {
			outs[i] = t.score(w, pr, &t.train[order[lo+i]], t.opt.Window, true)
		}) {
			return 0, false, nil
		}
		// Summed in example order, so that the threads' timing cannot
		// change the sum's rounding.
		clear(grad)
		for _, o := range outs[:hi-lo] {
			lossSum += o.loss
			for j, g := range o.grad {
				grad[j] += g
			}
		}
		n := float64(hi - lo)
		for j := range cur {
			g := grad[j]/n + t.opt.Reg*(cur[j]-t.start[j])
			switch {
			case g > 0:
				cur[j] -= t.opt.Step
			case g < 0:
				cur[j] += t.opt.Step
			}
			cur[j] = math.Max(t.ps[j].lo, math.Min(t.ps[j].hi, cur[j]))
		}
		t.done += hi - lo
		t.scored += hi - lo
		t.report(Progress{Phase: "training", Pass: pass, Done: hi, Total: len(order), Loss: lossSum / float64(hi)})
	}
	return lossSum / float64(max(1, len(order))), true, nil
}
