package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/builtin"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/engine/rules"
)

// benchPositions are middle-game positions for the speed figures: the
// side to move and the ranks from 8 down to 1 ('.' is empty). The first is
// the example position of Kozelek, Methods of MCTS and the game Arimaa,
// 2009, figure A.1.
var benchPositions = [][9]string{
	{"s", "r....rrr", ".rc..c.h", "h..r..d.", ".....r..", "..d.re..", ".D.EM.D.", "H.Cm.C.H", "RRRRRRRR"},
	{"g", "rr.r.rrr", ".d..c..h", ".c.E..mh", "r...e...", "..D.R.H.", "R.......", ".M.C.CH.", "RRD..RRR"},
	{"s", "r.r..rrr", "..d.d.r.", ".h....c.", "..cHe...", "r..E.m..", "...R..D.", "RC..M.CH", "RR.RDR.R"},
}

// benchPosition builds benchPositions[i].
func benchPosition(i int) (rules.Position, error) {
	b := benchPositions[i]
	text := b[0] + " [" + strings.ReplaceAll(strings.Join(b[1:], ""), ".", " ") + "]"
	p, err := rules.ParseAEIPosition(text)
	if err != nil {
		return p, err
	}
	if probs := p.Validate(); len(probs) > 0 {
		return p, fmt.Errorf("bench position %d: %s", i+1, probs[0].Msg)
	}
	return p.WithTurn(20), nil
}

// runBench measures the engine: playouts per second with one worker on
// the start position and on a middle-game position, the speedup of two
// workers, unique-move generation and step generation rates; or, with
// --match, plays two configurations against each other.
func runBench(ctx context.Context, args []string, io stdio) int {
	fs := newFlagSet("bench", io.err, `usage: arimaa-workbench bench [options]

Without --match, prints the engine's speed: playouts per second with one
worker on the start position and on a middle-game position, the speedup of
two workers over one, unique moves generated per second (rules.MoveGen) and
legal steps generated per second on middle-game positions. It takes about
3 x --time seconds and up to 3 s more: the generation figures are measured
for --time each, at most 2 s and 1 s. The figures depend on the machine's
load, which is printed alongside.

With --match N, plays N games (colours alternating) between configuration A
(the defaults, --config and --set, then --a) and configuration B (the same,
then --b; by default the history heuristic turned off), each move searched
with --playouts playouts by one worker, and prints the score.

options:
`)
	var ef engineFlags
	ef.register(fs)
	seconds := ranged[float64](fs, "time", 4, 0.01, 3600, "`SECONDS` per playout measurement")
	games := ranged(fs, "match", 0, 0, 1_000_000, "play `N` games between configurations A and B instead of measuring speed")
	perMove := ranged[int64](fs, "playouts", 3000, 1, config.MaxPlayouts, "`N` playouts per move in a match")
	maxMoves := ranged(fs, "max-moves", 300, 1, 100_000, "`N` moves after which a match game is left unfinished")
	var setA, setB keyValueFlags
	fs.Var(&setA, "a", "configuration A for --match: `KEY=VALUE` on top of --config/--set (repeatable)")
	fs.Var(&setB, "b", "configuration B for --match: `KEY=VALUE` (repeatable); default search.history_weight=0")
	_, cfg, status, ok := ef.parse(fs, args, 0)
	if !ok {
		return status
	}
	if *games > 0 {
		if len(setB) == 0 {
			setB = keyValueFlags{"search.history_weight=0"}
		}
		a, errA := withSets(cfg, setA)
		b, errB := withSets(cfg, setB)
		if err := errors.Join(errA, errB); err != nil {
			fmt.Fprintf(io.err, "bench: %v\n", err)
			return 1
		}
		fmt.Fprintf(io.out, "match: A (%s) against B (%s), %d games, %d playouts per move\n", describe(setA), describe(setB), *games, *perMove)
		if err := runMatch(ctx, io.out, a, b, *games, *perMove, *maxMoves, ef.seed); err != nil {
			fmt.Fprintf(io.err, "bench: %v\n", err)
			return 1
		}
		return 0
	}
	if err := measure(ctx, io.out, cfg, time.Duration(*seconds*float64(time.Second)), ef.seed); err != nil {
		fmt.Fprintf(io.err, "bench: %v\n", err)
		return 1
	}
	return 0
}

