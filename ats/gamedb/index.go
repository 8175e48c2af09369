package gamedb

import (
	"bufio"
	"cmp"
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

// IndexOptions tell an index run whom to report to; both may be nil.
type IndexOptions struct {
	// Progress is told after every batch and at the end.
	Progress func(Progress)
	// Bad is told of every game skipped.
	Bad func(BadGame)
	// Batch is how many games go in one transaction; 0 is IndexBatch.
	Batch int

	maxMoves int // tests: the bound on moves in memory, 0 for maxMoveIDs
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
	w := &indexer{d: d, opt: opt, pr: &pr, moveIDs: map[string]int64{}, maxMoves: maxMoveIDs}
	if opt.maxMoves > 0 {
		w.maxMoves = opt.maxMoves
	}
	defer w.rollback()
	if err := w.loadMoves(ctx); err != nil {
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
	if opt.Progress != nil {
		opt.Progress(pr)
	}
	return pr, nil
}

// indexer is one index run.
type indexer struct {
	d                              *DB
	opt                            IndexOptions
	pr                             *Progress
	tx                             *sql.Tx
	inBatch                        int
	game, pos, sig, move, findMove *sql.Stmt
	plainMove                      *sql.Stmt
	posRows, moveRows              *sql.Stmt // posRows positions or moves at once
	args, moveArgs                 []any
	pending                        []posRow // the batch's positions
	nextMove                       int64    // the id of the next new move while allMoves
	maxMoves                       int
	moveIDs                        map[string]int64
	// allMoves is set while moveIDs holds every row of the moves table, so
	// that a move it lacks is new and needs no lookup.
	allMoves bool
	base     int64 // bytes of the files before the current one
}

// posRows is how many rows one insert statement carries: fewer
// statements for SQLite to prepare and step through.
const posRows = 64

// maxMoveIDs bounds the moves held in memory during an index run.
const maxMoveIDs = 1 << 20

// loadMoves reads the moves table into memory when it is not too large.
func (w *indexer) loadMoves(ctx context.Context) error {
	var n int
	if err := w.d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM moves`).Scan(&n); err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	if n > w.maxMoves/2 {
		return nil // looked up one at a time, as they come
	}
	if err := w.d.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM moves`).Scan(&w.nextMove); err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	rows, err := w.d.db.QueryContext(ctx, `SELECT id, text FROM moves`)
	if err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var text string
		if err := rows.Scan(&id, &text); err != nil {
			return fmt.Errorf("%s: %w", w.d.path, err)
		}
		w.moveIDs[text] = id
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	w.allMoves = true
	return nil
}

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
	row := gameRow{source: path, line: 1, movelist: records.FormatMoveList(g), fields: "{}"}
	if res, over := g.Result(); over {
		row.result = string(res.Winner.Letter())
		row.termination = string(rune(res.How))
	}
	sum := sha256.Sum256(data)
	row.uid = int64(binary.LittleEndian.Uint64(sum[:8]))
	return w.add(prepare(row, g))
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
	movelist                 string
	fields                   string
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
				j.out <- prepareArchive(j.ag)
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
func prepareArchive(ag *records.ArchiveGame) *prepared {
	g, err := ag.Game()
	if err == nil {
		return prepare(rowOf(ag), g)
	}
	return &prepared{bad: &BadGame{File: ag.File, Line: ag.Line, Err: err}}
}

// rowOf is an archive game's row, with every column of the archive.
func rowOf(ag *records.ArchiveGame) gameRow {
	row := gameRow{source: ag.File, line: ag.Line, archiveID: ag.ID, gold: ag.WPlayer, silver: ag.BPlayer,
		goldRating: ag.WRating, silverRating: ag.BRating, goldType: ag.WType, silverType: ag.BType,
		timecontrol: ag.TimeControl, event: ag.Event, movelist: ag.MoveList}
	if !ag.Unfinished {
		row.result = string(ag.Result.Letter())
	}
	if ag.Termination != 0 {
		row.termination = string(rune(ag.Termination))
	}
	if !ag.Start.IsZero() {
		row.start, row.year = ag.Start.Unix(), int64(ag.Start.UTC().Year())
	}
	fields := map[string]string{}
	for _, c := range records.ArchiveColumns() {
		if c == "movelist" {
			continue // the movelist column of the games table
		}
		if v, ok := ag.Field(c); ok {
			fields[c] = v
		}
	}
	data, _ := json.Marshal(fields)
	row.fields = string(data)
	sum := sha256.Sum256([]byte(ag.ID + "\x00" + ag.WPlayer + "\x00" + ag.BPlayer + "\x00" + ag.MoveList))
	row.uid = int64(binary.LittleEndian.Uint64(sum[:8]))
	return row
}

// plyItem is one position of a game with the move played next.
type plyItem struct {
	ply  int
	pos  rules.Position
	next string
}

// positionsOf lists every position of g at the start of a turn: the
// setups (plies -2 and -1) when the game has them, then the position
// before each move and the last.
func positionsOf(g *rules.Game) []plyItem {
	moves := g.Moves()
	items := make([]plyItem, 0, len(moves)+3)
	if gold := g.Setup(rules.Gold); gold != nil {
		s := rules.NewGame()
		items = append(items, plyItem{ply: -2, pos: s.Position(), next: canonicalSetup(gold)})
		if s.SetupPieces(gold) == nil {
			items = append(items, plyItem{ply: -1, pos: s.Position(), next: canonicalSetup(g.Setup(rules.Silver))})
		}
	}
	for i, m := range moves {
		p := g.PositionBefore(i)
		items = append(items, plyItem{ply: i, pos: p, next: p.MoveString(m)})
	}
	items = append(items, plyItem{ply: len(moves), pos: g.Position()})
	return items
}

// prepared is a game ready to store: its positions with their keys,
// phases and signatures, worked out away from the database's goroutine.
type prepared struct {
	row   gameRow
	moves int
	items []plyItem
	keys  []int64
	phase []uint8
	sigs  []byte // a phase byte and sigLen signature bytes for each ply >= 0
	side  rules.Color
	bad   *BadGame
}

// prepare works out what add stores for game g.
func prepare(row gameRow, g *rules.Game) *prepared {
	pg := &prepared{row: row, moves: len(g.Moves()), items: positionsOf(g)}
	pg.keys = make([]int64, len(pg.items))
	pg.phase = make([]uint8, len(pg.items))
	pg.sigs = make([]byte, 0, (1+sigLen)*len(pg.items))
	first := true
	for i := range pg.items {
		it := &pg.items[i]
		pg.keys[i] = int64(it.pos.TurnHash())
		pg.phase[i] = uint8(phase.Of(it.pos)*255 + 0.5)
		if it.ply >= 0 {
			if first {
				pg.side, first = it.pos.Side(), false
			}
			sig := signature(&it.pos)
			pg.sigs = append(append(pg.sigs, pg.phase[i]), sig[:]...)
		}
	}
	return pg
}

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
		pg.moves, row.movelist, row.fields)
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
		mv, err := w.moveID(it.next)
		if err != nil {
			return err
		}
		w.pending = append(w.pending, posRow{pg.keys[i], id, int32(it.ply), mv, pg.phase[i]})
	}
	if err := execRows(w.move, w.moveRows, 2, w.moveArgs); err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	w.moveArgs = w.moveArgs[:0]
	w.pr.Positions += int64(len(pg.items))
	if _, err := w.sig.Exec(id, int(pg.side), pg.sigs); err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	w.count(func(c *Counts) { c.Added++ })
	return w.maybeCommit()
}

