//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package fsutil

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes flock's exclusive lock on f without waiting; false when
// another open file holds it. flock locks belong to the open file, so a
// second open of the same file in this process conflicts too, and the
// kernel drops the lock when the holder dies.
func tryLock(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		}
		return false, err
	}
}

func unlock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// release removes the sidecar while still holding it, so a run waiting on
// the old file notices (sameFile) and locks the next one instead.
func release(name string, f *os.File) error {
	err := os.Remove(name)
	if errors.Is(err, os.ErrNotExist) {
		err = nil
	}
	if uerr := unlock(f); err == nil {
		err = uerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
