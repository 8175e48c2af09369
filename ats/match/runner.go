package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// Config is a match: engines, how many games, limits, and where the games
// go.
type Config struct {
	// Engines: two play a match, more a round robin (or, with Gauntlet,
	// the first against each of the others).
	Engines  []ats.Spec
	Gauntlet bool
	// Games is the number of games of each pairing; colours alternate,
	// and each opening is played twice with the colours swapped.
	Games int
	// Openings, when given, are where games start, in turn; without them
	// the engines choose their setups (the builtin engine from its setup
	// library; for an AEI engine the default library is used, as the
	// controller cannot ask it for a setup).
	Openings []Opening
	// TC is the time control, enforced by the runner; Playouts and Nodes
	// are budgets per move for the builtin engine (and Playouts for AEI
	// engines that are arimaa-workbench's own). At least one is needed.
	TC       TimeControl
	Playouts int64
	Nodes    int
	// Seed makes a match with playout or node budgets repeatable: each
	// game's seed derives from it and the game's opening.
	Seed uint64
	// Jobs is how many games are played at once; default 1.
	Jobs int
	// SPRT, for a match of two engines, stops it once the test decides.
	SPRT *SPRT
	// MaxTurns, when positive, adjudicates a game by the static
	// evaluation after that many turns of each side.
	MaxTurns int
	// MoveTimeout bounds an AEI engine's search when turns are not timed
	// (playout budgets only); past it the engine counts as hung. Default
	// 60 s.
	MoveTimeout time.Duration
	// StartTimeout and Grace tune the AEI controller (0: its defaults).
	StartTimeout, Grace time.Duration
	// Event is the archive's event column; default "arimaa-workbench match".
	Event string
	// Out is the game archive each game is appended to when it ends. With
	// Resume, the games already in Out are counted and not played again.
	Out    string
	Resume bool
	// OutLock, when set, is the caller's lock on Out (fsutil.LockFile),
	// taken before the match to keep other runs out of what it sets up
	// first; the caller releases it after Run. Without it, Run locks Out
	// itself for the match.
	OutLock *fsutil.Lock
	// OnEvent receives the match's events, one call at a time, from the
	// runner's goroutines; it must not block for long.
	OnEvent func(Event)
	// Executor plays the games; nil plays them here, Jobs at once.
	// Package cluster sends them to workers through NATS JetStream.
	Executor Executor
}

// EventKind says what an Event reports.
type EventKind uint8

// The kinds of event.
const (
	GameStarted EventKind = iota + 1
	GameDone
	EngineRestart
	// Notice is news from the executor, such as a worker that cannot play
	// a game (Err says what).
	Notice
)

// Event is something that happened during a match; Standings is always set.
type Event struct {
	Kind EventKind
	// GameID and Players name the game (GameStarted, GameDone).
	GameID  int
	Players [2]string
	Result  *GameResult // GameDone
	Engine  string      // EngineRestart: which engine
	Err     error       // EngineRestart: why; Notice: the news
	Standings
}

// plannedGame is one game of the schedule.
type plannedGame struct {
	ID           int // from 1
	Gold, Silver int // engine indices
	Opening      int // index into Config.Openings, -1 for the engines' setups
	Seed         uint64
}

func (pg plannedGame) engine(side rules.Color) int {
	if side == rules.Gold {
		return pg.Gold
	}
	return pg.Silver
}

// Runner plays a match. Use NewRunner, then Run once.
type Runner struct {
	cfg  Config
	plan []plannedGame

	mu         sync.Mutex // guards the fields below and serialises OnEvent
	tally      []tally
	kinds      map[string]int
	stats      *Stats // game lengths, move times and endings per engine
	done       map[int]bool
	prior      int // games found in the output file
	playedHere int
	start      time.Time
	out        *os.File
	header     bool // the output file has its header line
	startFails []int
	failed     error
	stopped    string
	cancel     context.CancelFunc
}

// tally is one engine's results.
type tally struct {
	Score
	faults map[string]int
}

