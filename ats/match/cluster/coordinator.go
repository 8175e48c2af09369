package cluster

import (
	"context"
	"crypto/hmac"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/match"
)

// CoordinatorOptions tune a Coordinator.
type CoordinatorOptions struct {
	// Run names the match (RunID); "" picks a random name.
	Run string
	// Fresh drops results left under the run's name by an earlier match:
	// set it unless the match resumes.
	Fresh bool
	// AckWait is how long a job may go without a worker's heartbeat
	// before another worker gets it; 0 is DefaultAckWait.
	AckWait time.Duration
	// MaxDeliveries is how many deliveries of a job may go unanswered
	// (workers that took it and vanished) before it is given up; 0 is
	// DefaultMaxDeliveries.
	MaxDeliveries int
	// Key is a secret the coordinator keeps from one execution of the run
	// to the next (its NATS password, say: Settings.Key): every answer to
	// a job must carry the job's token, made with it. Without a key the
	// coordinator makes one: answers stored for an earlier execution are
	// then not taken, and their jobs run again.
	Key []byte
}

// Coordinator is a match.Executor that sends the games to workers as jobs
// and collects their results; Tests gives an ats.Executor that does the
// same with a suite run's tests.
type Coordinator struct {
	js   jetstream.JetStream
	opts CoordinatorOptions
}

// NewCoordinator returns a coordinator that works through nc.
func NewCoordinator(nc *nats.Conn, opts CoordinatorOptions) (*Coordinator, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	if opts.Run == "" {
		opts.Run = randomID()
	}
	if opts.AckWait <= 0 {
		opts.AckWait = DefaultAckWait
	}
	if opts.MaxDeliveries <= 0 {
		opts.MaxDeliveries = DefaultMaxDeliveries
	}
	if len(opts.Key) == 0 {
		opts.Key = []byte(randomID())
	}
	return &Coordinator{js: js, opts: opts}, nil
}

// Run is the match's name on the server.
func (c *Coordinator) Run() string { return c.opts.Run }

// Setup creates the streams and the workers' consumer, with this
// coordinator's ack wait.
func (c *Coordinator) Setup(ctx context.Context) error {
	if _, _, err := ensureStreams(ctx, c.js); err != nil {
		return err
	}
	if _, err := c.js.CreateOrUpdateConsumer(ctx, jobsStream, consumerConfig(c.opts.AckWait)); err != nil {
		return fmt.Errorf("consumer %s: %w", workersConsumer, err)
	}
	return nil
}

// Execute publishes a job for each game not already among the results the
// run has stored, and reports each game's first result until every game
// has one or ctx ends. It then withdraws the jobs no worker has finished,
// and with every game played it drops the run's results.
func (c *Coordinator) Execute(ctx context.Context, games []*match.Game, to match.Reporter) error {
	s := &gameSink{to: to, byID: map[int]*match.Game{}}
	items := make([]item, 0, len(games))
	for _, g := range games {
		fp, err := fingerprint(g)
		if err != nil {
			return fmt.Errorf("game %d: %w", g.ID, err)
		}
		s.byID[g.ID] = g
		items = append(items, item{id: g.ID, what: fmt.Sprintf("game %d", g.ID), fp: fp, job: job{Kind: gameKind, Game: g}})
	}
	return c.execute(ctx, items, s)
}

// Tests is an ats.Executor that sends a suite run's tests to workers,
// which run them with the engine spec gives.
func (c *Coordinator) Tests(spec ats.Spec) ats.Executor { return testExecutor{c: c, spec: spec} }

type testExecutor struct {
	c    *Coordinator
	spec ats.Spec
}

// Execute publishes a job for each test not already among the results the
// run has stored, and reports each one's first result, as the
// Coordinator's Execute does for games.
func (t testExecutor) Execute(ctx context.Context, set ats.TestSettings, jobs []ats.TestJob, to ats.Reporter) error {
	s := &testSink{to: to, byID: map[int]ats.TestJob{}}
	items := make([]item, 0, len(jobs))
	for _, j := range jobs {
		task := &testTask{Job: j, Engine: t.spec, Settings: set}
		fp, err := fingerprint(task)
		if err != nil {
			return fmt.Errorf("test %s: %w", j.Test.Name, err)
		}
		s.byID[j.ID] = j
		items = append(items, item{id: j.ID, what: fmt.Sprintf("test %s (cycle %d)", j.Test.Name, j.Cycle), fp: fp, job: job{Kind: testKind, Test: task}})
	}
	return t.c.execute(ctx, items, s)
}

// item is one job to publish: its id in the run, its fingerprint and its
// contents.
type item struct {
	id   int
	what string // "game 3", "test x (cycle 1)" for notices
	fp   string
	job  job
}

