package aei

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/timeman"
)

// ApplyInfo updates r with one info line of a search of pos and reports
// whether the line changed it. It is where the workbench reads what AEI
// engines say: depth ("12", "12.5" or "12/30"), seldepth or maxdepth,
// nodes, playouts, score (centi-rabbits), winratio (0 to 1), pv (read by
// rules.ParsePV as far as it fits; its first move is the best move so
// far) and time. Values written in an unexpected form change nothing (the
// line stays in the log).
func ApplyInfo(r *analysis.Report, pos rules.Position, in Info) bool {
	r.Elapsed = in.Elapsed
	v := strings.TrimSpace(in.Value)
	first, _, _ := strings.Cut(v, " ")
	switch in.Type {
	case "depth":
		d, _, _ := strings.Cut(first, "/")
		f, err := strconv.ParseFloat(d, 64)
		if err != nil || f < 0 || f != f {
			return false
		}
		r.AvgDepth = f
		r.MaxDepth = max(r.MaxDepth, int(f))
	case "seldepth", "maxdepth":
		n, err := strconv.Atoi(first)
		if err != nil {
			return false
		}
		r.MaxDepth = n
	case "nodes":
		n, err := strconv.ParseInt(first, 10, 64)
		if err != nil {
			return false
		}
		r.Nodes = n
		if s := in.Elapsed.Seconds(); s > 0 {
			r.PlayoutsPerSec = float64(n) / s
		}
	case "playouts":
		n, err := strconv.ParseInt(first, 10, 64)
		if err != nil {
			return false
		}
		r.Playouts = n
	case "score":
		n, err := strconv.Atoi(first)
		if err != nil {
			return false
		}
		r.Score, r.HasScore = n, true
	case "winratio", "win_ratio", "winrate":
		f, err := strconv.ParseFloat(first, 64)
		if err != nil || f < 0 || f > 1 {
			return false
		}
		r.WinRatio, r.HasWinRatio = f, true
	case "pv":
		// What could be read of a variation is shown, up to its first
		// word that does not fit.
		pv, _ := rules.ParsePV(pos, v)
		if len(pv) == 0 {
			return false
		}
		r.PV = pv
		if m := rules.FirstMove(pos, pv); m.N > 0 {
			r.Best = m
		}
	case "time":
		return true
	default:
		return false
	}
	return true
}

// LetterMemory remembers the side-letter convention an engine turned out
// to accept, for the engines started from one configuration (a suite
// run's workers, restarts after a fault). It is safe for concurrent use.
type LetterMemory struct {
	mu sync.Mutex
	l  Letters
}

// Get returns the convention remembered, Auto at first.
func (m *LetterMemory) Get() Letters {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.l
}

// Set remembers l; Auto is ignored.
func (m *LetterMemory) Set(l Letters) {
	if l == Auto {
		return
	}
	m.mu.Lock()
	m.l = l
	m.mu.Unlock()
}

// untilStopped is the move time of a search without a time limit: AEI
// needs one, and the search's context ends it long before.
const untilStopped = 24 * time.Hour

// External is an AEI engine as an analysis.Engine. Its process starts at
// the first search and serves the searches after it; a search that fails
// (crash, hang, protocol error, cancellation) closes it, so a crashed or
// stuck engine never outlives its search, and the next search starts a
// new one. Its methods must not be called concurrently.
type External struct {
	name string
	cfg  Config
	// Letters remembers the side-letter convention across restarts; it
	// may be shared between Externals of one configuration.
	Letters *LetterMemory
	// OnStart, if set, is called after each start of the process, before
	// its first search (to set options that depend on the engine's ID).
	OnStart func(*Engine) error

	e *Engine

	mu     sync.Mutex // guards idName: Name may be called during a search
	idName string     // the name the engine gave in its last handshake
}

// NewExternal returns the engine started with cfg under name; "" names it
// by its ID, or else by its command line.
func NewExternal(name string, cfg Config) *External {
	return &External{name: name, cfg: cfg, Letters: &LetterMemory{l: cfg.Letters}}
}

