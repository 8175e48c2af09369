package dist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"arimaa-workbench/ats/match"
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
}

// Worker plays the jobs of any coordinator on its server.
type Worker struct {
	js   jetstream.JetStream
	opts WorkerOptions
}

// NewWorker returns a worker that works through nc.
func NewWorker(nc *nats.Conn, opts WorkerOptions) (*Worker, error) {
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
	return &Worker{js: js, opts: opts}, nil
}

func (w *Worker) logf(format string, args ...any) {
	if w.opts.Log != nil {
		w.opts.Log(format, args...)
	}
}

// pollWait bounds a wait for a job, so that a stop is noticed soon.
const pollWait = 2 * time.Second

// Run takes and plays jobs until ctx ends. Then the games in progress are
// abandoned and their jobs handed back at once, for another worker.
func (w *Worker) Run(ctx context.Context) error {
	jobs, _, err := ensureStreams(ctx, w.js)
	if err != nil {
		return err
	}
	cons, err := w.js.Consumer(ctx, jobsStream, workersConsumer)
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		// No coordinator has been here yet: the consumer with the
		// default ack wait, which the first coordinator sets to its own.
		cons, err = w.js.CreateConsumer(ctx, jobsStream, consumerConfig(DefaultAckWait))
		if errors.Is(err, jetstream.ErrConsumerExists) {
			// A coordinator was quicker: its settings stand.
			cons, err = w.js.Consumer(ctx, jobsStream, workersConsumer)
		}
	}
	if err != nil {
		return fmt.Errorf("consumer %s: %w", workersConsumer, err)
	}
	var wg sync.WaitGroup
	for range w.opts.Slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sl := match.NewSlot(w.opts.Site)
			defer sl.Close()
			w.serve(ctx, jobs, cons, sl)
		}()
	}
	wg.Wait()
	return nil
}

// serve is one slot's loop: take a job, play it, again.
func (w *Worker) serve(ctx context.Context, jobs jetstream.Stream, cons jetstream.Consumer, sl *match.Slot) {
	failing := false
	for ctx.Err() == nil {
		batch, err := cons.Fetch(1, jetstream.FetchMaxWait(pollWait))
		if err == nil {
			for m := range batch.Messages() {
				w.handle(ctx, jobs, cons, sl, m)
			}
			err = batch.Error()
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

// jobWire is a job as read, its game still undecoded: a game this
// worker's build cannot read is refused, not dropped.
type jobWire struct {
	Run         string          `json:"run"`
	Exec        string          `json:"exec"`
	Fingerprint string          `json:"fingerprint"`
	Game        json.RawMessage `json:"game"`
}

// handle plays one job and answers it.
func (w *Worker) handle(ctx context.Context, jobs jetstream.Stream, cons jetstream.Consumer, sl *match.Slot, m jetstream.Msg) {
	var j jobWire
	var id struct {
		ID int `json:"ID"`
	}
	if err := json.Unmarshal(m.Data(), &j); err != nil || j.Run == "" || json.Unmarshal(j.Game, &id) != nil {
		w.logf("an unreadable job on %s dropped: %v", m.Subject(), err)
		_ = m.TermWithReason("unreadable job")
		return
	}
	answer := result{Run: j.Run, Job: id.ID, Fingerprint: j.Fingerprint, Worker: w.opts.Name}
	var g match.Game
	if err := json.Unmarshal(j.Game, &g); err != nil {
		answer.Refused = err.Error()
	} else if missing := lacking(&g); missing != "" {
		answer.Refused = missing
	}
	if answer.Refused != "" {
		w.logf("game %d of match %s: cannot play it: %s", id.ID, j.Run, answer.Refused)
		if err := w.send(j, answer); err != nil {
			w.logf("game %d of match %s: %v", id.ID, j.Run, err)
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
	beat := DefaultAckWait / 3
	if info, err := cons.Info(ctx); err == nil {
		beat = info.Config.AckWait / 3
	}
	gameCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var withdrawn atomic.Bool
	stopBeat := make(chan struct{})
	beating := make(chan struct{})
	go func() {
		defer close(beating)
		t := time.NewTicker(max(beat, 50*time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-stopBeat:
				return
			case <-t.C:
			}
			// The heartbeat keeps the job ours however long the game;
			// a job gone from the stream was withdrawn by its
			// coordinator (or finished by a worker that took it over).
			_ = m.InProgress()
			if _, err := jobs.GetMsg(gameCtx, meta.Sequence.Stream); errors.Is(err, jetstream.ErrMsgNotFound) {
				withdrawn.Store(true)
				cancel()
				return
			}
		}
	}()
	w.logf("game %d of match %s started: %s vs %s (delivery %d)", g.ID, j.Run, g.Engines[0].Name, g.Engines[1].Name, meta.NumDelivered)
	res, err := sl.Play(gameCtx, &g)
	close(stopBeat)
	<-beating
	switch {
	case withdrawn.Load():
		w.logf("game %d of match %s withdrawn", g.ID, j.Run)
		return
	case err != nil && match.IsAbandoned(err):
		// The worker is stopping: another worker plays the game now.
		_ = m.Nak()
		w.logf("game %d of match %s handed back", g.ID, j.Run)
		return
	case err != nil:
		answer.Failed = err.Error()
		if err := w.send(j, answer); err != nil {
			_ = m.Nak()
			return
		}
		_ = m.Term()
		return
	}
	answer.Result = res
	if err := w.send(j, answer); err != nil {
		// Unsent, the game is played again, here or elsewhere.
		w.logf("game %d of match %s: %v; handed back", g.ID, j.Run, err)
		_ = m.Nak()
		return
	}
	// Only now, with the result stored, is the job done. Should the ack
	// be lost, the job is played again and its second result ignored.
	ackCtx, cancelAck := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelAck()
	if err := m.DoubleAck(ackCtx); err != nil {
		w.logf("game %d of match %s: acknowledging: %v", g.ID, j.Run, err)
	}
	w.logf("game %d of match %s done: %s", g.ID, j.Run, res.Reason)
}

// lacking says which engine programs of g this machine does not have.
func lacking(g *match.Game) string {
	var missing []string
	for _, c := range g.Commands() {
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
func (w *Worker) send(j jobWire, r result) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	// One message id per execution and game: the server keeps one copy
	// of a result sent twice.
	msgID := fmt.Sprintf("%s.%d", j.Exec, r.Job)
	if r.Refused != "" {
		msgID += ".refused." + w.opts.Name
	}
	for try := 1; ; try++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err = w.js.Publish(ctx, resultsSubject(j.Run), data, jetstream.WithMsgID(msgID), jetstream.WithExpectStream(resultsStream))
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
