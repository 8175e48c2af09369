package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/match"
	"arimaa-workbench/engine/analysis"
)

// WorkerOptions tune a Worker.
type WorkerOptions struct {
	// Slots is how many games the worker plays at once; default 1.
	Slots int
	// Name tells the worker apart in results and notices; default
	// HOST-PID.
	Name string
	// Site is the archive's site column of the games played here;
	// default the host name.
	Site string
	// RefuseDelay is how long a job this worker cannot play waits before
	// the server offers it again, to another worker if there is one;
	// default 10 s.
	RefuseDelay time.Duration
	// Log, when set, is told of each job taken and how it went.
	Log func(format string, args ...any)
	// Allow is the external engines the worker runs; a job naming any
	// other is refused. The builtin engine is always allowed.
	Allow AllowList
	// Run, when set, is the only run whose jobs the worker takes: a
	// coordinator's own slots serve its run and no other that shares the
	// server. A job of another run goes back unanswered, out of this
	// worker's way for a while (foreignDelay).
	Run string

	// testCrash, when set, is called with each job's name once the job
	// is taken: tests make it kill the worker.
	testCrash func(job string)
}

// Worker plays the jobs of any coordinator on its server.
type Worker struct {
	js   jetstream.JetStream
	id   string // the identity its answers are published under
	opts WorkerOptions
}

// NewWorker returns a worker that works through nc, a connection made
// with ConnectWorker.
func NewWorker(nc *nats.Conn, opts WorkerOptions) (*Worker, error) {
	id, ok := strings.CutPrefix(nc.Opts.InboxPrefix, "_INBOX.")
	if !ok || id == "" || strings.ContainsAny(id, ".*> ") {
		return nil, errors.New("a worker's connection has no identity of its own (connect it with ConnectWorker)")
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	if opts.Slots < 1 {
		opts.Slots = 1
	}
	if opts.Name == "" {
		opts.Name = fmt.Sprintf("%s-%d", hostname(), os.Getpid())
	}
	if opts.RefuseDelay <= 0 {
		opts.RefuseDelay = 10 * time.Second
	}
	return &Worker{js: js, id: id, opts: opts}, nil
}

func (w *Worker) logf(format string, args ...any) {
	if w.opts.Log != nil {
		w.opts.Log(format, args...)
	}
}

// pollWait bounds a wait for a job, so that a stop is noticed soon.
const pollWait = 2 * time.Second

// foreignDelay is how long a job a worker serving one run handed back
// (another run's) stays out of every worker's way: long enough for that
// worker to reach its own run's jobs behind it in the stream, short
// enough not to hold the other run up much.
const foreignDelay = 2 * time.Second

// Run takes and plays jobs until ctx ends. Then the games in progress are
// abandoned and their jobs handed back at once, for another worker.
func (w *Worker) Run(ctx context.Context) error {
	jobs, cons, err := w.consumer(ctx)
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	for range w.opts.Slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sl := &slot{games: match.NewSlot(w.opts.Site)}
			defer sl.close()
			w.serve(ctx, jobs, cons, sl)
		}()
	}
	wg.Wait()
	return nil
}

// consumer finds the jobs stream and the workers' consumer, waiting while
// ctx lasts for a coordinator to make them: a worker may not make them
// itself (its user has no such permission).
func (w *Worker) consumer(ctx context.Context) (jetstream.Stream, jetstream.Consumer, error) {
	told := false
	for {
		jobs, err := w.js.Stream(ctx, jobsStream)
		var cons jetstream.Consumer
		if err == nil {
			cons, err = jobs.Consumer(ctx, workersConsumer)
		}
		if err == nil {
			return jobs, cons, nil
		}
		if !errors.Is(err, jetstream.ErrStreamNotFound) && !errors.Is(err, jetstream.ErrConsumerNotFound) {
			return nil, nil, fmt.Errorf("the jobs on the NATS server: %w", err)
		}
		if !told {
			w.logf("waiting for a coordinator to queue jobs")
			told = true
		}
		sleep(ctx, time.Second)
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
	}
}

