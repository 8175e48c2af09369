package viewer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

func readSample(t testing.TB) string {
	b, err := os.ReadFile(filepath.Join("..", "..", "assets", "games", "sample_archive.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestStreamAndFilter(t *testing.T) {
	text := readSample(t)
	var x Index
	var batches int
	err := Stream(context.Background(), strings.NewReader(text), "sample_archive.tsv", 0, func(b Batch) {
		batches++
		x.Add(b.Games)
		for _, e := range b.Errors {
			x.AddError(e)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Count(strings.TrimSpace(text), "\n")
	if x.Total() != rows || len(x.Errors()) != 0 {
		t.Fatalf("read %d games and %d errors, want %d games", x.Total(), len(x.Errors()), rows)
	}
	if batches < 2 {
		t.Errorf("interval 0 should deliver game by game, got %d batches", batches)
	}
	first := x.At(0)
	tests := []struct {
		name   string
		filter Filter
		want   func(g *records.ArchiveGame) bool
	}{
		{"all", Filter{}, func(*records.ArchiveGame) bool { return true }},
		{"player, any case", Filter{Player: strings.ToUpper(first.WPlayer[:3])}, func(g *records.ArchiveGame) bool {
			p := strings.ToLower(first.WPlayer[:3])
			return strings.Contains(strings.ToLower(g.WPlayer), p) || strings.Contains(strings.ToLower(g.BPlayer), p)
		}},
		{"gold won", Filter{Winner: "w"}, func(g *records.ArchiveGame) bool { return !g.Unfinished && g.Result == rules.Gold }},
		{"silver won", Filter{Winner: "b"}, func(g *records.ArchiveGame) bool { return !g.Unfinished && g.Result == rules.Silver }},
		{"by elimination", Filter{Termination: rules.ByElimination}, func(g *records.ArchiveGame) bool { return g.Termination == rules.ByElimination }},
		{"text: id", Filter{Text: first.ID}, func(g *records.ArchiveGame) bool {
			return strings.Contains(g.ID+g.WPlayer+g.BPlayer+g.Event+g.Site+DateText(g), first.ID)
		}},
		{"nothing", Filter{Player: "no such player"}, func(*records.ArchiveGame) bool { return false }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x.SetFilter(tt.filter)
			want := 0
			for i := 0; i < x.Total(); i++ {
				if tt.want(x.games[i]) {
					want++
				}
			}
			if x.Len() != want {
				t.Errorf("filter selects %d games, want %d", x.Len(), want)
			}
			for i := 0; i < x.Len(); i++ {
				if !tt.want(x.At(i)) {
					t.Errorf("game %s selected wrongly", x.At(i).ID)
				}
			}
		})
	}
	// Games added after the filter is set are filtered too.
	x.SetFilter(Filter{Winner: "w"})
	before := x.Len()
	x.Add([]*records.ArchiveGame{{ID: "x1", Result: rules.Gold}, {ID: "x2", Result: rules.Silver}})
	if x.Len() != before+1 {
		t.Errorf("a gold win added later was not listed")
	}
}

func TestStreamKeepsGoingAfterBadRows(t *testing.T) {
	text := readSample(t)
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	bad := lines[0] + "\n" + lines[1] + "\nthis is not a row\n" + strings.Join(lines[2:], "\n") + "\n"
	var x Index
	err := Stream(context.Background(), strings.NewReader(bad), "bad.tsv", time.Hour, func(b Batch) {
		x.Add(b.Games)
		for _, e := range b.Errors {
			x.AddError(e)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if x.Total() != len(lines)-1 || len(x.Errors()) != 1 {
		t.Fatalf("games %d errors %v; want %d games and one error", x.Total(), x.Errors(), len(lines)-1)
	}
	if !strings.Contains(x.Errors()[0].Error(), "bad.tsv:3") {
		t.Errorf("error %q does not name the file and line", x.Errors()[0])
	}
}

func TestStreamCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := Stream(ctx, strings.NewReader(generateArchive(t, 500)), "big.tsv", time.Hour, func(Batch) {})
	if err != context.Canceled {
		t.Errorf("Stream on a cancelled context: %v", err)
	}
}

// generateArchive writes n games: the sample archive's rows repeated with
// new ids, players and results.
func generateArchive(t testing.TB, n int) string {
	lines := strings.Split(strings.TrimRight(readSample(t), "\n"), "\n")
	var b strings.Builder
	b.WriteString(lines[0] + "\n")
	rows := lines[1:]
	for i := range n {
		cols := strings.Split(rows[i%len(rows)], "\t")
		cols[0] = fmt.Sprint(100000 + i)
		cols[3] = fmt.Sprintf("player%d", i%37)
		b.WriteString(strings.Join(cols, "\t") + "\n")
	}
	return b.String()
}

// BenchmarkArchiveList2000 measures listing a 2,000-game archive: streaming
// every row into the index, as the archive tab does.
func BenchmarkArchiveList2000(b *testing.B) {
	text := generateArchive(b, 2000)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var x Index
		err := Stream(context.Background(), strings.NewReader(text), "gen.tsv", 50*time.Millisecond, func(bt Batch) { x.Add(bt.Games) })
		if err != nil || x.Total() != 2000 {
			b.Fatalf("listed %d games: %v", x.Total(), err)
		}
	}
}
