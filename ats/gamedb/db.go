package gamedb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "github.com/mattn/go-sqlite3" // the SQLite driver, registered as "sqlite3"

	"arimaa-workbench/ats"
)

// Format names this package's schema in the meta table: formatName and
// the schema's version. A database of another version is refused with
// ErrOldFormat rather than misread.
const Format = formatName + "3"

const formatName = "arimaa-workbench games "

// BusyTimeout is how long a writer waits for another writer's transaction
// before it gives up with "database is locked".
const BusyTimeout = 10 * time.Second

// ErrNotOurs is wrapped by the error of Open for a file that is not a game
// database of this workbench, or a damaged one.
var ErrNotOurs = errors.New("not a game database of arimaa-workbench")

// ErrOldFormat is wrapped by the error of Open for a game database of
// another version of this package's schema: it must be indexed again.
var ErrOldFormat = errors.New("a game database of another version")

// ErrNoDatabase is wrapped by the error of OpenExisting for a missing or
// empty file.
var ErrNoDatabase = errors.New("there is no game database here")

// DB is an open game database. Its methods may be called from several
// goroutines.
type DB struct {
	db       *sql.DB
	path     string
	readOnly bool // opened by OpenExisting

	mu       sync.Mutex
	sims     map[simKey]*simTable // the similar index in memory, by radius and side
	simCands int                  // SimilarCandidates, fewer in tests
	hotGames int                  // HotPositions, fewer in tests; 0: no answers kept
	gen      int                  // changes with every batch indexed
}

// DefaultPath is the database the commands and the window use when none is
// given: games.db in the user's data folder.
func DefaultPath() (string, error) { return ats.DataPath("games.db") }

