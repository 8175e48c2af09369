// Package dist plays the games of a match on many machines through NATS
// JetStream. A coordinator (the match command) turns each game into a job
// on a work-queue stream; workers (the worker command, anywhere that
// reaches the server) pull jobs, play them with the same match.Slot as a
// local match, and publish each result on a results stream before they
// acknowledge the job. So nothing is lost: a worker that dies mid-game
// stops its in-progress heartbeats, and the job goes to another worker
// after the consumer's ack wait. Nothing is counted twice: results carry
// their job's id and the game's fingerprint, and the coordinator keeps
// the first result of each game. Results wait in their stream while the
// coordinator is away, and a resumed match collects them.
//
// By default the coordinator runs an embedded NATS server (StartServer)
// with its JetStream store in the user's data directory, listening on
// loopback only unless credentials are given.
package dist

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"arimaa-workbench/ats/match"
)

// The streams and subjects every coordinator and worker agree on.
const (
	jobsStream      = "ARIMAA_JOBS"
	jobsSubjects    = "arimaa.jobs.>"
	resultsStream   = "ARIMAA_RESULTS"
	resultsSubjects = "arimaa.results.>"
	// workersConsumer is the durable pull consumer all workers share, so
	// that each job goes to one of them.
	workersConsumer = "arimaa-workers"
)

// DefaultAckWait is how long a job may go without a worker's heartbeat
// before it is given to another worker.
const DefaultAckWait = 30 * time.Second

// resultsMaxAge keeps results of a match whose coordinator went away long
// enough for a resume, and no longer.
const resultsMaxAge = 30 * 24 * time.Hour

func jobsSubject(run string) string    { return "arimaa.jobs." + run }
func resultsSubject(run string) string { return "arimaa.results." + run }

// job is one game on the wire.
type job struct {
	// Run names the match: its jobs' and results' subjects end in it.
	Run string `json:"run"`
	// Exec names this execution of the coordinator; results' message ids
	// start with it, so that the server drops a result sent twice but not
	// the result of a job sent again by a later execution.
	Exec string `json:"exec"`
	// Fingerprint identifies the game's contents: a result is taken only
	// for the very game the coordinator plans.
	Fingerprint string      `json:"fingerprint"`
	Game        *match.Game `json:"game"`
}

// result is a worker's answer to a job.
type result struct {
	Run         string `json:"run"`
	Job         int    `json:"job"`
	Fingerprint string `json:"fingerprint"`
	Worker      string `json:"worker"`
	// Refused says why the worker cannot play the game (an engine's
	// program it lacks); the job goes to another worker.
	Refused string `json:"refused,omitempty"`
	// Failed says why the game cannot be played anywhere.
	Failed string            `json:"failed,omitempty"`
	Result *match.GameResult `json:"result,omitempty"`
}

// fingerprint is a hash of the game's contents.
func fingerprint(g *match.Game) (string, error) {
	data, err := json.Marshal(g)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16]), nil
}

// RunID names a match for its subjects: the same for every run that
// writes the same output file on this machine, so that a resumed match
// finds the results that came in while it was stopped; random without an
// output file.
func RunID(out string) string {
	if out == "" {
		return randomID()
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		abs = out
	}
	host, _ := os.Hostname()
	sum := sha256.Sum256([]byte(host + "\x00" + abs))
	return hex.EncodeToString(sum[:12])
}

func randomID() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand does not fail on supported systems; a clock
		// reading still tells executions apart.
		return fmt.Sprintf("%024x", time.Now().UnixNano())
	}
	return hex.EncodeToString(b[:])
}

// ensureStreams creates the streams when they do not exist yet; it leaves
// existing ones as they are.
func ensureStreams(ctx context.Context, js jetstream.JetStream) (jobs, results jetstream.Stream, err error) {
	jobs, err = ensureStream(ctx, js, jetstream.StreamConfig{
		Name: jobsStream, Subjects: []string{jobsSubjects},
		Description: "arimaa-workbench match games waiting for a worker",
		Retention:   jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage,
	})
	if err != nil {
		return nil, nil, err
	}
	results, err = ensureStream(ctx, js, jetstream.StreamConfig{
		Name: resultsStream, Subjects: []string{resultsSubjects},
		Description: "arimaa-workbench match games played",
		Retention:   jetstream.LimitsPolicy, Storage: jetstream.FileStorage, MaxAge: resultsMaxAge,
	})
	return jobs, results, err
}

func ensureStream(ctx context.Context, js jetstream.JetStream, cfg jetstream.StreamConfig) (jetstream.Stream, error) {
	s, err := js.Stream(ctx, cfg.Name)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		s, err = js.CreateStream(ctx, cfg)
		if errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			s, err = js.Stream(ctx, cfg.Name) // another process was quicker
		}
	}
	if err != nil {
		return nil, fmt.Errorf("stream %s: %w", cfg.Name, err)
	}
	return s, nil
}

// consumerConfig is the workers' consumer: explicit acks, redelivery after
// ackWait without a heartbeat, as often as it takes.
func consumerConfig(ackWait time.Duration) jetstream.ConsumerConfig {
	return jetstream.ConsumerConfig{
		Durable:       workersConsumer,
		Description:   "arimaa-workbench workers",
		FilterSubject: jobsSubjects,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       ackWait,
		MaxDeliver:    -1,
		DeliverPolicy: jetstream.DeliverAllPolicy,
	}
}
