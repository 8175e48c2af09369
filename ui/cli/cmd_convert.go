package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// convItem is one thing read by convert: a game (from a record, a position
// or an archive row) or a bare position from a compact line.
type convItem struct {
	name string
	pos  rules.Position
	game *rules.Game          // nil for a compact position
	arch *records.ArchiveGame // set for an archive row
}

type convOptions struct {
	to     string
	gameID string
	ply    int
	every  bool
}

// runConvert converts positions and game records between formats.
func runConvert(ctx context.Context, args []string, std stdio) int {
	fs := newFlagSet("convert", std.err, `usage: arimaa-workbench convert --to FORMAT [--game ID] [--ply N | --every] [-o OUT] [FILE...]

Converts positions and games between the formats of the workbench. Each
FILE ("-" or none: stdin) is read as whichever it holds:
  an archive      tab-separated, first line starting "id<TAB>" (streamed)
  compact lines   positions such as "g [rrrrrrrrhdcemcdh ... RRRRRRRR]",
                  one per line (blank and # lines skipped)
  a record        setups and moves, a long position followed by moves, or
                  a long position alone
Every game is replayed with full rules checking first.

FORMAT is
  long      each position in the standard (long) format, blank-line separated
  compact   each position on one line in the compact AEI format
  record    one game as a canonical record with capture tokens (a game
            from a position is written as the position, then its moves)
  archive   an archive: header, then one row per game (games from setups
            only; result and termination from the rules, or a recorded
            resignation; other columns from an archive input)
For long and compact, the position of a game is the one after its last
move, or after --ply moves; with --every, every position of the game in
turn, from the one after the setups to the last (say, to have another
engine score them for fit).

examples:
  arimaa-workbench convert --to compact game.txt              final position
  arimaa-workbench convert --to long --ply 10 game.txt        after 10 moves
  arimaa-workbench convert --to record --game 4711 games.tsv  one archive game
  arimaa-workbench convert --to archive -o mine.tsv a.txt b.txt
  arimaa-workbench convert --to compact --ply 20 games.tsv    one line per game
  arimaa-workbench convert --to compact --every games.tsv     every position

options:
`)
	var opt convOptions
	fs.StringVar(&opt.to, "to", "", "output format: long, compact, record or archive (required)")
	fs.StringVar(&opt.gameID, "game", "", "take only the archive game with this id")
	rangeVar(fs, &opt.ply, "ply", -1, -1, math.MaxInt32, "for long and compact: the position after `N` moves of each game; -1: after the last")
	fs.BoolVar(&opt.every, "every", false, "for long and compact: every position of each game, in turn")
	outPath := fs.String("o", "", "write to this file (replaced atomically) instead of stdout")
	paths, err := ParseInterleaved(fs, args)
	if err != nil {
		return flagStatus(err)
	}
	switch opt.to {
	case "long", "compact", "record", "archive":
	case "":
		fmt.Fprintln(std.err, "convert: --to is required")
		fs.Usage()
		return 2
	default:
		fmt.Fprintf(std.err, "convert: unknown format %q (long, compact, record or archive)\n", opt.to)
		return 2
	}
	if opt.every && (opt.ply >= 0 || (opt.to != "long" && opt.to != "compact")) {
		fmt.Fprintln(std.err, "convert: --every goes with --to long or compact, and not with --ply")
		return 2
	}
	if len(paths) == 0 {
		paths = []string{"-"}
	}

	// convert writes every input to out and reports each problem on
	// std.err; its result is the command's exit status.
	convert := func(out io.Writer) int {
		bw := bufio.NewWriter(out)
		w := newConvWriter(bw, opt)
		status := 0
		for _, path := range paths {
			failed, err := eachItem(ctx, path, std.in, opt.gameID, w.write, func(err error) {
				fmt.Fprintf(std.err, "convert: %v\n", err)
			})
			if err != nil {
				fmt.Fprintf(std.err, "convert: %v\n", err)
				status = 1
				break
			}
			if failed {
				status = 1
			}
		}
		if status == 0 {
			if err := w.finish(); err != nil {
				fmt.Fprintf(std.err, "convert: %v\n", err)
				status = 1
			}
		}
		if err := bw.Flush(); err != nil && status == 0 {
			fmt.Fprintf(std.err, "convert: %v\n", err)
			status = 1
		}
		return status
	}
	if *outPath == "" {
		return convert(std.out)
	}
	status := 0
	err = fsutil.WriteFile(*outPath, func(out io.Writer) error {
		if status = convert(out); status != 0 {
			// The problems are reported already; the error only keeps a
			// partial conversion from replacing the output file.
			return errConvertFailed
		}
		return nil
	})
	if err != nil && status == 0 {
		fmt.Fprintf(std.err, "convert: %v\n", err)
		status = 1
	}
	return status
}

