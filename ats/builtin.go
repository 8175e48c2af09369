package ats

import (
	"context"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/mcts"
)

// BuiltinName is the engine name of the builtin engine in reports.
const BuiltinName = "builtin"

// BuiltinFactory gives the builtin MCTS engine, in process, with opts.
// With one thread, a fixed seed and a playout budget its answers repeat
// exactly.
func BuiltinFactory(opts mcts.Options) EngineFactory {
	return func(context.Context) (analysis.Engine, error) {
		return mcts.NewEngine(BuiltinName, mcts.FixedOptions(opts)), nil
	}
}
