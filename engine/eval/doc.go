// Package eval is the knowledge of the embedded engine: the static
// evaluation applied at the end of a playout, the step knowledge that biases
// the choice of steps in the tree and in playouts, and the two tactical
// look-aheads, the goal check and the trap check. It implements Kozelek,
// Methods of MCTS and the game Arimaa, 2009, ch. 4.5 and 4.6.
//
// # Units
//
// Scores are evaluation points: a cat is worth 150 (the figure the thesis
// quotes), a lone first rabbit about 60 with the rabbit-count penalty, an
// elephant 1000. WinProbability maps a score through the thesis's sigmoid
// 1/(1+exp(-λ·score)); with the default λ = 0.002 a cat up is 57.4% and a
// horse up 72.9%, the calibration of ch. 4.5.1.
//
// # Configuration
//
// Every constant lives in Weights, which reads and writes TOML: the table
// named eval holds the static evaluation (Static), the table named
// knowledge the step knowledge (Knowledge). default.toml, embedded, is the commented default
// file and decodes to exactly DefaultWeights. A combined engine
// configuration embeds Weights (its tables are then inlined, as
// engine/config does) or the two tables as fields:
//
//	type Config struct {
//		Search    Search         `toml:"search"`
//		Eval      eval.Static    `toml:"eval"`
//		Knowledge eval.Knowledge `toml:"knowledge"`
//	}
//
// Every field carries range:"min,max" and doc:"..." tags; Weights.Validate
// checks the ranges.
//
// # Look-aheads
//
// GoalCheck and TrapCheck search the steps left in the turn exactly, by
// iterative deepening so that the moves they return are shortest, pruned by
// admissible step-count bounds and by zones that the last steps of a goal
// or a capture must touch. They are tested against a brute force over
// rules.MoveGen on random and crowded positions.
package eval
