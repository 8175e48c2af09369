package rules

import (
	"math/rand/v2"
	"testing"
)

// TestHashOfStepOrders: two orders of the same steps reach the same state,
// and Hash says so, unless the last step leaves a pull open that the other
// order does not.
func TestHashOfStepOrders(t *testing.T) {
	tests := []struct {
		name, pieces, a, b string
		same               bool
	}{
		{"no enemy near", "Ea2 Mh2 rh8", "Ea2n Mh2n", "Mh2n Ea2n", true},
		{"no weaker enemy near the square left", "Ca2 Rb2 Mh2 ea1", "Ca2n Mh2n", "Mh2n Ca2n", true},
		{"a pull open after one order only", "Ea2 Mh2 rb2", "Mh2n Ea2n", "Ea2n Mh2n", false},
		{"the turn's last step leaves nothing open", "Ea2 Mh2 Dd2 Hd4 rb2", "Dd2e Hd4e Mh2n Ea2n", "Dd2e Hd4e Ea2n Mh2n", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mk(t, Gold, tc.pieces)
			a, b := play(t, p, tc.a), play(t, p, tc.b)
			if a.BoardHash() != b.BoardHash() {
				t.Fatalf("the two orders reach different boards")
			}
			if got := a.Hash() == b.Hash(); got != tc.same {
				t.Errorf("Hash equal = %v, want %v", got, tc.same)
			}
		})
	}
}

// TestEqualHashSameSteps: along random games, every state whose Hash
// equals another's (found by replaying the same steps in another legal
// order) has the same legal steps and the same right to end the turn;
// and a state is never hashed like the state with no pull under way
// unless their steps are the same.
func TestEqualHashSameSteps(t *testing.T) {
	checked := 0
	randomWalk(rand.New(rand.NewPCG(7, 8)), 40, 160, func(_ Position, _ Step, p Position) {
		if p.pullType == NoType || p.pushType != NoType {
			return
		}
		closed := p
		closed.pullType = NoType
		if p.Hash() == closed.Hash() {
			checked++
			if got, want := sortedKeys(stepSet(p)), sortedKeys(stepSet(closed)); got != want {
				t.Fatalf("%s: steps %s with the pull, %s without, same hash", p.AEIString(), got, want)
			}
		}
	})
	if checked == 0 {
		t.Fatal("no state with a closed pull was met")
	}
}

// TestCommutesAgainstReplay: along random games, whenever Commutes says a
// step and the one before it commute, the two played the other way round
// are legal and reach a state with the same Hash; and it does say so for
// a good share of the pairs, so that the pruning it allows is worth it.
func TestCommutesAgainstReplay(t *testing.T) {
	pairs, commuting := 0, 0
	randomWalk(rand.New(rand.NewPCG(9, 10)), 60, 200, func(before Position, prev Step, p Position) {
		for _, s := range p.Steps(nil) {
			pairs++
			if !p.Commutes(prev, s) {
				continue
			}
			commuting++
			want := p.Play(s)
			if !before.Legal(s) {
				t.Fatalf("%s then %s: said to commute, but %s is illegal first (%s)", prev, s, s, before.AEIString())
			}
			first := before.Play(s)
			if !first.Legal(prev) {
				t.Fatalf("%s then %s: said to commute, but %s is illegal second (%s)", prev, s, prev, before.AEIString())
			}
			if got := first.Play(prev); got.Hash() != want.Hash() || got.Board() != want.Board() {
				t.Fatalf("%s then %s: said to commute, but the other order reaches another state (%s)", prev, s, before.AEIString())
			}
		}
	})
	t.Logf("%d of %d step pairs commute", commuting, pairs)
	if commuting*5 < pairs {
		t.Errorf("only %d of %d step pairs commute", commuting, pairs)
	}
}
