package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/ats/match/cluster"
)

// background is a command running until the test stops it.
type background struct {
	name   string
	out    lockedBuffer
	cancel context.CancelFunc
	done   chan int
}

// runBackground starts the command args.
func runBackground(args ...string) *background {
	ctx, cancel := context.WithCancel(context.Background())
	b := &background{name: args[0], cancel: cancel, done: make(chan int, 1)}
	go func() { b.done <- dispatch(ctx, args, stdio{strings.NewReader(""), &b.out, &b.out}) }()
	return b
}

// waitFor waits until the command has printed want, and fails the test
// should it end first.
func (b *background) waitFor(t *testing.T, want string) string {
	t.Helper()
	for !strings.Contains(b.out.String(), want) {
		select {
		case code := <-b.done:
			t.Fatalf("%s: exit %d before printing %q:\n%s", b.name, code, want, b.out.String())
		default:
		}
		time.Sleep(20 * time.Millisecond)
	}
	return b.out.String()
}

// stop stops the command (as Ctrl-C would) and returns all it printed.
func (b *background) stop() string {
	b.cancel()
	<-b.done
	return b.out.String()
}

// untilPrinted runs the command args until it prints want, then stops it
// and returns everything it printed.
func untilPrinted(t *testing.T, want string, args ...string) string {
	t.Helper()
	b := runBackground(args...)
	b.waitFor(t, want)
	return b.stop()
}

// TestNoSecretPrinted: credentials in a --nats URL reach the server but
// never the output, and the coordinator's hint names a file for the
// workers' own credentials rather than handing them its own.
func TestNoSecretPrinted(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := t.TempDir()
	srv, err := cluster.StartServer(cluster.Settings{Store: filepath.Join(dir, "nats"), User: "remote", Password: "REMOTE-SECRET"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL(), "nats://")

	out := untilPrinted(t, "taking jobs from", "worker", "--nats", "nats://remote:REMOTE-SECRET@"+host)
	if strings.Contains(out, "REMOTE-SECRET") || !strings.Contains(out, "taking jobs from "+srv.URL()) {
		t.Errorf("worker output:\n%s", out)
	}

	coord := srv.CoordinatorSettings()
	for _, cmd := range [][]string{
		append([]string{"match", "--playouts", "100", "--out", filepath.Join(dir, "m.txt")}, smallEngines...),
		{"ats", "run", "--playouts", "100", "--results", filepath.Join(dir, "r"), "assets/tests/defence.toml"},
	} {
		args := append(cmd, "--nats", "nats://coordinator:"+coord.Password+"@"+host)
		out := untilPrinted(t, "start workers with", args...)
		if strings.Contains(out, coord.Password) || !strings.Contains(out, "worker --nats-config FILE") || !strings.Contains(out, srv.URL()) {
			t.Errorf("%s output:\n%s", cmd[0], out)
		}
	}
}

// TestDistTLS: a match listening beyond loopback speaks TLS; its hint
// gives workers elsewhere the certificate's pin, and a worker with the
// store's file connects.
func TestDistTLS(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := t.TempDir()
	store := filepath.Join(dir, "nats")
	m := runBackground(append([]string{"match", "--listen", "0.0.0.0:0", "--nats-user", "u", "--nats-password", "PASSWORD-U",
		"--nats-store", store, "--playouts", "100", "--out", filepath.Join(dir, "m.txt")}, smallEngines...)...)
	defer m.stop()
	hint := m.waitFor(t, "start workers with")
	if !strings.Contains(hint, "--nats-tls-pin sha256:") || !strings.Contains(hint, "--nats tls://") || strings.Contains(hint, "PASSWORD-U") {
		t.Errorf("the hint:\n%s", hint)
	}
	w := untilPrinted(t, "taking jobs from", "worker", "--nats-config", filepath.Join(store, "worker.toml"))
	if !strings.Contains(w, "taking jobs from tls://127.0.0.1:") {
		t.Errorf("worker:\n%s", w)
	}
}
