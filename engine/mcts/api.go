package mcts

import (
	"time"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
)

// Limits end a search. A zero field sets no limit of that kind; with all
// of them zero the search runs until its context is cancelled.
type Limits struct {
	Time     time.Duration // wall-clock time
	Playouts int64         // simulations
	// Nodes and MemoryBytes bound the tree: it never grows past them. When
	// neither Time nor Playouts is set, the search ends once the tree is full;
	// otherwise it goes on without adding nodes.
	Nodes       int
	MemoryBytes int64
	// Depth ends the search once the most visited line from the root is
	// this many steps long (AEI's depth option).
	Depth int
}

// Options configure a Searcher.
type Options struct {
	Threads int    // workers over the shared tree; 0 takes config search.threads, then every core
	Seed    uint64 // seeds the workers' random generators: one worker and a playout budget make a search repeatable
	Config  config.Config
}

// Candidate is a whole move of the side to move with its statistics.
type Candidate struct {
	Move     rules.Move
	Visits   int64
	WinRatio float64 // mean result for the side to move, 0 to 1
}

// PVStep is one step of a principal variation with the side that plays
// it; Step is rules.Pass where that side ends its turn early.
type PVStep = rules.PVStep

// Report is the progress of a search; the last one of a search has Final set.
type Report struct {
	Elapsed        time.Duration
	Playouts       int64
	PlayoutsPerSec float64
	Nodes          int   // tree nodes in use
	MemoryBytes    int64 // memory those nodes take
	AvgDepth       float64
	MaxDepth       int // deepest descent, in steps
	Best           rules.Move
	WinRatio       float64 // of Best, for the side to move
	PV             []PVStep
	Candidates     []Candidate // best first
	// Komi is the evaluation offset of a decided position (config
	// decided_score), in evaluation units for the side to move: the win
	// ratios are those of the position with that much taken off its
	// evaluation. 0 when the root is not decided.
	Komi  int
	Final bool
}

// Result is what a search decided.
type Result struct {
	Best     rules.Move // zero in the setup phase
	WinRatio float64
	Report   Report
	Setup    []rules.Placement // the setup chosen, in the setup phase only
}

// Node is a snapshot of one tree node for a tree browser.
type Node struct {
	Step     rules.Step  // the step into this node; rules.NoStep at the root, rules.Pass for an early end of turn
	Step2    rules.Step  // the second step of a push or pull that Step began; rules.NoStep otherwise
	Side     rules.Color // the side that played Step
	Visits   int64
	Value    float64 // mean result for Side, 0 to 1, virtual visits included
	Bias     float64 // progressive bias h_i from step knowledge
	History  float64 // history heuristic hh_i of the step
	Shared   int     // tree nodes sharing this node's transposition (1 = none)
	Terminal bool    // the game is decided here
	Children []*Node // most visited first
}
