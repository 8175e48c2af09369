package gamedb

import (
	"arimaa-workbench/engine/rules"
)

// MaxRadius is the largest radius of piece data the database indexes:
// the reach of one turn's steps.
const MaxRadius = 3

// SigBits is the width of a position's signature at one radius: a set of
// bits, one for each piece's piece data (see Similar positions in the
// package doc).
const SigBits = 1 << sigBitsLog

// sigBitsLog is log2(SigBits): a hash's top sigBitsLog bits pick its bit.
const sigBitsLog = 5

// sigWord holds a signature in memory.
type sigWord = uint32

// A signature fits its word.
var _ [32 - SigBits]struct{}

// sigBytes is a signature at one radius in bytes.
const sigBytes = SigBits / 8

// appendSig appends a signature, little-endian.
func appendSig(b []byte, s uint64) []byte {
	for i := range sigBytes {
		b = append(b, byte(s>>(8*i)))
	}
	return b
}

// pieceData is one piece's piece data (Ahmed 2017, ch. 2.1) up to
// MaxRadius: the header (owned by the side to move, edges it stands on,
// on a trap) and, for each distance 1 to MaxRadius, the counts of
// stronger, equal and weaker friends and enemies, of board edges in a
// straight line and of traps at exactly that distance.
type pieceData struct {
	header [3]uint8
	chunk  [MaxRadius][8]uint8
}

// hash is the piece data up to radius r as 64 bits.
func (pd *pieceData) hash(r int) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	mix := func(v uint64) { h = (h ^ v) * 0xbf58476d1ce4e5b9; h ^= h >> 31 }
	mix(uint64(pd.header[0]) | uint64(pd.header[1])<<8 | uint64(pd.header[2])<<16 | uint64(r)<<24)
	for d := 0; d < r; d++ {
		c := &pd.chunk[d]
		mix(uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16 | uint64(c[3])<<24 |
			uint64(c[4])<<32 | uint64(c[5])<<40 | uint64(c[6])<<48 | uint64(c[7])<<56)
	}
	return h
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pieceDataOf fills out with the piece data of every piece of p, seen from
// the side to move, and returns how many pieces there are.
func pieceDataOf(p *rules.Position, out *[32]pieceData) int {
	var sq [32]rules.Square
	var pc [32]rules.Piece
	n := 0
	occ := p.Occupied()
	for occ != 0 && n < 32 {
		s := occ.First()
		occ &= occ - 1
		sq[n], pc[n] = s, p.At(s)
		n++
	}
	mover := p.Side()
	for i := 0; i < n; i++ {
		pd := &out[i]
		*pd = pieceData{}
		f, r := sq[i].File(), sq[i].Rank()
		if pc[i].Color() == mover {
			pd.header[0] = 1
		}
		edges := [4]int{f, 7 - f, r, 7 - r}
		for _, e := range edges {
			if e == 0 {
				pd.header[1]++
			} else if e <= MaxRadius {
				pd.chunk[e-1][6]++
			}
		}
		if sq[i].IsTrap() {
			pd.header[2] = 1
		}
		for t := rules.Traps; t != 0; t &= t - 1 {
			ts := t.First()
			if d := abs(ts.File()-f) + abs(ts.Rank()-r); d >= 1 && d <= MaxRadius {
				pd.chunk[d-1][7]++
			}
		}
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			d := abs(sq[i].File()-sq[j].File()) + abs(sq[i].Rank()-sq[j].Rank())
			if d > MaxRadius {
				continue
			}
			out[i].chunk[d-1][relation(pc[i], pc[j])]++
			out[j].chunk[d-1][relation(pc[j], pc[i])]++
		}
	}
	return n
}

// relation is the count other adds to the piece data of me: 0-2 stronger,
// equal, weaker friend; 3-5 the same for an enemy.
func relation(me, other rules.Piece) int {
	k := 0
	if other.Color() != me.Color() {
		k = 3
	}
	switch {
	case other.Type() > me.Type():
		return k
	case other.Type() == me.Type():
		return k + 1
	}
	return k + 2
}

