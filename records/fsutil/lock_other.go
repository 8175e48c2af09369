//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd || windows)

package fsutil

import (
	"errors"
	"os"
	"runtime"
)

// errNoLock says why no lock can be taken: the system has no lock call
// this package uses, and writing without one could corrupt a run's file.
var errNoLock = errors.New("locking files is not supported on " + runtime.GOOS)

func tryLock(*os.File) (bool, error) { return false, errNoLock }

func unlock(*os.File) error { return errNoLock }

func release(_ string, f *os.File) error { return f.Close() }
