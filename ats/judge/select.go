package judge

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Item is one position to judge: a move of a game, and the game up to it.
type Item struct {
	// Source names the game, e.g. "games.txt game 12"; with Turn it is
	// the position's key in the results.
	Source string
	// Played is the move the game went on with.
	Played rules.Move
	// Player is the user name of the side to move, "" when the archive
	// has none.
	Player string
	// game is the whole game, shared by its items; ply the move judged.
	game *rules.Game
	ply  int
}

// Position is the position judged.
func (it Item) Position() rules.Position { return it.game.PositionBefore(it.ply) }

// Game is a new game up to the position, with its history (the student
// and the teacher know which moves would repeat a position).
func (it Item) Game() (*rules.Game, error) { return records.Prefix(it.game, it.ply) }

// Turn is the position's turn label, e.g. "23w".
func (it Item) Turn() string {
	p := it.Position()
	return rules.TurnLabel(p.Turn(), p.Side())
}

// Key is the position's key in the results: its source and turn.
func (it Item) Key() string { return key(it.Source, it.Turn()) }

func key(source, turn string) string { return source + "\t" + turn }

// Selection says which positions of the games are judged.
type Selection struct {
	// Player, when not "", keeps the moves of the player of that user
	// name (either colour).
	Player string
	// Sides keeps the moves of gold (Sides[rules.Gold]) and of silver.
	Sides [2]bool
	// SkipStart leaves out each side's first SkipStart turns (the
	// setup is not a move and never judged).
	SkipStart int
	// SkipEnd leaves out each game's last SkipEnd moves, where a
	// finished game is decided and scores say little.
	SkipEnd int
	// Every keeps every Every-th of the moves left in a game, starting
	// at a different one in each game (its index modulo Every), so that a
	// sample of games covers every part of them (1: all).
	Every int
	// Limit stops after Limit positions (0: no limit).
	Limit int
}

// errNotArchive is the error for a file that is not a game archive.
var errNotArchive = errors.New("not a game archive (the judge reads archives: a match's output file, or a game archive in the official format)")

// ReadItems reads the games of the archives at paths, in order, and
// returns the positions sel keeps. An archive is read a game at a time.
func ReadItems(paths []string, sel Selection) ([]Item, error) {
	if sel.Every < 1 {
		sel.Every = 1
	}
	var out []Item
	games := 0
	for _, path := range paths {
		err := readArchive(path, func(ag *records.ArchiveGame) (bool, error) {
			g, err := ag.Game()
			if err != nil {
				return false, err
			}
			items := gameItems(fmt.Sprintf("%s game %s", path, ag.ID), g, [2]string{ag.WPlayer, ag.BPlayer}, sel, games)
			games++
			for _, it := range items {
				if sel.Limit > 0 && len(out) >= sel.Limit {
					return false, nil
				}
				out = append(out, it)
			}
			return true, nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// readArchive calls each with the games of the archive at path until it
// returns false or an error.
func readArchive(path string, each func(*records.ArchiveGame) (bool, error)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	if records.Detect(head[:n]) != records.KindArchive {
		return fmt.Errorf("%s: %w", path, errNotArchive)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	ar := records.NewArchiveReader(f, path)
	for {
		ag, err := ar.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		more, err := each(ag)
		if err != nil || !more {
			return err
		}
	}
}

// gameItems is the positions sel keeps of the game g, the index-th read.
func gameItems(source string, g *rules.Game, players [2]string, sel Selection, index int) []Item {
	moves := g.Moves()
	var keep []int
	for i := range moves {
		p := g.PositionBefore(i)
		c := p.Side()
		switch {
		case sel.Player != "" && !strings.EqualFold(players[c], sel.Player):
		case sel.Player == "" && !sel.Sides[c]:
		case p.Turn() <= sel.SkipStart+1: // the first turn is 2g: setups are turn 1
		case i >= len(moves)-sel.SkipEnd:
		default:
			keep = append(keep, i)
		}
	}
	var out []Item
	for k, i := range keep {
		if k%sel.Every != index%sel.Every {
			continue
		}
		p := g.PositionBefore(i)
		out = append(out, Item{Source: source, game: g, ply: i, Played: moves[i], Player: players[p.Side()]})
	}
	return out
}
