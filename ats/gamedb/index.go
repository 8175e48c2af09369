package gamedb

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/flate"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"arimaa-workbench/engine/phase"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// IndexBatch is how many games an index run commits in one transaction.
const IndexBatch = 2000

// Progress is how far an index run has come.
type Progress struct {
	File string // the file being read
	// FileNo is File's place (from 1) among the run's Files.
	FileNo, Files int
	// FileDone is set in the report made when File has been read.
	FileDone bool
	// Counts are the games of the whole run so far; InFile those of File.
	Counts
	InFile    Counts
	Positions int64 // positions added
	// Done and Total are the bytes of all the run's files read and in
	// all, for an estimate of the time left.
	Done, Total int64
}

// Counts are the games an index run read: Added those new to the database,
// Known those it already had, Bad those skipped.
type Counts struct {
	Read, Added, Known, Bad int
}

// BadGame is a game an index run skipped, with where and why.
type BadGame struct {
	File string
	Line int
	Err  error
}

func (b BadGame) Error() string {
	where := b.File
	if b.Line > 0 {
		where = fmt.Sprintf("%s:%d", b.File, b.Line)
	}
	msg := b.Err.Error()
	if strings.HasPrefix(msg, where+":") || strings.HasPrefix(msg, b.File+":") {
		return msg // the reader's error names the place already
	}
	return where + ": " + msg
}

// IndexOptions tell an index run whom to report to and what to keep.
type IndexOptions struct {
	// Progress is told after every batch, after each file when there
	// are several, and at the end.
	Progress func(Progress)
	// Bad is told of every game skipped.
	Bad func(BadGame)
	// Batch is how many games go in one transaction; 0 is IndexBatch.
	Batch int
	// KeepColumns keeps every column of an archive's rows (compressed),
	// the official archive's events among them, which no query needs.
	KeepColumns bool
}

// Index adds the games of the archives and game records paths to the
// database, a batch of IndexBatch games per transaction, skipping the
// games it has already. Cancelling ctx stops it after the batch in hand,
// with what it committed kept; the error is then ctx's. An index run
// holds the database against other index runs for its whole length.
func (d *DB) Index(ctx context.Context, paths []string, opt IndexOptions) (Progress, error) {
	var pr Progress
	if d.readOnly {
		return pr, fmt.Errorf("%s: opened for reading only", d.path)
	}
	lock, err := fsutil.LockFile(d.path)
	if err != nil {
		return pr, err
	}
	defer lock.Unlock()
	for _, p := range paths {
		if info, err := os.Stat(p); err == nil {
			pr.Total += info.Size()
		}
	}
	w := &indexer{d: d, opt: opt, pr: &pr}
	defer w.rollback()
	if err := w.loadHot(); err != nil {
		return pr, err
	}
	pr.Files = len(paths)
	for i, p := range paths {
		pr.FileNo, pr.InFile, pr.FileDone = i+1, Counts{}, false
		if err := w.file(ctx, p); err != nil {
			return pr, err
		}
		if len(paths) > 1 && i < len(paths)-1 && opt.Progress != nil {
			pr.FileDone = true
			opt.Progress(pr)
		}
	}
	pr.FileDone = true
	if err := w.commit(); err != nil {
		return pr, err
	}
	if err := w.keepHot(ctx, d.hotGames); err != nil {
		return pr, err
	}
	if opt.Progress != nil {
		opt.Progress(pr)
	}
	return pr, nil
}

// indexer is one index run.
type indexer struct {
	d       *DB
	opt     IndexOptions
	pr      *Progress
	tx      *sql.Tx
	inBatch int
	// The batch's statements: one row, or posRows rows at once.
	game, pos, posRows, sim, columns *sql.Stmt
	args                             []any
	// The batch's rows of the similar index, by layer (simEntry each
	// game), and the first game of the batch, which names them.
	simBatch       [simLayers][]byte
	simFirst       int64
	pending        []posRow // the batch's positions
	base           int64    // bytes of the files before the current one
	batchPositions int64    // positions added in the batch
	hot            hotKeys  // for the explored table
}

