package ats

import (
	"errors"
	"fmt"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
)

// Ranges of a run's settings besides its limits (CheckLimits). NewRunner
// and LoadConfig refuse values outside them, and the command line's flags
// use them too.
const (
	MaxCycles = 1000
	MaxJobs   = 256
	MaxGrace  = time.Hour
)

// ErrRange is wrapped by the errors for settings outside their range.
var ErrRange = errors.New("out of range")

// maxTime is config.MaxSeconds as a duration.
const maxTime = config.MaxSeconds * time.Second

// CheckLimits reports a limit of a run outside its range: a time from 0
// to config.MaxSeconds, a playout budget up to config.MaxPlayouts, a node
// budget up to config.MaxNodes.
func CheckLimits(l analysis.Limits) error {
	switch {
	case l.Time < 0 || l.Time > maxTime:
		return fmt.Errorf("%w: a time per test of %v (0 to %v)", ErrRange, l.Time, maxTime)
	case l.Playouts < 0 || l.Playouts > config.MaxPlayouts:
		return fmt.Errorf("%w: %d playouts per test (0 to %d)", ErrRange, l.Playouts, int64(config.MaxPlayouts))
	case l.Nodes < 0 || l.Nodes > config.MaxNodes:
		return fmt.Errorf("%w: %d nodes per test (0 to %d)", ErrRange, l.Nodes, config.MaxNodes)
	}
	return nil
}

// checkRange reports an integer setting outside lo to hi.
func checkRange(what string, n, lo, hi int) error {
	if n < lo || n > hi {
		return fmt.Errorf("%w: %s %d (%d to %d)", ErrRange, what, n, lo, hi)
	}
	return nil
}

// Check reports limits the spec's engine cannot search under: limits out
// of range, no time for an AEI engine (AEI has no budgets), or a node
// budget larger than the memory this machine can give the builtin
// engine's tree. It allocates that tree once to find out, so that a run
// is refused before it starts rather than failing test after test.
func (s Spec) Check(lim analysis.Limits) error {
	if err := CheckLimits(lim); err != nil {
		return err
	}
	if !s.Builtin {
		if lim.Time <= 0 {
			return ErrNeedsTime
		}
		return nil
	}
	if lim.Nodes == 0 {
		return nil
	}
	return mcts.New(mcts.Options{Config: config.Default()}).Reserve(analysis.Limits{Nodes: lim.Nodes})
}