// sink takes what an execution learns of its jobs.
type sink interface {
	started(id int)
	// check says what is wrong with a worker's answer to job r.Job (no
	// outcome of the job's kind, a game that does not replay under the
	// rules); "" when nothing is.
	check(r *result) string
	// done takes an answer that passed check.
	done(r *result)
	givenUp(id int, why string)
	notice(text string)
}

type gameSink struct {
	to   match.Reporter
	byID map[int]*match.Game
}

func (s *gameSink) started(id int) { s.to.Started(s.byID[id]) }
func (s *gameSink) check(r *result) string {
	if r.Result == nil || r.Result.ID != r.Job {
		return "has no outcome"
	}
	return checkGame(s.byID[r.Job], r.Result)
}
func (s *gameSink) done(r *result)             { s.to.Done(r.Result) }
func (s *gameSink) givenUp(id int, why string) { s.to.Done(s.byID[id].GivenUpResult(why)) }
func (s *gameSink) notice(text string)         { s.to.Notice(text) }

type testSink struct {
	to   ats.Reporter
	byID map[int]ats.TestJob
}

func (s *testSink) started(id int) { s.to.Started(s.byID[id]) }
func (s *testSink) check(r *result) string {
	j := s.byID[r.Job]
	if r.Test == nil || r.Test.Name != j.Test.Name || r.Test.Cycle != j.Cycle {
		return "has no outcome"
	}
	return ""
}
func (s *testSink) done(r *result)             { s.to.Done(s.byID[r.Job], *r.Test) }
func (s *testSink) givenUp(id int, why string) { j := s.byID[id]; s.to.Done(j, j.Errored(why)) }
func (s *testSink) notice(text string)         { s.to.Notice(text) }

// execute publishes a job for each item not already among the results the
// run has stored, and passes each item's first outcome to s until every
// item has one or ctx ends. It then withdraws the jobs no worker has
// finished, and with every item done it drops the run's results.
func (c *Coordinator) execute(ctx context.Context, items []item, s sink) error {
	if err := c.Setup(ctx); err != nil {
		return err
	}
	jobs, err := c.js.Stream(ctx, jobsStream)
	if err != nil {
		return err
	}
	results, err := c.js.Stream(ctx, resultsStream)
	if err != nil {
		return err
	}
	run := c.opts.Run
	// Jobs left by an earlier execution are published again below, with
	// this execution's name.
	if err := jobs.Purge(ctx, jetstream.WithPurgeSubject(jobsSubject(run))); err != nil {
		return fmt.Errorf("withdrawing earlier jobs: %w", err)
	}
	if c.opts.Fresh {
		if err := results.Purge(ctx, jetstream.WithPurgeSubject(runResults(run))); err != nil {
			return fmt.Errorf("dropping earlier results: %w", err)
		}
	}
	e := &execution{c: c, s: s, jobs: jobs, run: run, exec: randomID(), want: map[int]string{}, what: map[int]string{},
		tries: map[int]*tries{}, refusals: map[string]bool{}, holders: map[string]bool{},
		items: map[int]item{}, seqs: map[int]uint64{}, missing: map[int]bool{}}
	for _, it := range items {
		e.want[it.id], e.what[it.id], e.items[it.id] = it.fp, it.what, it
	}
	defer e.cleanup(jobs, results)
	if len(e.want) == 0 {
		return nil
	}

	stored := uint64(0)
	if info, err := results.Info(ctx, jetstream.WithSubjectFilter(runResults(run))); err == nil {
		for _, n := range info.State.Subjects {
			stored += n
		}
	}
	cons, err := results.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{runResults(run)}, DeliverPolicy: jetstream.DeliverAllPolicy})
	if err != nil {
		return fmt.Errorf("reading results: %w", err)
	}
	it, err := cons.Messages()
	if err != nil {
		return fmt.Errorf("reading results: %w", err)
	}
	msgs := make(chan jetstream.Msg)
	quit := make(chan struct{})
	go func() {
		defer close(msgs)
		for {
			m, err := it.Next()
			if err != nil {
				return // the iterator is stopped below
			}
			select {
			case msgs <- m:
			case <-quit:
				return
			}
		}
	}()
	defer it.Stop()
	defer close(quit)

	// The results stored while no coordinator listened come first: their
	// jobs need no publishing. (Should some expire meanwhile, the wait
	// for them is cut short.)
backlog:
	for range stored {
		select {
		case m, ok := <-msgs:
			if !ok {
				return errors.New("the results stream closed")
			}
			if err := e.handle(ctx, m); err != nil {
				return err
			}
		case <-time.After(5 * time.Second):
			break backlog
		case <-ctx.Done():
			return nil
		}
	}
	for _, it := range items {
		if _, pending := e.want[it.id]; !pending {
			continue
		}
		if err := e.publish(ctx, it); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
	}
	return e.collect(ctx, msgs)
}

