package ats

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/rules"
)

// ErrNeedsTime is returned by an AEI engine given no time limit: AEI has
// no playout or node budgets.
var ErrNeedsTime = errors.New("an AEI engine needs a time per test (AEI has no playout budget)")

// AEIFactory starts external AEI engines with cfg. The side-letter
// convention an engine turns out to accept is remembered across restarts.
func AEIFactory(cfg aei.Config) EngineFactory {
	mem := &letterMemory{l: cfg.Letters}
	return func(ctx context.Context) (Engine, error) {
		c := cfg
		c.Letters = mem.get()
		e, err := aei.Start(ctx, c)
		if err != nil {
			return nil, err
		}
		name := e.ID().Name
		if name == "" {
			name = strings.Join(cfg.Command, " ")
		}
		return &aeiEngine{e: e, mem: mem, name: name}, nil
	}
}

type letterMemory struct {
	mu sync.Mutex
	l  aei.Letters
}

func (m *letterMemory) get() aei.Letters {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.l
}

func (m *letterMemory) set(l aei.Letters) {
	m.mu.Lock()
	m.l = l
	m.mu.Unlock()
}

type aeiEngine struct {
	e    *aei.Engine
	mem  *letterMemory
	name string
}

func (a *aeiEngine) Name() string { return a.name }

func (a *aeiEngine) Close() error { return a.e.Close() }

func (a *aeiEngine) Search(ctx context.Context, pos rules.Position, lim Limits, progress func(Progress)) (Answer, error) {
	if lim.Time <= 0 {
		return Answer{}, ErrNeedsTime
	}
	var p Progress
	res, err := a.e.Search(ctx, pos, lim.Time, func(in aei.Info) {
		p.Elapsed = in.Elapsed
		p.Line = in.Type + " " + in.Value
		applyInfo(&p, pos, in)
		if progress != nil {
			progress(p)
		}
	})
	if l := a.e.Letters(); l != aei.Auto {
		a.mem.set(l)
	}
	ans := Answer{Move: res.Move, Progress: p, Log: res.Log}
	ans.Elapsed = res.Elapsed
	ans.Line = ""
	return ans, err
}

// applyInfo updates p from one info line about pos. Values an engine
// writes in an unexpected form are ignored (the line stays in the log).
func applyInfo(p *Progress, pos rules.Position, in aei.Info) {
	first := in.Value
	if i := strings.IndexByte(first, ' '); i >= 0 {
		first = first[:i]
	}
	switch in.Type {
	case "depth":
		// Some engines write "12" and others "12.5" or "12/30".
		d, _, _ := strings.Cut(first, "/")
		if f, err := strconv.ParseFloat(d, 64); err == nil {
			p.Depth = int(f)
		}
	case "seldepth", "maxdepth":
		if n, err := strconv.Atoi(first); err == nil {
			p.MaxDepth = n
		}
	case "nodes":
		if n, err := strconv.ParseInt(first, 10, 64); err == nil {
			p.Nodes = n
		}
	case "playouts":
		if n, err := strconv.ParseInt(first, 10, 64); err == nil {
			p.Playouts = n
		}
	case "score":
		if n, err := strconv.Atoi(first); err == nil {
			p.Score, p.HasScore = n, true
		}
	case "winratio", "win_ratio", "winrate":
		if f, err := strconv.ParseFloat(first, 64); err == nil && f >= 0 && f <= 1 {
			p.WinRatio, p.HasWinRatio = f, true
		}
	case "pv":
		// What could be read of a variation is shown, up to its first
		// word that does not fit.
		pv, _ := rules.ParsePV(pos, in.Value)
		if m := rules.FirstMove(pos, pv); m.N > 0 {
			p.Move = pos.MoveString(m)
		}
	}
}

// SplitCommand splits an engine command line into words with
// aei.SplitCommand and refuses one without a program.
func SplitCommand(s string) ([]string, error) {
	words, err := aei.SplitCommand(s)
	if err == nil && len(words) == 0 {
		err = fmt.Errorf("%w: the command line is empty", aei.ErrCommand)
	}
	return words, err
}
