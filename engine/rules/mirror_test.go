package rules

import (
	"math/rand/v2"
	"testing"
)

func TestMirrorNotation(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Ee2n", "Ed2n"},
		{"Rb3e", "Rg3w"},
		{"ch6w", "ca6e"},
		{"Md4s", "Me4s"},
		{"Ee2n Ee3e Ef3e Eg3n", "Ed2n Ed3w Ec3w Eb3n"},
		{"Dc4n rc6s rc5s Dc5n", "Df4n rf6s rf5s Df5n"},
		{"Hc4e Hd4n rc3x", "Hf4w He4n rf3x"},
	} {
		w, err := ParseMove(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := w.Mirror().String(); got != c.want {
			t.Errorf("%s mirrored is %s, want %s", c.in, got, c.want)
		}
		if got := w.Mirror().Mirror().String(); got != c.in {
			t.Errorf("%s mirrored twice is %s", c.in, got)
		}
	}
	for _, s := range []Step{Pass, NoStep} {
		if s.Mirror() != s {
			t.Errorf("%v mirrored is %v", s, s.Mirror())
		}
	}
	if got := (Placement{GoldRabbit, NewSquare(0, 0)}).Mirror(); got.Square != NewSquare(7, 0) || got.Piece != GoldRabbit {
		t.Errorf("Ra1 mirrored is %v", got)
	}
}

// TestMirrorPlay: in positions of random play, the mirror image has the
// mirrored steps, and a step then the mirror is the mirror then the
// mirrored step, captures included. The positions are turn starts: a
// mirror image starts its turn.
func TestMirrorPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	p := mk(t, Gold, "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2 "+
		"ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 md7 ee7 cf7 dg7 hh7")
	for range 400 {
		m := p.Mirror()
		if mm := m.Mirror(); mm.TurnHash() != p.TurnHash() || mm.Side() != p.Side() || mm.Turn() != p.Turn() {
			t.Fatal("a position mirrored twice is not itself")
		}
		for sq := Square(0); sq < 64; sq++ {
			if m.At(sq.Mirror()) != p.At(sq) {
				t.Fatalf("%v: %v, its mirror square %v", sq, p.At(sq), m.At(sq.Mirror()))
			}
		}
		want := map[string]bool{}
		for _, s := range p.Steps(nil) {
			want[s.Mirror().String()] = true
		}
		if got := stepSet(m); sortedKeys(got) != sortedKeys(want) {
			t.Fatalf("steps of the mirror image:\n%s\nwant\n%s", sortedKeys(got), sortedKeys(want))
		}
		ss := p.Steps(nil)
		if len(ss) == 0 {
			break
		}
		s := ss[rng.IntN(len(ss))]
		after, c1 := p.PlayCapture(s)
		mafter, c2 := m.PlayCapture(s.Mirror())
		if (c1.Piece != Empty) != (c2.Piece != Empty) || (c1.Piece != Empty && c2.Square != c1.Square.Mirror()) {
			t.Fatalf("%v captures %v, its mirror %v", s, c1, c2)
		}
		if !after.CanEndTurn() || after.PushPending() {
			continue // p stays at the start of a turn
		}
		after, mafter = after.EndTurn(), mafter.EndTurn()
		mirrored := after.Mirror()
		if mirrored.TurnHash() != mafter.TurnHash() {
			t.Fatal("the mirror of the position after a step is not the mirror image's after the mirrored step")
		}
		p = after
	}
}
