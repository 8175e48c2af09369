package learn

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Game is one game to learn from: its moves replayed under the rules and
// the players' ratings.
type Game struct {
	ID     string      // names the game in messages: an archive id or a file name
	Game   *rules.Game // replayed with every rule checked
	Rating [2]int      // by rules.Color; 0 when not known
	// Winner is the side that won, where Decided: an archive's result
	// column says so. A game the rules ended tells it by itself.
	Winner  rules.Color
	Decided bool
}

// winner is the side that won g, from its source or from the rules.
func (g Game) winner() (rules.Color, bool) {
	if g.Decided {
		return g.Winner, true
	}
	if r, over := g.Game.Result(); over {
		return r.Winner, true
	}
	return 0, false
}

// Source is one input of games: its name for messages and a function that
// yields its games in order. A game that cannot be read is yielded with
// its error (Read counts it and keeps the first); an error that ends the
// input, such as a file that cannot be opened, is returned. A game
// database is a Source like a file: a function that yields its games.
type Source struct {
	Name  string
	Games func(yield func(Game, error) bool) error
}

// FileSource reads the file at path: a game archive (read row by row, any
// size) or a single game record, as records.Detect tells.
func FileSource(path string) Source {
	return Source{Name: path, Games: func(yield func(Game, error) bool) error {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		return readGames(f, path, yield)
	}}
}

// ReaderSource reads a game archive or a game record from r, named name in
// messages.
func ReaderSource(r io.Reader, name string) Source {
	return Source{Name: name, Games: func(yield func(Game, error) bool) error {
		return readGames(r, name, yield)
	}}
}

func readGames(r io.Reader, name string, yield func(Game, error) bool) error {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(4096)
	if records.Detect(head) == records.KindArchive {
		return readArchive(br, name, yield)
	}
	rec, err := records.ReadRecord(br, name)
	if err != nil {
		var pe *records.ParseError
		if errors.As(err, &pe) {
			yield(Game{ID: filepath.Base(name)}, err)
			return nil
		}
		return err
	}
	g, err := rec.Game()
	yield(Game{ID: filepath.Base(name), Game: g}, err)
	return nil
}

func readArchive(r io.Reader, name string, yield func(Game, error) bool) error {
	ar := records.NewArchiveReader(r, name)
	for {
		ag, err := ar.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			if ar.Broken() {
				return err
			}
			if !yield(Game{}, err) {
				return nil
			}
			continue
		}
		g := Game{ID: ag.ID, Rating: [2]int{ag.WRating, ag.BRating}, Winner: ag.Result, Decided: !ag.Unfinished}
		g.Game, err = ag.Game()
		if !yield(g, err) {
			return nil
		}
	}
}

// Example is one position of a game with the move the player chose.
type Example struct {
	Game     int // index into Corpus.Games
	Position rules.Position
	Played   rules.Move
}

// Corpus is what Read gathered: the games kept and their examples, in the
// order read.
type Corpus struct {
	Games    []string // ids of the games kept, "source: id"
	Examples []Example

	Read      int // games read, usable or not
	Unusable  int // games that could not be read or replayed
	Filtered  int // usable games the rating filter left out
	NoWinner  int // usable games left out by Winners: no winner known
	Decisive  int // moves left out because they end the game by the rules
	Truncated bool
}

// ReadOptions says which positions Read keeps.
type ReadOptions struct {
	// MinRating keeps the moves of the sides rated at least this; a game
	// neither of whose sides qualifies is left out. 0 keeps every move,
	// rated or not.
	MinRating int
	// MaxExamples stops reading once this many examples are gathered
	// (0: no limit).
	MaxExamples int
	// Winners keeps only the moves of the side that won the game (by the
	// archive's result column, or the rules), and leaves out the games
	// whose winner is not known: in games between players of one
	// strength, such as an engine's self-play, the winner's moves are the
	// better ones on average.
	Winners bool
}

// Read gathers the examples of every source. A source that yields no
// usable game is an error naming it and its first problem; so is a rating
// filter that leaves no game at all.
func Read(ctx context.Context, sources []Source, opt ReadOptions) (*Corpus, error) {
	if len(sources) == 0 {
		return nil, errors.New("no source of games given")
	}
	c := &Corpus{}
	best := 0
	for _, src := range sources {
		usable, read := 0, 0
		var first error
		err := src.Games(func(g Game, err error) bool {
			read++
			if err != nil || g.Game == nil {
				if first == nil {
					first = err
				}
				c.Unusable++
				return true
			}
			usable++
			best = max(best, g.Rating[0], g.Rating[1])
			c.add(src.Name, g, opt)
			if opt.MaxExamples > 0 && len(c.Examples) >= opt.MaxExamples {
				c.Truncated = true
			}
			return ctx.Err() == nil && !c.Truncated
		})
		c.Read += read
		if err != nil {
			return nil, fmt.Errorf("%s: %w", src.Name, err)
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("%s: interrupted while reading games: %w", src.Name, err)
		}
		if usable == 0 && !c.Truncated {
			switch {
			case read == 0:
				return nil, fmt.Errorf("%s: no games in it", src.Name)
			case first != nil:
				return nil, fmt.Errorf("%s: no usable games (%d read, none replays; the first: %w)", src.Name, read, first)
			default:
				return nil, fmt.Errorf("%s: no usable games (%d read, none has a move)", src.Name, read)
			}
		}
		if c.Truncated {
			break
		}
	}
	if len(c.Games) == 0 {
		if c.NoWinner > 0 && c.Filtered == 0 {
			return nil, fmt.Errorf("keeping the winners' moves leaves no games: %d usable games read, none with a known winner", c.NoWinner)
		}
		if c.Filtered > 0 {
			return nil, fmt.Errorf("a minimum rating of %d leaves no games: %d usable games read, the highest rating among them %d", opt.MinRating, c.Filtered, best)
		}
		return nil, errors.New("no game has a move to learn from")
	}
	return c, nil
}

// add keeps the examples of one game that pass the rating and winner
// filters.
func (c *Corpus) add(source string, g Game, opt ReadOptions) {
	moves := g.Game.Moves()
	if opt.MinRating > 0 && g.Rating[0] < opt.MinRating && g.Rating[1] < opt.MinRating {
		c.Filtered++
		return
	}
	winner, decided := g.winner()
	if opt.Winners && !decided {
		c.NoWinner++
		return
	}
	idx := len(c.Games)
	n := 0
	for i, m := range moves {
		p := g.Game.PositionBefore(i)
		if opt.MinRating > 0 && g.Rating[p.Side()] < opt.MinRating || opt.Winners && p.Side() != winner {
			continue
		}
		after := g.Game.PositionBefore(i + 1)
		if _, over := after.Outcome(); over {
			c.Decisive++
			continue
		}
		c.Examples = append(c.Examples, Example{Game: idx, Position: p, Played: m})
		n++
		if opt.MaxExamples > 0 && len(c.Examples) >= opt.MaxExamples {
			break
		}
	}
	if n > 0 {
		c.Games = append(c.Games, source+": "+g.ID)
	}
}
