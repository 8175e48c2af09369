package cli

import (
	"context"
	"fmt"
	"sync"

	"arimaa-workbench/ats/match/cluster"
)

// runWorker plays the games of distributed matches and runs the tests of
// distributed suite runs: it takes jobs from a NATS JetStream server
// until it is stopped.
func runWorker(ctx context.Context, args []string, io stdio) int {
	fs := newFlagSet("worker", io.err, `usage: arimaa-workbench worker (--nats-config FILE | --nats URL [credentials]) [--slots N] [--allow-engine CMD]...

Plays the games of distributed matches ('arimaa-workbench match --dist')
and runs the tests of distributed suite runs ('arimaa-workbench ats run
--dist') for any coordinator on the NATS server at URL: takes a job, plays
the game or runs the test as a local match or run would, stores the result
and only then acknowledges the job. It runs the builtin engine and the
external engines it is allowed (--allow-engine, or allow_engines in the
[nats] settings) and refuses jobs naming any other program; a worker that
lacks an allowed engine's program says so and leaves the job to another.
A match or run on the embedded server prints the command to start a worker
on this machine: --nats-config names the file with the server's address and
the worker's credentials (and, beyond loopback, the pin of the server's TLS
certificate; workers elsewhere give it with --nats-tls-pin); the worker reads
the address there again each time it reconnects. Each worker
proves an identity of its own, a key it makes when it starts, and answers
only the jobs it was given. Ctrl-C or SIGTERM stops the
worker: jobs in progress are handed back at once to other workers.

options:
`)
	natsFlags := cluster.AddFlags(fs, false)
	slots := fs.Int("slots", 1, "run `N` jobs at once (one per core is the most that pays)")
	name := fs.String("name", "", "the worker's `NAME` in the coordinator's notices (default HOST-PID)")
	site := fs.String("site", "", "`SITE` for the archive's site column of the games played here (default the host name)")
	quiet := fs.Bool("q", false, "print nothing but errors")
	var allowed multiFlag
	fs.Var(&allowed, "allow-engine", "run the external engine `CMD` (a command line as the engine spec writes it) when a job names it; repeatable. The builtin engine is always allowed; no other program is ever run")
	extra, err := ParseInterleaved(fs, args)
	if err != nil {
		return flagStatus(err)
	}
	usageErr := io.usageErrors("worker")
	if len(extra) > 0 {
		return usageErr("unexpected argument %q", extra[0])
	}
	if *slots < 1 || *slots > 256 {
		return usageErr("--slots %d: must be from 1 to 256", *slots)
	}
	settings, err := natsFlags.Settings()
	if err != nil {
		return usageErr("%v", err)
	}
	if settings.URL == "" {
		return usageErr("give the NATS server with --nats URL (or url in the [nats] settings)")
	}
	allow, err := cluster.NewAllowList(append(settings.AllowEngines, allowed...))
	if err != nil {
		return usageErr("%v", err)
	}
	var mu sync.Mutex // the slots log at once
	logf := func(format string, a ...any) {
		if *quiet {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(io.err, "worker: "+format+"\n", a...)
	}
	nc, err := cluster.ConnectWorker(ctx, settings.URL, settings, "arimaa-workbench worker", func(err error) {
		logf("waiting for the NATS server at %s (%v)", settings.URL, err)
	})
	if err != nil {
		if ctx.Err() != nil {
			return 1
		}
		fmt.Fprintf(io.err, "worker: %v\n", err)
		return 1
	}
	defer nc.Close()
	w, err := cluster.NewWorker(nc, cluster.WorkerOptions{Slots: *slots, Name: *name, Site: *site, Log: logf, Allow: allow})
	if err != nil {
		fmt.Fprintf(io.err, "worker: %v\n", err)
		return 1
	}
	logf("taking jobs from %s with %d slot(s); engines: builtin and %d allowed external", settings.URL, *slots, allow.Len())
	if err := w.Run(ctx); err != nil && ctx.Err() == nil {
		fmt.Fprintf(io.err, "worker: %v\n", err)
		return 1
	}
	logf("stopped")
	return 0
}
