// Command arimaa-workbench is a desktop workbench for Arimaa engine
// developers: a position editor, a game-record viewer, an embedded engine
// and an Arimaa Test Suite runner. Run without arguments it opens the
// window; with a subcommand it works as a command-line tool for scripts
// and CI. `arimaa-workbench help` lists the subcommands.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	_ "arimaa-workbench/ui/fynelocale" // before Fyne's own start-up
)

// stdio is where a subcommand reads and writes, so tests can capture it.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// command is one subcommand; run returns the process exit status.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, io stdio) int
}

// commands lists the subcommands in the order help shows them.
func commands() []command {
	return []command{
		{"moves", "count or list the unique moves of compact positions read from stdin", runMoves},
		{"replay", "replay game records and archives with full rules checking", runReplay},
		{"convert", "convert positions and game records between formats", runConvert},
		{"render", "draw a position as a PNG diagram with the window's board renderer", runRender},
		{"ats", "run an Arimaa Test Suite against an engine; compare runs", runATS},
		{"eval", "evaluate a position: features, win probability, goal and trap checks", runEval},
		{"analyze", "search a position with the embedded MCTS engine and print its reports", runAnalyze},
		{"aei", "run the embedded engine as an AEI engine on stdin/stdout", runAei},
		{"bench", "measure the engine's speed, or play a match between two configurations", runBench},
		{"match", "play a match or tournament between engines, with Elo and SPRT", runMatchCommand},
		{"worker", "play the games of distributed matches, taking jobs from a NATS server", runWorker},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(dispatch(ctx, os.Args[1:], stdio{os.Stdin, os.Stdout, os.Stderr}))
}

func dispatch(ctx context.Context, args []string, io stdio) int {
	if opensWindow(args) {
		return runGUI(args, io)
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" {
		usage(io.out)
		return 0
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(ctx, args[1:], io)
		}
	}
	fmt.Fprintf(io.err, "arimaa-workbench: %q is neither a command nor a file or folder\n\n", name)
	usage(io.err)
	return 2
}

// opensWindow reports whether args are for the window rather than a
// command: none at all, a flag first, or a first argument that names an
// existing file or folder (`arimaa-workbench game.txt`). A command's name
// wins over a file of the same name in the working folder, so scripts that
// call a command keep working wherever they run.
func opensWindow(args []string) bool {
	if len(args) == 0 {
		return true
	}
	first := args[0]
	if first == "-h" || first == "--help" || first == "help" {
		return false
	}
	if strings.HasPrefix(first, "-") {
		return true
	}
	for _, c := range commands() {
		if c.name == first {
			return false
		}
	}
	_, err := os.Stat(first)
	return err == nil
}

// parseInterleaved parses flags that may come before, between or after the
// positional arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: arimaa-workbench [--screenshot FILE] [FILE...]   open the workbench window")
	fmt.Fprintln(w, "       arimaa-workbench COMMAND [ARGS]                  run a command-line tool")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\n`arimaa-workbench COMMAND -h` describes a command's options.")
}
