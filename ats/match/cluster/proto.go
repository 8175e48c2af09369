// Package cluster runs the games of a match and the tests of a suite run on
// many machines through NATS JetStream. A coordinator (the match or ats
// run command) turns each game or test into a job on a work-queue stream;
// workers (the worker command, anywhere that reaches the server) pull
// jobs of either kind, play a game with the same match.Slot as a local
// match or run a test with ats.RunTest as a local run, and publish each
// result on a results stream before they acknowledge the job. So nothing
// is lost: a worker that dies mid-job stops its in-progress heartbeats,
// and the job goes to another worker after the consumer's ack wait.
// Nothing is counted twice: results carry their job's id and the job's
// fingerprint, and the coordinator keeps the first result of each job.
// Results wait in their stream while the coordinator is away, and a
// resumed run collects them.
//
// A worker tells the coordinator when it takes a job; a job taken
// MaxDeliveries times by workers that then vanished without a result (an
// engine that kills its host, say) is given up on its next delivery,
// withdrawn and reported as an error of its test, or as a game given up.
// Refusals (a worker that lacks an engine) and jobs handed back by a
// stopping worker do not count.
//
// By default the coordinator runs an embedded NATS server (StartServer)
// with its JetStream store in the user's data directory, listening on
// loopback only unless credentials are given.
//
// # Security
//
// Every client of the embedded server needs credentials, on loopback too.
// The server has two users of its own, each with a fresh random password
// made once per store and kept in the store, in files only their owner
// can read: CoordinatorFile (the coordinator: everything) and WorkerFile
// (a worker: fetch and acknowledge jobs of the workers' consumer, read a
// job by its sequence, store results; it may not queue jobs, change the
// streams or read the results). Both files are settings files, a [nats]
// table with url, user and password, so `worker --nats-config FILE`
// starts a worker on this machine; the coordinator prints that command,
// never the secret. Credentials given with the flags or settings (a user
// and password, or an nkey) admit workers elsewhere, with the worker's
// permissions; a token cannot be used with the embedded server, which
// has more than one user. Beyond loopback the server speaks TLS only,
// with a self-signed certificate made for the store, which the worker
// file pins (Settings.TLSPin).
//
// A worker runs the builtin engine and only the external engines on its
// allow list (AllowList: --allow-engine, allow_engines in the settings,
// and for the coordinator's own slots the run's engines), word for word;
// a job may not choose an engine's folder or environment. It refuses any
// other job, and a job refused MaxDeliveries times for that reason is
// given up. Programs are never run through a shell.
//
// Workers share the worker user's password but not an identity: each
// connection of a worker (ConnectWorker) proves a key of its own (made
// for it, or the remote workers' nkey), and the embedded server lets it
// receive on its own inbox prefix only and publish answers only on a
// subject ending in its key. A worker may not read the jobs stream's
// messages: it learns a job only when JetStream delivers it. Every job
// carries a token, a MAC of its names under the coordinator's key, and
// the coordinator takes an answer (taken, refused, handed back, failed,
// an outcome) only with the job's token and from the identity its
// subject names; an outcome or failure only from a worker that took the
// job (its taken message). So a worker answers only the jobs it was
// given. A game is taken only if it replays under the rules with the
// length and, where the board decided it, the winner the result claims;
// anything else is reported and ignored, and a job a worker says cannot
// be played is given up rather than ending the run.
package cluster

import (
	"context"
	"crypto/hmac"
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

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/match"
)

// The streams and subjects every coordinator and worker agree on.
const (
	jobsStream      = "ARIMAA_JOBS"
	jobsSubjects    = "arimaa.jobs.>"
	resultsStream   = "ARIMAA_RESULTS"
	resultsPrefix   = "arimaa.results."
	resultsSubjects = resultsPrefix + ">"
	// workersConsumer is the durable pull consumer all workers share, so
	// that each job goes to one of them.
	workersConsumer = "arimaa-workers"
)

// DefaultMaxDeliveries is how often a job may be delivered to workers
// that then vanish without a result before it is given up.
const DefaultMaxDeliveries = 5

// MaxMaxDeliveries bounds the cap a coordinator may set.
const MaxMaxDeliveries = 1000

// DefaultAckWait is how long a job may go without a worker's heartbeat
// before it is given to another worker.
const DefaultAckWait = 30 * time.Second

// resultsMaxAge keeps results of a match whose coordinator went away long
// enough for a resume, and no longer.
const resultsMaxAge = 30 * 24 * time.Hour

func jobsSubject(run string) string { return "arimaa.jobs." + run }

// resultsSubject is where the worker whose identity is id answers the
// jobs of run; the embedded server lets no other client publish there.
func resultsSubject(run, id string) string { return resultsPrefix + run + "." + id }

// runResults is the filter for every answer to the jobs of run.
func runResults(run string) string { return resultsPrefix + run + ".>" }