// errConvertFailed makes fsutil.WriteFile drop the output of a conversion
// that reported a problem.
var errConvertFailed = errors.New("conversion failed")

// input is one input of a command that reads files, or standard input
// for "-".
type input struct {
	r    *bufio.Reader
	name string   // the path, or "stdin"
	file *os.File // nil for standard input
}

// openInput opens path, or takes stdin for "-"; Close closes the file.
func openInput(path string, stdin io.Reader) (*input, error) {
	if path == "-" {
		return &input{r: bufio.NewReaderSize(stdin, 64<<10), name: "stdin"}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return &input{r: bufio.NewReaderSize(f, 64<<10), name: path, file: f}, nil
}

// checkWhole reports an input too large to read whole (fsutil.CheckSize);
// only a file's size is known before it is read.
func (in *input) checkWhole() error {
	if in.file == nil {
		return nil
	}
	return fsutil.CheckSize(in.file)
}

// Close closes the input's file, if it has one.
func (in *input) Close() error {
	if in.file == nil {
		return nil
	}
	return in.file.Close()
}

// eachItem reads one input and calls fn for every position or game in it.
// Problems with single games or lines go to report and make failed true;
// an error returned stops the conversion.
func eachItem(ctx context.Context, path string, stdin io.Reader, gameID string,
	fn func(convItem) error, report func(error)) (failed bool, err error) {
	in, err := openInput(path, stdin)
	if err != nil {
		return false, err
	}
	defer in.Close()
	br, name := in.r, in.name
	if isArchive(br) {
		return eachArchiveGame(ctx, br, name, gameID, fn, report)
	}
	if gameID != "" {
		return false, fmt.Errorf("%s: --game picks a game of an archive, but this is not an archive", name)
	}
	// Anything but an archive is read whole.
	if err := in.checkWhole(); err != nil {
		return false, err
	}
	data, err := fsutil.ReadAll(br, name)
	if errors.Is(err, fsutil.ErrTooLarge) {
		return false, err
	}
	if err != nil {
		return false, fmt.Errorf("%s: %v", name, err)
	}
	text := string(data)
	if records.Detect(data) == records.KindCompact {
		for i, line := range strings.Split(text, "\n") {
			t := strings.TrimSpace(line)
			if t == "" || strings.HasPrefix(t, "#") {
				continue
			}
			p, err := records.ParseCompact(line)
			if err != nil {
				var pe *records.ParseError
				if errors.As(err, &pe) {
					pe.File, pe.Line = name, i+1
				}
				report(err)
				failed = true
				continue
			}
			if err := fn(convItem{name: fmt.Sprintf("%s:%d", name, i+1), pos: p}); err != nil {
				return failed, err
			}
		}
		return failed, nil
	}
	rec, err := records.ReadRecord(strings.NewReader(text), name)
	if err != nil {
		return false, err
	}
	g, err := rec.Game()
	if err != nil {
		return false, err
	}
	return false, fn(convItem{name: name, pos: g.Position(), game: g})
}

func eachArchiveGame(ctx context.Context, in io.Reader, name, gameID string,
	fn func(convItem) error, report func(error)) (failed bool, err error) {
	ar := records.NewArchiveReader(in, name)
	found := false
	for {
		if err := ctx.Err(); err != nil {
			return failed, fmt.Errorf("%s: interrupted after line %d", name, ar.Line())
		}
		ag, err := ar.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if ar.Broken() {
				return failed, err
			}
			if gameID == "" {
				report(err)
				failed = true
			}
			continue
		}
		if gameID != "" && ag.ID != gameID {
			continue
		}
		found = true
		g, err := ag.Game()
		if err != nil {
			report(err)
			failed = true
		} else if err := fn(convItem{name: rules.Echo(ag.ID), pos: g.Position(), game: g, arch: ag}); err != nil {
			return failed, err
		}
		if gameID != "" {
			break
		}
	}
	if gameID != "" && !found {
		return failed, fmt.Errorf("%s: no game with id %s", name, rules.Quote(gameID))
	}
	return failed, nil
}

