package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records/fsutil"
)

// runATS runs the Arimaa Test Suite subcommands: run, compare and list.
func runATS(ctx context.Context, args []string, io stdio) int {
	if len(args) == 0 {
		atsUsage(io.err)
		return 2
	}
	switch args[0] {
	case "run":
		return atsRun(ctx, args[1:], io)
	case "compare":
		return atsCompare(args[1:], io)
	case "list":
		return atsList(args[1:], io)
	case "-h", "--help", "help":
		atsUsage(io.out)
		return 0
	}
	fmt.Fprintf(io.err, "ats: unknown subcommand %q\n\n", args[0])
	atsUsage(io.err)
	return 2
}

func atsUsage(w io.Writer) {
	fmt.Fprint(w, `usage: arimaa-workbench ats run [options] SUITE_OR_FILES...
       arimaa-workbench ats compare [--all] OLD.json NEW.json
       arimaa-workbench ats list [--strict] SUITE_OR_FILES...

run      presents each test to an engine and scores its move; one line per
         test, then "scored X of N (P passed, F failed, E errors)". Exit
         status 0 only if no test failed or erred (see --min-score).
compare  shows which tests got better, worse or errored between two runs
         (result files or --json summaries); exit status 1 on a regression.
list     lists the tests of a suite and the files that cannot be read.

A legacy .ats file with a character between two squares of its board (a
piece one column off its place) loads as the original runner read it, by
fixed columns, with a warning on stderr; --strict makes it an error.

A suite is a folder of .ats and .toml test files, a TOML test file, or a
legacy .ats file. "arimaa-workbench ats run -h" lists the run options.
`)
}

// multiFlag collects a repeated flag's values.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// atsRunFlags are the flags of ats run.
type atsRunFlags struct {
	fs                                    *flag.FlagSet
	configFile, filter, minScore          *string
	jsonOut, junitOut, resultsDir, resume *string
	options                               keyValueFlags
	secs, threshold, grace, startTimeout  *float64
	playouts                              *int64
	nodes, cycles, jobs, threads          *int
	seed                                  *uint64
	verbose, strict, byTags               *bool
	dist                                  *distFlags
}

// newATSRunFlags defines the flags of ats run, each number with its range
// (ats.Ranges).
func newATSRunFlags(io stdio) *atsRunFlags {
	fs := newFlagSet("ats run", io.err, `usage: arimaa-workbench ats run [options] SUITE_OR_FILES...

With --dist (or --nats URL) the tests are jobs on a NATS JetStream server,
run by workers: 'arimaa-workbench worker --nats URL' on any machine that
reaches it (-j N runs N of them in this process too). Without --nats the
server is embedded, on 127.0.0.1 unless --listen with credentials.

options:
`)
	r := ats.Ranges()
	f := &atsRunFlags{fs: fs}
	f.configFile = fs.String("config", "", "suite configuration `FILE` (TOML, or the original runner's ats.cfg)")
	// --engine is taken out before the flags are parsed (see atsRun); it
	// is defined for the help.
	fs.String("engine", "builtin", "`builtin` (or builtin:KEY=VALUE,..., builtin:FILE.toml), or an AEI engine's command line, e.g. 'bot_x -c x.cfg'; KEY=VALUE words after it (threads=N, a configuration key, an AEI option) belong to it, as in match")
	fs.Var(&f.options, "option", "engine option `NAME=VALUE` (repeatable): AEI setoption, or a builtin config key such as search.exploration")
	f.secs = inRange(fs, "time", 0, r.Time, "time per test in `SECONDS` (default 1 unless a budget is given)")
	f.playouts = inRange(fs, "playouts", 0, r.Playouts, "`N` playouts per test (builtin engine; deterministic with --threads 1)")
	f.nodes = inRange(fs, "nodes", 0, r.Nodes, "a tree of at most `N` nodes per test (builtin engine)")
	f.cycles = inRange(fs, "cycles", 1, r.Cycles, "run each test `N` times and average the score")
	f.filter = fs.String("filter", "", "tests to run: numbers, ranges, tag:NAME, names or name patterns, comma separated")
	f.jobs = inRange(fs, "j", 1, r.Jobs, "run `N` tests in parallel, one engine each")
	f.threads = inRange(fs, "threads", 0, r.Threads, "`N` builtin engine threads per test (default: the cores divided among -j workers)")
	f.seed = fs.Uint64("seed", 1, "builtin engine random seed")
	f.threshold = inRange(fs, "threshold", 1, r.Threshold, "the `FRACTION` of a test's full score that counts as a pass")
	f.minScore = fs.String("min-score", "", "exit 0 when the total score reaches `X` points, or X% of the maximum, even if tests failed")
	f.jsonOut = fs.String("json", "", "write the full summary as JSON to `FILE`")
	f.byTags = fs.Bool("tags", true, "print the score per tag after the summary line")
	f.junitOut = fs.String("junit", "", "write a JUnit XML report to `FILE`")
	f.resultsDir = fs.String("results", "", "folder for the run's result file (default: the user's data folder)")
	f.resume = fs.String("resume", "", "resume the run in result `FILE`: its tests, engine and limits; finished tests are skipped")
	f.grace = inRange(fs, "grace", 5, r.Grace, "`SECONDS` past the time limit before an engine counts as hung and is killed")
	f.startTimeout = inRange(fs, "start-timeout", 30, r.StartTimeout, "`SECONDS` an AEI engine may take to start")
	f.verbose = fs.Bool("v", false, "also print each failed test's engine log")
	f.strict = fs.Bool("strict", false, strictUsage)
	f.dist = addDistFlags(fs, "ats run", "tests")
	return f
}