const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
	id INTEGER PRIMARY KEY,
	uid INTEGER NOT NULL UNIQUE,
	source TEXT NOT NULL,
	line INTEGER NOT NULL,
	archive_id TEXT NOT NULL,
	gold TEXT NOT NULL, silver TEXT NOT NULL,
	gold_rating INTEGER NOT NULL, silver_rating INTEGER NOT NULL,
	gold_type TEXT NOT NULL, silver_type TEXT NOT NULL,
	result TEXT NOT NULL,
	termination TEXT NOT NULL,
	timecontrol TEXT NOT NULL,
	start INTEGER NOT NULL,
	year INTEGER NOT NULL,
	event TEXT NOT NULL,
	plies INTEGER NOT NULL,
	moves BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS columns (game INTEGER PRIMARY KEY, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS positions (
	key INTEGER NOT NULL, at INTEGER NOT NULL, move BLOB,
	PRIMARY KEY (key, at)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sims (id INTEGER PRIMARY KEY, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS explored (key INTEGER PRIMARY KEY, data BLOB NOT NULL);
`

// Open opens the game database at path for indexing and reading,
// creating it when the file does not exist or is empty. An existing file
// is first opened read-only and its meta table checked: a file that is not
// ours, is damaged or has another format is refused unchanged, with an
// error that names it and says how to rebuild it; only a database of ours
// is then switched to its journal mode (WAL) and written.
func Open(path string) (*DB, error) {
	return open(path, true)
}

// OpenExisting opens the game database at path read-only: for those that
// only ask it questions, which never write to the file. A missing or empty
// file is an error saying there is no database there, rather than a new
// empty one.
func OpenExisting(path string) (*DB, error) {
	return open(path, false)
}

func open(path string, write bool) (*DB, error) {
	info, statErr := os.Stat(path)
	fresh := errors.Is(statErr, os.ErrNotExist) || (statErr == nil && info.Size() == 0)
	switch {
	case statErr == nil && info.IsDir():
		return nil, fmt.Errorf("%s is a folder, not a game database", path)
	case fresh && !write:
		return nil, fmt.Errorf("%s: %w (db index makes one)", path, ErrNoDatabase)
	case statErr != nil && !fresh:
		return nil, statErr
	}
	if fresh {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
	} else if err := checkOurs(path); err != nil {
		return nil, err
	}
	sdb, err := sql.Open("sqlite3", dsn(path, write))
	if err != nil {
		return nil, err
	}
	d := &DB{db: sdb, path: path, readOnly: !write, sims: map[simKey]*simTable{}, simCands: SimilarCandidates,
		hotGames: HotPositions}
	if err := d.init(fresh); err != nil {
		sdb.Close()
		return nil, err
	}
	return d, nil
}

// dsn is the driver's name for the database at path: read-only, or
// read-write in WAL journal mode. The options of a read-write connection
// are applied as it opens, so it is made only for a file known to be ours.
func dsn(path string, write bool) string {
	if !write {
		return fmt.Sprintf("file:%s?mode=ro&_busy_timeout=%d&cache=private", escapeDSN(path), BusyTimeout.Milliseconds())
	}
	// A large page cache keeps the exact index's pages in memory while
	// an index run inserts its random keys.
	return fmt.Sprintf("file:%s?_busy_timeout=%d&_journal_mode=WAL&_synchronous=NORMAL&_cache_size=-262144&cache=private",
		escapeDSN(path), BusyTimeout.Milliseconds())
}

// checkOurs opens the existing file at path read-only and checks that it
// is a game database of ours in this package's format.
func checkOurs(path string) error {
	if !IsDatabaseFile(path) {
		return notOurs(path, errors.New("it is not an SQLite database"))
	}
	name := dsn(path, false)
	if _, err := os.Stat(path + "-wal"); errors.Is(err, os.ErrNotExist) {
		// No write-ahead log: the file holds all there is, and SQLite
		// may read it as immutable, creating no journal or shared-memory
		// file beside it (a read-only connection to a database in WAL
		// mode otherwise would).
		name += "&immutable=1"
	}
	sdb, err := sql.Open("sqlite3", name)
	if err != nil {
		return err
	}
	defer sdb.Close()
	return checkFormat(sdb, path)
}

// sqliteMagic is how every SQLite 3 database file begins.
const sqliteMagic = "SQLite format 3\x00"

// IsDatabaseFile reports whether the file at path is an SQLite database,
// as a game database is, rather than a text file: for commands that take
// either (learn). Whether it is a game database of ours Open tells.
func IsDatabaseFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(sqliteMagic))
	n, _ := io.ReadFull(f, head)
	return string(head[:n]) == sqliteMagic
}

// escapeDSN keeps a path's '?' and '#' from being read as the DSN's own.
func escapeDSN(path string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
}

// notOurs is the error for a file Open cannot use.
func notOurs(path string, why error) error {
	return fmt.Errorf("%s: %w (%v); it is left as it is: give another file with --db (or delete this one) and index the archives again to rebuild it", path, ErrNotOurs, why)
}

// checkFormat reads the meta table's format and says whether this package
// reads it.
func checkFormat(sdb *sql.DB, path string) error {
	var format string
	err := sdb.QueryRow(`SELECT value FROM meta WHERE key = 'format'`).Scan(&format)
	switch {
	case err != nil && strings.Contains(err.Error(), "no such table"):
		return notOurs(path, errors.New("it has no meta table"))
	case err != nil && (strings.Contains(err.Error(), "not a database") || strings.Contains(err.Error(), "malformed")):
		return notOurs(path, err)
	case errors.Is(err, sql.ErrNoRows):
		return notOurs(path, errors.New("it names no format"))
	case err != nil:
		return fmt.Errorf("%s: %w", path, err)
	case format == Format:
		return nil
	case strings.HasPrefix(format, formatName):
		return fmt.Errorf("%s: %w: the game database has format %q and this workbench reads %q; index the archives again into a new file (or delete this one first) to rebuild it",
			path, ErrOldFormat, format, Format)
	}
	return notOurs(path, fmt.Errorf("its format is %q, this workbench reads %q", format, Format))
}

func (d *DB) init(fresh bool) error {
	if !fresh {
		// Checked before this connection was made; checked again in
		// case the file was replaced in between.
		if err := checkFormat(d.db, d.path); err != nil || d.readOnly {
			return err
		}
		// The explored table came after format 3's first files.
		if _, err := d.db.Exec(`CREATE TABLE IF NOT EXISTS explored (key INTEGER PRIMARY KEY, data BLOB NOT NULL)`); err != nil {
			return fmt.Errorf("%s: %w", d.path, err)
		}
		return nil
	}
	if _, err := d.db.Exec(schema); err != nil {
		return fmt.Errorf("%s: creating the tables: %w", d.path, err)
	}
	if _, err := d.db.Exec(`INSERT OR REPLACE INTO meta(key, value) VALUES ('format', ?)`, Format); err != nil {
		return fmt.Errorf("%s: %w", d.path, err)
	}
	return nil
}

// Path is the database's file.
func (d *DB) Path() string { return d.path }

// Close closes the database. A database opened for writing is first put
// back in the rollback journal mode, its write-ahead log written into the
// file: in WAL mode every reader, read-only as it is, creates the -wal and
// -shm files beside the database and leaves them there. When another
// connection still has it open (the window, a second process reading),
// the database stays in WAL mode rather than wait for it.
func (d *DB) Close() error {
	if !d.readOnly {
		d.leaveWAL()
	}
	return d.db.Close()
}

// leaveWAL switches the database to the rollback journal, if no other
// connection has it open; the switch needs the database alone.
func (d *DB) leaveWAL() {
	ctx := context.Background()
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return
	}
	defer conn.Close()
	d.db.SetMaxIdleConns(0) // closes this pool's other connections
	if _, err := conn.ExecContext(ctx, `PRAGMA busy_timeout = 0`); err != nil {
		return
	}
	// An error (another connection has it open) leaves it in WAL mode,
	// as it was: nothing is lost.
	_, _ = conn.ExecContext(ctx, `PRAGMA journal_mode = DELETE`)
}

// Stats are the database's counts.
type Stats struct {
	Games, Positions int64
	// Bytes is the database file's size (with its write-ahead log).
	Bytes int64
	// Tables are the bytes of each table with its indexes, as of the
	// file's last checkpoint; Pending is the write-ahead log's bytes
	// not yet written into the file.
	Tables  []TableSize
	Pending int64
	// First and Last are the years of the oldest and newest games with a
	// start time; 0 when none has one.
	First, Last int
}

// Stats counts what the database holds and what each table takes.
func (d *DB) Stats() (Stats, error) {
	var s Stats
	var first, last sql.NullInt64
	err := d.db.QueryRow(`SELECT (SELECT COUNT(*) FROM games), (SELECT COALESCE(MAX(CAST(value AS INTEGER)), 0) FROM meta WHERE key = 'positions'),
		(SELECT MIN(year) FROM games WHERE year > 0), (SELECT MAX(year) FROM games WHERE year > 0)`).
		Scan(&s.Games, &s.Positions, &first, &last)
	if err != nil {
		return s, fmt.Errorf("%s: %w", d.path, err)
	}
	s.First, s.Last = int(first.Int64), int(last.Int64)
	for _, suffix := range []string{"", "-wal"} {
		if info, err := os.Stat(d.path + suffix); err == nil {
			s.Bytes += info.Size()
			if suffix != "" {
				s.Pending = info.Size()
			}
		}
	}
	s.Tables, err = d.tableSizes()
	return s, err
}
