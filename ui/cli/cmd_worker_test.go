package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/match"
)

// workerEnv makes the re-executed test binary a worker process: its value
// is the NATS server's URL.
const workerEnv = "ARIMAA_WORKBENCH_TEST_WORKER"

// The credentials the coordinators of these tests give for workers
// elsewhere, which the worker processes use.
const testWorkerUser, testWorkerPassword = "tw", "tw-secret"

// TestWorkerProcess is no test of its own: TestMatchWorkers and
// TestATSWorkers re-execute the test binary to run it, as the worker
// command in a process of its own.
func TestWorkerProcess(t *testing.T) {
	url := os.Getenv(workerEnv)
	if url == "" {
		t.Skip("a worker process for TestMatchWorkers")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(dispatch(ctx, []string{"worker", "--nats", url, "--name", os.Getenv(workerEnv + "_NAME"),
		"--nats-user", testWorkerUser, "--nats-password", testWorkerPassword}, stdio{os.Stdin, os.Stdout, os.Stderr}))
}

// lockedBuffer is a buffer the match command and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// workerProc is a worker process and the lines it writes.
type workerProc struct {
	cmd   *exec.Cmd
	lines chan string
	mu    sync.Mutex
	log   []string
	ended chan struct{}
}

func startWorkerProc(t *testing.T, url, name string) *workerProc {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestWorkerProcess$")
	cmd.Env = append(os.Environ(), workerEnv+"="+url, workerEnv+"_NAME="+name, "GORACE=atexit_sleep_ms=0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w := &workerProc{cmd: cmd, lines: make(chan string, 1000), ended: make(chan struct{})}
	go func() {
		defer close(w.ended)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			w.mu.Lock()
			w.log = append(w.log, sc.Text())
			w.mu.Unlock()
			select {
			case w.lines <- sc.Text():
			default:
			}
		}
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	return w
}

func (w *workerProc) output() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.Join(w.log, "\n")
}

// freePort finds a port on 127.0.0.1 that nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

var startedLine = regexp.MustCompile(`^worker: game (\d+) of match \S+ started`)

// TestMatchWorkers plays a fixed-playout match on the embedded NATS server
// with two worker processes, one of which is killed (SIGKILL) in the
// middle of a game: its job goes to the other worker after the ack wait,
// every game is in the output exactly once, and replay accepts it.
func TestMatchWorkers(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no NATS settings of the user's
	dir := t.TempDir()
	out := filepath.Join(dir, "m.txt")
	url := fmt.Sprintf("nats://127.0.0.1:%d", freePort(t))
	const games = 8
	args := append([]string{"match", "--dist", "--listen", strings.TrimPrefix(url, "nats://"), "--nats-store", filepath.Join(dir, "nats"),
		"--nats-user", testWorkerUser, "--nats-password", testWorkerPassword,
		"--ack-wait", "2", "--playouts", "100", "--games", strconv.Itoa(games), "--max-turns", "6", "--out", out}, slowEngines...)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var stdout, stderr lockedBuffer
	code := make(chan int, 1)
	go func() { code <- dispatch(ctx, args, stdio{strings.NewReader(""), &stdout, &stderr}) }()

	// The survivor starts once the victim is killed: alone, the victim
	// surely gets a game, however late a busy machine starts it.
	victim := startWorkerProc(t, url, "victim")
	killed := ""
	for killed == "" {
		select {
		case l := <-victim.lines:
			if m := startedLine.FindStringSubmatch(l); m != nil {
				// Mid-game: the job is taken, its result not sent.
				if err := victim.cmd.Process.Signal(syscall.SIGKILL); err != nil {
					t.Fatal(err)
				}
				killed = m[1]
			}
		case <-ctx.Done():
			t.Fatalf("the victim started no game:\n%s\nmatch:\n%s", victim.output(), stderr.String())
		}
	}
	_ = victim.cmd.Wait()
	survivor := startWorkerProc(t, url, "survivor")

	var status int
	select {
	case status = <-code:
	case <-ctx.Done():
		t.Fatalf("the match did not end:\n%s\nsurvivor:\n%s", stderr.String(), survivor.output())
	}
	if status != 0 {
		t.Fatalf("match: exit %d\n%s\n%s\nsurvivor:\n%s", status, stdout.String(), stderr.String(), survivor.output())
	}
	if !strings.Contains(stdout.String(), "games are jobs on the embedded NATS server "+url) || !strings.Contains(stdout.String(), fmt.Sprintf("%d/%d games", games, games)) {
		t.Errorf("match output:\n%s", stdout.String())
	}

	// The survivor stops cleanly on SIGTERM.
	if err := survivor.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := survivor.cmd.Wait(); err != nil {
		t.Errorf("the survivor on SIGTERM: %v\n%s", err, survivor.output())
	}
	<-survivor.ended
	if log := survivor.output(); !strings.Contains(log, "game "+killed+" of match") || !strings.Contains(log, "(delivery 2)") || !strings.Contains(log, "worker: stopped") {
		t.Errorf("the survivor did not take over game %s:\n%s", killed, log)
	}

	all, err := match.ReadGames(out)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, ag := range all {
		seen[ag.ID]++
	}
	for id := 1; id <= games; id++ {
		if n := seen[strconv.Itoa(id)]; n != 1 {
			t.Errorf("game %d is in the output %d times", id, n)
		}
	}
	if len(seen) != games {
		t.Errorf("games in the output: %v", seen)
	}
	var rout, rerr bytes.Buffer
	if code := dispatch(context.Background(), []string{"replay", out}, stdio{strings.NewReader(""), &rout, &rerr}); code != 0 ||
		!strings.Contains(rerr.String(), fmt.Sprintf("%d games, %d ok", games, games)) {
		t.Errorf("replay: exit %d\n%s%s", code, rout.String(), rerr.String())
	}
}

// TestMatchDistCommand: a distributed match whose games this process plays
// (-j 1 with --dist); the embedded server will not listen beyond loopback
// without credentials; a worker with the wrong credentials is refused.
func TestMatchDistCommand(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	dir := t.TempDir()
	out := filepath.Join(dir, "m.txt")
	store := filepath.Join(dir, "nats")
	code, stdout, stderr := matchCmd(context.Background(), append([]string{"--dist", "-j", "1",
		"--playouts", "100", "--games", "2", "--max-turns", "3", "--out", out}, smallEngines...)...)
	if code != 0 || !strings.Contains(stdout, "1 at once in this process") || !strings.Contains(stdout, "2/2 games") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	// The match's own store under the data directory is gone with the
	// match finished.
	if left, err := os.ReadDir(filepath.Join(data, "arimaa-workbench", "nats")); err != nil || len(left) != 0 {
		t.Errorf("the data directory keeps %v (%v)", left, err)
	}

	code, _, stderr = matchCmd(context.Background(), append([]string{"--dist", "--listen", "0.0.0.0:0", "--nats-store", store,
		"--playouts", "100", "--out", filepath.Join(dir, "n.txt")}, smallEngines...)...)
	if code != 1 || !strings.Contains(stderr, "refusing to listen on 0.0.0.0:0 without credentials") {
		t.Errorf("listening beyond loopback without credentials: exit %d\n%s", code, stderr)
	}

	// A coordinator with a user for workers elsewhere; a worker without
	// credentials, or with the wrong ones, is refused.
	url := fmt.Sprintf("nats://127.0.0.1:%d", freePort(t))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	var mout, merr lockedBuffer
	go func() {
		done <- dispatch(ctx, append([]string{"match", "--listen", strings.TrimPrefix(url, "nats://"), "--nats-user", "u", "--nats-password", "s3cret",
			"--nats-store", store, "--playouts", "100", "--out", filepath.Join(dir, "t.txt")}, smallEngines...), stdio{strings.NewReader(""), &mout, &merr})
	}()
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(mout.String(), "start workers with") && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	var wout, werr bytes.Buffer
	wctx, wcancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer wcancel()
	for _, creds := range [][]string{{"--nats-user", "u", "--nats-password", "wrong"}, nil} {
		wout.Reset()
		werr.Reset()
		if code := dispatch(wctx, append([]string{"worker", "--nats", url}, creds...), stdio{strings.NewReader(""), &wout, &werr}); code != 1 ||
			!strings.Contains(werr.String(), "refused the credentials") {
			t.Errorf("a worker with credentials %q: exit %d\n%s", creds, code, werr.String())
		}
	}
	// The printed command names the worker's credentials file, never its
	// secret.
	workerFile := filepath.Join(store, "worker.toml")
	secret, err := os.ReadFile(workerFile)
	if err != nil || !strings.Contains(mout.String(), "worker --nats-config "+workerFile) {
		t.Errorf("the worker command: %v\n%s", err, mout.String())
	}
	for _, l := range strings.Split(string(secret), "\n") {
		if pw, ok := strings.CutPrefix(l, "password = "); ok && strings.Contains(mout.String()+merr.String(), strings.Trim(pw, `"`)) {
			t.Error("the match printed the worker's secret")
		}
	}
	cancel()
	if code := <-done; code != 1 || !strings.Contains(merr.String(), "--resume") {
		t.Errorf("the stopped match: exit %d\n%s\n%s", code, mout.String(), merr.String())
	}
}

// TestATSWorkers runs a suite through the embedded NATS server with two
// worker processes: the result file holds every test and cycle exactly
// once, and the summary and the score per tag are a local run's at the
// same seed and playout budget.
func TestATSWorkers(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := t.TempDir()
	common := []string{"--playouts", "150", "--threads", "1", "--seed", "3", "--cycles", "2", "--option", "search.memory_mb=16",
		"assets/tests/strategy.toml", "assets/tests/defence.toml"}
	run := func(ctx context.Context, extra ...string) (int, string, string) {
		var stdout, stderr lockedBuffer
		code := dispatch(ctx, append(append([]string{"ats", "run"}, extra...), common...), stdio{strings.NewReader(""), &stdout, &stderr})
		return code, stdout.String(), stderr.String()
	}
	summary := func(out string) string { // from the summary line on
		if i := strings.Index(out, "\nscored "); i >= 0 {
			return out[i+1:]
		}
		return ""
	}
	_, local, lerr := run(context.Background(), "--results", filepath.Join(dir, "local"))
	if summary(local) == "" {
		t.Fatalf("the local run:\n%s\n%s", local, lerr)
	}

	url := fmt.Sprintf("nats://127.0.0.1:%d", freePort(t))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for _, name := range []string{"one", "two"} {
		startWorkerProc(t, url, name)
	}
	results := filepath.Join(dir, "dist")
	code, out, errOut := run(ctx, "--dist", "--listen", strings.TrimPrefix(url, "nats://"), "--nats-store", filepath.Join(dir, "nats"), "--results", results,
		"--nats-user", testWorkerUser, "--nats-password", testWorkerPassword)
	if summary(out) != summary(local) || !strings.Contains(out, "tests are jobs on the embedded NATS server "+url) {
		t.Errorf("exit %d; distributed:\n%s\n%s\nlocal:\n%s", code, out, errOut, local)
	}
	files, err := filepath.Glob(filepath.Join(results, "*.jsonl"))
	if err != nil || len(files) != 1 {
		t.Fatalf("result files %v, %v", files, err)
	}
	h, res, done, err := ats.ReadResultFile(files[0])
	if err != nil || !done {
		t.Fatalf("complete %v, %v", done, err)
	}
	seen := map[string]int{}
	for _, r := range res {
		seen[fmt.Sprintf("%s/%d", r.Name, r.Cycle)]++
	}
	for _, name := range h.Tests {
		for c := 1; c <= 2; c++ {
			if n := seen[fmt.Sprintf("%s/%d", name, c)]; n != 1 {
				t.Errorf("%s cycle %d is in the result file %d times", name, c, n)
			}
		}
	}
	if len(res) != 2*len(h.Tests) || len(h.Tests) != 5 {
		t.Errorf("%d results of %d tests", len(res), len(h.Tests))
	}
}