// NewRunner checks the configuration and plans the games.
func NewRunner(cfg Config) (*Runner, error) {
	cfg.Engines = append([]ats.Spec(nil), cfg.Engines...)
	switch {
	case len(cfg.Engines) < 2:
		return nil, errors.New("match: at least two engines are needed")
	case cfg.Gauntlet && len(cfg.Engines) < 3:
		cfg.Gauntlet = false // two engines: a gauntlet is the match
	}
	if err := ats.UniqueNames(cfg.Engines); err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	if cfg.Games < 1 {
		return nil, errors.New("match: no games to play")
	}
	if !cfg.TC.timed() && cfg.Playouts <= 0 && cfg.Nodes <= 0 {
		return nil, errors.New("match: no limit per move: give a time control or a playout or node budget")
	}
	if cfg.SPRT != nil {
		if len(cfg.Engines) != 2 {
			return nil, errors.New("match: an SPRT needs exactly two engines")
		}
		if err := cfg.SPRT.Validate(); err != nil {
			return nil, fmt.Errorf("match: %w", err)
		}
	}
	for _, s := range cfg.Engines {
		if !s.Builtin && cfg.Nodes > 0 && !cfg.TC.timed() {
			return nil, fmt.Errorf("match: %s is an AEI engine: a node budget is for the builtin engine only; give a time control", s.Name)
		}
	}
	if cfg.Jobs < 1 {
		cfg.Jobs = 1
	}
	if cfg.MoveTimeout <= 0 {
		cfg.MoveTimeout = time.Minute
	}
	if cfg.Event == "" {
		cfg.Event = "arimaa-workbench match"
	}
	if strings.ContainsAny(cfg.Event, "\t\r\n") {
		return nil, errors.New("match: the event name holds a tab or line break")
	}
	for i, o := range cfg.Openings {
		if _, err := o.Game(); err != nil {
			return nil, fmt.Errorf("match: opening %d (%s): %w", i+1, o.Name, err)
		}
	}
	names := make([]string, len(cfg.Engines))
	for i, e := range cfg.Engines {
		names[i] = e.Name
	}
	r := &Runner{cfg: cfg, kinds: map[string]int{}, done: map[int]bool{}, stats: NewStats(names...),
		tally: make([]tally, len(cfg.Engines)), startFails: make([]int, len(cfg.Engines)), cancel: func() {}}
	r.plan = schedule(len(cfg.Engines), cfg.Gauntlet, cfg.Games, len(cfg.Openings), cfg.Seed)
	return r, nil
}

// Total is the number of games the match plans (an SPRT may stop it
// earlier).
func (r *Runner) Total() int { return len(r.plan) }

// pairings lists who plays whom: one pair for two engines, every pair for
// a round robin, the first against each other in a gauntlet.
func pairings(n int, gauntlet bool) [][2]int {
	var ps [][2]int
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if gauntlet && a > 0 {
				return ps
			}
			ps = append(ps, [2]int{a, b})
		}
	}
	return ps
}

// schedule plans the games: opening by opening, each pairing plays it
// twice with the colours swapped, so that partial results stay balanced.
func schedule(engines int, gauntlet bool, games, openings int, seed uint64) []plannedGame {
	var plan []plannedGame
	for o := 0; 2*o < games; o++ {
		op := -1
		if openings > 0 {
			op = o % openings
		}
		s := mix(seed, uint64(o))
		for _, p := range pairings(engines, gauntlet) {
			plan = append(plan, plannedGame{ID: len(plan) + 1, Gold: p[0], Silver: p[1], Opening: op, Seed: s})
			if 2*o+1 < games {
				plan = append(plan, plannedGame{ID: len(plan) + 1, Gold: p[1], Silver: p[0], Opening: op, Seed: s})
			}
		}
	}
	return plan
}

