package aeiengine

import (
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"arimaa-workbench/engine/memtest"
)

// TestSoakSession: 1,000 newgame, setposition, go and stop cycles from a
// script leave the goroutine count, the heap in use, the memory the
// runtime holds and the resident memory beyond it where they were after
// the first 250 (by then the runtime has what it keeps). A soak test, not part of the usual run:
// ARIMAA_SOAK=1 go test -run Soak ./engine/aeiengine
func TestSoakSession(t *testing.T) {
	if os.Getenv("ARIMAA_SOAK") == "" {
		t.Skip("a soak test; set ARIMAA_SOAK=1 to run it")
	}
	const cycles, warm = 1000, 250
	c := startEngine(t, timedOptions())
	c.send("isready")
	c.expect("readyok")
	// Resident memory read right after a collection grew by 60-80 MB over
	// 750 cycles while the heap in use stayed flat: the 80-90 MB of freed
	// heap the runtime keeps idle until its scavenger returns it, which
	// becomes resident again as it is reused. Measured after
	// debug.FreeOSMemory (freed memory given back at once) the resident
	// figure is flat, so nothing is kept. What must stay flat: the heap in
	// use, the memory the runtime holds from the system, and resident
	// memory beyond that (none on Linux).
	type figures struct{ goroutines, heapMB, heldMB, residentMB, unaccountedMB int64 }
	measure := func() figures {
		debug.FreeOSMemory() // a collection, and freed memory given back
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		r, _ := memtest.ResidentBytes()
		held := int64(m.Sys - m.HeapReleased)
		return figures{int64(runtime.NumGoroutine()), int64(m.HeapInuse >> 20), held >> 20, r >> 20, (r - held) >> 20}
	}
	start := time.Now()
	var first figures
	for i := 1; i <= cycles; i++ {
		c.send("newgame")
		c.send("setposition g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]")
		c.send("go")
		time.Sleep(2 * time.Millisecond) // a search that has begun
		c.send("stop")
		c.expect("bestmove")
		if i == warm {
			first = measure()
		}
		if i%250 == 0 {
			f := measure()
			t.Logf("after %4d cycles: %d goroutines, heap %d MB in use, %d MB held from the system, resident %d MB (%d MB beyond what the runtime holds)", i, f.goroutines, f.heapMB, f.heldMB, f.residentMB, f.unaccountedMB)
		}
	}
	last := measure()
	t.Logf("%d cycles in %v", cycles, time.Since(start).Round(time.Millisecond))
	if last.goroutines > first.goroutines || last.heapMB > first.heapMB+8 || last.heldMB > first.heldMB+16 || last.unaccountedMB > first.unaccountedMB+16 {
		t.Errorf("after %d cycles %+v, after %d %+v", warm, first, cycles, last)
	}
	c.send("quit")
	if err := <-c.done; err != nil {
		t.Error(err)
	}
}
