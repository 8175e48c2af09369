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
// of every stored position: the share of the hits that reach the
// similarity of the k-th most similar position (positions as similar as
// it are as good an answer), averaged, and the mean k-th similarity.
func measureRecall(tb testing.TB, d *DB, r, n, k int, seed uint64) (recall, kth float64) {
	tb.Helper()
	ctx := context.Background()
	rows, err := d.db.QueryContext(ctx, `SELECT moves FROM games ORDER BY id`)
	if err != nil {
		tb.Fatal(err)
	}
	type stored struct {
		side   rules.Color
		hashes []uint64
	}
	var all []stored
	var games [][]rules.Position
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
		games = append(games, line.pos)
		for _, p := range line.pos {
			all = append(all, stored{p.Side(), pieceHashes(&p, r, nil)})
		}
	}
	rows.Close()
	rng := rand.New(rand.NewPCG(seed, 7))
	sims := make([]float64, 0, len(all))
	for range n {
		g := rng.IntN(len(games))
		q := games[g][rng.IntN(len(games[g]))]
		mine := pieceHashes(&q, r, nil)
		sims = sims[:0]
		for _, s := range all {
			if s.side == q.Side() {
				sims = append(sims, similarity(mine, s.hashes))
			}
		}
		slices.Sort(sims)
		want := sims[len(sims)-k]
		hits, err := d.Similar(ctx, q, r, 0, k, Filter{Own: int64(g + 1)})
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
	}
	return recall / float64(n), kth / float64(n)
}

// TestSimilarRecall: on a generated corpus shaped like the official
// archive (GenerateCorpus: games sharing their openings and part of their
// middle games), the share of the ten hits of a similar search that reach
// the similarity of the tenth most similar position of an exact scan of
// every stored position: exact at radius 0, at least 0.95 at radii 1 and
// 2 and 0.92 at radius 3 (where the tenth is at 0.14 on average: a few
// pieces alike, which the signatures hardly tell from chance), with
// fewer candidates than the corpus has positions (the package doc has
// the figures).
func TestSimilarRecall(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes a corpus")
	}
	var base []*rules.Game
	for seed := range uint64(30) {
		base = append(base, randomGame(t, 1000+seed, 70))
	}
	path := filepath.Join(t.TempDir(), "corpus.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := GenerateCorpus(context.Background(), f, base, 200, 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	d := openTest(t)
	if _, err := d.Index(context.Background(), []string{path}, IndexOptions{}); err != nil {
		t.Fatal(err)
	}
	s, _ := d.Stats()
	// 1,000 candidates of the 5,500 positions of a side.
	d.simCands = 1000
	for r, want := range []float64{0.999, 0.99, 0.95, 0.92} {
		recall, kth := measureRecall(t, d, r, 40, 10, uint64(r))
		t.Logf("radius %d: recall@10 %.3f, mean 10th similarity %.3f (%d positions)", r, recall, kth, s.Positions)
		if recall < want {
			t.Errorf("radius %d: recall@10 %.3f, want at least %.2f", r, recall, want)
		}
	}
}
