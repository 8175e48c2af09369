// Package state holds what the workbench's panels share: the one current
// position, with the game it belongs to, listeners told when it changes,
// and the two things any part may ask of it (play a move from it, go to a
// game at a ply), which the part that owns the game does. The analysis
// view's parts, the editor, the engine, suite and database panels all read
// and set it and ask through it; none of them talks to another directly.
package state

import (
	"errors"
	"sync"

	"arimaa-workbench/engine/rules"
)

// Snapshot is the current position and where it came from.
type Snapshot struct {
	// Position is the position shown, possibly in the middle of a turn
	// (the viewer steps through moves a step at a time).
	Position rules.Position
	// Game is the game whose current position is the start of Position's
	// turn, for repetition and history; nil for a position from the editor
	// or a file. It is a copy owned by the snapshot: read it, never play on
	// it.
	Game *rules.Game
	// Source names the panel or file the position came from, for titles and
	// status lines ("Editor", "game 12345 at 23w").
	Source string
}

// Valid reports whether the position may be given to an engine: it passes
// the rules' validation (a decided game is not valid either).
func (s Snapshot) Valid() bool { return len(s.Position.Validate()) == 0 }

// Current is the one current position the panels share. Set and Listen are
// called on the UI goroutine (from callbacks or through fyne.Do); listeners
// run synchronously in Set, in the order they were added. Get may be called
// from any goroutine.
type Current struct {
	mu        sync.Mutex
	snap      Snapshot
	listeners map[int]func(Snapshot)
	order     []int
	next      int
	actions   Actions
}

// Actions are what the owner of the game being studied does when another
// part asks through Current: the explorer, the engine's lines and the
// similar positions play moves with Play, the database's and the match's
// games open with Open. The composition root sets them once.
type Actions struct {
	// Play plays mv from the current position (into its game: a new
	// variation where the game goes on otherwise).
	Play func(mv rules.Move) error
	// Open shows g at ply (moves after the setups), titled title.
	Open func(g *rules.Game, title string, ply int)
}

// ErrNoOwner is returned by Play before any part took the game's actions.
var ErrNoOwner = errors.New("no panel plays moves into the current position")

// SetActions makes a the actions Play and Open call.
func (c *Current) SetActions(a Actions) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.actions = a
}

// Play asks the game's owner to play mv from the current position; the
// position then changes through Set, as every listener sees.
func (c *Current) Play(mv rules.Move) error {
	c.mu.Lock()
	fn := c.actions.Play
	c.mu.Unlock()
	if fn == nil {
		return ErrNoOwner
	}
	return fn(mv)
}

// Open asks the game's owner to show g at ply; it reports false when no
// owner took the actions.
func (c *Current) Open(g *rules.Game, title string, ply int) bool {
	c.mu.Lock()
	fn := c.actions.Open
	c.mu.Unlock()
	if fn == nil {
		return false
	}
	fn(g, title, ply)
	return true
}

// NewCurrent starts with p from source.
func NewCurrent(p rules.Position, source string) *Current {
	return &Current{snap: Snapshot{Position: p, Source: source}, listeners: map[int]func(Snapshot){}}
}

// Get returns the current snapshot.
func (c *Current) Get() Snapshot {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.snap
}

// Set makes s current and tells every listener.
func (c *Current) Set(s Snapshot) {
	c.mu.Lock()
	c.snap = s
	fns := make([]func(Snapshot), 0, len(c.order))
	for _, id := range c.order {
		fns = append(fns, c.listeners[id])
	}
	c.mu.Unlock()
	for _, fn := range fns {
		fn(s)
	}
}

// Listen registers fn to be called after every Set; the returned function
// removes it.
func (c *Current) Listen(fn func(Snapshot)) (remove func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	id := c.next
	c.next++
	c.listeners[id] = fn
	c.order = append(c.order, id)
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.listeners, id)
		for i, v := range c.order {
			if v == id {
				c.order = append(c.order[:i:i], c.order[i+1:]...)
				break
			}
		}
	}
}
