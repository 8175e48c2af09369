package ats

import (
	"context"
	"fmt"

	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/engine/rules"
)

// BuiltinName is the engine name of the embedded engine in reports.
const BuiltinName = "builtin"

// BuiltinFactory gives the embedded MCTS engine, in process, with opts.
// With one thread, a fixed seed and a playout budget its answers repeat
// exactly.
func BuiltinFactory(opts mcts.Options) EngineFactory {
	return func(context.Context) (Engine, error) {
		return &builtin{s: mcts.New(opts)}, nil
	}
}

type builtin struct {
	s *mcts.Searcher
}

func (b *builtin) Name() string { return BuiltinName }

func (b *builtin) Close() error { return nil }

func (b *builtin) Search(ctx context.Context, pos rules.Position, lim Limits, progress func(Progress)) (Answer, error) {
	var last Progress
	var log []string
	ml := mcts.Limits{Time: lim.Time, Playouts: lim.Playouts, Nodes: lim.Nodes}
	// The tree is allocated before the clock starts, and a tree the
	// machine cannot hold is refused rather than found missing later.
	if err := b.s.Reserve(ml); err != nil {
		return Answer{}, err
	}
	res, err := b.s.SearchPosition(ctx, pos, ml, func(r mcts.Report) {
		last = progressOf(r)
		if len(log) < maxBuiltinLog || r.Final {
			log = append(log, reportLine(r))
		}
		if progress != nil && !r.Final {
			progress(last)
		}
	})
	if err != nil {
		return Answer{Progress: last, Log: log}, err
	}
	p := progressOf(res.Report)
	// Without capture tokens: PlayMove checks the move and writes the
	// canonical form, so a faulty move cannot mislead the report.
	p.Move = ""
	if res.Best.N > 0 {
		p.Move = res.Best.String()
	}
	p.WinRatio, p.HasWinRatio = res.WinRatio, true
	return Answer{Move: p.Move, Progress: p, Log: log}, nil
}

// maxBuiltinLog bounds the report lines kept per search.
const maxBuiltinLog = 500

// reportLine writes a search report as one log line, the embedded
// engine's counterpart of an AEI engine's info lines.
func reportLine(r mcts.Report) string {
	final := ""
	if r.Final {
		final = " final"
	}
	return fmt.Sprintf("%.2fs playouts %d (%.0f/s) nodes %d depth %.1f/%d best %s win %.3f%s",
		r.Elapsed.Seconds(), r.Playouts, r.PlayoutsPerSec, r.Nodes, r.AvgDepth, r.MaxDepth, r.Best, r.WinRatio, final)
}

func progressOf(r mcts.Report) Progress {
	p := Progress{
		Elapsed:     r.Elapsed,
		Depth:       int(r.AvgDepth + 0.5),
		MaxDepth:    r.MaxDepth,
		Playouts:    r.Playouts,
		Nodes:       int64(r.Nodes),
		WinRatio:    r.WinRatio,
		HasWinRatio: true,
	}
	if r.Best.N > 0 {
		p.Move = r.Best.String()
	}
	return p
}
