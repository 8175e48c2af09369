package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/judge"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

// judgeUsage describes the judge command; its options follow.
const judgeUsage = `usage: arimaa-workbench judge [options] --teacher SPEC [--engine SPEC] ARCHIVE...
       arimaa-workbench judge [options] --summary FILE [--compare FILE]

Scores moves with a stronger engine, the teacher. For each position kept of
the games in the archives (a match's output, or a game archive in the
official format), the teacher searches it for its score and best move; the
engine under study (--engine; without it, the move the game went on with)
chooses its move there, and the teacher scores the position after that
move. A move's loss is the teacher's score before less its score after, in
the teacher's units: about 0 for a move as good as its own. Rows go to
--out as they are judged; run again with the same --out to resume. Ctrl-C
stops. Then prints the moves judged, how often the move was the teacher's
own, the mean loss with its 95% interval, the median and the worst moves.

--summary prints the same of a results file, and with --compare a second
one, the paired difference of the two on the positions both judged (B's
loss less A's: below 0, B lost less). Judging two settings of an engine on
the same positions with one --cache asks the teacher about each position
once, and each move once.

An engine SPEC is as for match: builtin, builtin:KEY=VALUE,..., or an AEI
engine's command line, followed by its KEY=VALUE words. The teacher must
report a score: as AEI "info score", or in its log after a word given with
--score-word (bot_sharp: --score-word Eval). Example:
  arimaa-workbench judge --teacher '/opt/bot_sharp aei' --score-word Eval \
      --engine builtin --player builtin --every 3 --within 2000 games.txt

options:
`

// judgeFlags are the flags of the judge command.
type judgeFlags struct {
	studentTime, teacherTime     float64
	player, side, scoreWord      string
	cache, out, jsonOut          string
	summary, compare             string
	skipStart, skipEnd, every    int
	limit, jobs                  int
	within, clip, worst, blunder int
	depth, teacherDepth          int
	quiet                        bool
	// set holds the flags given.
	set map[string]bool
	// teacherAbout names the teacher and its limits, a cache's owner.
	teacherAbout string
}

func newJudgeFlags(io stdio) (*flag.FlagSet, *judgeFlags) {
	fs := newFlagSet("judge", io.err, judgeUsage)
	f := &judgeFlags{}
	fs.String("engine", "", "the engine `SPEC` whose moves are judged (default: the moves played)")
	fs.String("teacher", "", "the teacher engine's `SPEC`")
	rangeVar(fs, &f.studentTime, "time", 1, 0.01, 3600, "the engine's `seconds` a move")
	rangeVar(fs, &f.teacherTime, "teacher-time", 1, 0.01, 3600, "the teacher's `seconds` a position")
	rangeVar(fs, &f.depth, "depth", 0, 0, 255, "the builtin engine searches `STEPS` deep (alpha-beta: that iteration), with no time limit unless --time")
	rangeVar(fs, &f.teacherDepth, "teacher-depth", 0, 0, 255, "the builtin teacher searches `STEPS` deep, with no time limit unless --teacher-time")
	fs.StringVar(&f.player, "player", "", "judge the moves of the player of this user `NAME` (either colour)")
	fs.StringVar(&f.side, "side", "both", "judge the moves of `SIDE`: gold, silver or both (without --player)")
	rangeVar(fs, &f.skipStart, "skip-start", 3, 0, 1000, "leave out each side's first `N` turns")
	rangeVar(fs, &f.skipEnd, "skip-end", 2, 0, 1000, "leave out each game's last `N` moves")
	rangeVar(fs, &f.every, "every", 1, 1, 1000, "judge every `N`-th move kept of a game, starting at a different one in each game")
	rangeVar(fs, &f.limit, "limit", 0, 0, 10_000_000, "judge at most `N` positions (0: all)")
	fs.StringVar(&f.scoreWord, "score-word", "", "read the teacher's score from its log lines, the number after `WORD`")
	fs.StringVar(&f.cache, "cache", "", "keep the teacher's scores in `FILE` for later runs")
	fs.StringVar(&f.out, "out", "judge.tsv", "append the rows to `FILE`, resuming it")
	rangeVar(fs, &f.jobs, "j", 1, 1, 64, "judge `N` positions at once")
	fs.StringVar(&f.summary, "summary", "", "summarise the results `FILE` instead of judging")
	fs.StringVar(&f.compare, "compare", "", "with --summary, compare with the results `FILE`")
	rangeVar(fs, &f.within, "within", 0, 0, judge.Decided, "count only positions the teacher scores within ±`N` (0: all)")
	rangeVar(fs, &f.clip, "clip", 0, 0, judge.Decided, "bound each loss to ±`N` in the mean (0: no bound)")
	rangeVar(fs, &f.worst, "worst", 10, 0, 1000, "list the `N` largest losses")
	rangeVar(fs, &f.blunder, "blunder", 0, 0, judge.Decided, "count the losses of `N` or more (0: none)")
	fs.StringVar(&f.jsonOut, "json", "", "write the summary as JSON to `FILE`")
	fs.BoolVar(&f.quiet, "quiet", false, "print no line per move judged")
	return fs, f
}