// posRow is a row of the positions table waiting for its batch's commit.
type posRow struct {
	key, game int64
	ply       int32
	move      int64
	phase     uint8
}

// flushPositions inserts the batch's positions in the order of the exact
// index: inserting them in the order the games came would touch the whole
// index for every game.
func (w *indexer) flushPositions() error {
	slices.SortFunc(w.pending, func(a, b posRow) int {
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		if c := cmp.Compare(a.game, b.game); c != 0 {
			return c
		}
		return cmp.Compare(a.ply, b.ply)
	})
	w.args = w.args[:0]
	for _, r := range w.pending {
		w.args = append(w.args, r.key, r.game, r.ply, r.move, r.phase)
	}
	w.pending = w.pending[:0]
	if err := execRows(w.pos, w.posRows, 5, w.args); err != nil {
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

// moveID is the id of a move's text in the moves table, 0 for none. While
// the table is all in memory a new move gets the next id at once and is
// inserted with the game's positions.
func (w *indexer) moveID(text string) (int64, error) {
	if text == "" {
		return 0, nil
	}
	if id, ok := w.moveIDs[text]; ok {
		return id, nil
	}
	if w.allMoves && len(w.moveIDs) < w.maxMoves {
		id := w.nextMove
		w.nextMove++
		w.moveIDs[text] = id
		w.moveArgs = append(w.moveArgs, id, text)
		return id, nil
	}
	// Past the bound: the moves given ids go in first, so that the
	// table's own numbering goes on after them.
	if err := execRows(w.move, w.moveRows, 2, w.moveArgs); err != nil {
		return 0, err
	}
	w.moveArgs, w.allMoves = w.moveArgs[:0], false
	var id int64
	err := w.findMove.QueryRow(text).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		res, ierr := w.plainMove.Exec(text)
		if ierr != nil {
			return 0, ierr
		}
		id, err = res.LastInsertId()
	}
	if err != nil {
		return 0, err
	}
	if len(w.moveIDs) > w.maxMoves {
		clear(w.moveIDs) // bounded: a huge archive's moves need not all stay
		w.allMoves = false
	}
	w.moveIDs[text] = id
	return id, nil
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
		gold_type, silver_type, result, termination, timecontrol, start, year, event, plies, movelist, fields)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`)
	w.pos = prep(`INSERT OR IGNORE INTO positions(key, game, ply, move, phase) VALUES (?,?,?,?,?)`)
	w.posRows = prep(`INSERT OR IGNORE INTO positions(key, game, ply, move, phase) VALUES (?,?,?,?,?)` +
		strings.Repeat(`,(?,?,?,?,?)`, posRows-1))
	w.sig = prep(`INSERT OR IGNORE INTO sigs(game, side, data) VALUES (?,?,?)`)
	w.move = prep(`INSERT INTO moves(id, text) VALUES (?, ?)`)
	w.moveRows = prep(`INSERT INTO moves(id, text) VALUES (?, ?)` + strings.Repeat(`,(?, ?)`, posRows-1))
	w.plainMove = prep(`INSERT INTO moves(text) VALUES (?)`)
	w.findMove = prep(`SELECT id FROM moves WHERE text = ?`)
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
		clear(w.moveIDs) // their rows went with the transaction
		w.allMoves, w.moveArgs = false, w.moveArgs[:0]
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
		clear(w.moveIDs)
		w.allMoves, w.moveArgs, w.pending = false, w.moveArgs[:0], w.pending[:0]
	}
}
