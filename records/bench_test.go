package records

import (
	"io"
	"strings"
	"testing"
)

// BenchmarkArchiveReplay reads archive rows, parses their move lists and
// replays them with full rules checking: one op is one game.
func BenchmarkArchiveReplay(b *testing.B) {
	ar := NewArchiveReader(newGenArchive(b, b.N), "")
	benchOps(b, "games/s", func() error {
		g, err := ar.Next()
		if err != nil {
			return err
		}
		_, err = g.Game()
		return err
	})
	if _, err := ar.Next(); err != io.EOF {
		b.Fatal(err)
	}
}

// BenchmarkArchiveRead reads archive rows only: one op is one row.
func BenchmarkArchiveRead(b *testing.B) {
	ar := NewArchiveReader(newGenArchive(b, b.N), "")
	benchOps(b, "rows/s", func() error {
		_, err := ar.Next()
		return err
	})
}

func BenchmarkParsePosition(b *testing.B) {
	benchOps(b, "positions/s", func() error {
		_, err := ParsePosition(thesisPos)
		return err
	})
}

func BenchmarkParseCompact(b *testing.B) {
	benchOps(b, "positions/s", func() error {
		_, err := ParseCompact(thesisCompact)
		return err
	})
}

func BenchmarkParseRecordAndReplay(b *testing.B) {
	text := readTestdata(b, "game_goal.txt")
	benchOps(b, "games/s", func() error {
		rec, err := ParseRecord(text)
		if err != nil {
			return err
		}
		_, err = rec.Game()
		return err
	})
}

func BenchmarkWriteRecord(b *testing.B) {
	g := mustGame(b, readTestdata(b, "game_goal.txt"))
	var sb strings.Builder
	benchOps(b, "games/s", func() error {
		sb.Reset()
		return WriteRecord(&sb, g)
	})
}
