package cli

import (
	"context"
	"flag"
	"fmt"

	"arimaa-workbench/engine/aeiengine"
	"arimaa-workbench/engine/config"
)

// runAei runs the embedded engine as an AEI engine on stdin and stdout.
func runAei(ctx context.Context, args []string, io stdio) int {
	fs := flag.NewFlagSet("aei", flag.ContinueOnError)
	fs.SetOutput(io.err)
	var ef engineFlags
	ef.register(fs)
	playouts := ranged[int64](fs, "playouts", 0, 0, config.MaxPlayouts, "`N` playouts per move (the time control still applies)")
	fs.Usage = func() {
		fmt.Fprint(io.err, `usage: arimaa-workbench aei [options]

Speaks AEI protocol version 1 on standard input and output, so that AEI
controllers (game servers, match runners, the workbench's own test-suite
runner) can use the embedded engine. Besides the standard options (tcmove,
tcreserve, tcpercent, tcmax, tcturntime, greserve, sreserve, moveused, hash,
depth, ...) it takes threads, playouts, seed and every configuration key by
its dotted name, e.g. "setoption name search.exploration value 0.3".
It exits on quit or when its input closes.

options:
`)
		fs.PrintDefaults()
	}
	if _, status, ok := parseExactly(fs, args, 0); !ok {
		return status
	}
	cfg, err := ef.load()
	if err != nil {
		fmt.Fprintf(io.err, "aei: %v\n", err)
		return 1
	}
	e := aeiengine.New(aeiengine.Options{Config: cfg, Threads: ef.threads, Seed: ef.seed, Playouts: *playouts})
	if err := e.Run(ctx, io.in, io.out); err != nil {
		fmt.Fprintf(io.err, "aei: %v\n", err)
		return 1
	}
	return 0
}
