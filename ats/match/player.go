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
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
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
	budget   time.Duration // how long to search, chosen from the clock
	playouts int64
	nodes    int
	// timeout bounds an AEI engine's search when the turn is not timed,
	// so that a hang is noticed.
	timeout time.Duration
}

// reply is an engine's move: its text as sent and the time it took.
type reply struct {
	text string
	used time.Duration
	// lastOutput is the last line an AEI engine wrote, for fault reports.
	lastOutput string
}

// builtinPlayer is the embedded engine, searching the game itself (so it
// knows the history that repetition depends on).
type builtinPlayer struct {
	spec  *Spec
	nodes int // the match's node budget, which sizes the tree
	s     *mcts.Searcher
}

func (b *builtinPlayer) newGame(_ context.Context, seed uint64) error {
	// A new searcher per game: the seed is fixed when it is made, and
	// games must differ by more than their setups. Its tree is taken
	// now, as an AEI engine takes it at isready, so that the first move's
	// time is the search's own.
	b.s = mcts.New(mcts.Options{Threads: b.spec.threads(), Seed: seed, Config: b.spec.Config})
	b.s.Reserve(mcts.Limits{Nodes: b.nodes})
	return nil
}

func (b *builtinPlayer) setup(ctx context.Context, g *rules.Game) ([]rules.Placement, error) {
	res, err := b.s.Search(ctx, g, mcts.Limits{}, nil)
	if err != nil {
		return nil, err
	}
	return res.Setup, nil
}

func (b *builtinPlayer) move(ctx context.Context, g *rules.Game, lim turnLimits) (reply, error) {
	begin := time.Now()
	res, err := b.s.Search(ctx, g, mcts.Limits{Time: lim.budget, Playouts: lim.playouts, Nodes: lim.nodes}, nil)
	used := time.Since(begin)
	if err != nil {
		return reply{used: used}, err
	}
	if res.Best.N == 0 {
		return reply{used: used}, errors.New("the search gave no move")
	}
	pos := g.Position()
	return reply{text: pos.MoveString(res.Best), used: used}, nil
}

func (b *builtinPlayer) close() {}

// aeiPlayer is an external engine driven through the AEI controller. The
// controller sends each search as a new game and a position, so the engine
// neither knows the game's history nor follows the clock itself: the
// runner chooses each search's time from the clock, as aeiengine's time
// management would, and enforces the clock on what the engine takes.
type aeiPlayer struct {
	spec     *Spec
	cfg      aei.Config
	e        *aei.Engine
	ours     bool // the engine is arimaa-workbench's own: it takes playouts, seed and threads
	playouts int64
	letters  aei.Letters
	seed     uint64
}

func newAEIPlayer(s *Spec, cfg aei.Config, playouts int64) *aeiPlayer {
	return &aeiPlayer{spec: s, cfg: cfg, playouts: playouts}
}

// start starts the engine process; after a restart it keeps the side
// letters the last one turned out to accept.
func (a *aeiPlayer) start(ctx context.Context) error {
	cfg := a.cfg
	cfg.Letters = a.letters
	e, err := aei.Start(ctx, cfg)
	if err != nil {
		return err
	}
	a.e = e
	a.ours = isOurs(e.ID())
	if a.ours && a.playouts > 0 {
		opts := []aei.Option{{Name: "playouts", Value: strconv.FormatInt(a.playouts, 10)}}
		if !a.spec.hasOption("threads") {
			// One thread makes a playout budget repeatable.
			opts = append(opts, aei.Option{Name: "threads", Value: "1"})
		}
		for _, o := range opts {
			if err := e.SetOption(o.Name, o.Value); err != nil {
				return err
			}
		}
	}
	return nil
}

// isOurs reports whether an engine is arimaa-workbench's own (its builds at
// any commit name themselves alike), which understands playouts, seed and
// threads.
func isOurs(id aei.ID) bool { return id.Name == aeiengine.DefaultIdentity.Name }

func (a *aeiPlayer) newGame(ctx context.Context, seed uint64) error {
	if a.e == nil {
		if err := a.start(ctx); err != nil {
			return &startError{err}
		}
	}
	a.seed = seed
	if a.ours && a.playouts > 0 {
		return a.e.SetOption("seed", strconv.FormatUint(seed, 10))
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
// library, as the embedded engine does.
func librarySetup(ctx context.Context, g *rules.Game, cfg config.Config, seed uint64) ([]rules.Placement, error) {
	res, err := mcts.New(mcts.Options{Threads: 1, Seed: seed, Config: cfg}).Search(ctx, g, mcts.Limits{}, nil)
	if err != nil {
		return nil, err
	}
	return res.Setup, nil
}

func (a *aeiPlayer) move(ctx context.Context, g *rules.Game, lim turnLimits) (reply, error) {
	t := lim.budget
	if t <= 0 {
		t = lim.timeout
	}
	// The whole game goes to the engine, as in a real game, so that it
	// knows which moves would repeat a position a third time.
	moves := make([]string, len(g.Moves()))
	for i, m := range g.Moves() {
		moves[i] = m.String()
	}
	res, err := a.e.SearchGame(ctx, g.Start(), moves, t, nil)
	if l := a.e.Letters(); l != aei.Auto {
		a.letters = l
	}
	r := reply{text: res.Move, used: res.Elapsed, lastOutput: ats.LastOutput(res.Log)}
	return r, err
}

func (a *aeiPlayer) close() {
	if a.e != nil {
		a.e.Close()
		a.e = nil
	}
}

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
