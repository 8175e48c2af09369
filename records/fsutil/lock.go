package fsutil

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// ErrLocked is matched (errors.Is) by the error LockFile returns when
// another run holds the lock.
var ErrLocked = errors.New("being written by another run")

// LockedError is LockFile's error when another run holds the lock: it
// names the file and, when the holder has written it, the holder's
// process id.
type LockedError struct {
	Path string
	PID  int // 0 when unknown
}

func (e *LockedError) Error() string {
	if e.PID > 0 {
		return fmt.Sprintf("%s is being written by another run (pid %d)", e.Path, e.PID)
	}
	return e.Path + " is being written by another run"
}

// Is makes errors.Is(err, ErrLocked) true.
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

// Lock is one run's exclusive hold on a file it writes. The operating
// system releases it when the process ends in any way, so a killed run
// never keeps the next one out.
type Lock struct {
	path string // the sidecar lock file
	f    *os.File
}

// LockFile takes the exclusive lock on path for the caller's run, or
// returns a *LockedError at once when another run (another process, or
// another LockFile in this one) holds it. Every run that writes path takes
// it first, for as long as it writes. The lock is a sidecar file
// path+".lock" holding the holder's process id; path itself need not
// exist, but its folder must. A symbolic link is followed, so the link and
// its target share one lock.
//
// Unix locks with flock, Windows with LockFileEx; both are advisory for
// other programs but exclusive among the runs that ask.
func LockFile(path string) (*Lock, error) {
	target, err := resolve(path)
	if err != nil {
		return nil, err
	}
	name := target + ".lock"
	// The holder removes the sidecar when it unlocks, so a file opened here
	// may be unlinked before it is locked: then the lock is on a file
	// nobody else will find, and we try again with the new one.
	for attempt := 0; ; attempt++ {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, newFileMode)
		if err != nil {
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		if !ok {
			pid := readPID(f)
			f.Close()
			return nil, &LockedError{Path: path, PID: pid}
		}
		if same, err := sameFile(f, name); err != nil || !same {
			unlock(f)
			f.Close()
			if err != nil || attempt >= maxLinks {
				return nil, fmt.Errorf("locking %s: the lock file %s keeps changing", path, name)
			}
			continue
		}
		if err := writePID(f); err != nil {
			unlock(f)
			f.Close()
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		return &Lock{path: name, f: f}, nil
	}
}

// Unlock releases the lock and removes its sidecar file. It is safe to
// call on a nil Lock and more than once.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	f := l.f
	l.f = nil
	return release(l.path, f)
}

// sameFile reports whether f is still the file named name.
func sameFile(f *os.File, name string) (bool, error) {
	a, err := f.Stat()
	if err != nil {
		return false, err
	}
	b, err := os.Stat(name)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return os.SameFile(a, b), nil
}

// writePID records this process as the holder, for the message another
// run shows.
func writePID(f *os.File) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err := f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return err
}

// readPID reads the holder's process id; 0 when it is not (yet) there.
func readPID(f *os.File) int {
	b, err := io.ReadAll(io.NewSectionReader(f, 0, 32))
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid < 1 {
		return 0
	}
	return pid
}
