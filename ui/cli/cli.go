// Package cli is the workbench's command line: the subcommands for
// scripts and CI (moves, replay, convert, render, ats, eval, analyze, aei,
// bench, match, worker), their shared flag helpers, and the rule that
// tells a command from files for the window. The command line is a user
// interface like the window; it holds no game logic of its own.
package cli

import (
	_ "arimaa-workbench/ui/fynelocale" // before Fyne's own start-up

	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// stdio is where a subcommand reads and writes, so tests can capture it.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// usageErrors returns the reporter of a wrong command line for the command
// called name: it writes "name: " and the message to the error stream and
// gives exit status 2.
func (io stdio) usageErrors(name string) func(format string, a ...any) int {
	return func(format string, a ...any) int {
		fmt.Fprintf(io.err, name+": "+format+"\n", a...)
		return 2
	}
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
		{"db", "the game database: index archives, explore openings, find exact and similar positions", runDB},
		{"phase", "print the game phase, opening to endgame, of each position of games and position files", runPhase},
		{"render", "draw a position as a PNG diagram with the window's board renderer", runRender},
		{"ats", "run an Arimaa Test Suite against an engine; compare runs", runATS},
		{"eval", "evaluate a position: features, win probability, goal and trap checks", runEval},
		{"analyze", "search a position with the builtin engine (MCTS or alpha-beta) and print its reports", runAnalyze},
		{"aei", "run the builtin engine as an AEI engine on stdin/stdout", runAei},
		{"learn", "learn the evaluation weights from game records (Bonanza method)", runLearn},
		{"fit", "fit the evaluation weights to a teacher engine's scores of positions", runFit},
		{"judge", "score an engine's moves, or the moves played, with a stronger engine as the teacher", runJudge},
		{"bench", "measure the engine's speed, or play a match between two configurations", runBench},
		{"match", "play a match or tournament between engines, with Elo and SPRT", runMatchCommand},
		{"worker", "play the games of distributed matches, taking jobs from a NATS server", runWorker},
	}
}

// Main runs the command that args name (the program's arguments without
// its name) with the process's standard streams, stopping cleanly on
// SIGINT or SIGTERM, and returns the exit status. OpensWindow tells the
// caller first whether args are for the window instead.
func Main(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return dispatch(ctx, args, stdio{os.Stdin, os.Stdout, os.Stderr})
}

func dispatch(ctx context.Context, args []string, io stdio) int {
	if len(args) == 0 {
		usage(io.err)
		return 2
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

// OpensWindow reports whether args are for the window rather than a
// command: none at all, a flag first, or a first argument that names an
// existing file or folder (`arimaa-workbench game.txt`). A command's name
// wins over a file of the same name in the working folder, so scripts that
// call a command keep working wherever they run.
func OpensWindow(args []string) bool {
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

// flagStatus is the exit status of a command whose flags did not parse:
// 0 when the user asked for -h (the flag package printed the usage), 2
// for a bad flag.
func flagStatus(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// ParseInterleaved parses flags that may come before, between or after the
// positional arguments.
func ParseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
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

// parseFiles parses args as ParseInterleaved does and wants at least one
// positional argument, a FILE; with none it says so on errw and prints
// fs's usage. When ok is false the command returns status: 0 after -h, 2
// otherwise.
func parseFiles(fs *flag.FlagSet, args []string, errw io.Writer) (paths []string, status int, ok bool) {
	paths, err := ParseInterleaved(fs, args)
	if err != nil {
		return nil, flagStatus(err), false
	}
	if len(paths) == 0 {
		fmt.Fprintf(errw, "%s: no FILE given\n", fs.Name())
		fs.Usage()
		return nil, 2, false
	}
	return paths, 0, true
}

// newFlagSet is the flag set of the command name: its errors go to w, and
// -h or a usage error prints usage, then the options with their defaults.
func newFlagSet(name string, w io.Writer, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(w)
	fs.Usage = func() {
		fmt.Fprint(w, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseExactly parses args as ParseInterleaved does and wants exactly n
// positional arguments; with any other number it prints fs's usage. When
// ok is false the command returns status: 0 after -h, 2 otherwise.
func parseExactly(fs *flag.FlagSet, args []string, n int) (pos []string, status int, ok bool) {
	pos, err := ParseInterleaved(fs, args)
	if err != nil {
		return nil, flagStatus(err), false
	}
	if len(pos) != n {
		fs.Usage()
		return nil, 2, false
	}
	return pos, 0, true
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
