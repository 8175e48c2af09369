package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

func TestMovesCounts(t *testing.T) {
	in := "# the standard start\n" + startCompact + "\n\n" +
		"g [" + strings.Repeat(" ", 10) + "Q" + strings.Repeat(" ", 53) + "]\n" +
		"s [" + strings.Repeat(" ", 63) + "r]\n" + // a lone silver rabbit on h1 has no step south
		"b [" + strings.Repeat(" ", 27) + "e" + strings.Repeat(" ", 36) + "]\n"
	code, out, _ := runTool(t, runMoves, in)
	want := "3353\t8\n" +
		"error\tline 4, column 14: 'Q' is not an Arimaa piece\n" +
		"4\t1\n" +
		"35\t4\n"
	if code != 1 || out != want {
		t.Errorf("exit %d, output\n%s\nwant exit 1 and\n%s", code, out, want)
	}
}

func TestMovesList(t *testing.T) {
	// A silver elephant alone on d5 reaches every square within four
	// steps: 35 of them on the board, d5 itself excluded.
	in := "s [" + strings.Repeat(" ", 27) + "e" + strings.Repeat(" ", 36) + "]\n"
	code, out, _ := runTool(t, runMoves, in, "--list")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || lines[0] != "35\t4" || len(lines) != 36 {
		t.Fatalf("exit %d, %d lines, first %q", code, len(lines), lines[0])
	}
	seen := map[string]bool{}
	for _, l := range lines[1:] {
		if seen[l] || !strings.HasPrefix(l, "ed5") {
			t.Errorf("bad or repeated move %q", l)
		}
		seen[l] = true
	}
}

func TestMovesListCaptureTokens(t *testing.T) {
	// A silver cat on trap c3 held only by a silver dog on d3; the gold
	// elephant on d2 pulls the dog away and the cat is captured.
	p := "g [" + strings.Repeat(" ", 42) + "cd" + strings.Repeat(" ", 7) + "E" + strings.Repeat(" ", 12) + "]\n"
	code, out, _ := runTool(t, runMoves, p, "--list")
	if code != 0 || !strings.Contains(out, "\nEd2e dd3s cc3x\n") {
		t.Errorf("exit %d; the list should show a capture token:\n%.400s", code, out)
	}
}

func TestMovesFileAndUsage(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "pos.txt", startCompact+"\r\nw [x]\r\n")
	code, out, _ := runTool(t, runMoves, "", path)
	want := "3353\t8\nerror\t" + path + ":2:5: the board ends after 1 squares; it needs 64\n"
	if code != 1 || out != want {
		t.Errorf("exit %d, output %q, want %q", code, out, want)
	}
	if code, _, _ := runTool(t, runMoves, "", "a", "b"); code != 2 {
		t.Errorf("two files: exit %d, want 2", code)
	}
	if code, _, errs := runTool(t, runMoves, "", "-h"); code != 0 || !strings.Contains(errs, "usage: arimaa-workbench moves") {
		t.Errorf("-h: exit %d, %q", code, errs)
	}
	if code, _, _ := runTool(t, runMoves, "", filepath.Join(dir, "missing")); code != 1 {
		t.Errorf("missing file: exit %d", code)
	}
}

func TestReplay(t *testing.T) {
	code, out, errs := runTool(t, runReplay, "", "assets/games/sample_archive.tsv", "assets/games/endgame_goal.txt", "assets/games/opening_skirmish.txt")
	want := "1001\t44\tb e\tb e\tok\n" +
		"1002\t45\tw e\tw e\tok\n" +
		"1003\t43\tw e\tw e\tok\n" +
		"1004\t36\tb g\tb g\tok\n" +
		"1005\t4\t-\tw r\tok\n" +
		"1006\t55\tw g\tw g\tok\n" +
		"1007\t34\tb e\tb e\tok\n" +
		"endgame_goal.txt\t3\tw g\t\tok\n" +
		"opening_skirmish.txt\t4\t-\t\tok\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, output\n%s\nwant\n%s", code, out, want)
	}
	if !strings.Contains(errs, "replay: 9 games, 9 ok, 0 failed") {
		t.Errorf("summary %q", errs)
	}
}

