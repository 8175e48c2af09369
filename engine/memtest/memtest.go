// Package memtest reads how much memory the running process holds, for
// tests that watch it grow: the soak tests and the checks that a search
// tree takes its memory only as it is used.
package memtest

import (
	"os"
	"strconv"
	"strings"
)

// ResidentBytes is the process's resident memory in bytes, read from
// /proc/self/statm; ok is false where that cannot be read (not Linux).
func ResidentBytes() (n int64, ok bool) {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(data))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * int64(os.Getpagesize()), true
}
