package enginepanel

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/live"
)

// Point is one sample of the best move's win ratio over time.
type Point struct {
	Elapsed  time.Duration
	WinRatio float64
}

// maxPoints bounds the win-ratio history: past it the history is thinned to
// every other point, so a long analysis keeps its whole shape in bounded
// memory and the graph's cost stays constant.
const maxPoints = 1024

// maxRaw is how many lines of the engine's raw output are kept.
const maxRaw = 2000

// ErrRunning is returned by Start while an analysis is in progress.
var ErrRunning = errors.New("an analysis is already running")

// State is what the panel shows, copied out of the model.
type State struct {
	Version uint64
	Engine  string
	Running bool
	Start   rules.Position // the position analysed
	Game    *rules.Game    // the game analysed (read-only)
	Report  analysis.Report
	Reports int // reports received in this analysis
	History []Point
	// Iterations are the completed iterations of a search that deepens
	// by whole steps, in order (none for the MCTS).
	Iterations []Iteration
	Raw        []string
	Err        error
	Finished   bool // the last analysis ended (by its limits, a stop or an error)
	// Stopped says the last analysis was stopped (Cancel or Stop) rather
	// than ended by its limits.
	Stopped bool
}

// Model holds the state of the engine panel between the engine's goroutine,
// which writes reports as fast as it likes, and the window, which reads the
// latest state a few times a second. Writers never wait for the window.
type Model struct {
	mu      sync.Mutex
	st      State
	raw     []string // ring buffer of raw lines
	rawNext int
	job     live.Job
	gen     uint64 // identifies the analysis the running goroutine belongs to
}

// NewModel returns an idle model.
func NewModel() *Model { return &Model{} }

// output is what the model hands an engine: it drops what a stale
// analysis says after a newer one started.
func (m *Model) output(gen uint64) analysis.Output {
	return analysis.Output{
		Report: func(r analysis.Report) { m.report(gen, r) },
		Line:   func(line string) { m.rawLine(gen, line) },
	}
}

// Report records r as the latest report, for analyses the model did not
// start itself (tests).
func (m *Model) Report(r analysis.Report) { m.report(m.generation(), r) }

// Raw records one line of the engine's raw output.
func (m *Model) Raw(line string) { m.rawLine(m.generation(), line) }

func (m *Model) generation() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.gen
}

func (m *Model) report(gen uint64, r analysis.Report) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if gen != m.gen {
		return
	}
	m.st.Report = r
	m.st.Reports++
	m.addPoint(r)
	m.addIteration(r)
	m.st.Version++
}

// addPoint records the best move's win ratio of r; m.mu is held.
func (m *Model) addPoint(r analysis.Report) {
	if r.Best.N == 0 {
		return
	}
	h := m.st.History
	if n := len(h); n > 0 && h[n-1].Elapsed >= r.Elapsed {
		h[n-1].WinRatio = r.WinRatio
	} else {
		if n >= maxPoints {
			h = thin(h)
		}
		h = append(h, Point{r.Elapsed, r.WinRatio})
	}
	m.st.History = h
}

// thin keeps every other point, and always the last one.
func thin(h []Point) []Point {
	out := h[:0]
	for i := 0; i < len(h); i += 2 {
		out = append(out, h[i])
	}
	if len(h)%2 == 0 {
		out[len(out)-1] = h[len(h)-1]
	}
	return out
}

func (m *Model) rawLine(gen uint64, line string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if gen != m.gen {
		return
	}
	if len(m.raw) < maxRaw {
		m.raw = append(m.raw, line)
	} else {
		m.raw[m.rawNext] = line
		m.rawNext = (m.rawNext + 1) % maxRaw
	}
	m.st.Version++
}

// Version changes whenever the state does; the window compares it with the
// version it last drew to skip idle ticks without copying anything.
func (m *Model) Version() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.st.Version
}

// State returns a copy of the current state.
func (m *Model) State() State {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.st
	s.History = append([]Point(nil), m.st.History...)
	s.Iterations = append([]Iteration(nil), m.st.Iterations...)
	s.Raw = make([]string, 0, len(m.raw))
	s.Raw = append(s.Raw, m.raw[m.rawNext:]...)
	s.Raw = append(s.Raw, m.raw[:m.rawNext]...)
	return s
}

// Start begins analysing the position at the end of g with eng in a new
// goroutine. g must not be changed until the analysis ends; the caller
// passes a copy of its game. The engine is closed when the analysis ends,
// so an external engine's process never outlives it.
func (m *Model) Start(eng analysis.Engine, g *rules.Game, lim analysis.Limits) error {
	m.mu.Lock()
	if m.st.Running {
		m.mu.Unlock()
		return ErrRunning
	}
	m.gen++
	gen := m.gen
	m.raw, m.rawNext = nil, 0
	m.st = State{
		Version: m.st.Version + 1,
		Engine:  eng.Name(),
		Running: true,
		Start:   g.Position(),
		Game:    g,
	}
	defer m.mu.Unlock()
	m.job.Go(func(ctx context.Context) {
		res, err := eng.Search(ctx, g, lim, m.output(gen))
		eng.Close()
		final := res.Report
		if err == nil && res.Move != "" {
			err = checkMove(g.Position(), res.Move)
		}
		m.mu.Lock()
		defer m.mu.Unlock()
		if gen != m.gen {
			return
		}
		if err == nil || errors.Is(err, context.Canceled) {
			err = nil
			if final.Playouts > 0 || final.Best.N > 0 {
				m.st.Report = final
				m.st.Report.Final = true
				m.addPoint(final)
				m.addIteration(final)
			}
		}
		m.st.Err = err
		m.st.Running = false
		m.st.Finished = true
		m.st.Stopped = ctx.Err() != nil
		m.st.Version++
	})
	return nil
}

// checkMove refuses a move an engine answered that is not legal in pos.
func checkMove(pos rules.Position, move string) error {
	if _, err := ats.PlayMove(pos, move); err != nil {
		return fmt.Errorf("the engine played %q: %w", move, err)
	}
	return nil
}

// Cancel asks the running analysis to end without waiting for it.
func (m *Model) Cancel() { m.job.Cancel() }

// Stop asks the running analysis to end and waits until it has.
func (m *Model) Stop() { m.job.Stop() }

// Wait blocks until the current analysis, if any, has ended.
func (m *Model) Wait() { m.job.Wait() }
