package learn

import (
	"bytes"
	"context"
	"strconv"
	"testing"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
	"arimaa-workbench/records"
)

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
			rulestest.PlayMove(t, g, mv)
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
