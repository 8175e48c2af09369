package config

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestParseMeminfo(t *testing.T) {
	tests := []struct {
		text string
		want int64
	}{
		{"MemTotal:       24684084 kB\nMemFree:        24442920 kB\n", 24684084 << 10},
		{"MemFree: 1 kB\nMemTotal: 2048 kB\n", 2 << 20},
		{"MemTotal: lots\n", 0},
		{"MemTotal:\n", 0},
		{"", 0},
		{"MemTotal: 99999999999999999999 kB\n", 0},
	}
	for _, tc := range tests {
		if got := parseMeminfo(strings.NewReader(tc.text)); got != tc.want {
			t.Errorf("parseMeminfo(%q) = %d, want %d", tc.text, got, tc.want)
		}
	}
}

func TestMemoryLimit(t *testing.T) {
	if got := memoryLimitMB(16 << 30); got != 12<<10 {
		t.Errorf("16 GB machine: limit %d MB, want 12288", got)
	}
	if got := memoryLimitMB(1 << 40); got != memoryRangeMax() || got != 65536 {
		t.Errorf("1 TB machine: limit %d MB, want the range's 65536", got)
	}
	if got := memoryLimitMB(0); got != fallbackMemory/4*3>>20 {
		t.Errorf("unknown machine: limit %d MB", got)
	}
	limit := MemoryLimitMB()
	if err := CheckMemoryMB("hash", limit); err != nil {
		t.Errorf("the limit itself is refused: %v", err)
	}
	err := CheckMemoryMB("hash", limit+1)
	if !errors.Is(err, ErrBadValue) || !strings.Contains(err.Error(), "hash") {
		t.Errorf("limit+1: %v", err)
	}
	c := Default()
	if err := c.Set("search.memory_mb", strconv.FormatInt(limit+1, 10)); !errors.Is(err, ErrBadValue) || c.Search.MemoryMB != Default().Search.MemoryMB {
		t.Errorf("search.memory_mb over the machine's limit: %v, now %d", err, c.Search.MemoryMB)
	}
}

func TestThreadsRange(t *testing.T) {
	f, _ := reflect.TypeFor[Search]().FieldByName("Threads")
	if f.Tag.Get("range") != "0,"+strconv.Itoa(MaxThreads) {
		t.Errorf("search.threads range %q, MaxThreads %d", f.Tag.Get("range"), MaxThreads)
	}
}
