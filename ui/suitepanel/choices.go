package suitepanel

import (
	"arimaa-workbench/ats"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/ui/engines"
)

// ChoiceOf offers an engine of the panels' list for runs: the embedded
// engine with the configuration cfg returns when a run starts, or an
// external AEI engine.
func ChoiceOf(c engines.Choice, cfg func() config.Config) EngineChoice {
	if c.Embedded {
		return EngineChoice{
			Name:    c.Name,
			Builtin: true,
			Factory: func(threads int, seed uint64) (ats.EngineFactory, map[string]string, error) {
				return ats.BuiltinFactory(mcts.Options{Threads: threads, Seed: seed, Config: cfg()}), nil, nil
			},
		}
	}
	return EngineChoice{
		Name: c.Name,
		Factory: func(int, uint64) (ats.EngineFactory, map[string]string, error) {
			return ats.AEIFactory(c.AEI), c.Options, nil
		},
	}
}