// serve is one slot's loop: take a job, play it, again.
func (w *Worker) serve(ctx context.Context, jobs jetstream.Stream, cons jetstream.Consumer, sl *slot) {
	failing := false
	for ctx.Err() == nil {
		// The wait for a job ends with ctx too: a stopping worker does
		// not wait out the poll.
		wait, cancel := context.WithTimeout(ctx, pollWait)
		batch, err := cons.Fetch(1, jetstream.FetchContext(wait))
		if err == nil {
			for m := range batch.Messages() {
				w.handle(ctx, jobs, cons, sl, m)
			}
			err = batch.Error()
		}
		cancel()
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			err = nil
		}
		if err != nil && !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, jetstream.ErrNoMessages) && ctx.Err() == nil {
			if !failing {
				w.logf("waiting for jobs: %v", err)
				failing = true
			}
			sleep(ctx, time.Second)
			continue
		}
		failing = false
	}
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// slot is where one job at a time runs: games on a match.Slot, tests on
// an engine kept from one test to the next while the spec is the same.
type slot struct {
	games *match.Slot
	spec  string // the engine's spec, as JSON
	eng   analysis.Engine
}

// engine returns the engine of spec, started unless it runs already.
func (sl *slot) engine(ctx context.Context, spec ats.Spec) (analysis.Engine, error) {
	key, err := json.Marshal(spec)
	if err != nil {
		return nil, err
	}
	if sl.eng != nil && sl.spec == string(key) {
		return sl.eng, nil
	}
	sl.dropEngine()
	f, err := spec.Factory()
	if err != nil {
		return nil, err
	}
	eng, err := f(ctx)
	if err != nil {
		return nil, err
	}
	sl.eng, sl.spec = eng, string(key)
	return eng, nil
}

// dropEngine stops the test engine, so that the next test starts one.
func (sl *slot) dropEngine() {
	if sl.eng != nil {
		sl.eng.Close()
		sl.eng, sl.spec = nil, ""
	}
}

func (sl *slot) close() {
	sl.games.Close()
	sl.dropEngine()
}

// jobWire is a job as read, its game or test still undecoded: a job this
// worker's build cannot read is refused, not dropped.
type jobWire struct {
	Run         string          `json:"run"`
	Exec        string          `json:"exec"`
	Fingerprint string          `json:"fingerprint"`
	Token       string          `json:"token"`
	Kind        string          `json:"kind"`
	Game        json.RawMessage `json:"game"`
	Test        json.RawMessage `json:"test"`
}

// id reads the job's number in its run.
func (j *jobWire) id() (int, error) {
	var id struct {
		ID  int `json:"ID"`
		Job struct {
			ID int `json:"id"`
		} `json:"job"`
	}
	switch j.Kind {
	case "", gameKind:
		err := json.Unmarshal(j.Game, &id)
		return id.ID, err
	case testKind:
		err := json.Unmarshal(j.Test, &id)
		return id.Job.ID, err
	}
	return 0, fmt.Errorf("a job of kind %q", j.Kind)
}

// task is a job decoded: a game to play or a test to run.
type task interface {
	// String names the task for the log, e.g. "game 3 of match RUN".
	String() string
	// forbidden says which engine of the task this worker may not run.
	forbidden(allow AllowList) string
	// lacking says which engine programs this machine does not have.
	lacking() string
	// run does the task on sl and puts its outcome in answer; it reports
	// whether ctx ended first (the task abandoned), or an error when the
	// task cannot be done anywhere.
	run(ctx context.Context, sl *slot, answer *result) (abandoned bool, err error)
}

// decode reads the job's game or test.
func (j *jobWire) decode() (task, error) {
	switch j.Kind {
	case "", gameKind:
		g := &gameTask{runID: j.Run}
		return g, json.Unmarshal(j.Game, &g.g)
	case testKind:
		t := &testTaskRun{runID: j.Run}
		return t, json.Unmarshal(j.Test, &t.t)
	}
	return nil, fmt.Errorf("a job of kind %q (is this machine's arimaa-workbench the coordinator's build?)", j.Kind)
}

type gameTask struct {
	runID string
	g     match.Game
}

func (t *gameTask) String() string { return fmt.Sprintf("game %d of match %s", t.g.ID, t.runID) }

func (t *gameTask) forbidden(allow AllowList) string {
	for _, e := range t.g.Engines {
		if e.Builtin {
			continue
		}
		if why := allow.check(e.Command, e.Dir, e.Env); why != "" {
			return why
		}
	}
	return ""
}

func (t *gameTask) lacking() string { return lacking(t.g.Commands()) }

func (t *gameTask) run(ctx context.Context, sl *slot, answer *result) (bool, error) {
	res, err := sl.games.Play(ctx, &t.g)
	switch {
	case err != nil && match.IsAbandoned(err):
		return true, nil
	case err != nil:
		return false, err
	}
	answer.Result = res
	return false, nil
}

type testTaskRun struct {
	runID string
	t     testTask
}