// input is the planner's input from the flags given (set).
func (f *atsRunFlags) input(set map[string]bool) ats.RunInput {
	in := ats.RunInput{Options: f.options, CPUs: runtime.NumCPU()}
	given(set, "filter", f.filter, &in.Filter)
	given(set, "time", f.secs, &in.Time)
	given(set, "playouts", f.playouts, &in.Playouts)
	given(set, "nodes", f.nodes, &in.Nodes)
	given(set, "cycles", f.cycles, &in.Cycles)
	given(set, "j", f.jobs, &in.Jobs)
	given(set, "threads", f.threads, &in.Threads)
	given(set, "seed", f.seed, &in.Seed)
	given(set, "threshold", f.threshold, &in.Threshold)
	given(set, "grace", f.grace, &in.Grace)
	given(set, "start-timeout", f.startTimeout, &in.StartTimeout)
	return in
}

// given points to at v when the flag called name was given.
func given[T any](set map[string]bool, name string, v *T, to **T) {
	if set[name] {
		*to = v
	}
}

func atsRun(ctx context.Context, args []string, io stdio) int {
	f := newATSRunFlags(io)
	// The engine and its KEY=VALUE words are taken out first, as match
	// takes them, so that "--engine builtin threads=1 SUITE" is an engine
	// with one thread and a suite, not two paths.
	engineWords, rest, err := ats.SplitEngineArgs(args)
	if err != nil {
		fmt.Fprintf(io.err, "ats run: %v\n", err)
		return 2
	}
	if len(engineWords) > 1 {
		fmt.Fprintf(io.err, "ats run: --engine given %d times: a run has one engine\n", len(engineWords))
		return 2
	}
	paths, err := ParseInterleaved(f.fs, rest)
	if err != nil {
		return flagStatus(err)
	}
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	in := f.input(set)
	in.Paths = paths
	if len(engineWords) == 1 {
		in.Engine = engineWords[0]
	}
	if *f.configFile != "" {
		c, err := ats.LoadConfig(*f.configFile)
		if err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			return 2
		}
		in.Config = &c
	}
	// Every file the run writes is locked before anything is set up, and
	// the result file before it is read, so a second run on one of them
	// stops here.
	locks := outputLocks{}
	defer locks.release()
	if *f.resume != "" {
		if status := resumeHeader(*f.resume, locks, &in, io); status != 0 {
			return status
		}
	}
	plan, err := ats.PlanRun(in)
	if err != nil {
		fmt.Fprintf(io.err, "ats run: %v\n", err)
		if errors.Is(err, ats.ErrNoTests) {
			f.fs.Usage()
		}
		return 2
	}
	if status := f.checkOutputs(locks, io); status != 0 {
		return status
	}
	return f.run(ctx, plan, locks, io)
}

