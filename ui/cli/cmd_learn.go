package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"arimaa-workbench/ats/gamedb"
	"arimaa-workbench/ats/learn"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/records/fsutil"
)

// learnSummary is the JSON summary of a learn run.
type learnSummary struct {
	Sources       []string      `json:"sources"`
	Out           string        `json:"out"`
	GamesRead     int           `json:"games_read"`
	Unusable      int           `json:"games_unusable"`
	Filtered      int           `json:"games_filtered_by_rating"`
	NoWinner      int           `json:"games_without_winner"`
	DecisiveMoves int           `json:"game_ending_moves_left_out"`
	Truncated     bool          `json:"stopped_at_max_positions"`
	Options       learnSettings `json:"options"`
	*learn.Result
}

// learnSettings are the options of a run as the summary records them.
type learnSettings struct {
	Table     string  `json:"table"`
	Holdout   float64 `json:"holdout"`
	MinRating int     `json:"min_rating"`
	Winners   bool    `json:"winners"`
	Seed      uint64  `json:"seed"`
	Threads   int     `json:"threads"`
	Sample    int     `json:"sample"`
	Captures  int     `json:"captures"`
	Passes    int     `json:"passes"`
	Batch     int     `json:"batch"`
	Window    float64 `json:"window"`
	Step      float64 `json:"step"`
	Reg       float64 `json:"reg"`
	Depth     int     `json:"depth,omitempty"`
}

// dbSource gives the games of a game database to learn from.
func dbSource(ctx context.Context, db *gamedb.DB) learn.Source {
	return learn.Source{Name: db.Path(), Games: func(yield func(learn.Game, error) bool) error {
		return db.EachGame(ctx, gamedb.Filter{}, func(sg gamedb.StoredGame, err error) bool {
			return yield(learn.Game{ID: sg.Name, Game: sg.Game, Rating: sg.Ratings}, err)
		})
	}}
}