// posRows is how many rows one insert statement carries: fewer
// statements for SQLite to prepare and step through.
const posRows = 64

// file indexes one file: an archive a row at a time, anything else whole.
func (w *indexer) file(ctx context.Context, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w.pr.File = path
	info, _ := f.Stat()
	counted := &countingReader{r: f}
	br := bufio.NewReaderSize(counted, 256<<10)
	head, _ := br.Peek(4096)
	progress := func() {
		w.pr.Done = w.base + counted.n.Load()
	}
	defer func() {
		if info != nil {
			w.base += info.Size()
		}
	}()
	if records.Detect(head) == records.KindArchive {
		return w.archive(ctx, records.NewArchiveReader(br, path), path, progress)
	}
	data, err := fsutil.ReadAll(br, path)
	if err != nil {
		return err
	}
	progress()
	if k := records.Detect(data); k != records.KindRecord {
		return fmt.Errorf("%s: neither a game archive nor a game record", path)
	}
	rec, err := records.ReadRecord(strings.NewReader(string(data)), path)
	if err != nil {
		w.bad(BadGame{File: path, Err: err})
		return nil
	}
	g, err := rec.Game()
	if err != nil {
		w.bad(BadGame{File: path, Err: err})
		return nil
	}
	row := gameRow{source: path, line: 1}
	if res, over := g.Result(); over {
		row.result = string(res.Winner.Letter())
		row.termination = string(rune(res.How))
	}
	row.uid = RecordKey(data)
	pg := prepare(row, g)
	if pg.bad != nil {
		w.bad(*pg.bad)
		return nil
	}
	return w.add(pg)
}

// countingReader counts the bytes read, for progress; the archive is read
// on another goroutine than the one reporting.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

func (w *indexer) bad(b BadGame) {
	w.count(func(c *Counts) { c.Read++; c.Bad++ })
	if w.opt.Bad != nil {
		w.opt.Bad(b)
	}
}

// count adds a game to the run's counts and its file's.
func (w *indexer) count(add func(*Counts)) {
	add(&w.pr.Counts)
	add(&w.pr.InFile)
}

// gameRow is a game's row of the games table.
type gameRow struct {
	uid                      int64
	source                   string
	line                     int
	archiveID                string
	gold, silver             string
	goldRating, silverRating int
	goldType, silverType     string
	result                   string // "w", "b" or "" (no result, a draw)
	termination              string
	timecontrol              string
	start, year              int64
	event                    string
	columns                  []byte // every column of the archive, compressed (KeepColumns)
}

// archive indexes the games of an archive in its order, replaying them
// and working out their positions on every core while this goroutine
// stores them.
func (w *indexer) archive(ctx context.Context, ar *records.ArchiveReader, path string, progress func()) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type job struct {
		ag  *records.ArchiveGame
		out chan *prepared
	}
	jobs := make(chan job, 64)
	order := make(chan chan *prepared, 256)
	readErr := make(chan error, 1)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				j.out <- prepareArchive(j.ag, w.opt.KeepColumns)
			}
		}()
	}
	go func() {
		defer close(order)
		defer func() { close(jobs); wg.Wait() }()
		for ctx.Err() == nil {
			ag, err := ar.Next()
			if errors.Is(err, io.EOF) {
				readErr <- nil
				return
			}
			out := make(chan *prepared, 1)
			switch {
			case err != nil && ar.Broken():
				readErr <- err
				return
			case err != nil:
				out <- &prepared{bad: &BadGame{File: path, Line: ar.Line(), Err: err}}
			default:
				jobs <- job{ag, out}
			}
			select {
			case order <- out:
			case <-ctx.Done():
			}
		}
		readErr <- ctx.Err()
	}()
	for out := range order {
		pg := <-out
		if pg.bad != nil {
			w.bad(*pg.bad)
			continue
		}
		progress()
		if err := w.add(pg); err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return <-readErr
}

