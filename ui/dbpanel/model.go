// Package dbpanel is the window's Database panel: choose or create a game
// database, index archives into it with a progress bar and Cancel, and
// follow the current position with the opening explorer, the games that
// passed through it, similar positions (Ahmed 2017; by their signatures,
// or by a full scan with Cancel) and the moves played in them. The work
// is package ats/gamedb's; Model holds the panel's state in plain Go,
// with its own tests, and Panel draws it.
package dbpanel

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"arimaa-workbench/ats/gamedb"
	"arimaa-workbench/engine/rules"
)

// Model is the Database panel's state: the open database, the index run
// in progress, and the last answers for the current position. Its methods
// may be called from any goroutine; changed is called after every change.
type Model struct {
	mu      sync.Mutex
	db      *gamedb.DB
	changed func()

	indexing bool
	scanning bool // a full similar scan (SimilarScan) is running
	cancel   context.CancelFunc
	progress gamedb.Progress
	started  time.Time
	message  string

	pos     rules.Position
	explore []gamedb.MoveStat
	games   []gamedb.Hit
	similar []gamedb.Hit
	moves   []gamedb.SimilarMove
}

// NewModel returns a model with no database open.
func NewModel(changed func()) *Model {
	if changed == nil {
		changed = func() {}
	}
	return &Model{changed: changed}
}

// State is what the panel draws.
type State struct {
	Path     string // "" when no database is open
	Indexing bool
	Scanning bool // a full similar scan is running: Cancel stops it
	Progress gamedb.Progress
	Fraction float64 // of the index run's bytes, 0 when idle
	Message  string
	Explore  []gamedb.MoveStat
	Games    []gamedb.Hit
	Similar  []gamedb.Hit
	Moves    []gamedb.SimilarMove
}

// State returns a copy of the current state.
func (m *Model) State() State {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := State{Indexing: m.indexing, Scanning: m.scanning, Progress: m.progress, Message: m.message,
		Explore: m.explore, Games: m.games, Similar: m.similar, Moves: m.moves}
	if m.db != nil {
		s.Path = m.db.Path()
	}
	if m.indexing && m.progress.Total > 0 {
		s.Fraction = float64(m.progress.Done) / float64(m.progress.Total)
	}
	return s
}

func (m *Model) set(fn func()) {
	m.mu.Lock()
	fn()
	m.mu.Unlock()
	m.changed()
}

// Open opens (or creates) the database at path, closing the one open.
func (m *Model) Open(path string) error {
	m.mu.Lock()
	busy := m.indexing || m.scanning
	m.mu.Unlock()
	if busy {
		return errors.New("an index run or a full scan is in progress: cancel it first")
	}
	d, err := gamedb.Open(path)
	if err != nil {
		m.set(func() { m.message = err.Error() })
		return err
	}
	m.set(func() {
		if m.db != nil {
			m.db.Close()
		}
		m.db, m.message = d, "opened "+path
		m.explore, m.games, m.similar, m.moves = nil, nil, nil, nil
	})
	return nil
}

// Close closes the database, cancelling an index run.
func (m *Model) Close() {
	m.mu.Lock()
	if m.cancel != nil {
		m.cancel()
	}
	d := m.db
	m.db = nil
	m.mu.Unlock()
	if d != nil {
		d.Close()
	}
}

func (m *Model) open() (*gamedb.DB, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.db == nil {
		return nil, errors.New("no game database is open: choose one first")
	}
	return m.db, nil
}

// start begins a background job (an index run or a full scan) on the
// open database: unless one is running, it runs init under the lock and
// notes the job's start and its cancel (Cancel). The job clears m.cancel
// as it ends.
func (m *Model) start(init func()) (*gamedb.DB, context.Context, error) {
	d, err := m.open()
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.mu.Lock()
	if m.indexing || m.scanning {
		m.mu.Unlock()
		cancel()
		return nil, nil, errors.New("an index run or a full scan is in progress")
	}
	m.cancel, m.started = cancel, time.Now()
	init()
	m.mu.Unlock()
	m.changed()
	return d, ctx, nil
}

