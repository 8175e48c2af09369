package gamedb

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

const (
	goldSetup   = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"
	silverSetup = "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 md7 ee7 cf7 dg7 hh7"
)

// testGame is one game of a test archive: its id, players, result and
// moves after the setups.
type testGame struct {
	id, gold, silver string
	goldRating       int
	result           rules.Color
	moves            []string
	setup            [2]string // the setups; empty: goldSetup and silverSetup
}

// moveList writes the game's record.
func (g testGame) moveList() string {
	setup := g.setup
	if setup[0] == "" {
		setup = [2]string{goldSetup, silverSetup}
	}
	lines := []string{"1w " + setup[0], "1b " + setup[1]}
	for i, m := range g.moves {
		side := "w"
		if i%2 == 1 {
			side = "b"
		}
		lines = append(lines, rules.TurnLabel(2+i/2, map[string]rules.Color{"w": rules.Gold, "b": rules.Silver}[side])+" "+m)
	}
	return strings.Join(lines, "\n")
}

// writeArchive writes the games as a game archive in dir.
func writeArchive(t *testing.T, dir, name string, games []testGame) string {
	t.Helper()
	path := filepath.Join(dir, name)
	var ags []*records.ArchiveGame
	for _, g := range games {
		ags = append(ags, &records.ArchiveGame{ID: g.id, WPlayer: g.gold, BPlayer: g.silver, WRating: g.goldRating, BRating: 1900,
			WType: "h", BType: "b", Result: g.result, Termination: rules.ByScore, TimeControl: "30s/5m",
			Start: time.Date(2020, 3, 1, 0, 0, 0, 0, time.UTC), MoveList: g.moveList(), Event: "test"})
	}
	writeArchiveGames(t, path, ags)
	return path
}

// writeArchiveGames writes the rows as a game archive at path.
func writeArchiveGames(t *testing.T, path string, ags []*records.ArchiveGame) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := records.NewArchiveWriter(f)
	for _, ag := range ags {
		if err := w.Write(ag); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
}

// games: 1 and 2 transpose (the two horses in another order) and Gold
// wins both; 3 starts the same and Silver wins; 4 plays another first move.
var games = []testGame{
	{id: "1", gold: "ann", silver: "bot", goldRating: 2000, result: rules.Gold, moves: []string{"Ha2n", "ha7s", "Hh2n"}},
	{id: "2", gold: "ann", silver: "bot", goldRating: 1800, result: rules.Gold, moves: []string{"Hh2n", "ha7s", "Ha2n", "hh7s"}},
	{id: "3", gold: "cid", silver: "bot", goldRating: 1600, result: rules.Silver, moves: []string{"Ha2n", "hh7s"}},
	{id: "4", gold: "cid", silver: "bot", goldRating: 1600, result: rules.Silver, moves: []string{"Ee2n Ee3n", "ee7s"}},
}

