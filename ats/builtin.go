package ats

import (
	"context"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/builtin"
	"arimaa-workbench/engine/mcts"
)

// BuiltinName is the engine name of the builtin engine in reports.
const BuiltinName = "builtin"

// BuiltinFactory gives the builtin engine, in process, with opts (its
// search.algorithm chooses the search). With one thread, a fixed seed and
// a playout budget (or a depth) its answers repeat exactly.
func BuiltinFactory(opts mcts.Options) EngineFactory {
	return func(context.Context) (analysis.Engine, error) {
		return builtin.New(BuiltinName, builtin.Fixed(opts)), nil
	}
}
