package eval

import "testing"

// TestBlockadeBesideTrap: Gold's elephant on f7, walled in by Silver's
// pieces, with only the empty trap f6 beside it, which none of its own
// pieces guards: stepping there loses it, so the blockade is complete.
// With a Gold rabbit on f5 guarding the trap the elephant has a way out.
// eval.elephant_blockade_square adds the figure of f7 for Silver (its
// second rank, a file two from the edge: 3,600 of bot_sharp's units, 480
// points at 100).
func TestBlockadeBesideTrap(t *testing.T) {
	const wall = "Ef7 ce7 cg7 rf8 re8 rg8 rd7 rh7 de6 dg6 ed1 Ra1"
	set := func(square int) func(*Static) {
		return func(s *Static) { s.ElephantBlockade, s.BlockadeSquare = 300, square }
	}
	for _, tc := range []struct {
		name, board string
		square      int
		want        [2]int
	}{
		{"walled in beside an unguarded trap", wall, 0, [2]int{0, 300}},
		{"the trap guarded", wall + " Rf5", 0, [2]int{0, 0}},
		{"by square", wall, 100, [2]int{0, 300 + 480}},
	} {
		if got := termOf(t, tc.board, "elephant blockade", set(tc.square)); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