func withSets(cfg config.Config, sets keyValueFlags) (config.Config, error) {
	for _, kv := range sets {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return cfg, fmt.Errorf("%q: want KEY=VALUE", kv)
		}
		if err := cfg.Set(strings.TrimSpace(k), v); err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

func describe(sets keyValueFlags) string {
	if len(sets) == 0 {
		return "defaults"
	}
	return strings.Join(sets, ", ")
}

// measure prints the speed figures.
func measure(ctx context.Context, out io.Writer, cfg config.Config, d time.Duration, seed uint64) error {
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Fprintf(out, "machine load average (1, 5, 15 min): %s\n", strings.Join(strings.Fields(string(load))[:3], " "))
	}
	ps := make([]rules.Position, len(benchPositions))
	for i := range ps {
		var err error
		if ps[i], err = benchPosition(i); err != nil {
			return err
		}
	}
	mid := ps[0]
	// Wall-clock rates depend on what else the machine runs; the rate per
	// CPU-second of the process does much less.
	rate := func(label string, p rules.Position, threads int) (float64, error) {
		s := mcts.New(mcts.Options{Threads: threads, Seed: seed, Config: cfg})
		cpu0, cpuOK := processCPU()
		res, err := s.SearchPosition(ctx, p, analysis.Limits{Time: d}, nil)
		if err != nil {
			return 0, err
		}
		cpu1, _ := processCPU()
		fmt.Fprintf(out, "playouts/s, %s: %10.0f", label, res.Report.PlayoutsPerSec)
		if cpu := (cpu1 - cpu0).Seconds(); cpuOK && cpu > 0 {
			fmt.Fprintf(out, "  (%.0f per CPU-second, %.2f CPUs busy)", float64(res.Report.Playouts)/cpu, cpu/res.Report.Elapsed.Seconds())
		}
		fmt.Fprintln(out)
		return res.Report.PlayoutsPerSec, nil
	}
	if _, err := rate("1 worker, start position ", rules.StartPosition(), 1); err != nil {
		return err
	}
	one, err := rate("1 worker, middle game    ", mid, 1)
	if err != nil {
		return err
	}
	two, err := rate("2 workers, middle game   ", mid, 2)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "scaling, 2 workers over 1 (wall clock): %.2fx\n", two/one)

	var gen rules.MoveGen
	var moves, calls int
	begin := time.Now()
	for time.Since(begin) < min(2*time.Second, d) && ctx.Err() == nil {
		for _, p := range ps {
			moves += gen.Count(p)
			calls++
		}
	}
	el := time.Since(begin).Seconds()
	fmt.Fprintf(out, "unique moves/s (rules.MoveGen):             %10.0f  (%d positions, %.0f moves each on average)\n", float64(moves)/el, len(benchPositions), float64(moves)/float64(calls))

	var buf [128]rules.Step
	var steps int
	begin = time.Now()
	for time.Since(begin) < min(time.Second, d) && ctx.Err() == nil {
		for k := 0; k < 1000; k++ {
			for i := range ps {
				steps += len(ps[i].Steps(buf[:0]))
			}
		}
	}
	fmt.Fprintf(out, "legal steps generated/s (Position.Steps):   %10.0f\n", float64(steps)/time.Since(begin).Seconds())
	return ctx.Err()
}

// runMatch plays games between configurations a and b and prints the score.
func runMatch(ctx context.Context, out io.Writer, a, b config.Config, games int, playouts int64, maxMoves int, seed uint64) error {
	var winsA, winsB, unfinished int
	for i := 0; i < games; i++ {
		cfgs := [2]config.Config{a, b}
		names := [2]string{"A", "B"}
		if i%2 == 1 {
			cfgs[0], cfgs[1] = b, a
			names[0], names[1] = "B", "A"
		}
		var players [2]builtin.Searcher
		for c := range players {
			players[c] = builtin.NewSearcher(builtin.Options{Threads: 1, Seed: seed + uint64(2*i+c), Config: cfgs[c]})
		}
		g, err := playGame(ctx, players, analysis.Limits{Playouts: playouts}, maxMoves)
		if err != nil {
			return err
		}
		r, over := g.Result()
		switch {
		case !over:
			unfinished++
			fmt.Fprintf(out, "game %d: gold %s, silver %s: unfinished after %d moves\n", i+1, names[0], names[1], len(g.Moves()))
		default:
			if names[r.Winner] == "A" {
				winsA++
			} else {
				winsB++
			}
			fmt.Fprintf(out, "game %d: gold %s, silver %s: %s (%s) wins by %s after %d moves\n", i+1, names[0], names[1], r.Winner, names[r.Winner], r.How, len(g.Moves()))
		}
	}
	n := winsA + winsB
	score := 0.5
	if n > 0 {
		score = float64(winsA) / float64(n)
	}
	margin := 1.96 * math.Sqrt(score*(1-score)/math.Max(float64(n), 1))
	fmt.Fprintf(out, "score: A %d - %d B (%d unfinished); A wins %.1f%% ± %.1f%% of decided games\n", winsA, winsB, unfinished, 100*score, 100*margin)
	return nil
}

// playGame plays a whole game, setups included, between two searchers.
func playGame(ctx context.Context, players [2]builtin.Searcher, lim analysis.Limits, maxMoves int) (*rules.Game, error) {
	g := rules.NewGame()
	for len(g.Moves()) < maxMoves {
		if err := ctx.Err(); err != nil {
			return g, err
		}
		side := rules.Gold
		switch g.Phase() {
		case rules.Over:
			return g, nil
		case rules.SilverSetup:
			side = rules.Silver
		case rules.Playing:
			p := g.Position()
			side = p.Side()
		}
		res, err := players[side].Search(ctx, g, lim, nil)
		if err != nil {
			return g, err
		}
		if res.Setup != nil {
			err = g.SetupPieces(res.Setup)
		} else {
			err = g.Play(res.Best)
		}
		if err != nil {
			return g, fmt.Errorf("the engine played an illegal move: %w", err)
		}
	}
	return g, nil
}
