// Package aeiengine runs the builtin engine (engine/builtin: the MCTS or the alpha-beta search) as an AEI
// engine over any reader and writer (stdin and stdout for
// `arimaa-workbench aei`): protocol version 1 as the documentation of
// package aei describes it, with the options listed there. It keeps the
// game with its history, follows the controller's time control (Clock),
// answers while it searches, and sends info lines from the search's
// progress reports.
package aeiengine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/builtin"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/timeman"
)

// Identity is what the engine sends in its id lines.
type Identity struct {
	Name, Author, Version string
}

// DefaultIdentity names our engine.
var DefaultIdentity = Identity{Name: "Arimaa Workbench MCTS", Author: "Arimaa Workbench developers", Version: "1.0"}

// Options start an engine; the controller may change all of them later
// with setoption.
type Options struct {
	Config   config.Config
	Threads  int    // 0: the configuration's, then every core
	Seed     uint64 // random seed of the search
	Playouts int64  // playout budget per search; 0 = time control only
	Identity Identity
	// Now is the clock the answering delay is measured with; nil is
	// time.Now (tests give their own).
	Now func() time.Time
	// RootPriors, when set, suggests moves to every search of a game in
	// play (the searchers' SetRootPriors); it is called at the start of the
	// search, and its time is the search's.
	RootPriors func(ctx context.Context, g *rules.Game) []analysis.MovePrior
}

// Engine is one AEI session's state.
type Engine struct {
	opts   Options
	clock  Clock
	hashMB int
	depth  int
	game   *rules.Game

	out      *writer
	searcher builtin.Searcher
	search   *search // the search in progress, nil when idle

	delayMu sync.Mutex
	delays  timeman.Delays // the answering delay's high-water mark
}

// search is a search running in its own goroutine.
type search struct {
	bounded bool // ends by itself (a go that is not ponder)
	cancel  context.CancelFunc
	done    chan struct{}
	mu      sync.Mutex
	silent  bool // set when the result must not be sent (makemove, quit)
}

// writer sends whole lines; the search goroutine and the command loop
// both write.
type writer struct {
	mu sync.Mutex
	w  *bufio.Writer
}

func (w *writer) send(format string, args ...any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	fmt.Fprintf(w.w, format, args...)
	w.w.WriteByte('\n')
	w.w.Flush()
}

