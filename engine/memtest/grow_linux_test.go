package memtest

import (
	"syscall"
	"testing"
)

// TestResidentBytesGrow: the figure grows when a large block is touched.
// The block is mapped outside Go's heap, which may hand back memory that
// is resident already (as it does when the test runs twice).
func TestResidentBytesGrow(t *testing.T) {
	const size = 64 << 20
	block, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("no anonymous mapping: %v", err)
	}
	defer syscall.Munmap(block)
	before, _ := ResidentBytes()
	for i := 0; i < size; i += 4096 {
		block[i] = 1
	}
	after, _ := ResidentBytes()
	if after-before < size/2 {
		t.Errorf("touching 64 MB: resident %d -> %d bytes", before, after)
	}
}
