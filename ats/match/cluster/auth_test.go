package cluster

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/match"
)

// TestSecretsFile: the embedded server's secrets are made once per store,
// kept where only their owner reads them, and the worker's file is a
// settings file with the server's address that a worker connects with.
func TestSecretsFile(t *testing.T) {
	srv := startServer(t, Settings{})
	for _, name := range []string{CoordinatorFile, WorkerFile} {
		info, err := os.Stat(filepath.Join(srv.store, name))
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %v, want 0600", name, info.Mode().Perm())
		}
	}
	s, err := ReadSettings(srv.WorkerFile())
	if err != nil {
		t.Fatal(err)
	}
	if s.URL != srv.LocalURL() || s.User != workerUser || s.Password == "" || s.Password == srv.CoordinatorSettings().Password {
		t.Errorf("worker file %+v", s)
	}
	dialWorker(t, s.URL, s).Close()

	// The same store keeps its secrets (a resumed match's workers hold
	// them); another store gets others.
	store := srv.store
	pw := s.Password
	srv.Close()
	again, err := StartServer(Settings{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if again.WorkerSettings().Password != pw {
		t.Error("a restarted server on the same store made new secrets")
	}
	// Its workers find it where they left it.
	if again.LocalURL() != s.URL || again.Notice() != "" {
		t.Errorf("restarted on %s (%q), was %s", again.LocalURL(), again.Notice(), s.URL)
	}
	if other := startServer(t, Settings{}); other.WorkerSettings().Password == pw {
		t.Error("two stores share a secret")
	}
	// A file others could read is refused, with what to do.
	if err := os.Chmod(filepath.Join(store, WorkerFile), 0o644); err != nil {
		t.Fatal(err)
	}
	again.Close()
	if s, err := StartServer(Settings{Store: store}); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		if s != nil {
			s.Close()
		}
		t.Errorf("a world-readable secrets file: %v", err)
	}
}

