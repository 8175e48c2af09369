package gamedb

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"arimaa-workbench/engine/rules"
)

// corpusFile writes n games varied from base (GenerateCorpus) to a file.
func corpusFile(t *testing.T, base []*rules.Game, n int, seed uint64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "corpus.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := GenerateCorpus(context.Background(), f, base, n, seed); err != nil {
		t.Fatal(err)
	}
	return path
}

// sameAsQuery checks that the explorer's answers on the positions ps,
// with and without mirrors, are those of its query with no answer kept.
func sameAsQuery(t *testing.T, d *DB, ps []rules.Position, what string) {
	t.Helper()
	ctx := context.Background()
	for i, p := range ps {
		for _, f := range []Filter{{}, {Mirrors: true}} {
			got, err := d.Explore(ctx, p, f)
			if err != nil {
				t.Fatal(err)
			}
			hot := d.hotGames
			d.hotGames = 0
			want, err := d.Explore(ctx, p, f)
			d.hotGames = hot
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: position %d (mirrors %v): kept answer\n%+v\nthe query's\n%+v", what, i, f.Mirrors, got, want)
			}
		}
	}
}

// keptKeys are the positions whose explorer's answer is kept.
func keptKeys(t *testing.T, d *DB) map[int64]bool {
	t.Helper()
	keys, err := queryAll(context.Background(), d, `SELECT key FROM explored`, nil, func(rows *sqlRows) (int64, error) {
		var k int64
		return k, rows.Scan(&k)
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]bool{}
	for _, k := range keys {
		out[k] = true
	}
	return out
}

// TestExploredKept: an index run keeps the explorer's answer on the
// positions of the first moves that many games reach, the empty board
// first; the answer kept is the query's, with and without mirrors, after
// the first run, after a second that adds games through them, and after
// a run stopped after its first batch (which drops the answers it made
// stale); a reader of a file without the explored table asks the query.
func TestExploredKept(t *testing.T) {
	var base []*rules.Game
	for seed := range uint64(4) {
		base = append(base, randomGame(t, 500+seed, 30))
	}
	d := openTest(t)
	d.hotGames = 8
	ctx := context.Background()
	if _, err := d.Index(ctx, []string{corpusFile(t, base, 40, 1)}, IndexOptions{Batch: 16}); err != nil {
		t.Fatal(err)
	}
	empty := rules.NewGame().Position()
	if !keptKeys(t, d)[int64(empty.TurnHash())] {
		t.Fatal("no answer kept for the empty board, which every game reaches")
	}
	var ps []rules.Position
	for _, g := range base {
		for ply := range 4 {
			ps = append(ps, g.PositionBefore(ply))
		}
	}
	ps = append(ps, empty)
	for _, g := range base {
		// The boards after Gold's setup.
		s := rules.NewGame()
		if err := s.SetupPieces(g.Setup(rules.Gold)); err != nil {
			t.Fatal(err)
		}
		ps = append(ps, s.Position())
	}
	sameAsQuery(t, d, ps, "first run")

	if _, err := d.Index(ctx, []string{corpusFile(t, base, 30, 2)}, IndexOptions{Batch: 16}); err != nil {
		t.Fatal(err)
	}
	sameAsQuery(t, d, ps, "second run")
	ms, err := d.Explore(ctx, empty, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, m := range ms {
		total += m.Games
	}
	if s, _ := d.Stats(); int64(total) != s.Games {
		t.Errorf("empty board: %d games, the database has %d", total, s.Games)
	}

	stop, cancel := context.WithCancel(ctx)
	_, err = d.Index(stop, []string{corpusFile(t, base, 40, 3)}, IndexOptions{Batch: 16, Progress: func(Progress) { cancel() }})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v", err)
	}
	if keptKeys(t, d)[int64(empty.TurnHash())] {
		t.Error("the empty board's answer kept after a run added games through it")
	}
	sameAsQuery(t, d, ps, "stopped run")

	// A file of format 3 from before the explored table, read.
	if _, err := d.db.Exec(`DROP TABLE explored`); err != nil {
		t.Fatal(err)
	}
	path := d.Path()
	d.Close()
	r, err := OpenExisting(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if ms, err := r.Explore(ctx, empty, Filter{}); err != nil || len(ms) == 0 {
		t.Errorf("without the explored table: %v, %v", ms, err)
	}
}
