package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/match"
	"arimaa-workbench/records"
)

// startServer starts an embedded server on loopback with its store in a
// temporary directory.
func startServer(t *testing.T, s Settings) *Server {
	t.Helper()
	s.Store = t.TempDir()
	srv, err := StartServer(s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv
}

func dial(t *testing.T, url string, s Settings) *nats.Conn {
	t.Helper()
	return dialed(t)(Connect(context.Background(), url, s, "test", nil))
}

// dialWorker connects as a worker, under an identity of its own.
func dialWorker(t *testing.T, url string, s Settings) *nats.Conn {
	t.Helper()
	return dialed(t)(ConnectWorker(context.Background(), url, s, "test worker", nil))
}

// dialed fails the test on a connection's error and closes it when the
// test ends.
func dialed(t *testing.T) func(*nats.Conn, error) *nats.Conn {
	return func(nc *nats.Conn, err error) *nats.Conn {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		return nc
	}
}

// setupCoordinator returns a coordinator whose streams are set up.
func setupCoordinator(t *testing.T, nc *nats.Conn, opts CoordinatorOptions) *Coordinator {
	t.Helper()
	c, err := NewCoordinator(nc, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Setup(context.Background()); err != nil {
		t.Fatal(err)
	}
	return c
}

// testKey is the coordinators' key in tests that store answers as
// workers would have.
var testKey = []byte("test key")

// publishResults stores results of run as workers would have sent them,
// each under the identity of its worker's name and with its job's token
// (made with testKey) unless it has one.
func publishResults(t *testing.T, nc *nats.Conn, run string, rs []result) {
	t.Helper()
	js, _ := jetstream.New(nc)
	for i, r := range rs {
		if r.Token == "" {
			r.Token = jobToken(testKey, r.Run, r.Exec, r.Job, r.Fingerprint)
		}
		data, _ := json.Marshal(r)
		if _, err := js.Publish(context.Background(), resultsSubject(run, "ID"+r.Worker), data, jetstream.WithMsgID(strconv.Itoa(i))); err != nil {
			t.Fatal(err)
		}
	}
}

// queuedJobs is the number of jobs waiting in the jobs stream.
func queuedJobs(t *testing.T, nc *nats.Conn) uint64 {
	t.Helper()
	js, _ := jetstream.New(nc)
	jobs, err := js.Stream(context.Background(), jobsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := jobs.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Msgs
}

func builtin(t *testing.T, words ...string) ats.Spec {
	s, err := ats.ParseSpec(append([]string{"builtin", "search.memory_mb=16"}, words...))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// config is a short fixed-playout match of two builtin configurations.
func config(t *testing.T, out string, games int) match.Config {
	return match.Config{
		Engines:  []ats.Spec{builtin(t, "name=base"), builtin(t, "name=explore", "search.exploration=0.4")},
		Games:    games,
		Playouts: 100,
		MaxTurns: 4,
		Seed:     5,
		Out:      out,
	}
}

// gamesOf is the games of a match.
func gamesOf(t *testing.T, cfg match.Config) []*match.Game {
	t.Helper()
	r, err := match.NewRunner(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r.Games()
}

// startWorkers runs n in-process workers until the test ends.
func startWorkers(t *testing.T, srv *Server, n int, opts WorkerOptions) {
	t.Helper()
	nc := dialWorker(t, srv.URL(), srv.WorkerSettings())
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := range n {
		o := opts
		o.Name = "w" + strconv.Itoa(i+1)
		w, err := NewWorker(nc, o)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := w.Run(ctx); err != nil {
				t.Error(err)
			}
		}()
	}
	t.Cleanup(func() {
		cancel()
		wg.Wait()
	})
}

func readGames(t *testing.T, path string) map[string]*records.ArchiveGame {
	t.Helper()
	all, err := match.ReadGames(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*records.ArchiveGame{}
	for _, ag := range all {
		if out[ag.ID] != nil {
			t.Errorf("game %s twice", ag.ID)
		}
		out[ag.ID] = ag
	}
	return out
}

func play(t *testing.T, cfg match.Config) (*match.Summary, error) {
	t.Helper()
	r, err := match.NewRunner(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r.Run(context.Background())
}

// TestDistributedMatch plays a match through the embedded server on two
// in-process workers: every game is in the output once, and the games are
// the very games a local match plays.
func TestDistributedMatch(t *testing.T) {
	dir := t.TempDir()
	local := filepath.Join(dir, "local.txt")
	if _, err := play(t, config(t, local, 6)); err != nil {
		t.Fatal(err)
	}

	srv := startServer(t, Settings{})
	nc := dial(t, srv.URL(), srv.CoordinatorSettings())
	startWorkers(t, srv, 2, WorkerOptions{Site: "worker-site"})
	out := filepath.Join(dir, "dist.txt")
	cfg := config(t, out, 6)
	c, err := NewCoordinator(nc, CoordinatorOptions{Run: RunID(out), Fresh: true})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Executor = c
	sum, err := play(t, cfg)
	if err != nil || !sum.Finished || sum.Done != 6 {
		t.Fatalf("summary %+v, %v", sum, err)
	}
	want, got := readGames(t, local), readGames(t, out)
	if len(got) != 6 {
		t.Fatalf("%d games", len(got))
	}
	for id, ag := range want {
		g := got[id]
		if g == nil || g.MoveList != ag.MoveList || g.Result != ag.Result || g.WPlayer != ag.WPlayer || g.Site != "worker-site" {
			t.Errorf("game %s differs from the local match's: %+v", id, g)
		}
	}

	// Every game in, the run's jobs and results are gone from the server.
	js, _ := jetstream.New(nc)
	for _, name := range []string{jobsStream, resultsStream} {
		s, err := js.Stream(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		if info, err := s.Info(context.Background()); err != nil || info.State.Msgs != 0 {
			t.Errorf("stream %s keeps %d messages (%v)", name, info.State.Msgs, err)
		}
	}
}

// reporter collects what an execution reports.
type reporter struct {
	mu      sync.Mutex
	done    []*match.GameResult
	notices []string
}

func (r *reporter) Started(*match.Game) {}
func (r *reporter) Done(res *match.GameResult) {
	r.mu.Lock()
	r.done = append(r.done, res)
	r.mu.Unlock()
}
func (r *reporter) Notice(text string) {
	r.mu.Lock()
	r.notices = append(r.notices, text)
	r.mu.Unlock()
}

// TestStoredResults: results that came in while no coordinator listened
// are taken on resuming without playing their games again, a second result
// for a game is ignored, and a result for another version of the game too.
func TestStoredResults(t *testing.T) {
	srv := startServer(t, Settings{})
	nc := dial(t, srv.URL(), srv.CoordinatorSettings())
	games := gamesOf(t, config(t, "", 2))
	sl := match.NewSlot("")
	res, err := sl.Play(context.Background(), games[0])
	if err != nil {
		t.Fatal(err)
	}
	c := setupCoordinator(t, nc, CoordinatorOptions{Run: "stored", Key: testKey})
	fp, _ := fingerprint(games[0])
	other := *games[1]
	other.ID = 1
	fpOther, _ := fingerprint(&other)
	publishResults(t, nc, "stored", []result{
		{Run: "stored", Job: 1, Fingerprint: fpOther, Worker: "old", Result: res},
		{Run: "stored", Job: 1, Fingerprint: fp, Worker: "a", Taken: 1, Seq: 1},
		{Run: "stored", Job: 1, Fingerprint: fp, Worker: "b", Taken: 2, Seq: 1},
		{Run: "stored", Job: 1, Fingerprint: fp, Worker: "a", Result: res},
		{Run: "stored", Job: 1, Fingerprint: fp, Worker: "b", Result: res},
	})
	// Only game 1: its stored result ends the execution at once, with no
	// worker about.
	rep := &reporter{}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := c.Execute(ctx, games[:1], rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.done) != 1 || rep.done[0].ID != 1 || rep.done[0].Archive.MoveList != strings.TrimSuffix(res.Archive.MoveList, "\n") {
		t.Errorf("reported %+v", rep.done)
	}
	if n := queuedJobs(t, nc); n != 0 {
		t.Errorf("%d jobs published for a game already played", n)
	}
}

// TestRefusedJob: a worker without an engine's program says so, and the
// job waits for another worker; when the coordinator stops, the job is
// withdrawn.
func TestRefusedJob(t *testing.T) {
	srv := startServer(t, Settings{})
	nc := dial(t, srv.URL(), srv.CoordinatorSettings())
	allow, _ := NewAllowList([]string{"/no/such/engine aei"})
	startWorkers(t, srv, 1, WorkerOptions{RefuseDelay: 200 * time.Millisecond, Allow: allow})
	aeiSpec, err := ats.ParseSpec([]string{"/no/such/engine aei", "name=missing"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := config(t, "", 1)
	cfg.Engines[1] = aeiSpec
	games := gamesOf(t, cfg)
	c, _ := NewCoordinator(nc, CoordinatorOptions{Run: "refused", Fresh: true})
	rep := &reporter{}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- c.Execute(ctx, games, rep) }()
	deadline := time.Now().Add(20 * time.Second)
	for {
		rep.mu.Lock()
		n := len(rep.notices)
		rep.mu.Unlock()
		if n > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	if len(rep.notices) != 1 || !strings.Contains(rep.notices[0], "cannot run game 1: no engine /no/such/engine here") || len(rep.done) != 0 {
		t.Errorf("notices %q, done %d", rep.notices, len(rep.done))
	}
	if n := queuedJobs(t, nc); n != 0 {
		t.Errorf("%d jobs left after the coordinator stopped", n)
	}
}

// TestCredentials: the embedded server will not listen beyond loopback
// without credentials, and refuses clients without the right ones, for
// each kind of credentials.
func TestCredentials(t *testing.T) {
	for _, listen := range []string{"0.0.0.0:0", ":0", "[::]:0", "192.0.2.1:4222"} {
		_, err := StartServer(Settings{Listen: listen, Store: t.TempDir()})
		// It suggests only what it then takes: no token.
		if err == nil || !strings.Contains(err.Error(), "without credentials") || strings.Contains(err.Error(), "token") {
			t.Errorf("listen %s without credentials: %v", listen, err)
		}
	}
	if _, err := StartServer(Settings{Password: "p", Store: t.TempDir()}); err == nil {
		t.Error("a password without a user was taken")
	}
	if _, err := StartServer(Settings{Token: "t0ken", Store: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "not a token") {
		t.Errorf("a token for the embedded server: %v", err)
	}
	// One store, one server.
	srv := startServer(t, Settings{})
	if other, err := StartServer(Settings{Store: srv.store}); err == nil || !strings.Contains(err.Error(), "in use") {
		if other != nil {
			other.Close()
		}
		t.Errorf("a second server on one store: %v", err)
	}

	seed := filepath.Join(t.TempDir(), "user.nk")
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	s, _ := kp.Seed()
	if err := os.WriteFile(seed, s, 0o600); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "other.nk")
	kp2, _ := nkeys.CreateUser()
	s2, _ := kp2.Seed()
	if err := os.WriteFile(other, s2, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name        string
		server, bad Settings
	}{
		{"none given", Settings{}, Settings{User: workerUser, Password: "guess"}},
		{"password", Settings{User: "u", Password: "secret"}, Settings{User: "u", Password: "wrong"}},
		{"nkey", Settings{Nkey: seed}, Settings{Nkey: other}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, tc.server)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			for _, bad := range []Settings{tc.bad, {}} {
				if nc, err := Connect(ctx, srv.URL(), bad, "intruder", nil); err == nil || !strings.Contains(err.Error(), "refused the credentials") {
					if nc != nil {
						nc.Close()
					}
					t.Errorf("credentials %+v: %v", bad, err)
				}
			}
			given := tc.server
			if given.User == "" && given.Nkey == "" {
				given = srv.WorkerSettings()
			}
			nc := dialWorker(t, srv.URL(), given)
			if _, err := NewWorker(nc, WorkerOptions{}); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestSettings: the [nats] table, and flags over it.
func TestSettings(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no settings file of the user's
	path := filepath.Join(t.TempDir(), "s.toml")
	if err := os.WriteFile(path, []byte("[nats]\nurl = \"nats://h:1\"\nuser = \"u\"\npassword = \"p\"\n[other]\nx = 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := ReadSettings(path)
	if err != nil || s.URL != "nats://h:1" || s.User != "u" || s.Password != "p" {
		t.Errorf("%+v %v", s, err)
	}
	if err := os.WriteFile(path, []byte("[nats]\nusr = \"u\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSettings(path); err == nil || !strings.Contains(err.Error(), "usr") {
		t.Errorf("unknown key: %v", err)
	}
	if err := os.WriteFile(path, []byte("[nats]\nurl = \"nats://h:1\"\nuser = \"u\"\npassword = \"p\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fs := flagSet()
	f := AddFlags(fs, true)
	if err := fs.Parse([]string{"--nats-config", path, "--nats-token", "tok", "--listen", "127.0.0.1:5"}); err != nil {
		t.Fatal(err)
	}
	s, err = f.Settings()
	if err != nil || s.URL != "nats://h:1" || s.User != "" || s.Token != "tok" || s.Listen != "127.0.0.1:5" || !f.Given() {
		t.Errorf("%+v %v", s, err)
	}
	fs = flagSet()
	f = AddFlags(fs, false)
	if err := fs.Parse([]string{"--nats-token", "t", "--nats-user", "u"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Settings(); err == nil || !strings.Contains(err.Error(), "one kind") {
		t.Errorf("two kinds of credentials: %v", err)
	}
}

func flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// TestDistributedResume stops a distributed match after two games and
// resumes it: every game is in the output once.
func TestDistributedResume(t *testing.T) {
	srv := startServer(t, Settings{})
	nc := dial(t, srv.URL(), srv.CoordinatorSettings())
	startWorkers(t, srv, 2, WorkerOptions{})
	out := filepath.Join(t.TempDir(), "m.txt")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := config(t, out, 6)
	cfg.OnEvent = func(e match.Event) {
		if e.Kind == match.GameDone && e.Done == 2 {
			cancel()
		}
	}
	c, _ := NewCoordinator(nc, CoordinatorOptions{Run: RunID(out), Fresh: true})
	cfg.Executor = c
	r, err := match.NewRunner(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum, err := r.Run(ctx); !errors.Is(err, context.Canceled) || sum.Done < 2 || sum.Done == 6 {
		t.Fatalf("stopped run: %+v, %v", sum, err)
	}

	cfg = config(t, out, 6)
	cfg.Resume = true
	c, _ = NewCoordinator(nc, CoordinatorOptions{Run: RunID(out)})
	cfg.Executor = c
	sum, err := play(t, cfg)
	if err != nil || !sum.Finished || sum.Done != 6 || sum.Resumed < 2 {
		t.Fatalf("resumed: %+v, %v", sum, err)
	}
	if got := readGames(t, out); len(got) != 6 {
		t.Errorf("%d games after resuming", len(got))
	}
}

// TestWithdrawnJob: a coordinator that stops withdraws its jobs, and a
// worker playing one gives the game up at its next heartbeat.
func TestWithdrawnJob(t *testing.T) {
	srv := startServer(t, Settings{})
	nc := dial(t, srv.URL(), srv.CoordinatorSettings())
	var mu sync.Mutex
	var log []string
	logged := func(part string) bool {
		mu.Lock()
		defer mu.Unlock()
		for _, l := range log {
			if strings.Contains(l, part) {
				return true
			}
		}
		return false
	}
	startWorkers(t, srv, 1, WorkerOptions{Log: func(format string, args ...any) {
		mu.Lock()
		log = append(log, fmt.Sprintf(format, args...))
		mu.Unlock()
	}})
	cfg := config(t, "", 1)
	cfg.Playouts = 100_000_000 // a game that would take hours
	games := gamesOf(t, cfg)
	c, _ := NewCoordinator(nc, CoordinatorOptions{Run: "withdrawn", Fresh: true, AckWait: time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- c.Execute(ctx, games, &reporter{}) }()
	waitFor := func(part string) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); !logged(part); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the worker did not log %q: %q", part, log)
			}
		}
	}
	waitFor("game 1 of match withdrawn started")
	cancel()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	waitFor("game 1 of match withdrawn withdrawn")
}

// TestURLCredentials: credentials in a server URL move into the settings,
// leaving a URL without them; printed URLs and command lines hide them.
func TestURLCredentials(t *testing.T) {
	u, s, err := Settings{}.fromURL("nats://coordinator:S3CRET@h:1,nats://coordinator:S3CRET@g:2")
	if err != nil || u != "nats://h:1,nats://g:2" || s.User != "coordinator" || s.Password != "S3CRET" {
		t.Errorf("%q %+v %v", u, s, err)
	}
	if u, s, err = (Settings{}).fromURL("tok3n@h:1"); err != nil || u != "nats://h:1" || s.Token != "tok3n" {
		t.Errorf("%q %+v %v", u, s, err)
	}
	if _, _, err := (Settings{User: "a", Password: "b"}).fromURL("nats://c:d@h:1"); err == nil {
		t.Error("two sets of credentials taken")
	}
	if _, _, err := (Settings{}).fromURL("nats://a:b@h:1,nats://c:d@g:1"); err == nil {
		t.Error("URLs with different credentials taken")
	}
	if got := Redact("nats://u:S3CRET@h:1,tls://T0KEN@g:2,nats://k:3"); got != "nats://u:...@h:1,tls://...@g:2,nats://k:3" {
		t.Errorf("redacted %q", got)
	}
	got := strings.Join(RedactArgs([]string{"--nats", "nats://u:S3CRET@h:1", "--nats-password", "S3CRET", "-nats-token=T0KEN", "--out", "x"}), " ")
	if got != "--nats nats://u:...@h:1 --nats-password ... -nats-token=... --out x" {
		t.Errorf("redacted %q", got)
	}
}

// TestOwnRunOnly: a worker serving one run (a coordinator's own slots)
// plays its run's games and leaves another run's, queued before them on
// the same server, alone.
func TestOwnRunOnly(t *testing.T) {
	srv := startServer(t, Settings{})
	nc := dial(t, srv.URL(), srv.CoordinatorSettings())
	theirs := setupCoordinator(t, nc, CoordinatorOptions{Run: "theirs", Fresh: true})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	their := &reporter{}
	errc := make(chan error, 1)
	go func() { errc <- theirs.Execute(ctx, gamesOf(t, config(t, "", 2)), their) }()
	for queuedJobs(t, nc) < 2 {
		time.Sleep(20 * time.Millisecond)
	}
	startWorkers(t, srv, 1, WorkerOptions{Run: "mine"})
	mine, _ := NewCoordinator(nc, CoordinatorOptions{Run: "mine", Fresh: true})
	my := &reporter{}
	if err := mine.Execute(ctx, gamesOf(t, config(t, "", 2)), my); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	if len(my.done) != 2 || len(their.done) != 0 {
		t.Errorf("games done: %d of mine, %d of theirs", len(my.done), len(their.done))
	}
}
