// Package live keeps a panel's widgets in step with work done in the
// background, the pattern the engine and suite panels share: a model
// (plain Go, with its own lock and a version that changes with its state)
// is written by a goroutine doing the work, a Job, and a Refresher redraws
// the widgets from the model's latest state a few times a second, through
// fyne.Do, only when the version has moved. Writers never wait for the
// window, and the window never waits for the work.
package live

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
)

// Job runs one piece of cancellable work at a time in a goroutine of its
// own. The zero Job is ready to use.
type Job struct {
	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
}

// Go runs work in a new goroutine with a context that Cancel and Stop
// cancel. The caller makes sure the previous work has ended (a model keeps
// its own running flag); a model calls Go while holding its lock, so that
// the work and its cancel appear together with the state that says it runs.
func (j *Job) Go(work func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	j.mu.Lock()
	j.cancel, j.done = cancel, done
	j.mu.Unlock()
	go func() {
		defer close(done)
		defer cancel()
		work(ctx)
	}()
}

// Cancel asks the work to end without waiting for it.
func (j *Job) Cancel() {
	j.mu.Lock()
	cancel := j.cancel
	j.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// Stop asks the work to end and waits until it has.
func (j *Job) Stop() {
	j.mu.Lock()
	cancel, done := j.cancel, j.done
	j.mu.Unlock()
	if cancel == nil {
		return
	}
	cancel()
	<-done
}

// Wait blocks until the work, if any, has ended.
func (j *Job) Wait() {
	j.mu.Lock()
	done := j.done
	j.mu.Unlock()
	if done != nil {
		<-done
	}
}

// Source is a model a Refresher draws: its version changes whenever its
// state does, and State returns a copy that is safe to draw from another
// goroutine.
type Source[S any] interface {
	Version() uint64
	State() S
}

// Refresher draws a Source's state with a function that runs on the UI
// goroutine: on every tick of its ticker when the version has moved, or
// at once with Sync.
type Refresher[S any] struct {
	src      Source[S]
	draw     func(S)
	interval time.Duration

	drawn     atomic.Uint64 // the version last drawn
	pending   atomic.Bool   // a draw is queued: a slow window gets no pile of them
	stop      chan struct{}
	ticking   sync.WaitGroup
	startOnce sync.Once
	stopOnce  sync.Once
}

// NewRefresher returns a refresher of src that calls draw every interval
// while src changes, once Start is called.
func NewRefresher[S any](src Source[S], interval time.Duration, draw func(S)) *Refresher[S] {
	return &Refresher[S]{src: src, draw: draw, interval: interval, stop: make(chan struct{})}
}

// Start starts the ticker; later calls do nothing. The window's owner calls
// it once; tests drive a panel with Sync instead, so that nothing touches
// the widgets from another goroutine.
func (r *Refresher[S]) Start() {
	r.startOnce.Do(func() {
		r.ticking.Add(1)
		go func() {
			defer r.ticking.Done()
			r.tick()
		}()
	})
}

// Stop ends the ticker and waits for it; draws it queued may still run.
// It must not be called from a draw.
func (r *Refresher[S]) Stop() {
	r.stopOnce.Do(func() { close(r.stop) })
	// fyne.Do only queues, so the ticker cannot be waiting on the caller.
	r.ticking.Wait()
}

// Sync draws the source's state now, on the calling (UI) goroutine.
func (r *Refresher[S]) Sync() {
	v := r.src.Version()
	r.draw(r.src.State())
	r.drawn.Store(v)
}

// Drawn is the version last drawn (a version read before the state was
// copied, so a change made meanwhile is drawn on the next tick).
func (r *Refresher[S]) Drawn() uint64 { return r.drawn.Load() }

func (r *Refresher[S]) tick() {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-r.stop:
			return
		case <-t.C:
			if v := r.src.Version(); v != r.drawn.Load() && r.pending.CompareAndSwap(false, true) {
				st := r.src.State()
				fyne.Do(func() {
					r.draw(st)
					r.drawn.Store(v)
					r.pending.Store(false)
				})
			}
		}
	}
}