// runJudge scores an engine's moves, or the moves played, with a teacher.
func runJudge(ctx context.Context, args []string, io stdio) int {
	usageErr := io.usageErrors("judge")
	teacherWords, rest, err := ats.SplitSpecArgs(args, "teacher")
	if err != nil {
		return usageErr("%v", err)
	}
	studentWords, rest, err := ats.SplitSpecArgs(rest, "engine")
	if err != nil {
		return usageErr("%v", err)
	}
	fs, f := newJudgeFlags(io)
	paths, err := ParseInterleaved(fs, rest)
	if err != nil {
		return flagStatus(err)
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	filter := judge.Filter{Within: f.within, Clip: f.clip}
	if f.summary != "" {
		if len(teacherWords)+len(studentWords)+len(paths) > 0 {
			return usageErr("--summary reads results files: give it without engines or archives")
		}
		return f.printSummary(filter, io)
	}
	if f.compare != "" {
		return usageErr("--compare goes with --summary")
	}
	switch {
	case len(teacherWords) != 1:
		return usageErr("give one teacher with --teacher")
	case len(studentWords) > 1:
		return usageErr("give at most one engine with --engine")
	case len(paths) == 0:
		return usageErr("give the game archives to judge")
	}
	opt, about, err := f.options(teacherWords[0], studentWords)
	if err != nil {
		return usageErr("%v", err)
	}
	sel, err := f.selection()
	if err != nil {
		return usageErr("%v", err)
	}
	return f.judge(ctx, paths, sel, opt, about, filter, io)
}

// options are the run's engines and limits, and the line that says so.
func (f *judgeFlags) options(teacherWords []string, studentWords [][]string) (judge.Options, string, error) {
	opt := judge.Options{ScoreWord: f.scoreWord, Jobs: f.jobs}
	var text string
	var err error
	if opt.Teacher, opt.TeacherLimits, text, err = f.engine(teacherWords, "teacher-time", f.teacherTime, "teacher-depth", f.teacherDepth); err != nil {
		return opt, "", err
	}
	about := "teacher " + text
	if f.scoreWord != "" {
		about += fmt.Sprintf(" (score after %q)", f.scoreWord)
	}
	f.teacherAbout = about
	if len(studentWords) == 0 {
		return opt, "the moves played; " + about, nil
	}
	if opt.Student, opt.StudentLimits, text, err = f.engine(studentWords[0], "time", f.studentTime, "depth", f.depth); err != nil {
		return opt, "", err
	}
	return opt, "engine " + text + "; " + about, nil
}

// engine starts the engine of a spec's words with its limits, and names
// both for the results file's first line.
func (f *judgeFlags) engine(words []string, timeFlag string, seconds float64, depthFlag string, depth int) (ats.EngineFactory, analysis.Limits, string, error) {
	s, err := ats.ParseSpec(words)
	if err != nil {
		return nil, analysis.Limits{}, "", err
	}
	factory, err := s.Factory()
	if err != nil {
		return nil, analysis.Limits{}, "", err
	}
	lim, err := f.limits(s, timeFlag, seconds, depthFlag, depth)
	return factory, lim, s.Text + limitsText(lim), err
}

// limits are an engine's limits for one search: the time, or for the
// builtin engine a depth (then no time unless its time flag was given),
// and its threads (one unless the spec says).
func (f *judgeFlags) limits(s ats.Spec, timeFlag string, seconds float64, depthFlag string, depth int) (analysis.Limits, error) {
	lim := analysis.Limits{Time: time.Duration(seconds * float64(time.Second))}
	if !s.Builtin {
		if depth > 0 {
			return lim, fmt.Errorf("--%s is for the builtin engine: an AEI engine's depth is its option, depth=N after its spec", depthFlag)
		}
		return lim, nil
	}
	lim.Threads, lim.Seed, lim.Depth = max(s.Threads, 1), s.Seed, depth
	if depth > 0 && !f.set[timeFlag] {
		lim.Time = 0
	}
	return lim, nil
}

// limitsText says what limits a search, for the results file's first line.
func limitsText(lim analysis.Limits) string {
	var parts []string
	if lim.Time > 0 {
		parts = append(parts, fmt.Sprintf("%gs", lim.Time.Seconds()))
	}
	if lim.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", lim.Depth))
	}
	return " at " + strings.Join(parts, ", ")
}

