package ats

import (
	"fmt"
	"sort"
	"time"

	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
)

// EngineSpec says which engine a run uses: "builtin" (or empty) for the
// embedded engine, otherwise an AEI engine's command line.
type EngineSpec struct {
	Engine  string
	Options map[string]string // builtin: config keys; AEI: setoption
	Threads int               // builtin only; 0 lets the engine decide
	Seed    uint64            // builtin only
	// StartTimeout and Grace tune the AEI controller (0: its defaults).
	StartTimeout time.Duration
	Grace        time.Duration
}

// IsBuiltin reports whether the spec names the embedded engine.
func (s EngineSpec) IsBuiltin() bool { return s.Engine == "" || s.Engine == BuiltinName }

// Factory builds the engine factory the spec describes, checking the
// options it can check up front.
func (s EngineSpec) Factory() (EngineFactory, error) {
	if s.IsBuiltin() {
		cfg := config.Default()
		for _, k := range sortedKeys(s.Options) {
			if err := cfg.Set(k, s.Options[k]); err != nil {
				return nil, fmt.Errorf("builtin engine option %s: %w", k, err)
			}
		}
		return BuiltinFactory(mcts.Options{Threads: s.Threads, Seed: s.Seed, Config: cfg}), nil
	}
	cmd, err := aei.SplitProgram(s.Engine)
	if err != nil {
		return nil, err
	}
	c := aei.Config{Command: cmd, StartTimeout: s.StartTimeout, Grace: s.Grace}
	for _, k := range sortedKeys(s.Options) {
		c.Options = append(c.Options, aei.Option{Name: k, Value: s.Options[k]})
	}
	return AEIFactory(c), nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
