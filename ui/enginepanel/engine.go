// Package enginepanel is the workbench's engine panel: analysis of the
// current position by the builtin engine (MCTS or alpha-beta) or an external AEI engine,
// with the live figures, the principal variation, the candidate moves, the
// iterations of a search that deepens by steps, a
// graph of the best move's win ratio over time, the engine's raw output, a
// browser over a snapshot of the search tree, and the static evaluation,
// goal check and trap check of the position, beside the evaluation at the
// principal variation's leaf.
//
// The search runs in its own goroutine and writes to a Model, a plain Go
// value that is tested without a window. The widgets never hear from the
// engine directly: a ticker at about 20 Hz asks the model for its state when
// it has changed and refreshes them through fyne.Do, so an engine reporting
// thousands of times a second costs the window at most twenty redraws.
package enginepanel

import "arimaa-workbench/engine/mcts"

// TreeSource is an engine that can show its search tree (the builtin
// engine, builtin.Engine, after a tree search). Snapshot copies at most maxDepth levels and
// maxChildren children per node (the most visited first); it is safe
// during a search and returns nil before any search.
type TreeSource interface {
	Snapshot(maxDepth, maxChildren int) *mcts.Node
}
