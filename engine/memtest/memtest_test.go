package memtest

import (
	"runtime"
	"testing"
)

// TestResidentBytes: where the figure can be read it is at least the heap
// the runtime has in use.
func TestResidentBytes(t *testing.T) {
	before, ok := ResidentBytes()
	if !ok {
		if runtime.GOOS == "linux" {
			t.Fatal("no resident memory on Linux")
		}
		t.Skip("no /proc/self/statm here")
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if before < int64(m.HeapInuse) {
		t.Errorf("resident %d bytes, less than the heap in use (%d)", before, m.HeapInuse)
	}
}