// New returns an engine with a new game.
func New(opts Options) *Engine {
	if opts.Identity == (Identity{}) {
		opts.Identity = DefaultIdentity
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Engine{opts: opts, clock: NewClock(), game: rules.NewGame()}
}

// Run speaks AEI on in and out until quit, the end of in, or ctx ends.
// Problems with the controller's messages are reported to it as log lines;
// Run returns an error only when reading or writing fails.
func (e *Engine) Run(ctx context.Context, in io.Reader, out io.Writer) error {
	e.out = &writer{w: bufio.NewWriter(out)}
	lines := make(chan string)
	readErr := make(chan error, 1)
	go func() {
		defer close(lines)
		mr := newMessageReader(in, maxLine)
		for {
			l, err := mr.next()
			var tl *tooLongError
			if errors.As(err, &tl) {
				// A controller's garbage is its problem, not a reason to
				// end the session: say so and read on.
				e.out.send("log Error: %v; ignored", err)
				continue
			}
			if err != nil {
				if err != io.EOF {
					readErr <- err
				}
				return
			}
			select {
			case lines <- l:
			case <-ctx.Done():
				return
			}
		}
	}()
	defer e.stopSearch(true)
	for {
		select {
		case <-ctx.Done():
			return nil
		case line, ok := <-lines:
			if !ok {
				// End of input is not quit: a search that ends by itself
				// still gives its move, so scripted sessions work.
				if s := e.search; s != nil && s.bounded {
					<-s.done
					e.search = nil
				}
				select {
				case err := <-readErr:
					return err
				default:
					return nil
				}
			}
			if quit := e.handle(line); quit {
				return nil
			}
		}
	}
}

// maxLine bounds a controller message. The longest real ones, setoption
// with a list of setups, take a few kilobytes.
const maxLine = 1 << 20

// handle carries out one controller message; it reports true on quit.
func (e *Engine) handle(line string) bool {
	line = strings.TrimRight(line, "\r")
	cmd, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	rest = strings.TrimSpace(rest)
	switch cmd {
	case "":
	case "aei":
		e.out.send("protocol-version 1")
		e.out.send("id name %s", e.opts.Identity.Name)
		e.out.send("id author %s", e.opts.Identity.Author)
		e.out.send("id version %s", e.opts.Identity.Version)
		e.out.send("aeiok")
	case "isready":
		// The tree's memory is taken now, while the controller waits,
		// not out of the first move's time.
		if e.search == nil {
			if err := e.getSearcher().Reserve(e.limits(true)); err != nil {
				e.out.send("log Error: %v", err)
			}
		}
		e.out.send("readyok")
	case "newgame":
		e.stopSearch(true)
		e.game = rules.NewGame()
		e.clock.NewGame()
	case "setposition":
		e.stopSearch(true)
		e.setPosition(rest)
	case "setoption":
		e.setOption(rest)
	case "makemove":
		e.stopSearch(true)
		e.makeMove(rest)
	case "go":
		e.goSearch(rest == "ponder" || rest == "infinite")
	case "stop":
		e.stopSearch(false)
	case "quit":
		e.stopSearch(true)
		e.out.send("log Info: bye")
		return true
	default:
		e.out.send("log Error: unknown command %s", rules.Quote(cmd))
	}
	return false
}

func (e *Engine) setPosition(rest string) {
	p, err := rules.ParseAEIPosition(rest)
	if err != nil {
		e.out.send("log Error: setposition %s: %v", rules.Quote(rest), err)
		return
	}
	g, err := rules.NewGameFrom(p)
	if err != nil {
		e.out.send("log Error: setposition %s: %v", rules.Quote(rest), err)
		return
	}
	e.game = g
}

// setOption handles "name <id> [value <x>]".
func (e *Engine) setOption(rest string) {
	if !strings.HasPrefix(rest, "name ") {
		e.out.send("log Error: setoption needs \"name <id> [value <x>]\", got %s", rules.Quote(rest))
		return
	}
	name, value, _ := strings.Cut(strings.TrimPrefix(rest, "name "), " value ")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if err := e.SetOption(name, value); err != nil {
		if errors.Is(err, errUnknownOption) {
			e.out.send("log Warning: %v", err)
		} else {
			e.out.send("log Error: %v", err)
		}
	}
}

var errUnknownOption = errors.New("unknown option")

// SetOption sets one AEI option: the time control and game state, hash
// (MB), depth (steps), threads, playouts, seed, or any configuration key
// by its dotted name (e.g. search.exploration). A value that is not a
// number in the option's range (config.MaxSeconds and its kin) is an error
// and leaves the option as it was: the controller meant something else,
// and a log line tells it so rather than a value cut to fit.
func (e *Engine) SetOption(name, value string) error {
	seconds := func(d *time.Duration) error {
		f, err := strconv.ParseFloat(value, 64)
		if err != nil || !(f >= 0 && f <= config.MaxSeconds) { // NaN fails both
			return fmt.Errorf("option %s: %s is not a number of seconds from 0 to %d", name, rules.Quote(value), config.MaxSeconds)
		}
		*d = time.Duration(f * float64(time.Second))
		return nil
	}
	integer := func(p *int64, lo, hi int64) error {
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("option %s: %s is not a whole number from %d to %d", name, rules.Quote(value), lo, hi)
		}
		*p = n
		return nil
	}
	c := &e.clock
	var n int64
	switch name {
	case "tcmove":
		return seconds(&c.Move)
	case "tcreserve":
		if err := seconds(&c.Reserve); err != nil {
			return err
		}
		if len(e.game.Moves()) == 0 {
			c.NewGame()
		}
		return nil
	case "tcpercent":
		err := integer(&n, 0, 100)
		if err == nil {
			c.Percent = int(n)
		}
		return err
	case "tcmax":
		return seconds(&c.Max)
	case "tctotal":
		return seconds(&c.Total)
	case "tcturntime":
		return seconds(&c.TurnTime)
	case "greserve", "sreserve":
		side := rules.Gold
		if name == "sreserve" {
			side = rules.Silver
		}
		if err := seconds(&c.Reserves[side]); err != nil {
			return err
		}
		c.ReserveSet[side] = true
		return nil
	case "moveused":
		return seconds(&c.MoveUsed)
	case "tcturns", "gused", "sused", "lastmoveused", "opponent", "opponent_rating", "rating", "rated", "event":
		return nil // game state that does not change how we search
	case "hash":
		if err := integer(&n, 0, math.MaxInt32); err != nil {
			return err
		}
		if err := config.CheckMemoryMB(name, n); err != nil {
			return fmt.Errorf("option %w", err)
		}
		e.hashMB = int(n)
		return nil
	case "depth":
		if err := integer(&n, 0, config.MaxDepth); err != nil {
			return err
		}
		if n > 0 && n < 4 {
			n = 4 // AEI lets an engine honour a minimum depth of 4
		}
		e.depth = int(n)
		return nil
	case "threads":
		err := integer(&n, 0, config.MaxThreads)
		if err == nil {
			e.opts.Threads = int(n)
		}
		return err
	case "playouts":
		err := integer(&n, 0, config.MaxPlayouts)
		if err == nil {
			e.opts.Playouts = n
		}
		return err
	case "seed":
		seed, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			return fmt.Errorf("option seed: %s is not a whole number from 0 to %d", rules.Quote(value), uint64(math.MaxUint64))
		}
		e.opts.Seed = seed
		e.searcher = nil
		return nil
	}
	if strings.Contains(name, ".") {
		cfg := e.opts.Config
		if err := cfg.Set(name, value); err != nil {
			if errors.Is(err, config.ErrUnknownKey) {
				return fmt.Errorf("%w %s", errUnknownOption, rules.Echo(name))
			}
			return fmt.Errorf("option %w", err)
		}
		e.opts.Config = cfg
		e.searcher = nil
		return nil
	}
	return fmt.Errorf("%w %s", errUnknownOption, rules.Echo(name))
}

