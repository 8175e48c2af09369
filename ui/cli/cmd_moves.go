package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	goio "io"
	"os"
	"strings"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// maxMovesLine bounds a line of moves' input: a compact position takes 68
// bytes, so anything near this is garbage, reported without being held.
const maxMovesLine = 1 << 20

// runMoves counts (and with --list prints) the unique moves of compact
// positions read one per line.
func runMoves(ctx context.Context, args []string, io stdio) int {
	fs := newFlagSet("moves", io.err, `usage: arimaa-workbench moves [--list] [FILE]

Reads positions in the compact AEI form, one per line, from FILE or stdin
(FILE "-" is stdin), for example
  g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]
and prints for each the number of unique moves (distinct positions the side
to move can reach in one turn, repetition ignored) and of legal single steps:
  3353	8
Blank lines and lines starting with # are skipped. A line that is not a
valid position prints "error<TAB>" and the reason with its line number
instead, and the exit status is then 1.

options:
`)
	list := fs.Bool("list", false, "after each count line, print every unique move, one per line, with capture tokens")
	paths, err := ParseInterleaved(fs, args)
	if err != nil {
		return flagStatus(err)
	}
	if len(paths) > 1 {
		fmt.Fprintln(io.err, "moves: at most one FILE")
		fs.Usage()
		return 2
	}
	in, name := io.in, ""
	if len(paths) == 1 && paths[0] != "-" {
		f, err := os.Open(paths[0])
		if err != nil {
			fmt.Fprintf(io.err, "moves: %v\n", err)
			return 1
		}
		defer f.Close()
		in, name = f, paths[0]
	}

	lines := records.NewLineReader(in, name, maxMovesLine)
	out := bufio.NewWriter(io.out)
	defer out.Flush()
	var gen rules.MoveGen
	var moves []rules.Move
	status := 0
	for {
		if ctx.Err() != nil {
			fmt.Fprintln(io.err, "moves: interrupted")
			return 1
		}
		raw, err := lines.Next()
		if err == goio.EOF {
			break
		}
		var pe *records.ParseError
		if errors.As(err, &pe) {
			fmt.Fprintf(out, "error\t%v\n", err)
			out.Flush()
			status = 1
			continue
		}
		if err != nil {
			out.Flush()
			where := "stdin"
			if name != "" {
				where = name
			}
			fmt.Fprintf(io.err, "moves: reading %s after line %d: %v\n", where, lines.Line(), err)
			return 1
		}
		text := string(raw)
		line := strings.TrimSpace(text)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos, err := records.ParseCompact(text)
		if err != nil {
			if errors.As(err, &pe) {
				pe.File, pe.Line = name, lines.Line()
			}
			fmt.Fprintf(out, "error\t%v\n", err)
			out.Flush()
			status = 1
			continue
		}
		if !*list {
			fmt.Fprintf(out, "%d\t%d\n", gen.Count(pos), len(pos.Steps(nil)))
			out.Flush()
			continue
		}
		moves = gen.Moves(pos, moves[:0])
		fmt.Fprintf(out, "%d\t%d\n", len(moves), len(pos.Steps(nil)))
		for _, m := range moves {
			out.WriteString(pos.MoveString(m))
			out.WriteByte('\n')
		}
		out.Flush()
	}
	return status
}
