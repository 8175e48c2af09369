package aeiengine

import (
	"os"
	"runtime"
	"testing"
	"time"
)

// TestSoakSession: 1,000 newgame, setposition, go and stop cycles from a
// script leave the goroutine count and the memory where they were after
// the first 250 (by then the tree and the runtime have what they keep). A soak test, not part of the usual run:
// ARIMAA_SOAK=1 go test -run Soak ./engine/aeiengine
func TestSoakSession(t *testing.T) {
	if os.Getenv("ARIMAA_SOAK") == "" {
		t.Skip("a soak test; set ARIMAA_SOAK=1 to run it")
	}
	const cycles, warm = 1000, 250
	o := testOptions()
	o.Playouts = 0
	c := startEngine(t, o)
	c.handshake()
	c.send("isready")
	c.expect("readyok")
	// idleMB is freed heap the runtime has not yet given back to the
	// system: it is resident, so the resident figure follows it.
	type figures struct{ goroutines, heapMB, idleMB, residentMB int64 }
	measure := func() figures {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		r, _ := residentBytes()
		return figures{int64(runtime.NumGoroutine()), int64(m.HeapInuse >> 20), int64((m.HeapIdle - m.HeapReleased) >> 20), r >> 20}
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
			t.Logf("after %4d cycles: %d goroutines, heap %d MB in use and %d MB idle, resident %d MB", i, f.goroutines, f.heapMB, f.idleMB, f.residentMB)
		}
	}
	last := measure()
	t.Logf("%d cycles in %v", cycles, time.Since(start).Round(time.Millisecond))
	if last.goroutines > first.goroutines || last.heapMB > first.heapMB+8 || last.residentMB > first.residentMB+64 {
		t.Errorf("after %d cycles %+v, after %d %+v", warm, first, cycles, last)
	}
	c.send("quit")
	if err := <-c.done; err != nil {
		t.Error(err)
	}
}
