package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	goio "io"
	"os"
	"strings"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/match"
	"arimaa-workbench/ats/match/cluster"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// matchFlags are the flags of the match command.
type matchFlags struct {
	games, rounds, setupPly, nodes, jobs, maxTurns *int
	gauntlet, quiet                                *bool
	setups, tcText, sprtText, out, resume          *string
	jsonOut, event, summary                        *string
	playouts                                       *int64
	seed                                           *uint64
	moveTimeout, grace, startTimeout               *float64
	distFlags                                      *distFlags
}

// matchUsage describes the match command; its options follow.
const matchUsage = `usage: arimaa-workbench match [options] --engine SPEC --engine SPEC [--engine SPEC...]
       arimaa-workbench match --summary FILE [--json FILE]

Plays games between engines: two make a match, more a round robin (or a
gauntlet). Prints a line per game with the standings (W-L-D, score, Elo with
its 95% interval, the SPRT's LLR against its bounds, games per hour and the
time left), then a table and, as cutechess-cli prints them, each engine's
mean and median game length in turns, its mean and longest time per move, and
how its games ended. Ctrl-C stops: games in progress are dropped, and
--resume continues later. --summary prints the same of a match archive.

With --dist (or --nats URL) the games are jobs on a NATS JetStream server,
played by workers: 'arimaa-workbench worker --nats URL' on any machine that
reaches it (-j N plays N of them in this process too). Without --nats the
server is embedded, on 127.0.0.1 unless --listen with credentials.

An engine SPEC is one of
  builtin                      the workbench's own engine (its alpha-beta search;
                               builtin:search.algorithm=mcts for its MCTS)
  builtin:FILE.toml            with the engine configuration in FILE
  builtin:KEY=VALUE,...        with configuration keys set, e.g.
                               builtin:search.exploration=0.3
  'CMD ARGS...'                an AEI engine's command line
followed by KEY=VALUE words: name=NAME for any engine; threads=N or a
configuration key for the builtin engine; for an AEI engine, options sent
with setoption. Example:
  --engine builtin --engine 'bin/baseline aei' name=baseline

options:
`

