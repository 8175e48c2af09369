package aei

import (
	"context"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// nopCloser is an engine's input that takes everything.
type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// scripted is an engine that has written output and exited: the
// controller reads what it said, then finds it gone, so a fuzz input
// never waits for a timeout.
func scripted(output string, chunk int) *Engine {
	e := &Engine{cfg: Config{StartTimeout: time.Second, Grace: time.Millisecond, LogLines: 50},
		cmd: &exec.Cmd{}, stdin: nopCloser{io.Discard}, exited: make(chan struct{})}
	e.out = newLineQueue(func(l string) { e.addLog("< " + l) })
	// Output arrives in pieces that need not end at line breaks.
	for p := []byte(output); len(p) > 0; {
		n := min(max(chunk, 1), len(p))
		e.out.Write(p[:n])
		p = p[n:]
	}
	e.out.flush()
	close(e.exited)
	return e
}

// FuzzController feeds an engine's output of any kind to the controller's
// handshake and search: it never panics or waits, a search that succeeds
// returns the move the engine sent, and what is kept of a line is bounded.
func FuzzController(f *testing.F) {
	f.Add("protocol-version 1\nid name x\naeiok\nreadyok\nreadyok\nreadyok\ninfo depth 3\nbestmove Ed7n\n", 7)
	f.Add("aeiok\nlog Error: bad\r\nreadyok\nreadyok\ninfo pv Ra1n g Ra2n\nbestmove\n", 3)
	f.Add("id\nid name\naeiok\nreadyok\nillegal side\nreadyok\nreadyok\nbestmove  Ee2n  \n", 100)
	f.Fuzz(func(t *testing.T, output string, chunk int) {
		pos := goalPosition(t)
		e := scripted(output, chunk)
		if err := e.handshake(context.Background()); err == nil && (!strings.Contains(output, "aeiok") || !strings.Contains(output, "readyok")) {
			t.Fatalf("handshake succeeded without aeiok and readyok")
		}
		e.Close()
		e = scripted(output, chunk)
		res, err := e.Search(context.Background(), pos, time.Millisecond, nil)
		if err == nil && (res.Move == "" || !strings.Contains(output, res.Move)) {
			t.Fatalf("search gave move %q, which the engine did not send", res.Move)
		}
		for _, l := range res.Log {
			if len(l) > maxLine+len("stderr: ") {
				t.Fatalf("a log line of %d bytes", len(l))
			}
		}
		e.Close()
	})
}