// runLearn learns the [eval] weights from games by the Bonanza method:
// `learn [--config BASE.toml] [--out LEARNED.toml] [--holdout 0.1]
// [--min-rating R] [--threads N] [--table eval|knowledge] ARCHIVE_RECORD_OR_DATABASE...`.
func runLearn(ctx context.Context, args []string, io stdio) int {
	fs := flag.NewFlagSet("learn", flag.ContinueOnError)
	fs.SetOutput(io.err)
	var cf configFlags
	cf.register(fs)
	d := learn.DefaultOptions()
	fs.StringVar(&d.Table, "table", learn.TableEval, "`TABLE` to learn: eval (the evaluation, each move scored after a shallow search) or knowledge (the step knowledge that orders the search's children, step by step)")
	out := fs.String("out", "learned.toml", "write the learned configuration to `FILE`")
	jsonOut := fs.String("json", "", "write the summary as JSON to `FILE`")
	rangeVar(fs, &d.Holdout, "holdout", d.Holdout, 0, 0.9, "share of the games held out to measure, by game")
	minRating := ranged(fs, "min-rating", 0, 0, 10000, "learn from the moves of sides rated at least `R` (0: every move)")
	threads := ranged(fs, "threads", 0, 0, config.MaxThreads, "`N` goroutines; 0 uses every core")
	rangeVar(fs, &d.Seed, "seed", d.Seed, 0, 1<<63, "random `seed` of the split, the samples and the order")
	rangeVar(fs, &d.Sample, "sample", d.Sample, 1, 10000, "`K` alternatives a position drawn from the moves that capture nothing")
	rangeVar(fs, &d.Captures, "captures", d.Captures, 0, 10000, "at most `N` alternatives a position that capture a piece")
	rangeVar(fs, &d.Passes, "passes", d.Passes, 1, 10000, "`N` passes over the training positions")
	rangeVar(fs, &d.Batch, "batch", d.Batch, 1, 1_000_000, "`N` positions a step")
	rangeVar(fs, &d.Window, "window", d.Window, 0.01, 100000, "scale of the loss's sigmoid, in evaluation `points`")
	rangeVar(fs, &d.Step, "step", d.Step, 0.01, 1000, "`points` a weight moves in one step")
	rangeVar(fs, &d.Reg, "reg", d.Reg, 0, 1, "weight of the regularisation that keeps weights near their start")
	rangeVar(fs, &d.Depth, "depth", d.Depth, 0, learn.MaxDepth, "score each move by an alpha-beta search of `STEPS` steps after it, at its principal variation's end: the evaluation for search.algorithm=alphabeta (0: the one-turn quiescence)")
	winners := fs.Bool("winners", false, "learn from the moves of the side that won each game only (games without a known winner are left out)")
	maxPos := ranged(fs, "max-positions", 20000, 0, 100_000_000, "read games until `N` positions (0: all)")
	var dbs keyValueFlags
	fs.Var(&dbs, "db", "learn from the games of the game database `FILE` too (repeatable; db index makes one)")
	quiet := fs.Bool("q", false, "no progress lines")
	fs.Usage = func() {
		fmt.Fprint(io.err, `usage: arimaa-workbench learn [options] ARCHIVE_RECORD_OR_DATABASE...

Learns the evaluation weights (the [eval] table) from game records by the
Bonanza method (go doc arimaa-workbench/ats/learn): in each position of the
games, the move played should score better than the other moves, each
scored by the evaluation after a shallow search (the opponent's goals and
captures). With --table knowledge it learns the step knowledge instead (the
[knowledge] table, which orders the search's children): at each step of the
move played, the step played should score better than the other legal
steps. Reads game archives, game records and game databases (made by db
index; --db names one too). Prints the agreement with
the played moves on the held-out games before and after (played move first
among the sample; within the best five), the loss of each pass and each
weight's old and new value, and writes the base configuration with the
learned weights to --out, loadable as builtin:FILE.toml by match, ats run,
analyze and the window. Ctrl-C writes the best weights so far.

options:
`)
		fs.PrintDefaults()
	}
	paths, err := ParseInterleaved(fs, args)
	if err != nil {
		return flagStatus(err)
	}
	if err := learn.CheckTable(d.Table); err != nil {
		fmt.Fprintf(io.err, "learn: --table: %v\n", err)
		return 2
	}
	if len(paths) == 0 && len(dbs) == 0 {
		fmt.Fprintln(io.err, "learn: no ARCHIVE_RECORD_OR_DATABASE given")
		fs.Usage()
		return 2
	}
	base, err := cf.load()
	if err != nil {
		fmt.Fprintf(io.err, "learn: base configuration: %v\n", err)
		return 1
	}
	d.Base = base
	d.Threads = *threads
	if d.Threads == 0 {
		d.Threads = min(runtime.GOMAXPROCS(0), config.MaxThreads)
	}
	sources, closeAll, err := learnSources(ctx, paths, dbs)
	if err != nil {
		fmt.Fprintf(io.err, "learn: %v\n", err)
		return 1
	}
	defer closeAll()
	corpus, err := learn.Read(ctx, sources, learn.ReadOptions{MinRating: *minRating, MaxExamples: *maxPos, Winners: *winners})
	if err != nil {
		fmt.Fprintf(io.err, "learn: %v\n", err)
		return 1
	}
	noWinner := ""
	if *winners {
		noWinner = fmt.Sprintf(", %d without a known winner", corpus.NoWinner)
	}
	fmt.Fprintf(io.out, "read %d games: %d unusable, %d left out by the rating filter%s; %d positions from %d games (%d game-ending moves left out)%s\n",
		corpus.Read, corpus.Unusable, corpus.Filtered, noWinner, len(corpus.Examples), len(corpus.Games), corpus.Decisive,
		map[bool]string{true: fmt.Sprintf(", stopped at --max-positions %d", *maxPos)}[corpus.Truncated])
	if !*quiet {
		d.Progress = progressPrinter(io.err, time.Now)
	}
	res, err := learn.Train(ctx, corpus, d)
	if err != nil {
		fmt.Fprintf(io.err, "learn: %v\n", err)
		return 1
	}
	writeLearnReport(io.out, res)
	if err := fsutil.WriteFile(*out, res.Config.WriteTOML); err != nil {
		fmt.Fprintf(io.err, "learn: %v\n", err)
		return 1
	}
	if *jsonOut != "" {
		sum := learnSummary{Sources: paths, Out: *out, GamesRead: corpus.Read, Unusable: corpus.Unusable, Filtered: corpus.Filtered, NoWinner: corpus.NoWinner,
			DecisiveMoves: corpus.Decisive, Truncated: corpus.Truncated, Result: res,
			Options: learnSettings{d.Table, d.Holdout, *minRating, *winners, d.Seed, d.Threads, d.Sample, d.Captures, d.Passes, d.Batch, d.Window, d.Step, d.Reg, d.Depth}}
		if err := writeJSONFile(*jsonOut, sum); err != nil {
			fmt.Fprintf(io.err, "learn: %v\n", err)
			return 1
		}
	}
	if res.Stopped {
		fmt.Fprintf(io.out, "stopped: wrote the best weights so far (pass %d) to %s\n", res.BestPass, *out)
		return 1
	}
	fmt.Fprintf(io.out, "wrote %s (use it as builtin:%s)\n", *out, *out)
	return 0
}

