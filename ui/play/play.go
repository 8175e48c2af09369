// Package play is a game against the engine as plain Go, the model the
// game viewer drives and draws: the user plays one side, an engine (a
// Player) the other. The model holds the game, the side the user plays,
// the limits of the engine's search (with the ranges the viewer's form
// checks), the phase (the user's move, the engine thinking, its move shown,
// its move being played, the game over), take back (during the search
// too), resignation and the result.
//
// The engine searches in a goroutine of its own under a context the model
// cancels (take back, resign, stop). Nothing here waits for a search to
// end: an engine may be slow to stop, and the window must not wait for it.
// What a search finds reaches the viewer through the notify function the
// model is given.
package play

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Player chooses the engine's moves in a game against the user.
type Player interface {
	// Name names the engine for the status line.
	Name() string
	// Move searches the position at the end of g within lim (or until ctx
	// is done) and returns the move the engine plays. g is the search's
	// own copy of the game.
	Move(ctx context.Context, g *rules.Game, lim Limits) (rules.Move, error)
}

// Limits bound the engine's search for one move: a time or a number of
// playouts (the other is zero).
type Limits struct {
	Time     time.Duration
	Playouts int64
}

// Ranges of the limits a user types.
const (
	MinSeconds  = 0.05
	MaxSeconds  = 3600.0
	MinPlayouts = 10
	MaxPlayouts = 100_000_000
)

// ParseLimits reads the engine's limit as the viewer's form gives it: a
// number of seconds per move or, with byPlayouts, a whole number of
// playouts per move (commas allowed). The error names the field and its
// range.
func ParseLimits(text string, byPlayouts bool) (Limits, error) {
	s := strings.TrimSpace(text)
	if byPlayouts {
		n, err := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
		if err != nil || n < MinPlayouts || n > MaxPlayouts {
			return Limits{}, fmt.Errorf("Playouts per move: %q is not a whole number from %d to %d", s, MinPlayouts, MaxPlayouts)
		}
		return Limits{Playouts: n}, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || !(f >= MinSeconds && f <= MaxSeconds) {
		return Limits{}, fmt.Errorf("Seconds per move: %q is not a number from %g to %g", s, MinSeconds, MaxSeconds)
	}
	return Limits{Time: time.Duration(f * float64(time.Second))}, nil
}

// Check reports limits that set both kinds, neither, or one out of its
// range.
func (l Limits) Check() error {
	switch {
	case (l.Time != 0) == (l.Playouts != 0):
		return errors.New("the engine's limit is a time or a number of playouts per move, one of them")
	case l.Playouts != 0 && (l.Playouts < MinPlayouts || l.Playouts > MaxPlayouts):
		return fmt.Errorf("Playouts per move: %d is not from %d to %d", l.Playouts, MinPlayouts, MaxPlayouts)
	case l.Time != 0 && !(l.Time.Seconds() >= MinSeconds && l.Time.Seconds() <= MaxSeconds):
		return fmt.Errorf("Seconds per move: %g is not from %g to %g", l.Time.Seconds(), MinSeconds, MaxSeconds)
	}
	return nil
}

// String describes the limits, e.g. "2 s per move".
func (l Limits) String() string {
	if l.Playouts > 0 {
		return fmt.Sprintf("%d playouts per move", l.Playouts)
	}
	return fmt.Sprintf("%g s per move", l.Time.Seconds())
}

// StartFrom starts a game at p, refusing a position that breaks the rules
// or is already decided.
func StartFrom(p rules.Position) (*rules.Game, error) {
	if probs := p.Validate(); len(probs) > 0 {
		return nil, errors.New(probs[0].Msg)
	}
	g, err := rules.NewGameFrom(p)
	if err != nil {
		return nil, err
	}
	if r, over := g.Result(); over {
		return nil, fmt.Errorf("the game is already decided there (%s)", r)
	}
	return g, nil
}

// Phase is where a game against the engine stands.
type Phase int

// The phases of a game.
const (
	YourMove Phase = iota // the user enters a move
	Thinking              // the engine searches
	Showing               // the engine's move is shown, to be played
	Moving                // the engine's move is being played on the board
	Over                  // the game has ended
	Failed                // the engine gave no move it may play: the game cannot go on
)

// Event is what a search tells the viewer, from its goroutine.
type Event int

// The events of a search.
const (
	// Answered: the search has ended with a move, now shown, or failed.
	Answered Event = iota
	// Due: the engine's move has been shown its time and is to be played.
	Due
)

// State is a copy of a game's state, for drawing.
type State struct {
	Phase  Phase
	Engine string // the engine's name
	Human  rules.Color
	Limits Limits
	// Turn is the position at the start of the turn to play.
	Turn rules.Position
	// Played is the number of moves played since the game began; take
	// back stops there.
	Played int
	// Move is the engine's move in Showing and Moving.
	Move rules.Move
	// Result is how the game ended, in Over; Repetition says that the
	// loser had moves left, each of which would repeat a position for the
	// third time.
	Result     rules.Result
	Repetition bool
	// Err says why the game failed, in Failed.
	Err error
	// Searches counts the searches started.
	Searches int
}

// UserWon reports whether the user won the game, in Over.
func (s State) UserWon() bool { return s.Phase == Over && s.Result.Winner == s.Human }

// Game is a game against the engine. Its methods may be called from any
// goroutine; the viewer calls them from its own.
type Game struct {
	eng     Player
	human   rules.Color
	lim     Limits
	showFor time.Duration
	notify  func(Event)
	// after is the clock of the wait before a shown move is due; tests
	// replace it.
	after func(time.Duration) <-chan time.Time

	mu         sync.Mutex
	g          *rules.Game
	start      int // moves in g when the game began
	phase      Phase
	pending    rules.Move
	result     rules.Result
	repetition bool
	err        error
	searches   int
	cancel     context.CancelFunc // the search's and the wait's, nil when none
	searched   chan struct{}
	stopped    bool
}

// New prepares a game against eng from the end of g, which the game takes
// over: the user plays human, the engine the other side within lim. The
// engine's move shows for showFor before it is due (0: it waits for
// PlayIt). notify is called from a search's goroutine after each Event,
// never with the model's lock held; it may draw and wait for the window.
// Start sets the game going.
func New(g *rules.Game, eng Player, human rules.Color, lim Limits, showFor time.Duration, notify func(Event)) (*Game, error) {
	if eng == nil {
		return nil, errors.New("no engine to play against")
	}
	if err := lim.Check(); err != nil {
		return nil, err
	}
	switch g.Phase() {
	case rules.Over:
		r, _ := g.Result()
		return nil, fmt.Errorf("the game is over here: %s", r)
	case rules.GoldSetup, rules.SilverSetup:
		return nil, errors.New("the setup is not complete here")
	}
	if notify == nil {
		notify = func(Event) {}
	}
	return &Game{eng: eng, human: human, lim: lim, showFor: max(showFor, 0), notify: notify, after: time.After,
		g: g, start: len(g.Moves())}, nil
}

// Start sets the game going: the user is to move, or the engine searches.
func (m *Game) Start() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.nextTurn()
}

