package gamedb

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

// foreignDB writes an SQLite database that is not a game database (in the
// default rollback journal mode) and returns its path and bytes.
func foreignDB(t *testing.T, dir string) (string, []byte) {
	t.Helper()
	path := filepath.Join(dir, "other.db")
	sdb, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sdb.Exec(`CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')`); err != nil {
		t.Fatal(err)
	}
	sdb.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data
}

// sameFiles fails t unless dir holds exactly the files of want, with
// their bytes.
func sameFiles(t *testing.T, dir string, want map[string][]byte, what string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(want) {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("%s: the folder holds %v afterwards", what, names)
	}
	for name, data := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s: %s changed (%d bytes before, %d after, %v)", what, name, len(data), len(got), err)
		}
	}
}

// TestForeignFileUntouched: a file that is not a game database of ours (an
// SQLite database of something else, or a text) is refused by Open and
// OpenExisting, and not a byte of it changes, nor does a journal appear
// beside it; a missing or empty file opened for reading is "no database
// here", and stays missing or empty.
func TestForeignFileUntouched(t *testing.T) {
	dir := t.TempDir()
	other, data := foreignDB(t, dir)
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("just some notes\n"), 0o644)
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	want := map[string][]byte{"other.db": data, "notes.txt": []byte("just some notes\n"), "empty.db": {}}
	for _, path := range []string{other, text} {
		for name, open := range map[string]func(string) (*DB, error){"Open": Open, "OpenExisting": OpenExisting} {
			d, err := open(path)
			if d != nil {
				d.Close()
			}
			if !errors.Is(err, ErrNotOurs) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "rebuild") {
				t.Errorf("%s(%s): %v", name, path, err)
			}
		}
	}
	for _, path := range []string{empty, filepath.Join(dir, "missing.db")} {
		if d, err := OpenExisting(path); !errors.Is(err, ErrNoDatabase) || !strings.Contains(err.Error(), path) {
			if d != nil {
				d.Close()
			}
			t.Errorf("OpenExisting(%s): %v", path, err)
		}
	}
	sameFiles(t, dir, want, "refused")
}

// TestOldFormatRefused: a game database of another version of the schema
// is refused unchanged with a message that says to index again.
func TestOldFormatRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "old.db")
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.db.Exec(`UPDATE meta SET value = ? WHERE key = 'format'`, formatName+"1"); err != nil {
		t.Fatal(err)
	}
	d.Close()
	data, _ := os.ReadFile(path)
	for name, open := range map[string]func(string) (*DB, error){"Open": Open, "OpenExisting": OpenExisting} {
		d, err := open(path)
		if d != nil {
			d.Close()
		}
		if !errors.Is(err, ErrOldFormat) || !strings.Contains(err.Error(), "index the archives again") {
			t.Errorf("%s: %v", name, err)
		}
	}
	sameFiles(t, dir, map[string][]byte{"old.db": data}, "old format")
}

// TestReadingWritesNothing: a database of ours opened for reading answers
// every question without changing its file, and refuses to index.
func TestReadingWritesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.db")
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	archive := writeArchive(t, t.TempDir(), "a.txt", games)
	ctx := context.Background()
	if _, err := d.Index(ctx, []string{archive}, IndexOptions{}); err != nil {
		t.Fatal(err)
	}
	d.Close()
	data, _ := os.ReadFile(path)
	r, err := OpenExisting(path)
	if err != nil {
		t.Fatal(err)
	}
	q := positionAfter(t, games[0], 1)
	if ms, err := r.Explore(ctx, q, Filter{Mirrors: true}); err != nil || len(ms) == 0 {
		t.Errorf("explore: %v, %v", ms, err)
	}
	if hs, err := r.Find(ctx, q, Filter{}, 0); err != nil || len(hs) == 0 {
		t.Errorf("find: %v, %v", hs, err)
	}
	if hs, err := r.Similar(ctx, q, 2, 0, 10, Filter{}); err != nil || len(hs) == 0 {
		t.Errorf("similar: %v, %v", hs, err)
	}
	if _, err := r.Stats(); err != nil {
		t.Error(err)
	}
	if _, err := r.Index(ctx, []string{archive}, IndexOptions{}); err == nil {
		t.Error("a database opened for reading indexed")
	}
	r.Close()
	got, _ := os.ReadFile(path)
	if !bytes.Equal(got, data) {
		t.Error("reading changed the database's file")
	}
}

// TestKeepColumns: without KeepColumns no archive column is kept beyond
// those the queries need; with it every column comes back as written,
// the events too.
func TestKeepColumns(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := GenerateCorpus(ctx, f, []*rules.Game{randomGame(t, 3, 30)}, 3, 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, keep := range []bool{false, true} {
		d := openTest(t)
		if _, err := d.Index(ctx, []string{path}, IndexOptions{KeepColumns: keep}); err != nil {
			t.Fatal(err)
		}
		cols, err := d.Columns(ctx, 2)
		switch {
		case err != nil:
			t.Fatal(err)
		case !keep && cols != nil:
			t.Errorf("columns kept without KeepColumns: %v", cols)
		case keep && (len(cols) != 29 || len(cols["events"]) < 8000 || cols["id"] != "100001"):
			t.Errorf("kept %d columns, events of %d bytes, id %q", len(cols), len(cols["events"]), cols["id"])
		}
	}
}

// TestReadingLeavesNoFiles: once the writer has closed it, a game database
// is read (explore, exact and similar search, stats) without a file
// appearing beside it or a byte of it changing: a database in WAL journal
// mode would have every reader create its -wal and -shm files.
func TestReadingLeavesNoFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "games.db")
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	g := testGame{id: "1", gold: "a", silver: "b", result: rules.Gold, moves: []string{"Ee2n", "ee7s"}}
	if _, err := d.Index(context.Background(), []string{writeArchive(t, t.TempDir(), "a.txt", []testGame{g})}, IndexOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sameFiles(t, dir, map[string][]byte{"games.db": data}, "after indexing")
	r, err := OpenExisting(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	start := positionAfter(t, g, 0)
	if ms, err := r.Explore(ctx, start, Filter{}); err != nil || len(ms) != 1 {
		t.Errorf("explore: %v, %v", ms, err)
	}
	if hs, err := r.Find(ctx, start, Filter{}, 0); err != nil || len(hs) != 1 {
		t.Errorf("find: %v, %v", hs, err)
	}
	if _, err := r.Similar(ctx, start, 2, 0, 10, Filter{}); err != nil {
		t.Errorf("similar: %v", err)
	}
	if _, err := r.Stats(); err != nil {
		t.Errorf("stats: %v", err)
	}
	sameFiles(t, dir, map[string][]byte{"games.db": data}, "while reading")
	r.Close()
	sameFiles(t, dir, map[string][]byte{"games.db": data}, "after reading")
}