// prepareArchive replays one row of an archive and prepares it, or says
// why it cannot be indexed.
func prepareArchive(ag *records.ArchiveGame, keep bool) *prepared {
	g, err := ag.Game()
	if err == nil {
		return prepare(rowOf(ag, keep), g)
	}
	return &prepared{bad: &BadGame{File: ag.File, Line: ag.Line, Err: err}}
}

// GameKey is the key under which the database keeps an archive's game:
// its id column, players and move list, so that the same game indexed
// twice is one game.
func GameKey(ag *records.ArchiveGame) int64 {
	return key64(ag.ID + "\x00" + ag.WPlayer + "\x00" + ag.BPlayer + "\x00" + ag.MoveList)
}

// RecordKey is the key under which the database keeps a game record: its
// whole text.
func RecordKey(data []byte) int64 { return key64(string(data)) }

func key64(s string) int64 {
	sum := sha256.Sum256([]byte(s))
	return int64(binary.LittleEndian.Uint64(sum[:8]))
}

// rowOf is an archive game's row; with keep, with every column of the
// archive.
func rowOf(ag *records.ArchiveGame, keep bool) gameRow {
	row := gameRow{uid: GameKey(ag), source: ag.File, line: ag.Line, archiveID: ag.ID, gold: ag.WPlayer, silver: ag.BPlayer,
		goldRating: ag.WRating, silverRating: ag.BRating, goldType: ag.WType, silverType: ag.BType,
		timecontrol: ag.TimeControl, event: ag.Event}
	if !ag.Unfinished {
		row.result = string(ag.Result.Letter())
	}
	if ag.Termination != 0 {
		row.termination = string(rune(ag.Termination))
	}
	if !ag.Start.IsZero() {
		row.start, row.year = ag.Start.Unix(), int64(ag.Start.UTC().Year())
	}
	if keep {
		fields := map[string]string{}
		for _, c := range records.ArchiveColumns() {
			if v, ok := ag.Field(c); ok {
				fields[c] = v
			}
		}
		data, _ := json.Marshal(fields)
		row.columns = compress(data)
	}
	return row
}