// collect passes the results on until every job has one or ctx ends.
// Every ack wait it looks for jobs gone from the queue without a result
// (requeue).
func (e *execution) collect(ctx context.Context, msgs <-chan jetstream.Msg) error {
	tick := time.NewTicker(e.c.opts.AckWait)
	defer tick.Stop()
	for len(e.want) > 0 {
		select {
		case m, ok := <-msgs:
			if !ok {
				if ctx.Err() != nil {
					return nil
				}
				return errors.New("the results stream closed")
			}
			if err := e.handle(ctx, m); err != nil {
				return err
			}
		case <-tick.C:
			if err := e.requeue(ctx); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return err
			}
		case <-ctx.Done():
			return nil
		}
	}
	return nil
}

// requeue publishes again the jobs whose messages have left the queue
// without a result: acknowledged by a worker that sent none (one whose
// result was lost, or one with a stolen credential that guessed another's
// delivery). A job counts as gone when it is missing at two looks in a
// row, an ack wait apart, so that a result on its way is not taken for
// missing.
func (e *execution) requeue(ctx context.Context) error {
	info, err := e.jobs.Info(ctx, jetstream.WithDeletedDetails(true))
	if err != nil {
		e.s.notice(fmt.Sprintf("looking at the queued jobs: %v", err))
		return nil
	}
	for id := range e.want {
		seq := e.seqs[id]
		if seq == 0 || !goneFrom(info.State, seq) {
			delete(e.missing, id)
			continue
		}
		if !e.missing[id] {
			e.missing[id] = true
			continue
		}
		delete(e.missing, id)
		e.s.notice(fmt.Sprintf("%s left the queue without a result; queued again", e.items[id].what))
		if err := e.publish(ctx, e.items[id]); err != nil {
			return err
		}
	}
	return nil
}

// execution is one call of execute.
type execution struct {
	c        *Coordinator
	s        sink
	jobs     jetstream.Stream
	run      string
	exec     string
	want     map[int]string // fingerprints of the jobs still to come
	what     map[int]string
	tries    map[int]*tries
	refusals map[string]bool // refusals already passed on
	// holders are the workers that took a job, by execution, job and
	// worker: only they may answer it.
	holders map[string]bool
	items   map[int]item   // the jobs, by id, to publish again
	seqs    map[int]uint64 // where each job's message is in the queue
	missing map[int]bool   // jobs seen gone from the queue once
}

// tries are the deliveries of one job that workers took.
type tries struct {
	failed    int    // taken and never answered
	forbidden int    // refused: an engine the worker may not run
	open      bool   // the last one may still be answered
	worker    string // who took the last one
	delivery  int
}

func (e *execution) publish(ctx context.Context, it item) error {
	j := it.job
	j.Run, j.Exec, j.Fingerprint = e.run, e.exec, it.fp
	j.Token = jobToken(e.c.opts.Key, e.run, e.exec, it.id, it.fp)
	data, err := json.Marshal(j)
	if err != nil {
		return fmt.Errorf("%s: %w", it.what, err)
	}
	ack, err := e.c.js.Publish(ctx, jobsSubject(e.run), data, jetstream.WithExpectStream(jobsStream))
	if err != nil {
		return fmt.Errorf("publishing %s: %w", it.what, err)
	}
	e.seqs[it.id] = ack.Sequence
	return nil
}

// handle takes one message of the results stream: the first outcome of a
// job still to come is passed on; others, and results of other jobs, are
// ignored.
func (e *execution) handle(ctx context.Context, m jetstream.Msg) error {
	var r result
	if err := json.Unmarshal(m.Data(), &r); err != nil {
		e.s.notice(fmt.Sprintf("an unreadable result on %s ignored: %v", m.Subject(), err))
		return nil
	}
	fp, pending := e.want[r.Job]
	if r.Run != e.run || !pending || r.Fingerprint != fp {
		return nil // already have it, or of another run under this name
	}
	what := e.what[r.Job]
	// The server lets a worker publish under its own identity only, and
	// gives a job's token to the workers it delivers the job to.
	id, ok := strings.CutPrefix(m.Subject(), resultsPrefix+e.run+".")
	if !ok || id == "" || strings.Contains(id, ".") {
		return nil
	}
	if !hmac.Equal([]byte(r.Token), []byte(jobToken(e.c.opts.Key, r.Run, r.Exec, r.Job, r.Fingerprint))) {
		e.s.notice(fmt.Sprintf("an answer for %s from worker %s without the job's token, ignored (only a worker given the job has it)", what, r.Worker))
		return nil
	}
	holder := r.Exec + "\x00" + strconv.Itoa(r.Job) + "\x00" + id + "\x00" + r.Worker
	switch {
	case r.Taken > 0:
		// Kept for every execution: a resumed run reads the results an
		// earlier one's workers stored, each after its taken message.
		e.holders[holder] = true
		if r.Exec == e.exec {
			e.taken(ctx, &r)
		}
		return nil
	case r.Released != "":
		if r.Exec == e.exec {
			e.taken(ctx, &r)
		}
		return nil
	case r.Refused != "":
		e.refused(ctx, &r, what)
		return nil
	case !e.holders[holder]:
		// Whoever can publish results (any worker) could otherwise end a
		// job it never held, or the whole run with a failure.
		e.s.notice(fmt.Sprintf("a result for %s from worker %s, which did not hold it, ignored", what, r.Worker))
		return nil
	case r.Failed != "":
		delete(e.want, r.Job)
		e.s.givenUp(r.Job, fmt.Sprintf("cannot be played: %s (worker %s)", r.Failed, r.Worker))
		return nil
	}
	if why := e.s.check(&r); why != "" {
		e.s.notice(fmt.Sprintf("worker %s sent a result for %s that %s; ignored", r.Worker, what, why))
		return nil
	}
	e.s.done(&r)
	delete(e.want, r.Job)
	return nil
}

