package eval

import "testing"

// placeOf is the placement term at weight w of the board, Gold to move.
func placeOf(t *testing.T, board string, w int) [2]int {
	t.Helper()
	return termOf(t, board, "placement", func(s *Static) { s.Placement = w })
}

// TestPlacementFigure works the term out by hand. Gold: the elephant on d5
// (no stronger enemy, fifth rank, a centre file: 35) and a rabbit on a2
// (second rank, edge file: 2; the enemy's army counts 2·1 + 1 = 3, the
// first row of the advance table: 9). Silver: the elephant in its corner
// a8 (its home rank, edge file: -450) and a rabbit on h7 (its second
// rank, 2 + 9). At weight 300 the figures count as they are; at 100 a
// third of them, rounded.
func TestPlacementFigure(t *testing.T) {
	const board = "Ed5 Ra2 ea8 rh7"
	if got, want := placeOf(t, board, 300), [2]int{35 + 2 + 9, -450 + 2 + 9}; got != want {
		t.Errorf("weight 300: %v, want %v", got, want)
	}
	if got, want := placeOf(t, board, 100), [2]int{15, -146}; got != want {
		t.Errorf("weight 100: %v, want %v", got, want)
	}
	if got := placeOf(t, board, 0); got != [2]int{} {
		t.Errorf("weight 0: %v, want nothing", got)
	}
}

// TestPlacementOrder: the elephant in the centre rather than the corner,
// a horse forward on a wing rather than at home, a rabbit on a wing
// rather than a centre file, and rabbits forward worth more against a
// thinned army than against a whole one; the same for Silver.
func TestPlacementOrder(t *testing.T) {
	gold := func(board string) int { return placeOf(t, board, 100)[0] }
	silver := func(board string) int { return placeOf(t, board, 100)[1] }
	const army = "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7"
	ordered(t, gold, []orderCase{
		{"the elephant central", "Ee5 Ra1 ea8 ra7", "Ea1 Rb1 ea8 ra7"},
		{"a horse on the enemy's trap rank wing", "Hb6 Ee2 Ra1 " + army, "Hb1 Ee2 Ra1 " + army},
		{"a rabbit on a wing", "Ra4 Ee2 " + army, "Rd4 Ee2 " + army},
		{"a rabbit forward against two pieces", "Rb6 Ee2 ea8 rh8", "Rb6 Ee2 " + army},
	})
	ordered(t, silver, []orderCase{
		{"Silver's elephant central", "ed4 ra8 Eh1 Ra2", "eh8 ra8 Eh1 Ra2"},
	})
	// Mirror images score alike.
	if a, b := mirrorPair(t, "Ee5 Hb6 Rc3 ea8 md2 rg6", "placement", func(s *Static) { s.Placement = 100 }); a != b {
		t.Errorf("mirror images: %v and %v", a, b)
	}
}