// jobToken is the proof, in every answer to a job, that the worker was
// given it: a MAC of the job's run, execution, number and fingerprint
// under the coordinator's key. Workers cannot read a job they were not
// given, and the rest of a job's name may be guessed or learnt from
// another job; the token may not.
func jobToken(key []byte, run, exec string, id int, fp string) string {
	mac := hmac.New(sha256.New, key)
	fmt.Fprintf(mac, "arimaa-workbench job\x00%s\x00%s\x00%d\x00%s", run, exec, id, fp)
	return hex.EncodeToString(mac.Sum(nil))
}

// The kinds of job: a game of a match, or a test of a suite run.
const (
	gameKind = "game"
	testKind = "test"
)

// job is one game or one test on the wire.
type job struct {
	// Run names the match or suite run: its jobs' and results' subjects
	// end in it.
	Run string `json:"run"`
	// Exec names this execution of the coordinator; results' message ids
	// start with it, so that the server drops a result sent twice but not
	// the result of a job sent again by a later execution.
	Exec string `json:"exec"`
	// Fingerprint identifies the job's contents: a result is taken only
	// for the very game or test the coordinator plans.
	Fingerprint string `json:"fingerprint"`
	// Token proves an answer's worker was given the job (jobToken).
	Token string `json:"token"`
	// Kind is gameKind (also when absent) with Game, or testKind with
	// Test.
	Kind string      `json:"kind,omitempty"`
	Game *match.Game `json:"game,omitempty"`
	Test *testTask   `json:"test,omitempty"`
}

// testTask is one test of a suite run with the engine and the settings
// to run it.
type testTask struct {
	Job      ats.TestJob
	Engine   ats.Spec
	Settings ats.TestSettings
}

// testTaskJSON is a testTask on the wire. The engine goes whole under
// "spec"; "engine" holds its text, for people reading the stream, and is
// a string so that a worker of an earlier build, which read an object
// there, refuses the job rather than run the default engine. A job of an
// earlier coordinator has no "spec" and its engine object under "engine"
// (ats.Spec reads that form).
type testTaskJSON struct {
	Job      ats.TestJob      `json:"job"`
	Engine   json.RawMessage  `json:"engine"`
	Spec     *ats.Spec        `json:"spec,omitempty"`
	Settings ats.TestSettings `json:"settings"`
}

// MarshalJSON writes the task for a worker.
func (t testTask) MarshalJSON() ([]byte, error) {
	text, err := json.Marshal(t.Engine.String())
	if err != nil {
		return nil, err
	}
	return json.Marshal(testTaskJSON{Job: t.Job, Engine: text, Spec: &t.Engine, Settings: t.Settings})
}

// UnmarshalJSON reads a task of this build or of an earlier one.
func (t *testTask) UnmarshalJSON(data []byte) error {
	var w testTaskJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*t = testTask{Job: w.Job, Settings: w.Settings}
	if w.Spec != nil {
		t.Engine = *w.Spec
		return nil
	}
	if len(w.Engine) == 0 {
		return errors.New("a test job without its engine")
	}
	return json.Unmarshal(w.Engine, &t.Engine)
}

// result is a worker's word on a job: that it has taken the job or handed
// it back, that it cannot run it, or its outcome.
type result struct {
	Run         string `json:"run"`
	Job         int    `json:"job"`
	Fingerprint string `json:"fingerprint"`
	// Token is the job's (jobToken): only a worker given the job knows it.
	Token string `json:"token"`
	// Worker is the worker's name, for people; its identity is the last
	// token of the answer's subject.
	Worker string `json:"worker"`
	// Exec is the execution that published the job.
	Exec string `json:"exec,omitempty"`
	// Taken says that the worker has begun the job, at this delivery of
	// its message (Seq in the jobs stream). A delivery taken and never
	// answered is one the worker did not survive; the coordinator counts
	// them against its cap.
	Taken int    `json:"taken,omitempty"`
	Seq   uint64 `json:"seq,omitempty"`
	// Released says why the worker handed the job back unfinished (it is
	// stopping); that delivery does not count against the cap.
	Released string `json:"released,omitempty"`
	// Refused says why the worker cannot run the job (an engine's program
	// it lacks); the job goes to another worker.
	Refused string `json:"refused,omitempty"`
	// Forbidden says that the refusal is for an engine the worker is not
	// allowed to run (rather than one it lacks); such refusals count
	// against the delivery cap.
	Forbidden bool `json:"forbidden,omitempty"`
	// Failed says why the game cannot be played anywhere.
	Failed string            `json:"failed,omitempty"`
	Result *match.GameResult `json:"result,omitempty"`
	Test   *ats.TestResult   `json:"test,omitempty"`
}

// fingerprint is a hash of a job's contents.
func fingerprint(v any) (string, error) {
	data, err := json.Marshal(v)
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