// State returns a copy of the game's state.
func (m *Game) State() State {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := State{Phase: m.phase, Engine: m.eng.Name(), Human: m.human, Limits: m.lim, Turn: m.g.Position(),
		Played: len(m.g.Moves()) - m.start, Searches: m.searches}
	switch m.phase {
	case Showing, Moving:
		s.Move = m.pending
	case Over:
		s.Result, s.Repetition = m.result, m.repetition
	case Failed:
		s.Err = m.err
	}
	return s
}

// copyGame copies the game for a search: the game is the model's alone.
func (m *Game) copyGame() (*rules.Game, error) {
	g, err := records.Prefix(m.g, len(m.g.Moves()))
	if err != nil {
		return nil, err
	}
	if r, over := m.g.Result(); over && g.Phase() != rules.Over {
		g.Finish(r)
	}
	return g, nil
}

// Searched returns a channel closed once the last search started has
// ended and its Answered event has been handled (nil before any search).
func (m *Game) Searched() <-chan struct{} {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.searched
}

// Move plays the user's move.
func (m *Game) Move(mv rules.Move) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.phase != YourMove {
		return errors.New("it is not the user's move")
	}
	if err := m.g.Play(mv); err != nil {
		return err
	}
	m.nextTurn()
	return nil
}

// PlayIt takes the engine's move shown to be played on the board (the
// wait before it is due ends); Played says when it has been.
func (m *Game) PlayIt() (rules.Move, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.phase != Showing {
		return rules.Move{}, false
	}
	m.stopSearch()
	m.phase = Moving
	return m.pending, true
}

