// Package matchpanel is the workbench's match panel: choose engines (the
// builtin engine with the current settings or with configuration keys
// changed, the external AEI engines of the settings, or any engine spec the
// match command takes), limits, games, parallel games and an optional SPRT,
// then play the match with package ats/match, on this machine. While it
// plays, the panel shows the standings (score, Elo with its 95% interval,
// the SPRT's log-likelihood ratio against its bounds, games per hour and
// the time left), a graph of an engine's Elo with its interval over the
// games, and the finished games, each of which opens in the viewer. Every
// game is appended to the output archive as it ends; Stop ends the match
// and Resume continues it from that file, as the match command's --resume
// does.
//
// The runner's goroutines report to a Model (plain Go, tested without a
// window); the panel redraws from the model's state through fyne.Do.
package matchpanel

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"arimaa-workbench/ats/match"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/ui/live"
)

// ErrRunning is returned when a match is started while one is playing.
var ErrRunning = errors.New("a match is already playing: stop it first")

// Game is a finished game of the match, as the game list shows it.
type Game struct {
	ID           int
	Gold, Silver string // engine names
	Result       string // "Gold wins", "Silver wins" or "draw"
	Ending       string // how: goal, elimination, time, crash, adjudication, ...
	Plies        int
	Reason       string // the ending in a sentence
	Archive      *records.ArchiveGame
}

// Point is the standings after Games games: each engine's Elo with its
// interval, in the order of the match's engines.
type Point struct {
	Games int
	Elo   []match.Elo
}

// State is a copy of the model for drawing.
type State struct {
	Version uint64
	// Run counts the matches started, so that the end of each is told once.
	Run int
	// Running is true from Start until the runner has returned; Stopping
	// once Cancel was called.
	Running, Stopping bool
	// Config is the match last started (its engines name the columns).
	Config match.Config
	// Standings are the latest the runner reported; Total is 0 before any.
	Standings match.Standings
	// Playing lists the games in progress.
	Playing []int
	// Games are the finished games in the order they ended, those found in
	// the output file on resuming first.
	Games []Game
	// Curve is the Elo over the games, a point per game finished.
	Curve []Point
	// Stats are each engine's game lengths, times per move and endings
	// over the games finished, in the order of Standings.Engines.
	Stats []match.EngineStats
	// Summary is the outcome of the last match, once it has returned.
	Summary *match.Summary
	// Err is why the last match failed (not set when it was stopped).
	Err error
	// Stopped is true when the last match was stopped before its end;
	// Resume continues it from Config.Out.
	Stopped bool
	// Notice is the latest news of the runner: an engine restarted after a
	// fault, say.
	Notice string
}

// Model plays one match at a time and keeps what it reported.
type Model struct {
	// onChange is called after each change, from whichever goroutine made
	// it, without the model's lock held.
	onChange func()

	mu       sync.Mutex
	st       State
	prior    []Game // games of the output file, listed once the runner accepts it
	stats    *match.Stats
	job      live.Job
	sawEvent bool
}

// NewModel returns an idle model; onChange (may be nil) is called after
// every change, from any goroutine.
func NewModel(onChange func()) *Model {
	return &Model{onChange: onChange}
}

// State returns a copy of the model.
func (m *Model) State() State {
	m.mu.Lock()
	defer m.mu.Unlock()
	st := m.st
	st.Playing = append([]int(nil), st.Playing...)
	st.Games = append([]Game(nil), st.Games...)
	st.Curve = append([]Point(nil), st.Curve...)
	if m.stats != nil {
		st.Stats = m.stats.Engines()
	}
	return st
}

// Version changes with every change of the state.
func (m *Model) Version() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.st.Version
}

// changed bumps the version; m.mu is held. The caller calls notify after
// unlocking.
func (m *Model) changed() { m.st.Version++ }

func (m *Model) notify() {
	if m.onChange != nil {
		m.onChange()
	}
}

// Start plays the match cfg in the background. A configuration the runner
// refuses (two engines of one name, an SPRT with three engines, ...) is
// returned and nothing starts. With cfg.Resume the games already in
// cfg.Out are listed and not played again.
func (m *Model) Start(cfg match.Config) error {
	m.mu.Lock()
	if m.st.Running {
		m.mu.Unlock()
		return ErrRunning
	}
	m.mu.Unlock()
	cfg.OnEvent = m.event
	r, err := match.NewRunner(cfg)
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "match: "))
	}
	var prior []Game
	if cfg.Resume {
		// The runner checks the file; listing its games waits until it has.
		prior = readGames(cfg.Out)
	}
	m.mu.Lock()
	if m.st.Running {
		m.mu.Unlock()
		return ErrRunning
	}
	m.st = State{Version: m.st.Version + 1, Run: m.st.Run + 1, Running: true, Config: cfg}
	m.prior, m.sawEvent = prior, false
	names := make([]string, len(cfg.Engines))
	for i, e := range cfg.Engines {
		names[i] = e.Name
	}
	m.stats = match.NewStats(names...)
	m.job.Go(func(ctx context.Context) {
		sum, err := r.Run(ctx)
		m.finish(sum, err, ctx.Err() != nil)
	})
	m.mu.Unlock()
	m.notify()
	return nil
}

