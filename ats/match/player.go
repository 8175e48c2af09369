package match

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/aeiengine"
	"arimaa-workbench/engine/analysis"
	builtinengine "arimaa-workbench/engine/builtin"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
)

// player is one engine playing games of a match, on one worker: it is
// never used by two games at once.
type player interface {
	// newGame prepares for a game; seed drives its random choices.
	newGame(ctx context.Context, seed uint64) error
	// setup chooses the setup of the side to set up in g.
	setup(ctx context.Context, g *rules.Game) ([]rules.Placement, error)
	// move answers the move for the side to move in g, within lim.
	move(ctx context.Context, g *rules.Game, lim turnLimits) (reply, error)
	close()
}

// turnLimits bound one turn: a search time (0 when the turn is not timed)
// and the runner's budgets.
type turnLimits struct {
	budget   time.Duration // how long to search, chosen from the clock: the hard stop
	target   time.Duration // the time management's target within budget; 0: search budget
	least    time.Duration // with target: the time searched even when settled
	playouts int64
	nodes    int
	// timeout bounds an AEI engine's search when the turn is not timed,
	// so that a hang is noticed.
	timeout time.Duration
	// clock, for an AEI engine in a timed game, is the game's clock
	// before its turn: the engine is given it and decides itself.
	clock *aeiengine.Clock
}

// reply is an engine's move: its text as sent and the time it took.
type reply struct {
	text string
	used time.Duration
	// searched is the part of used the search itself took, when known;
	// the rest is answering delay the next turn's budget allows for.
	searched time.Duration
	// lastOutput is the last line an AEI engine wrote, for fault reports.
	lastOutput string
}

// builtinPlayer is the builtin engine (builtinengine.Engine), searching the game
// itself (so it knows the history that repetition depends on).
type builtinPlayer struct {
	spec  *ats.Spec
	nodes int // the match's node budget, which sizes the tree
	e     *builtinengine.Engine
	seed  uint64
}

func (b *builtinPlayer) newGame(_ context.Context, seed uint64) error {
	// The game's seed makes a new searcher: games must differ by more
	// than their setups. Its tree is taken now, as an AEI engine takes it
	// at isready, so that the first move's time is the search's own.
	b.seed = seed
	if b.e == nil {
		b.e = builtinengine.New(b.spec.Name, builtinengine.Fixed(builtinengine.Options{Threads: max(b.spec.Threads, 1), Config: b.spec.Config}))
	}
	b.e.Reserve(analysis.Limits{Nodes: b.nodes, Seed: seed})
	return nil
}

func (b *builtinPlayer) setup(ctx context.Context, g *rules.Game) ([]rules.Placement, error) {
	res, err := b.e.Search(ctx, g, analysis.Limits{Seed: b.seed}, analysis.Output{})
	return res.Setup, err
}

func (b *builtinPlayer) move(ctx context.Context, g *rules.Game, lim turnLimits) (reply, error) {
	begin := time.Now()
	res, err := b.e.Search(ctx, g, analysis.Limits{Time: lim.budget, Target: lim.target, Least: lim.least, Playouts: lim.playouts, Nodes: lim.nodes, Seed: b.seed}, analysis.Output{})
	used := time.Since(begin)
	if err != nil {
		return reply{used: used}, err
	}
	if res.Move == "" {
		return reply{used: used}, errors.New("the search gave no move")
	}
	return reply{text: res.Move, used: used, searched: res.Report.Elapsed}, nil
}

func (b *builtinPlayer) close() {}

// aeiPlayer is an external engine (aei.External), given the whole game
// before each move, and in a timed game the clock (the time control and
// both reserves) as any AEI controller gives it: the engine chooses its
// time, and the runner enforces the clock on what it takes.
type aeiPlayer struct {
	x        *aei.External
	ours     bool // the engine is arimaa-workbench's own: it takes playouts, seed and threads
	playouts int64
	seed     uint64
}