func openTest(t *testing.T) *DB {
	t.Helper()
	d, err := Open(filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// indexedTest is a new database that has indexed an archive of gs.
func indexedTest(t *testing.T, gs []testGame) *DB {
	t.Helper()
	d := openTest(t)
	path := writeArchive(t, t.TempDir(), "a.txt", gs)
	if _, err := d.Index(context.Background(), []string{path}, IndexOptions{}); err != nil {
		t.Fatal(err)
	}
	return d
}

// positionAfter is the position of test game g after n moves.
func positionAfter(t *testing.T, g testGame, n int) rules.Position {
	t.Helper()
	rec, err := records.ParseRecord(g.moveList())
	if err != nil {
		t.Fatal(err)
	}
	rg, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	return rg.PositionBefore(n)
}

// TestIndexIncremental: an archive indexed twice adds nothing the second
// time; a larger archive adds only its new games; a row that does not
// replay is reported with its file and line and the rest are kept.
func TestIndexIncremental(t *testing.T) {
	d := openTest(t)
	dir := t.TempDir()
	first := writeArchive(t, dir, "a.txt", games[:3])
	pr, err := d.Index(context.Background(), []string{first}, IndexOptions{})
	if err != nil || pr.Added != 3 || pr.Positions != 6+7+5 {
		t.Fatalf("first run: %+v, %v", pr, err)
	}
	if pr, err = d.Index(context.Background(), []string{first}, IndexOptions{}); err != nil || pr.Added != 0 || pr.Known != 3 {
		t.Fatalf("again: %+v, %v", pr, err)
	}
	bad := games[3]
	bad.id, bad.moves = "5", []string{"Ha2s"} // a horse stepping onto its own rabbit
	all := writeArchive(t, dir, "b.txt", append(append([]testGame{}, games...), bad))
	var bads []BadGame
	pr, err = d.Index(context.Background(), []string{all}, IndexOptions{Bad: func(b BadGame) { bads = append(bads, b) }})
	if err != nil || pr.Added != 1 || pr.Known != 3 || pr.Bad != 1 {
		t.Fatalf("new month: %+v, %v", pr, err)
	}
	if len(bads) != 1 || bads[0].File != all || bads[0].Line != 6 || !strings.Contains(bads[0].Error(), all+":6:") {
		t.Errorf("bad rows %v", bads)
	}
	if s, _ := d.Stats(); s.Games != 4 {
		t.Errorf("%d games", s.Games)
	}
}

// TestMoveStatText: the shares of wins in percent and the last year as
// the explorer's tables show them, also for a move with no games or dates.
func TestMoveStatText(t *testing.T) {
	for _, tc := range []struct {
		m            MoveStat
		gold, silver float64
		year         string
	}{
		{MoveStat{Games: 4, GoldWins: 3, SilverWins: 1, LastYear: 2020}, 75, 25, "2020"},
		{MoveStat{Games: 3, GoldWins: 1}, 100.0 / 3, 0, "-"},
		{MoveStat{}, 0, 0, "-"},
	} {
		if g, s, y := tc.m.GoldPercent(), tc.m.SilverPercent(), tc.m.LastYearText(); g != tc.gold || s != tc.silver || y != tc.year {
			t.Errorf("%+v: %v%% %v%% %q, want %v%% %v%% %q", tc.m, g, s, y, tc.gold, tc.silver, tc.year)
		}
	}
}

// TestExploreAndFind: the explorer's counts, wins and ratings, the setups
// as the first moves, filters, and an exact search that finds a
// transposition.
func TestExploreAndFind(t *testing.T) {
	d := indexedTest(t, games)
	ctx := context.Background()
	start := positionAfter(t, games[0], 0)
	got, err := d.Explore(ctx, start, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	want := []MoveStat{
		{Move: "Ha2n", Games: 2, GoldWins: 1, SilverWins: 1, MeanRating: 1800, LastYear: 2020},
		{Move: "Ee2n Ee3n", Games: 1, SilverWins: 1, MeanRating: 1600, LastYear: 2020},
		{Move: "Hh2n", Games: 1, GoldWins: 1, MeanRating: 1800, LastYear: 2020},
	}
	if len(got) != len(want) {
		t.Fatalf("explore %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("move %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if got, _ := d.Explore(ctx, start, Filter{MinRating: 1700}); len(got) != 2 || got[0].Games != 1 {
		t.Errorf("with --min-rating 1700: %+v", got)
	}
	if got, _ := d.Explore(ctx, rules.NewGame().Position(), Filter{}); len(got) != 1 || got[0].Move != goldSetup || got[0].Games != 4 {
		t.Errorf("the empty board: %+v", got)
	}
	// Games 1 and 2 reach the same position after three moves in
	// another order.
	hits, err := d.Find(ctx, positionAfter(t, games[0], 3), Filter{}, 0)
	if err != nil || len(hits) != 2 || hits[0].ArchiveID != "1" || hits[1].ArchiveID != "2" || hits[1].Move != "hh7s" || hits[0].Move != "" {
		t.Errorf("transposition: %+v, %v", hits, err)
	}
	// A position no game reached: empty, no error.
	empty := positionAfter(t, testGame{moves: []string{"Ee2n Ee3n Ee4n Ee5w"}}, 1)
	if got, err := d.Explore(ctx, empty, Filter{}); err != nil || len(got) != 0 {
		t.Errorf("unknown position: %+v, %v", got, err)
	}
	if got, err := d.Find(ctx, empty, Filter{}, 0); err != nil || len(got) != 0 {
		t.Errorf("unknown position: %+v, %v", got, err)
	}
}

// TestSimilar: a stored position is its own most similar, at 1; every hit
// has the query's side to move; moves from similar positions are legal
// on the query's board.
func TestSimilar(t *testing.T) {
	d := indexedTest(t, games)
	ctx := context.Background()
	q := positionAfter(t, games[2], 1) // Silver to move
	for r := 0; r <= MaxRadius; r++ {
		hits, err := d.Similar(ctx, q, r, 0.3, 10, Filter{})
		if err != nil || len(hits) == 0 {
			t.Fatalf("radius %d: %v, %v", r, hits, err)
		}
		if hits[0].Similarity != 1 {
			t.Errorf("radius %d: best %+v", r, hits[0])
		}
		for _, h := range hits {
			if h.Ply%2 != 1 {
				t.Errorf("radius %d: a hit with Gold to move: %+v", r, h)
			}
			if h.Similarity < 0.3 {
				t.Errorf("radius %d: %+v below the threshold", r, h)
			}
		}
	}
	if _, err := d.Similar(ctx, q, 4, 0.5, 10, Filter{}); err == nil {
		t.Error("radius 4 taken")
	}
	moves, err := d.MovesFromSimilar(ctx, q, 2, 20, Filter{})
	if err != nil || len(moves) == 0 {
		t.Fatalf("moves from similar: %v, %v", moves, err)
	}
	for _, m := range moves {
		w, err := rules.ParseMove(m.Move)
		if err == nil {
			_, _, err = q.PlayWritten(w)
		}
		if err != nil {
			t.Errorf("%s: %v", m.Move, err)
		}
	}
}

// TestPieceData: the thesis's counts for a piece, and the similarity of a
// position with itself and with its mirror image.
func TestPieceData(t *testing.T) {
	p := positionAfter(t, games[0], 0)
	var pd [32]pieceData
	n := pieceDataOf(&p, &pd)
	if n != 32 {
		t.Fatalf("%d pieces", n)
	}
	for i := 0; i < n; i++ {
		if pd[i].header[1] > 2 {
			t.Errorf("piece %d on %d edges", i, pd[i].header[1])
		}
	}
	a := pieceHashes(&p, 3, nil)
	if similarity(a, a) != 1 {
		t.Error("a position is not wholly similar to itself")
	}
	other := positionAfter(t, games[3], 2)
	if s := similarity(a, pieceHashes(&other, 3, nil)); s <= 0 || s >= 1 {
		t.Errorf("similarity %v of two different positions", s)
	}
}

// TestCancelledIndexResumes: an index run stopped after its first batch
// keeps that batch; the next run adds the rest.
func TestCancelledIndexResumes(t *testing.T) {
	d := openTest(t)
	var many []testGame
	for i := range 12 {
		g := games[i%4]
		g.id = "m" + string(rune('a'+i))
		many = append(many, g)
	}
	path := writeArchive(t, t.TempDir(), "a.txt", many)
	ctx, cancel := context.WithCancel(context.Background())
	_, err := d.Index(ctx, []string{path}, IndexOptions{Batch: 5, Progress: func(Progress) { cancel() }})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v", err)
	}
	if s, _ := d.Stats(); s.Games != 5 {
		t.Errorf("%d games kept, want the first batch of 5", s.Games)
	}
	pr, err := d.Index(context.Background(), []string{path}, IndexOptions{Batch: 5})
	if err != nil || pr.Added != 7 || pr.Known != 5 {
		t.Errorf("resumed: %+v, %v", pr, err)
	}
}

// TestNotOurs: a file that is not a database of ours, or is damaged, is
// refused with its name and how to rebuild it.
func TestNotOurs(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.db")
	os.WriteFile(text, []byte("just some notes, not a database at all\n"), 0o644)
	other := filepath.Join(dir, "other.db")
	d, err := Open(other)
	if err != nil {
		t.Fatal(err)
	}
	d.db.Exec(`DELETE FROM meta`)
	d.Close()
	for _, path := range []string{text, other} {
		if d, err := Open(path); err == nil || !errors.Is(err, ErrNotOurs) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "rebuild") {
			if d != nil {
				d.Close()
			}
			t.Errorf("%s: %v", path, err)
		}
	}
}

// TestOneIndexRun: a second index run on a database another run holds
// stops at once, naming the holder.
func TestOneIndexRun(t *testing.T) {
	d := openTest(t)
	lock, err := fsutil.LockFile(d.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Unlock()
	path := writeArchive(t, t.TempDir(), "a.txt", games)
	if _, err := d.Index(context.Background(), []string{path}, IndexOptions{}); !errors.Is(err, fsutil.ErrLocked) {
		t.Errorf("second run: %v", err)
	}
}
