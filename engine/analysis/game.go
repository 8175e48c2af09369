package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"arimaa-workbench/engine/rules"
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
	Label   string // the move's turn, e.g. "12b"
	Text    string // e.g. "12b: -34% (better: Ed4n Ed5e)"
}

// GameAnalysis is a whole-game analysis: an Analyser's judgement of every
// position of a line of moves, filled in by Run from its own goroutine
// and read from any other.
type GameAnalysis struct {
	mu    sync.Mutex
	g     *rules.Game      // the line, replayed by Run from its start
	moves []rules.Move     // the line's moves; position i is before moves[i]
	start []rules.Position // the line's positions, its moves plus one
	final *rules.Result    // how the line ends, when it is decided
	evals []PositionEval
	done  []bool

	running bool
	err     error
	elapsed time.Duration
}

// NewGameAnalysis prepares the analysis of every position of line, from
// its start to its end; a result line was finished with (a resignation,
// say) decides its last position. The analysis takes line over: Run
// replays it.
func NewGameAnalysis(line *rules.Game) *GameAnalysis {
	a := &GameAnalysis{g: line, moves: append([]rules.Move(nil), line.Moves()...)}
	for i := range len(a.moves) + 1 {
		a.start = append(a.start, line.PositionBefore(i))
	}
	if r, over := line.Result(); over {
		a.final = &r
	}
	a.evals = make([]PositionEval, len(a.start))
	a.done = make([]bool, len(a.start))
	return a
}

// Positions is the number of positions of the line: its moves plus one.
func (a *GameAnalysis) Positions() int { return len(a.start) }

// Turns are the turn numbers of the line's positions, a graph's axis.
func (a *GameAnalysis) Turns() []int {
	out := make([]int, len(a.start))
	for i, p := range a.start {
		out[i] = p.Turn()
	}
	return out
}

// Run evaluates every position in order, perMove each, until all are done
// or ctx is cancelled; a decided position is not searched. progress, when
// not nil, is called (from Run's goroutine) after each position. It
// returns the error that ended it: nil after a finish or a cancel.
func (a *GameAnalysis) Run(ctx context.Context, eng Analyser, perMove time.Duration, progress func(done int)) error {
	a.mu.Lock()
	a.running, a.err = true, nil
	a.mu.Unlock()
	began := time.Now()
	err := a.replay(ctx, eng, perMove, progress)
	a.mu.Lock()
	defer a.mu.Unlock()
	a.running, a.elapsed = false, time.Since(began)
	if errors.Is(err, context.Canceled) {
		err = nil
	}
	a.err = err
	return err
}

// replay plays the line again from its start, judging each position.
func (a *GameAnalysis) replay(ctx context.Context, eng Analyser, perMove time.Duration, progress func(done int)) error {
	g := a.g
	for g.Undo() {
	}
	for i := range a.start {
		if i > 0 {
			if err := g.Play(a.moves[i-1]); err != nil {
				return err
			}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		ev, err := a.judge(ctx, g, i, eng, perMove)
		if err != nil {
			return err
		}
		a.mu.Lock()
		a.evals[i], a.done[i] = ev, true
		a.mu.Unlock()
		if progress != nil {
			progress(i + 1)
		}
	}
	return nil
}

// judge gives position i, at the end of g: won or lost where it is
// decided, else the engine's judgement with its win ratio made a number
// from 0 to 1.
func (a *GameAnalysis) judge(ctx context.Context, g *rules.Game, i int, eng Analyser, perMove time.Duration) (PositionEval, error) {
	r, over := g.Result()
	if !over && i == len(a.moves) && a.final != nil {
		r, over = *a.final, true
	}
	if over {
		var ev PositionEval
		if r.Winner == a.start[i].Side() {
			ev.WinRatio = 1
		}
		return ev, nil
	}
	ev, err := eng.Evaluate(ctx, g, perMove)
	if err != nil {
		if ctx.Err() != nil {
			return ev, ctx.Err()
		}
		return ev, fmt.Errorf("%s at %s: %w", eng.Name(), rules.TurnLabel(a.start[i].Turn(), a.start[i].Side()), err)
	}
	if math.IsNaN(ev.WinRatio) {
		ev.WinRatio = 0.5
	}
	ev.WinRatio = math.Max(0, math.Min(1, ev.WinRatio))
	return ev, nil
}

// Done returns how many positions are evaluated, from the first.
func (a *GameAnalysis) Done() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for n < len(a.done) && a.done[n] {
		n++
	}
	return n
}

// Running reports whether Run is going on.
func (a *GameAnalysis) Running() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.running
}

// Err is the error that ended Run, nil after a finish or a stop.
func (a *GameAnalysis) Err() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err
}

// Elapsed is how long the last Run took.
func (a *GameAnalysis) Elapsed() time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.elapsed
}

// GoldCurve returns Gold's win ratio in each position evaluated so far,
// from the first.
func (a *GameAnalysis) GoldCurve() []float64 {
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
func (a *GameAnalysis) Blunders(threshold float64) []Blunder {
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
		p := a.start[i]
		b := Blunder{Ply: i, Drop: drop, Label: rules.TurnLabel(p.Turn(), p.Side())}
		b.Text = fmt.Sprintf("%s: -%.0f%%", b.Label, 100*drop)
		if ev := a.evals[i]; ev.HasBest && ev.Best != a.moves[i] {
			b.Better, b.HasBest = ev.Best, true
			b.Text += " (better: " + p.MoveString(ev.Best) + ")"
		}
		out = append(out, b)
	}
	return out
}
