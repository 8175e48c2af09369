package fsutil

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// LineLog is a file that grows a line at a time (a run's results, a
// cache), held under its lock (LockFile) while open. Each Append is synced
// to disk before it returns, so a crash loses at most the line being
// written, and the next OpenLineLog cuts that line off.
type LineLog struct {
	f    *os.File
	lock *Lock
}

// OpenLineLog takes the lock of path, creates the file when it does not
// exist, and returns it open for Append with the complete lines it held
// (a last line cut short by a crash is dropped from the file). It fails
// with an error matching ErrLocked while another run holds path.
func OpenLineLog(path string) (*LineLog, []byte, error) {
	lock, err := LockFile(path)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		f, err = CreateNew(path)
	}
	if err != nil {
		lock.Unlock()
		return nil, nil, err
	}
	l := &LineLog{f: f, lock: lock}
	data, err := l.complete(path)
	if err != nil {
		l.Close()
		return nil, nil, err
	}
	return l, data, nil
}

// complete reads the complete lines of the file and cuts off the rest.
func (l *LineLog) complete(path string) ([]byte, error) {
	keep, err := CompleteLength(l.f)
	if err != nil {
		return nil, err
	}
	if _, err := l.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	data, err := readAll(io.LimitReader(l.f, keep), path, MaxReadSize)
	if err != nil {
		return nil, err
	}
	if err := l.f.Truncate(keep); err != nil {
		return nil, err
	}
	_, err = l.f.Seek(keep, io.SeekStart)
	return data, err
}

// Append writes text, which should end with a line break, and syncs it.
func (l *LineLog) Append(text string) error {
	if _, err := l.f.WriteString(text); err != nil {
		return err
	}
	return l.f.Sync()
}

// Close closes the file and gives up its lock.
func (l *LineLog) Close() error {
	err := l.f.Close()
	if uerr := l.lock.Unlock(); err == nil {
		err = uerr
	}
	return err
}
