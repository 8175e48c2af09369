// Package mcts is the builtin engine's search: Monte Carlo tree search
// over steps, as in the Akimot engine (Kozelek, "Methods of MCTS and the
// game Arimaa", 2009, ch. 4).
//
// The tree has one node per step, except that a push or a pull is one node
// of two steps, scored by the knowledge of both (so a capture by a pull is
// seen where the pull is chosen, not a level later); a pass node ends a
// turn early, and a fourth step ends it by itself. Children are chosen by
//
//	X_i + c*sqrt(ln n / n_i) + h_i/n_i + hh_i/sqrt(n_i)
//
// with X_i the mean result, h_i the progressive bias from step knowledge
// (eval.StepScoreAfter), hh_i the history heuristic (the mean result of the
// step anywhere in the tree) and n_i counting v virtual visits with a drawn
// result instead of first-play urgency (ch. 4.3.3). A node is expanded
// after maturity + depth visits. Nodes of equal position and depth share
// their value and children (UCT2 transpositions, ch. 4.3.4); busy nodes
// cache their best children (ch. 4.8.2). The move played is the most
// visited whole move, its visits summed over the orders of its steps.
// The rules hold inside the tree:
// a turn must change the board, a third repetition is a loss, goals,
// eliminations and immobilizations end the game, and a node whose side to
// move can reach the goal this turn is a proven win.
//
// A playout (ch. 4.4) plays one to four whole turns moving a few randomly
// chosen pieces, each step the best of three random candidates by step
// knowledge, then checks for a goal and maps the static evaluation to a
// winning probability (ch. 4.5). The move advisor (ch. 4.7.3) keeps the
// captures the trap checks find where nodes near the root are expanded,
// for both sides, and a playout turn replays one of them, with a
// probability, where it still captures.
//
// In a decided position every line ends in an evaluation near the
// sigmoid's ceiling, and the search cannot tell the quick or safe win from
// the slow or risky one. When the root's evaluation favours a side by more
// than decided_score, that excess is taken off every playout's evaluation
// (as dynamic komi does in the game of Go): win ratios spread out again
// around the root's, and real wins (goal, elimination) stand out above
// won-looking evaluations. Reports give the offset (Report.Komi).
//
// Workers share one tree with atomic counters and a virtual loss on the
// way down (ch. 4.8.1 lists this tree model as the one expected to work
// best). Nodes come from a pool sized by the node or memory budget, so the
// tree never outgrows it. Search runs in the caller's goroutine, stops by
// context, time, playout or depth limits, reports its progress through a
// callback, and Snapshot copies the upper tree while it runs. With one
// worker, a seed and a playout budget a search is repeatable.
//
// All constants come from engine/config ([search]) and engine/eval.
package mcts
