package gamedb

import (
	"context"
	"fmt"
	"runtime"
	"slices"

	"arimaa-workbench/engine/rules"
)

// exhaustiveChunk is how many games a full scan reads from the database
// at a time: enough to keep every core busy, few enough that the scan
// holds a few megabytes of moves.
const exhaustiveChunk = 4096

// MaxExhaustive is the largest answer a full scan gives: each core keeps
// up to four times as many positions while it scans.
const MaxExhaustive = 10000

// maxPlies lists every ply a stored game can have (a position's key
// keeps the ply in 11 bits), for replaying a game whole.
var maxPlies = func() []int {
	p := make([]int, 2046)
	for i := range p {
		p[i] = i
	}
	return p
}()

// SimilarExhaustive is Similar over every stored position: each game
// the filter keeps is replayed and every position with p's side to move
// compared exactly, the scan Similar's recall is measured against. The
// answer is the same in kind (at or above minSim, most similar first,
// the same order among equals) but never misses a position; it costs
// what replaying the whole database costs (20 s on two cores for
// 300,000 archive-shaped games) where Similar reads a signature table.
// limit (1 to MaxExhaustive) bounds the answer.
func (d *DB) SimilarExhaustive(ctx context.Context, p rules.Position, radius int, minSim float64, limit int, f Filter) ([]Hit, error) {
	switch {
	case radius < 0 || radius > MaxRadius:
		return nil, fmt.Errorf("radius %d: must be from 0 to %d", radius, MaxRadius)
	case minSim < 0 || minSim > 1:
		return nil, fmt.Errorf("similarity %g: must be from 0 to 1", minSim)
	case limit < 1 || limit > MaxExhaustive:
		return nil, fmt.Errorf("limit %d: a full scan lists from 1 to %d positions", limit, MaxExhaustive)
	}
	lo, hi := f.phaseBytes()
	q := simQuery{mine: pieceHashes(&p, radius, nil), key: p.TurnHash(), radius: radius, lo: lo, hi: hi, side: p.Side()}
	workers := runtime.GOMAXPROCS(0)
	// Each worker keeps its best limit hits; the union of those holds
	// the best limit of all (rankOrder is total).
	best := make([]topHits, workers)
	for w := range best {
		best[w] = topHits{limit: limit, order: rankOrder(f.Own), least: minSim}
	}
	f.MinPhase, f.MaxPhase = 0, 0 // checked on the positions
	var last int64
	for {
		args := []any{last}
		sql := `SELECT g.id, g.moves FROM games g WHERE g.id > ?` + f.where(&args) + ` ORDER BY g.id LIMIT ?`
		args = append(args, exhaustiveChunk)
		rows, err := queryAll(ctx, d, sql, args, func(rows *sqlRows) (candGame, error) {
			var cg candGame
			return cg, rows.Scan(&cg.id, &cg.moves)
		})
		if err != nil {
			return nil, err
		}
		if len(rows) == 0 {
			break
		}
		last = rows[len(rows)-1].id
		err = q.compare(ctx, rows, workers, func(int64) []int { return maxPlies },
			func(w int) float64 { return best[w].least }, func(w int, h ranked) { best[w].add(h) })
		if err != nil {
			return nil, err
		}
	}
	var out []ranked
	for _, t := range best {
		out = append(out, t.hits...)
	}
	return d.hitsOf(ctx, out, limit, f.Own)
}

// topHits keeps the best limit hits by order of those added, at the cost
// of a sort each time it holds four times as many.
type topHits struct {
	limit int
	order func(x, y *ranked) int
	least float64 // what a hit must reach to be kept
	hits  []ranked
}

func (t *topHits) add(h ranked) {
	t.hits = append(t.hits, h)
	if len(t.hits) < 4*t.limit+64 {
		return
	}
	slices.SortFunc(t.hits, func(x, y ranked) int { return t.order(&x, &y) })
	t.hits = t.hits[:t.limit]
	// A hit as similar as the last kept may still rank before it.
	t.least = max(t.least, t.hits[t.limit-1].Similarity)
}