// selection is the positions the flags keep.
func (f *judgeFlags) selection() (judge.Selection, error) {
	sel := judge.Selection{Player: f.player, SkipStart: f.skipStart, SkipEnd: f.skipEnd, Every: f.every, Limit: f.limit}
	switch strings.ToLower(f.side) {
	case "gold", "g", "w":
		sel.Sides[rules.Gold] = true
	case "silver", "s", "b":
		sel.Sides[rules.Silver] = true
	case "both":
		sel.Sides = [2]bool{true, true}
	default:
		return sel, fmt.Errorf("--side %s: give gold, silver or both", rules.Echo(f.side))
	}
	return sel, nil
}

// judge runs the judgement and prints its summary.
func (f *judgeFlags) judge(ctx context.Context, paths []string, sel judge.Selection, opt judge.Options, about string, filter judge.Filter, io stdio) int {
	items, err := judge.ReadItems(paths, sel)
	if err != nil {
		fmt.Fprintf(io.err, "judge: %v\n", err)
		return 1
	}
	if len(items) == 0 {
		fmt.Fprintln(io.err, "judge: the games have no move to judge with these settings (see --player, --side, --skip-start, --skip-end)")
		return 1
	}
	res, err := judge.OpenResults(f.out, about)
	if err != nil {
		fmt.Fprintf(io.err, "judge: %v\n", err)
		return 1
	}
	defer res.Close()
	if f.cache != "" {
		if opt.Cache, err = judge.OpenCache(f.cache, f.teacherAbout); err != nil {
			fmt.Fprintf(io.err, "judge: %v\n", err)
			return 1
		}
		defer opt.Cache.Close()
	}
	done := res.Done()
	left := 0
	for _, it := range items {
		if !done[it.Key()] {
			left++
		}
	}
	fmt.Fprintf(io.out, "judging %d positions (%d judged before) in %s: %s\n", left, len(items)-left, f.out, about)
	n := 0
	err = judge.Run(ctx, items, done, opt, func(r judge.Row) error {
		if err := res.Add(r); err != nil {
			return err
		}
		n++
		if !f.quiet {
			s := judge.Summarize(res.Rows, filter, 0, 0)
			fmt.Fprintf(io.out, "%4d/%d %s %s: %s (teacher %s) loss %d; mean %.0f ±%.0f\n",
				n, left, r.Source, r.Turn, r.Move, r.Best, r.Loss, s.MeanLoss, s.Interval)
		}
		return nil
	})
	stopped := errors.Is(err, context.Canceled)
	if err != nil && !stopped {
		fmt.Fprintf(io.err, "judge: %v\n", err)
	}
	code := f.report(res.Rows, about, filter, io)
	if stopped {
		fmt.Fprintf(io.err, "judge: stopped with %d positions left; the same command goes on where it stopped\n", left-n)
		return 1
	}
	if err != nil {
		return 1
	}
	return code
}

