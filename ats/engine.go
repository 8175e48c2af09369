package ats

import (
	"context"
	"errors"

	"arimaa-workbench/engine/analysis"
)

// ErrNeedsTime is the error for an AEI engine given no time limit: AEI
// has no playout or node budgets.
var ErrNeedsTime = errors.New("an AEI engine needs a time per test (AEI has no playout budget)")

// EngineFactory starts an engine (see analysis.Engine); the runner calls
// it once per worker and again after each fault. The runner uses one
// engine per worker goroutine, never concurrently, and closes it after a
// fault (crash, hang, unusable output).
type EngineFactory func(ctx context.Context) (analysis.Engine, error)