// TestForbiddenEngine: a job naming a program the worker is not allowed
// to run is refused, never run, and given up after the delivery cap; the
// match completes.
func TestForbiddenEngine(t *testing.T) {
	srv := startServer(t, Settings{})
	nc := dial(t, srv.URL(), srv.CoordinatorSettings())
	startWorkers(t, srv, 1, WorkerOptions{RefuseDelay: 50 * time.Millisecond})
	proof := filepath.Join(t.TempDir(), "ran")
	evil, err := ats.ParseSpec([]string{"/bin/sh -c 'id > " + proof + "'", "name=evil"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := config(t, "", 2)
	cfg.Engines[1] = evil
	c, _ := NewCoordinator(nc, CoordinatorOptions{Run: "forbidden", Fresh: true, MaxDeliveries: 2})
	rep := &reporter{}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := c.Execute(ctx, gamesOf(t, cfg), rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.done) != 2 {
		t.Fatalf("%d games ended, want 2 (notices %q)", len(rep.done), rep.notices)
	}
	for _, res := range rep.done {
		if !strings.Contains(res.Reason, "not among the engines this worker runs") {
			t.Errorf("game %d: %s", res.ID, res.Reason)
		}
	}
	if len(rep.notices) == 0 || !strings.Contains(rep.notices[0], "--allow-engine") {
		t.Errorf("notices %q", rep.notices)
	}
	if _, err := os.Stat(proof); err == nil {
		t.Error("the worker ran the forbidden command")
	}
}

// TestAllowList: the worker's list admits the command lines it names,
// word for word, and no job may choose the folder or the environment.
func TestAllowList(t *testing.T) {
	a, err := NewAllowList([]string{"bin/bot aei", "'/opt/my bot' --fast"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd  []string
		dir  string
		env  []string
		want string
	}{
		{[]string{"bin/bot", "aei"}, "", nil, ""},
		{[]string{"/opt/my bot", "--fast"}, "", nil, ""},
		{[]string{"bin/bot"}, "", nil, "not among"},
		{[]string{"/bin/sh", "-c", "bin/bot aei"}, "", nil, "not among"},
		{[]string{"bin/bot", "aei"}, "/tmp/evil", nil, "folder"},
		{[]string{"bin/bot", "aei"}, "", []string{"LD_PRELOAD=/tmp/x.so"}, "environment"},
	} {
		got := a.check(tc.cmd, tc.dir, tc.env)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%q in %q with %q: %q, want %q", tc.cmd, tc.dir, tc.env, got, tc.want)
		}
	}
	if _, err := NewAllowList([]string{"'unclosed"}); err == nil {
		t.Error("a bad command line was taken")
	}
}

// TestForgedResults: with a worker's credentials a program can neither
// read a job it was not given nor answer under another worker's identity,
// and an answer without the job's token (a taken message and a failure
// naming a worker, as a forger who learnt everything else about the jobs
// would send them) is ignored; the match completes with the real results.
func TestForgedResults(t *testing.T) {
	srv := startServer(t, Settings{})
	nc := dial(t, srv.URL(), srv.CoordinatorSettings())
	games := gamesOf(t, config(t, "", 2))
	c, _ := NewCoordinator(nc, CoordinatorOptions{Run: "forged", Fresh: true})
	rep := &reporter{}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	errc := make(chan error, 1)
	go func() { errc <- c.Execute(ctx, games, rep) }()

	// What a forger would need, read here with the coordinator's rights.
	js, _ := jetstream.New(nc)
	var seen []job
	for len(seen) < 2 {
		if ctx.Err() != nil {
			t.Fatal("the jobs were not published")
		}
		seen = seen[:0]
		if jobs, err := js.Stream(ctx, jobsStream); err == nil {
			for seq := uint64(1); seq <= 2; seq++ {
				if m, err := jobs.GetMsg(ctx, seq); err == nil {
					var j job
					if json.Unmarshal(m.Data, &j) == nil {
						seen = append(seen, j)
					}
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}

	hostile := dialWorker(t, srv.URL(), srv.WorkerSettings())
	hjs, _ := jetstream.New(hostile)
	if !denied(t, srv, srv.WorkerSettings(), func(nc *nats.Conn) error {
		return nc.Publish("$JS.API.STREAM.MSG.GET."+jobsStream, []byte(`{"seq":1}`))
	}) {
		t.Error("a worker may read a job it was not given")
	}
	for _, j := range seen {
		for _, f := range []result{
			{Run: j.Run, Exec: j.Exec, Job: j.Game.ID, Fingerprint: j.Fingerprint, Worker: "forger", Taken: 1, Seq: 1},
			{Run: j.Run, Exec: j.Exec, Job: j.Game.ID, Fingerprint: j.Fingerprint, Worker: "forger", Failed: "FORGED failure"},
		} {
			data, _ := json.Marshal(f)
			if _, err := hjs.Publish(ctx, resultsSubject(j.Run, workerID(t, hostile)), data); err != nil {
				t.Fatal(err)
			}
			if !denied(t, srv, srv.WorkerSettings(), func(nc *nats.Conn) error {
				return nc.Publish(resultsSubject(j.Run, "UOTHERWORKER"), data)
			}) {
				t.Error("a worker published under another identity")
			}
		}
	}
	startWorkers(t, srv, 1, WorkerOptions{})
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	if len(rep.done) != 2 {
		t.Fatalf("%d games, want 2", len(rep.done))
	}
	for _, res := range rep.done {
		if res.Kind == match.GivenUp || strings.Contains(res.Reason, "FORGED") {
			t.Errorf("game %d ended by the forgery: %s", res.ID, res.Reason)
		}
	}
	ignored := 0
	for _, n := range rep.notices {
		if strings.Contains(n, "without the job's token, ignored") {
			ignored++
		}
	}
	if ignored != 4 {
		t.Errorf("notices %q, want the 4 forgeries ignored", rep.notices)
	}
}

// workerID is the identity of a worker's connection.
func workerID(t *testing.T, nc *nats.Conn) string {
	t.Helper()
	id, ok := strings.CutPrefix(nc.Opts.InboxPrefix, "_INBOX.")
	if !ok {
		t.Fatalf("inbox prefix %q", nc.Opts.InboxPrefix)
	}
	return id
}

// denied reports whether the server refuses what do does on a fresh
// worker's connection with creds.
func denied(t *testing.T, srv *Server, creds Settings, do func(*nats.Conn) error) bool {
	t.Helper()
	nc := dialWorker(t, srv.URL(), creds)
	defer nc.Close()
	if err := do(nc); err != nil {
		t.Fatal(err)
	}
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	err := nc.LastError()
	return err != nil && strings.Contains(strings.ToLower(err.Error()), "permissions violation")
}

// TestWorkerPermissions: a worker receives on its own inbox only: it
// cannot listen to every inbox, another worker's, or the results; it can
// take jobs but not read one from the stream, queue one, or look the
// results up; a client with the worker's password but no identity is
// refused.
func TestWorkerPermissions(t *testing.T) {
	srv := startServer(t, Settings{User: "remote", Password: "pw"})
	coord := dial(t, srv.URL(), srv.CoordinatorSettings())
	setupCoordinator(t, coord, CoordinatorOptions{Run: "perm", Fresh: true})
	data, _ := json.Marshal(job{Run: "perm", Kind: gameKind})
	for _, creds := range []Settings{srv.WorkerSettings(), {User: "remote", Password: "pw"}} {
		other := dialWorker(t, srv.URL(), creds)
		for _, subj := range []string{"_INBOX.>", "_INBOX.*.>", ">", inboxPrefix(workerID(t, other)) + ".>", resultsSubjects} {
			if !denied(t, srv, creds, func(nc *nats.Conn) error {
				_, err := nc.SubscribeSync(subj)
				return err
			}) {
				t.Errorf("user %s subscribed to %s", creds.User, subj)
			}
		}
		for subj, what := range map[string]string{
			"$JS.API.STREAM.MSG.GET." + jobsStream: "read a job", jobsSubject("perm"): "queued a job",
			"$JS.API.STREAM.INFO." + resultsStream: "looked the results up",
		} {
			if !denied(t, srv, creds, func(nc *nats.Conn) error { return nc.Publish(subj, data) }) {
				t.Errorf("user %s %s", creds.User, what)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if nc, err := Connect(ctx, srv.URL(), creds, "no identity", nil); err == nil {
			nc.Close()
			t.Errorf("user %s connected without an identity", creds.User)
		}
		cancel()
	}
	if n := queuedJobs(t, coord); n != 0 {
		t.Errorf("%d jobs in the stream after the workers' attempts", n)
	}
}

// TestCheckGame: a result whose game does not replay, or claims other
// players or another length, is refused.
func TestCheckGame(t *testing.T) {
	g := gamesOf(t, config(t, "", 1))[0]
	res, err := match.NewSlot("").Play(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if why := checkGame(g, res); why != "" {
		t.Fatalf("a real game refused: %s", why)
	}
	illegal := *res
	ag := *res.Archive
	ag.MoveList = strings.Replace(ag.MoveList, "\n2w ", "\n2w Ee2n Ee3n Ee4n Ee5n Ee6n ", 1)
	illegal.Archive = &ag
	longer := *res
	longer.Moves++
	players := *res
	players.Players = [2]string{"x", "y"}
	for name, bad := range map[string]*match.GameResult{"illegal": &illegal, "length": &longer, "players": &players} {
		if why := checkGame(g, bad); why == "" {
			t.Errorf("%s: taken", name)
		}
	}
}

// TestTLS: beyond loopback the server speaks TLS only, with a certificate
// made for its store on first use and kept; the worker file pins it, and
// a client without the pin, or with another, is refused.
func TestTLS(t *testing.T) {
	srv := startServer(t, Settings{Listen: "0.0.0.0:0", User: "remote", Password: "pw"})
	pin := srv.TLSPin()
	if !strings.HasPrefix(srv.URL(), "tls://") || !strings.HasPrefix(srv.LocalURL(), "tls://127.0.0.1:") || !strings.HasPrefix(pin, "sha256:") {
		t.Fatalf("url %s, local %s, pin %q", srv.URL(), srv.LocalURL(), pin)
	}
	if info, err := os.Stat(filepath.Join(srv.store, keyFile)); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("the key file: %v %v", info, err)
	}
	file, err := ReadSettings(srv.WorkerFile())
	if err != nil || file.TLSPin != pin || file.URL != srv.LocalURL() {
		t.Fatalf("worker file %+v, %v", file, err)
	}
	dialWorker(t, file.URL, file).Close()
	dialWorker(t, srv.LocalURL(), Settings{User: "remote", Password: "pw", TLSPin: pin}).Close()

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	plain := file
	plain.TLSPin = ""
	other := file
	other.TLSPin = "sha256:" + strings.Repeat("0", 64)
	for _, tc := range []struct {
		url  string
		s    Settings
		want string
	}{
		{strings.Replace(file.URL, "tls://", "nats://", 1), plain, "certificate signed by unknown authority"},
		{file.URL, other, "not the pinned one"},
		{file.URL, Settings{User: workerUser, Password: file.Password, TLSPin: "sha256:12"}, "64 hex digits"},
	} {
		if nc, err := ConnectWorker(ctx, tc.url, tc.s, "test", nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			if nc != nil {
				nc.Close()
			}
			t.Errorf("%s with pin %q: %v, want %q", tc.url, tc.s.TLSPin, err, tc.want)
		}
	}

	store := srv.store
	srv.Close()
	again, err := StartServer(Settings{Store: store, Listen: "0.0.0.0:0", User: "remote", Password: "pw"})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if again.TLSPin() != pin {
		t.Error("a restarted server on the same store made another certificate")
	}
}

// TestOtherServerWorker: on a server of another kind, which knows its
// users and some nkeys but not the key a worker makes, the worker
// connects with its password alone, under its identity's inbox.
func TestOtherServerWorker(t *testing.T) {
	kp, _ := nkeys.CreateUser()
	pub, _ := kp.PublicKey()
	for name, nkeyUsers := range map[string][]*server.NkeyUser{"users only": nil, "users and nkeys": {{Nkey: pub}}} {
		t.Run(name, func(t *testing.T) {
			ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true,
				Users: []*server.User{{Username: "u", Password: "p"}}, Nkeys: nkeyUsers})
			if err != nil {
				t.Fatal(err)
			}
			go ns.Start()
			if !ns.ReadyForConnections(10 * time.Second) {
				t.Fatal("the server did not start")
			}
			defer ns.Shutdown()
			nc := dialWorker(t, ns.ClientURL(), Settings{User: "u", Password: "p"})
			if _, err := NewWorker(nc, WorkerOptions{}); err != nil {
				t.Error(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if nc, err := ConnectWorker(ctx, ns.ClientURL(), Settings{User: "u", Password: "wrong"}, "test", nil); err == nil {
				nc.Close()
				t.Error("a wrong password taken")
			}
		})
	}
}

// TestSilentAck: a job acknowledged without a result (a worker that lost
// it, or a stolen credential) is queued again, and the match completes.
func TestSilentAck(t *testing.T) {
	srv := startServer(t, Settings{})
	nc := dial(t, srv.URL(), srv.CoordinatorSettings())
	c := setupCoordinator(t, nc, CoordinatorOptions{Run: "silent", Fresh: true, AckWait: 300 * time.Millisecond})
	rep := &reporter{}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	errc := make(chan error, 1)
	go func() { errc <- c.Execute(ctx, gamesOf(t, config(t, "", 2))[:1], rep) }()

	hjs, _ := jetstream.New(dialWorker(t, srv.URL(), srv.WorkerSettings()))
	cons, err := hjs.Consumer(ctx, jobsStream, workersConsumer)
	if err != nil {
		t.Fatal(err)
	}
	m, err := cons.Next(jetstream.FetchMaxWait(30 * time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.DoubleAck(ctx); err != nil {
		t.Fatal(err)
	}
	startWorkers(t, srv, 1, WorkerOptions{})
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	if len(rep.done) != 1 || rep.done[0].Kind == match.GivenUp {
		t.Fatalf("done %+v", rep.done)
	}
	if len(rep.notices) != 1 || !strings.Contains(rep.notices[0], "game 1 left the queue without a result; queued again") {
		t.Errorf("notices %q", rep.notices)
	}
}

// TestLocalURL: clients on this machine reach a server listening on one
// address at that address, and one listening everywhere at 127.0.0.1.
func TestLocalURL(t *testing.T) {
	for host, want := range map[string]string{"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "127.0.0.1", "localhost": "127.0.0.1",
		"::1": "::1", "192.0.2.7": "192.0.2.7", "127.0.0.2": "127.0.0.2"} {
		if got := localHost(host); got != want {
			t.Errorf("%q: %q, want %q", host, got, want)
		}
	}
	l, err := net.Listen("tcp", "[::1]:0")
	if err != nil {
		t.Log("no IPv6 loopback here: ", err)
		return
	}
	l.Close()
	srv := startServer(t, Settings{Listen: "[::1]:0"})
	if !strings.HasPrefix(srv.LocalURL(), "nats://[::1]:") {
		t.Errorf("local URL %s", srv.LocalURL())
	}
	dialWorker(t, srv.LocalURL(), srv.WorkerSettings()).Close()
}

// TestTakenPort: a server whose store's last port is taken starts on
// another and says so; a worker started with the store's worker file
// follows it there.
func TestTakenPort(t *testing.T) {
	srv := startServer(t, Settings{})
	fs := flagSet()
	f := AddFlags(fs, false)
	if err := fs.Parse([]string{"--nats-config", srv.WorkerFile()}); err != nil {
		t.Fatal(err)
	}
	s, err := f.Settings()
	if err != nil {
		t.Fatal(err)
	}
	nc := dialWorker(t, s.URL, s)
	store, last := srv.store, srv.LocalURL()
	srv.Close()
	l, err := net.Listen("tcp", strings.TrimPrefix(last, "nats://"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	again, err := StartServer(Settings{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if again.LocalURL() == last || !strings.Contains(again.Notice(), "workers started with "+again.WorkerFile()+" follow it") {
		t.Errorf("on %s: %q", again.LocalURL(), again.Notice())
	}
	for deadline := time.Now().Add(30 * time.Second); !nc.IsConnected(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the worker did not follow the server from %s to %s", last, again.LocalURL())
		}
	}
	if err := nc.Flush(); err != nil {
		t.Error(err)
	}
}
