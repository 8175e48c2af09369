package records

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// LineReader reads lines of any length while holding at most max bytes of
// one: a longer line is skipped to its end and reported as a *ParseError
// wrapping ErrTooLong, and reading goes on with the next line. Readers of
// untrusted files (archives, positions one per line) use it so that one
// huge line costs neither the memory nor the rest of the input.
type LineReader struct {
	r    *bufio.Reader
	name string
	max  int
	line int
	buf  []byte
}

// NewLineReader reads lines of at most max bytes from r; name (a file
// name, or "") is put in errors.
func NewLineReader(r io.Reader, name string, max int) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, min(max+1, 64<<10)), name: name, max: max}
}

// Next returns the next line without its "\n" or "\r\n", valid until the
// next call, or io.EOF after the last one.
func (l *LineReader) Next() ([]byte, error) {
	l.buf = l.buf[:0]
	for {
		chunk, err := l.r.ReadSlice('\n')
		l.buf = append(l.buf, chunk...)
		if len(bytes.TrimSuffix(bytes.TrimSuffix(l.buf, []byte{'\n'}), []byte{'\r'})) > l.max {
			n := len(l.buf)
			for err == bufio.ErrBufferFull {
				chunk, err = l.r.ReadSlice('\n')
				n += len(chunk)
			}
			l.buf = l.buf[:0]
			l.line++
			if err != nil && err != io.EOF {
				return nil, err
			}
			return nil, &ParseError{File: l.name, Line: l.line, Err: because(ErrTooLong, "the line is longer than %s (%d bytes)", sizeText(l.max), n)}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(l.buf) > 0 {
			err = nil
		}
		if err != nil {
			return nil, err
		}
		l.line++
		return bytes.TrimSuffix(bytes.TrimSuffix(l.buf, []byte{'\n'}), []byte{'\r'}), nil
	}
}

// Line is the 1-based number of the line Next read last.
func (l *LineReader) Line() int { return l.line }

// sizeText writes a byte count the way a limit is said: "16 MB", "64 KB".
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
