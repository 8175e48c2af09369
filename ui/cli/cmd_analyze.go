package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/builtin"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// configFlags are the options that give the engine configuration, the
// same for every command that takes one: a configuration file (any of its
// tables, so a file of the [eval] and [knowledge] weights alone too) and
// single keys.
type configFlags struct {
	config string
	sets   keyValueFlags
}

// engineFlags are the options analyze, aei and bench share.
type engineFlags struct {
	configFlags
	threads int
	seed    uint64
}

// keyValueFlags collects a repeated flag of KEY=VALUE words.
type keyValueFlags = multiFlag

func (f *configFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.config, "config", "", "engine configuration `FILE` (TOML: any of the tables [search], [time], [eval], [knowledge]; see `arimaa-workbench aei` option names); the defaults otherwise")
	fs.Var(&f.sets, "set", "set one configuration `KEY=VALUE` (repeatable), e.g. search.exploration=0.3 or eval.cat=170")
}

func (f *engineFlags) register(fs *flag.FlagSet) {
	f.configFlags.register(fs)
	rangeVar(fs, &f.threads, "threads", 0, 0, config.MaxThreads, "`N` search workers; 0 uses every core")
	fs.Uint64Var(&f.seed, "seed", 1, "random seed; with --threads 1 and a playout budget the search is repeatable")
}

// parse parses args as parseExactly does, wanting n positional arguments,
// and loads the configuration the flags give. When ok is false the
// command returns status; a configuration that does not load is said on
// fs's output, after the command's name.
func (f *configFlags) parse(fs *flag.FlagSet, args []string, n int) (pos []string, cfg config.Config, status int, ok bool) {
	if pos, status, ok = parseExactly(fs, args, n); !ok {
		return nil, cfg, status, false
	}
	cfg, err := f.load()
	if err != nil {
		fmt.Fprintf(fs.Output(), "%s: %v\n", fs.Name(), err)
		return nil, cfg, 1, false
	}
	return pos, cfg, 0, true
}

// load builds the configuration from --config and --set.
func (f *configFlags) load() (config.Config, error) {
	cfg := config.Default()
	if f.config != "" {
		data, err := fsutil.ReadFile(f.config)
		if err != nil {
			return cfg, err
		}
		if cfg, err = config.Load(bytes.NewReader(data), f.config); err != nil {
			return cfg, err
		}
	}
	for _, kv := range f.sets {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return cfg, fmt.Errorf("--set %q: want KEY=VALUE", kv)
		}
		if err := cfg.Set(strings.TrimSpace(k), v); err != nil {
			return cfg, fmt.Errorf("--set %q: %w", kv, err)
		}
	}
	return cfg, nil
}

// runAnalyze searches a position with the builtin engine and prints its
// progress reports and best move.
func runAnalyze(ctx context.Context, args []string, io stdio) int {
	fs := newFlagSet("analyze", io.err, `usage: arimaa-workbench analyze [options] POSFILE

Searches a position with the builtin engine (the alpha-beta search, or
with --set search.algorithm=mcts the MCTS) and prints a progress
report several times a second: for the alpha-beta search the elapsed time,
the completed and selective depth in steps, the score in centi-rabbits and
its win ratio, nodes and nodes per second, the table's memory and the best
move so far; for the MCTS the playouts, playouts per second, tree nodes and
memory, average/maximum depth and the best move with its win ratio. Then
the principal variation, the top candidate moves (nodes and score, ≤ where
the search proved only a bound; or visits and win ratio) and the best move. POSFILE holds a position in the long or compact format or
a game record (the search then knows the game's history); "-" reads stdin,
and a compact position may be given inline in quotes.

options:
`)
	var ef engineFlags
	ef.register(fs)
	seconds := ranged[float64](fs, "time", 0, 0, config.MaxSeconds, "search for `S` seconds (default 5 when no other limit is given)")
	playouts := ranged[int64](fs, "playouts", 0, 0, config.MaxPlayouts, "search for `N` playouts (the alpha-beta search: nodes)")
	depth := ranged(fs, "depth", 0, 0, config.MaxDepth, "search `STEPS` steps deep (the alpha-beta search: that iteration; the MCTS: its principal variation that long)")
	nodes := ranged(fs, "nodes", 0, 0, config.MaxNodes, "largest tree, in `N` nodes")
	memory := ranged(fs, "memory", 0, 0, config.MemoryLimitMB(), "largest tree, in `MB`")
	top := ranged(fs, "top", 5, 0, 100, "`N` candidates to list at the end")
	quiet := fs.Bool("quiet", false, "print only the final report")
	files, cfg, status, ok := ef.parse(fs, args, 1)
	if !ok {
		return status
	}
	g, err := readGameArg(files[0], io.in)
	if err != nil {
		fmt.Fprintf(io.err, "analyze: %v\n", err)
		return 1
	}
	lim := analysis.Limits{Time: time.Duration(*seconds * float64(time.Second)), Playouts: *playouts, Nodes: *nodes, Depth: *depth, MemoryBytes: *memory << 20}
	if lim.Time == 0 && lim.Playouts == 0 && lim.Depth == 0 {
		lim.Time = 5 * time.Second
	}
	eng := builtin.New("builtin", builtin.Fixed(builtin.Options{Threads: ef.threads, Seed: ef.seed, Config: cfg}))
	if err := eng.Reserve(lim); err != nil {
		fmt.Fprintf(io.err, "analyze: %v\n", err)
		return 2
	}
	pos := g.Position()
	if g.Phase() == rules.Playing {
		fmt.Fprintf(io.out, "position %s, %s to move\n", pos.AEIString(), pos.Side())
	}
	res, err := eng.Search(ctx, g, lim, analysis.Output{Report: func(r analysis.Report) {
		if !*quiet || r.Final {
			fmt.Fprintln(io.out, reportLine(&pos, r))
		}
	}})
	if err != nil {
		fmt.Fprintf(io.err, "analyze: %v\n", err)
		return 1
	}
	if res.Setup != nil {
		fmt.Fprintf(io.out, "setup %s\n", rules.SetupString(res.Setup))
		return 0
	}
	r := res.Report
	if r.Komi != 0 {
		// The win ratios below are relative: say so.
		side, k := pos.Side(), r.Komi
		if k < 0 {
			side, k = side.Other(), -k
		}
		fmt.Fprintf(io.out, "decided position: the win ratios are computed with %d taken off %s's evaluation (search.decided_score), to tell its moves apart\n", k, strings.ToLower(side.String()))
	}
	fmt.Fprintf(io.out, "pv %s\n", pvText(pos.Side(), r.PV))
	for i, c := range r.Candidates {
		if i >= *top {
			break
		}
		fmt.Fprintln(io.out, candidateLine(&pos, i, c))
	}
	fmt.Fprintf(io.out, "bestmove %s\n", res.Move)
	return 0
}