func newAEIPlayer(s *ats.Spec, cfg aei.Config, playouts int64) *aeiPlayer {
	a := &aeiPlayer{x: aei.NewExternal(s.Name, cfg), playouts: playouts}
	// After each start (a restart keeps the side letters the last process
	// turned out to accept): our own engines take the playout budget.
	a.x.OnStart = func(e *aei.Engine) error {
		a.ours = isOurs(e.ID())
		if !a.ours || a.playouts <= 0 {
			return nil
		}
		opts := []aei.Option{{Name: "playouts", Value: strconv.FormatInt(a.playouts, 10)}}
		if !s.HasOption("threads") {
			// One thread makes a playout budget repeatable.
			opts = append(opts, aei.Option{Name: "threads", Value: "1"})
		}
		for _, o := range opts {
			if err := e.SetOption(o.Name, o.Value); err != nil {
				return err
			}
		}
		return nil
	}
	return a
}

// isOurs reports whether an engine is arimaa-workbench's own (its builds at
// any commit name themselves alike), which understands playouts, seed and
// threads.
func isOurs(id aei.ID) bool { return id.Name == aeiengine.DefaultIdentity.Name }

func (a *aeiPlayer) newGame(ctx context.Context, seed uint64) error {
	e, err := a.x.Engine(ctx)
	if err != nil {
		return &startError{err}
	}
	a.seed = seed
	if a.ours && a.playouts > 0 {
		return e.SetOption("seed", strconv.FormatUint(seed, 10))
	}
	return nil
}

// setup chooses from the default configuration's setup library: the
// controller cannot ask an engine for a setup, since every search starts
// from a position.
func (a *aeiPlayer) setup(ctx context.Context, g *rules.Game) ([]rules.Placement, error) {
	return librarySetup(ctx, g, config.Default(), a.seed)
}

// librarySetup picks a setup for the side to set up in g from cfg's
// library, as the builtin engine does.
func librarySetup(ctx context.Context, g *rules.Game, cfg config.Config, seed uint64) ([]rules.Placement, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return config.SetupFor(g, cfg.Search.Setups, seed)
}

func (a *aeiPlayer) move(ctx context.Context, g *rules.Game, lim turnLimits) (reply, error) {
	if lim.clock != nil {
		res, err := a.x.SearchClock(ctx, g, *lim.clock, analysis.Output{})
		return reply{text: res.Move, used: res.Report.Elapsed, lastOutput: ats.LastOutput(res.Log)}, err
	}
	t := lim.budget
	if lim.target > 0 {
		t = lim.target // the engine cannot settle or stretch: the target alone
	}
	if t <= 0 {
		t = lim.timeout
	}
	// The whole game goes to the engine, as in a real game, so that it
	// knows which moves would repeat a position a third time.
	res, err := a.x.Search(ctx, g, analysis.Limits{Time: t}, analysis.Output{})
	// The engine searches until the runner's stop at t: what it took
	// beyond is the stop's way there and back, and the machine's stalls.
	return reply{text: res.Move, used: res.Report.Elapsed, searched: min(t, res.Report.Elapsed), lastOutput: ats.LastOutput(res.Log)}, err
}

func (a *aeiPlayer) close() { a.x.Close() }

// startError is an engine that did not start.
type startError struct{ err error }

func (e *startError) Error() string { return "did not start: " + e.err.Error() }
func (e *startError) Unwrap() error { return e.err }

// faultOf classifies an engine error: the termination it gives the game
// and a word for the standings.
func faultOf(err error) (rules.Termination, string) {
	var se *startError
	switch {
	case errors.As(err, &se):
		return ByForfeit, "no start"
	case errors.Is(err, aei.ErrTimeout):
		return rules.ByTime, "hang"
	case errors.Is(err, aei.ErrCrashed), errors.Is(err, aei.ErrClosed):
		return ByForfeit, "crash"
	case errors.Is(err, aei.ErrProtocol):
		return ByForfeit, "protocol"
	}
	return ByForfeit, "error"
}

// Terminations the rules core does not name, with the letters of the
// official archive's older games.
const (
	// ByForfeit: the engine crashed, did not start or broke the protocol.
	ByForfeit rules.Termination = 'f'
	// ByRepetition: the move would repeat a position for the third time.
	ByRepetition rules.Termination = 'p'
	// ByDraw: an adjudication found the position exactly balanced.
	ByDraw rules.Termination = 'n'
)

// describeErr gives an engine error with its last output line.
func describeErr(err error, lastOutput string) string {
	if lastOutput == "" {
		return err.Error()
	}
	return fmt.Sprintf("%v (last output: %s)", err, lastOutput)
}
