package records

import (
	"io"
	"strings"
	"testing"
)

// BenchmarkArchiveReplay reads archive rows, parses their move lists and
// replays them with full rules checking: one op is one game.
func BenchmarkArchiveReplay(b *testing.B) {
	b.ReportAllocs()
	ar := NewArchiveReader(newGenArchive(b, b.N), "")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g, err := ar.Next()
		if err != nil {
			b.Fatal(err)
		}
		rec, err := g.Record()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := rec.Game(); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := ar.Next(); err != io.EOF {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkArchiveRead reads archive rows only: one op is one row.
func BenchmarkArchiveRead(b *testing.B) {
	b.ReportAllocs()
	ar := NewArchiveReader(newGenArchive(b, b.N), "")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ar.Next(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

func BenchmarkParsePosition(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := ParsePosition(thesisPos); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

func BenchmarkParseCompact(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := ParseCompact(thesisCompact); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

func BenchmarkParseRecordAndReplay(b *testing.B) {
	text := readTestdata(b, "game_goal.txt")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		rec, err := ParseRecord(text)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := rec.Game(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteRecord(b *testing.B) {
	g := mustGame(b, readTestdata(b, "game_goal.txt"))
	var sb strings.Builder
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sb.Reset()
		if err := WriteRecord(&sb, g); err != nil {
			b.Fatal(err)
		}
	}
}
