package ats

import (
	"context"
	"time"

	"arimaa-workbench/engine/rules"
)

// Limits bound one search: a time per test, or a playout or node budget
// (deterministic with the embedded engine and one thread). Zero fields are
// unlimited; at least one should be set.
type Limits struct {
	Time     time.Duration `json:"time_ns,omitempty"`
	Playouts int64         `json:"playouts,omitempty"`
	Nodes    int           `json:"nodes,omitempty"`
}

// String describes the limits for reports, e.g. "0.5s" or "20000 playouts".
func (l Limits) String() string {
	var parts []string
	if l.Time > 0 {
		parts = append(parts, l.Time.String())
	}
	if l.Playouts > 0 {
		parts = append(parts, itoa64(l.Playouts)+" playouts")
	}
	if l.Nodes > 0 {
		parts = append(parts, itoa64(int64(l.Nodes))+" nodes")
	}
	if len(parts) == 0 {
		return "unlimited"
	}
	s := parts[0]
	for _, p := range parts[1:] {
		s += ", " + p
	}
	return s
}

// Progress is what an engine has said so far during a search. Fields an
// engine does not report stay zero (see the Has flags).
type Progress struct {
	Elapsed     time.Duration
	Move        string // the move the engine currently prefers, "" if not said
	Depth       int    // depth reached (average descent for MCTS)
	MaxDepth    int
	Playouts    int64
	Nodes       int64
	WinRatio    float64
	HasWinRatio bool
	Score       int // centi-rabbits, from AEI engines
	HasScore    bool
	Line        string // the raw output line, for AEI engines
}

// Answer is an engine's final word: its move (as text, since a foreign
// engine may send anything) with the last statistics and its output log.
type Answer struct {
	Move string
	Progress
	Log []string
}

// Engine plays one move per call. The runner uses one Engine per worker
// goroutine, never concurrently. Search returns an error for an engine
// fault (crash, hang, unusable output), with whatever Answer.Log it has;
// the runner then closes the engine and starts a new one.
type Engine interface {
	Name() string
	Search(ctx context.Context, pos rules.Position, lim Limits, progress func(Progress)) (Answer, error)
	Close() error
}

// EngineFactory starts an engine; the runner calls it once per worker and
// again after each fault.
type EngineFactory func(ctx context.Context) (Engine, error)

func itoa64(n int64) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [24]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
