package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
	"arimaa-workbench/ui/board"
)

// runRender draws a position to a PNG diagram with the window's board
// renderer: `render POS out.png [--size N] [--flip] [--no-coords]`. POS is a
// position file (long or compact form), "-" for standard input, or a
// compact position given inline.
func runRender(ctx context.Context, args []string, io stdio) int {
	fs := newFlagSet("render", io.err, `usage: arimaa-workbench render POS out.png [--size N] [--flip] [--no-coords]
POS is a position file (.ari/.txt, long or compact), - for stdin, or an inline compact position.
`)
	size := ranged(fs, "size", 640, 64, 8192, "width and height of the picture in `PIXELS`")
	flip := fs.Bool("flip", false, "draw the board from Silver's side")
	noCoords := fs.Bool("no-coords", false, "leave out the file letters and rank numbers")
	pos, status, ok := parseExactly(fs, args, 2)
	if !ok {
		return status
	}
	p, err := readRenderPosition(pos[0], io)
	if err != nil {
		fmt.Fprintf(io.err, "render: %v\n", err)
		return 1
	}
	d := board.Diagram{Position: p, Size: *size, Flipped: *flip, NoCoords: *noCoords,
		Overlays: board.Overlays{Selected: rules.NoSquare}}
	if err := board.WritePNG(pos[1], d); err != nil {
		fmt.Fprintf(io.err, "render: %v\n", err)
		return 1
	}
	return 0
}

func readRenderPosition(arg string, io stdio) (rules.Position, error) {
	if arg == "-" {
		data, name, err := readArg(arg, io.in)
		if err != nil {
			return rules.Position{}, err
		}
		return parsePosition(data, name)
	}
	data, err := fsutil.ReadFile(arg)
	if err == nil {
		return parsePosition(data, arg)
	}
	if !errors.Is(err, os.ErrNotExist) {
		return rules.Position{}, err
	}
	p, perr := records.ParseAny(arg)
	if perr != nil {
		return rules.Position{}, fmt.Errorf("%s: no such file, and not a position either: %v", arg, perr)
	}
	return p, nil
}
