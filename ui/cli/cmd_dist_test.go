package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/ats/match/cluster"
)

// untilPrinted runs the command args until out holds want, then stops it
// (as Ctrl-C would) and returns everything it printed.
func untilPrinted(t *testing.T, want string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out lockedBuffer
	done := make(chan int, 1)
	go func() { done <- dispatch(ctx, args, stdio{strings.NewReader(""), &out, &out}) }()
	for !strings.Contains(out.String(), want) {
		select {
		case code := <-done:
			t.Fatalf("%s: exit %d before printing %q:\n%s", args[0], code, want, out.String())
		default:
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	<-done
	return out.String()
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
