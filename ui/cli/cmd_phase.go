package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math"

	"arimaa-workbench/engine/phase"
	"arimaa-workbench/engine/rules"
)

// phaseOptions are the phase command's flags.
type phaseOptions struct {
	json   bool
	gameID string
	ply    int
}

// phaseLine is one position's line of the phase command, and its JSON
// object with --json.
type phaseLine struct {
	Game  string  `json:"game"`
	Ply   int     `json:"ply"`
	Turn  string  `json:"turn"`
	Move  string  `json:"move"`
	Phase float64 `json:"phase"`
	Stage string  `json:"stage"`
}

// runPhase prints the game phase of every position of games and position
// files.
func runPhase(ctx context.Context, args []string, std stdio) int {
	fs := newFlagSet("phase", std.err, `usage: arimaa-workbench phase [--json] [--ply N] [--game ID] FILE...

Prints the game phase of each position: a number from 0 (the opening) to
1 (the endgame) and its stage, opening, middle or end (see "go doc
arimaa-workbench/engine/phase" for the definition). Each FILE ("-": stdin)
is read as convert reads it: an archive (every game), compact position
lines, or a record (setups and moves, or a position and moves). Every game
is replayed with full rules checking first.

A game gives one line per position from the one after the setups (ply 0)
to the last; a position file one line per position. Each line is
  TURN  PHASE  STAGE
tab-separated, the phase to three decimals (TURN is the side's letter
alone for a position that gives no turn number, as compact lines do); an
archive's lines begin with the game id. With --json each line is an object
  {"game":ID,"ply":N,"turn":"12b","move":M,"phase":X,"stage":S}
game is the archive's game id ("" for other files), ply the moves played
since the start (setups not counted), move the move played next in the
record's notation ("" at the last position), phase to three decimals.

options:
`)
	var opt phaseOptions
	fs.BoolVar(&opt.json, "json", false, "write one JSON object per position")
	fs.StringVar(&opt.gameID, "game", "", "take only the archive game with this id")
	rangeVar(fs, &opt.ply, "ply", -1, -1, math.MaxInt32, "only the position after `N` moves of each game; -1: every position")
	paths, status, ok := parseFiles(fs, args, std.err)
	if !ok {
		return status
	}
	out := bufio.NewWriter(std.out)
	defer out.Flush()
	report := func(err error) { fmt.Fprintf(std.err, "phase: %v\n", err) }
	for _, path := range paths {
		failed, err := eachItem(ctx, path, std.in, opt.gameID, func(it convItem) error {
			if err := writePhases(out, it, opt); err != nil {
				if it.arch == nil {
					return err
				}
				report(err) // one short game does not stop an archive
				status = 1
			}
			return nil
		}, report)
		if err != nil {
			out.Flush()
			report(err)
			status = 1
			if ctx.Err() != nil {
				break
			}
		}
		if failed {
			status = 1
		}
	}
	if err := out.Flush(); err != nil && status == 0 {
		report(err)
		status = 1
	}
	return status
}

// writePhases writes the lines of one item: every position of a game (or
// the one --ply picks), or the position of a position file's line.
func writePhases(out *bufio.Writer, it convItem, opt phaseOptions) error {
	if it.game == nil {
		if opt.ply >= 0 {
			return fmt.Errorf("%s: --ply needs games, but this is a position", it.name)
		}
		return writePhase(out, phaseOf(it.pos, 0, ""), opt.json)
	}
	g, game := it.game, ""
	if it.arch != nil {
		game = it.arch.ID
	}
	moves := g.Moves()
	first, last := 0, len(moves)
	if opt.ply >= 0 {
		if opt.ply > len(moves) {
			return fmt.Errorf("%s: --ply %d, but the game has only %d moves", it.name, opt.ply, len(moves))
		}
		first, last = opt.ply, opt.ply
	}
	for i := first; i <= last; i++ {
		p := g.PositionBefore(i)
		l := phaseOf(p, i, game)
		if i < len(moves) {
			l.Move = p.MoveString(moves[i])
		}
		if err := writePhase(out, l, opt.json); err != nil {
			return err
		}
	}
	return nil
}

// phaseOf is the line of position p, ply moves into game.
func phaseOf(p rules.Position, ply int, game string) phaseLine {
	x := phase.Of(p)
	return phaseLine{
		Game:  game,
		Ply:   ply,
		Turn:  turnLabel(p),
		Phase: math.Round(x*1000) / 1000,
		Stage: phase.StageOf(x).String(),
	}
}

// turnLabel is the turn of p as a record writes it, e.g. "12b", or only
// the side's letter when the position does not give its turn number (a
// compact position).
func turnLabel(p rules.Position) string {
	if p.Turn() == 0 {
		return string(p.Side().Letter())
	}
	return rules.TurnLabel(p.Turn(), p.Side())
}

func writePhase(out *bufio.Writer, l phaseLine, asJSON bool) error {
	if asJSON {
		b, err := json.Marshal(l)
		if err != nil {
			return err
		}
		out.Write(b)
		return out.WriteByte('\n')
	}
	if l.Game != "" {
		out.WriteString(rules.Echo(l.Game))
		out.WriteByte('\t')
	}
	_, err := fmt.Fprintf(out, "%s\t%.3f\t%s\n", l.Turn, l.Phase, l.Stage)
	return err
}
