package eval

import (
	"testing"

	"arimaa-workbench/engine/rules"
)

// fuzzPosition builds a position from bytes: the first gives the side to
// move and how many random steps to play, then each pair is a square and a
// piece. It reports false for positions the rules call invalid.
func fuzzPosition(data []byte) (rules.Position, bool) {
	if len(data) < 1 {
		return rules.Position{}, false
	}
	var b [64]rules.Piece
	for i := 1; i+1 < len(data); i += 2 {
		b[data[i]%64] = rules.MakePiece(rules.Color(data[i+1]&1), rules.PieceType(1+(data[i+1]>>1)%6))
	}
	p := rules.NewPosition(rules.Color(data[0]&1), 10, b)
	if len(p.Validate()) > 0 {
		return p, false
	}
	// Play a few steps so that mid-turn states (pulls, pushes) occur.
	var buf []rules.Step
	for k := 0; k < int(data[0]>>1)%4; k++ {
		buf = p.Steps(buf[:0])
		if len(buf) == 0 {
			break
		}
		p = p.Play(buf[int(data[len(data)-1-k%len(data)])%len(buf)])
	}
	return p, true
}

func FuzzChecksAgainstMoveGen(f *testing.F) {
	f.Add([]byte{0, 50, 0, 59, 7, 60, 10})
	f.Add([]byte{2, 51, 0, 42, 9, 43, 2, 44, 10, 27, 3})
	f.Add([]byte{1, 12, 1, 21, 8, 3, 11})
	var g rules.MoveGen
	f.Fuzz(func(t *testing.T, data []byte) {
		p, ok := fuzzPosition(data)
		if !ok {
			return
		}
		compareGoal(t, &g, p, "fuzzed position")
		wantT := bruteTraps(&g, p)
		gotT := map[rules.Square]int{}
		for _, th := range TrapCheck(&p) {
			gotT[th.Square] = int(th.Move.N)
			checkThreat(t, p, th)
		}
		if len(gotT) != len(wantT) {
			t.Fatalf("%s: TrapCheck %v, brute force %v", p.AEIString(), sortedKV(gotT), sortedKV(wantT))
		}
		for sq, n := range wantT {
			if gotT[sq] != n {
				t.Fatalf("%s: TrapCheck %v, brute force %v", p.AEIString(), sortedKV(gotT), sortedKV(wantT))
			}
		}
	})
}
