package match

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

func TestReadOpenings(t *testing.T) {
	dir := t.TempDir()
	skirmish, err := os.ReadFile("../../assets/games/opening_skirmish.txt")
	if err != nil {
		t.Fatal(err)
	}
	endgame, err := os.ReadFile("../../assets/games/endgame_goal.txt")
	if err != nil {
		t.Fatal(err)
	}
	long := "12b\n +-----------------+\n8| r r r r . c r . |\n7| h . c m r E h r |\n6| . d X . . X d . |\n5| . . . . . r . . |\n" +
		"4| . . . . . . . . |\n3| . H C e . X D . |\n2| . D . M . C . H |\n1| R R R R R R R R |\n +-----------------+\n   a b c d e f g h\n"
	text := "g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]\n" +
		"s [rrrrrrrrhdcemcdh                 E              HDC MCDHRRRRRRRR]\r\n\n" +
		long + "\n\n" + string(skirmish) + "\n" + strings.Join(strings.SplitAfter(string(endgame), "\n")[:13], "")
	path := writeFile(t, dir, "book.txt", text)
	all, err := ReadOpenings(path, -1)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 5 {
		t.Fatalf("%d openings, want 5", len(all))
	}
	wantMoves := []int{0, 0, 0, 4, 1}
	for i, o := range all {
		g, err := o.Game()
		if err != nil || g.Phase() != rules.Playing {
			t.Errorf("opening %d (%s): %v, phase %v", i, o.Name, err, g.Phase())
			continue
		}
		if len(o.Moves) != wantMoves[i] {
			t.Errorf("opening %d (%s): %d moves, want %d", i, o.Name, len(o.Moves), wantMoves[i])
		}
	}
	if p := all[1].Start; p == nil || p.Side() != rules.Silver || all[2].Start.Turn() != 12 || all[3].Start != nil || all[4].Start.Turn() != 20 {
		t.Error("the positions were not read as given")
	}
	if all[0].Name != path+":1" || all[2].Name != path+":4" {
		t.Errorf("names %q %q", all[0].Name, all[2].Name)
	}
	// The endgame record ends in a goal: uncut, nothing is left to play.
	if _, err := ReadOpenings(writeFile(t, dir, "end.txt", string(endgame)), -1); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("a finished game as an opening: %v", err)
	}

	cut, err := ReadOpenings(path, 2)
	if err != nil || len(cut[3].Moves) != 2 {
		t.Fatalf("cut after two moves: %v", err)
	}
	arch, err := ReadOpenings("../../assets/games/sample_archive.tsv", 6)
	if err != nil || len(arch) != 7 {
		t.Fatalf("archive: %d openings, %v", len(arch), err)
	}
	if len(arch[0].Moves) != 6 || len(arch[4].Moves) != 4 || !strings.HasSuffix(arch[4].Name, "game 1005") {
		t.Errorf("archive openings: %d and %d moves, %q", len(arch[0].Moves), len(arch[4].Moves), arch[4].Name)
	}

	// An archive whose header names the id and movelist columns in
	// another order is an archive too (records.Detect).
	sample, err := os.ReadFile("../../assets/games/sample_archive.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var swapped []string
	for _, l := range strings.Split(strings.TrimRight(string(sample), "\n"), "\n") {
		f := strings.Split(l, "\t")
		f[0], f[1] = f[1], f[0]
		swapped = append(swapped, strings.Join(f, "\t"))
	}
	if strings.HasPrefix(swapped[0], "id\t") {
		t.Fatal("the swapped header still starts with id")
	}
	arch2, err := ReadOpenings(writeFile(t, dir, "swapped.tsv", strings.Join(swapped, "\n")+"\n"), 6)
	if err != nil || len(arch2) != len(arch) || arch2[4].Name != strings.Replace(arch[4].Name, "../../assets/games/sample_archive.tsv", filepath.Join(dir, "swapped.tsv"), 1) {
		t.Errorf("archive with its columns swapped: %d openings, %v", len(arch2), err)
	}
	// An archive saved with a byte-order mark is read a game at a time too.
	marked, err := ReadOpenings(writeFile(t, dir, "marked.tsv", "\ufeff"+string(sample)), 6)
	if err != nil || len(marked) != len(arch) {
		t.Errorf("archive with a byte-order mark: %d openings, %v", len(marked), err)
	}
	// Compact positions with remarks between them.
	remarks, err := ReadOpenings(writeFile(t, dir, "remarks.txt", "# two starts\ng [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]\n# the second\n"+
		"s [rrrrrrrrhdcemcdh                 E              HDC MCDHRRRRRRRR]\n"), -1)
	if err != nil || len(remarks) != 2 || !strings.HasSuffix(remarks[1].Name, ":4") {
		t.Errorf("compact positions with remarks: %d openings, %v", len(remarks), err)
	}

	for name, bad := range map[string]string{
		"compact then junk.txt": "g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]\nhello\n",
		"empty.txt":             "\n\n",
		"garbage.txt":           "hello world\n",
		"compact.txt":           "g [rrrr]\n",
		"illegal.txt":           string(skirmish[:strings.Index(string(skirmish), "2w")]) + "2w Ee2s\n",
	} {
		if _, err := ReadOpenings(writeFile(t, dir, name, bad), -1); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestMatchFromOpenings plays each opening twice with the colours swapped,
// and the archive's records start where the openings do.
func TestMatchFromOpenings(t *testing.T) {
	dir := t.TempDir()
	book := writeFile(t, dir, "book.txt", "g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]\n"+
		"g [rrrrrrrrhdcemcdh                         E      HDC MCDHRRRRRRRR]\n")
	openings, err := ReadOpenings(book, -1)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "m.txt")
	cfg := builtinConfig(t, out, 4)
	cfg.Openings = openings
	cfg.MaxTurns = 2
	run(t, cfg)
	games := readArchive(t, out)
	for id, ag := range games {
		rec, err := ag.Record()
		if err != nil || rec.Start == nil {
			t.Fatalf("game %d: %v", id, err)
		}
		want := openings[(id-1)/2].Start
		if *rec.Start != *want {
			t.Errorf("game %d starts from %s, want %s", id, rec.Start.AEIString(), want.AEIString())
		}
		if !strings.Contains(ag.Events, "opening "+openings[(id-1)/2].Name) {
			t.Errorf("game %d: events %q", id, ag.Events)
		}
	}
	if games[1].WPlayer != games[2].BPlayer || games[3].WPlayer != games[4].BPlayer {
		t.Error("the colours are not swapped within an opening's pair")
	}
}