func (t *testTaskRun) String() string {
	return fmt.Sprintf("test %s (cycle %d) of suite run %s", t.t.Job.Test.Name, t.t.Job.Cycle, t.runID)
}

func (t *testTaskRun) forbidden(allow AllowList) string {
	e := t.t.Engine
	if e.Builtin {
		return ""
	}
	return allow.check(e.Command, e.Dir, e.Env)
}

func (t *testTaskRun) lacking() string {
	if _, err := t.t.Engine.Factory(); err != nil {
		return err.Error()
	}
	if t.t.Engine.Builtin {
		return ""
	}
	return lacking(t.t.Engine.Command[:1])
}

func (t *testTaskRun) run(ctx context.Context, sl *slot, answer *result) (bool, error) {
	j := t.t.Job
	eng, err := sl.engine(ctx, t.t.Engine)
	if err != nil {
		if ctx.Err() != nil {
			return true, nil
		}
		res := j.Errored("engine did not start: " + err.Error())
		answer.Test = &res
		return false, nil
	}
	res, fault := ats.RunTest(ctx, eng, j, t.t.Settings, analysis.Output{})
	if ctx.Err() != nil {
		// Cut short, the search says nothing; the engine may be in
		// the middle of it.
		sl.dropEngine()
		return true, nil
	}
	if fault != nil {
		sl.dropEngine()
	}
	answer.Test = &res
	return false, nil
}

// outcome says how a task ended, for the log.
func outcome(r *result) string {
	switch {
	case r.Result != nil:
		return r.Result.Reason
	case r.Test != nil && r.Test.Err != "":
		return fmt.Sprintf("%s: %s", r.Test.Status, r.Test.Err)
	case r.Test != nil:
		return fmt.Sprintf("%s, %s", r.Test.Status, r.Test.Move)
	}
	return ""
}

// heartbeat keeps job m ours while it runs: every beat it tells the
// server the job is in progress, and it cancels the job when its message
// (at seq) is gone from the stream: withdrawn by its coordinator, or
// finished by a worker that took it over. The function returned ends the
// heartbeat and says whether the job was withdrawn.
func heartbeat(ctx context.Context, m jetstream.Msg, jobs jetstream.Stream, seq uint64, beat time.Duration, cancel context.CancelFunc) func() bool {
	var withdrawn atomic.Bool
	stop := make(chan struct{})
	beating := make(chan struct{})
	go func() {
		defer close(beating)
		t := time.NewTicker(max(beat, 50*time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
			}
			_ = m.InProgress()
			if gone(ctx, jobs, seq) {
				withdrawn.Store(true)
				cancel()
				return
			}
		}
	}()
	return func() bool {
		close(stop)
		<-beating
		return withdrawn.Load()
	}
}

// gone reports whether the message at seq has left the jobs stream. A
// worker may not read the jobs (it could learn their tokens), only the
// stream's state: the message is gone when it lies before the first
// message or among those deleted.
func gone(ctx context.Context, jobs jetstream.Stream, seq uint64) bool {
	info, err := jobs.Info(ctx, jetstream.WithDeletedDetails(true))
	if err != nil {
		return false // the server is away: keep playing
	}
	return goneFrom(info.State, seq)
}

// goneFrom reports whether the message at seq has left a stream in the
// state st (with its deleted details).
func goneFrom(st jetstream.StreamState, seq uint64) bool {
	return seq < st.FirstSeq || seq > st.LastSeq || slices.Contains(st.Deleted, seq)
}

