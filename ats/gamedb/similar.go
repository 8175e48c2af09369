package gamedb

import (
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

// SimilarCandidates is how many positions a similar search compares
// exactly at least, the best by their signatures' estimate.
const SimilarCandidates = 4000

// simLayers are the similar index's layers: layer 0 holds for each game
// the side to move at ply 0 and each position's phase byte, layer 1+r
// the positions' signatures at radius r. A row of the sims table holds
// one layer of the games of one batch of an index run, each game as a
// simEntry, so that a search reads few and long rows.
const simLayers = 2 + MaxRadius

// simRowID is the sims table's id of a batch's row of one layer, named by
// the batch's first game: the layers apart, so that a search reads one
// radius's rows as one range.
func simRowID(layer int, game int64) int64 { return int64(layer)<<40 | game }

// appendSimEntry appends a game's data of one layer to its batch's row:
// the game's row and the data's length as varints, then the data.
func appendSimEntry(b []byte, game int64, data []byte) []byte {
	b = binary.AppendUvarint(b, uint64(game))
	b = binary.AppendUvarint(b, uint64(len(data)))
	return append(b, data...)
}

// nextSimEntry reads the entry at the start of b and returns the rest.
func nextSimEntry(b []byte) (game int64, data, rest []byte, ok bool) {
	g, n := binary.Uvarint(b)
	if n <= 0 {
		return 0, nil, nil, false
	}
	l, m := binary.Uvarint(b[n:])
	if m <= 0 || uint64(len(b)-n-m) < l {
		return 0, nil, nil, false
	}
	b = b[n+m:]
	return int64(g), b[:l], b[l:], true
}

// simKey picks the similar index of one side to move at one radius.
type simKey struct {
	side   rules.Color
	radius int
}

// simTable is the similar index of one side to move at one radius in
// memory, laid out for the scan: SigBits/8+1 bytes a position.
type simTable struct {
	gen   int
	games []int64   // the game of each run of positions
	first []int32   // the index of each game's first position here
	ply0  []uint8   // the ply of that first position (0 or 1)
	phase []uint8   // per position
	sig   []sigWord // per position: its signature at the radius
}

// at names position i of the table: its game and ply.
func (t *simTable) at(i int) (game int64, ply int) {
	g := sort.Search(len(t.first), func(k int) bool { return int(t.first[k]) > i }) - 1
	return t.games[g], int(t.ply0[g]) + 2*(i-int(t.first[g]))
}

// positionsOf is where game g's positions lie in the table: the first's
// index and how many.
func (t *simTable) positionsOf(g int64) (first, n int) {
	k, ok := slices.BinarySearch(t.games, g)
	if !ok {
		return 0, 0
	}
	end := len(t.phase)
	if k+1 < len(t.first) {
		end = int(t.first[k+1])
	}
	return int(t.first[k]), end - int(t.first[k])
}

// index is where game g's position at ply lies in the table, -1 when
// it has no such position (or the other side to move).
func (t *simTable) index(g int64, ply int) int {
	first, n := t.positionsOf(g)
	if n == 0 {
		return -1
	}
	k, _ := slices.BinarySearch(t.games, g)
	d := ply - int(t.ply0[k])
	if d < 0 || d%2 != 0 || d/2 >= n {
		return -1
	}
	return first + d/2
}

// table returns the similar index for side at radius, read from the
// database when it changed since. One pass over the layers fills both
// sides' tables for the radius.
func (d *DB) table(ctx context.Context, side rules.Color, radius int) (*simTable, error) {
	d.mu.Lock()
	gen := d.gen
	t := d.sims[simKey{side, radius}]
	d.mu.Unlock()
	if t != nil && t.gen == gen {
		return t, nil
	}
	var positions, games int64
	if err := d.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(CAST(value AS INTEGER)), 0), (SELECT COUNT(*) FROM games) FROM meta WHERE key = 'positions'`).Scan(&positions, &games); err != nil {
		return nil, fmt.Errorf("%s: %w", d.path, err)
	}
	layer := func(l int) (*layerRows, error) {
		rows, err := d.db.QueryContext(ctx, `SELECT id, data FROM sims WHERE id BETWEEN ? AND ? ORDER BY id`,
			simRowID(l, 0), simRowID(l+1, 0)-1)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.path, err)
		}
		return &layerRows{rows: rows}, nil
	}
	phases, err := layer(0)
	if err != nil {
		return nil, err
	}
	defer phases.rows.Close()
	sigs, err := layer(1 + radius)
	if err != nil {
		return nil, err
	}
	defer sigs.rows.Close()
	var ts sideTables
	for c := range ts {
		n := positions/2 + 1
		ts[c] = &simTable{gen: gen, phase: make([]uint8, 0, n), sig: make([]sigWord, 0, n),
			games: make([]int64, 0, games), first: make([]int32, 0, games), ply0: make([]uint8, 0, games)}
	}
	damaged := fmt.Errorf("%s: the similar index is damaged: index the archives again into a new file", d.path)
	for phases.next() {
		if !sigs.next() || sigs.id&(1<<40-1) != phases.id&(1<<40-1) {
			return nil, damaged
		}
		pb, sb := phases.data, sigs.data
		for len(pb) > 0 {
			g, ph, prest, ok := nextSimEntry(pb)
			g2, sg, srest, ok2 := nextSimEntry(sb)
			if !ok || !ok2 || g != g2 || len(ph) < 1 || len(sg) != (len(ph)-1)*sigBytes {
				return nil, damaged
			}
			pb, sb = prest, srest
			ts.add(g, ph, sg)
		}
	}
	for _, l := range []*layerRows{phases, sigs} {
		if err := l.rows.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", d.path, err)
		}
	}
	d.mu.Lock()
	for c, t := range ts {
		d.sims[simKey{rules.Color(c), radius}] = t
	}
	d.mu.Unlock()
	return ts[side], nil
}

// sideTables are the tables of both sides to move at one radius.
type sideTables [2]*simTable

// add adds game g's positions, their phase bytes ph (after the side to
// move at ply 0) and signatures sg, to the table of their side.
func (ts sideTables) add(g int64, ph, sg []byte) {
	first, ph := rules.Color(ph[0]), ph[1:]
	// The side to move alternates with every ply.
	for c, t := range ts {
		start := 0
		if first != rules.Color(c) {
			start = 1
		}
		if start >= len(ph) {
			continue
		}
		t.games, t.first, t.ply0 = append(t.games, g), append(t.first, int32(len(t.phase))), append(t.ply0, uint8(start))
		for ply := start; ply < len(ph); ply += 2 {
			t.phase = append(t.phase, ph[ply])
			t.sig = append(t.sig, binary.LittleEndian.Uint32(sg[ply*sigBytes:]))
		}
	}
}

// layerRows reads the rows of one layer of the similar index.
type layerRows struct {
	rows interface {
		Next() bool
		Scan(...any) error
		Err() error
		Close() error
	}
	id   int64
	data []byte
	err  error
}

func (l *layerRows) next() bool {
	if !l.rows.Next() {
		return false
	}
	if err := l.rows.Scan(&l.id, &l.data); err != nil {
		l.err = err
		return false
	}
	return true
}

// excessTable scores a signature against the query's q by the bits they
// share beyond those two random sets of their sizes would share by chance
// (the few pieces two unrelated positions have in common hide among
// those), in 1/4 bit steps from 1: excess[common][bits of the other].
func excessTable(q sigWord) *[SigBits + 1][SigBits + 1]uint8 {
	var t [SigBits + 1][SigBits + 1]uint8
	nq := float64(bits.OnesCount32(q))
	for c := range t {
		for n := range t[c] {
			v := 4*(float64(c)-nq*float64(n)/SigBits) + 129
			t[c][n] = uint8(min(255, max(1, v)))
		}
	}
	return &t
}

// Similar ranks the positions of the database with p's side to move by
// the similarity of their piece data at radius (0 to MaxRadius) to p's,
// and returns those at or above minSim (0 to 1), most similar first, at
// most limit (0: every one compared); the filter's phase bounds and game
// conditions apply. Among positions of equal similarity, those identical
// to p come first, and among those Filter.Own's game.
func (d *DB) Similar(ctx context.Context, p rules.Position, radius int, minSim float64, limit int, f Filter) ([]Hit, error) {
	if radius < 0 || radius > MaxRadius {
		return nil, fmt.Errorf("radius %d: must be from 0 to %d", radius, MaxRadius)
	}
	if minSim < 0 || minSim > 1 {
		return nil, fmt.Errorf("similarity %g: must be from 0 to 1", minSim)
	}
	t, err := d.table(ctx, p.Side(), radius)
	if err != nil {
		return nil, err
	}
	q := sigWord(signatures(&p)[radius])
	lo, hi := f.phaseBytes()
	// Estimate each position's similarity from its signature, then keep
	// the best by that estimate.
	byGame := map[int64][]int{}
	seen := map[int64]bool{}
	var ids []int64
	addCand := func(g int64, ply int) {
		if seen[gamePly(g, ply)] {
			return
		}
		seen[gamePly(g, ply)] = true
		if byGame[g] == nil {
			ids = append(ids, g)
		}
		byGame[g] = append(byGame[g], ply)
	}
	for _, i := range t.scan(q, radius, lo, hi, max(d.simCands, 20*limit)) {
		addCand(t.at(i))
	}
	// The positions identical to p, the own game's first: compared
	// whatever their estimate's rank among many equal ones.
	same, err := d.sameAs(ctx, p, f.Own, max(limit, 20))
	if err != nil {
		return nil, err
	}
	// And the positions of those games a few moves before and after
	// with p's side to move: a position's nearest neighbours are often a
	// few moves away in its own game or in games that passed through it.
	for _, at := range same {
		g, ply := splitGamePly(at)
		t.addWindow(g, ply-nearPlies, ply+nearPlies, addCand)
	}
	if f.Own != 0 {
		if err := d.historyCandidates(ctx, p, f.Own, t, addCand); err != nil {
			return nil, err
		}
	}
	return d.rerank(ctx, p, radius, minSim, limit, f, byGame, ids)
}

// historyDepth is how many moves back a similar search follows the
// query's own game for games that shared its way, historyGames how many
// such games it compares at most, and nearPlies how many plies around
// a position of another game it compares.
const (
	historyDepth = 200
	historyGames = 300
	nearPlies    = 8
)

// addWindow adds the positions of game g from ply lo to hi with the
// table's side to move.
func (t *simTable) addWindow(g int64, lo, hi int, add func(int64, int)) {
	for ply := max(lo, 0); ply <= hi; ply++ {
		if t.index(g, ply) >= 0 {
			add(g, ply)
		}
	}
}

// historyCandidates adds to the candidates the positions a few moves on
// in the games that passed through the positions before p in its own
// game (games that left the own game's way lately resemble it most).
func (d *DB) historyCandidates(ctx context.Context, p rules.Position, own int64, t *simTable, add func(int64, int)) error {
	var moves []byte
	err := d.db.QueryRowContext(ctx, `SELECT moves FROM games WHERE id = ?`, own).Scan(&moves)
	if err != nil {
		return nil // no such game: nothing to follow
	}
	sg, err := decodeGame(moves)
	if err != nil {
		return nil
	}
	line, err := sg.line(1 << 20)
	if err != nil {
		return nil
	}
	key := p.TurnHash()
	q := -1
	for i := range line.pos {
		if line.pos[i].TurnHash() == key {
			q = i
			break
		}
	}
	if q < 0 {
		return nil
	}
	followed := map[int64]bool{own: true}
	for j := q; j >= max(0, q-historyDepth) && len(followed) <= historyGames; j-- {
		// The mirror image's games too: piece data do not tell a
		// position from its mirror image.
		m := line.pos[j].Mirror()
		ats, err := queryAll(ctx, d, `SELECT at FROM (SELECT at FROM positions WHERE key = ? ORDER BY at LIMIT 100)
			UNION SELECT at FROM (SELECT at FROM positions WHERE key = ? ORDER BY at LIMIT 100)`,
			[]any{int64(line.pos[j].TurnHash()), int64(m.TurnHash())}, func(rows *sqlRows) (int64, error) {
				var at int64
				return at, rows.Scan(&at)
			})
		if err != nil {
			return err
		}
		for _, at := range ats {
			g, ply := splitGamePly(at)
			if followed[g] {
				continue // followed from where it left the own game's way
			}
			followed[g] = true
			// The positions of g from where it shared the way to a
			// little past as many moves on as p is.
			t.addWindow(g, ply, ply+(q-j)+nearPlies, add)
		}
	}
	return nil
}

// sameAs lists where p stands in the database: in game own, and in at
// most n games besides, and n more through its mirror image.
func (d *DB) sameAs(ctx context.Context, p rules.Position, own int64, n int) ([]int64, error) {
	key, mirror := int64(p.TurnHash()), p.Mirror()
	q := `SELECT at FROM positions WHERE key = ? AND at BETWEEN ? AND ?
		UNION SELECT at FROM (SELECT at FROM positions WHERE key = ? ORDER BY at LIMIT ?)
		UNION SELECT at FROM (SELECT at FROM positions WHERE key = ? ORDER BY at LIMIT ?)`
	args := []any{key, gamePly(own, -2), gamePly(own, maxPly), key, n, int64(mirror.TurnHash()), n}
	return queryAll(ctx, d, q, args, func(rows *sqlRows) (int64, error) {
		var at int64
		return at, rows.Scan(&at)
	})
}

// ranked is a hit of a similar search before its move is written.
type ranked struct {
	Hit
	same bool // the position is the query's
	pos  rules.Position
	move rules.Move // played next; none at the game's end
}

// rerank computes the exact similarity of the candidates (their plies by
// game) and keeps those that pass.
func (d *DB) rerank(ctx context.Context, p rules.Position, radius int, minSim float64, limit int, f Filter, byGame map[int64][]int, ids []int64) ([]Hit, error) {
	rows, err := d.candidates(ctx, ids, f)
	if err != nil {
		return nil, err
	}
	lo, hi := f.phaseBytes()
	q := simQuery{mine: pieceHashes(&p, radius, nil), key: p.TurnHash(), radius: radius, lo: lo, hi: hi, anySide: true}
	workers := min(runtime.GOMAXPROCS(0), max(1, len(rows)/64))
	parts := make([][]ranked, workers)
	err = q.compare(ctx, rows, workers, func(id int64) []int {
		plies := byGame[id]
		slices.Sort(plies)
		return plies
	}, func(int) float64 { return minSim }, func(w int, h ranked) { parts[w] = append(parts[w], h) })
	if err != nil {
		return nil, err
	}
	var out []ranked
	for _, part := range parts {
		out = append(out, part...)
	}
	return d.hitsOf(ctx, out, limit, f.Own)
}

// simQuery is what a comparison of stored positions with a query needs:
// the query's piece data hashes at the radius and its key, the phase
// bytes kept, and the side to move compared (any, for candidates already
// of the query's side).
type simQuery struct {
	mine    []uint64
	key     uint64
	radius  int
	lo, hi  int
	side    rules.Color
	anySide bool
}

// compare replays the games rows on workers goroutines (worker w taking
// every workers-th game) without the rules' checks, and passes to keep(w,
// hit) each position of the plies (ascending) of its game that the query
// compares whose similarity reaches least(w) (and is not 0).
func (q simQuery) compare(ctx context.Context, rows []candGame, workers int, plies func(id int64) []int, least func(w int) float64, keep func(w int, h ranked)) error {
	phased := q.lo > 0 || q.hi < 255
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []uint64
			for k := w; k < len(rows) && ctx.Err() == nil; k += workers {
				cg := &rows[k]
				// A damaged row (indexed games replay) is passed over:
				// its positions up to the damage count.
				sg, err := decodeStart(cg.moves)
				if err != nil {
					continue
				}
				sg.each(plies(cg.id), func(ply int, pos *rules.Position, next rules.Move) bool {
					if !q.anySide && pos.Side() != q.side {
						return true
					}
					if phased {
						if ph := int(phaseByte(*pos)); ph < q.lo || ph > q.hi {
							return true
						}
					}
					buf = pieceHashes(pos, q.radius, buf)
					if sim := similarity(q.mine, buf); sim >= least(w) && sim > 0 {
						keep(w, ranked{Hit: Hit{Game: cg.id, Ply: ply, Similarity: sim}, same: pos.TurnHash() == q.key, pos: *pos, move: next})
					}
					return true
				})
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// rankOrder orders ranked hits: the most similar first; among those as
// similar, the positions identical to the query, then the game own's,
// then by game and ply (a total order: a game's ply is one hit).
func rankOrder(own int64) func(x, y *ranked) int {
	return func(x, y *ranked) int {
		switch {
		case x.Similarity != y.Similarity:
			return cmp.Compare(y.Similarity, x.Similarity)
		case x.same != y.same:
			if x.same {
				return -1
			}
			return 1
		case (x.Game == own) != (y.Game == own):
			if x.Game == own {
				return -1
			}
			return 1
		case x.Game != y.Game:
			return cmp.Compare(x.Game, y.Game)
		}
		return cmp.Compare(x.Ply, y.Ply)
	}
}

// hitsOf sorts the ranked hits (rankOrder), keeps the first limit (0:
// all) and reads their games' columns.
func (d *DB) hitsOf(ctx context.Context, out []ranked, limit int, own int64) ([]Hit, error) {
	// Sorted by reference: a ranked hit holds a whole position.
	order := make([]*ranked, len(out))
	for i := range out {
		order[i] = &out[i]
	}
	slices.SortFunc(order, rankOrder(own))
	if limit > 0 && len(order) > limit {
		order = order[:limit]
	}
	// The games' columns are read for the hits alone.
	var games []int64
	for _, h := range order {
		games = append(games, h.Game)
	}
	cols, err := byIDs(ctx, d, games, func(in string, _ *[]any) string {
		return `SELECT ` + gameColumns + ` FROM games g WHERE g.id IN (` + in + `)`
	}, func(rows *sqlRows) (Hit, error) {
		var h Hit
		return h, scanGame(rows, &h)
	})
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]Hit, len(cols))
	for _, h := range cols {
		byID[h.Game] = h
	}
	hits := make([]Hit, len(order))
	for i, h := range order {
		hits[i] = byID[h.Game]
		hits[i].Ply, hits[i].Similarity = h.Ply, h.Similarity
		hits[i].Phase = float64(phaseByte(h.pos)) / 255
		if h.move.N > 0 {
			hits[i].Move = h.pos.MoveString(h.move)
		}
	}
	return hits, nil
}

// candGame is a game a similar search compares, with its stored moves.
type candGame struct {
	id    int64
	moves []byte
}

// candidates reads the stored moves of the games ids the filter keeps, a
// few thousand a query.
func (d *DB) candidates(ctx context.Context, ids []int64, f Filter) ([]candGame, error) {
	f.MinPhase, f.MaxPhase = 0, 0 // checked on the positions
	return byIDs(ctx, d, ids, func(in string, args *[]any) string {
		return `SELECT g.id, g.moves FROM games g WHERE g.id IN (` + in + `)` + f.where(args)
	}, func(rows *sqlRows) (candGame, error) {
		var cg candGame
		return cg, rows.Scan(&cg.id, &cg.moves)
	})
}

// byIDs runs a query about the games ids, a few hundred at a time: query
// makes it from the list of their placeholders, adding any arguments of
// its own after theirs.
func byIDs[T any](ctx context.Context, d *DB, ids []int64, query func(in string, args *[]any) string, scan func(*sqlRows) (T, error)) ([]T, error) {
	const chunk = 400
	var out []T
	for len(ids) > 0 {
		n := min(len(ids), chunk)
		args := make([]any, 0, n+8)
		for _, id := range ids[:n] {
			args = append(args, id)
		}
		q := query("?"+strings.Repeat(",?", n-1), &args)
		more, err := queryAll(ctx, d, q, args, scan)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
		ids = ids[n:]
	}
	return out, nil
}

// gameLine is a stored game's positions at the start of each move and
// the moves, as far as a search needs them.
type gameLine struct {
	pos   []rules.Position
	moves []rules.Move
}

// SimilarMove is a move played in positions similar to the query's,
// translated to its board: the same steps, legal from it.
type SimilarMove struct {
	Move                 string
	Games                int
	GoldWins, SilverWins int
	Best, Mean           float64 // the similarity of the positions it was played in
}

// MovesFromSimilar is the knowledge database of Ahmed 2017 over this
// database: the moves played next in the (at most limit) most similar
// positions to p at radius, played from p where their steps are legal
// there, grouped by move, the most played first.
func (d *DB) MovesFromSimilar(ctx context.Context, p rules.Position, radius int, limit int, f Filter) ([]SimilarMove, error) {
	hits, err := d.Similar(ctx, p, radius, 0, limit, f)
	if err != nil {
		return nil, err
	}
	return MovesFromHits(p, hits), nil
}

// MovesFromHits groups the moves played next in the positions of hits (a
// similar search's answer for p) as MovesFromSimilar does.
func MovesFromHits(p rules.Position, hits []Hit) []SimilarMove {
	by := map[string]*SimilarMove{}
	for _, h := range hits {
		if h.Move == "" || h.Ply < 0 {
			continue
		}
		w, err := rules.ParseMove(h.Move)
		if err != nil {
			continue
		}
		// The steps, translated: what they capture here is this board's
		// business, not the capture tokens of the game they came from.
		after, _, err := p.PlayWritten(rules.WrittenMove{Move: w.Move})
		if err != nil || after.TurnHash() == p.TurnHash() {
			continue // not legal here, or changes nothing
		}
		text := p.MoveString(w.Move)
		s := by[text]
		if s == nil {
			s = &SimilarMove{Move: text}
			by[text] = s
		}
		s.Games++
		s.Mean += h.Similarity
		s.Best = max(s.Best, h.Similarity)
		switch h.Result {
		case "w":
			s.GoldWins++
		case "b":
			s.SilverWins++
		}
	}
	out := make([]SimilarMove, 0, len(by))
	for _, s := range by {
		s.Mean /= float64(s.Games)
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		if out[i].Best != out[j].Best {
			return out[i].Best > out[j].Best
		}
		return out[i].Move < out[j].Move
	})
	return out
}

// RootPriors are the moves from similar positions (MovesFromSimilar, the
// limit most similar positions at radius) as suggestions to a search:
// each move's weight is weight times the share of those positions it was
// played in, so that the weights add up to at most weight.
func (d *DB) RootPriors(ctx context.Context, p rules.Position, radius, limit int, weight float64) ([]analysis.MovePrior, error) {
	moves, err := d.MovesFromSimilar(ctx, p, radius, limit, Filter{})
	if err != nil {
		return nil, err
	}
	total := 0
	for _, m := range moves {
		total += m.Games
	}
	var out []analysis.MovePrior
	for _, m := range moves {
		w, err := rules.ParseMove(m.Move)
		if err != nil {
			continue
		}
		out = append(out, analysis.MovePrior{Move: w.Move, Weight: weight * float64(m.Games) / float64(total)})
	}
	return out, nil
}