// learnSources opens the inputs of learn: each path as a game archive or
// record, or as a game database where it is an SQLite file, and the
// databases named by --db. closeAll closes the databases opened.
func learnSources(ctx context.Context, paths, dbs []string) (sources []learn.Source, closeAll func(), err error) {
	var opened []*gamedb.DB
	closeAll = func() {
		for _, db := range opened {
			db.Close()
		}
	}
	named := len(dbs)
	for _, p := range paths {
		if gamedb.IsDatabaseFile(p) {
			dbs = append(dbs, p)
		} else {
			sources = append(sources, learn.FileSource(p))
		}
	}
	for i, path := range dbs {
		db, err := gamedb.OpenExisting(path)
		if err != nil {
			closeAll()
			if i < named {
				err = fmt.Errorf("--db: %w", err)
			}
			return nil, nil, err
		}
		opened = append(opened, db)
		sources = append(sources, dbSource(ctx, db))
	}
	return sources, closeAll, nil
}

// progressPrinter prints a progress line when the phase or pass changes
// and at most every two seconds otherwise.
func progressPrinter(w io.Writer, now func() time.Time) func(learn.Progress) {
	var last time.Time
	lastKey := ""
	return func(p learn.Progress) {
		key := fmt.Sprint(p.Phase, p.Pass)
		t := now()
		if key == lastKey && t.Sub(last) < 2*time.Second && p.Done < p.Total {
			return
		}
		last, lastKey = t, key
		var b strings.Builder
		fmt.Fprintf(&b, "learn: %s", p.Phase)
		if p.Pass > 0 {
			fmt.Fprintf(&b, " pass %d/%d", p.Pass, p.Passes)
		}
		fmt.Fprintf(&b, " %d/%d positions", p.Done, p.Total)
		if p.Phase == "training" {
			fmt.Fprintf(&b, ", loss %.4f", p.Loss)
		}
		if p.Rate > 0 {
			fmt.Fprintf(&b, ", %.0f positions/s, %s left", p.Rate, p.ETA.Round(time.Second))
		}
		fmt.Fprintln(w, b.String())
	}
}

// writeLearnReport prints the agreement before and after, the passes and
// the weights.
func writeLearnReport(w io.Writer, r *learn.Result) {
	var b strings.Builder
	fmt.Fprintf(&b, "training: %d games, %d positions; held out: %d games, %d positions; %.1f alternatives a position\n",
		r.TrainGames, r.TrainExamples, r.HeldOutGames, r.HeldOutExamples, r.MeanAlternatives)
	measure := func(name string, m learn.Measure) {
		fmt.Fprintf(&b, "%-7s played move first %5.1f%%, in the best five %5.1f%%, loss %.4f (%d %s positions)\n",
			name, 100*m.Top1, 100*m.Top5, m.Loss, m.Examples, r.MeasuredOn)
	}
	measure("before", r.Before)
	for _, p := range r.Passes {
		fmt.Fprintf(&b, "pass %d: training loss %.4f; %s loss %.4f, first %.1f%%, best five %.1f%% (%.1f s)\n",
			p.Pass, p.TrainLoss, r.MeasuredOn, p.Measure.Loss, 100*p.Measure.Top1, 100*p.Measure.Top5, p.Seconds)
	}
	measure("after", r.After)
	fmt.Fprintf(&b, "best weights: pass %d; %.0f positions/s over %.1f s\n\n", r.BestPass, r.Rate, r.Seconds)
	fmt.Fprintf(&b, "%-26s %7s %7s %7s\n", "weight", "old", "new", "change")
	for _, x := range r.Weights {
		change := ""
		if x.New != x.Old {
			change = fmt.Sprintf("%+d", x.New-x.Old)
		}
		fmt.Fprintf(&b, "%-26s %7d %7d %7s\n", x.Key, x.Old, x.New, change)
	}
	io.WriteString(w, b.String())
}

// writeJSONFile writes v as indented JSON to path, atomically.
func writeJSONFile(path string, v any) error {
	return fsutil.WriteFile(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	})
}
