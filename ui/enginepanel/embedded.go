package enginepanel

import (
	"context"
	"fmt"
	"sync"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/engine/rules"
)

// Embedded is the workbench's own MCTS engine as a panel Engine and
// TreeSource. Each analysis builds a new searcher from the configuration of
// the moment, so edits in the settings form apply to the next analysis.
type Embedded struct {
	name string
	cfg  func() config.Config

	mu       sync.Mutex
	searcher *mcts.Searcher // of the running or last analysis
}

// NewEmbedded returns the embedded engine under name, configured by cfg
// (called at the start of every analysis).
func NewEmbedded(name string, cfg func() config.Config) *Embedded {
	return &Embedded{name: name, cfg: cfg}
}

// Name implements Engine.
func (e *Embedded) Name() string { return e.name }

// MCTSOptions are the searcher options an analysis with lim uses: one
// worker per Threads (the configuration's count when 0) and the seed.
func MCTSOptions(cfg config.Config, lim Limits) mcts.Options {
	return mcts.Options{Threads: lim.Threads, Seed: uint64(lim.Seed), Config: cfg}
}

// MCTSLimits converts the panel's limits.
func MCTSLimits(lim Limits) mcts.Limits {
	return mcts.Limits{Time: lim.Time, Playouts: lim.Playouts, Nodes: int(lim.Nodes), MemoryBytes: lim.MemoryBytes}
}

// Analyze implements Engine.
func (e *Embedded) Analyze(ctx context.Context, g *rules.Game, lim Limits, out Output) (Report, error) {
	s := mcts.New(MCTSOptions(e.cfg(), lim))
	e.mu.Lock()
	e.searcher = s
	e.mu.Unlock()
	// The engine runs in-process and has no protocol to show: its output
	// is a line per progress report, so the Engine output tab follows the
	// search as it does an external engine's.
	start := g.Position()
	out.Raw(fmt.Sprintf("%s: analysing %s", e.name, turnLabel(start)))
	res, err := s.Search(ctx, g, MCTSLimits(lim), func(r mcts.Report) {
		rep := FromMCTS(r)
		out.Raw(ReportLine(start, rep))
		out.Report(rep)
	})
	return FromMCTS(res.Report), err
}

// Snapshot implements TreeSource.
func (e *Embedded) Snapshot(maxDepth, maxChildren int) *Node {
	e.mu.Lock()
	s := e.searcher
	e.mu.Unlock()
	if s == nil {
		return nil
	}
	return fromMCTSNode(s.Snapshot(maxDepth, maxChildren))
}

// FromMCTS converts an embedded-engine report.
func FromMCTS(r mcts.Report) Report {
	out := Report{
		Elapsed:        r.Elapsed,
		Playouts:       r.Playouts,
		PlayoutsPerSec: r.PlayoutsPerSec,
		Nodes:          int64(r.Nodes),
		MemoryBytes:    r.MemoryBytes,
		AvgDepth:       r.AvgDepth,
		MaxDepth:       r.MaxDepth,
		Best:           r.Best,
		HasBest:        r.Best.N > 0,
		WinRatio:       r.WinRatio,
		Final:          r.Final,
	}
	if len(r.PV) > 0 {
		out.PV = make([]PVStep, len(r.PV))
		for i, s := range r.PV {
			out.PV[i] = PVStep{Step: s.Step, Side: s.Side}
		}
	}
	if len(r.Candidates) > 0 {
		out.Candidates = make([]Candidate, len(r.Candidates))
		for i, c := range r.Candidates {
			out.Candidates[i] = Candidate{Move: c.Move, Visits: c.Visits, WinRatio: c.WinRatio}
		}
	}
	return out
}

func fromMCTSNode(n *mcts.Node) *Node {
	if n == nil {
		return nil
	}
	out := &Node{
		Step:     n.Step,
		Step2:    n.Step2,
		Side:     n.Side,
		Visits:   n.Visits,
		Value:    n.Value,
		Bias:     n.Bias,
		History:  n.History,
		Shared:   n.Shared,
		Terminal: n.Terminal,
	}
	if len(n.Children) > 0 {
		out.Children = make([]*Node, len(n.Children))
		for i, c := range n.Children {
			out.Children[i] = fromMCTSNode(c)
		}
	}
	return out
}
