package eval

import "testing"

// imbalanceOf is the imbalance term at weight w of the board, Gold to move.
func imbalanceOf(t *testing.T, board string, w int) [2]int {
	t.Helper()
	return termOf(t, board, "imbalance", func(s *Static) { s.Imbalance = w })
}

// TestImbalanceFigure works the term out by hand.
//
// Gold, the elephant on a1 and the camel on d4: the camel stands 7 on the
// file scale (elephant on the edge file, camel three files in) and 4 on
// the rank scale (elephant at home, camel on its fourth rank) from it, 11
// in all, a factor of 28; its base on the fourth rank, a centre file, is
// 110: 110·28·3/256 = 36. Its army's mix is one camel (shares 30 and 30,
// scale 32). Towards the a wing the elephant reaches 64 and the camel 44
// (three files): (30·64 + 30·44)/64 = 50, past the table: no cost. Towards
// the h wing, 4 and 28: (30·4 + 30·28)/64 = 15, a cost of 230, times
// 32/64: 115. In all 151.
//
// Silver, a lone elephant on d8 (mix 0: share 44, scale 32): towards the
// a wing 44·44/64 = 30, a cost of 5; towards the h wing 28·44/64 = 19, a
// cost of 140; (5 + 140)·32/64 = 72.
//
// At weight 750 the figures count as they are; at 100, 7.5 times less,
// rounded.
func TestImbalanceFigure(t *testing.T) {
	const board = "Ea1 Md4 ed8"
	if got, want := imbalanceOf(t, board, 750), [2]int{-151, -72}; got != want {
		t.Errorf("weight 750: %v, want %v", got, want)
	}
	if got, want := imbalanceOf(t, board, 100), [2]int{-20, -10}; got != want {
		t.Errorf("weight 100: %v, want %v", got, want)
	}
	if got := imbalanceOf(t, board, 0); got != [2]int{} {
		t.Errorf("weight 0: %v, want nothing", got)
	}
	if got := imbalanceOf(t, "Md4 Ha1 ed8", 100); got != [2]int{} {
		t.Errorf("without Gold's elephant: %v, want nothing", got)
	}
}

// TestImbalanceOrder: the cost is larger with the camel beside its
// elephant than far from it, with the strong pieces crowding one wing than
// spread over both, and with the enemy elephant barring the way to a
// wing on a piece's rank than standing aside; for Silver as for Gold.
func TestImbalanceOrder(t *testing.T) {
	gold := func(board string) int { return -imbalanceOf(t, board, 100)[0] }
	silver := func(board string) int { return -imbalanceOf(t, board, 100)[1] }
	ordered(t, gold, []orderCase{
		{"the camel beside the elephant", "Ed2 Me2 Hb2 Hg2 ee8", "Ea2 Mh6 Hb2 Hg2 ee8"},
		{"one wing crowded", "Eb2 Mb3 Hc2 Ha3 ee8", "Eb2 Mb3 Hg2 Hc3 ee8"},
		{"the way barred", "Ec2 Mh4 Hg2 He2 ee4", "Ec2 Mh4 Hg2 He2 ee7"},
	})
	ordered(t, silver, []orderCase{
		{"Silver's camel beside its elephant", "ed7 me7 hb7 hg7 Ee1", "ea7 mh3 hb7 hg7 Ee1"},
	})
	// Mirror images score alike.
	if a, b := mirrorPair(t, "Eb2 Mg5 Hc2 Dh1 ee6 md7 hf8", "imbalance", func(s *Static) { s.Imbalance = 100 }); a != b || a == [2]int{} {
		t.Errorf("mirror images: %v and %v", a, b)
	}
}