// convWriter writes items in the chosen format.
type convWriter struct {
	w   *bufio.Writer
	opt convOptions
	n   int
	// positions counts the positions written, for the blank lines
	// between long ones.
	positions int
	arch      *records.ArchiveWriter
	record    *convItem
}

func newConvWriter(w *bufio.Writer, opt convOptions) *convWriter {
	c := &convWriter{w: w, opt: opt}
	if opt.to == "archive" {
		c.arch = records.NewArchiveWriter(w)
	}
	return c
}

func (c *convWriter) write(it convItem) error {
	c.n++
	switch c.opt.to {
	case "long", "compact":
		if c.opt.every && it.game != nil {
			for ply := range len(it.game.Moves()) + 1 {
				if err := c.writePosition(it.game.PositionBefore(ply)); err != nil {
					return err
				}
			}
			return nil
		}
		p := it.pos
		if c.opt.ply >= 0 {
			if it.game == nil {
				return fmt.Errorf("%s: --ply needs games, but this is a position", it.name)
			}
			if c.opt.ply > len(it.game.Moves()) {
				return fmt.Errorf("%s: --ply %d, but the game has only %d moves", it.name, c.opt.ply, len(it.game.Moves()))
			}
			p = it.game.PositionBefore(c.opt.ply)
		}
		return c.writePosition(p)
	case "record":
		if c.record != nil {
			return fmt.Errorf("a record holds one game, but the input has more (%s, %s); pick one with --game", c.record.name, it.name)
		}
		c.record = &it
		return nil
	}
	return c.writeArchiveRow(it)
}

// writePosition writes p in the long or compact format, long positions
// blank-line separated.
func (c *convWriter) writePosition(p rules.Position) error {
	if c.opt.to == "compact" {
		c.w.WriteString(records.FormatCompact(p))
		return c.w.WriteByte('\n')
	}
	if c.positions++; c.positions > 1 {
		c.w.WriteByte('\n')
	}
	_, err := c.w.WriteString(records.FormatPosition(p))
	return err
}

// finish writes what waits for the end of the input: the one record.
func (c *convWriter) finish() error {
	switch c.opt.to {
	case "record":
		if c.record == nil {
			return errors.New("no game to write")
		}
		g := c.record.game
		if g == nil {
			var err error
			if g, err = rules.NewGameFrom(c.record.pos); err != nil {
				return fmt.Errorf("%s: %v", c.record.name, err)
			}
		}
		return records.WriteRecord(c.w, g)
	case "archive":
		if c.n == 0 {
			return errors.New("no game to write")
		}
	}
	return nil
}

func (c *convWriter) writeArchiveRow(it convItem) error {
	if it.game == nil || it.game.Setup(rules.Gold) == nil {
		return fmt.Errorf("%s: an archive row holds a game from the setups, but this is a position", it.name)
	}
	var ag records.ArchiveGame
	if it.arch != nil {
		ag = *it.arch
	} else {
		ag.ID = strings.TrimSuffix(filepath.Base(it.name), filepath.Ext(it.name))
		ag.Unfinished = true
		if r, over := it.game.Result(); over {
			ag.Unfinished, ag.Result, ag.Termination = false, r.Winner, r.How
		}
	}
	ag.MoveList = records.FormatMoveList(it.game)
	ag.PlyCount = len(it.game.Moves())
	return c.arch.Write(&ag)
}
