package gamedb

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
)

// HotPositions is how many games a position must have for the explorer's
// answer on it (without game conditions) to be kept ready in the explored
// table: the empty board and the setups of a large archive are reached by
// every game or tens of thousands, and counting them takes a tenth of a
// second or more where the answer kept takes a millisecond.
const HotPositions = 2000

// hotPly is the last ply whose positions an index run considers for the
// explored table: beyond the first moves, positions reached by thousands
// of games are rare. Of those, the run considers the positions it added
// two games or more to (and those whose answer it made stale): it counts
// the games of each in the database, and a large archive has a million
// positions of the first moves reached once.
const hotPly = 2

// exploreRow is one row of the explorer's query: a move played from a
// position, with its games, results, each side's mean rating and rated
// games (by rules.Color: the explorer shows the mover's) and the last
// year, as SQL gives it. The explored table keeps a position's rows as
// JSON.
type exploreRow struct {
	Move       []byte      `json:"m"`
	Ply        int         `json:"p"`
	Games      int         `json:"g"`
	GoldWins   int         `json:"w"`
	SilverWins int         `json:"b"`
	Mean       [2]*float64 `json:"r"`
	Rated      [2]int      `json:"n"`
	Year       *int64      `json:"y,omitempty"`
}

// keptExplore is the explorer's answer kept for the position key, and
// whether there is one (a database made before the explored table was
// has none).
func (d *DB) keptExplore(ctx context.Context, key int64) ([]exploreRow, bool, error) {
	var data []byte
	err := d.db.QueryRowContext(ctx, `SELECT data FROM explored WHERE key = ?`, key).Scan(&data)
	switch {
	case err == sql.ErrNoRows || (err != nil && strings.Contains(err.Error(), "no such table")):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("%s: %w", d.path, err)
	}
	var rows []exploreRow
	if err := json.Unmarshal(data, &rows); err != nil {
		// A damaged row: the query answers instead.
		return nil, false, nil
	}
	return rows, true, nil
}

// hotKeys is what an index run notes for the explored table: the keys
// of the explorer's answers kept when it started (those its batches make
// stale are dropped as the batch is stored), and how many games it added
// to each position up to hotPly (the stale ones count as many as it
// takes).
type hotKeys struct {
	kept    map[int64]bool
	touched map[int64]int
}

// loadHot reads the keys of the answers kept.
func (w *indexer) loadHot() error {
	w.hot = hotKeys{kept: map[int64]bool{}, touched: map[int64]int{}}
	keys, err := queryAll(context.Background(), w.d, `SELECT key FROM explored`, nil, func(rows *sqlRows) (int64, error) {
		var k int64
		return k, rows.Scan(&k)
	})
	if err != nil {
		return err
	}
	for _, k := range keys {
		w.hot.kept[k] = true
	}
	return nil
}

// dropStale deletes, in the batch's transaction, the answers kept for the
// positions the batch adds games to, so that no reader sees an answer
// without them; the run's end makes them again.
func (w *indexer) dropStale(rows []posRow) error {
	for _, r := range rows {
		if !w.hot.kept[r.key] {
			continue
		}
		if _, err := w.tx.Exec(`DELETE FROM explored WHERE key = ?`, r.key); err != nil {
			return err
		}
		delete(w.hot.kept, r.key)
		w.hot.touched[r.key] = 2
	}
	return nil
}

// keepHot makes, in one transaction, the explorer's answers for the
// positions the run noted that have at least hot games (none when hot is
// 0).
func (w *indexer) keepHot(ctx context.Context, hot int) error {
	if len(w.hot.touched) == 0 || hot <= 0 {
		return nil
	}
	tx, err := w.d.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	defer tx.Rollback()
	for key, added := range w.hot.touched {
		if added < 2 {
			continue
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM positions WHERE key = ?`, key).Scan(&n); err != nil {
			return fmt.Errorf("%s: %w", w.d.path, err)
		}
		if n < hot {
			continue
		}
		rows, err := exploreRows(ctx, tx, key, Filter{})
		if err != nil {
			return fmt.Errorf("%s: %w", w.d.path, err)
		}
		data, err := json.Marshal(rows)
		if err == nil {
			_, err = tx.ExecContext(ctx, `INSERT OR REPLACE INTO explored(key, data) VALUES (?, ?)`, key, data)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", w.d.path, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s: %w", w.d.path, err)
	}
	w.hot.touched = map[int64]int{}
	return nil
}

// querier is what exploreRows asks: the database, or a transaction.
type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

// exploreRows runs the explorer's query on position key: the moves
// played from it in the games the filter keeps, grouped by move.
func exploreRows(ctx context.Context, db querier, key int64, f Filter) ([]exploreRow, error) {
	args := []any{int64(key)}
	q := `SELECT p.move, MIN(p.at & ` + plyMask + `) - 2, COUNT(*), SUM(g.result = 'w'), SUM(g.result = 'b'),
		AVG(CASE WHEN g.gold_rating > 0 THEN g.gold_rating END), SUM(g.gold_rating > 0),
		AVG(CASE WHEN g.silver_rating > 0 THEN g.silver_rating END), SUM(g.silver_rating > 0), MAX(g.year)
		FROM positions p JOIN games g ON g.id = p.at >> ` + plyShift + `
		WHERE p.key = ? AND length(p.move) > 0` + f.where(&args) + ` GROUP BY p.move`
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []exploreRow
	for rows.Next() {
		var r exploreRow
		if err := rows.Scan(&r.Move, &r.Ply, &r.Games, &r.GoldWins, &r.SilverWins, &r.Mean[0], &r.Rated[0], &r.Mean[1], &r.Rated[1], &r.Year); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