// resumeHeader locks and reads the result file of the run to resume into
// in; it returns the exit status when the run cannot be resumed.
func resumeHeader(path string, locks outputLocks, in *ats.RunInput, io stdio) int {
	if err := locks.lock(path, false); err != nil {
		fmt.Fprintf(io.err, "ats run: %v\n", err)
		return 1
	}
	h, _, done, err := ats.ReadResultFile(path)
	if err != nil {
		fmt.Fprintf(io.err, "ats run: %v\n", err)
		return 2
	}
	if done {
		fmt.Fprintf(io.err, "ats run: the run in %s is already complete\n", path)
		return 2
	}
	in.Resume = &h
	return 0
}

// checkOutputs finds whatever can be wrong with the reports before the
// run, not after it, and locks them.
func (f *atsRunFlags) checkOutputs(locks outputLocks, io stdio) int {
	for _, p := range []string{*f.jsonOut, *f.junitOut} {
		if p == "" {
			continue
		}
		if err := ats.CheckWritable(p); err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			return 2
		}
		if err := locks.lock(p, false); err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			return 1
		}
	}
	if *f.minScore != "" {
		if _, err := parseMinScore(*f.minScore, 1); err != nil {
			fmt.Fprintf(io.err, "ats run: --min-score: %v\n", err)
			return 2
		}
	}
	return 0
}

// run runs the planned suite run and reports it.
func (f *atsRunFlags) run(ctx context.Context, plan ats.RunPlan, locks outputLocks, io stdio) int {
	suite, loadErrs := ats.LoadSuiteWith(ats.LoadOptions{Strict: *f.strict}, plan.Paths...)
	printLoadProblems(io.err, suite, loadErrs)
	filter, _ := ats.ParseFilter(plan.Filter) // checked by the plan
	tests := filter.Select(suite)
	if len(tests) == 0 {
		fmt.Fprintln(io.err, "ats run: no tests to run")
		return 2
	}
	rc, err := plan.RunConfig(suite.Name, tests)
	if err != nil {
		fmt.Fprintf(io.err, "ats run: %v\n", err)
		return 2
	}
	rc.ResultFile, rc.Resume = *f.resume, *f.resume != ""
	if rc.ResultFile == "" {
		dir := *f.resultsDir
		if dir == "" {
			if dir, err = ats.RunsDir(); err != nil {
				fmt.Fprintf(io.err, "ats run: no folder for results (%v); use --results DIR\n", err)
				return 2
			}
		}
		rc.ResultFile = filepath.Join(dir, ats.RunFileName(suite.Name, time.Now()))
		if err := locks.lock(rc.ResultFile, true); err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			return 1
		}
	}
	rc.ResultLock = locks.of(rc.ResultFile)
	var cluster *distRun
	localSlots := plan.Jobs
	if f.dist.given() {
		if !f.setFlag("j") {
			localSlots = 0 // the workers run the tests
		}
		var usage bool
		cluster, usage, err = f.dist.start(ctx, rc.ResultFile, !rc.Resume, io.err)
		if err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			if usage {
				return 2
			}
			return 1
		}
		rc.Executor = cluster.coord.Tests(plan.Spec)
	}
	// The run's own store goes once nothing is left to resume from it.
	keepStore := true
	defer func() {
		if cluster != nil {
			cluster.close(keepStore)
		}
	}()
	width := len(strconv.Itoa(len(tests) * plan.Cycles))
	rc.OnEvent = func(e ats.Event) { f.event(e, width, io) }
	r, err := ats.NewRunner(rc)
	if err != nil {
		fmt.Fprintf(io.err, "ats run: %v\n", err)
		return 2
	}
	fmt.Fprintf(io.out, "%s: %d tests x %d cycles, engine %s, %s per test, results in %s\n",
		suite.Name, len(tests), plan.Cycles, rc.EngineName, plan.Limits, rc.ResultFile)
	if cluster != nil {
		fmt.Fprintf(io.out, "ats run: %s\n", cluster.describe("tests", localSlots))
		var own [][]string
		if !plan.Spec.Builtin {
			own = append(own, plan.Spec.Command)
		}
		cluster.startWorker(ctx, localSlots, own...)
	}
	sum, runErr := r.Run(ctx)
	if cluster != nil {
		cluster.stopWorker()
	}
	keepStore = sum == nil || !sum.Finished
	return f.report(ctx, sum, runErr, len(loadErrs), rc.ResultFile, io)
}

