package rules

// Zobrist keys, drawn once from a fixed-seed generator so that hashes are
// the same in every run (tests and saved analyses rely on that).
var (
	zPiece [16][64]uint64
	zPush  [7][64]uint64
	zPull  [7][64]uint64
	zSteps [8]uint64
	zSide  uint64
)

func init() {
	state := uint64(0x5eed_a71a_aa00_0001)
	next := func() uint64 { // splitmix64
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for p := range zPiece {
		for s := range zPiece[p] {
			zPiece[p][s] = next()
		}
	}
	for t := range zPush {
		for s := range zPush[t] {
			zPush[t][s] = next()
			zPull[t][s] = next()
		}
	}
	for i := range zSteps {
		zSteps[i] = next()
	}
	zSteps[0] = 0
	zSide = next()
}