// Index adds the archives paths to the database in the background; done
// is called when the run ends, with its error (context.Canceled after
// Cancel).
func (m *Model) Index(paths []string, done func(error)) error {
	d, ctx, err := m.start(func() {
		m.indexing = true
		m.progress, m.message = gamedb.Progress{}, "indexing…"
	})
	if err != nil {
		return err
	}
	go func() {
		var skipped []string
		pr, err := d.Index(ctx, paths, gamedb.IndexOptions{
			Progress: func(p gamedb.Progress) { m.set(func() { m.progress = p }) },
			Bad: func(b gamedb.BadGame) {
				if len(skipped) < 3 {
					skipped = append(skipped, b.Error())
				}
			},
		})
		m.set(func() {
			m.indexing, m.cancel, m.progress = false, nil, pr
			m.message = indexMessage(pr, err, time.Since(m.started), skipped)
		})
		if done != nil {
			done(err)
		}
	}()
	return nil
}

func indexMessage(pr gamedb.Progress, err error, el time.Duration, skipped []string) string {
	msg := fmt.Sprintf("%d games read: %d added (%d positions), %d already there, %d skipped; %.0f games/s",
		pr.Read, pr.Added, pr.Positions, pr.Known, pr.Bad, float64(pr.Read)/max(el.Seconds(), 1e-9))
	switch {
	case errors.Is(err, context.Canceled):
		msg = "cancelled; the games committed are kept. " + msg
	case err != nil:
		msg = err.Error()
	}
	for _, s := range skipped {
		msg += "\nskipped: " + s
	}
	return msg
}

// SimilarScan is Similar by a full scan of every stored position
// (gamedb.SimilarExhaustive), in the background: seconds to a minute on a
// large database, which Cancel stops. done is called when it ends, with
// its error.
func (m *Model) SimilarScan(radius int, minSim float64, limit int, f gamedb.Filter, done func(error)) error {
	var p rules.Position
	d, ctx, err := m.start(func() {
		m.scanning, m.message = true, "comparing every stored position…"
		p = m.pos
	})
	if err != nil {
		return err
	}
	go func() {
		hits, err := d.SimilarExhaustive(ctx, p, radius, minSim, limit, f)
		m.set(func() {
			m.scanning, m.cancel = false, nil
			switch {
			case errors.Is(err, context.Canceled):
				m.message = "full scan cancelled"
			case err != nil:
				m.message = err.Error()
			default:
				m.similar, m.moves = hits, gamedb.MovesFromHits(p, hits)
				m.message = fmt.Sprintf("full scan: the %d most similar positions in %.1f s", len(hits), time.Since(m.started).Seconds())
			}
		})
		if done != nil {
			done(err)
		}
	}()
	return nil
}

// Cancel stops the index run after the batch in hand, or the full scan.
func (m *Model) Cancel() {
	m.mu.Lock()
	if m.cancel != nil {
		m.cancel()
	}
	m.mu.Unlock()
}

// Follow answers the explorer and exact search for p (with filter f): the
// panel calls it whenever the current position changes.
func (m *Model) Follow(ctx context.Context, p rules.Position, f gamedb.Filter) error {
	d, err := m.open()
	if err != nil {
		return err
	}
	ex, err := d.Explore(ctx, p, f)
	if err != nil {
		m.set(func() { m.message = err.Error() })
		return err
	}
	games, err := d.Find(ctx, p, f, 200)
	if err != nil {
		m.set(func() { m.message = err.Error() })
		return err
	}
	m.set(func() { m.pos, m.explore, m.games = p, ex, games })
	return nil
}

// Similar searches the positions most similar to the one followed, and
// the moves played in them.
func (m *Model) Similar(ctx context.Context, radius int, minSim float64, limit int, f gamedb.Filter) error {
	d, err := m.open()
	if err != nil {
		return err
	}
	m.mu.Lock()
	p := m.pos
	m.mu.Unlock()
	hits, err := d.Similar(ctx, p, radius, minSim, limit, f)
	if err == nil {
		var moves []gamedb.SimilarMove
		moves, err = d.MovesFromSimilar(ctx, p, radius, limit, f)
		m.set(func() { m.similar, m.moves = hits, moves })
	}
	if err != nil {
		m.set(func() { m.message = err.Error() })
	}
	return err
}

// Game replays a game of a result, for the viewer.
func (m *Model) Game(ctx context.Context, h gamedb.Hit) (*rules.Game, string, error) {
	d, err := m.open()
	if err != nil {
		return nil, "", err
	}
	g, _, err := d.Game(ctx, h.Game)
	title := fmt.Sprintf("%s - %s (game %s)", h.Gold, h.Silver, h.ArchiveID)
	if h.ArchiveID == "" {
		title = fmt.Sprintf("%s - %s (%s:%d)", h.Gold, h.Silver, h.Source, h.Line)
	}
	return g, title, err
}
