package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Config is a match: engines, how many games, limits, and where the games
// go.
type Config struct {
	// Engines: two play a match, more a round robin (or, with Gauntlet,
	// the first against each of the others).
	Engines  []Spec
	Gauntlet bool
	// Games is the number of games of each pairing; colours alternate,
	// and each opening is played twice with the colours swapped.
	Games int
	// Openings, when given, are where games start, in turn; without them
	// the engines choose their setups (the embedded engine from its setup
	// library; for an AEI engine the default library is used, as the
	// controller cannot ask it for a setup).
	Openings []Opening
	// TC is the time control, enforced by the runner; Playouts and Nodes
	// are budgets per move for the embedded engine (and Playouts for AEI
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
	// OnEvent receives the match's events, one call at a time, from the
	// runner's goroutines; it must not block for long.
	OnEvent func(Event)
}

// EventKind says what an Event reports.
type EventKind uint8

// The kinds of event.
const (
	GameStarted EventKind = iota + 1
	GameDone
	EngineRestart
)

// Event is something that happened during a match; Standings is always set.
type Event struct {
	Kind EventKind
	// GameID and Players name the game (GameStarted, GameDone).
	GameID  int
	Players [2]string
	Result  *GameResult // GameDone
	Engine  string      // EngineRestart: which engine
	Err     error       // EngineRestart: why
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
	eval *eval.Evaluator
	site string

	mu         sync.Mutex // guards the fields below and serialises OnEvent
	tally      []tally
	kinds      map[string]int
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
	cfg.Engines = append([]Spec(nil), cfg.Engines...)
	switch {
	case len(cfg.Engines) < 2:
		return nil, errors.New("match: at least two engines are needed")
	case cfg.Gauntlet && len(cfg.Engines) < 3:
		cfg.Gauntlet = false // two engines: a gauntlet is the match
	}
	if err := uniqueNames(cfg.Engines); err != nil {
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
	r := &Runner{cfg: cfg, eval: eval.New(eval.DefaultWeights()), kinds: map[string]int{}, done: map[int]bool{},
		tally: make([]tally, len(cfg.Engines)), startFails: make([]int, len(cfg.Engines)), cancel: func() {}}
	r.site, _ = os.Hostname()
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

// worker is one game slot: its own players, one per engine it has used.
type worker struct {
	r       *Runner
	players map[int]player
}

func (w *worker) player(i int) player {
	if p, ok := w.players[i]; ok {
		return p
	}
	s := &w.r.cfg.Engines[i]
	var p player
	if s.Builtin {
		p = &builtinPlayer{spec: s, nodes: w.r.cfg.Nodes}
	} else {
		p = newAEIPlayer(s, w.r.aeiConfig(s), w.r.cfg.Playouts)
	}
	w.players[i] = p
	return p
}

// drop closes an engine, so the next game starts it afresh.
func (w *worker) drop(i int) {
	if p, ok := w.players[i]; ok {
		p.close()
		delete(w.players, i)
	}
}

func (w *worker) closeAll() {
	for i := range w.players {
		w.drop(i)
	}
}

func (r *Runner) aeiConfig(s *Spec) aei.Config {
	return aei.Config{Command: s.Command, Env: s.Env, Options: s.Options, StartTimeout: r.cfg.StartTimeout, Grace: r.cfg.Grace}
}

// maxStartFailures is how many starts in a row an engine may fail before
// the match stops: an engine that cannot start would lose every game.
const maxStartFailures = 3

// engineFailed restarts engine i of worker w after a fault.
func (r *Runner) engineFailed(w *worker, i int, err error) {
	w.drop(i)
	var se *startError
	r.mu.Lock()
	if errors.As(err, &se) {
		r.startFails[i]++
		if r.startFails[i] >= maxStartFailures && r.failed == nil {
			r.failed = fmt.Errorf("match: %s failed to start %d times in a row: %w", r.cfg.Engines[i].Name, r.startFails[i], se.err)
			r.cancel()
		}
	}
	r.mu.Unlock()
	r.emit(Event{Kind: EngineRestart, Engine: r.cfg.Engines[i].Name, Err: err})
}

func (r *Runner) engineStarted(i int) {
	r.mu.Lock()
	r.startFails[i] = 0
	r.mu.Unlock()
}

// preflight starts each AEI engine once: a command that cannot start stops
// the match before any game, and a playout budget needs engines that
// understand it.
func (r *Runner) preflight(ctx context.Context) error {
	for i := range r.cfg.Engines {
		s := &r.cfg.Engines[i]
		if s.Builtin {
			continue
		}
		p := newAEIPlayer(s, r.aeiConfig(s), r.cfg.Playouts)
		if err := p.start(ctx); err != nil {
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
	var todo []plannedGame
	for _, pg := range r.plan {
		if !r.done[pg.ID] {
			todo = append(todo, pg)
		}
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.cancel = cancel
	jobs := make(chan plannedGame)
	var wg sync.WaitGroup
	for range min(r.cfg.Jobs, max(len(todo), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{r: r, players: map[int]player{}}
			defer w.closeAll()
			for pg := range jobs {
				r.playOne(runCtx, w, pg)
			}
		}()
	}
feed:
	for _, pg := range todo {
		select {
		case jobs <- pg:
		case <-runCtx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()

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

// playOne plays a game and books it.
func (r *Runner) playOne(ctx context.Context, w *worker, pg plannedGame) {
	if ctx.Err() != nil {
		return
	}
	players := [2]string{r.cfg.Engines[pg.Gold].Name, r.cfg.Engines[pg.Silver].Name}
	r.emit(Event{Kind: GameStarted, GameID: pg.ID, Players: players})
	res, err := r.playGame(ctx, w, pg)
	if err != nil {
		if !errors.Is(err, errAbandoned) {
			r.fail(err)
		}
		return
	}
	if err := r.write(res.Archive); err != nil {
		r.fail(fmt.Errorf("match: writing %s: %w", r.cfg.Out, err))
		return
	}
	r.mu.Lock()
	r.book(res.Engines, res.Winner, res.Draw, res.Kind)
	r.playedHere++
	if t := r.cfg.SPRT; t != nil && r.stopped == "" {
		if d := t.Decide(r.tally[0].Score); d != Continue {
			r.stopped = "SPRT: " + d.String()
			r.cancel()
		}
	}
	r.mu.Unlock()
	r.emit(Event{Kind: GameDone, GameID: pg.ID, Players: players, Result: res})
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
	g, s := &r.tally[engines[0]], &r.tally[engines[1]]
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
	r.kinds[kind]++
	if !draw && faultKinds[kind] {
		loser := &r.tally[engines[winner.Other()]]
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
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			if errors.Is(err, os.ErrExist) {
				return fmt.Errorf("match: %s already exists: resume it, or choose another file", path)
			}
			return fmt.Errorf("match: %w", err)
		}
		r.out = f
		return nil
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("match: %w", err)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return fmt.Errorf("match: %w", err)
	}
	if i := bytes.LastIndexByte(data, '\n'); len(data) > 0 && i != len(data)-1 {
		data = data[:i+1]
		if err := f.Truncate(int64(i + 1)); err != nil {
			f.Close()
			return fmt.Errorf("match: dropping the unfinished last line of %s: %w", path, err)
		}
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		f.Close()
		return fmt.Errorf("match: %w", err)
	}
	r.out = f
	if err := r.resume(data); err != nil {
		f.Close()
		return err
	}
	return nil
}

// resume counts the games of an earlier part of the match.
func (r *Runner) resume(data []byte) error {
	if len(data) == 0 {
		return nil
	}
	r.header = true
	ar := records.NewArchiveReader(bytes.NewReader(data), r.cfg.Out)
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
		r.book([2]int{pg.Gold, pg.Silver}, ag.Result, ag.Unfinished, kindOf(ag))
	}
}

// kindOf recovers how an archived game of a match ended from its events.
func kindOf(ag *records.ArchiveGame) string {
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
	var b bytes.Buffer
	aw := records.NewArchiveWriter(&b)
	if err := aw.Write(ag); err != nil {
		return err
	}
	if err := aw.Flush(); err != nil {
		return err
	}
	row := b.Bytes()
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