// pieceHashes are a position's piece data hashes at radius r, sorted, as a
// multiset.
func pieceHashes(p *rules.Position, r int, buf []uint64) []uint64 {
	var pd [32]pieceData
	n := pieceDataOf(p, &pd)
	buf = buf[:0]
	for i := 0; i < n; i++ {
		buf = append(buf, pd[i].hash(r))
	}
	sortU64(buf)
	return buf
}

func sortU64(a []uint64) {
	for i := 1; i < len(a); i++ { // at most 32 elements
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Similarity is the weighted Jaccard index of two sorted multisets of
// piece data hashes: the pieces that match over the pieces of both.
func similarity(a, b []uint64) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	common, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			common++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return float64(common) / float64(len(a)+len(b)-common)
}

// signatures are the signatures of p at each radius: the multiset of its
// piece data hashes as a set of SigBits bits, each element (the k-th copy
// of a repeated piece data hashed apart) setting the bit its hash picks.
// Two positions' shares of common bits over the bits of both estimate the
// weighted Jaccard index of their piece data; elements of the two that
// differ but pick the same bit make the estimate a little high.
//
// At radius 0 the signature is exact instead: piece data at radius 0 take
// only eight values (the side, and inside the board, on a trap, on an
// edge or in a corner), so their counts in 32 bits (histogram0) are the
// multiset itself.
func signatures(p *rules.Position) [MaxRadius + 1]uint64 {
	var pd [32]pieceData
	n := pieceDataOf(p, &pd)
	var sig [MaxRadius + 1]uint64
	sig[0] = histogram0(pd[:n])
	var hs [32]uint64
	for r := 1; r <= MaxRadius; r++ {
		for i := 0; i < n; i++ {
			hs[i] = pd[i].hash(r)
		}
		sortU64(hs[:n])
		for i := 0; i < n; i++ {
			copyNo := uint64(0)
			for j := i - 1; j >= 0 && hs[j] == hs[i]; j-- {
				copyNo++
			}
			e := (hs[i] ^ copyNo*0x94d049bb133111eb) * 0xbf58476d1ce4e5b9
			sig[r] |= 1 << (e >> (64 - sigBitsLog))
		}
	}
	return sig
}

// The bins of histogram0: the offset and width in bits of each count,
// for the side to move's pieces and, 16 bits on, the other side's.
var bins0 = [4]struct{ shift, width uint }{
	{0, 5},  // inside the board, not on a trap: 0 to 16
	{5, 3},  // on a trap: 0 to 4
	{8, 5},  // on one edge: 0 to 16
	{13, 3}, // in a corner: 0 to 4
}

// histogram0 counts the pieces' piece data at radius 0 in their bins.
func histogram0(pd []pieceData) uint64 {
	var h uint64
	for i := range pd {
		bin := 0
		switch {
		case pd[i].header[1] > 0:
			bin = 1 + int(pd[i].header[1]) // one edge: 2, a corner: 3
		case pd[i].header[2] > 0:
			bin = 1
		}
		off := bins0[bin].shift
		if pd[i].header[0] == 0 {
			off += 16
		}
		h += 1 << off
	}
	return h
}

// similarity0 is the similarity at radius 0 of two positions' histogram0
// counts, in 1/255 steps: the pieces in common bins over the pieces of
// both.
func similarity0(a, b sigWord) uint8 {
	common, total := 0, 0
	for half := uint(0); half < 32; half += 16 {
		for _, bin := range bins0 {
			mask := sigWord(1)<<bin.width - 1
			x, y := int(a>>(bin.shift+half)&mask), int(b>>(bin.shift+half)&mask)
			common += min(x, y)
			total += max(x, y)
		}
	}
	if total == 0 {
		return 255
	}
	return uint8(common * 255 / total)
}
