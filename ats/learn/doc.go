// Package learn fits the builtin engine's evaluation weights to game
// records by the Bonanza method, as K. Thitipong, K. Komiya and Y. Kotani
// describe it for Arimaa (Design and implementation of Bonanza method for
// the evaluation in the game of Arimaa, 2012), after K. Hoki (Optimal
// control of minimax search result to learn positional evaluation, 2006):
// change the weights so that, in the positions of the games, the move the
// player chose scores better than the moves he did not choose. It is the
// engine of `arimaa-workbench learn`, and a tool for engine authors who
// want the same for their own evaluation.
//
// # Data
//
// A Source yields games: FileSource reads a game archive or a game record
// with package records' readers (records.Detect tells which); any other
// store of games (a database) is a Source too, a function yielding
// rules.Games with the players' ratings. Read gathers the positions: each
// move of a game, by a side whose rating is at least the minimum, is one
// example, the position before it with the move played; with
// ReadOptions.Winners, only the moves of the side that won the game (the
// archive's result column or the rules say which), since between players
// of one strength, as in an engine's self-play, the winner's moves are the
// better ones on average. A move that ends
// the game by the rules (a goal, an elimination) is left out: the rules,
// not the evaluation, chose it. Games are split into training and
// held-out games as wholes, by the seed, so that no held-out position has
// a sibling from the same game in training.
//
// # Alternatives
//
// An Arimaa position has some ten thousand unique moves (the rules core's
// MoveGen enumerates them; 13,500 on average in self-play games), too many
// to score each time. Each example keeps the played move and a sample: up
// to Options.Sample moves drawn uniformly from the moves that capture
// nothing, and up to Options.Captures of the moves that capture an enemy
// piece (all of them when there are fewer), since captures are where a
// wrong weight costs most. The sample is drawn once, by a random source
// seeded from the seed, the game and the move number, so it is the same
// whatever the number of threads.
//
// # Shallow search
//
// The paper scores each move by the evaluation at the end of a shallow
// search from the position after it. Ours is a quiescence of one turn:
// after the move, the opponent's turn is searched for goals and captures
// only, exactly, with the engine's own look-aheads (eval.GoalCheck and
// eval.TrapCheck). A goal the opponent can score makes the move lost; else
// the move's score is the lowest of the static evaluation standing pat and
// the evaluation after each capture the opponent can make (one shortest
// capture per piece), from the mover's point of view. That is two turns,
// up to eight steps, deep in the lines that matter, at some 20 µs a move:
// a full search of the opponent's turn would cost ten thousand moves for
// each of the tens of alternatives, and the static evaluation of the
// position after the move alone would call a move that leaves a piece
// hanging good. The evaluation at the leaf of this search is the term the
// weights move.
//
// # Loss and gradient
//
// For an example with played move m₀ and alternatives m₁…m_M, let x_i be
// the score of m_i minus the score of m₀. The loss is the paper's
// sigmoid of the difference, averaged over the alternatives:
//
//	L = (1/M) Σ_i T(x_i / window),   T(x) = 1/(1+e^(−x))
//
// so an alternative that scores well above the played move costs almost 1,
// one well below almost nothing, and those near it (within the window, in
// evaluation points) most of the gradient. The objective is the mean of L
// over the training examples plus the regularisation (reg/2)·Σ_j (w_j −
// w⁰_j)², which keeps each weight near its start where the games say
// little. The gradient of L is (1/M) Σ_i T'(x_i)·(∂s(m_i)/∂w_j −
// ∂s(m₀)/∂w_j)/window with the leaves held fixed, as Hoki does.
//
// The evaluation is linear in most weights (material, trap control, rabbit
// ranks, centre) but not in all: the percent terms (frozen, frames, pins,
// piece on a trap) multiply a percentage by a piece value and round down.
// So ∂s/∂w_j is taken by central finite differences, one evaluation with
// the weight one point up and one with it one point down at each leaf (one
// sided at the end of the weight's range): exact for the linear terms, and
// within the rounding for the others. This needs nothing from the
// evaluation but its weights, so a weight added to the [eval] table later
// is learned without a change here.
//
// # Steps
//
// The weights are integers in the configuration. Each step moves every
// weight by Options.Step points against the sign of its gradient (Hoki's
// rule, the paper's equation 4), then clamps it to the weight's range. The
// paper itself stepped by the gradient times a rate; the sign rule needs no
// rate fitted to each weight's scale, which differ here by a factor of a
// thousand (percentages beside piece values), and it moves weights the
// games say nothing about not at all. A pass goes over the training
// examples in a shuffled order in batches of Options.Batch, one step per
// batch; the shallow searches are redone with the current weights for
// every batch. After each pass the held-out examples are scored; the
// weights of the pass with the lowest held-out loss (the base weights
// count as pass 0) are the result, also when the work is cancelled.
//
// The weights learned are those of the [eval] table that are evaluation
// points or percentages: sigmoid_lambda and sigmoid_late scale the win
// probability and leave every ranking of moves unchanged, and late_pieces
// is the boundary of a phase rather than a weight, so they are kept as they
// are.
//
// # Step knowledge
//
// With Options.Table set to TableKnowledge the same loss, gradient and
// steps fit the [knowledge] table instead: the step knowledge that orders
// the children of the search's nodes (its progressive bias) and chooses
// the best of a few random steps in its playouts (Kozelek 2009, ch. 4.6
// and 4.4.2). This is a learned prior for move ordering, the idea D. Wu
// (Move ranking and evaluation in the game of Arimaa, 2011) used for
// bot_sharp, made here with the engine's own step features rather than
// Wu's. The search orders steps, not whole moves, so the examples are the
// decisions of the played move: at each of its steps, the step played
// against every other legal step (the rules core's Position.Steps, a few
// tens, all of them, with no sample) and, after the first step and outside
// a push, against ending the turn; after the last step played with steps
// left, ending the turn against every step. Each option is scored by the
// step knowledge itself, with the step played before it in the turn, as
// the search scores its children: no shallow search. An example's loss,
// gradient and ranks are the means over its decisions, so Top1 and Top5
// become the share of decisions where the step played ranks first, within
// the best five. The piece counts that bound the phases (middle_pieces,
// late_pieces) are kept, as in [eval]. It needs no search and costs some
// thousands of positions a second a thread.
//
// # Work
//
// Examples are scored on Options.Threads goroutines; each example's
// gradient is kept apart and the batch's are summed in example order, so
// that a seed gives the same weights whatever the number of threads.
//
// # Fitting to a teacher
//
// FitTeacher is the other way to weights, the one `arimaa-workbench fit`
// runs: not from the moves of games but from a stronger engine's static
// scores of positions (records.ReadScored reads them). Each term of the
// evaluation's breakdown, at the base weights, is one column of a least
// squares fit of the teacher's score, with material, the rabbits by rank
// and the side to move as further columns; a term's coefficient over
// material's is the factor its keys are multiplied by (eval.TermKeys says
// which keys a term grows in proportion to). The fit cannot make a term
// the evaluation lacks: what a teacher sees that no term expresses is
// noise to it, and shrinks the terms that come nearest (engine/STRENGTH.md,
// the twelfth and seventeenth sessions).
package learn