func TestReplayFailures(t *testing.T) {
	sample, err := os.ReadFile("assets/games/sample_archive.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSuffix(string(sample), "\n"), "\n")
	header := strings.Split(rows[0], "\t")
	col := func(name string) int {
		for i, h := range header {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %s", name)
		return -1
	}
	edit := func(row, name, value string) string {
		f := strings.Split(row, "\t")
		f[col(name)] = value
		return strings.Join(f, "\t")
	}
	ml := strings.Split(rows[1], "\t")[col("movelist")]
	illegal := strings.Replace(ml, `\n2w Cb2n`, `\n2w Cb2s`, 1)
	archive := strings.Join([]string{
		rows[0],
		edit(rows[1], "termination", "g"),  // elimination in fact
		edit(rows[2], "movelist", illegal), // Cb2s: b1 is taken
		edit(rows[3], "termination", "t"),  // the rules ended it
		"999\tjunk",                        // too few fields
		rows[4],
	}, "\n") + "\n"
	dir := t.TempDir()
	path := writeFile(t, dir, "bad.tsv", archive)
	code, out, errs := runTool(t, runReplay, "", path)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := []string{
		"1001\t44\tb e\tb g\tmismatch\tthe archive says silver wins by goal, but the rules say silver wins by elimination",
		"1002\t\t\tw e\tillegal\t" + path + ":3:",
		"1003\t43\tw e\tw t\tmismatch\tthe rules end the game (gold wins by elimination), but the archive says gold wins by time",
		"?\t\t\t\terror\t" + path + ":5: the row has 2 fields but the header has 29",
		"1004\t36\tb g\tb g\tok",
	}
	if code != 1 || len(lines) != len(want) {
		t.Fatalf("exit %d, output\n%s", code, out)
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d:\n%s\nwant prefix\n%s", i+1, lines[i], want[i])
		}
	}
	if !strings.Contains(lines[1], "game 1002, move list line 3, column 4: move 2w, step 1 (Cb2s): b1 is occupied") {
		t.Errorf("illegal move detail: %s", lines[1])
	}
	if !strings.Contains(errs, "5 games, 1 ok, 4 failed (1 illegal, 2 mismatch, 1 error)") {
		t.Errorf("summary %q", errs)
	}

	code, out, _ = runTool(t, runReplay, "1w Ra1\n", "-")
	if code != 1 || !strings.Contains(out, "stdin\t\t\t\tillegal\tstdin:1:1: move 1w: the setup has 1 rabbits; it needs 8") {
		t.Errorf("record from stdin: exit %d, %q", code, out)
	}
	if code, _, _ := runTool(t, runReplay, ""); code != 2 {
		t.Errorf("no files: exit %d, want 2", code)
	}
}

func TestConvertPositions(t *testing.T) {
	code, out, errs := runTool(t, runConvert, startCompact+"\n", "--to", "long")
	want := records.FormatPosition(mustCompactPos(t, startCompact))
	if code != 0 || out != want {
		t.Fatalf("compact to long: exit %d %s\n%s", code, errs, out)
	}
	code, back, _ := runTool(t, runConvert, out, "--to", "compact")
	if code != 0 || back != startCompact+"\n" {
		t.Errorf("long to compact: exit %d %q", code, back)
	}
	code, out, errs = runTool(t, runConvert, startCompact+"\n# comment\nq [x]\n", "--to", "compact")
	if code != 1 || out != startCompact+"\n" || !strings.Contains(errs, "stdin:3:1: 'q' is not a side") {
		t.Errorf("bad line: exit %d %q %q", code, out, errs)
	}
}

func TestConvertGames(t *testing.T) {
	// The position after ten moves of game 1006 of the sample archive.
	code, byArchive, errs := runTool(t, runConvert, "", "--to", "compact", "--ply", "10", "--game", "1006", "assets/games/sample_archive.tsv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	code, byRecord, _ := runTool(t, runConvert, "", "--to", "compact", "--ply", "10", "assets/games/goal_race.txt")
	if code != 0 || byArchive != byRecord || len(byRecord) != 68+1 {
		t.Errorf("archive game and record differ: %q %q", byArchive, byRecord)
	}
	// Archive row to record gives back the record file.
	code, rec, _ := runTool(t, runConvert, "", "--to", "record", "--game", "1006", "assets/games/sample_archive.tsv")
	file, _ := os.ReadFile("assets/games/goal_race.txt")
	if code != 0 || rec != string(file) {
		t.Errorf("record from archive: exit %d\n%s", code, rec)
	}
	// A from-position record converts to itself.
	code, rec, _ = runTool(t, runConvert, "", "--to", "record", "assets/games/endgame_goal.txt")
	file, _ = os.ReadFile("assets/games/endgame_goal.txt")
	if code != 0 || rec != string(file) {
		t.Errorf("from-position record: exit %d\n%s", code, rec)
	}
	// Records to an archive, written atomically, and read back.
	dir := t.TempDir()
	outPath := filepath.Join(dir, "mine.tsv")
	code, _, errs = runTool(t, runConvert, "", "--to", "archive", "-o", outPath, "assets/games/goal_race.txt", "assets/games/opening_skirmish.txt")
	if code != 0 {
		t.Fatalf("to archive: exit %d %s", code, errs)
	}
	code, out, _ := runTool(t, runReplay, "", outPath)
	if code != 0 || out != "goal_race\t55\tw g\tw g\tok\nopening_skirmish\t4\t-\t-\tok\n" {
		t.Errorf("replaying the written archive: exit %d\n%s", code, out)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestConvertErrors(t *testing.T) {
	dir := t.TempDir()
	outPath := filepath.Join(dir, "out.txt")
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		err   string
	}{
		{"no format", "", nil, 2, "--to is required"},
		{"unknown format", "", []string{"--to", "pgn"}, 2, `unknown format "pgn"`},
		{"two games to a record", "", []string{"--to", "record", "assets/games/sample_archive.tsv"}, 1, "a record holds one game"},
		{"no such game", "", []string{"--to", "record", "--game", "42", "assets/games/sample_archive.tsv"}, 1, `no game with id "42"`},
		{"game of a record", "", []string{"--to", "long", "--game", "1", "assets/games/goal_race.txt"}, 1, "this is not an archive"},
		{"ply too far", "", []string{"--to", "long", "--ply", "99", "assets/games/endgame_goal.txt"}, 1, "the game has only 3 moves"},
		{"position to archive", startCompact, []string{"--to", "archive"}, 1, "this is a position"},
		{"illegal record", "1w Ra1\n", []string{"--to", "record", "-o", outPath}, 1, "stdin:1:1: move 1w"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := runTool(t, runConvert, tc.stdin, tc.args...)
			if code != tc.code || !strings.Contains(errs, tc.err) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, tc.code, tc.err)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a failed conversion left files: %v", entries)
	}
}

func mustCompactPos(t *testing.T, s string) rules.Position {
	t.Helper()
	p, err := records.ParseCompact(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReplayParallelKeepsOrder(t *testing.T) {
	sample, err := os.ReadFile("assets/games/sample_archive.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSuffix(string(sample), "\n"), "\n")
	var b strings.Builder
	b.WriteString(rows[0] + "\n")
	for i := 0; i < 700; i++ {
		f := strings.Split(rows[1+i%7], "\t")
		f[0] = strconv.Itoa(i)
		if i%97 == 0 {
			f = f[:3] // unreadable rows mixed in
		}
		b.WriteString(strings.Join(f, "\t") + "\n")
	}
	path := writeFile(t, t.TempDir(), "many.tsv", b.String())
	code1, one, _ := runTool(t, runReplay, "", "-j", "1", path)
	code4, four, errs := runTool(t, runReplay, "", "-j", "4", path)
	if code1 != 1 || code4 != 1 || one != four {
		t.Fatalf("-j 1 and -j 4 differ (exit %d, %d)", code1, code4)
	}
	if n := strings.Count(four, "\n"); n != 700 {
		t.Errorf("%d lines, want 700", n)
	}
	if !strings.Contains(errs, "700 games, 692 ok, 8 failed (0 illegal, 0 mismatch, 8 error)") {
		t.Errorf("summary %q", errs)
	}
}