// makeMove plays a move or, in the setup phase, a setup. Capture tokens
// are not checked: the rules know what each step captures.
func (e *Engine) makeMove(text string) {
	g := e.game
	if strings.TrimSpace(text) == "" {
		e.out.send("log Error: makemove without a move")
		return
	}
	if ph := g.Phase(); ph == rules.GoldSetup || ph == rules.SilverSetup {
		side := rules.Gold
		if ph == rules.SilverSetup {
			side = rules.Silver
		}
		ps, err := rules.ParseSetup(text, side)
		if err == nil {
			err = g.SetupPieces(ps)
		}
		if err != nil {
			e.out.send("log Error: illegal setup %s: %v", rules.Quote(text), err)
		}
		return
	}
	w, err := rules.ParseMove(text)
	if err == nil {
		err = g.Play(w.Move)
	}
	if err != nil {
		e.out.send("log Error: illegal move %s: %v", rules.Quote(text), err)
	}
}

// searcher returns the searcher for the current options.
func (e *Engine) getSearcher() builtin.Searcher {
	if e.searcher == nil {
		e.searcher = builtin.NewSearcher(builtin.Options{Threads: e.opts.Threads, Seed: e.opts.Seed, Config: e.opts.Config})
	}
	return e.searcher
}

// limits is what bounds a search under the current options and clock.
func (e *Engine) limits(ponder bool) analysis.Limits {
	var lim analysis.Limits
	if e.hashMB > 0 {
		lim.MemoryBytes = int64(e.hashMB) << 20
	}
	if ponder {
		return lim
	}
	lim.Depth = e.depth
	lim.Playouts = e.opts.Playouts
	cur := e.game.Position()
	side := cur.Side()
	// Without a clock only a playout budget ends a search by itself for
	// sure: a depth may never be reached, so the default move time bounds it.
	timed := e.clock.Hard(side) >= 0
	if timed || lim.Playouts == 0 {
		b := timeman.Plan(timeman.Input{Clock: e.clock, Side: side, Turn: cur.Turn(), Delay: e.delayMark()}, e.opts.Config.Time)
		lim.Time = b.Max
		if timed && !b.Fixed {
			lim.Target, lim.Least = b.Target, b.Least
		}
	}
	return lim
}

// delayMark is the answering delay's high-water mark.
func (e *Engine) delayMark() time.Duration {
	e.delayMu.Lock()
	defer e.delayMu.Unlock()
	return e.delays.Mark()
}

// noteDelay records a timed search's answering delay: the time from go to
// bestmove sent that was not the search's own (its start, an overrun of
// its time limit, the answer), which the controller's clock counts too.
func (e *Engine) noteDelay(begun time.Time, lim analysis.Limits, r analysis.Report) {
	searched := r.Elapsed
	if lim.Time > 0 {
		searched = min(searched, lim.Time)
	}
	e.delayMu.Lock()
	defer e.delayMu.Unlock()
	e.delays.Add(max(e.opts.Now().Sub(begun)-searched, 0))
}

