package gamedb

import (
	"math/bits"
	"runtime"
	"sync"
)

// scanPart is the fewest positions a worker of a scan takes: below it,
// starting a goroutine costs more than it saves.
const scanPart = 1 << 16

// scanBlock is how many positions one maximum of a scan's first pass
// covers: the second pass looks again only at the blocks that hold a
// position past the cut, a few thousand of the table's.
const scanBlock = 256

// scan estimates the similarity to the query's signature q of every
// position of the table whose phase byte lies in [lo, hi], and returns
// the indices of the want best by that estimate, ascending; among those
// estimated alike at the cut, the first in the table's order. It reads
// the table's two flat arrays in parts, one a core: a first pass counts
// the estimates and notes the best of each block of scanBlock positions;
// the second estimates again only the positions of the blocks whose best
// reaches the cut.
func (t *simTable) scan(q sigWord, radius, lo, hi, want int) []int {
	n := len(t.phase)
	blocks := (n + scanBlock - 1) / scanBlock
	workers := max(1, min(runtime.GOMAXPROCS(0), n/scanPart))
	// A worker's part is whole blocks.
	bounds := func(w int) (int, int) { return blocks * w / workers, blocks * (w + 1) / workers }
	est := estimator{q: q, radius: radius, lo: uint8(lo), hi: uint8(hi), excess: excessTable(q)}
	hists := make([][256]int, workers)
	best := make([]uint8, blocks)
	inParallel(workers, func(w int) {
		a, b := bounds(w)
		var es [scanBlock]uint8
		h := &hists[w]
		for k := a; k < b; k++ {
			i, j := k*scanBlock, min(n, (k+1)*scanBlock)
			m := uint8(0)
			for _, v := range est.block(t.phase[i:j], t.sig[i:j], es[:j-i]) {
				h[v]++
				m = max(m, v)
			}
			best[k] = m
		}
	})
	var hist [256]int
	for w := range hists {
		for e, c := range hists[w] {
			hist[e] += c
		}
	}
	// The cut: every position estimated above it is kept, and as many
	// estimated at it, in the table's order, as make want.
	cut, kept := 255, 0
	for ; cut > 1 && kept+hist[cut] < want; cut-- {
		kept += hist[cut]
	}
	ties := make([]int, workers)
	left := max(0, want-kept)
	for w := range ties {
		ties[w] = min(hists[w][cut], left)
		left -= ties[w]
	}
	parts := make([][]int, workers)
	inParallel(workers, func(w int) {
		a, b := bounds(w)
		var out []int
		var es [scanBlock]uint8
		for k := a; k < b; k++ {
			if int(best[k]) < cut || best[k] == 0 {
				continue
			}
			i, j := k*scanBlock, min(n, (k+1)*scanBlock)
			for x, e := range est.block(t.phase[i:j], t.sig[i:j], es[:j-i]) {
				switch {
				case int(e) > cut:
					out = append(out, i+x)
				case int(e) == cut && ties[w] > 0:
					out = append(out, i+x)
					ties[w]--
				}
			}
		}
		parts[w] = out
	})
	var out []int
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// estimator estimates positions' similarity to a query from their
// signatures: in 1 to 255, 0 for a position whose phase byte lies
// outside [lo, hi].
type estimator struct {
	q      sigWord
	radius int
	lo, hi uint8
	excess *[SigBits + 1][SigBits + 1]uint8
}

// block writes the estimates of the positions of phases ph and
// signatures sig (as long) into out (as long) and returns it.
func (est *estimator) block(ph []uint8, sig []sigWord, out []uint8) []uint8 {
	sig, out = sig[:len(ph)], out[:len(ph)]
	q, lo, hi, ex := est.q, est.lo, est.hi, est.excess
	if est.radius == 0 {
		for i, p := range ph {
			out[i] = 0
			if p >= lo && p <= hi {
				out[i] = similarity0(sig[i], q)
			}
		}
		return out
	}
	for i, p := range ph {
		s := sig[i]
		e := ex[bits.OnesCount32(s&q)][bits.OnesCount32(s)]
		if p < lo || p > hi {
			e = 0
		}
		out[i] = e
	}
	return out
}

// inParallel runs fn(0) to fn(n-1), each on a goroutine of its own, and
// waits for them.
func inParallel(n int, fn func(int)) {
	if n == 1 {
		fn(0)
		return
	}
	var wg sync.WaitGroup
	for w := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(w)
		}()
	}
	wg.Wait()
}
