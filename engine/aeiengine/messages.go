package aeiengine

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// messageReader reads the controller's messages, one a line, holding at
// most max bytes of one: a longer message is passed over to its end and
// reported as a *tooLongError, and reading goes on with the next, so that
// one huge line costs neither the memory nor the session.
//
// records.LineReader bounds the lines of files the same way, but it cannot
// serve here: the engine packages import nothing outside engine/, and
// records imports nothing of the engine but its rules. The two also answer
// different readers. A file's line may be 16 MB (an archive's row), so
// records reads it in chunks and names the file and line in a *ParseError
// for the user to fix; a message is at most maxLine, so this reader keeps
// one buffer of that size, and its error goes back to the controller as a
// log line.
type messageReader struct {
	r    *bufio.Reader
	max  int
	line int
}

// newMessageReader reads messages of at most max bytes from r.
func newMessageReader(r io.Reader, max int) *messageReader {
	// Room for the longest message and its "\r\n".
	return &messageReader{r: bufio.NewReaderSize(r, max+2), max: max}
}

// next returns the next message without its "\n" or "\r\n", or io.EOF
// after the last one.
func (m *messageReader) next() (string, error) {
	raw, err := m.r.ReadSlice('\n')
	if err == nil || (err == io.EOF && len(raw) > 0) {
		m.line++
		msg := strings.TrimSuffix(strings.TrimSuffix(string(raw), "\n"), "\r")
		if len(msg) > m.max {
			return "", &tooLongError{line: m.line, size: len(msg), max: m.max}
		}
		return msg, nil
	}
	if err != bufio.ErrBufferFull {
		return "", err
	}
	// Longer than the buffer: pass over the rest of the line, keeping its
	// size and its last two bytes (its "\n" and "\r" are not counted, as
	// they are not part of a message).
	size, end := 0, [2]byte{}
	for {
		size += len(raw)
		if n := len(raw); n >= 2 {
			end = [2]byte{raw[n-2], raw[n-1]}
		} else if n == 1 {
			end = [2]byte{end[1], raw[0]}
		}
		if err != bufio.ErrBufferFull {
			break
		}
		raw, err = m.r.ReadSlice('\n')
	}
	if end[1] == '\n' {
		size, end[1] = size-1, end[0]
	}
	if end[1] == '\r' {
		size--
	}
	if err != nil && err != io.EOF {
		return "", err
	}
	m.line++
	return "", &tooLongError{line: m.line, size: size, max: m.max}
}

// tooLongError is a message longer than the engine reads.
type tooLongError struct {
	line, size, max int // the message's line in the session, its bytes, the limit
}

func (e *tooLongError) Error() string {
	return fmt.Sprintf("line %d: the line is longer than %d bytes (%d bytes)", e.line, e.max, e.size)
}
