package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"arimaa-workbench/ats/match/cluster"
	"arimaa-workbench/engine/aei"

	"github.com/nats-io/nats.go"
)

// distFlags are the flags of a command whose jobs (a match's games, a
// suite run's tests) may go to workers through NATS JetStream: --dist,
// the NATS server and credentials, --ack-wait and --max-deliveries.
type distFlags struct {
	cmd           string // the command's name, for messages
	dist          *bool
	nats          *cluster.Flags
	ackWait       *float64
	maxDeliveries *int
}

// addDistFlags registers the flags on fs; what names the jobs ("games",
// "tests").
func addDistFlags(fs *flag.FlagSet, cmd, what string) *distFlags {
	d := &distFlags{cmd: cmd}
	d.dist = fs.Bool("dist", false, fmt.Sprintf("send the %s as jobs to workers ('arimaa-workbench worker') through NATS JetStream, on the embedded server unless --nats", what))
	d.nats = cluster.AddFlags(fs, true)
	d.ackWait = ranged(fs, "ack-wait", cluster.DefaultAckWait.Seconds(), 0.1, 86400,
		"with --dist: `SECONDS` a job may go without its worker's heartbeat before another worker gets it")
	d.maxDeliveries = ranged(fs, "max-deliveries", cluster.DefaultMaxDeliveries, 1, cluster.MaxMaxDeliveries,
		"with --dist: give a job up, as an error, after `N` workers took it and vanished without a result")
	return d
}

// given reports whether the jobs go to workers: --dist or any NATS flag.
func (d *distFlags) given() bool { return *d.dist || d.nats.Given() }

// distRun is a distributed command's side of NATS: the embedded server
// (unless it uses another), the connection, the coordinator, and the
// worker slots this process adds with -j.
type distRun struct {
	cmd      string
	srv      *cluster.Server  // nil with --nats
	store    string           // the embedded server's store when it is this run's own
	url      string           // for workers
	settings cluster.Settings // the workers' (given, or the embedded server's worker user)
	given    cluster.Settings // the settings given
	nc       *nats.Conn
	coord    *cluster.Coordinator
	stop     context.CancelFunc
	done     chan struct{}
	log      io.Writer
}

// start reads the NATS settings, starts the embedded server (or reaches
// the one the settings name) and makes the coordinator of the run whose
// results go to out (its cluster.RunID); fresh drops results an earlier
// run under that name left. An error in the settings is a usage error
// (usage true).
func (d *distFlags) start(ctx context.Context, out string, fresh bool, log io.Writer) (c *distRun, usage bool, err error) {
	run := cluster.RunID(out)
	settings, err := d.nats.Settings()
	if err != nil {
		return nil, true, err
	}
	c = &distRun{cmd: d.cmd, settings: settings, given: settings, url: settings.URL, log: log}
	local, own := settings.URL, settings
	if settings.URL == "" {
		if settings.Store == "" {
			store, err := cluster.RunStore(run)
			if err != nil {
				return nil, false, err
			}
			settings.Store, c.store = store, store
		}
		srv, err := cluster.StartServer(settings)
		if err != nil {
			return nil, false, err
		}
		c.srv, c.url, local = srv, srv.URL(), srv.LocalURL()
		if n := srv.Notice(); n != "" {
			fmt.Fprintf(log, "%s: %s\n", d.cmd, n)
		}
		// The coordinator is the server's coordinator user; this
		// process's own worker slots are its worker user.
		own, c.settings = srv.CoordinatorSettings(), srv.WorkerSettings()
	}
	told := false
	nc, err := cluster.Connect(ctx, local, own, "arimaa-workbench "+d.cmd, func(err error) {
		if !told {
			fmt.Fprintf(log, "%s: waiting for the NATS server at %s (%v)\n", d.cmd, local, err)
			told = true
		}
	})
	if err != nil {
		c.close(true)
		return nil, false, err
	}
	c.nc = nc
	// The jobs' tokens are made with the coordinator's secret, which a
	// resumed run has again.
	key, err := own.Key()
	if err != nil {
		c.close(true)
		return nil, false, err
	}
	c.coord, err = cluster.NewCoordinator(nc, cluster.CoordinatorOptions{Run: run, Fresh: fresh, AckWait: seconds(*d.ackWait), MaxDeliveries: *d.maxDeliveries, Key: key})
	if err != nil {
		c.close(true)
		return nil, false, err
	}
	return c, false, nil
}

