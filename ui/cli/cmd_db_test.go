package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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
	if code, _, errs := runTool(t, runDB, "", "explore", "--db", missing, "--ply", "1", "assets/games/goal_race.txt"); code != 1 || !strings.Contains(errs, "no such game database") {
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
	pos, err := queryPosition(context.Background(), "assets/games/goal_race.txt", "", 4, nil)
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
