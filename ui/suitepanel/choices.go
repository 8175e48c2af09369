package suitepanel

import (
	"arimaa-workbench/ats"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/ui/engines"
)

// BuiltinChoice offers the embedded engine with the configuration cfg
// returns when a run starts.
func BuiltinChoice(name string, cfg func() config.Config) EngineChoice {
	return EngineChoice{
		Name:    name,
		Builtin: true,
		Factory: func(threads int, seed uint64) (ats.EngineFactory, map[string]string, error) {
			return ats.BuiltinFactory(mcts.Options{Threads: threads, Seed: seed, Config: cfg()}), nil, nil
		},
	}
}

// ExternalChoice offers an external AEI engine from the workbench's engine
// settings.
func ExternalChoice(e engines.Engine) EngineChoice {
	return EngineChoice{
		Name: e.Name,
		Factory: func(int, uint64) (ats.EngineFactory, map[string]string, error) {
			argv, err := e.Argv()
			if err != nil {
				return nil, nil, err
			}
			opts := make([]aei.Option, len(e.Options))
			rec := make(map[string]string, len(e.Options))
			for i, o := range e.Options {
				opts[i] = aei.Option{Name: o.Name, Value: o.Value}
				rec[o.Name] = o.Value
			}
			return ats.AEIFactory(aei.Config{Command: argv, Dir: e.Dir, Options: opts}), rec, nil
		},
	}
}
