package cli

import (
	"os"
	"path/filepath"

	"arimaa-workbench/records/fsutil"
)

// outputLocks are the locks a command holds on the files its run writes
// (result file, archive, reports), taken before anything is set up so that
// a second run on one of them stops at once.
type outputLocks map[string]*fsutil.Lock

// lock takes path's lock unless path is empty, "-" (standard output) or
// already held, creating its folder when mkdir is set.
func (ls outputLocks) lock(path string, mkdir bool) error {
	if path == "" || path == "-" {
		return nil
	}
	key := lockKey(path)
	if ls[key] != nil {
		return nil
	}
	if mkdir {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
	}
	l, err := fsutil.LockFile(path)
	if err != nil {
		return err
	}
	ls[key] = l
	return nil
}

// of is the lock held on path, nil when there is none.
func (ls outputLocks) of(path string) *fsutil.Lock { return ls[lockKey(path)] }

// lockKey names path's lock: one file named two ways, relative and
// absolute, is locked once.
func lockKey(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return filepath.Clean(path)
}

// release lets every lock go.
func (ls outputLocks) release() {
	for k, l := range ls {
		l.Unlock()
		delete(ls, k)
	}
}