// printSummary is --summary, and --compare with it.
func (f *judgeFlags) printSummary(filter judge.Filter, io stdio) int {
	about, rows, err := judge.ReadRows(f.summary)
	if err != nil {
		fmt.Fprintf(io.err, "judge: %v\n", err)
		return 1
	}
	if f.compare == "" {
		return f.report(rows, about, filter, io)
	}
	aboutB, rowsB, err := judge.ReadRows(f.compare)
	if err != nil {
		fmt.Fprintf(io.err, "judge: %v\n", err)
		return 1
	}
	sa, sb := judge.Summarize(rows, filter, 0, 0), judge.Summarize(rowsB, filter, 0, 0)
	c := judge.Compare(rows, rowsB, filter)
	fmt.Fprintf(io.out, "A %s: %s\n  %d moves, mean loss %.1f ±%.1f\n", f.summary, about, sa.Moves, sa.MeanLoss, sa.Interval)
	fmt.Fprintf(io.out, "B %s: %s\n  %d moves, mean loss %.1f ±%.1f\n", f.compare, aboutB, sb.Moves, sb.MeanLoss, sb.Interval)
	if c.Pairs == 0 {
		fmt.Fprintln(io.out, "no position judged in both")
		return 1
	}
	fmt.Fprintf(io.out, "on the %d positions of both: B's loss less A's %+.1f ±%.1f (95%%); the same move %d times; the teacher's move A %d, B %d\n",
		c.Pairs, c.Diff, c.Interval, c.Same, c.AgreedA, c.AgreedB)
	if f.jsonOut != "" {
		if err := writeJSONFile(f.jsonOut, c); err != nil {
			fmt.Fprintf(io.err, "judge: %v\n", err)
			return 1
		}
	}
	return 0
}

// report prints the summary of rows (and writes it as JSON with --json).
func (f *judgeFlags) report(rows []judge.Row, about string, filter judge.Filter, io stdio) int {
	s := judge.Summarize(rows, filter, f.worst, f.blunder)
	writeJudgeSummary(io.out, s, about, filter)
	if f.jsonOut != "" {
		if err := writeJSONFile(f.jsonOut, s); err != nil {
			fmt.Fprintf(io.err, "judge: %v\n", err)
			return 1
		}
	}
	return 0
}

// writeJudgeSummary prints a summary.
func writeJudgeSummary(w io.Writer, s judge.Summary, about string, filter judge.Filter) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", about)
	kept := "all positions"
	if filter.Within > 0 {
		kept = fmt.Sprintf("positions scored within ±%d", filter.Within)
	}
	if filter.Clip > 0 {
		kept += fmt.Sprintf(", each loss bounded to ±%d", filter.Clip)
	}
	fmt.Fprintf(&b, "%d moves judged (%s)\n", s.Moves, kept)
	if s.Moves == 0 {
		io.WriteString(w, b.String())
		return
	}
	fmt.Fprintf(&b, "the teacher's own move: %d (%.1f%%)\n", s.Agreed, 100*float64(s.Agreed)/float64(s.Moves))
	fmt.Fprintf(&b, "loss: mean %.1f ±%.1f (95%%), median %.1f\n", s.MeanLoss, s.Interval, s.Median)
	if s.Decided > 0 && filter.Clip == 0 {
		fmt.Fprintf(&b, "%d of the scores are the teacher's score of a decided game (%d or more): --clip bounds what they add to the mean\n", s.Decided, judge.Decided)
	}
	if s.BlunderAt > 0 {
		fmt.Fprintf(&b, "losses of %d or more: %d (%.1f%%)\n", s.BlunderAt, s.Blunders, 100*float64(s.Blunders)/float64(s.Moves))
	}
	if len(s.Worst) > 0 {
		fmt.Fprintf(&b, "the largest losses:\n")
		for _, r := range s.Worst {
			who := ""
			if r.Player != "" {
				who = " (" + r.Player + ")"
			}
			fmt.Fprintf(&b, "  %6d  %s %s%s: %s; the teacher's %s (%d before, %d after)\n", r.Loss, r.Source, r.Turn, who, r.Move, r.Best, r.Before, r.After)
		}
	}
	io.WriteString(w, b.String())
}
