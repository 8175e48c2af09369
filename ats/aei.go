package ats

import (
	"context"

	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/analysis"
)

// AEIFactory starts external AEI engines with cfg (aei.External). The
// side-letter convention an engine turns out to accept is remembered
// across restarts.
func AEIFactory(cfg aei.Config) EngineFactory {
	mem := &aei.LetterMemory{}
	mem.Set(cfg.Letters)
	return func(ctx context.Context) (analysis.Engine, error) {
		x := aei.NewExternal("", cfg)
		x.Letters = mem
		// Started now, so that an engine that does not start is told
		// apart from one that fails a test.
		if _, err := x.Engine(ctx); err != nil {
			return nil, err
		}
		return x, nil
	}
}