// Played enters the engine's move taken by PlayIt in the game.
func (m *Game) Played() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.phase != Moving {
		return errors.New("no engine move is being played")
	}
	if err := m.g.Play(m.pending); err != nil {
		m.phase, m.err = Failed, err
		return err
	}
	m.nextTurn()
	return nil
}

// TakeBack takes back the engine's answer and the user's move before it
// (while the engine searches or shows its move, or after the user's
// winning move, the user's move alone), never past the game's start, and
// the user moves again. It returns how many moves it took back: 0 at the
// start or while the engine's move is being played.
func (m *Game) TakeBack() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	played := len(m.g.Moves()) - m.start
	if m.phase == Moving || m.phase == Failed || played == 0 {
		return 0
	}
	m.stopSearch()
	n := 2
	if p := m.g.Position(); p.Side() != m.human {
		n = 1
	}
	taken := 0
	for ; taken < n && taken < played; taken++ {
		m.g.Undo()
	}
	m.nextTurn()
	return taken
}

// Resign ends the game as the user's loss by resignation.
func (m *Game) Resign() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch m.phase {
	case Over, Failed:
		return errors.New("the game is over")
	case Moving:
		return errors.New("the engine's move is being played")
	}
	m.finish(rules.Result{Winner: m.human.Other(), How: rules.ByResignation})
	return nil
}

// Finish ends the game with a result the rules do not decide (the record
// the game is played in may say that it ended there).
func (m *Game) Finish(r rules.Result) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.finish(r)
}

// Stop ends the game: the search stops and nothing more is notified. The
// moves stay played.
func (m *Game) Stop() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stopSearch()
	m.stopped = true
}

func (m *Game) finish(r rules.Result) {
	m.stopSearch()
	m.g.Finish(r)
	m.phase, m.result, m.repetition = Over, r, false
}

// stopSearch cancels the search and the wait before the engine's move.
func (m *Game) stopSearch() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
}

// nextTurn sets the game going after a move: the game has ended, the user
// is to move, or the engine searches.
func (m *Game) nextTurn() {
	if r, over := m.g.Result(); over {
		p := m.g.Position()
		_, byRules := p.Outcome()
		m.phase, m.result = Over, r
		// Immobilized where the rules alone would leave moves: each one
		// left repeats a position for the third time.
		m.repetition = r.How == rules.ByImmobilization && !byRules
		return
	}
	if p := m.g.Position(); p.Side() == m.human {
		m.phase = YourMove
		return
	}
	g, err := m.copyGame()
	if err != nil {
		m.phase, m.err = Failed, err
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	m.searches++
	done := make(chan struct{})
	m.phase, m.searched = Thinking, done
	go m.think(ctx, m.searches, g, done)
}

// think runs one search: its move is checked on the search's copy of the
// game, shown, and after showFor due.
func (m *Game) think(ctx context.Context, search int, g *rules.Game, done chan struct{}) {
	mv, err := m.eng.Move(ctx, g, m.lim)
	if err == nil {
		err = g.Play(mv)
	}
	shown, failed := m.answered(ctx, search, mv, err)
	if shown || failed {
		m.notify(Answered)
	}
	close(done)
	if !shown || m.showFor <= 0 {
		return
	}
	// The wait starts once the move has been notified, so a slow window
	// never shortens the time the move is seen.
	select {
	case <-ctx.Done():
		return
	case <-m.after(m.showFor):
	}
	m.mu.Lock()
	due := ctx.Err() == nil && !m.stopped && m.searches == search && m.phase == Showing
	m.mu.Unlock()
	if due {
		m.notify(Due)
	}
}

// answered records a search's answer unless the search has been
// cancelled or overtaken; it reports whether the move is now shown or the
// game failed.
func (m *Game) answered(ctx context.Context, search int, mv rules.Move, err error) (shown, failed bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if ctx.Err() != nil || m.stopped || m.searches != search || m.phase != Thinking {
		return false, false
	}
	if err != nil {
		m.stopSearch()
		m.phase, m.err = Failed, fmt.Errorf("%s gave no move it may play: %w", m.eng.Name(), err)
		return false, true
	}
	m.phase, m.pending = Showing, mv
	return true, false
}