// compress deflates data.
func compress(data []byte) []byte {
	var b bytes.Buffer
	zw, _ := flate.NewWriter(&b, flate.BestSpeed)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

// maxPly is the most moves a game may have: a position's place in the
// exact index is its game and ply in one integer (gamePly).
const maxPly = 1<<plyBits - 3

const plyBits = 11

// gamePly is the positions table's at column: the game and the ply
// (from -2) in one integer, in the order of games, then plies.
func gamePly(game int64, ply int) int64 { return game<<plyBits | int64(ply+2) }

// splitGamePly is gamePly undone.
func splitGamePly(at int64) (game int64, ply int) {
	return at >> plyBits, int(at&(1<<plyBits-1)) - 2
}

// plyItem is one position of a game with the move played next.
type plyItem struct {
	ply  int
	pos  rules.Position
	next []byte // the move or setup played next as stored (store.go); nil at the end
}

// positionsOf lists every position of g at the start of a turn: the
// setups (plies -2 and -1) when the game has them, then the position
// before each move and the last.
func positionsOf(g *rules.Game) ([]plyItem, error) {
	moves := g.Moves()
	items := make([]plyItem, 0, len(moves)+3)
	if gold := g.Setup(rules.Gold); gold != nil {
		s := rules.NewGame()
		b, err := appendSetup(nil, gold, rules.Gold)
		if err != nil {
			return nil, err
		}
		items = append(items, plyItem{ply: -2, pos: s.Position(), next: b})
		if s.SetupPieces(gold) == nil {
			var b []byte
			if silver := g.Setup(rules.Silver); silver != nil {
				if b, err = appendSetup(nil, silver, rules.Silver); err != nil {
					return nil, err
				}
			}
			items = append(items, plyItem{ply: -1, pos: s.Position(), next: b})
		}
	}
	for i, m := range moves {
		items = append(items, plyItem{ply: i, pos: g.PositionBefore(i), next: moveBytes(m)})
	}
	items = append(items, plyItem{ply: len(moves), pos: g.Position()})
	return items, nil
}

// prepared is a game ready to store: its positions with their keys and
// the similar index's layers, worked out away from the database's
// goroutine.
type prepared struct {
	row   gameRow
	moves int
	game  []byte // the stored game (encodeGame)
	items []plyItem
	keys  []int64
	// sims are the game's rows of the similar index (simLayers).
	sims [simLayers][]byte
	bad  *BadGame
}

// prepare works out what add stores for game g.
func prepare(row gameRow, g *rules.Game) *prepared {
	pg := &prepared{row: row, moves: len(g.Moves())}
	fail := func(err error) *prepared {
		return &prepared{bad: &BadGame{File: row.source, Line: row.line, Err: err}}
	}
	if pg.moves > maxPly {
		return fail(fmt.Errorf("%d moves: more than the %d a game may have here", pg.moves, maxPly))
	}
	var err error
	if pg.game, err = encodeGame(g); err != nil {
		return fail(err)
	}
	if pg.items, err = positionsOf(g); err != nil {
		return fail(err)
	}
	pg.keys = make([]int64, len(pg.items))
	first := true
	for i := range pg.items {
		it := &pg.items[i]
		pg.keys[i] = int64(it.pos.TurnHash())
		if it.ply < 0 {
			continue
		}
		if first {
			pg.sims[0] = append(pg.sims[0], byte(it.pos.Side()))
			first = false
		}
		pg.sims[0] = append(pg.sims[0], phaseByte(it.pos))
		sig := signatures(&it.pos)
		for r, s := range sig {
			pg.sims[1+r] = appendSig(pg.sims[1+r], s)
		}
	}
	return pg
}

// phaseByte is a position's game phase (engine/phase) in 1/255 steps.
func phaseByte(p rules.Position) uint8 { return uint8(phase.Of(p)*255 + 0.5) }

// add stores one prepared game and its positions, unless the database
// has it.
func (w *indexer) add(pg *prepared) error {
	if err := w.begin(); err != nil {
		return err
	}
	w.count(func(c *Counts) { c.Read++ })
	row := pg.row
	res, err := w.game.Exec(row.uid, row.source, row.line, row.archiveID, row.gold, row.silver, row.goldRating, row.silverRating,
		row.goldType, row.silverType, row.result, row.termination, row.timecontrol, row.start, row.year, row.event,
		pg.moves, pg.game)
	if err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		w.count(func(c *Counts) { c.Known++ })
		return w.maybeCommit()
	}
	id, err := res.LastInsertId()
	if err != nil {
		return err
	}
	for i, it := range pg.items {
		w.pending = append(w.pending, posRow{pg.keys[i], gamePly(id, it.ply), it.next})
		if it.ply <= hotPly {
			w.hot.touched[pg.keys[i]]++
		}
	}
	w.pr.Positions += int64(len(pg.items))
	w.batchPositions += int64(len(pg.items))
	if len(pg.sims[0]) > 0 {
		if len(w.simBatch[0]) == 0 {
			w.simFirst = id
		}
		for l, data := range pg.sims {
			w.simBatch[l] = appendSimEntry(w.simBatch[l], id, data)
		}
	}
	if row.columns != nil {
		if _, err := w.columns.Exec(id, row.columns); err != nil {
			return fmt.Errorf("%s: %w", w.d.path, err)
		}
	}
	w.count(func(c *Counts) { c.Added++ })
	return w.maybeCommit()
}

// posRow is a row of the positions table waiting for its batch's commit.
type posRow struct {
	key, at int64
	move    []byte
}

