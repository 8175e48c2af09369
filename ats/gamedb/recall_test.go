package gamedb

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"arimaa-workbench/engine/rules"
)

// measureRecall asks Similar for the k most similar positions to n random
// positions of d's games at radius r and compares them with an exact scan
// of every stored position (one pass over the games for all n): the share
// of the hits that reach the similarity of the k-th most similar position
// (positions as similar as it are as good an answer), averaged, and the
// mean k-th similarity; and the recall over the queries alone whose k-th
// similarity is at least alike, with their number. With exhaustive it
// asks SimilarExhaustive instead.
func measureRecall(tb testing.TB, d *DB, r, n, k int, seed uint64, alike float64, exhaustive bool) (recall, kth, recallAlike float64, nAlike int) {
	tb.Helper()
	ctx := context.Background()
	var games int64
	if err := d.db.QueryRow(`SELECT COUNT(*) FROM games`).Scan(&games); err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	type query struct {
		own  int64
		pos  rules.Position
		mine []uint64
		top  []float64 // the k best exact similarities so far, ascending
	}
	qs := make([]query, n)
	for i := range qs {
		qs[i].own = 1 + rng.Int64N(games)
		g, _, err := d.Game(ctx, qs[i].own)
		if err != nil {
			tb.Fatal(err)
		}
		qs[i].pos = g.PositionBefore(rng.IntN(len(g.Moves()) + 1))
		qs[i].mine = pieceHashes(&qs[i].pos, r, nil)
	}
	rows, err := d.db.QueryContext(ctx, `SELECT moves FROM games ORDER BY id`)
	if err != nil {
		tb.Fatal(err)
	}
	var buf []uint64
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			tb.Fatal(err)
		}
		sg, err := decodeGame(b)
		if err != nil {
			tb.Fatal(err)
		}
		line, err := sg.line(1 << 20)
		if err != nil {
			tb.Fatal(err)
		}
		for _, p := range line.pos {
			buf = pieceHashes(&p, r, buf)
			for i := range qs {
				q := &qs[i]
				if p.Side() != q.pos.Side() {
					continue
				}
				s := similarity(q.mine, buf)
				if len(q.top) < k {
					q.top = append(q.top, s)
					slices.Sort(q.top)
				} else if s > q.top[0] {
					q.top[0] = s
					slices.Sort(q.top)
				}
			}
		}
	}
	rows.Close()
	for _, q := range qs {
		want := q.top[0]
		search := d.Similar
		if exhaustive {
			search = d.SimilarExhaustive
		}
		hits, err := search(ctx, q.pos, r, 0, k, Filter{Own: q.own})
		if err != nil {
			tb.Fatal(err)
		}
		reached := 0
		for _, h := range hits {
			if h.Similarity >= want {
				reached++
			}
		}
		recall += float64(reached) / float64(k)
		kth += want
		if want >= alike {
			recallAlike += float64(reached) / float64(k)
			nAlike++
		}
	}
	return recall / float64(n), kth / float64(n), recallAlike / float64(max(nAlike, 1)), nAlike
}

// TestSimilarRecall: on a generated corpus shaped like the official
// archive (GenerateCorpus: games sharing their openings and part of their
// middle games), the share of the ten hits of a similar search that reach
// the similarity of the tenth most similar position of an exact scan of
// every stored position is at least 0.95 at every radius (exact at radius
// 0), with fewer candidates by signature than the corpus has positions
// (the package doc has the figures); SimilarExhaustive's is 1.
func TestSimilarRecall(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes a corpus")
	}
	var base []*rules.Game
	for seed := range uint64(20) {
		base = append(base, randomGame(t, 1000+seed, 70))
	}
	path := filepath.Join(t.TempDir(), "corpus.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := GenerateCorpus(context.Background(), f, base, 150, 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	d := openTest(t)
	if _, err := d.Index(context.Background(), []string{path}, IndexOptions{}); err != nil {
		t.Fatal(err)
	}
	s, _ := d.Stats()
	// 700 candidates of the 5,500 positions of a side.
	d.simCands = 700
	for r, want := range []float64{0.999, 0.95, 0.95, 0.95} {
		recall, kth, _, _ := measureRecall(t, d, r, 30, 10, uint64(r), 0, false)
		t.Logf("radius %d: recall@10 %.3f, mean 10th similarity %.3f (%d positions)", r, recall, kth, s.Positions)
		if recall < want {
			t.Errorf("radius %d: recall@10 %.3f, want at least %.2f", r, recall, want)
		}
		// The full scan misses nothing.
		if recall, _, _, _ := measureRecall(t, d, r, 10, 10, uint64(r)+10, 0, true); recall != 1 {
			t.Errorf("radius %d: the full scan's recall@10 %.3f, want 1", r, recall)
		}
	}
}