// setFlag reports whether the flag called name was given.
func (f *atsRunFlags) setFlag(name string) bool {
	found := false
	f.fs.Visit(func(fl *flag.Flag) { found = found || fl.Name == name })
	return found
}

// event prints one event of the run.
func (f *atsRunFlags) event(e ats.Event, width int, io stdio) {
	switch e.Kind {
	case ats.TestDone:
		fmt.Fprintln(io.out, resultLine(e, width))
		if *f.verbose && e.Result.Status != ats.Pass {
			for _, l := range e.Result.Log {
				fmt.Fprintf(io.out, "      | %s\n", l)
			}
		}
	case ats.EngineRestart:
		fmt.Fprintf(io.err, "ats: restarting the engine after %s: %v\n", e.Test.Name, e.Err)
	case ats.Notice:
		fmt.Fprintf(io.err, "ats run: %v\n", e.Err)
	}
}

// report prints the run's summary, writes the reports and gives the exit
// status.
func (f *atsRunFlags) report(ctx context.Context, sum *ats.Summary, runErr error, unreadable int, resultFile string, io stdio) int {
	if sum == nil {
		fmt.Fprintf(io.err, "ats run: %v\n", runErr)
		return 1
	}
	fmt.Fprintln(io.out, sum.Line())
	if *f.byTags {
		if err := sum.WriteTags(io.out); err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
		}
	}
	status := 0
	if *f.jsonOut != "" {
		if err := fsutil.WriteFile(*f.jsonOut, sum.WriteJSON); err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			status = 1
		}
	}
	if *f.junitOut != "" {
		if err := fsutil.WriteFile(*f.junitOut, sum.WriteJUnit); err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			status = 1
		}
	}
	if runErr != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(io.err, "ats run: stopped; resume with: arimaa-workbench ats run --resume %s\n", resultFile)
		} else {
			fmt.Fprintf(io.err, "ats run: %v\n", runErr)
		}
		return 1
	}
	if unreadable > 0 {
		fmt.Fprintf(io.err, "ats run: %d test files could not be read\n", unreadable)
		status = 1
	}
	ok := sum.Failed == 0 && sum.Errors == 0
	if *f.minScore != "" {
		need, err := parseMinScore(*f.minScore, sum.MaxScore)
		if err != nil {
			fmt.Fprintf(io.err, "ats run: --min-score: %v\n", err)
			return 2
		}
		ok = sum.Score >= need-1e-9
	}
	if !ok {
		status = 1
	}
	return status
}

