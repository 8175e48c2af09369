package mcts

import (
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
)

// Options configure a Searcher.
type Options struct {
	Threads int    // workers over the shared tree; 0 takes config search.threads, then every core
	Seed    uint64 // seeds the workers' random generators: one worker and a playout budget make a search repeatable
	Config  config.Config
}

// Result is what a search decided.
type Result struct {
	Best     rules.Move // zero in the setup phase
	WinRatio float64
	Report   analysis.Report
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
