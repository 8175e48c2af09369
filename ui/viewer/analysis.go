package viewer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// PositionEval is an engine's judgement of one position.
type PositionEval struct {
	// WinRatio is the side to move's chance, 0..1.
	WinRatio float64
	// Best is the move the engine would play, when HasBest.
	Best    rules.Move
	HasBest bool
}

// Analyser searches single positions for the whole-game analysis.
type Analyser interface {
	// Name names the engine for the status line.
	Name() string
	// Evaluate searches the position at the end of g for at most perMove
	// (or until ctx is done) and returns its judgement.
	Evaluate(ctx context.Context, g *rules.Game, perMove time.Duration) (PositionEval, error)
}

// Blunder is a move after which the mover's win ratio fell by more than
// the threshold, with the engine's choice in the position before it.
type Blunder struct {
	Ply     int     // the move's index in the line analysed
	Drop    float64 // fall of the mover's win ratio, 0..1
	Better  rules.Move
	HasBest bool
	Text    string // e.g. "12b: -34% (better: Ed4n Ed5e)"
}

// Analysis is a whole-game analysis: the engine's judgement of every
// position of a line, filled in by Run from its own goroutine and read
// from the UI goroutine.
type Analysis struct {
	mu      sync.Mutex
	nodes   []*node // the line's moves; position i is before nodes[i]
	start   []rules.Position
	evals   []PositionEval
	done    []bool
	running bool
	err     error
	elapsed time.Duration
}

// NewAnalysis prepares the analysis of the line through the cursor of m,
// from its start to its end.
func NewAnalysis(m *Model) *Analysis {
	a := &Analysis{}
	n := m.root
	a.start = append(a.start, n.after)
	for _, k := range m.line() {
		a.nodes = append(a.nodes, k)
		a.start = append(a.start, k.after)
	}
	a.evals = make([]PositionEval, len(a.start))
	a.done = make([]bool, len(a.start))
	return a
}

// Positions is the number of positions of the line: its moves plus one.
func (a *Analysis) Positions() int { return len(a.start) }

// Turns are the turn numbers of the line's positions, the graph's axis.
func (a *Analysis) Turns() []int {
	out := make([]int, len(a.start))
	for i, p := range a.start {
		out[i] = p.Turn()
	}
	return out
}

// Run evaluates every position in order, perMove each, until all are done
// or ctx is cancelled; a decided position is not searched. progress is
// called (from Run's goroutine) after each position. The base game gives
// the setups or start position the line is replayed from.
func (a *Analysis) Run(ctx context.Context, base *rules.Game, eng Analyser, perMove time.Duration, progress func(done int)) error {
	a.mu.Lock()
	a.running, a.err = true, nil
	a.mu.Unlock()
	began := time.Now()
	g, err := records.Prefix(base, 0)
	for i := 0; err == nil && i < len(a.start); i++ {
		if i > 0 {
			if err = g.Play(a.nodes[i-1].move); err != nil {
				break
			}
		}
		if ctx.Err() != nil {
			err = ctx.Err()
			break
		}
		var ev PositionEval
		if r, over := g.Result(); over || (i == len(a.nodes) && a.nodes[i-1].result != nil) {
			if !over {
				r = *a.nodes[i-1].result
			}
			ev.WinRatio = 0
			if r.Winner == a.start[i].Side() {
				ev.WinRatio = 1
			}
		} else {
			ev, err = eng.Evaluate(ctx, g, perMove)
			if err != nil {
				if ctx.Err() != nil {
					err = ctx.Err()
				} else {
					err = fmt.Errorf("%s at %s: %w", eng.Name(), rules.TurnLabel(a.start[i].Turn(), a.start[i].Side()), err)
				}
				break
			}
			if math.IsNaN(ev.WinRatio) {
				ev.WinRatio = 0.5
			}
			ev.WinRatio = math.Max(0, math.Min(1, ev.WinRatio))
		}
		a.mu.Lock()
		a.evals[i], a.done[i] = ev, true
		a.mu.Unlock()
		if progress != nil {
			progress(i + 1)
		}
	}
	a.mu.Lock()
	a.running, a.elapsed = false, time.Since(began)
	if errors.Is(err, context.Canceled) {
		err = nil
	}
	a.err = err
	a.mu.Unlock()
	return err
}

// Done returns how many positions are evaluated, from the first.
func (a *Analysis) Done() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for n < len(a.done) && a.done[n] {
		n++
	}
	return n
}

// Running reports whether Run is going on.
func (a *Analysis) Running() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.running
}

// Err is the error that ended Run, nil after a finish or a stop.
func (a *Analysis) Err() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err
}

// Elapsed is how long the last Run took.
func (a *Analysis) Elapsed() time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.elapsed
}

// GoldCurve returns Gold's win ratio in each position evaluated so far,
// from the first.
func (a *Analysis) GoldCurve() []float64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	var out []float64
	for i, ok := range a.done {
		if !ok {
			break
		}
		w := a.evals[i].WinRatio
		if a.start[i].Side() == rules.Silver {
			w = 1 - w
		}
		out = append(out, w)
	}
	return out
}

// Blunders returns the moves after which the mover's win ratio fell by
// more than threshold (0..1), among the positions evaluated.
func (a *Analysis) Blunders(threshold float64) []Blunder {
	a.mu.Lock()
	defer a.mu.Unlock()
	var out []Blunder
	for i := 0; i+1 < len(a.start) && a.done[i] && a.done[i+1]; i++ {
		before := a.evals[i].WinRatio
		after := 1 - a.evals[i+1].WinRatio
		drop := before - after
		if drop <= threshold {
			continue
		}
		b := Blunder{Ply: i, Drop: drop}
		n := a.nodes[i]
		label := n.label()
		b.Text = fmt.Sprintf("%s: -%.0f%%", label, 100*drop)
		if ev := a.evals[i]; ev.HasBest && ev.Best != n.move {
			b.Better, b.HasBest = ev.Best, true
			b.Text += " (better: " + n.before.MoveString(ev.Best) + ")"
		}
		out = append(out, b)
	}
	return out
}

// blunderAt returns the blunder of node n, if it is one.
func (a *Analysis) blunderAt(n *node, threshold float64) (Blunder, bool) {
	for _, b := range a.Blunders(threshold) {
		if a.nodes[b.Ply] == n {
			return b, true
		}
	}
	return Blunder{}, false
}

// node returns the node whose position is position i (the root for 0).
func (a *Analysis) node(m *Model, i int) *node {
	if i <= 0 || len(a.nodes) == 0 {
		return m.root
	}
	return a.nodes[min(i, len(a.nodes))-1]
}
