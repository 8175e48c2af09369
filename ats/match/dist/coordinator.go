package dist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

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
}

// Coordinator is a match.Executor that sends the games to workers as jobs
// and collects their results.
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
		if err := results.Purge(ctx, jetstream.WithPurgeSubject(resultsSubject(run))); err != nil {
			return fmt.Errorf("dropping earlier results: %w", err)
		}
	}
	e := &execution{c: c, to: to, run: run, exec: randomID(), want: map[int]string{}, byID: map[int]*match.Game{}, refusals: map[string]bool{}}
	for _, g := range games {
		fp, err := fingerprint(g)
		if err != nil {
			return fmt.Errorf("game %d: %w", g.ID, err)
		}
		e.want[g.ID], e.byID[g.ID] = fp, g
	}
	defer e.cleanup(jobs, results)
	if len(e.want) == 0 {
		return nil
	}

	stored := uint64(0)
	if info, err := results.Info(ctx, jetstream.WithSubjectFilter(resultsSubject(run))); err == nil {
		stored = info.State.Subjects[resultsSubject(run)]
	}
	cons, err := results.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{resultsSubject(run)}, DeliverPolicy: jetstream.DeliverAllPolicy})
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
	// games need no job. (Should some expire meanwhile, the wait for them
	// is cut short.)
backlog:
	for range stored {
		select {
		case m, ok := <-msgs:
			if !ok {
				return errors.New("the results stream closed")
			}
			if err := e.handle(m); err != nil {
				return err
			}
		case <-time.After(5 * time.Second):
			break backlog
		case <-ctx.Done():
			return nil
		}
	}
	for _, g := range games {
		if _, pending := e.want[g.ID]; !pending {
			continue
		}
		if err := e.publish(ctx, g); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
	}
	for len(e.want) > 0 {
		select {
		case m, ok := <-msgs:
			if !ok {
				if ctx.Err() != nil {
					return nil
				}
				return errors.New("the results stream closed")
			}
			if err := e.handle(m); err != nil {
				return err
			}
		case <-ctx.Done():
			return nil
		}
	}
	return nil
}

// execution is one call of Execute.
type execution struct {
	c        *Coordinator
	to       match.Reporter
	run      string
	exec     string
	want     map[int]string // fingerprints of the games still to come
	byID     map[int]*match.Game
	refusals map[string]bool // refusals already passed on
}

func (e *execution) publish(ctx context.Context, g *match.Game) error {
	data, err := json.Marshal(job{Run: e.run, Exec: e.exec, Fingerprint: e.want[g.ID], Game: g})
	if err != nil {
		return fmt.Errorf("game %d: %w", g.ID, err)
	}
	if _, err := e.c.js.Publish(ctx, jobsSubject(e.run), data, jetstream.WithExpectStream(jobsStream)); err != nil {
		return fmt.Errorf("publishing game %d: %w", g.ID, err)
	}
	return nil
}

// handle takes one result: the first for a game still to come is
// reported; others, and results of other games, are ignored.
func (e *execution) handle(m jetstream.Msg) error {
	var r result
	if err := json.Unmarshal(m.Data(), &r); err != nil {
		e.to.Notice(fmt.Sprintf("an unreadable result on %s ignored: %v", m.Subject(), err))
		return nil
	}
	fp, pending := e.want[r.Job]
	if r.Run != e.run || !pending || r.Fingerprint != fp {
		return nil // already have it, or of another match under this name
	}
	switch {
	case r.Failed != "":
		return fmt.Errorf("game %d cannot be played: %s (worker %s)", r.Job, r.Failed, r.Worker)
	case r.Refused != "":
		if key := r.Worker + "\x00" + r.Refused; !e.refusals[key] {
			e.refusals[key] = true
			e.to.Notice(fmt.Sprintf("worker %s cannot play game %d: %s; another worker will", r.Worker, r.Job, r.Refused))
		}
		return nil
	case r.Result == nil || r.Result.ID != r.Job:
		e.to.Notice(fmt.Sprintf("worker %s sent a result for game %d without the game", r.Worker, r.Job))
		return nil
	}
	delete(e.want, r.Job)
	e.to.Done(r.Result)
	return nil
}

// cleanup withdraws the jobs still queued or in play (a worker playing one
// drops it at its next heartbeat) and, once every game is in, the results.
// It runs when the match has ended, so it does not take the match's
// context.
func (e *execution) cleanup(jobs, results jetstream.Stream) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := jobs.Purge(ctx, jetstream.WithPurgeSubject(jobsSubject(e.run))); err != nil {
		e.to.Notice(fmt.Sprintf("withdrawing the jobs not played: %v; workers may still play them", err))
	}
	if len(e.want) == 0 {
		if err := results.Purge(ctx, jetstream.WithPurgeSubject(resultsSubject(e.run))); err != nil {
			e.to.Notice(fmt.Sprintf("dropping the results, all in the output: %v", err))
		}
	}
}
