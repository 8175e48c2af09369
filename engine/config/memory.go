package config

import (
	"bufio"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// fallbackMemory is the machine memory assumed where it cannot be read: a
// common desktop's, so that a tree the machine may not have is refused
// rather than found missing in the middle of a search.
const fallbackMemory = 8 << 30

// MemoryLimitMB is the most memory, in MB, a search tree may take on this
// machine: no more than search.memory_mb's own maximum and no more than
// three quarters of the machine's memory. The rest is left to the program,
// the garbage collector and the system: a tree that takes it all gets the
// process killed once it fills, which is worse than a refusal up front.
func MemoryLimitMB() int64 {
	return memoryLimitMB(machineMemory())
}

func memoryLimitMB(total int64) int64 {
	if total <= 0 {
		total = fallbackMemory
	}
	return min(memoryRangeMax(), total/4*3>>20)
}

// CheckMemoryMB returns an *Error wrapping ErrBadValue when a tree of mb
// MB is more than MemoryLimitMB allows; key names the setting.
func CheckMemoryMB(key string, mb int64) error {
	if limit := MemoryLimitMB(); mb > limit {
		return &Error{Key: key, Err: fmt.Errorf("%w: %d MB is more than this machine can give the search tree (at most %d MB)", ErrBadValue, mb, limit)}
	}
	return nil
}

// memoryRangeMax is the maximum of search.memory_mb's range.
func memoryRangeMax() int64 {
	f, _ := reflect.TypeFor[Search]().FieldByName("MemoryMB")
	_, hi, _ := strings.Cut(f.Tag.Get("range"), ",")
	n, _ := strconv.ParseInt(hi, 10, 64)
	return n
}

// parseMeminfo finds MemTotal, in bytes, in the text of Linux's
// /proc/meminfo; 0 when it is not there.
func parseMeminfo(r io.Reader) int64 {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			return 0
		}
		n, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || n <= 0 || n > 1<<53 {
			return 0
		}
		if len(f) > 1 && strings.EqualFold(f[1], "kB") {
			n <<= 10
		}
		return n
	}
	return 0
}
