// Package alphabeta is the builtin engine's default search: a
// principal-variation alpha-beta search over steps, as the strongest
// Arimaa programs search (D. J. Wu, "Designing a Winning Arimaa Program",
// ICGA Journal 2015; D. Fotland, "Building a World-Champion Arimaa
// Program", 2004), beside the Monte Carlo tree search of engine/mcts and
// over the same rules core, evaluation (engine/eval), goal and trap
// checks, configuration and time management. The configuration key
// search.algorithm ("alphabeta", the default since it beat the MCTS in
// matches; see engine/STRENGTH.md) chooses it wherever a builtin engine
// is named, and "mcts" the MCTS; its constants are the [alphabeta] table.
//
// The search:
//   - Depth is counted in steps. A node is a position, possibly in the
//     middle of a turn; its children are the legal steps and, once a step
//     has been taken and the board has changed, ending the turn, which
//     costs the steps it leaves unused, so that every line of an
//     iteration of depth d ends d steps of game time after the root. The
//     score changes sign only where the turn passes.
//   - Iterative deepening, one step at a time, with the principal
//     variation's steps searched first; principal-variation search (a
//     null window for every step after the first, searched again in full
//     when it raises alpha); an optional aspiration window at the root.
//   - A transposition table keyed by Position.Hash (the pieces, the side
//     to move, the steps taken, a push or pull under way and the board
//     the turn began from), shared without locks by every worker. The
//     repetition rule is kept on the line searched and the game before
//     it: a turn that would repeat a position for the third time is never
//     searched. The hash tells a pull under way apart only where a weaker
//     enemy stands by to complete it, so that the orders of a turn's
//     steps meet in the table; and of two steps that commute
//     (rules.Position.Commutes: neither touches what decides the other)
//     only the lower first is searched, except right below the root, so
//     that every root step keeps its own score. Together they take half
//     the nodes off a search to depth 8 of six middle games, and a fifth
//     of the time. The price: a node that left steps to its siblings
//     keeps its value under the state, and another line that reaches
//     the state by a different last step (a piece taking another route)
//     reads it without the steps its own siblings do not cover, so that
//     it may under-estimate that line. Keeping such values under the
//     state and the last step instead was exact, but took 38% more CPU
//     to depth 8 than searching every order (80% more than this), since
//     the table then held the orders' values apart again.
//   - Move ordering: the table's step, captures (by the value taken),
//     two killer steps a ply, the history heuristic; steps that lose a
//     piece of one's own last.
//   - The exact goal check at every node: a goal within the steps left
//     ends the search there with a decided score, nearer goals scoring
//     higher. At the start of a turn the rules' end checks (goal,
//     elimination) are applied; a side without a legal move loses.
//   - At the horizon a quiescence of captures (alphabeta.quiescence):
//     the trap check's captures within four steps and the steps left,
//     each judged after the turn ends with the opponent's goal check
//     and the evaluation; the value is kept in the table, since
//     iterative deepening meets the same horizon again. A node whose
//     standing value (the evaluation less the threats below) is
//     already at least beta fails high with it before the trap check
//     runs, since captures only raise it; the table keeps that value
//     as a lower bound. The fourth step counts only at the start of a
//     turn (two of every three captures in the matches took a whole
//     turn); the trap check there stops after a budget of states,
//     since where many pieces stand near the traps it would cost up to
//     a millisecond. The evaluation there loses alphabeta.goal_threat
//     points when the side not to move could reach its goal in a turn
//     of its own (in the middle of a turn whose steps stayed more than
//     three squares from that side's rabbits near their goal, the
//     answer at the turn's start: 0.1% of those answers differ from
//     the exact check, which cost half the time of a search where
//     rabbits stood near a goal), and alphabeta.threat percent of the
//     most valuable piece it could capture in alphabeta.threat_steps
//     steps of its own (by the trap check): a piece left where the
//     opponent takes it next turn counts as partly lost at once, so
//     that a search whose horizon ends one turn short of the capture
//     still avoids walking into it. Three steps see the pushes and
//     pulls into a trap and those a step away; four cost ten times
//     more where many pieces stand near the traps. With
//     alphabeta.defend (off by default: judged by bot_sharp's search
//     move by move it gained nothing, see engine/STRENGTH.md) the side
//     to move may instead meet that threat with one step, the
//     threatened piece stepping away or one of its own stepping beside
//     the trap, judged by the evaluation less the threat left.
//   - Null-turn pruning at the start of a turn, outside the principal
//     variation, when the evaluation is at least beta; late-move
//     reductions of quiet steps, searched again at full depth when they
//     raise alpha.
//   - Futility pruning by the static evaluation (alphabeta.futility, a
//     margin a step): in the last turn before the horizon a node too far
//     below alpha for its steps and its best capture to reach it fails
//     low (the margin grows by alphabeta.goal_threat where a rabbit of
//     the side to move could make a goal threat in the steps left: two
//     ranks from its goal, or a free file within the steps and a turn);
//     at the start of a turn within two turns of the horizon a node
//     far above beta fails high unless the side not to move could then
//     capture enough, or reach its goal, in a turn of its own. The goal
//     and trap checks a turn start needs are cached by its turn hash.
//     Together they halve the nodes to depth 10 of a middle game.
//   - Goal-threat extension (alphabeta.goal_extend, off unless set): at
//     the start of a turn where the opponent could reach its goal in a
//     turn of its own, the depth left is raised to a whole turn, so that
//     the defence is searched and the opponent's goal check at the next
//     turn's start judges it; within twice the iteration's depth from the
//     root. A search of one turn then sees a goal in two.
//   - Independent-step pruning (alphabeta.independent, 8 by default;
//     Zhong 2005, as bot_sharp, Wu 2015, applies it near the horizon): a
//     turn whose first three steps are pairwise independent (none moves
//     into a square another leaves, unfreezes another's piece, pushes or
//     pulls, or guards a trap another steps onto) is cut after its third
//     step when some step of it was a late one. Half the nodes to depth 5
//     of the middle game of the tests.
//   - Lazy SMP: with several threads every worker deepens over the
//     shared table, every other one a step ahead. The first worker to
//     complete an iteration publishes it; a worker whose iteration another
//     has completed abandons it for a deeper one, in the completed
//     iteration's root order. The search's answer is the deepest
//     iteration any worker completed.
//   - Time: a fixed time, a node budget (a search's playout limit counts
//     nodes here), a depth, or the time management's target (Limits.Target:
//     an iteration is not begun past half the target unless the best move
//     changed in the last one, but the search goes on to Limits.Least,
//     the move time the clock would not keep; at the target the search
//     stops unless the best move is unsettled, and never after
//     Limits.Time). A completed iteration whose score fell more than
//     alphabeta.fall below the better of the two before it unsettles
//     the search too: the shallower iterations missed what the move is
//     about to lose, and more depth may find its defence.
//
// Leaf is one search on the caller's goroutine with a given evaluator,
// returning the position at the end of its principal variation: the
// learning of evaluation weights by the Bonanza method (ats/learn, learn
// --depth) scores each move there.
//
// Reports (analysis.Report.AlphaBeta set) give the completed depth as AvgDepth, the deepest step reached
// (quiescence included) as MaxDepth, the nodes searched as Playouts and
// Nodes, the score in centi-rabbits and as a win share, the principal
// variation and the root's first steps as whole moves with their scores
// and the nodes searched under each (Candidate.Visits). Besides the
// reports every search.report_ms, each iteration is reported once as it
// was completed (Report.Completed: its line, score, nodes and time then),
// even when the reports are read later than the first iterations end.
package alphabeta
