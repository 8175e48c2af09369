package cli

import (
	"context"
	"fmt"

	"arimaa-workbench/ats/gamedb"
	"arimaa-workbench/engine/aeiengine"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
)

// runAei runs the builtin engine as an AEI engine on stdin and stdout.
func runAei(ctx context.Context, args []string, io stdio) int {
	fs := newFlagSet("aei", io.err, `usage: arimaa-workbench aei [options]

Speaks AEI protocol version 1 on standard input and output, so that AEI
controllers (game servers, match runners, the workbench's own test-suite
runner) can use the builtin engine. Besides the standard options (tcmove,
tcreserve, tcpercent, tcmax, tcturntime, greserve, sreserve, moveused, hash,
depth, ...) it takes threads, playouts, seed and every configuration key by
its dotted name, e.g. "setoption name search.exploration value 0.3".
It exits on quit or when its input closes.

options:
`)
	var ef engineFlags
	ef.register(fs)
	playouts := ranged[int64](fs, "playouts", 0, 0, config.MaxPlayouts, "`N` playouts per move (the time control still applies)")
	dbPrior := fs.String("db-prior", "", "suggest to every search the moves played in similar positions of the game database `FILE` (Ahmed 2017's knowledge database)")
	priorWeight := ranged[float64](fs, "db-prior-weight", 300, 0, 10000, "the suggestions' total weight `W` in step-knowledge points")
	priorRadius := ranged[int](fs, "db-prior-radius", 2, 0, gamedb.MaxRadius, "the similar search's radius `R`")
	priorPositions := ranged[int](fs, "db-prior-positions", 50, 1, 1000, "the `N` most similar positions whose moves are suggested")
	_, cfg, status, ok := ef.parse(fs, args, 0)
	if !ok {
		return status
	}
	opts := aeiengine.Options{Config: cfg, Threads: ef.threads, Seed: ef.seed, Playouts: *playouts}
	if *dbPrior != "" {
		db, err := gamedb.OpenExisting(*dbPrior)
		if err != nil {
			fmt.Fprintf(io.err, "aei: --db-prior: %v\n", err)
			return 1
		}
		defer db.Close()
		opts.RootPriors = func(ctx context.Context, g *rules.Game) []analysis.MovePrior {
			priors, err := db.RootPriors(ctx, g.Position(), *priorRadius, *priorPositions, *priorWeight)
			if err != nil {
				fmt.Fprintf(io.err, "aei: --db-prior: %v\n", err)
			}
			return priors
		}
	}
	e := aeiengine.New(opts)
	if err := e.Run(ctx, io.in, io.out); err != nil {
		fmt.Fprintf(io.err, "aei: %v\n", err)
		return 1
	}
	return 0
}
