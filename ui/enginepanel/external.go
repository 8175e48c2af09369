package enginepanel

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/engines"
)

// untilStopped is the search time given to an external engine when the
// analysis has no time limit: AEI needs one, and the panel's Stop ends the
// search long before it.
const untilStopped = 24 * time.Hour

// External is an external AEI engine as a panel Engine. Every analysis
// starts the engine process and closes it at the end, so a crashed or stuck
// engine never outlives its analysis.
type External struct {
	name string
	cfg  aei.Config
}

// NewExternal returns the engine started with cfg under name.
func NewExternal(name string, cfg aei.Config) *External {
	return &External{name: name, cfg: cfg}
}

// ExternalFromSettings builds an External from the workbench's engine
// settings.
func ExternalFromSettings(e engines.Engine) (*External, error) {
	argv, err := e.Argv()
	if err != nil {
		return nil, fmt.Errorf("engine %q: %w", e.Name, err)
	}
	opts := make([]aei.Option, len(e.Options))
	for i, o := range e.Options {
		opts[i] = aei.Option{Name: o.Name, Value: o.Value}
	}
	return NewExternal(e.Name, aei.Config{Command: argv, Dir: e.Dir, Options: opts}), nil
}

// Name implements Engine.
func (e *External) Name() string { return e.name }

// Analyze implements Engine: it starts the engine, searches the position,
// turns the engine's info lines into reports and passes every line on as
// raw output.
func (e *External) Analyze(ctx context.Context, g *rules.Game, lim Limits, out Output) (Report, error) {
	cfg := e.cfg
	if lim.Threads > 0 {
		cfg.Options = append(append([]aei.Option(nil), cfg.Options...), aei.Option{Name: "threads", Value: strconv.Itoa(lim.Threads)})
	}
	out.Raw("starting " + strings.Join(cfg.Command, " "))
	eng, err := aei.Start(ctx, cfg)
	if err != nil {
		return Report{}, err
	}
	defer eng.Close()
	id := eng.ID()
	out.Raw(fmt.Sprintf("engine: %s %s by %s (protocol %s, side letters %s)", id.Name, id.Version, id.Author, id.Protocol, eng.Letters()))

	pos := g.Position()
	moveTime := lim.Time
	if moveTime <= 0 {
		moveTime = untilStopped
	}
	var rep Report
	res, err := eng.Search(ctx, pos, moveTime, func(in aei.Info) {
		if in.Type == "log" {
			out.Raw("log " + in.Value)
		} else {
			out.Raw("info " + in.Type + " " + in.Value)
		}
		if applyInfo(&rep, pos, in) {
			out.Report(rep)
		}
	})
	rep.Elapsed = res.Elapsed
	if res.Move != "" {
		out.Raw("bestmove " + res.Move)
		pl, perr := ats.PlayMove(pos, res.Move)
		if perr != nil {
			if err == nil {
				err = fmt.Errorf("the engine played %q: %w", res.Move, perr)
			}
		} else {
			rep.Best, rep.HasBest = pl.Move, true
		}
	}
	if errors.Is(err, context.Canceled) {
		err = nil
	}
	rep.Final = true
	return rep, err
}

// applyInfo updates rep with one info line; it reports whether the line
// changed anything shown.
func applyInfo(rep *Report, pos rules.Position, in aei.Info) bool {
	rep.Elapsed = in.Elapsed
	v := strings.TrimSpace(in.Value)
	switch in.Type {
	case "score":
		n, err := strconv.Atoi(strings.Fields(v + " ")[0])
		if err != nil {
			return false
		}
		rep.Score, rep.HasScore = n, true
	case "depth":
		f, err := strconv.ParseFloat(strings.Fields(v + " ")[0], 64)
		if err != nil {
			return false
		}
		rep.AvgDepth, rep.MaxDepth = f, int(f)
	case "nodes":
		n, err := strconv.ParseInt(strings.Fields(v + " ")[0], 10, 64)
		if err != nil {
			return false
		}
		rep.Nodes = n
		if s := in.Elapsed.Seconds(); s > 0 {
			rep.PlayoutsPerSec = float64(n) / s
		}
	case "pv":
		// What could be read of a variation is shown, up to its first
		// word that does not fit.
		pv, _ := rules.ParsePV(pos, v)
		if len(pv) == 0 {
			return false
		}
		rep.PV = pv
		if m := rules.FirstMove(pos, pv); m.N > 0 {
			rep.Best, rep.HasBest = m, true
		}
	default:
		return false
	}
	return true
}
