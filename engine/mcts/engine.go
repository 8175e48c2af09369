package mcts

import (
	"context"
	"fmt"
	"reflect"
	"sync"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

// Engine is the builtin engine as an analysis.Engine. Each search uses a
// Searcher with the options of that moment (the configuration from the
// function given to NewEngine, the threads and seed of the search's
// limits when set); a searcher is kept while they stay the same, so its
// tree is allocated once. The tree is allocated before the clock starts,
// and a tree the machine cannot hold is refused rather than found missing
// later (Searcher.Reserve).
type Engine struct {
	name string
	opts func() Options

	mu       sync.Mutex
	searcher *Searcher // of the running or last search
	inUse    bool      // a search runs on searcher
}

// NewEngine returns the builtin engine under name; opts is called at the
// start of every search, so edits to a configuration apply to the next.
func NewEngine(name string, opts func() Options) *Engine {
	return &Engine{name: name, opts: opts}
}

// FixedOptions returns opts for NewEngine: the same options every search.
func FixedOptions(opts Options) func() Options { return func() Options { return opts } }

// Name implements analysis.Engine.
func (e *Engine) Name() string { return e.name }

// Close implements analysis.Engine; the builtin engine holds nothing that
// needs closing.
func (e *Engine) Close() error { return nil }

// Searcher returns the searcher of the running or last search, nil before
// any (for tree snapshots and the evaluator it used).
func (e *Engine) Searcher() *Searcher {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.searcher
}

// acquire returns a searcher with opts for one search: the engine's own
// (made anew when its options differ), or, while another search uses
// that one (an analysis in one panel while another panel searches), a
// searcher of its own. release gives it back.
func (e *Engine) acquire(opts Options) (s *Searcher, release func()) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.inUse {
		return New(opts), func() {}
	}
	if s := e.searcher; s == nil || s.opts.Threads != opts.Threads || s.opts.Seed != opts.Seed || !reflect.DeepEqual(s.opts.Config, opts.Config) {
		e.searcher = New(opts)
	}
	e.inUse = true
	return e.searcher, func() {
		e.mu.Lock()
		e.inUse = false
		e.mu.Unlock()
	}
}

// Search implements analysis.Engine; searches may run at once, each on a
// searcher of its own. Each report goes to out, and is
// written out as a line (analysis.Report.Line) too; with an empty out the
// search builds only its final report. The Result's Move is in canonical
// notation, or empty in a setup phase, which gives Setup.
func (e *Engine) Search(ctx context.Context, g *rules.Game, lim analysis.Limits, out analysis.Output) (analysis.Result, error) {
	s, release := e.acquire(e.options(lim))
	defer release()
	if err := s.Reserve(lim); err != nil {
		return analysis.Result{}, err
	}
	start := g.Position()
	// The engine runs in-process and has no protocol to show: its output
	// is a line per report, so an output view follows the search as it
	// does an external engine's.
	out.Say(fmt.Sprintf("%s: analysing %s", e.name, rules.TurnLabel(start.Turn(), start.Side())))
	var log []string
	var report func(analysis.Report)
	// With no one listening the search is quiet: it builds no report but
	// the final one, which costs a match's games nothing.
	if out.Report != nil || out.Line != nil {
		report = func(r analysis.Report) {
			line := r.Line(start)
			if len(log) < analysis.MaxLog || r.Final {
				log = append(log, line)
			}
			out.Say(line)
			out.Send(r)
		}
	}
	res, err := s.Search(ctx, g, lim, report)
	if report == nil && err == nil {
		log = []string{res.Report.Line(start)}
	}
	ans := analysis.Result{Setup: res.Setup, Report: res.Report, Log: log}
	if res.Best.N > 0 {
		ans.Move = start.MoveString(res.Best)
	}
	return ans, err
}

// Snapshot copies the tree of the running or last search (see
// Searcher.Snapshot); nil before any search.
func (e *Engine) Snapshot(maxDepth, maxChildren int) *Node {
	if s := e.Searcher(); s != nil {
		return s.Snapshot(maxDepth, maxChildren)
	}
	return nil
}

// Reserve makes the searcher a search under lim will use and allocates
// its tree now (Searcher.Reserve), so that the first search's time is the
// search's own.
func (e *Engine) Reserve(lim analysis.Limits) error {
	s, release := e.acquire(e.options(lim))
	defer release()
	return s.Reserve(lim)
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
