package gamedb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"arimaa-workbench/engine/rules"
)

// corpus is the archive the benchmarks index: $ARIMAA_CORPUS (make corpus
// writes one of 20,000 self-play games to bin/corpus/selfplay.txt).
func corpus(b *testing.B) string {
	p := os.Getenv("ARIMAA_CORPUS")
	if p == "" {
		b.Skip("set ARIMAA_CORPUS to an archive (make corpus)")
	}
	return p
}

// corpusDB is the corpus indexed into $ARIMAA_CORPUS_DB (made when
// missing; a temporary database without it), closed when b ends.
func corpusDB(b *testing.B) *DB {
	path := corpus(b)
	dbPath := os.Getenv("ARIMAA_CORPUS_DB")
	if dbPath == "" {
		dbPath = filepath.Join(b.TempDir(), "bench.db")
	}
	d, err := Open(dbPath)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	if s, _ := d.Stats(); s.Games == 0 {
		if _, err := d.Index(context.Background(), []string{path}, IndexOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	return d
}

// BenchmarkIndex indexes the corpus into a new database and reports games
// and positions a second and the bytes a game.
func BenchmarkIndex(b *testing.B) {
	path := corpus(b)
	for range b.N {
		dbPath := filepath.Join(b.TempDir(), "bench.db")
		d, err := Open(dbPath)
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		pr, err := d.Index(context.Background(), []string{path}, IndexOptions{})
		if err != nil {
			b.Fatal(err)
		}
		el := time.Since(start).Seconds()
		s, _ := d.Stats()
		b.ReportMetric(float64(pr.Added)/el, "games/s")
		b.ReportMetric(float64(pr.Positions)/el, "positions/s")
		b.ReportMetric(float64(s.Bytes)/float64(max(pr.Added, 1)), "bytes/game")
		d.Close()
	}
}

// BenchmarkQueries times the explorer, exact and similar search on 100
// random positions of the corpus, indexed into $ARIMAA_CORPUS_DB (made
// when missing), and reports the median and the 99th percentile.
func BenchmarkQueries(b *testing.B) {
	d := corpusDB(b)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	s, _ := d.Stats()
	var queries []int64
	for len(queries) < 100 {
		queries = append(queries, 1+rng.Int64N(s.Games))
	}
	// The first similar search of a side reads its signatures into
	// memory: timed on its own.
	t0 := time.Now()
	for _, side := range []rules.Color{rules.Gold, rules.Silver} {
		if _, err := d.table(ctx, side, 2); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(t0).Milliseconds()), "similar-load-ms")
	for range b.N {
		var ex, fi, si []time.Duration
		for _, id := range queries {
			g, _, err := d.Game(ctx, id)
			if err != nil {
				b.Fatal(err)
			}
			p := g.PositionBefore(rng.IntN(len(g.Moves()) + 1))
			t := time.Now()
			if _, err := d.Explore(ctx, p, Filter{}); err != nil {
				b.Fatal(err)
			}
			ex = append(ex, time.Since(t))
			t = time.Now()
			if _, err := d.Find(ctx, p, Filter{}, 0); err != nil {
				b.Fatal(err)
			}
			fi = append(fi, time.Since(t))
			t = time.Now()
			if _, err := d.Similar(ctx, p, 2, 0.5, 50, Filter{}); err != nil {
				b.Fatal(err)
			}
			si = append(si, time.Since(t))
		}
		for _, q := range []struct {
			name string
			d    []time.Duration
		}{{"explore", ex}, {"find", fi}, {"similar", si}} {
			slices.Sort(q.d)
			b.ReportMetric(float64(q.d[len(q.d)/2].Microseconds())/1000, q.name+"-p50-ms")
			b.ReportMetric(float64(q.d[len(q.d)*99/100].Microseconds())/1000, q.name+"-p99-ms")
		}
	}
}

// BenchmarkSimilarRecall measures what the signatures' preselection
// misses on the corpus: for 20 random positions at each radius, the share
// of the 10 hits that reach the similarity of the 10th most similar
// position of the whole database (found by comparing every position
// exactly).
func BenchmarkSimilarRecall(b *testing.B) {
	d := corpusDB(b)
	for range b.N {
		for r := 0; r <= MaxRadius; r++ {
			recall, kth := measureRecall(b, d, r, 20, 10, uint64(r))
			b.ReportMetric(recall, fmt.Sprintf("recall@10-r%d", r))
			b.ReportMetric(kth, fmt.Sprintf("10th-similarity-r%d", r))
		}
	}
}
