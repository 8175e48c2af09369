package fsutil

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lockOffset is where the locked byte lies: far past the process id, since
// Windows locks are mandatory and a lock over the id would keep the next
// run from reading who holds the file.
const lockOffset = 1 << 62

func lockRange() *windows.Overlapped {
	return &windows.Overlapped{Offset: uint32(lockOffset & 0xffffffff), OffsetHigh: uint32(lockOffset >> 32)}
}

// tryLock takes LockFileEx's exclusive lock on f without waiting; false
// when another handle holds it (another handle of this process too).
// Windows drops the lock when the holder dies.
func tryLock(f *os.File) (bool, error) {
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, lockRange())
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION), errors.Is(err, windows.ERROR_IO_PENDING):
		return false, nil
	}
	return false, err
}

func unlock(f *os.File) error {
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, lockRange())
}

// release unlocks and closes before removing: Windows cannot remove a file
// that is open. Files are opened without FILE_SHARE_DELETE, so the remove
// fails, harmlessly, while another run has the sidecar open, and a run
// never loses a sidecar it locked.
func release(name string, f *os.File) error {
	err := unlock(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	os.Remove(name)
	return err
}
