package live

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

func TestJob(t *testing.T) {
	tests := []struct {
		name string
		end  func(j *Job)
	}{
		{"stop", func(j *Job) { j.Stop() }},
		{"cancel then wait", func(j *Job) { j.Cancel(); j.Wait() }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var j Job
			started := make(chan struct{})
			var ended atomic.Bool
			j.Go(func(ctx context.Context) {
				close(started)
				<-ctx.Done()
				ended.Store(true)
			})
			<-started
			tc.end(&j)
			if !ended.Load() {
				t.Error("the work had not ended when the job returned")
			}
			// A second piece of work runs after the first.
			ran := false
			j.Go(func(ctx context.Context) { ran = ctx.Err() == nil })
			j.Wait()
			if !ran {
				t.Error("the second work did not run with a live context")
			}
		})
	}
	var idle Job
	idle.Cancel()
	idle.Stop()
	idle.Wait()
}

// counter is a Source whose state is its version.
type counter struct{ v atomic.Uint64 }

func (c *counter) Version() uint64 { return c.v.Load() }
func (c *counter) State() uint64   { return c.Version() }
func (c *counter) bump()           { c.v.Add(1) }

func TestRefresher(t *testing.T) {
	test.NewTempApp(t)
	src := &counter{}
	var mu sync.Mutex
	var draws []uint64
	r := NewRefresher[uint64](src, time.Millisecond, func(v uint64) {
		mu.Lock()
		draws = append(draws, v)
		mu.Unlock()
	})
	r.Sync()
	if r.Drawn() != 0 || len(draws) != 1 {
		t.Fatalf("Sync: drawn %d, %d draws", r.Drawn(), len(draws))
	}
	r.Start()
	r.Start()
	for i := 0; i < 5; i++ {
		src.bump()
	}
	deadline := time.Now().Add(5 * time.Second)
	for r.Drawn() != 5 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if r.Drawn() != 5 {
		t.Fatalf("drawn %d, want 5", r.Drawn())
	}
	mu.Lock()
	n := len(draws)
	mu.Unlock()
	time.Sleep(20 * time.Millisecond)
	mu.Lock()
	if len(draws) != n {
		t.Errorf("%d draws of an unchanged source", len(draws)-n)
	}
	mu.Unlock()
	r.Stop()
	r.Stop()
	src.bump()
	time.Sleep(20 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if len(draws) != n {
		t.Errorf("drawn after Stop")
	}
}