// goSearch starts a search in its own goroutine. A ponder search (also
// "go infinite", as in Kozelek's Akimot engine) runs until stop, which gets a
// bestmove, or makemove, which does not.
func (e *Engine) goSearch(ponder bool) {
	if e.search != nil {
		e.out.send("log Error: go while a search is running; send stop first")
		return
	}
	begun := e.opts.Now()
	g := e.game
	if g.Phase() == rules.Over {
		e.out.send("log Error: go: the game is over")
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &search{cancel: cancel, done: make(chan struct{}), bounded: !ponder}
	e.search = s
	searcher := e.getSearcher()
	lim := e.limits(ponder)
	if lim.Time > 0 {
		// Controllers and tests read what the time management chose.
		e.out.send("log Debug: search time: target %.3f s, hard stop %.3f s, answering delay up to %.3f s", lim.Target.Seconds(), lim.Time.Seconds(), e.delayMark().Seconds())
	}
	pos := g.Position()
	cfg := e.opts.Config
	priors := e.opts.RootPriors
	go func() {
		defer close(s.done)
		if priors != nil && g.Phase() == rules.Playing {
			moves := priors(ctx, g)
			searcher.SetRootPriors(moves)
			e.out.send("log Debug: %d moves suggested to the search", len(moves))
		}
		res, err := searcher.Search(ctx, g, lim, func(r analysis.Report) { e.info(pos, cfg, r) })
		if ponder {
			<-ctx.Done() // a ponder search answers only to stop
		}
		s.mu.Lock()
		silent := s.silent
		s.mu.Unlock()
		if silent {
			return
		}
		if err != nil {
			e.out.send("log Error: search: %v", err)
			return
		}
		if res.Setup != nil {
			e.out.send("bestmove %s", rules.SetupString(res.Setup))
			return
		}
		e.out.send("log Debug: %d playouts in %.2f s, %.0f per second, %d nodes, ended by %s", res.Report.Playouts, res.Report.Elapsed.Seconds(), res.Report.PlayoutsPerSec, res.Report.Nodes, res.Report.Ended)
		e.out.send("bestmove %s", pos.MoveString(res.Best))
		if lim.Target > 0 {
			e.noteDelay(begun, lim, res.Report)
		}
	}()
}

// stopSearch ends the running search and waits for it; silent drops its
// bestmove.
func (e *Engine) stopSearch(silent bool) {
	s := e.search
	if s == nil {
		return
	}
	s.mu.Lock()
	s.silent = silent
	s.mu.Unlock()
	s.cancel()
	<-s.done
	e.search = nil
}

// info sends a report as AEI info lines.
func (e *Engine) info(pos rules.Position, cfg config.Config, r analysis.Report) {
	if r.Playouts == 0 {
		return
	}
	e.out.send("info time %d", int(r.Elapsed.Seconds()))
	score := centiRabbits(cfg, r.WinRatio)
	if r.AlphaBeta {
		// The completed iteration, the deepest step and the search's
		// own score, as alpha-beta engines report them.
		e.out.send("info depth %.0f", r.AvgDepth)
		e.out.send("info seldepth %d", r.MaxDepth)
		score = r.Score
	} else {
		e.out.send("info depth %d", r.MaxDepth)
	}
	e.out.send("info nodes %d", r.Playouts)
	e.out.send("info score %d", score)
	e.out.send("info winratio %.4f", r.WinRatio)
	e.out.send("info playouts_per_second %.0f", r.PlayoutsPerSec)
	if len(r.PV) > 0 {
		e.out.send("info pv %s", rules.PVString(pos.Side(), r.PV))
	}
}

// centiRabbits turns a win ratio back into a score through the inverse of
// the evaluation's sigmoid, in hundredths of the first rabbit's value.
func centiRabbits(c config.Config, p float64) int {
	const limit = 30000
	lambda := c.Eval.SigmoidLambda
	rabbit := float64(c.Eval.Rabbit + c.Eval.RabbitsLeft[7] - c.Eval.RabbitsLeft[8])
	if c.Eval.Harlog > 0 {
		rabbit = c.Eval.Harlog // HarLog's points are per first rabbit
	}
	if rabbit <= 0 || lambda <= 0 {
		rabbit, lambda = 100, 0.002
	}
	switch {
	case p >= 1:
		return limit
	case p <= 0:
		return -limit
	}
	points := math.Log(p/(1-p)) / lambda
	return int(math.Max(-limit, math.Min(limit, math.Round(points*100/rabbit))))
}
