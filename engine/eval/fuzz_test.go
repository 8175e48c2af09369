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

// FuzzEvaluateEveryTerm evaluates fuzzed positions (any number of pieces
// of a type, as the editor allows) with every term on, bot_sharp's parts
// included: no panic, the breakdown adds up to the evaluation, and the
// board's mirror image scores the same.
func FuzzEvaluateEveryTerm(f *testing.F) {
	f.Add([]byte{0, 17, 11, 18, 10, 9, 1, 52, 3, 44, 9})
	f.Add([]byte{1, 41, 10, 49, 3, 42, 1, 21, 11, 20, 2, 13, 1})
	f.Add([]byte{2, 9, 9, 10, 11, 17, 10, 46, 8, 54, 9, 37, 3, 62, 1})
	w := fixedWeights()
	s := &w.Eval
	s.Placement, s.Imbalance, s.Hostages, s.PieceThreat, s.TrapAttack = 100, 100, 100, 300, 154
	e := New(w)
	f.Fuzz(func(t *testing.T, data []byte) {
		p, ok := fuzzPosition(data)
		if !ok {
			return
		}
		v := e.Evaluate(&p)
		if b := e.Breakdown(&p); b.Score != v {
			t.Fatalf("%s: breakdown %d, evaluation %d", p.AEIString(), b.Score, v)
		}
		m := p.Mirror()
		if mv := e.Evaluate(&m); mv != v {
			t.Fatalf("%s: %d, its mirror image %d", p.AEIString(), v, mv)
		}
	})
}
