package editor

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records/fsutil"
)

// Recovery keeps the last unsaved position in a file, so that a crash loses
// nothing: Save is called on every edit and writes at most every delay, in
// the background, atomically.
type Recovery struct {
	Path  string
	Delay time.Duration

	mu      sync.Mutex // guards pending and timer
	wmu     sync.Mutex // held while taking and writing, so Flush and Clear wait for a write in progress
	pending *rules.Position
	timer   *time.Timer
}

// Save schedules p to be written.
func (r *Recovery) Save(p rules.Position) {
	if r == nil || r.Path == "" {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pending = &p
	if r.timer == nil {
		r.timer = time.AfterFunc(r.Delay, r.flush)
	}
}

func (r *Recovery) flush() {
	r.wmu.Lock()
	defer r.wmu.Unlock()
	r.mu.Lock()
	p := r.pending
	r.pending, r.timer = nil, nil
	r.mu.Unlock()
	if p != nil {
		fsutil.WriteBytes(r.Path, []byte(recoveryText(*p)))
	}
}

// Flush writes a scheduled position now (on quit).
func (r *Recovery) Flush() {
	if r == nil {
		return
	}
	r.mu.Lock()
	if r.timer != nil {
		r.timer.Stop()
	}
	r.mu.Unlock()
	r.flush()
}

// Clear forgets the saved position: the user saved or discarded it.
func (r *Recovery) Clear() {
	if r == nil || r.Path == "" {
		return
	}
	r.wmu.Lock()
	defer r.wmu.Unlock()
	r.mu.Lock()
	if r.timer != nil {
		r.timer.Stop()
	}
	r.pending, r.timer = nil, nil
	r.mu.Unlock()
	os.Remove(r.Path)
}

// Load returns the position left by an earlier run, if any.
func (r *Recovery) Load() (rules.Position, bool) {
	if r == nil || r.Path == "" {
		return rules.Position{}, false
	}
	b, err := os.ReadFile(r.Path)
	if err != nil {
		return rules.Position{}, false
	}
	p, err := parseRecovery(string(b))
	return p, err == nil
}

// The recovery file holds the turn number and the compact AEI form, which
// the rules core reads back without validating: an unsaved position may be
// invalid (the editor allows that), and it must survive a crash all the same.
func recoveryText(p rules.Position) string {
	return fmt.Sprintf("turn %d\n%s\n", p.Turn(), p.AEIString())
}

func parseRecovery(text string) (rules.Position, error) {
	head, body, ok := strings.Cut(text, "\n")
	var turn int
	if _, err := fmt.Sscanf(head, "turn %d", &turn); err != nil || !ok {
		return rules.Position{}, fmt.Errorf("recovery file: bad first line %q", head)
	}
	p, err := rules.ParseAEIPosition(strings.TrimRight(body, "\r\n"))
	if err != nil {
		return rules.Position{}, err
	}
	return p.WithTurn(turn), nil
}