// parseMinScore reads "12.5" (points) or "80%" (of max).
func parseMinScore(s string, max float64) (float64, error) {
	if p, ok := strings.CutSuffix(s, "%"); ok {
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || !(f >= 0 && f <= 100) {
			return 0, fmt.Errorf("%s is not a percentage from 0 to 100", rules.Quote(s))
		}
		return f / 100 * max, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || !(f >= 0 && f <= math.MaxFloat64) {
		return 0, fmt.Errorf("%s is not a score of 0 or more", rules.Quote(s))
	}
	return f, nil
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// resultLine is the one line printed per test.
func resultLine(e ats.Event, width int) string {
	r := e.Result
	var b strings.Builder
	fmt.Fprintf(&b, "%*d/%d %-5s %4s/%-4s %-26s", width, e.Status.Done, e.Status.Total, r.Status,
		trimFloat(r.Score), trimFloat(r.MaxScore), r.Name)
	move := r.Canonical
	if move == "" {
		move = r.Move
	}
	fmt.Fprintf(&b, " %-28s %6.2fs", move, r.Seconds)
	if r.SolvedSeconds != nil {
		fmt.Fprintf(&b, "  solved at %.2fs", *r.SolvedSeconds)
	}
	if r.Illegal != "" {
		fmt.Fprintf(&b, "  illegal: %s", r.Illegal)
	}
	if r.Err != "" {
		fmt.Fprintf(&b, "  error: %s", r.Err)
		if l := ats.LastOutput(r.Log); l != "" {
			fmt.Fprintf(&b, " (last output: %s)", l)
		}
	}
	if e.Status.Total > 1 && e.Status.Done < e.Status.Total {
		fmt.Fprintf(&b, "  [score %s, %s left]", trimFloat(e.Status.Score), e.Status.Remaining.Round(time.Second))
	}
	return b.String()
}

func trimFloat(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "" {
		return "0"
	}
	return s
}

func atsCompare(args []string, io stdio) int {
	fs := newFlagSet("ats compare", io.err, "usage: arimaa-workbench ats compare [--all] OLD NEW\n\nOLD and NEW are result files (.jsonl) or --json summaries.\n\noptions:\n")
	all := fs.Bool("all", false, "list unchanged tests too")
	pos, status, ok := parseExactly(fs, args, 2)
	if !ok {
		return status
	}
	old, err := ats.ReadSummary(pos[0])
	if err != nil {
		fmt.Fprintf(io.err, "ats compare: %v\n", err)
		return 2
	}
	cur, err := ats.ReadSummary(pos[1])
	if err != nil {
		fmt.Fprintf(io.err, "ats compare: %v\n", err)
		return 2
	}
	c := ats.Compare(old, cur)
	if err := c.Write(io.out, *all); err != nil {
		return 1
	}
	if c.Regressed() {
		return 1
	}
	return 0
}

// strictUsage describes the --strict flag of ats run and ats list.
const strictUsage = "refuse legacy .ats files that load only with warnings (a character between two squares of the board, which the original runner ignored)"

// printLoadProblems prints the warnings and errors of loading a suite to w.
func printLoadProblems(w io.Writer, suite *ats.Suite, errs []error) {
	for _, warn := range suite.Warnings() {
		fmt.Fprintf(w, "ats: warning: %s\n", warn)
	}
	for _, e := range errs {
		fmt.Fprintf(w, "ats: %v\n", e)
	}
}

func atsList(args []string, io stdio) int {
	fs := newFlagSet("ats list", io.err, "usage: arimaa-workbench ats list [--strict] SUITE_OR_FILES...\n\noptions:\n")
	strict := fs.Bool("strict", false, strictUsage)
	paths, err := ParseInterleaved(fs, args)
	if err != nil {
		return flagStatus(err)
	}
	if len(paths) == 0 {
		fs.Usage()
		return 2
	}
	suite, errs := ats.LoadSuiteWith(ats.LoadOptions{Strict: *strict}, paths...)
	for _, t := range suite.Tests {
		fmt.Fprintf(io.out, "%4d  %-28s %-24s %s\n", t.Number, t.Name, strings.Join(t.Tags, ","), t.Criteria)
	}
	printLoadProblems(io.err, suite, errs)
	fmt.Fprintf(io.out, "%d tests, %d unreadable files", len(suite.Tests), len(errs))
	if n := len(suite.Warnings()); n > 0 {
		fmt.Fprintf(io.out, ", %d warnings", n)
	}
	fmt.Fprintln(io.out)
	if len(errs) > 0 {
		return 1
	}
	return 0
}
