package records

import (
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// genArchive is an io.Reader producing an archive of n games on the fly,
// so a test can read a huge archive without it ever existing in memory.
type genArchive struct {
	n, next int
	row     []string // the row's fields; the id is replaced per game
	buf     []byte
}

func newGenArchive(t testing.TB, n int) *genArchive {
	seed := readTestdata(t, "thesis_example.txt")
	row := make([]string, len(archiveFields))
	for i, name := range archiveFields {
		switch name {
		case "wusername":
			row[i] = "ann"
		case "busername":
			row[i] = "bob"
		case "wrating", "brating":
			row[i] = "1500"
		case "startts", "endts":
			row[i] = "1700000000"
		case "timecontrol":
			row[i] = "15s/2m30s/100"
		case "rated", "postal", "corrupt":
			row[i] = "0"
		case "plycount":
			row[i] = "13"
		case "movelist":
			row[i] = movelist(seed)
		case "events":
			row[i] = `1700000000 w joined\n1700000001 b joined`
		}
	}
	g := &genArchive{n: n, row: row}
	g.buf = append(g.buf, strings.Join(archiveFields[:], "\t")+"\n"...)
	return g
}

func (g *genArchive) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		if g.next == g.n {
			return 0, io.EOF
		}
		g.next++
		g.row[0] = strconv.Itoa(g.next)
		for i, f := range g.row {
			if i > 0 {
				g.buf = append(g.buf, '\t')
			}
			g.buf = append(g.buf, f...)
		}
		g.buf = append(g.buf, '\n')
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	if len(g.buf) == 0 {
		g.buf = g.buf[:0:cap(g.buf)]
	}
	return n, nil
}

func TestArchiveStreamsInBoundedMemory(t *testing.T) {
	n := 300000
	if testing.Short() {
		n = 20000
	}
	ar := NewArchiveReader(newGenArchive(t, n), "generated.tsv")
	var ms runtime.MemStats
	var peak uint64
	count := 0
	for {
		g, err := ar.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		count++
		if g.ID != strconv.Itoa(count) {
			t.Fatalf("game %d has id %s", count, g.ID)
		}
		if count%1000 == 0 {
			// Every thousandth game is also parsed, and the heap sampled.
			if _, err := g.Record(); err != nil {
				t.Fatal(err)
			}
		}
		if count%20000 == 0 {
			// Collected first, so that what is measured is what the reader
			// keeps alive: garbage not yet swept grows with the machine's
			// load (the collector falls behind), not with the reader.
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
	}
	if count != n {
		t.Fatalf("read %d games, want %d", count, n)
	}
	t.Logf("%d games, peak live heap %.1f MB", count, float64(peak)/(1<<20))
	if peak > 16<<20 {
		t.Errorf("peak live heap %.1f MB: the reader is holding the archive", float64(peak)/(1<<20))
	}
}