// Name implements analysis.Engine; it may be called during a search.
func (x *External) Name() string {
	if x.name != "" {
		return x.name
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.idName != "" {
		return x.idName
	}
	return strings.Join(x.cfg.Command, " ")
}

// Engine returns the running process, starting it first if needed.
func (x *External) Engine(ctx context.Context) (*Engine, error) {
	if x.e != nil {
		return x.e, nil
	}
	cfg := x.cfg
	cfg.Letters = x.Letters.Get()
	e, err := Start(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if x.OnStart != nil {
		if err := x.OnStart(e); err != nil {
			e.Close()
			return nil, err
		}
	}
	x.e = e
	x.mu.Lock()
	x.idName = e.ID().Name
	x.mu.Unlock()
	return e, nil
}

// Close implements analysis.Engine: it ends the process, if running.
func (x *External) Close() error {
	if x.e == nil {
		return nil
	}
	err := x.e.Close()
	x.e = nil
	return err
}

// Search implements analysis.Engine. The engine is given the game (the
// start position and every move with makemove, so it knows the
// repetition rule) and lim.Time per move, or no limit but ctx without one;
// lim.Threads goes to it as its threads option. Every info and log line
// goes to out as a line, every info line that changes the report as a
// report. The Result's Move is the bestmove as sent; its Report's Best is
// that move when it is legal.
func (x *External) Search(ctx context.Context, g *rules.Game, lim analysis.Limits, out analysis.Output) (analysis.Result, error) {
	moveTime := lim.Time
	if moveTime <= 0 {
		moveTime = untilStopped
	}
	return x.search(ctx, g, lim.Threads, MoveTime(moveTime), out)
}

// SearchClock is Search in a game played on clock: the engine is given
// the time control and both reserves, as a standard AEI controller gives
// them, and decides itself how long to think (see GameTime).
func (x *External) SearchClock(ctx context.Context, g *rules.Game, clock timeman.Clock, out analysis.Output) (analysis.Result, error) {
	pos := g.Position()
	return x.search(ctx, g, 0, GameTime(clock, pos.Side()), out)
}

func (x *External) search(ctx context.Context, g *rules.Game, threads int, t Timing, out analysis.Output) (analysis.Result, error) {
	started := x.e == nil
	if started {
		out.Say("starting " + strings.Join(x.cfg.Command, " "))
	}
	e, err := x.Engine(ctx)
	if err != nil {
		return analysis.Result{}, err
	}
	if started {
		id := e.ID()
		out.Say(fmt.Sprintf("engine: %s %s by %s (protocol %s, side letters %s)", id.Name, id.Version, id.Author, id.Protocol, e.Letters()))
	}
	if threads > 0 {
		if err := e.SetOption("threads", strconv.Itoa(threads)); err != nil {
			x.Close()
			return analysis.Result{}, err
		}
	}
	pos := g.Position()
	var rep analysis.Report
	onInfo := func(in Info) {
		if in.Type == "log" {
			out.Say("log " + in.Value)
			return
		}
		out.Say("info " + in.Type + " " + in.Value)
		if ApplyInfo(&rep, pos, in) {
			out.Send(rep)
		}
	}
	var res Result
	if len(g.Moves()) == 0 {
		res, err = e.SearchTimed(ctx, pos, t, onInfo)
	} else {
		moves := make([]string, len(g.Moves()))
		for i, m := range g.Moves() {
			moves[i] = m.String()
		}
		res, err = e.SearchGame(ctx, g.Start(), moves, t, onInfo)
	}
	x.Letters.Set(e.Letters())
	rep.Elapsed = res.Elapsed
	if res.Move != "" {
		out.Say("bestmove " + res.Move)
		if m, _, _, perr := pos.PlayText(res.Move); perr == nil {
			rep.Best = m
		}
	}
	rep.Final = true
	out.Send(rep)
	if err != nil {
		x.Close()
	}
	return analysis.Result{Move: res.Move, Report: rep, Log: res.Log}, err
}
