package gamedb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// SimilarCandidates is how many positions a similar search compares
// exactly, the best by their signatures' estimate.
const SimilarCandidates = 600

// simKey picks the positions of one side to move.
type simKey = rules.Color

// simTable is the similar index of one side to move in memory.
type simTable struct {
	gen   int
	game  []int64
	ply   []int32
	phase []uint8
	sigs  []byte // sigLen bytes a position
}

// table returns the similar index for side, read from the database when
// it changed since.
func (d *DB) table(ctx context.Context, side rules.Color) (*simTable, error) {
	d.mu.Lock()
	gen := d.gen
	t := d.sims[side]
	d.mu.Unlock()
	if t != nil && t.gen == gen {
		return t, nil
	}
	rows, err := d.db.QueryContext(ctx, `SELECT game, side, data FROM sigs`)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.path, err)
	}
	defer rows.Close()
	t = &simTable{gen: gen}
	var data []byte
	for rows.Next() {
		var g int64
		var first int
		if err := rows.Scan(&g, &first, &data); err != nil {
			return nil, err
		}
		// The side to move alternates with every ply; keep this side's.
		start := 0
		if rules.Color(first) != side {
			start = 1
		}
		for ply := start; (ply+1)*(1+sigLen) <= len(data); ply += 2 {
			rec := data[ply*(1+sigLen) : (ply+1)*(1+sigLen)]
			t.game, t.ply, t.phase = append(t.game, g), append(t.ply, int32(ply)), append(t.phase, rec[0])
			t.sigs = append(t.sigs, rec[1:]...)
		}
	}
	d.mu.Lock()
	d.sims[side] = t
	d.mu.Unlock()
	return t, nil
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
	t, err := d.table(ctx, p.Side())
	if err != nil {
		return nil, err
	}
	want := signature(&p)
	q := want[radius*SigHashes : (radius+1)*SigHashes]
	lo, hi := f.phaseBytes()
	// Count the signature bytes each position shares with p's, then keep
	// the best SimilarCandidates by that count.
	counts := make([]uint8, len(t.game))
	var hist [SigHashes + 1]int
	for i := range t.game {
		if ph := int(t.phase[i]); ph < lo || ph > hi {
			counts[i] = 255
			continue
		}
		s := t.sigs[i*sigLen+radius*SigHashes : i*sigLen+(radius+1)*SigHashes]
		c := uint8(0)
		for k := range SigHashes {
			if s[k] == q[k] {
				c++
			}
		}
		counts[i] = c
		hist[c]++
	}
	cut, kept := SigHashes, 0
	for ; cut > 0 && kept+hist[cut] < SimilarCandidates; cut-- {
		kept += hist[cut]
	}
	var cands []int
	for i, c := range counts {
		if c != 255 && int(c) >= cut && (int(c) > cut || len(cands) < SimilarCandidates) {
			cands = append(cands, i)
		}
	}
	return d.rerank(ctx, p, radius, minSim, limit, f, t, cands)
}

// rerank computes the exact similarity of the candidates and keeps those
// that pass.
func (d *DB) rerank(ctx context.Context, p rules.Position, radius int, minSim float64, limit int, f Filter, t *simTable, cands []int) ([]Hit, error) {
	mine := pieceHashes(&p, radius, nil)
	games := map[int64]*candGame{}
	var out []Hit
	var buf []uint64
	for _, i := range cands {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cg, err := d.candidate(ctx, games, t.game[i], f)
		if err != nil {
			return nil, err
		}
		if cg == nil || cg.g == nil {
			continue // the filter leaves the game out
		}
		ply := int(t.ply[i])
		pos := cg.g.PositionBefore(ply)
		buf = pieceHashes(&pos, radius, buf)
		sim := similarity(mine, buf)
		if sim < minSim {
			continue
		}
		h := cg.hit
		h.Ply, h.Phase, h.Similarity = ply, float64(t.phase[i])/255, sim
		h.Move = ""
		if ply < len(cg.g.Moves()) {
			h.Move = pos.MoveString(cg.g.Moves()[ply])
		}
		out = append(out, h)
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

// candGame is a game a similar search replayed, with its row.
type candGame struct {
	g   *rules.Game
	hit Hit
}

// candidate reads and replays game id once per search; nil when the
// filter leaves it out.
func (d *DB) candidate(ctx context.Context, cache map[int64]*candGame, id int64, f Filter) (*candGame, error) {
	if cg, ok := cache[id]; ok {
		return cg, nil
	}
	args := []any{id}
	f.MinPhase, f.MaxPhase = 0, 0 // checked on the signatures
	q := `SELECT g.id, g.archive_id, g.source, g.line, g.gold, g.silver, g.gold_rating, g.silver_rating,
		g.result, g.termination, g.year, 0, '', 0, g.movelist FROM games g, (SELECT 0 AS phase) p WHERE g.id = ?` + f.where(&args)
	var cg candGame
	var movelist string
	var ph int
	err := d.db.QueryRowContext(ctx, q, args...).Scan(&cg.hit.Game, &cg.hit.ArchiveID, &cg.hit.Source, &cg.hit.Line,
		&cg.hit.Gold, &cg.hit.Silver, &cg.hit.GoldRating, &cg.hit.SilverRating, &cg.hit.Result, &cg.hit.Termination,
		&cg.hit.Year, &cg.hit.Ply, &cg.hit.Move, &ph, &movelist)
	if errors.Is(err, sql.ErrNoRows) {
		cache[id] = nil
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.path, err)
	}
	if cg.g, err = replay(movelist); err != nil {
		cg.g = nil // indexed games replay; a damaged row is passed over
	}
	cache[id] = &cg
	return &cg, nil
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
		after, _, err := p.PlayWritten(w)
		if err != nil || after.TurnHash() == p.TurnHash() {
			continue // not legal here, or changes nothing
		}
		s := by[h.Move]
		if s == nil {
			s = &SimilarMove{Move: h.Move}
			by[h.Move] = s
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