// runMatchCommand plays a match or tournament between engines.
func runMatchCommand(ctx context.Context, args []string, io stdio) int {
	fs, f := newMatchFlags(io)
	specWords, rest, err := ats.SplitEngineArgs(args)
	if err != nil {
		fmt.Fprintf(io.err, "match: %v\n", err)
		return 2
	}
	extra, err := ParseInterleaved(fs, rest)
	if err != nil {
		return flagStatus(err)
	}
	usageErr := io.usageErrors("match")
	if len(extra) > 0 {
		return usageErr("unexpected argument %q (engine options follow their --engine, as KEY=VALUE)", extra[0])
	}
	if *f.summary != "" {
		if len(specWords) > 0 {
			return usageErr("--summary reads a finished match's archive: give it without --engine")
		}
		return summarizeMatch(*f.summary, *f.jsonOut, io)
	}
	if len(specWords) < 2 {
		fs.Usage()
		return usageErr("give at least two engines with --engine")
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	in, err := f.input(specWords, set)
	if err != nil {
		return usageErr("%v", err)
	}
	cfg, err := match.PlanMatch(in)
	if err != nil {
		return usageErr("%v", err)
	}
	return f.play(ctx, cfg, set, args, io)
}

// newMatchFlags defines the flags of the match command.
func newMatchFlags(io stdio) (*flag.FlagSet, *matchFlags) {
	fs := newFlagSet("match", io.err, matchUsage)
	f := &matchFlags{}
	var engineFlags multiFlag
	fs.Var(&engineFlags, "engine", "an engine `SPEC` (at least twice; see above)")
	f.games = fs.Int("games", 0, "games of each pairing `N` (default 2)")
	f.rounds = fs.Int("rounds", 0, "rounds `N`: each pairing plays 2N games, each opening with both colours")
	f.gauntlet = fs.Bool("gauntlet", false, "with three or more engines: the first plays each other, instead of a round robin")
	f.setups = fs.String("setups", "", "start games from the positions or games in `FILE` (long, compact, records, an archive), each twice with colours swapped")
	f.setupPly = fs.Int("setup-ply", -1, "cut the games of --setups after `N` moves (-1: keep every move)")
	f.tcText = fs.String("tc", "", "time control `M/R/P/L/G/T`, e.g. 15s/2m30s/100 or 1s/30s/100/30s/10m")
	f.playouts = fs.Int64("playouts", 0, "playouts per move `N` (builtin engine, and AEI engines that are arimaa-workbench's own)")
	f.nodes = fs.Int("nodes", 0, "tree nodes per move `N` (builtin engine)")
	f.seed = fs.Uint64("seed", 1, "random `SEED`: with a playout or node budget the games repeat exactly")
	f.jobs = fs.Int("j", 1, "play `N` games at once")
	f.sprtText = fs.String("sprt", "", "stop when the SPRT `TEST` decides, e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05 (two engines)")
	f.maxTurns = fs.Int("max-turns", 0, "adjudicate a game by the static evaluation after `N` turns of each side (0: never)")
	f.out = fs.String("out", "", "append each game to the game archive `FILE` as it ends (must not exist; see --resume)")
	f.resume = fs.String("resume", "", "continue the interrupted match in archive `FILE`: give the same engines and options")
	f.jsonOut = fs.String("json", "", "write the final summary as JSON to `FILE` (\"-\": standard output)")
	f.event = fs.String("event", "", "the archive's event column (default \"arimaa-workbench match\")")
	f.moveTimeout = fs.Float64("move-timeout", 60, "`SECONDS` an AEI engine may search a move without a time control before it counts as hung")
	f.grace = fs.Float64("grace", 2, "`SECONDS` an AEI engine may take to answer stop before it is killed")
	f.startTimeout = fs.Float64("start-timeout", 30, "`SECONDS` an AEI engine may take to start")
	f.quiet = fs.Bool("q", false, "print only the standings at the end, not a line per game")
	f.summary = fs.String("summary", "", "play nothing: print the standings and each engine's figures of the match archive `FILE`")
	f.distFlags = addDistFlags(fs, "match", "games")
	return fs, f
}

// input gathers the match's engines and settings from the flags given
// (set), checking each number given against match.Ranges.
func (f *matchFlags) input(specWords [][]string, set map[string]bool) (match.Input, error) {
	var err error
	in := match.Input{Gauntlet: *f.gauntlet, Seed: *f.seed, Event: *f.event, Playouts: *f.playouts, Nodes: *f.nodes, MaxTurns: *f.maxTurns}
	for _, w := range specWords {
		s, err := ats.ParseSpec(w)
		if err != nil {
			return in, fmt.Errorf("%v", err)
		}
		in.Engines = append(in.Engines, s)
	}
	rg := match.Ranges()
	if msg := firstOf(outside(set, "games", *f.games, rg.Games), outside(set, "rounds", *f.rounds, rg.Rounds),
		outside(set, "playouts", *f.playouts, rg.Playouts), outside(set, "nodes", *f.nodes, rg.Nodes), outside(set, "j", *f.jobs, rg.Jobs),
		outside(set, "max-turns", *f.maxTurns, rg.MaxTurns), outside(set, "setup-ply", *f.setupPly, rg.SetupPly),
		outside(set, "move-timeout", *f.moveTimeout, rg.MoveTimeout), outside(set, "grace", *f.grace, rg.Grace),
		outside(set, "start-timeout", *f.startTimeout, rg.StartTimeout)); msg != "" {
		return in, errors.New(msg)
	}
	given(set, "games", f.games, &in.Games)
	given(set, "rounds", f.rounds, &in.Rounds)
	given(set, "j", f.jobs, &in.Jobs)
	given(set, "move-timeout", f.moveTimeout, &in.MoveTimeout)
	given(set, "grace", f.grace, &in.Grace)
	given(set, "start-timeout", f.startTimeout, &in.StartTimeout)
	if *f.tcText != "" {
		if in.TC, err = match.ParseTimeControl(*f.tcText); err != nil {
			return in, fmt.Errorf("--tc: %v", err)
		}
	}
	if *f.sprtText != "" {
		t, err := match.ParseSPRT(*f.sprtText)
		if err != nil {
			return in, fmt.Errorf("--sprt: %v", err)
		}
		in.SPRT = &t
	}
	if *f.setups != "" {
		if in.Openings, err = match.ReadOpenings(*f.setups, *f.setupPly); err != nil {
			return in, fmt.Errorf("--setups: %v", err)
		}
	}
	switch {
	case *f.resume != "" && *f.out != "" && *f.out != *f.resume:
		return in, fmt.Errorf("--out and --resume name different files")
	case *f.resume != "":
		in.Out, in.Resume = *f.resume, true
	default:
		in.Out = *f.out
	}
	return in, nil
}

// play plays the planned match and reports it.
func (f *matchFlags) play(ctx context.Context, cfg match.Config, set map[string]bool, args []string, io stdio) int {
	usageErr := io.usageErrors("match")
	var err error
	// The archive and the summary are locked before anything is set up,
	// so a second match on one of them stops here.
	locks := outputLocks{}
	defer locks.release()
	for _, p := range []string{cfg.Out, *f.jsonOut} {
		if err := locks.lock(p, false); err != nil {
			fmt.Fprintf(io.err, "match: %v\n", err)
			return 1
		}
	}
	cfg.OutLock = locks.of(cfg.Out)

	// With the JSON summary on standard output, the report goes to
	// standard error so that scripts read JSON alone.
	report := io.out
	if *f.jsonOut == "-" {
		report = io.err
	}
	cfg.OnEvent = func(e match.Event) {
		switch e.Kind {
		case match.GameDone:
			if !*f.quiet {
				fmt.Fprintf(report, "game %d: %s  |  %s\n", e.GameID, e.Result.Reason, e.Standings.Line())
			}
		case match.EngineRestart:
			if !*f.quiet {
				fmt.Fprintf(io.err, "match: %s will be restarted: %v\n", e.Engine, e.Err)
			}
		case match.Notice:
			fmt.Fprintf(io.err, "match: %v\n", e.Err)
		}
	}
	var cluster *distRun
	if f.distFlags.given() {
		if !set["j"] {
			cfg.Jobs = 0 // the workers play the games
		}
		var usage bool
		cluster, usage, err = f.distFlags.start(ctx, cfg.Out, !cfg.Resume, io.err)
		if usage {
			return usageErr("%v", err)
		}
		if err != nil {
			fmt.Fprintf(io.err, "match: %v\n", err)
			return 1
		}
		cfg.Executor = cluster.coord
	}
	// The default store goes once nothing is left to resume from it.
	keepStore := true
	defer func() {
		if cluster != nil {
			cluster.close(keepStore)
		}
	}()
	r, err := match.NewRunner(cfg)
	if err != nil {
		return usageErr("%v", strings.TrimPrefix(err.Error(), "match: "))
	}
	names := make([]string, len(cfg.Engines))
	for i, s := range cfg.Engines {
		names[i] = s.Text
	}
	fmt.Fprintf(report, "match: %d games of %s; %s%s\n", r.Total(), strings.Join(names, " vs "), describeLimits(cfg), outText(cfg.Out))
	if cluster != nil {
		fmt.Fprintf(report, "match: %s\n", cluster.describe("games", cfg.Jobs))
		var own [][]string
		for _, s := range cfg.Engines {
			if !s.Builtin {
				own = append(own, s.Command)
			}
		}
		cluster.startWorker(ctx, cfg.Jobs, own...)
	}
	sum, runErr := r.Run(ctx)
	if cluster != nil {
		cluster.stopWorker()
	}
	keepStore = cfg.Out != "" && (sum == nil || !sum.Finished)
	if sum == nil {
		fmt.Fprintf(io.err, "match: %v\n", strings.TrimPrefix(runErr.Error(), "match: "))
		return 1
	}
	sum.WriteTable(report)
	status := 0
	if *f.jsonOut == "-" {
		sum.WriteJSON(io.out)
	} else if *f.jsonOut != "" {
		if err := fsutil.WriteFile(*f.jsonOut, sum.WriteJSON); err != nil {
			fmt.Fprintf(io.err, "match: %v\n", err)
			status = 1
		}
	}
	switch {
	case runErr != nil && ctx.Err() != nil:
		fmt.Fprintf(io.err, "match: stopped after %d of %d games.\n", sum.Done, sum.Total)
		if cfg.Out != "" {
			fmt.Fprintf(io.err, "match: the games played are in %s; continue with:\n  arimaa-workbench match %s\n", cfg.Out, resumeCommand(args, cfg.Out))
		}
		return 1
	case runErr != nil:
		fmt.Fprintf(io.err, "match: %v\n", strings.TrimPrefix(runErr.Error(), "match: "))
		return 1
	case sum.Stopped != "":
		fmt.Fprintf(report, "match: stopped early: %s\n", sum.Stopped)
	}
	return status
}

// describeLimits says what bounds each move.
func describeLimits(cfg match.Config) string {
	var parts []string
	if !cfg.TC.IsZero() {
		parts = append(parts, "time control "+cfg.TC.String())
	}
	if cfg.Playouts > 0 {
		parts = append(parts, fmt.Sprintf("%d playouts per move", cfg.Playouts))
	}
	if cfg.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes per move", cfg.Nodes))
	}
	if cfg.MaxTurns > 0 {
		parts = append(parts, fmt.Sprintf("adjudicated after %d turns", cfg.MaxTurns))
	}
	if cfg.Jobs > 1 && cfg.Executor == nil {
		parts = append(parts, fmt.Sprintf("%d at once", cfg.Jobs))
	}
	if cfg.SPRT != nil {
		parts = append(parts, "SPRT "+cfg.SPRT.String())
	}
	return strings.Join(parts, ", ")
}