// describe says where the jobs (what: "games", "tests") go and how to
// start workers for them: with the file that holds the address and the
// workers' credentials, never a secret (a server's URL is kept without
// its user information: cluster.Settings).
func (c *distRun) describe(what string, slots int) string {
	here := ""
	if slots > 0 {
		here = fmt.Sprintf("; %d at once in this process", slots)
	}
	if c.srv != nil {
		// The worker file holds the address and the worker user's
		// secret; other machines need the credentials given with
		// --listen.
		line := fmt.Sprintf("%s are jobs on the embedded NATS server %s%s; start workers with: arimaa-workbench worker --nats-config %s",
			what, c.url, here, aei.QuoteWord(c.srv.WorkerFile()))
		if pin := c.srv.TLSPin(); pin != "" {
			line += fmt.Sprintf(" (elsewhere: arimaa-workbench worker --nats %s --nats-tls-pin %s%s)", c.url, pin, c.remoteCredentials())
		}
		return line
	}
	// This process's credentials are the coordinator's, with every right:
	// workers need credentials of their own on that server.
	return fmt.Sprintf("%s are jobs on the NATS server %s%s; start workers with: arimaa-workbench worker --nats-config FILE, "+
		"FILE a [nats] table with url = %q and the workers' own user and password or nkey (not this coordinator's)",
		what, cluster.Redact(c.url), here, cluster.Redact(c.url))
}

// remoteCredentials is how workers elsewhere give the credentials given
// for them, without the secret.
func (c *distRun) remoteCredentials() string {
	switch {
	case c.given.User != "":
		return " --nats-user " + aei.QuoteWord(c.given.User) + " --nats-password ..."
	case c.given.Nkey != "":
		return " --nats-nkey SEEDFILE"
	}
	return ""
}

// startWorker runs slots jobs at once in this process (-j with --dist),
// allowed to run the external engines engines (the run's own, which the
// user gave this command) besides those of the settings.
func (c *distRun) startWorker(ctx context.Context, slots int, engines ...[]string) {
	if slots < 1 {
		return
	}
	ctx, c.stop = context.WithCancel(ctx)
	c.done = make(chan struct{})
	go func() {
		defer close(c.done)
		err := c.runWorker(ctx, slots, engines)
		if err != nil && ctx.Err() == nil {
			fmt.Fprintf(c.log, "%s: this process's worker: %v\n", c.cmd, err)
		}
	}()
}

// runWorker is this process's worker: a connection of its own with the
// workers' credentials (so it has no more rights than any worker), allowed
// the external engines of the settings.
func (c *distRun) runWorker(ctx context.Context, slots int, engines [][]string) error {
	url := c.url
	if c.srv != nil {
		url = c.srv.LocalURL()
	}
	nc, err := cluster.ConnectWorker(ctx, url, c.settings, "arimaa-workbench "+c.cmd+" worker", nil)
	if err != nil {
		return err
	}
	defer nc.Close()
	allow, err := cluster.NewAllowList(c.settings.AllowEngines)
	if err != nil {
		return err
	}
	// The slots serve this run only, whoever else queues jobs there.
	w, err := cluster.NewWorker(nc, cluster.WorkerOptions{Slots: slots, Allow: allow.With(engines...), Run: c.coord.Run()})
	if err != nil {
		return err
	}
	return w.Run(ctx)
}

// stopWorker stops this process's worker and waits for it.
func (c *distRun) stopWorker() {
	if c.stop != nil {
		c.stop()
		<-c.done
		c.stop = nil
	}
}

// close stops the worker, the connection and the embedded server, and
// removes the run's own store unless keepStore.
func (c *distRun) close(keepStore bool) {
	c.stopWorker()
	if c.nc != nil {
		c.nc.Close()
	}
	if c.srv != nil {
		c.srv.Close()
	}
	if c.store != "" && !keepStore {
		if err := os.RemoveAll(c.store); err != nil {
			fmt.Fprintf(c.log, "%s: removing the NATS store: %v\n", c.cmd, err)
		}
	}
}
