package records

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestGoldenPositions(t *testing.T) {
	seed := mustPos(t, strings.ReplaceAll(strings.ReplaceAll(thesisPos, "\n", "\r\n"), ".", "X"))
	start := rules.StartPosition()
	empty := rules.NewPosition(rules.Silver, 0, [64]rules.Piece{})
	golden(t, "position_thesis.txt", FormatPosition(seed))
	golden(t, "position_start.txt", FormatPosition(start))
	golden(t, "position_empty.txt", FormatPosition(empty))
	golden(t, "compact.txt", FormatCompact(seed)+"\n"+FormatCompact(start)+"\n"+FormatCompact(empty)+"\n")
}

func TestGoldenRecords(t *testing.T) {
	// Messy input: CRLF, g/s labels, no capture tokens, extra blanks.
	var messy []string
	for _, l := range strings.Split(readTestdata(t, "game_goal.txt"), "\n") {
		var ws []string
		for _, w := range strings.Fields(l) {
			if len(w) == 4 && w[3] == 'x' {
				continue
			}
			ws = append(ws, w)
		}
		messy = append(messy, "  "+strings.Join(ws, "   "))
	}
	tests := []struct{ golden, input string }{
		{"record_goal.txt", strings.Join(messy, "\r\n")},
		{"record_thesis.txt", readTestdata(t, "thesis_example.txt")},
		{"record_position.txt", readTestdata(t, "from_position.txt")},
		{"record_setup_only.txt", strings.SplitAfter(readTestdata(t, "thesis_example.txt"), "\n")[0]},
	}
	for _, tc := range tests {
		t.Run(tc.golden, func(t *testing.T) {
			g := mustGame(t, tc.input)
			var b strings.Builder
			if err := WriteRecord(&b, g); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.golden, b.String())
		})
	}
}

func TestGoldenArchive(t *testing.T) {
	g := mustGame(t, readTestdata(t, "game_goal.txt"))
	r, _ := g.Result()
	games := []*ArchiveGame{
		{ID: "9001", WPlayerID: "3", BPlayerID: "4", WPlayer: "ann", BPlayer: "bob", WCountry: "cz",
			WRating: 1612, BRating: 1540, WRatingK: "40", BRatingK: "35", WType: "h", BType: "b",
			Event: "Casual game", Site: "local", TimeControl: "15s/2m30s/100",
			Start: time.Unix(1700000000, 0), End: time.Unix(1700001500, 0),
			Result: r.Winner, Termination: r.How, PlyCount: len(g.Moves()), Mode: "offline", Rated: true,
			MoveList: FormatMoveList(g), Events: "1700000000 w joined\n1700000003 b joined\n"},
		{ID: "9002", Unfinished: true, MoveList: FormatMoveList(mustGame(t, readTestdata(t, "thesis_example.txt")))},
	}
	text := archiveText(t, games)
	golden(t, "archive.tsv", text)
}
