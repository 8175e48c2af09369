package aei

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"arimaa-workbench/engine/rules"
)

// Errors of the controller, usable with errors.Is.
var (
	// ErrCrashed: the engine process exited.
	ErrCrashed = errors.New("engine exited")
	// ErrTimeout: the engine did not answer in time (it is killed).
	ErrTimeout = errors.New("engine did not answer in time")
	// ErrProtocol: the engine said something that makes it unusable.
	ErrProtocol = errors.New("engine protocol error")
	// ErrClosed: the engine was closed.
	ErrClosed = errors.New("engine closed")
)

// Letters is the side-letter convention for setposition.
type Letters uint8

// The conventions: Auto tries g/s first and falls back to w/b when the
// engine rejects it.
const (
	Auto Letters = iota
	GS
	WB
)

// String gives "auto", "g/s" or "w/b".
func (l Letters) String() string {
	switch l {
	case GS:
		return "g/s"
	case WB:
		return "w/b"
	}
	return "auto"
}

// Option is an engine option sent with setoption.
type Option struct {
	Name, Value string
}

// Config says how to start and drive an engine.
type Config struct {
	// Command is the program and its arguments.
	Command []string
	Dir     string   // working directory; empty for the current one
	Env     []string // extra environment variables, "NAME=value"
	// StartTimeout bounds the handshake (aei ... aeiok, isready ...
	// readyok); default 30 s, as some engines load large tables first.
	StartTimeout time.Duration
	// Grace is how long the engine may take to answer stop, quit or a
	// closed input before it is killed; default 2 s.
	Grace time.Duration
	// Options are sent after the handshake.
	Options []Option
	// Letters is the side-letter convention to use; Auto detects it.
	Letters Letters
	// LogLines bounds the log kept per search; default 2000.
	LogLines int
}

// ID is what the engine said about itself in the handshake.
type ID struct {
	Name, Author, Version string
	Protocol              string
}

// Info is one info line of a search, with when it arrived.
type Info struct {
	Type, Value string
	Elapsed     time.Duration
}

// Result is the outcome of a search.
type Result struct {
	Move    string // the bestmove text, capture tokens and all
	Elapsed time.Duration
	Infos   []Info
	Log     []string // every line exchanged during the search
}

// Engine is a running engine process. Its methods must not be called
// concurrently.
type Engine struct {
	cfg     Config
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	id      ID
	letters Letters

	out    *lineQueue    // stdout lines
	exited chan struct{} // closed when the process has exited
	err    error         // Wait's error, set before exited closes

	logMu sync.Mutex
	log   []string
	dead  bool // closed or killed
}

// lineQueue collects output lines without ever blocking the writer, so a
// chatty engine cannot stall on a full pipe while nobody reads.
type lineQueue struct {
	mu      sync.Mutex
	partial []byte
	lines   []string
	notify  chan struct{}
	onLine  func(string)
	dropped int
}

// maxQueued bounds unread lines; older ones are dropped (they stay in the
// log) when an engine floods its output between searches.
const maxQueued = 10000

// maxLine bounds a line's length; longer lines are cut.
const maxLine = 64 << 10

func newLineQueue(onLine func(string)) *lineQueue {
	return &lineQueue{notify: make(chan struct{}, 1), onLine: onLine}
}

func (q *lineQueue) Write(p []byte) (int, error) {
	q.mu.Lock()
	n := len(p)
	for len(p) > 0 {
		i := indexNL(p)
		if i < 0 {
			room := maxLine - len(q.partial)
			if room > 0 {
				q.partial = append(q.partial, p[:min(room, len(p))]...)
			}
			break
		}
		q.partial = append(q.partial, p[:min(i, max(maxLine-len(q.partial), 0))]...)
		p = p[i+1:]
		l := strings.TrimRight(string(q.partial), "\r")
		q.partial = q.partial[:0]
		q.push(l)
	}
	q.mu.Unlock()
	return n, nil
}

func indexNL(p []byte) int {
	for i, c := range p {
		if c == '\n' {
			return i
		}
	}
	return -1
}

