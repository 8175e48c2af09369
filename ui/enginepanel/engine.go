// Package enginepanel is the workbench's engine panel: analysis of the
// current position by the embedded MCTS engine or an external AEI engine,
// with the live figures, the principal variation, the candidate moves, a
// graph of the best move's win ratio over time, the engine's raw output, a
// browser over a snapshot of the search tree, and the static evaluation,
// goal check and trap check of the position.
//
// The search runs in its own goroutine and writes to a Model, a plain Go
// value that is tested without a window. The widgets never hear from the
// engine directly: a ticker at about 20 Hz asks the model for its state when
// it has changed and refreshes them through fyne.Do, so an engine reporting
// thousands of times a second costs the window at most twenty redraws.
package enginepanel

import (
	"context"
	"time"

	"arimaa-workbench/engine/rules"
)

// Limits bounds one analysis. A zero field means no limit of that kind; with
// no limit at all the analysis runs until it is stopped.
type Limits struct {
	Time        time.Duration
	Playouts    int64
	Nodes       int64
	MemoryBytes int64
	// Threads is how many search workers the engine runs (0: the engine's
	// default). External engines get it as an option when they know one.
	Threads int
	// Seed makes the embedded engine's search repeatable.
	Seed int64
}

// PVStep is one step of the principal variation with the side that plays
// it.
type PVStep = rules.PVStep

// Candidate is one move the engine considered at the root.
type Candidate struct {
	Move     rules.Move
	Visits   int64
	WinRatio float64 // for the side to move, 0..1
}

// Report is the engine's progress at one moment. Reports are snapshots:
// each replaces the previous one.
type Report struct {
	Elapsed        time.Duration
	Playouts       int64
	PlayoutsPerSec float64
	Nodes          int64
	MemoryBytes    int64
	AvgDepth       float64
	MaxDepth       int
	Best           rules.Move
	HasBest        bool
	WinRatio       float64 // of Best, for the side to move, 0..1
	PV             []PVStep
	Candidates     []Candidate
	// Score is the external engine's evaluation in centi-rabbits, when it
	// gives one and no win ratio.
	Score    int
	HasScore bool
	Final    bool
}

// Node is one node of a search-tree snapshot: the step that leads to it, the
// side that took that step, and the node's statistics.
type Node struct {
	Step     rules.Step
	Step2    rules.Step // the second step of a push or pull searched as one node; NoStep otherwise
	Side     rules.Color
	Visits   int64
	Value    float64 // mean result for Side, 0..1
	Bias     float64 // the heuristic prior the engine gave the step
	History  float64 // the history-heuristic score of the step
	Shared   int     // tree nodes sharing this node's transposition (1 = none)
	Terminal bool    // the game is decided here
	Children []*Node // most visited first
}

// Output receives what an engine says during an analysis. Both methods may
// be called from the engine's goroutine at any rate and must not block.
type Output interface {
	// Report gives the engine's progress.
	Report(Report)
	// Raw gives one line the engine printed (external engines only).
	Raw(line string)
}

// Engine analyses positions for the panel.
type Engine interface {
	// Name is what the engine chooser shows.
	Name() string
	// Analyze searches the position at the end of g until lim is reached or
	// ctx is done, telling out about its progress, and returns the final
	// report. It must return promptly once ctx is done.
	Analyze(ctx context.Context, g *rules.Game, lim Limits, out Output) (Report, error)
}

// TreeSource is an Engine that can show its search tree. Snapshot copies at
// most maxDepth levels and maxChildren children per node (the most visited
// first); it is safe during a search and returns nil before any search.
type TreeSource interface {
	Snapshot(maxDepth, maxChildren int) *Node
}
