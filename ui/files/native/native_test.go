package native

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// TestFilters checks the choices a dialog offers for some extensions.
func TestFilters(t *testing.T) {
	got := filters([]string{".txt", "ari"})
	want := []filter{{"TXT, ARI files", []string{"txt", "ari"}}, {"All files", []string{"*"}}}
	if len(got) != len(want) {
		t.Fatalf("filters = %v, want %v", got, want)
	}
	for i := range want {
		if got[i].desc != want[i].desc || !slices.Equal(got[i].exts, want[i].exts) {
			t.Errorf("filter %d = %v, want %v", i, got[i], want[i])
		}
	}
	if f := filters(nil); f != nil {
		t.Errorf("filters(nil) = %v, want none", f)
	}
}

// TestNothingAtStart checks that a process linking the dialogs does not
// reach for a display when it starts: the command-line tools share the
// window's program and must not pay for the dialogs. The test's own
// program is started again with DISPLAY naming an X server the test
// plays (a loopback port that closes every connection), and that server
// must see no connection.
func TestNothingAtStart(t *testing.T) {
	if os.Getenv("NATIVE_TEST_CHILD") == "1" {
		return // started: the package's start-up is what is measured
	}
	var ln net.Listener
	display := -1
	for n := 40; n < 100 && ln == nil; n++ {
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", 6000+n))
		if err == nil {
			ln, display = l, n
		}
	}
	if ln == nil {
		t.Skip("no free loopback port for a display")
	}
	defer ln.Close()
	var contacts atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			contacts.Add(1) // before closing: the child waits for the close
			c.Close()
		}
	}()
	cmd := exec.Command(os.Args[0], "-test.run=^TestNothingAtStart$", "-test.count=1")
	var env []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "WAYLAND_DISPLAY=") && !strings.HasPrefix(e, "DISPLAY=") {
			env = append(env, e)
		}
	}
	cmd.Env = append(env, "NATIVE_TEST_CHILD=1", "GDK_BACKEND=x11", fmt.Sprintf("DISPLAY=127.0.0.1:%d", display))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the test program started again: %v\n%s", err, out)
	}
	if n := contacts.Load(); n > 0 {
		t.Errorf("the program's start connected to the display %d times, want none before a dialog is asked for", n)
	}
}
