package cli

import (
	"context"
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
	"arimaa-workbench/ats/match/dist"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
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

func atsRun(ctx context.Context, args []string, io stdio) int {
	fs := flag.NewFlagSet("ats run", flag.ContinueOnError)
	fs.SetOutput(io.err)
	configFile := fs.String("config", "", "suite configuration `FILE` (TOML, or the original runner's ats.cfg)")
	engine := fs.String("engine", "builtin", "`builtin` (or builtin:KEY=VALUE,..., builtin:FILE.toml), or an AEI engine's command line, e.g. 'bot_x -c x.cfg'; KEY=VALUE words after it (threads=N, a configuration key, an AEI option) belong to it, as in match")
	var options multiFlag
	fs.Var(&options, "option", "engine option `NAME=VALUE` (repeatable): AEI setoption, or a builtin config key such as search.exploration")
	secs := ranged[float64](fs, "time", 0, 0, config.MaxSeconds, "time per test in `SECONDS` (default 1 unless a budget is given)")
	playouts := ranged[int64](fs, "playouts", 0, 0, config.MaxPlayouts, "`N` playouts per test (builtin engine; deterministic with --threads 1)")
	nodes := ranged(fs, "nodes", 0, 0, config.MaxNodes, "a tree of at most `N` nodes per test (builtin engine)")
	cycles := ranged(fs, "cycles", 1, 1, ats.MaxCycles, "run each test `N` times and average the score")
	filter := fs.String("filter", "", "tests to run: numbers, ranges, tag:NAME, names or name patterns, comma separated")
	jobs := ranged(fs, "j", 1, 1, ats.MaxJobs, "run `N` tests in parallel, one engine each")
	threads := ranged(fs, "threads", 0, 0, config.MaxThreads, "`N` builtin engine threads per test (default: the cores divided among -j workers)")
	seed := fs.Uint64("seed", 1, "builtin engine random seed")
	threshold := ranged[float64](fs, "threshold", 1, 0, 1, "the `FRACTION` of a test's full score that counts as a pass")
	minScore := fs.String("min-score", "", "exit 0 when the total score reaches `X` points, or X% of the maximum, even if tests failed")
	jsonOut := fs.String("json", "", "write the full summary as JSON to `FILE`")
	byTags := fs.Bool("tags", true, "print the score per tag after the summary line")
	junitOut := fs.String("junit", "", "write a JUnit XML report to `FILE`")
	resultsDir := fs.String("results", "", "folder for the run's result file (default: the user's data folder)")
	resume := fs.String("resume", "", "resume the run in result `FILE`: its tests, engine and limits; finished tests are skipped")
	grace := ranged[float64](fs, "grace", 5, 0, ats.MaxGrace.Seconds(), "`SECONDS` past the time limit before an engine counts as hung and is killed")
	startTimeout := ranged[float64](fs, "start-timeout", 30, 0, 3600, "`SECONDS` an AEI engine may take to start")
	verbose := fs.Bool("v", false, "also print each failed test's engine log")
	strict := fs.Bool("strict", false, strictUsage)
	distFlags := addDistFlags(fs, "ats run", "tests")
	fs.Usage = func() {
		fmt.Fprint(io.err, `usage: arimaa-workbench ats run [options] SUITE_OR_FILES...

With --dist (or --nats URL) the tests are jobs on a NATS JetStream server,
run by workers: 'arimaa-workbench worker --nats URL' on any machine that
reaches it (-j N runs N of them in this process too). Without --nats the
server is embedded, on 127.0.0.1 unless --listen with credentials.

options:
`)
		fs.PrintDefaults()
	}
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
	paths, err := ParseInterleaved(fs, rest)
	if err != nil {
		return flagStatus(err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var engineExtra []string
	if len(engineWords) == 1 {
		*engine, engineExtra, set["engine"] = engineWords[0][0], engineWords[0][1:], true
	}

	engineText := *engine
	var fileOpts map[string]string
	var lim analysis.Limits
	cfgFilter := ""
	if *configFile != "" {
		c, err := ats.LoadConfig(*configFile)
		if err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			return 2
		}
		if !set["engine"] && c.Engine != "" {
			engineText = c.Engine
		}
		fileOpts = c.EngineOptions
		if len(paths) == 0 {
			paths = c.Tests
		}
		cfgFilter = c.Filter
		lim = analysis.Limits{Time: seconds(c.TimePerTest), Playouts: c.Playouts, Nodes: c.Nodes}
		if !set["cycles"] && c.Cycles > 0 {
			*cycles = c.Cycles
		}
		if !set["j"] && c.Jobs > 0 {
			*jobs = c.Jobs
		}
		if !set["threshold"] && c.Threshold > 0 {
			*threshold = c.Threshold
		}
		if !set["threads"] && c.Threads > 0 {
			*threads = c.Threads
		}
		if !set["seed"] && c.Seed > 0 {
			*seed = c.Seed
		}
	}
	spec, err := ats.ParseSpecWith(append([]string{engineText}, engineExtra...), fileOpts)
	if err != nil {
		fmt.Fprintf(io.err, "ats run: %v\n", err)
		return 2
	}
	if set["threads"] || spec.Threads == 0 {
		spec.Threads = *threads
	}
	spec.Seed, spec.StartTimeout, spec.Grace = *seed, seconds(*startTimeout), seconds(*grace)
	for _, o := range options {
		k, v, ok := strings.Cut(o, "=")
		if !ok || k == "" {
			fmt.Fprintf(io.err, "ats run: --option %q: expected NAME=VALUE\n", o)
			return 2
		}
		if err := spec.SetOption(k, v); err != nil {
			fmt.Fprintf(io.err, "ats run: --option: %v\n", err)
			return 2
		}
	}
	if set["time"] || set["playouts"] || set["nodes"] {
		lim = analysis.Limits{Time: seconds(*secs), Playouts: *playouts, Nodes: *nodes}
	}
	if set["filter"] {
		cfgFilter = *filter
	}

	// Every file the run writes is locked before anything is set up, and
	// the result file before it is read, so a second run on one of them
	// stops here.
	locks := outputLocks{}
	defer locks.release()
	resultFile := ""
	if *resume != "" {
		if err := locks.lock(*resume, false); err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			return 1
		}
		h, _, done, err := ats.ReadResultFile(*resume)
		if err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			return 2
		}
		if done {
			fmt.Fprintf(io.err, "ats run: the run in %s is already complete\n", *resume)
			return 2
		}
		paths, cfgFilter, lim = h.Paths, h.Filter, h.Limits
		resumed, err := h.Spec()
		if err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			return 2
		}
		resumed.StartTimeout, resumed.Grace = spec.StartTimeout, spec.Grace
		spec = resumed
		*cycles, *threshold = h.Cycles, h.Threshold
		resultFile = *resume
	}
	if len(paths) == 0 {
		fmt.Fprintln(io.err, "ats run: no tests given")
		fs.Usage()
		return 2
	}
	if lim.Time <= 0 && lim.Playouts <= 0 && lim.Nodes <= 0 {
		lim.Time = time.Second
	}
	if spec.Builtin && spec.Threads == 0 {
		spec.Threads = max(1, runtime.NumCPU()/max(*jobs, 1))
	}
	if err := spec.Check(lim); err != nil {
		fmt.Fprintf(io.err, "ats run: %v\n", err)
		return 2
	}
	// Whatever can be wrong with the reports is found before the run,
	// not after it.
	for _, p := range []string{*jsonOut, *junitOut} {
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
	if *minScore != "" {
		if _, err := parseMinScore(*minScore, 1); err != nil {
			fmt.Fprintf(io.err, "ats run: --min-score: %v\n", err)
			return 2
		}
	}

	suite, loadErrs := ats.LoadSuiteWith(ats.LoadOptions{Strict: *strict}, paths...)
	printLoadProblems(io.err, suite, loadErrs)
	f, err := ats.ParseFilter(cfgFilter)
	if err != nil {
		fmt.Fprintf(io.err, "ats run: %v\n", err)
		return 2
	}
	tests := f.Select(suite)
	if len(tests) == 0 {
		fmt.Fprintln(io.err, "ats run: no tests to run")
		return 2
	}
	factory, err := spec.Factory()
	if err != nil {
		fmt.Fprintf(io.err, "ats run: %v\n", err)
		return 2
	}
	if resultFile == "" {
		dir := *resultsDir
		if dir == "" {
			if dir, err = ats.RunsDir(); err != nil {
				fmt.Fprintf(io.err, "ats run: no folder for results (%v); use --results DIR\n", err)
				return 2
			}
		}
		resultFile = filepath.Join(dir, ats.RunFileName(suite.Name, time.Now()))
		if err := locks.lock(resultFile, true); err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			return 1
		}
	}
	absPaths := make([]string, len(paths))
	for i, p := range paths {
		if a, err := filepath.Abs(p); err == nil {
			absPaths[i] = a
		} else {
			absPaths[i] = p
		}
	}
	engineName, engineOptions := spec.Record()
	width := len(strconv.Itoa(len(tests) * *cycles))
	var executor ats.Executor
	var cluster *cluster
	localSlots := *jobs
	if distFlags.given() {
		if !set["j"] {
			localSlots = 0 // the workers run the tests
		}
		var usage bool
		cluster, usage, err = distFlags.start(ctx, dist.RunID(resultFile), *resume == "", io.err)
		if err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			if usage {
				return 2
			}
			return 1
		}
		executor = cluster.coord.Tests(spec)
	}
	// The run's own store goes once nothing is left to resume from it.
	keepStore := true
	defer func() {
		if cluster != nil {
			cluster.close(keepStore)
		}
	}()
	r, err := ats.NewRunner(ats.RunConfig{
		Suite: suite.Name, Paths: absPaths, Filter: cfgFilter, Tests: tests,
		Engine: factory, EngineName: engineName, EngineOptions: engineOptions, Threads: spec.Threads, Seed: spec.Seed,
		Limits: lim, Grace: seconds(*grace), Cycles: *cycles, Jobs: *jobs, Threshold: *threshold,
		ResultFile: resultFile, ResultLock: locks.of(resultFile), Resume: *resume != "", Executor: executor,
		OnEvent: func(e ats.Event) {
			switch e.Kind {
			case ats.TestDone:
				fmt.Fprintln(io.out, resultLine(e, width))
				if *verbose && e.Result.Status != ats.Pass {
					for _, l := range e.Result.Log {
						fmt.Fprintf(io.out, "      | %s\n", l)
					}
				}
			case ats.EngineRestart:
				fmt.Fprintf(io.err, "ats: restarting the engine after %s: %v\n", e.Test.Name, e.Err)
			case ats.Notice:
				fmt.Fprintf(io.err, "ats run: %v\n", e.Err)
			}
		},
	})
	if err != nil {
		fmt.Fprintf(io.err, "ats run: %v\n", err)
		return 2
	}
	fmt.Fprintf(io.out, "%s: %d tests x %d cycles, engine %s, %s per test, results in %s\n",
		suite.Name, len(tests), *cycles, engineName, lim, resultFile)
	if cluster != nil {
		fmt.Fprintf(io.out, "ats run: %s\n", cluster.describe("tests", localSlots))
		var own [][]string
		if !spec.Builtin {
			own = append(own, spec.Command)
		}
		cluster.startWorker(ctx, localSlots, own...)
	}
	sum, runErr := r.Run(ctx)
	if cluster != nil {
		cluster.stopWorker()
	}
	keepStore = sum == nil || !sum.Finished
	if sum == nil {
		fmt.Fprintf(io.err, "ats run: %v\n", runErr)
		return 1
	}
	fmt.Fprintln(io.out, sum.Line())
	if *byTags {
		if err := sum.WriteTags(io.out); err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
		}
	}
	status := 0
	if *jsonOut != "" {
		if err := fsutil.WriteFile(*jsonOut, sum.WriteJSON); err != nil {
			fmt.Fprintf(io.err, "ats run: %v\n", err)
			status = 1
		}
	}
	if *junitOut != "" {
		if err := fsutil.WriteFile(*junitOut, sum.WriteJUnit); err != nil {
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
	if len(loadErrs) > 0 {
		fmt.Fprintf(io.err, "ats run: %d test files could not be read\n", len(loadErrs))
		status = 1
	}
	ok := sum.Failed == 0 && sum.Errors == 0
	if *minScore != "" {
		need, err := parseMinScore(*minScore, sum.MaxScore)
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
	fs := flag.NewFlagSet("ats compare", flag.ContinueOnError)
	fs.SetOutput(io.err)
	all := fs.Bool("all", false, "list unchanged tests too")
	fs.Usage = func() {
		fmt.Fprint(io.err, "usage: arimaa-workbench ats compare [--all] OLD NEW\n\nOLD and NEW are result files (.jsonl) or --json summaries.\n\noptions:\n")
		fs.PrintDefaults()
	}
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
	fs := flag.NewFlagSet("ats list", flag.ContinueOnError)
	fs.SetOutput(io.err)
	strict := fs.Bool("strict", false, strictUsage)
	fs.Usage = func() {
		fmt.Fprint(io.err, "usage: arimaa-workbench ats list [--strict] SUITE_OR_FILES...\n\noptions:\n")
		fs.PrintDefaults()
	}
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