func outText(path string) string {
	if path == "" {
		return " (games not saved: no --out)"
	}
	return "; games go to " + path
}

// resumeCommand rewrites the command line to continue the match in file:
// the same arguments with --out and --resume replaced, and any NATS
// secret written "..." (the secrets stay off the screen and the logs).
func resumeCommand(args []string, file string) string {
	args = cluster.RedactArgs(args)
	var kept []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		if strings.HasPrefix(a, "-") && (name == "out" || name == "resume") {
			i++ // the value follows
			continue
		}
		if strings.HasPrefix(a, "-") && (strings.HasPrefix(name, "out=") || strings.HasPrefix(name, "resume=")) {
			continue
		}
		kept = append(kept, aei.QuoteWord(a))
	}
	return strings.Join(append(kept, "--resume", aei.QuoteWord(file)), " ")
}

// outside says how the flag called name, when given (set), lies outside
// its range r: "-NAME V: must be from MIN to MAX"; "" when it does not.
func outside[T ats.Number](set map[string]bool, name string, v T, r ats.Range[T]) string {
	if !set[name] || r.Check(v) == nil {
		return ""
	}
	return fmt.Sprintf("-%s %v: must be from %v to %v", name, v, r.Min, r.Max)
}

// firstOf is the first of msgs that is not empty.
func firstOf(msgs ...string) string {
	for _, m := range msgs {
		if m != "" {
			return m
		}
	}
	return ""
}