// flushPositions inserts the batch's positions in the order of the exact
// index (inserting them in the order the games came would touch the whole
// index for every game), and its games' rows of the similar index.
func (w *indexer) flushPositions() error {
	slices.SortFunc(w.pending, func(a, b posRow) int {
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		return cmp.Compare(a.at, b.at)
	})
	if err := w.dropStale(w.pending); err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	w.args = w.args[:0]
	for _, r := range w.pending {
		w.args = append(w.args, r.key, r.at, r.move)
	}
	w.pending = w.pending[:0]
	if err := execRows(w.pos, w.posRows, 3, w.args); err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	var err error
	for l := range w.simBatch {
		if len(w.simBatch[l]) > 0 && err == nil {
			_, err = w.sim.Exec(simRowID(l, w.simFirst), w.simBatch[l])
		}
		w.simBatch[l] = w.simBatch[l][:0]
	}
	if err == nil {
		// The count db stats shows, kept here rather than counted there
		// over every row.
		_, err = w.tx.Exec(`INSERT INTO meta(key, value) VALUES ('positions', ?)
			ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + excluded.value`, w.batchPositions)
		w.batchPositions = 0
	}
	if err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	return nil
}

// execRows runs the insert one (of width columns) over the rows of args,
// posRows rows at a time with many and the rest with one.
func execRows(one, many *sql.Stmt, width int, args []any) error {
	for len(args) > 0 {
		stmt, n := one, width
		if len(args) >= width*posRows {
			stmt, n = many, width*posRows
		}
		if _, err := stmt.Exec(args[:n]...); err != nil {
			return err
		}
		args = args[n:]
	}
	return nil
}

func (w *indexer) begin() error {
	if w.tx != nil {
		return nil
	}
	tx, err := w.d.db.Begin()
	if err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	w.tx = tx
	prep := func(q string) *sql.Stmt {
		if err != nil {
			return nil
		}
		var s *sql.Stmt
		s, err = tx.Prepare(q)
		return s
	}
	w.game = prep(`INSERT OR IGNORE INTO games(uid, source, line, archive_id, gold, silver, gold_rating, silver_rating,
		gold_type, silver_type, result, termination, timecontrol, start, year, event, plies, moves)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`)
	w.pos = prep(`INSERT OR IGNORE INTO positions(key, at, move) VALUES (?,?,?)`)
	w.posRows = prep(`INSERT OR IGNORE INTO positions(key, at, move) VALUES (?,?,?)` + strings.Repeat(`,(?,?,?)`, posRows-1))
	w.sim = prep(`INSERT INTO sims(id, data) VALUES (?,?)`)
	w.columns = prep(`INSERT OR IGNORE INTO columns(game, data) VALUES (?,?)`)
	if err != nil {
		w.rollback()
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	return nil
}

func (w *indexer) maybeCommit() error {
	w.inBatch++
	batch := w.opt.Batch
	if batch <= 0 {
		batch = IndexBatch
	}
	if w.inBatch < batch {
		return nil
	}
	if err := w.commit(); err != nil {
		return err
	}
	if w.opt.Progress != nil {
		w.opt.Progress(*w.pr)
	}
	return nil
}

func (w *indexer) commit() error {
	if w.tx == nil {
		return nil
	}
	if err := w.flushPositions(); err != nil {
		w.rollback()
		return err
	}
	tx := w.tx
	w.tx, w.inBatch = nil, 0
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	w.d.mu.Lock()
	w.d.gen++
	w.d.mu.Unlock()
	return nil
}

// rollback drops the batch in hand (a cancelled or failed run).
func (w *indexer) rollback() {
	if w.tx != nil {
		w.tx.Rollback()
		w.tx = nil
		w.pending, w.batchPositions = w.pending[:0], 0
		for l := range w.simBatch {
			w.simBatch[l] = w.simBatch[l][:0]
		}
	}
}
