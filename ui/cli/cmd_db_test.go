package cli

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"arimaa-workbench/ats/gamedb"
	"arimaa-workbench/records"
)

// TestDBCommands indexes the sample archive and a game record, asks the
// explorer, exact and similar search from a game's position, and checks
// what each prints; the JSON lines name the game, the ply and the move.
func TestDBCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	code, out, errs := runTool(t, runDB, "", "index", "--db", db, "-q", "assets/games/sample_archive.tsv", "assets/games/goal_race.txt")
	if code != 0 || !strings.Contains(out, "added") {
		t.Fatalf("index: exit %d\n%s\n%s", code, out, errs)
	}
	code, again, _ := runTool(t, runDB, "", "index", "--db", db, "-q", "assets/games/sample_archive.tsv", "assets/games/goal_race.txt")
	if code != 0 || !strings.Contains(again, " 0 added") {
		t.Errorf("indexed twice: %s", again)
	}
	if code, out, _ := runTool(t, runDB, "", "stats", "--db", db); code != 0 || !strings.Contains(out, "games") {
		t.Errorf("stats: exit %d\n%s", code, out)
	}
	code, out, errs = runTool(t, runDB, "", "explore", "--db", db, "--json", "--ply", "0", "assets/games/goal_race.txt")
	if code != 0 || out == "" {
		t.Fatalf("explore: exit %d\n%s\n%s", code, out, errs)
	}
	var first struct {
		Move  string `json:"move"`
		Games int    `json:"games"`
	}
	if err := json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &first); err != nil || first.Move == "" || first.Games < 1 {
		t.Errorf("explore line %q: %v", out, err)
	}
	for _, args := range [][]string{{"find"}, {"find", "--radius", "2", "--min-similarity", "0.9"}} {
		a := append(append([]string{}, args...), "--db", db, "--json", "--ply", "3", "assets/games/goal_race.txt")
		code, out, errs := runTool(t, runDB, "", a...)
		if code != 0 || out == "" {
			t.Fatalf("%v: exit %d\n%s\n%s", args, code, out, errs)
		}
		var h map[string]any
		if err := json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &h); err != nil {
			t.Fatal(err)
		}
		if h["ply"] != 3.0 || h["move"] == "" || h["game"] == "" || h["similarity"] != 1.0 {
			t.Errorf("%v: first hit %v", args, h)
		}
	}
	// The setups of the archive with --mirrors: no more lines than
	// without, as many games, and each grouped line says so.
	_, plain, _ := runTool(t, runDB, "", "explore", "--db", db, "--json", "--ply", "-2", "assets/games/goal_race.txt")
	code, grouped, errs := runTool(t, runDB, "", "explore", "--db", db, "--json", "--mirrors", "--ply", "-2", "assets/games/goal_race.txt")
	if code != 0 || grouped == "" {
		t.Fatalf("explore --mirrors: exit %d\n%s\n%s", code, grouped, errs)
	}
	count := func(out string) (lines, games int) {
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var m struct {
				Games int `json:"games"`
			}
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			lines, games = lines+1, games+m.Games
		}
		return lines, games
	}
	pl, pg := count(plain)
	gl, gg := count(grouped)
	if gl > pl || gg != pg {
		t.Errorf("setups: %d lines, %d games without --mirrors; %d lines, %d games with", pl, pg, gl, gg)
	}
	if code, out, _ := runTool(t, runDB, "", "similar-moves", "--db", db, "--ply", "3", "assets/games/goal_race.txt"); code != 0 || !strings.Contains(out, "moves from the") {
		t.Errorf("similar-moves: exit %d\n%s", code, out)
	}
}

