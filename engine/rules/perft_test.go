package rules

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

type perftCase struct {
	pos          Position
	unique, step int
}

func loadPerft(tb testing.TB) []perftCase {
	tb.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 3 {
			tb.Fatalf("perft.txt:%d: want 3 tab-separated fields", line)
		}
		p, err := ParseAEIPosition(fields[0])
		if err != nil {
			tb.Fatalf("perft.txt:%d: %v", line, err)
		}
		u, _ := strconv.Atoi(fields[1])
		s, _ := strconv.Atoi(fields[2])
		out = append(out, perftCase{p, u, s})
	}
	return out
}

func TestPerft(t *testing.T) {
	var g MoveGen
	for _, c := range loadPerft(t) {
		before := c.pos
		if n := g.Count(c.pos); n != c.unique {
			t.Errorf("%s: %d unique moves, want %d", c.pos.AEIString(), n, c.unique)
		}
		if n := len(c.pos.Steps(nil)); n != c.step {
			t.Errorf("%s: %d steps, want %d", c.pos.AEIString(), n, c.step)
		}
		if before != c.pos {
			t.Errorf("counting changed the position")
		}
	}
}

// BenchmarkUniqueMoves reports resulting positions per second over the
// middle-game positions of testdata/perft.txt.
func BenchmarkUniqueMoves(b *testing.B) {
	cases := loadPerft(b)[1:]
	var g MoveGen
	total := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := cases[i%len(cases)]
		total += g.Count(c.pos)
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "positions/s")
}

func BenchmarkUniqueMovesStart(b *testing.B) {
	p := StartPosition()
	var g MoveGen
	total := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		total += g.Count(p)
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkSteps reports legal steps generated per second.
func BenchmarkSteps(b *testing.B) {
	cases := loadPerft(b)
	buf := make([]Step, 0, 128)
	total := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = cases[i%len(cases)].pos.Steps(buf[:0])
		total += len(buf)
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "steps/s")
}

// BenchmarkPlay reports steps played (with capture checks) per second.
func BenchmarkPlay(b *testing.B) {
	cases := loadPerft(b)
	type sp struct {
		p Position
		s Step
	}
	var work []sp
	for _, c := range cases {
		for _, s := range c.pos.Steps(nil) {
			work = append(work, sp{c.pos, s})
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	var sink Position
	for i := 0; i < b.N; i++ {
		w := &work[i%len(work)]
		sink = w.p.Play(w.s)
	}
	_ = sink
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
}
