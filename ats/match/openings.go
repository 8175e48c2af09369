package match

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// Opening is where games start instead of from the engines' own setups:
// both setups or a position, and the moves played after them.
type Opening struct {
	Name  string          // where it came from, e.g. "book.txt:3"
	Start *rules.Position // a given position; nil when the game has setups
	Setup [2][]rules.Placement
	Moves []rules.Move
}

// Game builds a new game at the end of the opening, with its history.
func (o Opening) Game() (*rules.Game, error) {
	var g *rules.Game
	if o.Start != nil {
		var err error
		if g, err = rules.NewGameFrom(*o.Start); err != nil {
			return nil, err
		}
	} else {
		g = rules.NewGame()
		for c := rules.Gold; c <= rules.Silver; c++ {
			if err := g.SetupPieces(o.Setup[c]); err != nil {
				return nil, err
			}
		}
	}
	for _, m := range o.Moves {
		if err := g.Play(m); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// openingOf takes the first plies moves of g (all of them when plies < 0).
func openingOf(name string, g *rules.Game, plies int) (Opening, error) {
	o := Opening{Name: name}
	if g.Phase() < rules.Playing {
		return o, fmt.Errorf("%s: the setup is not complete", name)
	}
	if g.Setup(rules.Gold) == nil {
		p := g.Start()
		o.Start = &p
	} else {
		o.Setup = [2][]rules.Placement{g.Setup(rules.Gold), g.Setup(rules.Silver)}
	}
	moves := g.Moves()
	if plies >= 0 && plies < len(moves) {
		moves = moves[:plies]
	}
	o.Moves = append([]rules.Move(nil), moves...)
	cut, err := o.Game()
	if err != nil {
		return o, fmt.Errorf("%s: %w", name, err)
	}
	if cut.Phase() == rules.Over {
		return o, fmt.Errorf("%s: the game is already over there", name)
	}
	return o, nil
}

// ReadOpenings reads the openings in a file, in order: a game archive
// (every game, cut after plies moves), compact positions one per line, or
// long positions and game records separated by blank lines (records cut
// after plies moves). plies < 0 keeps every move.
//
// An archive is read a game at a time, so it may be of any size; the other
// forms are read whole and refused beyond fsutil.MaxReadSize.
func ReadOpenings(path string, plies int) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	// The header line is all Detect needs to know an archive.
	if head, _ := br.Peek(4096); bytes.HasPrefix(head, bom) {
		br.Discard(len(bom))
	}
	head, _ := br.Peek(4096)
	archive := records.Detect(head) == records.KindArchive
	var data []byte
	if !archive {
		if err := fsutil.CheckSize(f); err != nil {
			return nil, err
		}
		if data, err = fsutil.ReadAll(br, path); err != nil {
			return nil, err
		}
	}
	var out []Opening
	add := func(name string, g *rules.Game) error {
		o, err := openingOf(name, g, plies)
		if err != nil {
			return err
		}
		out = append(out, o)
		return nil
	}
	if archive {
		ar := records.NewArchiveReader(br, path)
		for {
			ag, err := ar.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, err
			}
			g, err := ag.Game()
			if err != nil {
				return nil, err
			}
			if err := add(fmt.Sprintf("%s game %s", path, ag.ID), g); err != nil {
				return nil, err
			}
		}
	} else {
		for _, b := range blocks(string(data)) {
			name := fmt.Sprintf("%s:%d", path, b.line)
			if records.Detect([]byte(b.text)) == records.KindCompact {
				for i, l := range strings.Split(strings.TrimRight(b.text, "\n"), "\n") {
					if strings.HasPrefix(strings.TrimSpace(l), "#") {
						continue // a remark, as records.Detect reads it
					}
					p, err := records.ParseCompact(l)
					if err != nil {
						return nil, fmt.Errorf("%s:%d: %w", path, b.line+i, err)
					}
					g, err := rules.NewGameFrom(p)
					if err != nil {
						return nil, fmt.Errorf("%s:%d: %w", path, b.line+i, err)
					}
					if err := add(fmt.Sprintf("%s:%d", path, b.line+i), g); err != nil {
						return nil, err
					}
				}
				continue
			}
			rec, err := records.ParseRecord(b.text)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			g, err := rec.Game()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			if err := add(name, g); err != nil {
				return nil, err
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w", path, errNoOpenings)
	}
	return out, nil
}

var errNoOpenings = errors.New("no positions or games to start from")

// bom is the UTF-8 byte-order mark some editors put first.
var bom = []byte("\ufeff")

// block is a run of non-blank lines and the line it starts on.
type block struct {
	text string
	line int
}

func blocks(text string) []block {
	var out []block
	var cur []string
	start := 0
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, l := range append(lines, "") {
		if strings.TrimSpace(l) == "" {
			if len(cur) > 0 {
				out = append(out, block{strings.Join(cur, "\n") + "\n", start})
				cur = nil
			}
			continue
		}
		if len(cur) == 0 {
			start = i + 1
		}
		cur = append(cur, l)
	}
	return out
}

// ReadGames reads every game of a match's output archive, in order.
func ReadGames(path string) ([]*records.ArchiveGame, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*records.ArchiveGame
	ar := records.NewArchiveReader(f, path)
	for {
		ag, err := ar.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, ag)
	}
}