// mix derives a seed from the match's seed and a number (splitmix64's
// finaliser, Steele, Lea and Flood 2014), so neighbouring numbers give
// unrelated seeds.
func mix(seed, n uint64) uint64 {
	z := seed + (n+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// game is the planned game pg with everything needed to play it.
func (r *Runner) game(pg plannedGame) *Game {
	c := &r.cfg
	g := &Game{ID: pg.ID, Engines: [2]ats.Spec{c.Engines[pg.Gold], c.Engines[pg.Silver]}, Seed: pg.Seed, Event: c.Event,
		Limits: Limits{TC: c.TC, Playouts: c.Playouts, Nodes: c.Nodes, MaxTurns: c.MaxTurns,
			MoveTimeout: c.MoveTimeout, StartTimeout: c.StartTimeout, Grace: c.Grace}}
	if pg.Opening >= 0 {
		g.Opening = &c.Openings[pg.Opening]
	}
	return g
}

// Games lists the games the match has still to play, each with everything
// needed to play it.
func (r *Runner) Games() []*Game {
	var todo []*Game
	for _, pg := range r.plan {
		if !r.done[pg.ID] {
			todo = append(todo, r.game(pg))
		}
	}
	return todo
}

// maxStartFailures is how many starts in a row an engine may fail before
// the match stops: an engine that cannot start would lose every game.
const maxStartFailures = 3

// engineFailed books a fault of engine i, which its slot has restarted;
// an engine that fails to start maxStartFailures times in a row stops the
// match.
func (r *Runner) engineFailed(i int, f EngineFault) {
	r.mu.Lock()
	if f.Start {
		r.startFails[i]++
		if r.startFails[i] >= maxStartFailures && r.failed == nil {
			r.failed = fmt.Errorf("match: %s failed to start %d times in a row: %w", r.cfg.Engines[i].Name, r.startFails[i], f.Err)
			r.cancel()
		}
	}
	r.mu.Unlock()
	r.emit(Event{Kind: EngineRestart, Engine: r.cfg.Engines[i].Name, Err: f.Err})
}

func (r *Runner) engineStarted(i int) {
	r.mu.Lock()
	r.startFails[i] = 0
	r.mu.Unlock()
}

// preflight starts each AEI engine once: a command that cannot start stops
// the match before any game, and a playout budget needs engines that
// understand it. With an executor of its own (workers elsewhere), engines
// this machine lacks are left to the workers.
func (r *Runner) preflight(ctx context.Context) error {
	lim := r.game(r.plan[0]).Limits
	for i := range r.cfg.Engines {
		s := &r.cfg.Engines[i]
		if s.Builtin {
			continue
		}
		if r.cfg.Executor != nil {
			if _, err := exec.LookPath(s.Command[0]); err != nil {
				continue
			}
		}
		p := newAEIPlayer(s, aeiConfig(s, lim), r.cfg.Playouts)
		if _, err := p.x.Engine(ctx); err != nil {
			return fmt.Errorf("match: engine %s did not start: %w", s.Name, err)
		}
		ours := p.ours
		p.close()
		if r.cfg.Playouts > 0 && !ours && !r.cfg.TC.timed() {
			return fmt.Errorf("match: %s is not arimaa-workbench's engine, so it has no playout budget; give a time control", s.Name)
		}
	}
	return nil
}

// Run plays the match and returns its summary. It ends when every game is
// played, an SPRT decides, or ctx is cancelled: then the games in progress
// are abandoned (not written), and the summary so far comes with ctx's
// error. Each game is appended to Config.Out as soon as it ends.
func (r *Runner) Run(ctx context.Context) (*Summary, error) {
	r.start = time.Now()
	if r.cfg.Out != "" && r.cfg.OutLock == nil {
		// Locked before the engines start, so a second match on the file
		// stops at once.
		lock, err := fsutil.LockFile(r.cfg.Out)
		if err != nil {
			return nil, fmt.Errorf("match: %w", err)
		}
		defer lock.Unlock()
	}
	if err := r.preflight(ctx); err != nil {
		return nil, err
	}
	if r.cfg.Out != "" {
		if err := r.openOut(); err != nil {
			return nil, err
		}
		defer r.out.Close()
	}
	if r.cfg.SPRT != nil {
		if d := r.cfg.SPRT.Decide(r.tally[0].Score); d != Continue {
			r.stopped = "SPRT: " + d.String()
			return r.summary(true), nil
		}
	}
	todo := r.Games()
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.mu.Lock()
	r.cancel = cancel
	r.mu.Unlock()
	ex := r.cfg.Executor
	if ex == nil {
		ex = localExecutor{jobs: r.cfg.Jobs}
	}
	if err := ex.Execute(runCtx, todo, reporter{r}); err != nil && runCtx.Err() == nil {
		r.fail(err)
	}

	r.mu.Lock()
	failed := r.failed
	r.mu.Unlock()
	switch {
	case failed != nil:
		return r.summary(false), failed
	case ctx.Err() != nil:
		return r.summary(false), ctx.Err()
	}
	return r.summary(true), nil
}

// localExecutor plays the games on goroutines of this process, each with
// a Slot of its own.
type localExecutor struct{ jobs int }

// Execute plays games, jobs at once, until they are played or ctx ends.
func (l localExecutor) Execute(ctx context.Context, games []*Game, to Reporter) error {
	queue := make(chan *Game)
	errs := make(chan error, 1)
	var wg sync.WaitGroup
	for range min(l.jobs, max(len(games), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sl := NewSlot("")
			defer sl.Close()
			for g := range queue {
				if ctx.Err() != nil {
					continue
				}
				to.Started(g)
				res, err := sl.Play(ctx, g)
				switch {
				case err == nil:
					to.Done(res)
				case !IsAbandoned(err):
					select {
					case errs <- err:
					default:
					}
				}
			}
		}()
	}
feed:
	for _, g := range games {
		select {
		case queue <- g:
		case <-ctx.Done():
			break feed
		case err := <-errs:
			errs <- err
			break feed
		}
	}
	close(queue)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// Executor plays the games of a match: the runner's own plays them on
// goroutines of this process; package cluster sends them as jobs to workers.
type Executor interface {
	// Execute plays games and reports each, until every one is reported
	// or ctx ends (when the match stops: then games in progress may be
	// dropped). A game may be reported twice, as when a job is delivered
	// again; the runner keeps the first. An error stops the match.
	Execute(ctx context.Context, games []*Game, to Reporter) error
}

// Reporter receives what an Executor learns of the games; its methods may
// be called from several goroutines at once.
type Reporter interface {
	// Started says that a game has begun.
	Started(g *Game)
	// Done delivers a finished game.
	Done(res *GameResult)
	// Notice passes on news, such as a worker that cannot play a game.
	Notice(text string)
}

// reporter is the runner's Reporter.
type reporter struct{ r *Runner }

func (rp reporter) Started(g *Game) {
	rp.r.emit(Event{Kind: GameStarted, GameID: g.ID, Players: [2]string{g.Engines[0].Name, g.Engines[1].Name}})
}

func (rp reporter) Done(res *GameResult) { rp.r.record(res) }

func (rp reporter) Notice(text string) { rp.r.emit(Event{Kind: Notice, Err: errors.New(text)}) }

// record books a finished game and appends it to the output, unless the
// game is not one of the match's or is already booked (a job delivered
// twice).
func (r *Runner) record(res *GameResult) {
	r.mu.Lock()
	if res.ID < 1 || res.ID > len(r.plan) || r.done[res.ID] || r.stopped != "" {
		r.mu.Unlock()
		return
	}
	pg := r.plan[res.ID-1]
	names := [2]string{r.cfg.Engines[pg.Gold].Name, r.cfg.Engines[pg.Silver].Name}
	if res.Players != names || res.Archive == nil {
		r.mu.Unlock()
		return
	}
	r.done[res.ID] = true
	r.mu.Unlock()
	res.Engines = [2]int{pg.Gold, pg.Silver}
	for side, started := range res.Started {
		if started {
			r.engineStarted(res.Engines[side])
		}
	}
	for _, f := range res.Faults {
		r.engineFailed(res.Engines[f.Side], f)
	}
	if err := r.write(res.Archive); err != nil {
		r.fail(fmt.Errorf("match: writing %s: %w", r.cfg.Out, err))
		return
	}
	r.mu.Lock()
	r.book(res.Engines, res.Winner, res.Draw, res.Kind)
	r.stats.Add(res.Archive)
	r.playedHere++
	if t := r.cfg.SPRT; t != nil && r.stopped == "" {
		if d := t.Decide(r.tally[0].Score); d != Continue {
			r.stopped = "SPRT: " + d.String()
			r.cancel()
		}
	}
	r.mu.Unlock()
	r.emit(Event{Kind: GameDone, GameID: res.ID, Players: names, Result: res})
}

func (r *Runner) fail(err error) {
	r.mu.Lock()
	if r.failed == nil {
		r.failed = err
		r.cancel()
	}
	r.mu.Unlock()
}

// book counts a game; r.mu is held (or the match has not started).
func (r *Runner) book(engines [2]int, winner rules.Color, draw bool, kind string) {
	bookGame(r.tally, r.kinds, engines, winner, draw, kind)
}

// bookGame counts a game between engines (Gold's and Silver's indices in
// tally) in their tallies and its ending in kinds.
func bookGame(tally []tally, kinds map[string]int, engines [2]int, winner rules.Color, draw bool, kind string) {
	kinds[kind]++
	if kind == GivenUp {
		return // no game, and no engine's fault that anyone knows
	}
	g, s := &tally[engines[0]], &tally[engines[1]]
	switch {
	case draw:
		g.Draws++
		s.Draws++
	case winner == rules.Gold:
		g.Wins++
		s.Losses++
	default:
		s.Wins++
		g.Losses++
	}
	if !draw && faultKinds[kind] {
		loser := &tally[engines[winner.Other()]]
		if loser.faults == nil {
			loser.faults = map[string]int{}
		}
		loser.faults[kind]++
	}
}

// emit stamps the standings on e and delivers it.
func (r *Runner) emit(e Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e.Standings = r.standingsLocked()
	if r.cfg.OnEvent != nil {
		r.cfg.OnEvent(e)
	}
}

// Standings returns the standings now; it may be called from any goroutine.
func (r *Runner) Standings() Standings {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.standingsLocked()
}

// openOut opens the output archive: a new one, or with Resume the existing
// one, whose games are counted (a last row cut short by an interruption
// is dropped).
func (r *Runner) openOut() error {
	path := r.cfg.Out
	if !r.cfg.Resume {
		f, err := fsutil.CreateNew(path)
		if err != nil {
			if errors.Is(err, os.ErrExist) {
				return fmt.Errorf("match: %s already exists: resume it, or choose another file", path)
			}
			return fmt.Errorf("match: %w", err)
		}
		r.out = f
		return nil
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, os.ErrNotExist) {
		if f, err = fsutil.CreateNew(path); err == nil {
			r.out = f
			return nil
		}
	}
	if err != nil {
		return fmt.Errorf("match: %w", err)
	}
	// Read a game at a time: an archive may be larger than memory allows.
	keep, err := fsutil.CompleteLength(f)
	if err != nil {
		f.Close()
		return fmt.Errorf("match: %w", err)
	}
	if err := r.resume(io.NewSectionReader(f, 0, keep), keep); err != nil {
		f.Close()
		return err
	}
	if err := f.Truncate(keep); err != nil {
		f.Close()
		return fmt.Errorf("match: dropping the unfinished last line of %s: %w", path, err)
	}
	if _, err := f.Seek(keep, io.SeekStart); err != nil {
		f.Close()
		return fmt.Errorf("match: %w", err)
	}
	r.out = f
	return nil
}

// resume counts the games of an earlier part of the match, the size bytes
// of in.
func (r *Runner) resume(in io.Reader, size int64) error {
	if size == 0 {
		return nil
	}
	r.header = true
	ar := records.NewArchiveReader(in, r.cfg.Out)
	names := map[string]int{}
	for i, s := range r.cfg.Engines {
		names[s.Name] = i
	}
	for {
		ag, err := ar.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("match: %w", err)
		}
		id, err := strconv.Atoi(ag.ID)
		if err != nil || id < 1 || id > len(r.plan) {
			return fmt.Errorf("match: %s, line %d: game %q is not one of the %d games of this match; resume with the same engines and options", r.cfg.Out, ag.Line, ag.ID, len(r.plan))
		}
		pg := r.plan[id-1]
		if ag.WPlayer != r.cfg.Engines[pg.Gold].Name || ag.BPlayer != r.cfg.Engines[pg.Silver].Name {
			return fmt.Errorf("match: %s, line %d: game %d was played by %s and %s, but this match has %s and %s there; resume with the same engines and options",
				r.cfg.Out, ag.Line, id, ag.WPlayer, ag.BPlayer, r.cfg.Engines[pg.Gold].Name, r.cfg.Engines[pg.Silver].Name)
		}
		if r.done[id] {
			return fmt.Errorf("match: %s, line %d: game %d is there twice", r.cfg.Out, ag.Line, id)
		}
		r.done[id] = true
		r.prior++
		r.book([2]int{pg.Gold, pg.Silver}, ag.Result, ag.Unfinished, KindOf(ag))
		r.stats.Add(ag)
	}
}

// KindOf recovers how an archived game of a match ended (goal, time,
// crash, adjudication, ... as GameResult.Kind) from its events; for a game
// of another origin it is the archive's termination.
func KindOf(ag *records.ArchiveGame) string {
	lines := strings.Split(ag.Events, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		_, text, _ := strings.Cut(lines[i], " ")
		if rest, ok := strings.CutPrefix(text, endMarker); ok {
			kind, _, _ := strings.Cut(rest, ":")
			return kind
		}
	}
	return ag.Termination.String()
}

// write appends a game to the output archive and syncs it, so that it
// survives whatever happens to the match after.
func (r *Runner) write(ag *records.ArchiveGame) error {
	if r.out == nil {
		return nil
	}
	row, err := archiveRow(ag)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.header {
		// The writer starts every archive with its header line.
		row = row[bytes.IndexByte(row, '\n')+1:]
	}
	if _, err := r.out.Write(row); err != nil {
		return err
	}
	r.header = true
	return r.out.Sync()
}
