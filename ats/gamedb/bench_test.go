package gamedb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
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
	if s, _ := d.Stats(); s.Games == 0 {
		if _, err := d.Index(context.Background(), []string{path}, IndexOptions{}); err != nil {
			b.Fatal(err)
		}
		// Closed and opened again for reading, as the commands do, so
		// that the write-ahead log is in the file.
		d.Close()
		if d, err = OpenExisting(dbPath); err != nil {
			b.Fatal(err)
		}
	}
	b.Cleanup(func() { d.Close() })
	// $ARIMAA_SIM_CANDIDATES: another SimilarCandidates, to weigh recall
	// against time.
	if n, err := strconv.Atoi(os.Getenv("ARIMAA_SIM_CANDIDATES")); err == nil && n > 0 {
		d.simCands = n
	}
	return d
}

// BenchmarkIndex indexes the corpus into a new database and reports games
// and positions a second, the bytes a game in all and by table, and the
// positions a game.
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
		d.Close()
		reportSize(b, dbPath)
		b.ReportMetric(float64(pr.Added)/el, "games/s")
		b.ReportMetric(float64(pr.Positions)/el, "positions/s")
	}
}

// reportSize reports the bytes a game of the database at path, in all and
// by table, and its positions a game.
func reportSize(b *testing.B, path string) {
	d, err := OpenExisting(path)
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	s, err := d.Stats()
	if err != nil {
		b.Fatal(err)
	}
	g := float64(max(s.Games, 1))
	b.ReportMetric(float64(s.Bytes)/g, "bytes/game")
	b.ReportMetric(float64(s.Positions)/g, "positions/game")
	for _, t := range s.Tables {
		b.ReportMetric(float64(t.Bytes)/g, t.Name+"-bytes/game")
	}
}

// queryPositions are n random positions of d's games (a random game, a
// random ply), with their games.
func queryPositions(b *testing.B, d *DB, n int) ([]rules.Position, []int64) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	s, _ := d.Stats()
	var ps []rules.Position
	var ids []int64
	for len(ps) < n {
		id := 1 + rng.Int64N(s.Games)
		g, _, err := d.Game(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, g.PositionBefore(rng.IntN(len(g.Moves())+1)))
		ids = append(ids, id)
	}
	return ps, ids
}

// reportTimes reports the median and the 99th percentile of ds.
func reportTimes(b *testing.B, name string, ds []time.Duration) {
	slices.Sort(ds)
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, name+"-p50-ms")
	b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds())/1000, name+"-p99-ms")
}

// BenchmarkQueries times the explorer, exact search and similar search
// (the 10 most similar at radius 2, with and without the own game known)
// on 100 random positions of the corpus, indexed into $ARIMAA_CORPUS_DB
// (made when missing), and reports the median and the 99th percentile,
// the time the first similar search takes to read its index, and the
// explorer's median on the empty board (every game's first position, the
// one the window's explorer opens on).
func BenchmarkQueries(b *testing.B) {
	d := corpusDB(b)
	ctx := context.Background()
	ps, ids := queryPositions(b, d, 100)
	t0 := time.Now()
	for _, side := range []rules.Color{rules.Gold, rules.Silver} {
		if _, err := d.table(ctx, side, 2); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(t0).Milliseconds()), "similar-load-ms")
	for range b.N {
		var ex, fi, si, own []time.Duration
		for i, p := range ps {
			t := time.Now()
			if _, err := d.Explore(ctx, p, Filter{}); err != nil {
				b.Fatal(err)
			}
			ex = append(ex, time.Since(t))
			t = time.Now()
			if _, err := d.Find(ctx, p, Filter{}, 50); err != nil {
				b.Fatal(err)
			}
			fi = append(fi, time.Since(t))
			t = time.Now()
			if _, err := d.Similar(ctx, p, 2, 0, 10, Filter{}); err != nil {
				b.Fatal(err)
			}
			si = append(si, time.Since(t))
			t = time.Now()
			if _, err := d.Similar(ctx, p, 2, 0, 10, Filter{Own: ids[i]}); err != nil {
				b.Fatal(err)
			}
			own = append(own, time.Since(t))
		}
		var empty []time.Duration
		for range 5 {
			t := time.Now()
			if _, err := d.Explore(ctx, rules.NewGame().Position(), Filter{}); err != nil {
				b.Fatal(err)
			}
			empty = append(empty, time.Since(t))
		}
		slices.Sort(empty)
		b.ReportMetric(float64(empty[len(empty)/2].Microseconds())/1000, "explore-empty-board-ms")
		reportTimes(b, "explore", ex)
		reportTimes(b, "find", fi)
		reportTimes(b, "similar", si)
		reportTimes(b, "similar-own", own)
	}
}

// BenchmarkCommandLine times the command line itself, its start included:
// db explore, db find and db find --radius 2 on 100 random positions of
// the corpus database, each a new process of $ARIMAA_BIN.
func BenchmarkCommandLine(b *testing.B) {
	bin := os.Getenv("ARIMAA_BIN")
	if bin == "" {
		b.Skip("set ARIMAA_BIN to the built arimaa-workbench")
	}
	d := corpusDB(b)
	ps, _ := queryPositions(b, d, 100)
	dir := b.TempDir()
	var files []string
	for i, p := range ps {
		f := filepath.Join(dir, fmt.Sprintf("p%d.txt", i))
		if err := os.WriteFile(f, []byte(records.FormatCompact(p)+"\n"), 0o644); err != nil {
			b.Fatal(err)
		}
		files = append(files, f)
	}
	for range b.N {
		for _, q := range []struct {
			name string
			args []string
		}{{"cli-explore", []string{"explore"}}, {"cli-find", []string{"find"}}, {"cli-similar", []string{"find", "--radius", "2"}}} {
			var ds []time.Duration
			for _, f := range files {
				args := append(append([]string{"db"}, q.args...), "--db", d.Path(), f)
				t := time.Now()
				if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
					b.Fatalf("%v: %v\n%s", args, err, out)
				}
				ds = append(ds, time.Since(t))
			}
			reportTimes(b, q.name, ds)
		}
	}
}

// BenchmarkSimilarRecall measures what the signatures' preselection
// misses on the corpus: for 20 random positions at each radius, the share
// of the 10 hits that reach the similarity of the 10th most similar
// position of the whole database (found by comparing every position
// exactly); and the same over the queries alone whose 10th most similar
// position is alike at 0.25 or more, with their number. The misses lie
// in the others: a position of its own game alone, whose "most similar"
// share two or three pieces' piece data with it (0.05 to 0.2), which its
// signature cannot tell from the rest.
func BenchmarkSimilarRecall(b *testing.B) {
	d := corpusDB(b)
	for range b.N {
		for r := 0; r <= MaxRadius; r++ {
			recall, kth, alike, n := measureRecall(b, d, r, 20, 10, uint64(r), 0.25, false)
			b.ReportMetric(recall, fmt.Sprintf("recall@10-r%d", r))
			b.ReportMetric(kth, fmt.Sprintf("10th-similarity-r%d", r))
			b.ReportMetric(alike, fmt.Sprintf("recall@10-alike-r%d", r))
			b.ReportMetric(float64(n), fmt.Sprintf("queries-alike-r%d", r))
		}
	}
}