// handle runs one job and answers it.
func (w *Worker) handle(ctx context.Context, jobs jetstream.Stream, cons jetstream.Consumer, sl *slot, m jetstream.Msg) {
	var j jobWire
	err := json.Unmarshal(m.Data(), &j)
	id := 0
	if err == nil {
		id, err = j.id()
	}
	if err != nil || j.Run == "" {
		w.logf("an unreadable job on %s dropped: %v", m.Subject(), err)
		_ = m.TermWithReason("unreadable job")
		return
	}
	if w.opts.Run != "" && j.Run != w.opts.Run {
		_ = m.NakWithDelay(foreignDelay)
		return
	}
	answer := result{Run: j.Run, Job: id, Fingerprint: j.Fingerprint, Token: j.Token, Worker: w.opts.Name, Exec: j.Exec}
	t, err := j.decode()
	if err != nil {
		answer.Refused = err.Error()
	} else if why := t.forbidden(w.opts.Allow); why != "" {
		answer.Refused, answer.Forbidden = why, true
		if meta, err := m.Metadata(); err == nil {
			answer.Seq = meta.Sequence.Stream
		}
	} else if missing := t.lacking(); missing != "" {
		answer.Refused = missing
	}
	if answer.Refused != "" {
		w.logf("job %d of %s: cannot run it: %s", id, j.Run, answer.Refused)
		kind := "refused." + w.opts.Name
		if meta, err := m.Metadata(); err == nil {
			// One message a delivery: the coordinator counts refusals.
			kind += "." + strconv.FormatUint(meta.NumDelivered, 10)
		}
		if err := w.send(j, answer, kind); err != nil {
			w.logf("job %d of %s: %v", id, j.Run, err)
		}
		_ = m.NakWithDelay(w.opts.RefuseDelay)
		return
	}
	if ctx.Err() != nil {
		_ = m.Nak()
		return
	}

	meta, err := m.Metadata()
	if err != nil {
		_ = m.Nak()
		return
	}
	// The coordinator counts the deliveries taken and never answered.
	taken := answer
	taken.Taken, taken.Seq = int(meta.NumDelivered), meta.Sequence.Stream
	if err := w.send(j, taken, fmt.Sprintf("taken.%d", meta.NumDelivered)); err != nil {
		w.logf("%s: telling the coordinator: %v", t, err)
	}
	if w.opts.testCrash != nil {
		w.opts.testCrash(t.String())
	}
	beat := DefaultAckWait / 3
	if info, err := cons.Info(ctx); err == nil {
		beat = info.Config.AckWait / 3
	}
	jobCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	stopBeat := heartbeat(jobCtx, m, jobs, meta.Sequence.Stream, beat, cancel)
	if g, ok := t.(*gameTask); ok {
		w.logf("%s started: %s vs %s (delivery %d)", t, g.g.Engines[0].Name, g.g.Engines[1].Name, meta.NumDelivered)
	} else {
		w.logf("%s started (delivery %d)", t, meta.NumDelivered)
	}
	abandoned, err := t.run(jobCtx, sl, &answer)
	withdrawn := stopBeat()
	switch {
	case withdrawn:
		w.logf("%s withdrawn", t)
		return
	case abandoned:
		// The worker is stopping: another worker runs the job now.
		released := taken
		released.Taken, released.Released = 0, "the worker stopped"
		if err := w.send(j, released, fmt.Sprintf("released.%d", meta.NumDelivered)); err != nil {
			w.logf("%s: telling the coordinator: %v", t, err)
		}
		_ = m.Nak()
		w.logf("%s handed back", t)
		return
	case err != nil:
		answer.Failed = err.Error()
		if err := w.send(j, answer, ""); err != nil {
			_ = m.Nak()
			return
		}
		_ = m.Term()
		return
	}
	if err := w.send(j, answer, ""); err != nil {
		// Unsent, the job is run again, here or elsewhere.
		w.logf("%s: %v; handed back", t, err)
		_ = m.Nak()
		return
	}
	// Only now, with the result stored, is the job done. Should the ack
	// be lost, the job is run again and its second result ignored.
	ackCtx, cancelAck := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelAck()
	if err := m.DoubleAck(ackCtx); err != nil {
		w.logf("%s: acknowledging: %v", t, err)
	}
	w.logf("%s done: %s", t, outcome(&answer))
}

// lacking says which of the engine programs cmds this machine does not
// have.
func lacking(cmds []string) string {
	var missing []string
	for _, c := range cmds {
		if _, err := exec.LookPath(c); err != nil {
			missing = append(missing, fmt.Sprintf("no engine %s here (%v)", c, err))
		}
	}
	return strings.Join(missing, "; ")
}

// sendTries is how often a worker tries to store a result before it hands
// the job back.
const sendTries = 3

// send stores a result in the results stream and waits for the server to
// confirm it. It does not take the worker's context: a finished game is
// worth sending even when the worker is stopping.
func (w *Worker) send(j jobWire, r result, kind string) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	// One message id per execution, job and kind of message: the server
	// keeps one copy of a message sent twice.
	msgID := fmt.Sprintf("%s.%d", j.Exec, r.Job)
	if kind != "" {
		msgID += "." + kind
	}
	for try := 1; ; try++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err = w.js.Publish(ctx, resultsSubject(j.Run, w.id), data, jetstream.WithMsgID(msgID), jetstream.WithExpectStream(resultsStream))
		cancel()
		if err == nil {
			return nil
		}
		if try == sendTries {
			return fmt.Errorf("storing the result: %w", err)
		}
		time.Sleep(time.Second)
	}
}