// finish records the end of the match.
func (m *Model) finish(sum *match.Summary, err error, cancelled bool) {
	m.mu.Lock()
	m.st.Running, m.st.Stopping, m.st.Playing = false, false, nil
	m.st.Summary = sum
	if sum != nil {
		m.st.Standings = sum.Standings
		m.takePrior()
	}
	switch {
	case cancelled && errors.Is(err, context.Canceled):
		m.st.Stopped = m.st.Config.Out != ""
	case err != nil:
		m.st.Err = errors.New(strings.TrimPrefix(err.Error(), "match: "))
		m.st.Stopped = sum != nil && m.st.Config.Out != ""
	}
	m.changed()
	m.mu.Unlock()
	m.notify()
}

// takePrior lists the games of the output file once the runner has
// accepted it; m.mu is held.
func (m *Model) takePrior() {
	if m.sawEvent {
		return
	}
	m.sawEvent = true
	for _, g := range m.prior {
		if g.Archive != nil {
			m.stats.Add(g.Archive)
		}
	}
	m.st.Games = append(m.prior, m.st.Games...)
	m.prior = nil
	// A resumed match's curve starts where the file left it.
	if st := m.st.Standings; st.Resumed > 0 && st.Done == st.Resumed {
		m.st.Curve = append(m.st.Curve, pointOf(st))
	}
}

// event receives the runner's events (one at a time, from its goroutines).
func (m *Model) event(e match.Event) {
	m.mu.Lock()
	m.st.Standings = e.Standings
	m.takePrior()
	switch e.Kind {
	case match.GameStarted:
		m.st.Playing = append(m.st.Playing, e.GameID)
	case match.GameDone:
		m.st.Playing = without(m.st.Playing, e.GameID)
		m.st.Games = append(m.st.Games, gameOf(e.Result))
		if e.Result.Archive != nil {
			m.stats.Add(e.Result.Archive)
		}
		m.st.Curve = append(m.st.Curve, pointOf(e.Standings))
	case match.EngineRestart:
		m.st.Notice = fmt.Sprintf("%s was restarted: %v", e.Engine, e.Err)
	case match.Notice:
		m.st.Notice = e.Err.Error()
	}
	m.changed()
	m.mu.Unlock()
	m.notify()
}

func without(ids []int, id int) []int {
	for i, x := range ids {
		if x == id {
			return append(ids[:i:i], ids[i+1:]...)
		}
	}
	return ids
}

func pointOf(st match.Standings) Point {
	p := Point{Games: st.Done}
	for _, e := range st.Engines {
		p.Elo = append(p.Elo, e.Elo)
	}
	return p
}

func gameOf(res *match.GameResult) Game {
	g := Game{ID: res.ID, Gold: res.Players[0], Silver: res.Players[1], Ending: res.Kind, Plies: res.Moves,
		Reason: res.Reason, Archive: res.Archive}
	g.Result = resultText(res.Winner, res.Draw)
	if res.Archive != nil {
		g.Plies = res.Archive.PlyCount
	}
	return g
}

func resultText(winner rules.Color, draw bool) string {
	switch {
	case draw:
		return "draw"
	case winner == rules.Gold:
		return "Gold wins"
	}
	return "Silver wins"
}

// readGames lists the games of a match archive for resuming; a file that
// cannot be read lists nothing (the runner says what is wrong with it).
func readGames(path string) []Game {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var games []Game
	ar := records.NewArchiveReader(f, path)
	for {
		ag, err := ar.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			return nil
		}
		id, _ := strconv.Atoi(ag.ID)
		games = append(games, Game{ID: id, Gold: ag.WPlayer, Silver: ag.BPlayer, Result: resultText(ag.Result, ag.Unfinished),
			Ending: match.KindOf(ag), Plies: ag.PlyCount, Archive: ag})
	}
}

// Cancel asks the match to stop; games in progress are dropped (the
// finished ones are in the output file). It returns at once.
func (m *Model) Cancel() {
	m.mu.Lock()
	if !m.st.Running || m.st.Stopping {
		m.mu.Unlock()
		return
	}
	m.st.Stopping = true
	m.job.Cancel()
	m.changed()
	m.mu.Unlock()
	m.notify()
}

// Stop cancels the match and waits until it has stopped.
func (m *Model) Stop() {
	m.Cancel()
	m.Wait()
}

// Wait blocks until the match (if any) has returned.
func (m *Model) Wait() { m.job.Wait() }
