package gamedb

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// SimilarCandidates is how many positions a similar search compares
// exactly, the best by their signatures' estimate.
const SimilarCandidates = 1000

// simKey picks the similar index of one side to move at one radius.
type simKey struct {
	side   rules.Color
	radius int
}

// simTable is the similar index of one side to move at one radius in
// memory, laid out for the scan: 17 bytes a position.
type simTable struct {
	gen   int
	games []int64  // the game of each run of positions
	first []int32  // the index of each game's first position here
	ply0  []uint8  // the ply of that first position (0 or 1)
	phase []uint8  // per position
	sig   []uint64 // per position: its signature at the radius, sigWords words
}

// at names position i of the table: its game and ply.
func (t *simTable) at(i int) (game int64, ply int) {
	g := sort.Search(len(t.first), func(k int) bool { return int(t.first[k]) > i }) - 1
	return t.games[g], int(t.ply0[g]) + 2*(i-int(t.first[g]))
}

// table returns the similar index for side at radius, read from the
// database when it changed since. One pass over the signatures fills both
// sides' tables for the radius.
func (d *DB) table(ctx context.Context, side rules.Color, radius int) (*simTable, error) {
	d.mu.Lock()
	gen := d.gen
	t := d.sims[simKey{side, radius}]
	d.mu.Unlock()
	if t != nil && t.gen == gen {
		return t, nil
	}
	var games, plies int64
	if err := d.db.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(plies), 0) FROM games`).Scan(&games, &plies); err != nil {
		return nil, fmt.Errorf("%s: %w", d.path, err)
	}
	rows, err := d.db.QueryContext(ctx, `SELECT game, side, data FROM sigs`)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.path, err)
	}
	defer rows.Close()
	var ts [2]*simTable
	for c := range ts {
		n := plies/2 + games
		ts[c] = &simTable{gen: gen, phase: make([]uint8, 0, n), sig: make([]uint64, 0, sigWords*n)}
	}
	const rec = 1 + sigLen
	off := 1 + radius*sigWords*8
	var data sql.RawBytes
	for rows.Next() {
		var g int64
		var first int
		if err := rows.Scan(&g, &first, &data); err != nil {
			return nil, fmt.Errorf("%s: %w", d.path, err)
		}
		// The side to move alternates with every ply.
		for c, t := range ts {
			start := 0
			if rules.Color(first) != rules.Color(c) {
				start = 1
			}
			if (start+1)*rec > len(data) {
				continue
			}
			t.games, t.first, t.ply0 = append(t.games, g), append(t.first, int32(len(t.phase))), append(t.ply0, uint8(start))
			for ply := start; (ply+1)*rec <= len(data); ply += 2 {
				r := data[ply*rec : (ply+1)*rec]
				t.phase = append(t.phase, r[0])
				for k := range sigWords {
					t.sig = append(t.sig, binary.LittleEndian.Uint64(r[off+8*k:]))
				}
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", d.path, err)
	}
	d.mu.Lock()
	for c, t := range ts {
		d.sims[simKey{rules.Color(c), radius}] = t
	}
	d.mu.Unlock()
	return ts[side], nil
}

// shares is the estimate of the similarity from a signature's common and
// total bits, in 1/255 steps: shares[common][total].
var shares = func() (t [SigBits + 1][2*SigBits + 1]uint8) {
	for c := range t {
		for n := c; n < len(t[c]); n++ {
			if n > 0 {
				t[c][n] = uint8(c * 255 / n)
			}
		}
	}
	return t
}()

// estimate is the similarity two signatures at one radius suggest, in
// 1/255 steps.
func estimate(a, b *[sigWords]uint64) uint8 {
	// Both words written out, so that the scan's call is inlined.
	common := bits.OnesCount64(a[0]&b[0]) + bits.OnesCount64(a[1]&b[1])
	total := bits.OnesCount64(a[0]|b[0]) + bits.OnesCount64(a[1]|b[1])
	return shares[common][total]
}

// Similar ranks the positions of the database with p's side to move by
// the similarity of their piece data at radius (0 to MaxRadius) to p's,
// and returns those at or above minSim (0 to 1), most similar first, at
// most limit; the filter's phase bounds and game conditions apply.
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
	want := signature(&p)
	var q [sigWords]uint64
	for k := range q {
		q[k] = binary.LittleEndian.Uint64(want[(radius*sigWords+k)*8:])
	}
	lo, hi := f.phaseBytes()
	// Estimate each position's similarity from its signature, then keep
	// the best SimilarCandidates by that estimate.
	counts := make([]uint8, len(t.phase))
	var hist [256]int
	sig := t.sig[:sigWords*len(t.phase)]
	for i, ph := range t.phase {
		if int(ph) < lo || int(ph) > hi {
			continue
		}
		e := estimate((*[sigWords]uint64)(sig[sigWords*i:]), &q)
		counts[i] = e
		hist[e]++
	}
	cut, kept := 255, 0
	for ; cut > 1 && kept+hist[cut] < SimilarCandidates; cut-- {
		kept += hist[cut]
	}
	var cands []int
	for i, c := range counts {
		if c >= 1 && int(c) >= cut && (int(c) > cut || len(cands) < SimilarCandidates) {
			cands = append(cands, i)
		}
	}
	return d.rerank(ctx, p, radius, minSim, limit, f, t, cands)
}

// rerank computes the exact similarity of the candidates and keeps those
// that pass.
func (d *DB) rerank(ctx context.Context, p rules.Position, radius int, minSim float64, limit int, f Filter, t *simTable, cands []int) ([]Hit, error) {
	// The candidates by game: their plies and phase bytes.
	type at struct {
		ply   int
		phase uint8
	}
	byGame := map[int64][]at{}
	var ids []int64
	for _, i := range cands {
		g, ply := t.at(i)
		if byGame[g] == nil {
			ids = append(ids, g)
		}
		byGame[g] = append(byGame[g], at{ply, t.phase[i]})
	}
	rows, err := d.candidates(ctx, ids, f)
	if err != nil {
		return nil, err
	}
	mine := pieceHashes(&p, radius, nil)
	var out []Hit
	var buf []uint64
	for _, cg := range rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		plies := byGame[cg.hit.Game]
		last := 0
		for _, a := range plies {
			last = max(last, a.ply)
		}
		line, err := storedLine(cg.movelist, last)
		if err != nil {
			continue // indexed games replay; a damaged row is passed over
		}
		for _, a := range plies {
			ply := a.ply
			if ply >= len(line.pos) {
				continue
			}
			pos := line.pos[ply]
			buf = pieceHashes(&pos, radius, buf)
			sim := similarity(mine, buf)
			if sim < minSim || sim == 0 {
				continue
			}
			h := cg.hit
			h.Ply, h.Phase, h.Similarity = ply, float64(a.phase)/255, sim
			h.Move = ""
			if ply < len(line.moves) {
				h.Move = pos.MoveString(line.moves[ply])
			}
			out = append(out, h)
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Similarity != out[b].Similarity {
			return out[a].Similarity > out[b].Similarity
		}
		if out[a].Game != out[b].Game {
			return out[a].Game < out[b].Game
		}
		return out[a].Ply < out[b].Ply
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// candGame is a game a similar search compares, with its row.
type candGame struct {
	hit      Hit
	movelist string
}

// candidates reads the rows of the games ids the filter keeps, in the
// order of ids, a few hundred a query.
func (d *DB) candidates(ctx context.Context, ids []int64, f Filter) ([]candGame, error) {
	f.MinPhase, f.MaxPhase = 0, 0 // checked on the signatures
	var out []candGame
	const chunk = 400
	for len(ids) > 0 {
		n := min(len(ids), chunk)
		args := make([]any, 0, n+8)
		for _, id := range ids[:n] {
			args = append(args, id)
		}
		q := `SELECT g.id, g.archive_id, g.source, g.line, g.gold, g.silver, g.gold_rating, g.silver_rating,
			g.result, g.termination, g.year, g.movelist FROM games g WHERE g.id IN (?` +
			strings.Repeat(",?", n-1) + `)` + f.where(&args)
		rows, err := d.db.QueryContext(ctx, q, args...)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.path, err)
		}
		for rows.Next() {
			var cg candGame
			h := &cg.hit
			if err := rows.Scan(&h.Game, &h.ArchiveID, &h.Source, &h.Line, &h.Gold, &h.Silver, &h.GoldRating,
				&h.SilverRating, &h.Result, &h.Termination, &h.Year, &cg.movelist); err != nil {
				rows.Close()
				return nil, fmt.Errorf("%s: %w", d.path, err)
			}
			out = append(out, cg)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", d.path, err)
		}
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

// storedLine replays a stored move list up to the position before move
// last. The games were checked under the rules when they were indexed,
// so the steps are played without checking them again; that is most of
// what makes a similar search fast.
func storedLine(movelist string, last int) (gameLine, error) {
	rec, err := records.ParseRecord(movelist)
	if err != nil {
		return gameLine{}, err
	}
	var p rules.Position
	if rec.Start != nil {
		p = *rec.Start
	} else {
		g := rules.NewGame()
		for c := rules.Gold; c <= rules.Silver; c++ {
			if err := g.SetupPieces(rec.Setup[c]); err != nil {
				return gameLine{}, err
			}
		}
		p = g.Position()
	}
	n := min(last+1, len(rec.Turns)+1)
	line := gameLine{pos: make([]rules.Position, 0, n), moves: make([]rules.Move, 0, n)}
	line.pos = append(line.pos, p)
	for i := range rec.Turns {
		var m rules.Move
		for _, tok := range rec.Turns[i].Tokens {
			if tok.Kind == rules.TokenStep && m.N < 4 {
				m = m.Add(tok.Step())
			}
		}
		line.moves = append(line.moves, m)
		if i == last {
			break
		}
		for _, s := range m.Slice() {
			p = p.Play(s)
		}
		p = p.EndTurn()
		line.pos = append(line.pos, p)
	}
	return line, nil
}

// replay plays a stored move list back.
func replay(movelist string) (*rules.Game, error) {
	rec, err := records.ParseRecord(movelist)
	if err != nil {
		return nil, err
	}
	return rec.Game()
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
	return out, nil
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