// TestDBErrors: bad input to the db commands says what and where.
func TestDBErrors(t *testing.T) {
	dir := t.TempDir()
	notDB := writeFile(t, dir, "notes.db", "not a database\n")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"stats", "--db", notDB}, 1, "not a game database of arimaa-workbench"},
		{[]string{"explore", "--db", filepath.Join(dir, "g.db"), "assets/games/goal_race.txt"}, 1, "say which position with --ply N"},
		{[]string{"find", "--db", filepath.Join(dir, "g.db"), "--radius", "4", "--ply", "1", "assets/games/goal_race.txt"}, 2, "radius"},
		{[]string{"explore", "--db", filepath.Join(dir, "g.db"), "--players", "aliens", "--ply", "1", "assets/games/goal_race.txt"}, 2, "want all, humans or bots"},
		{[]string{"explore", "--db", filepath.Join(dir, "g.db"), "--from", "March", "--ply", "1", "assets/games/goal_race.txt"}, 2, "YYYY-MM-DD"},
		{[]string{"index", "--db", filepath.Join(dir, "g.db")}, 2, "give the archives"},
		{[]string{"frobnicate"}, 2, "unknown command"},
	} {
		code, _, errs := runTool(t, runDB, "", tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want %d, %q", tc.args, code, errs, tc.code, tc.want)
		}
	}
	// A database that does not exist is not made by a question.
	missing := filepath.Join(dir, "missing.db")
	if code, _, errs := runTool(t, runDB, "", "explore", "--db", missing, "--ply", "1", "assets/games/goal_race.txt"); code != 1 || !strings.Contains(errs, "there is no game database here") {
		t.Errorf("a missing database: exit %d, %q", code, errs)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("explore made the missing database")
	}
	// An empty database answers an unknown position with nothing.
	empty, err := gamedb.Open(filepath.Join(dir, "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	empty.Close()
	code, out, errs := runTool(t, runDB, "", "explore", "--db", filepath.Join(dir, "g.db"), "--ply", "1", "assets/games/goal_race.txt")
	if code != 0 || !strings.HasPrefix(out, "0 games, 0 moves") {
		t.Errorf("empty database: exit %d\n%s\n%s", code, out, errs)
	}
}

// TestAeiDBPrior: the AEI engine with --db-prior suggests the database's
// moves from similar positions to its search, and says how many; a file
// that is not a game database is refused before the session starts.
func TestAeiDBPrior(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	if code, _, errs := runTool(t, runDB, "", "index", "--db", db, "-q", "assets/games/sample_archive.tsv", "assets/games/goal_race.txt"); code != 0 {
		t.Fatalf("index: %s", errs)
	}
	pos, _, err := queryPosition(context.Background(), "assets/games/goal_race.txt", "", 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	session := strings.Join([]string{"aei", "isready", "newgame", "setoption name playouts value 200",
		"setoption name threads value 1", "setposition " + records.FormatCompact(pos), "go"}, "\n") + "\n"
	code, out, errOut := runCmd(t, runAei, session, "--seed", "2", "--db-prior", db, "--db-prior-positions", "20")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var n int
	for _, l := range strings.Split(out, "\n") {
		if _, err := fmt.Sscanf(l, "log Debug: %d moves suggested", &n); err == nil {
			break
		}
	}
	if n < 1 || !strings.Contains(out, "bestmove ") {
		t.Errorf("no moves suggested from the database:\n%s\n%s", out, errOut)
	}
	notDB := writeFile(t, t.TempDir(), "notes.db", "my notes")
	if code, _, errOut := runCmd(t, runAei, "aei\n", "--db-prior", notDB); code == 0 || !strings.Contains(errOut, "notes.db") {
		t.Errorf("a file that is not a database: exit %d, %q", code, errOut)
	}
}

// TestDBLeavesForeignFiles: every db command given an SQLite database that
// is not a game database, or an empty file, refuses it and leaves its
// bytes as they were; the reading commands say there is no database in an
// empty or missing file and make none.
func TestDBLeavesForeignFiles(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "other.db")
	sdb, err := sql.Open("sqlite3", "file:"+other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sdb.Exec(`CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')`); err != nil {
		t.Fatal(err)
	}
	sdb.Close()
	empty := writeFile(t, dir, "empty.db", "")
	before := map[string][]byte{}
	for _, p := range []string{other, empty} {
		data, _ := os.ReadFile(p)
		before[p] = data
	}
	pos := []string{"--ply", "3", "assets/games/goal_race.txt"}
	reading := [][]string{{"stats"}, append([]string{"explore"}, pos...), append([]string{"find"}, pos...),
		append([]string{"find", "--radius", "1"}, pos...), append([]string{"similar-moves"}, pos...)}
	for _, args := range append(reading, []string{"index", "assets/games/goal_race.txt"}) {
		a := append([]string{args[0], "--db", other}, args[1:]...)
		if code, _, errs := runTool(t, runDB, "", a...); code != 1 || !strings.Contains(errs, "not a game database") {
			t.Errorf("%v: exit %d, %q", a, code, errs)
		}
	}
	for _, args := range reading {
		for _, path := range []string{empty, filepath.Join(dir, "missing.db")} {
			a := append([]string{args[0], "--db", path}, args[1:]...)
			if code, _, errs := runTool(t, runDB, "", a...); code != 1 || !strings.Contains(errs, "there is no game database here") {
				t.Errorf("%v: exit %d, %q", a, code, errs)
			}
		}
	}
	for p, data := range before {
		if got, err := os.ReadFile(p); err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s changed", p)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("%d files in the folder afterwards, want the 2 there were", len(entries))
	}
}

// TestDBSmallerPoints: a long position file is a position to explore and
// find; an index run that skips every game fails; a skipped game's line
// names its place once; with several inputs each file gets its own
// progress line with its own counts.
func TestDBSmallerPoints(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "g.db")
	if code, _, errs := runTool(t, runDB, "", "index", "--db", db, "-q", "assets/games/goal_race.txt"); code != 0 {
		t.Fatalf("index: %s", errs)
	}
	code, long, errs := runTool(t, runConvert, "", "--to", "long", "--ply", "3", "assets/games/goal_race.txt")
	if code != 0 {
		t.Fatalf("convert: %s", errs)
	}
	longFile := writeFile(t, dir, "pos.txt", long)
	for _, cmd := range []string{"explore", "find"} {
		_, byPly, _ := runTool(t, runDB, "", cmd, "--db", db, "--ply", "3", "assets/games/goal_race.txt")
		code, out, errs := runTool(t, runDB, "", cmd, "--db", db, longFile)
		if code != 0 || out != byPly || strings.HasPrefix(out, "0 ") {
			t.Errorf("%s of a long position: exit %d\n%s\n%s\nwant\n%s", cmd, code, out, errs, byPly)
		}
	}
	lines := strings.Split(strings.TrimSpace(string(must(os.ReadFile("assets/games/sample_archive.tsv")))), "\n")
	bad := lines[0] + "\n" + strings.Replace(lines[1], "Cb2n", "Cb2s", 1) + "\n"
	badFile := writeFile(t, dir, "bad.tsv", bad)
	code, _, errs = runTool(t, runDB, "", "index", "--db", filepath.Join(dir, "b.db"), "-q", badFile)
	if code == 0 || !strings.Contains(errs, "every one of the 1 games was skipped") {
		t.Errorf("all skipped: exit %d, %q", code, errs)
	}
	if n := strings.Count(errs, badFile+":2"); n != 1 {
		t.Errorf("the skipped game's place is given %d times: %q", n, errs)
	}
	code, _, errs = runTool(t, runDB, "", "index", "--db", filepath.Join(dir, "c.db"), "assets/games/sample_archive.tsv", "assets/games/goal_race.txt")
	if code != 0 {
		t.Fatalf("two files: exit %d, %s", code, errs)
	}
	if !strings.Contains(errs, "assets/games/sample_archive.tsv (file 1 of 2) done: 7 games (7 added, 0 skipped)") ||
		!strings.Contains(errs, "assets/games/goal_race.txt (file 2 of 2) done: 1 games (1 added, 0 skipped); all files: 8 games") {
		t.Errorf("progress of two files:\n%s", errs)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestDBSimilarDefaults: a similar search without a threshold answers the
// ten most similar positions, the query's own game first among those as
// similar; db stats says what a game costs in each table, and
// --keep-columns keeps the archive's rows.
func TestDBSimilarDefaults(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "g.db")
	if code, _, errs := runTool(t, runDB, "", "index", "--db", db, "-q", "--keep-columns", "assets/games/sample_archive.tsv", "assets/games/goal_race.txt"); code != 0 {
		t.Fatalf("index: %s", errs)
	}
	for r := 0; r <= gamedb.MaxRadius; r++ {
		code, out, errs := runTool(t, runDB, "", "find", "--db", db, "--json", "--radius", fmt.Sprint(r), "--ply", "6", "assets/games/goal_race.txt")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || len(lines) != 10 {
			t.Fatalf("radius %d: exit %d, %d hits\n%s\n%s", r, code, len(lines), out, errs)
		}
		var first struct {
			Game       string  `json:"game"`
			Ply        int     `json:"ply"`
			Similarity float64 `json:"similarity"`
		}
		json.Unmarshal([]byte(lines[0]), &first)
		if first.Game != "assets/games/goal_race.txt:1" || first.Ply != 6 || first.Similarity != 1 {
			t.Errorf("radius %d: first hit %s", r, lines[0])
		}
		// The full scan: the same first hit, and at every rank a hit at
		// least as similar as the signatures' candidates found.
		code, full, errs := runTool(t, runDB, "", "find", "--db", db, "--json", "--exhaustive", "--radius", fmt.Sprint(r), "--ply", "6", "assets/games/goal_race.txt")
		fullLines := strings.Split(strings.TrimSpace(full), "\n")
		if code != 0 || len(fullLines) != 10 || fullLines[0] != lines[0] {
			t.Fatalf("radius %d, --exhaustive: exit %d, %d hits\n%s\n%s", r, code, len(fullLines), full, errs)
		}
		for i := range lines {
			var a, b struct{ Similarity float64 }
			json.Unmarshal([]byte(lines[i]), &a)
			json.Unmarshal([]byte(fullLines[i]), &b)
			if b.Similarity < a.Similarity {
				t.Errorf("radius %d, hit %d: the full scan's %g is below %g", r, i+1, b.Similarity, a.Similarity)
			}
		}
	}
	if code, _, errs := runTool(t, runDB, "", "find", "--db", db, "--exhaustive", "--ply", "6", "assets/games/goal_race.txt"); code != 2 || !strings.Contains(errs, "--exhaustive is for similar search") {
		t.Errorf("--exhaustive without --radius: exit %d, %s", code, errs)
	}
	if code, _, errs := runTool(t, runDB, "", "find", "--db", db, "--exhaustive", "--radius", "1", "--limit", "0", "--ply", "6", "assets/games/goal_race.txt"); code != 1 || !strings.Contains(errs, "--exhaustive lists from 1 to 10000") {
		t.Errorf("--exhaustive --limit 0: exit %d, %s", code, errs)
	}
	code, out, errs := runTool(t, runDB, "", "stats", "--db", db)
	if code != 0 || !strings.Contains(out, "bytes a game by table:") || !regexp.MustCompile(`(?m)^  columns +[1-9]`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^  positions +[1-9]`).MatchString(out) {
		t.Errorf("stats: exit %d\n%s\n%s", code, out, errs)
	}
}
