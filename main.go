// Command arimaa-workbench is a desktop workbench for Arimaa engine
// developers: a position editor, a game-record viewer, a builtin engine
// and an Arimaa Test Suite runner. Run without arguments, or with files, it
// opens the window (package ui/app); with a subcommand it works as a
// command-line tool for scripts and CI (package ui/cli).
// `arimaa-workbench help` lists the subcommands.
package main

import (
	"os"

	_ "arimaa-workbench/ui/fynelocale" // before Fyne's own start-up

	"arimaa-workbench/ui/app"
	"arimaa-workbench/ui/cli"
)

func main() {
	args := os.Args[1:]
	if cli.OpensWindow(args) {
		os.Exit(app.Run(args, os.Stderr))
	}
	os.Exit(cli.Main(args))
}