// push adds a line; q.mu is held.
func (q *lineQueue) push(l string) {
	if q.onLine != nil {
		q.onLine(l)
	}
	if q.notify == nil {
		return
	}
	if len(q.lines) >= maxQueued {
		q.lines = q.lines[1:]
		q.dropped++
	}
	q.lines = append(q.lines, l)
	select {
	case q.notify <- struct{}{}:
	default:
	}
}

// flush ends a last line without a newline, once the process has exited.
func (q *lineQueue) flush() {
	q.mu.Lock()
	if len(q.partial) > 0 {
		l := strings.TrimRight(string(q.partial), "\r")
		q.partial = q.partial[:0]
		q.push(l)
	}
	q.mu.Unlock()
}

func (q *lineQueue) pop() (string, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.lines) == 0 {
		return "", false
	}
	l := q.lines[0]
	q.lines = q.lines[1:]
	return l, true
}

// Start starts the engine and performs the handshake: aei, the id lines
// and aeiok, the configured options, then isready and readyok.
func Start(ctx context.Context, cfg Config) (*Engine, error) {
	if len(cfg.Command) == 0 || cfg.Command[0] == "" {
		return nil, errors.New("aei: no engine command")
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 30 * time.Second
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 2 * time.Second
	}
	if cfg.LogLines <= 0 {
		cfg.LogLines = 2000
	}
	e := &Engine{cfg: cfg, letters: cfg.Letters, exited: make(chan struct{})}
	cmd := exec.Command(cfg.Command[0], cfg.Command[1:]...)
	cmd.Dir = cfg.Dir
	if len(cfg.Env) > 0 {
		cmd.Env = append(cmd.Environ(), cfg.Env...)
	}
	e.out = newLineQueue(func(l string) { e.addLog("< " + l) })
	ownGroup(cmd)
	// The output pipes are the controller's own rather than exec's, so
	// that the engine's exit is seen at once even while a helper it left
	// holds them open, and the helper can be ended before reading on.
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("aei: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(outR, outW)
		return nil, fmt.Errorf("aei: %w", err)
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	stdin, err := cmd.StdinPipe()
	if err != nil {
		closeAll(outR, outW, errR, errW)
		return nil, fmt.Errorf("aei: %w", err)
	}
	e.stdin = stdin
	e.cmd = cmd
	if err := cmd.Start(); err != nil {
		closeAll(outR, outW, errR, errW)
		return nil, fmt.Errorf("aei: starting %s: %w", cfg.Command[0], err)
	}
	closeAll(outW, errW) // the engine holds them now
	copied := make(chan struct{}, 2)
	for _, c := range []struct {
		w io.Writer
		r *os.File
	}{{e.out, outR}, {newStderr(e), errR}} {
		go func() {
			_, _ = io.Copy(c.w, c.r)
			copied <- struct{}{}
		}()
	}
	go func() {
		err := cmd.Wait()
		// The engine has gone: end the helpers it left behind, then read
		// what is left of its output, for at most a grace period in case
		// a helper escaped the group and holds the pipes.
		killGroup(cmd.Process)
		give := time.NewTimer(cfg.Grace)
		for n := 0; n < 2; n++ {
			select {
			case <-copied:
			case <-give.C:
				closeAll(outR, errR)
				<-copied
			}
		}
		give.Stop()
		closeAll(outR, errR)
		e.out.flush()
		e.err = err
		close(e.exited)
	}()
	if err := e.handshake(ctx); err != nil {
		e.kill()
		return nil, err
	}
	return e, nil
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}

// newStderr gives a writer that logs the engine's error output.
func newStderr(e *Engine) io.Writer {
	q := newLineQueue(func(l string) { e.addLog("stderr: " + l) })
	q.notify = nil
	return q
}

func (e *Engine) addLog(l string) {
	e.logMu.Lock()
	if len(e.log) >= e.cfg.LogLines {
		// Keep the newest lines, which explain a failure best.
		n := copy(e.log, e.log[len(e.log)-e.cfg.LogLines/2:])
		e.log = e.log[:n]
	}
	e.log = append(e.log, l)
	e.logMu.Unlock()
}

// takeLog returns the log since the last call and starts a new one.
func (e *Engine) takeLog() []string {
	e.logMu.Lock()
	defer e.logMu.Unlock()
	l := e.log
	e.log = nil
	return l
}

// Log returns the lines exchanged since the last search ended (commands
// sent are prefixed "> ", engine output "< ", error output "stderr: ").
func (e *Engine) Log() []string {
	e.logMu.Lock()
	defer e.logMu.Unlock()
	return append([]string(nil), e.log...)
}

// ID is what the engine said about itself.
func (e *Engine) ID() ID { return e.id }

// Letters is the side-letter convention in use; after a fallback it is
// WB, and a caller restarting the engine can pass it on in Config. It is
// also WB after an engine in Auto mode died on a g/s position, so that the
// restarted engine tries the other convention.
func (e *Engine) Letters() Letters { return e.letters }

func (e *Engine) send(cmd string) error {
	e.addLog("> " + cmd)
	if e.dead {
		return ErrClosed
	}
	if _, err := io.WriteString(e.stdin, cmd+"\n"); err != nil {
		return e.exitErr(fmt.Errorf("%w: writing %q: %v", ErrCrashed, cmd, err))
	}
	return nil
}

// exitErr prefers the process's exit status as the explanation once it has
// exited.
func (e *Engine) exitErr(fallback error) error {
	select {
	case <-e.exited:
		if e.err != nil {
			return fmt.Errorf("%w: %v", ErrCrashed, e.err)
		}
		return fmt.Errorf("%w (status 0)", ErrCrashed)
	case <-time.After(50 * time.Millisecond):
		return fallback
	}
}

// next waits for the next output line until deadline.
func (e *Engine) next(ctx context.Context, deadline time.Time) (string, error) {
	for {
		if l, ok := e.out.pop(); ok {
			return l, nil
		}
		t := time.NewTimer(time.Until(deadline))
		select {
		case <-e.out.notify:
			t.Stop()
		case <-e.exited:
			t.Stop()
			if l, ok := e.out.pop(); ok {
				return l, nil
			}
			return "", e.exitErr(ErrCrashed)
		case <-ctx.Done():
			t.Stop()
			return "", ctx.Err()
		case <-t.C:
			return "", ErrTimeout
		}
	}
}

func (e *Engine) handshake(ctx context.Context) error {
	deadline := time.Now().Add(e.cfg.StartTimeout)
	if err := e.send("aei"); err != nil {
		return fmt.Errorf("aei: handshake: %w", err)
	}
	for greeted := false; !greeted; {
		l, err := e.next(ctx, deadline)
		if err != nil {
			return fmt.Errorf("aei: waiting for aeiok: %w", err)
		}
		word, rest := cut(l)
		switch word {
		case "aeiok":
			greeted = true
		case "protocol-version":
			e.id.Protocol = rest
		case "id":
			k, v := cut(rest)
			switch k {
			case "name":
				e.id.Name = v
			case "author":
				e.id.Author = v
			case "version":
				e.id.Version = v
			}
		}
	}
	for _, o := range e.cfg.Options {
		if err := e.SetOption(o.Name, o.Value); err != nil {
			return err
		}
	}
	if _, err := e.sync(ctx, deadline); err != nil {
		return fmt.Errorf("aei: waiting for readyok: %w", err)
	}
	return nil
}

// cut splits a line into its first word and the rest.
func cut(l string) (string, string) {
	l = strings.TrimSpace(l)
	w, rest, _ := strings.Cut(l, " ")
	return w, strings.TrimSpace(rest)
}

// sync sends isready and waits for readyok, returning the lines seen in
// between.
func (e *Engine) sync(ctx context.Context, deadline time.Time) ([]string, error) {
	if err := e.send("isready"); err != nil {
		return nil, err
	}
	var seen []string
	for {
		l, err := e.next(ctx, deadline)
		if err != nil {
			return seen, err
		}
		if strings.TrimSpace(l) == "readyok" {
			return seen, nil
		}
		seen = append(seen, l)
	}
}

// SetOption sends "setoption name N value V" (without value when V is "").
func (e *Engine) SetOption(name, value string) error {
	if value == "" {
		return e.send("setoption name " + name)
	}
	return e.send("setoption name " + name + " value " + value)
}

// NewGame sends newgame.
func (e *Engine) NewGame() error { return e.send("newgame") }

// SetPosition sends the position and waits until the engine has taken it.
// With Auto letters, a rejection of g/s (an error logged by the engine)
// makes it try w/b and keep to what works.
func (e *Engine) SetPosition(ctx context.Context, pos rules.Position) error {
	try := []Letters{e.letters}
	if e.letters == Auto {
		try = []Letters{GS, WB}
	}
	var lastErr error
	for _, l := range try {
		text := pos.AEIString()
		if l == WB {
			text = string(pos.Side().Letter()) + text[1:]
		}
		if err := e.send("setposition " + text); err != nil {
			return err
		}
		seen, err := e.sync(ctx, time.Now().Add(e.cfg.StartTimeout))
		if err != nil {
			if errors.Is(err, ErrCrashed) && e.letters == Auto && l == GS {
				// Some engines die on letters they do not know: suggest
				// w/b to whoever restarts this engine.
				e.letters = WB
			}
			return fmt.Errorf("aei: setposition: %w", err)
		}
		if bad := rejection(seen); bad != "" {
			lastErr = fmt.Errorf("%w: the engine rejected \"setposition %s\": %s", ErrProtocol, text, bad)
			continue
		}
		e.letters = l
		return nil
	}
	return lastErr
}

// rejection finds a line in which the engine complains about a command.
func rejection(lines []string) string {
	for _, l := range lines {
		low := strings.ToLower(l)
		if strings.HasPrefix(low, "log error") || strings.HasPrefix(low, "error") ||
			strings.Contains(low, "invalid") || strings.Contains(low, "unrecognized") ||
			strings.Contains(low, "illegal") {
			return l
		}
	}
	return ""
}

// Search sets the position, starts a search with moveTime per move and
// waits for bestmove. onInfo (may be nil) receives info lines, and log
// lines as Info{Type: "log"}, as they arrive. At moveTime the engine is
// told to stop; if it has not answered Grace later it is killed and the
// error wraps ErrTimeout. A crash wraps ErrCrashed. The returned Result
// holds the log even on error: every line since the previous search ended
// (so the first search's log shows the handshake too).
func (e *Engine) Search(ctx context.Context, pos rules.Position, moveTime time.Duration, onInfo func(Info)) (Result, error) {
	return e.SearchTimed(ctx, pos, MoveTime(moveTime), onInfo)
}

// SearchTimed is Search with the time given as a Timing: a fixed move
// time (MoveTime) or the game's clock (GameTime).
func (e *Engine) SearchTimed(ctx context.Context, pos rules.Position, t Timing, onInfo func(Info)) (Result, error) {
	res, err := e.search(ctx, pos, t, onInfo)
	res.Log = e.takeLog()
	return res, err
}

// SearchGame is Search for a position reached in a game: it sends the
// game's start position and then its moves with makemove, so that the
// engine knows the history (the third-repetition rule) as it would in a
// real game. start is the position after the setups; moves are given in
// move notation. t is the time the engine has: a fixed move time
// (MoveTime) or the game's clock (GameTime).
func (e *Engine) SearchGame(ctx context.Context, start rules.Position, moves []string, t Timing, onInfo func(Info)) (Result, error) {
	var res Result
	err := e.NewGame()
	if err == nil {
		// The time control before the position: an engine may reset its
		// reserves when told the starting reserve of a game without moves.
		err = e.setTiming(t)
	}
	if err == nil {
		err = e.SetPosition(ctx, start)
	}
	for i := 0; err == nil && i < len(moves); i++ {
		err = e.send("makemove " + moves[i])
	}
	if err == nil {
		res, err = e.run(ctx, t.stop, onInfo)
	}
	res.Log = e.takeLog()
	return res, err
}

func (e *Engine) search(ctx context.Context, pos rules.Position, t Timing, onInfo func(Info)) (Result, error) {
	if err := e.NewGame(); err != nil {
		return Result{}, err
	}
	if err := e.setTiming(t); err != nil {
		return Result{}, err
	}
	if err := e.SetPosition(ctx, pos); err != nil {
		return Result{}, err
	}
	return e.run(ctx, t.stop, onInfo)
}

// setTiming sends t's time options.
func (e *Engine) setTiming(t Timing) error {
	for _, o := range t.options {
		if err := e.SetOption(o.Name, o.Value); err != nil {
			return err
		}
	}
	return nil
}

// run starts the search of the position the engine holds and waits for
// its bestmove, sending stop once moveTime has passed.
func (e *Engine) run(ctx context.Context, moveTime time.Duration, onInfo func(Info)) (Result, error) {
	var res Result
	start := time.Now()
	if err := e.send("go"); err != nil {
		return res, err
	}
	stopAt := start.Add(moveTime)
	killAt := stopAt.Add(e.cfg.Grace)
	stopped := false
	var ctxErr error
	waitCtx := ctx
	for {
		deadline := stopAt
		if stopped {
			deadline = killAt
		}
		l, err := e.next(waitCtx, deadline)
		switch {
		case err == nil:
			res.Elapsed = time.Since(start)
			word, rest := cut(l)
			switch word {
			case "bestmove":
				res.Move = rest
				if ctxErr != nil {
					return res, ctxErr
				}
				if rest == "" {
					return res, fmt.Errorf("%w: empty bestmove", ErrProtocol)
				}
				return res, nil
			case "info":
				typ, val := cut(rest)
				in := Info{Type: typ, Value: val, Elapsed: res.Elapsed}
				res.Infos = append(res.Infos, in)
				if onInfo != nil {
					onInfo(in)
				}
			case "log":
				if onInfo != nil {
					onInfo(Info{Type: "log", Value: rest, Elapsed: res.Elapsed})
				}
			}
		case waitCtx.Err() != nil:
			// Cancelled: ask for the move so the engine is idle again,
			// but report the cancellation.
			ctxErr = waitCtx.Err()
			waitCtx = context.Background()
			if !stopped {
				stopped = true
				killAt = time.Now().Add(e.cfg.Grace)
				if err := e.send("stop"); err != nil {
					return res, ctxErr
				}
			}
		case errors.Is(err, ErrTimeout) && !stopped:
			stopped = true
			if err := e.send("stop"); err != nil {
				return res, err
			}
		case errors.Is(err, ErrTimeout):
			e.kill()
			// The time the kill took is part of what the hang cost.
			res.Elapsed = time.Since(start)
			if ctxErr != nil {
				return res, ctxErr
			}
			return res, fmt.Errorf("%w: no bestmove %v after stop (move time %v); the engine was killed", ErrTimeout, e.cfg.Grace, moveTime)
		default:
			res.Elapsed = time.Since(start)
			return res, err
		}
	}
}

// Close sends quit, closes the engine's input, and kills the engine's
// process group if it has not exited within the grace period. It waits
// for the process (see kill).
func (e *Engine) Close() error {
	if !e.dead {
		_, _ = io.WriteString(e.stdin, "quit\n")
		e.stdin.Close()
		select {
		case <-e.exited:
		case <-time.After(e.cfg.Grace):
		}
	}
	if e.Exited() {
		e.dead = true
		return nil
	}
	e.kill()
	return nil
}

// kill ends the engine's process group at once and waits for the engine,
// at most two grace periods: a killed process goes at once unless the
// system holds it (uninterruptible sleep), and waiting longer then helps
// nobody.
func (e *Engine) kill() {
	if e.cmd.Process != nil {
		killGroup(e.cmd.Process)
	}
	e.stdin.Close()
	e.dead = true
	select {
	case <-e.exited:
	case <-time.After(2 * e.cfg.Grace):
	}
}

// Exited reports whether the engine process has ended.
func (e *Engine) Exited() bool {
	select {
	case <-e.exited:
		return true
	default:
		return false
	}
}