// refused passes a worker's refusal on, once for each worker and reason.
// A job refused MaxDeliveries times because it names an engine the workers
// are not allowed to run is given up: no worker may run it.
func (e *execution) refused(ctx context.Context, r *result, what string) {
	if key := r.Worker + "\x00" + r.Refused; !e.refusals[key] {
		e.refusals[key] = true
		e.s.notice(fmt.Sprintf("worker %s cannot run %s: %s; another worker will", r.Worker, what, r.Refused))
	}
	if !r.Forbidden || r.Exec != e.exec {
		return
	}
	t := e.tries[r.Job]
	if t == nil {
		t = &tries{}
		e.tries[r.Job] = t
	}
	t.forbidden++
	if t.forbidden < e.c.opts.MaxDeliveries {
		return
	}
	if r.Seq != 0 {
		if err := e.jobs.DeleteMsg(ctx, r.Seq); err != nil && !errors.Is(err, jetstream.ErrMsgNotFound) {
			e.s.notice(fmt.Sprintf("withdrawing %s: %v", what, err))
		}
	}
	delete(e.want, r.Job)
	e.s.givenUp(r.Job, fmt.Sprintf("given up after %d refusals: %s (worker %s)", t.forbidden, r.Refused, r.Worker))
}

// taken counts a delivery a worker has taken (or handed back). When a
// worker takes a job whose last MaxDeliveries deliveries all went
// unanswered (each worker that took it vanished: an engine that kills its
// host, say), the job is given up: withdrawn, its outcome an error saying
// so.
func (e *execution) taken(ctx context.Context, r *result) {
	t := e.tries[r.Job]
	if t == nil {
		t = &tries{}
		e.tries[r.Job] = t
	}
	if r.Released != "" {
		if t.open && t.worker == r.Worker {
			t.open = false // handed back: no fault of the job's
		}
		return
	}
	if t.open {
		t.failed++
	}
	last := t.worker
	lastDelivery := t.delivery
	t.open, t.worker, t.delivery = true, r.Worker, r.Taken
	if t.failed < e.c.opts.MaxDeliveries {
		e.s.started(r.Job)
		return
	}
	why := fmt.Sprintf("given up after %d deliveries: the last, to worker %s (delivery %d), ended without a result (the worker died, hung or lost its connection)",
		t.failed, last, lastDelivery)
	// The worker that has it now stops at its next heartbeat.
	if err := e.jobs.DeleteMsg(ctx, r.Seq); err != nil && !errors.Is(err, jetstream.ErrMsgNotFound) {
		e.s.notice(fmt.Sprintf("withdrawing %s: %v", e.what[r.Job], err))
	}
	delete(e.want, r.Job)
	e.s.givenUp(r.Job, why)
}

// cleanup withdraws the jobs still queued or in play (a worker running one
// drops it at its next heartbeat) and, once every job is in, the results.
// It runs when the run has ended, so it does not take the run's context.
func (e *execution) cleanup(jobs, results jetstream.Stream) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := jobs.Purge(ctx, jetstream.WithPurgeSubject(jobsSubject(e.run))); err != nil {
		e.s.notice(fmt.Sprintf("withdrawing the jobs not done: %v; workers may still run them", err))
	}
	if len(e.want) == 0 {
		if err := results.Purge(ctx, jetstream.WithPurgeSubject(runResults(e.run))); err != nil {
			e.s.notice(fmt.Sprintf("dropping the results, all in the output: %v", err))
		}
	}
}
