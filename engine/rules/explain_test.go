package rules

import "testing"

// TestWhyStuck: each reason a piece cannot move is named for what it is,
// whatever its neighbouring squares hold.
func TestWhyStuck(t *testing.T) {
	cases := []struct {
		name   string
		side   Color
		pieces string
		played string
		sq     string
		want   string
	}{
		{"a piece that can step", Gold, "Cd4 rh8", "", "d4", ""},
		{"empty square", Gold, "Cd4 rh8", "", "e4", "there is no piece on e4"},
		// The case: a frozen rabbit whose first neighbour is taken
		// was said to be blocked by that square.
		{"frozen, not occupied", Gold, "Ra4 ha5 rh8", "", "a4", "frozen by the horse on a5"},
		{"frozen by two", Gold, "Dd4 hd5 me4 rh8", "", "d4", "frozen by the camel on e4 and the horse on d5"},
		{"no empty neighbour", Gold, "Dd4 Rd5 Re4 Rc4 Rd3 rh8", "", "d4", "no empty square next to it"},
		{"rabbit with only the square behind free", Gold, "Rd4 Cd5 Ce4 Cc4 rh8", "", "d4",
			"a rabbit may not step backwards, and the other squares next to it are taken"},
		{"silver rabbit forward is south", Silver, "rd5 cd4 ce5 cc5 Ra1", "", "d5",
			"a rabbit may not step backwards, and the other squares next to it are taken"},
		{"enemy piece with no stronger neighbour", Gold, "Cd4 dd5 Ra1", "", "d5",
			"it is silver's, and no stronger gold piece is next to it to push or pull it"},
		{"enemy piece whose stronger neighbour is frozen", Gold, "Hd4 dd5 ed3 Ra8", "", "d5",
			"it is silver's, and the horse on d4 next to it is frozen"},
		{"enemy piece, one step left", Gold, "Ed4 rd5 Ra1", "Ra1n Ra2n Ra3n", "d5",
			"it is silver's, and a push takes two steps but only one is left"},
		{"enemy piece boxed in", Gold, "Ed4 rd5 Rc5 Re5 Rd6 Ra1", "", "d5",
			"it is silver's, and no square next to it is empty to push it into (to pull it, step the elephant on d4 away first)"},
		{"push to finish", Gold, "Ed4 rd5 Ra1", "rd5n", "a1",
			"a push must be finished first: a stronger gold piece must step into d5"},
		{"no steps left", Gold, "Ed4 rh8", "Ed4n Ed5n Ed6n Ed7n", "d8", "the turn has no steps left"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := play(t, mk(t, c.side, c.pieces), c.played)
			sq, err := ParseSquare(c.sq)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.WhyStuck(sq); got != c.want {
				t.Errorf("WhyStuck(%s)\n got: %q\nwant: %q", c.sq, got, c.want)
			}
		})
	}
}

// TestStepErrorNamesFreezer: a frozen piece's illegal step says what
// freezes it.
func TestStepErrorNamesFreezer(t *testing.T) {
	p := mk(t, Gold, "Ra4 ha5 rh8")
	_, _, err := p.PlayChecked(steps(t, "Ra4e")[0])
	if err == nil || err.Error() != "step Ra4e: R on a4 is frozen by the horse on a5" {
		t.Errorf("got %v", err)
	}
}
