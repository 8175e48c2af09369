// Package builtin is the workbench's own engine whichever search it runs:
// the configuration key search.algorithm chooses the Monte Carlo tree
// search (engine/mcts) or the alpha-beta search (engine/alphabeta), and
// everything that names a builtin engine (the analysis command, the AEI
// engine, the suite runner, matches, workers and the window's engine
// list) builds it here, so that the key works the same everywhere.
package builtin

import (
	"context"
	"reflect"
	"sync"

	"arimaa-workbench/engine/alphabeta"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/engine/rules"
)

// Options configure the builtin engine: threads, seed and configuration,
// whose search.algorithm chooses the search.
type Options = mcts.Options

// AlphaBeta reports whether a configuration chooses the alpha-beta search.
func AlphaBeta(c config.Config) bool { return c.Search.Algorithm == "alphabeta" }

// Engine is the builtin engine as an analysis.Engine. Each search uses a
// Searcher with the options of that moment (opts, with the threads and
// seed of the search's limits when set); a searcher is kept while they
// stay the same, so its tree or table is allocated once, and one whose
// memory the machine cannot give is refused before the clock starts
// (Reserve). A second search started while one runs (an analysis in one
// panel while another panel searches) gets a searcher of its own.
type Engine struct {
	name string
	opts func() Options

	mu       sync.Mutex
	searcher Searcher // of the running or last search
	key      Options  // the options it was made with
	inUse    bool     // a search runs on searcher
}

// New returns the builtin engine under name; opts is called at the start
// of every search, so edits to a configuration apply to the next.
func New(name string, opts func() Options) *Engine {
	return &Engine{name: name, opts: opts}
}

// Fixed returns opts for New: the same options every search.
func Fixed(opts Options) func() Options { return func() Options { return opts } }

// Name implements analysis.Engine.
func (e *Engine) Name() string { return e.name }

// Close implements analysis.Engine; the builtin engine holds nothing that
// needs closing.
func (e *Engine) Close() error { return nil }

// Searcher returns the searcher of the running or last search, nil before
// any.
func (e *Engine) Searcher() Searcher {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.searcher
}

// acquire returns a searcher with opts for one search: the engine's own
// (made anew when its options differ) or, while another search uses that
// one, a searcher of its own. release gives it back.
func (e *Engine) acquire(opts Options) (s Searcher, release func()) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.inUse {
		return NewSearcher(opts), func() {}
	}
	if e.searcher == nil || e.key.Threads != opts.Threads || e.key.Seed != opts.Seed || !reflect.DeepEqual(e.key.Config, opts.Config) {
		e.searcher, e.key = NewSearcher(opts), opts
	}
	e.inUse = true
	return e.searcher, func() {
		e.mu.Lock()
		e.inUse = false
		e.mu.Unlock()
	}
}

// options are the searcher options of a search under lim.
func (e *Engine) options(lim analysis.Limits) Options {
	opts := e.opts()
	if lim.Threads > 0 {
		opts.Threads = lim.Threads
	}
	if lim.Seed != 0 {
		opts.Seed = lim.Seed
	}
	return opts
}

// Search implements analysis.Engine with the search the options name.
// Each report goes to out and is written out as a line; the Result's Move
// is in canonical notation, or empty in a setup phase, which gives Setup.
func (e *Engine) Search(ctx context.Context, g *rules.Game, lim analysis.Limits, out analysis.Output) (analysis.Result, error) {
	s, release := e.acquire(e.options(lim))
	defer release()
	t := analysis.NewTranscript(e.name, g.Position(), out)
	res, err := s.Search(ctx, g, lim, t.Report())
	return t.Result(res.Best, res.Setup, res.Report, err), err
}

// Reserve makes the searcher a search under lim will use and allocates
// its memory now (the tree or the table), so that the first search's
// time is the search's own; it refuses what the machine cannot give.
func (e *Engine) Reserve(lim analysis.Limits) error {
	s, release := e.acquire(e.options(lim))
	defer release()
	return s.Reserve(lim)
}

// Snapshot copies the tree of the running or last search: the tree
// search's own (mcts.Searcher.Snapshot), or for the alpha-beta search,
// which keeps no tree, its root moves best first, each a chain of nodes
// along the line it began, with the nodes searched under it as visits and
// its win ratio as value. nil before any search.
func (e *Engine) Snapshot(maxDepth, maxChildren int) *mcts.Node {
	switch s := e.Searcher().(type) {
	case treeSearcher:
		return s.Snapshot(maxDepth, maxChildren)
	case abSearcher:
		return rootTree(s.RootMoves(), maxDepth, maxChildren)
	}
	return nil
}

// rootTree is the alpha-beta search's root moves as a tree snapshot.
func rootTree(moves []alphabeta.RootMove, maxDepth, maxChildren int) *mcts.Node {
	if len(moves) == 0 {
		return nil
	}
	// The root's value is for the side that moved into it, as a tree
	// node's is: the best move's win ratio seen from the other side.
	root := &mcts.Node{Step: rules.NoStep}
	if len(moves[0].Line) > 0 {
		root.Side = moves[0].Line[0].Side.Other()
		root.Value = 1 - moves[0].WinRatio
	}
	for i, rm := range moves {
		root.Visits += rm.Nodes
		if i >= maxChildren || len(rm.Line) == 0 {
			continue
		}
		parent := root
		mover := rm.Line[0].Side
		for d, st := range rm.Line {
			if d >= maxDepth {
				break
			}
			value := rm.WinRatio
			if st.Side != mover {
				value = 1 - value
			}
			n := &mcts.Node{Step: st.Step, Side: st.Side, Visits: rm.Nodes, Value: value, Shared: 1}
			parent.Children = append(parent.Children, n)
			parent = n
		}
	}
	return root
}

// Result is a Searcher's answer.
type Result struct {
	Best   rules.Move
	Setup  []rules.Placement
	Report analysis.Report
}

// Searcher is one search of either kind for callers that keep it between
// searches (the AEI engine, the speed bench): both searchers' Search,
// root priors and Reserve.
type Searcher interface {
	Search(ctx context.Context, g *rules.Game, lim analysis.Limits, report func(analysis.Report)) (Result, error)
	SetRootPriors(p []analysis.MovePrior)
	Reserve(lim analysis.Limits) error
}

// NewSearcher returns the searcher opts.Config names.
func NewSearcher(opts Options) Searcher {
	if AlphaBeta(opts.Config) {
		return abSearcher{alphabeta.New(alphabeta.Options{Threads: opts.Threads, Seed: opts.Seed, Config: opts.Config})}
	}
	return treeSearcher{mcts.New(opts)}
}

type treeSearcher struct{ *mcts.Searcher }

func (t treeSearcher) Search(ctx context.Context, g *rules.Game, lim analysis.Limits, report func(analysis.Report)) (Result, error) {
	r, err := t.Searcher.Search(ctx, g, lim, report)
	return Result{Best: r.Best, Setup: r.Setup, Report: r.Report}, err
}

type abSearcher struct{ *alphabeta.Searcher }

func (a abSearcher) Search(ctx context.Context, g *rules.Game, lim analysis.Limits, report func(analysis.Report)) (Result, error) {
	r, err := a.Searcher.Search(ctx, g, lim, report)
	return Result{Best: r.Best, Setup: r.Setup, Report: r.Report}, err
}