// summarizeMatch prints the standings and the engines' figures of the
// match archive at path (a game at a time, whatever its size; a last row
// cut short by an interrupted match is left out), and the JSON summary
// when jsonOut is given.
func summarizeMatch(path, jsonOut string, io stdio) int {
	fail := func(err error) int {
		fmt.Fprintf(io.err, "match: %v\n", err)
		return 1
	}
	f, err := os.Open(path)
	if err != nil {
		return fail(err)
	}
	defer f.Close()
	size, err := fsutil.CompleteLength(f)
	if err != nil {
		return fail(err)
	}
	stats := match.NewStats()
	ar := records.NewArchiveReader(goio.NewSectionReader(f, 0, size), path)
	for {
		ag, err := ar.Next()
		if err == goio.EOF {
			break
		}
		if err != nil {
			return fail(err)
		}
		stats.Add(ag)
	}
	sum := &match.Summary{Standings: stats.Standings(), Stats: stats.Engines(), Finished: true, Out: path}
	report := io.out
	if jsonOut == "-" {
		report = io.err
	}
	fmt.Fprintf(report, "match: %s: %d games\n", path, sum.Done)
	if err := sum.WriteTable(report); err != nil {
		return fail(err)
	}
	switch jsonOut {
	case "":
	case "-":
		if err := sum.WriteJSON(io.out); err != nil {
			return fail(err)
		}
	default:
		if err := fsutil.WriteFile(jsonOut, sum.WriteJSON); err != nil {
			return fail(err)
		}
	}
	return 0
}
