package gamedb

import (
	"cmp"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestScan: the parallel scan keeps what one pass in order keeps: the
// want positions best by their estimate, the first in the table's order
// among those alike at the cut, none that the phase bounds leave out,
// whatever the number of parts.
func TestScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 3*scanPart + 17
	tab := &simTable{phase: make([]uint8, n), sig: make([]sigWord, n)}
	for i := range n {
		tab.phase[i] = uint8(rng.IntN(256))
		// Few distinct signatures, so that many positions tie.
		tab.sig[i] = sigWord(rng.Uint32()) & 0x0f0f00ff
	}
	q := sigWord(0x0a0b00f3)
	for _, c := range []struct{ radius, lo, hi, want int }{
		{2, 0, 255, 4000},
		{2, 50, 120, 700},
		{1, 0, 255, 1},
		{0, 0, 255, 5000},
		{3, 10, 20, n}, // more than the bounds keep: every one they keep
	} {
		got := tab.scan(q, c.radius, c.lo, c.hi, c.want)
		want := scanInOrder(tab, q, c.radius, c.lo, c.hi, c.want)
		if !slices.Equal(got, want) {
			t.Errorf("radius %d, phases %d-%d, want %d: %d positions kept, %d by one pass in order (first difference at %d)",
				c.radius, c.lo, c.hi, c.want, len(got), len(want), firstDiff(got, want))
		}
	}
}

// scanInOrder is the scan done plainly: every position's estimate, the
// best want of them (the earlier first among equals), ascending.
func scanInOrder(tab *simTable, q sigWord, radius, lo, hi, want int) []int {
	ex := excessTable(q)
	type est struct{ i, e int }
	var all []est
	for i, ph := range tab.phase {
		if int(ph) < lo || int(ph) > hi {
			continue
		}
		s := tab.sig[i]
		e := int(ex[bits.OnesCount32(s&q)][bits.OnesCount32(s)])
		if radius == 0 {
			e = int(similarity0(s, q))
		}
		if e > 0 {
			all = append(all, est{i, e})
		}
	}
	slices.SortStableFunc(all, func(a, b est) int { return cmp.Compare(b.e, a.e) })
	var out []int
	for _, a := range all[:min(want, len(all))] {
		out = append(out, a.i)
	}
	slices.Sort(out)
	return out
}

func firstDiff(a, b []int) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// BenchmarkScan scans a table of ten million positions (the positions
// of a side at 300,000 games) for the 4,000 best estimates at radius 2,
// and reports the nanoseconds a position.
func BenchmarkScan(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 10_000_000
	tab := &simTable{phase: make([]uint8, n), sig: make([]sigWord, n)}
	for i := range n {
		tab.phase[i] = uint8(rng.IntN(256))
		tab.sig[i] = sigWord(rng.Uint32() & rng.Uint32() & rng.Uint32())
	}
	b.ResetTimer()
	for range b.N {
		tab.scan(0x1234567f, 2, 0, 255, 4000)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/position")
}