// reportLine gives a progress report on one line: the alpha-beta
// search's in its own terms (completed and selective depth in steps, the
// score in centi-rabbits, nodes), the MCTS's with its playouts.
func reportLine(pos *rules.Position, r analysis.Report) string {
	tag := "info "
	if r.Final {
		tag = "final"
	}
	if r.AlphaBeta {
		return fmt.Sprintf("%s %6.2fs  depth %2.0f/%-3d score %+6d (win %.3f)  nodes %10d %9.0f/s  table %6.1f MB  best %s",
			tag, r.Elapsed.Seconds(), r.AvgDepth, r.MaxDepth, r.Score, r.WinRatio, r.Nodes, r.PlayoutsPerSec,
			float64(r.MemoryBytes)/(1<<20), pos.MoveString(r.Best))
	}
	return fmt.Sprintf("%s %6.2fs %10d playouts %9.0f/s  nodes %9d  %6.1f MB  depth %4.1f/%-3d best %s (%.3f)",
		tag, r.Elapsed.Seconds(), r.Playouts, r.PlayoutsPerSec, r.Nodes, float64(r.MemoryBytes)/(1<<20),
		r.AvgDepth, r.MaxDepth, pos.MoveString(r.Best), r.WinRatio)
}

// candidateLine gives candidate i: an alpha-beta search's with its
// nodes and score (≤ where only a bound is known), the MCTS's with its
// visits and win ratio.
func candidateLine(pos *rules.Position, i int, c analysis.Candidate) string {
	if c.HasScore {
		bound := " "
		if c.Bound {
			bound = "≤"
		}
		return fmt.Sprintf("candidate %d: %-28s nodes %9d  score %s%+d", i+1, pos.MoveString(c.Move), c.Visits, bound, c.Score)
	}
	return fmt.Sprintf("candidate %d: %-28s visits %8d  win ratio %.3f", i+1, pos.MoveString(c.Move), c.Visits, c.WinRatio)
}

// pvText writes a principal variation with a side letter at each turn.
func pvText(first rules.Color, pv []rules.PVStep) string {
	var b strings.Builder
	side := first
	b.WriteByte(side.Letter())
	for _, st := range pv {
		if st.Side != side {
			side = st.Side
			b.WriteString(" | ")
			b.WriteByte(side.Letter())
		}
		if st.Step != rules.Pass {
			b.WriteByte(' ')
			b.WriteString(st.Step.String())
		}
	}
	return b.String()
}

// readGameArg reads a position or a game record from a file, stdin ("-")
// or an inline compact position; records.Detect tells which it is.
func readGameArg(name string, stdin io.Reader) (*rules.Game, error) {
	data, name, err := readArg(name, stdin)
	if err != nil {
		return nil, err
	}
	if records.Detect(data) == records.KindRecord {
		rec, err := records.ReadRecord(bytes.NewReader(data), name)
		if err != nil {
			return nil, err
		}
		return rec.Game()
	}
	p, err := parsePosition(data, name)
	if err != nil {
		return nil, err
	}
	g, err := rules.NewGameFrom(p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return g, nil
}
