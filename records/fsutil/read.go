package fsutil

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// MaxReadSize is the most any command or panel reads of a user's file
// whole, into memory: 64 MB. Formats that can be read a record at a time
// (game archives, result files) are streamed and have no such limit; the
// others are refused beyond it with ErrTooLarge, so every reader has the
// same limit and says so the same way.
const MaxReadSize = 64 << 20

// ErrTooLarge is wrapped by the errors of ReadAll and ReadFile for input
// larger than MaxReadSize.
var ErrTooLarge = errors.New("too large to read whole")

// ReadAll reads r to its end, refusing more than MaxReadSize bytes with
// an error that names the input (name) and wraps ErrTooLarge.
func ReadAll(r io.Reader, name string) ([]byte, error) { return readAll(r, name, MaxReadSize) }

func readAll(r io.Reader, name string, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, TooLarge(name)
	}
	return data, nil
}

// ReadFile reads the file path as ReadAll does; a file known to be larger
// is refused before any of it is read.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := CheckSize(f); err != nil {
		return nil, err
	}
	return ReadAll(f, path)
}

// CheckSize refuses f, by its size and before anything is read, when it is
// a file larger than MaxReadSize: for a reader that has opened a file and
// then finds it must read it whole.
func CheckSize(f *os.File) error {
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > MaxReadSize {
		return TooLarge(f.Name())
	}
	return nil
}

// TooLarge is the error for name larger than MaxReadSize, for readers
// that count the bytes themselves.
func TooLarge(name string) error { return &tooLarge{name} }

type tooLarge struct{ name string }

func (e *tooLarge) Error() string {
	return fmt.Sprintf("%s is larger than %d MB, the most a file of its kind may be", e.name, MaxReadSize>>20)
}

func (e *tooLarge) Is(target error) bool { return target == ErrTooLarge }

// CompleteLength is the length of f up to the end of its last complete
// line: what is kept of a file that grows a line at a time (a run's
// results, a match's games) when the last line was cut short by a crash.
// It reads backwards from the end, so the file may be of any size.
func CompleteLength(f *os.File) (int64, error) {
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil || size == 0 {
		return 0, err
	}
	buf := make([]byte, 64<<10)
	for end := size; end > 0; {
		start := max(end-int64(len(buf)), 0)
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
		for i := n - 1; i >= 0; i-- {
			if buf[i] == '\n' {
				return start + int64(i) + 1, nil
			}
		}
		end = start
	}
	return 0, nil
}
