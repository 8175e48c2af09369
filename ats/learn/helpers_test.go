package learn

import (
	"bytes"
	"context"
	"strconv"
	"testing"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// board builds a position of side to move from "Ea1 Rh1 rh8 ..." (piece
// letter, square).
func board(t *testing.T, side rules.Color, pieces string) rules.Position {
	t.Helper()
	var b [64]rules.Piece
	for _, w := range bytes.Fields([]byte(pieces)) {
		pc, ok := rules.ParsePiece(w[0])
		if !ok {
			t.Fatalf("bad piece %q", w)
		}
		sq, err := rules.ParseSquare(string(w[1:]))
		if err != nil {
			t.Fatal(err)
		}
		b[sq] = pc
	}
	p := rules.NewPosition(side, 10, b)
	if probs := p.Validate(); len(probs) > 0 {
		t.Fatalf("position %s: %v", pieces, probs)
	}
	return p
}

// played is a game from a position with moves, each move written as
// steps "Ea1n Ea2n".
type played struct {
	pos    rules.Position
	moves  []string
	rating [2]int
}

// archive writes games as a game archive, ids 1, 2, ....
func archive(t *testing.T, games []played) []byte {
	t.Helper()
	var buf bytes.Buffer
	aw := records.NewArchiveWriter(&buf)
	for i, pg := range games {
		g, err := rules.NewGameFrom(pg.pos)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range pg.moves {
			var steps []rules.Step
			for _, w := range bytes.Fields([]byte(mv)) {
				s, err := rules.ParseStep(string(w))
				if err != nil {
					t.Fatal(err)
				}
				steps = append(steps, s)
			}
			if err := g.Play(rules.MoveOf(steps...)); err != nil {
				t.Fatalf("game %d, move %q: %v", i+1, mv, err)
			}
		}
		var rec bytes.Buffer
		if err := records.WriteRecord(&rec, g); err != nil {
			t.Fatal(err)
		}
		ag := &records.ArchiveGame{ID: strconv.Itoa(i + 1), MoveList: rec.String(), WRating: pg.rating[0], BRating: pg.rating[1],
			Unfinished: true}
		if err := aw.Write(ag); err != nil {
			t.Fatal(err)
		}
	}
	if err := aw.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// readCorpus reads an archive built by archive into a corpus.
func readCorpus(t *testing.T, data []byte, opt ReadOptions) *Corpus {
	t.Helper()
	c, err := Read(context.Background(), []Source{ReaderSource(bytes.NewReader(data), "test.tsv")}, opt)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// small are options that keep a test quick and repeatable.
func small(base config.Config) Options {
	o := DefaultOptions()
	o.Base = base
	o.Sample, o.Captures = 12, 4
	o.Passes, o.Batch = 3, 4
	o.Holdout = 0
	return o
}

// weightOf finds a learned weight by its listed name.
func weightOf(t *testing.T, r *Result, name string) Weight {
	t.Helper()
	for _, w := range r.Weights {
		if w.Key == name {
			return w
		}
	}
	t.Fatalf("no weight %s", name)
	return Weight{}
}
