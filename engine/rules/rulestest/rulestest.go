// Package rulestest builds positions for tests from board diagrams and
// plays moves in notation, so that the packages above the rules core
// write their test positions and moves one way.
package rulestest

import (
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

// Board builds a position from eight rank strings, rank 8 first, with '.'
// for an empty square, on turn 10.
func Board(t testing.TB, side rules.Color, ranks ...string) rules.Position {
	t.Helper()
	if len(ranks) != 8 {
		t.Fatalf("board needs 8 ranks, got %d", len(ranks))
	}
	s := string(side.AEILetter()) + " [" + strings.Join(ranks, "") + "]"
	p, err := rules.ParseAEIPosition(strings.ReplaceAll(s, ".", " "))
	if err != nil {
		t.Fatalf("bad test position: %v", err)
	}
	return p.WithTurn(10)
}

// MiddleGame is the example position of Kozelek, Methods of MCTS and the
// game Arimaa, 2009, figure A.1, Silver to move.
func MiddleGame(t testing.TB) rules.Position {
	return Board(t, rules.Silver,
		"r....rrr",
		".rc..c.h",
		"h..r..d.",
		".....r..",
		"..d.re..",
		".D.EM.D.",
		"H.Cm.C.H",
		"RRRRRRRR")
}

// Place builds a position on turn 10 from placements such as
// "Ra7 Eb2 rc4" (uppercase Gold, lowercase Silver).
func Place(t testing.TB, side rules.Color, pieces string) rules.Position {
	t.Helper()
	var b [64]rules.Piece
	for _, w := range strings.Fields(pieces) {
		tok, err := rules.ParseToken(w)
		if err != nil || tok.Kind != rules.TokenPlacement {
			t.Fatalf("bad placement %q: %v", w, err)
		}
		b[tok.Square] = tok.Piece
	}
	return rules.NewPosition(side, 10, b)
}

// Step parses a step such as "Ea1n"; one that does not parse fails the
// test.
func Step(t testing.TB, text string) rules.Step {
	t.Helper()
	s, err := rules.ParseStep(text)
	if err != nil {
		t.Fatalf("step %q: %v", text, err)
	}
	return s
}

// PlayMove plays a move in notation (capture tokens allowed) on g; a move
// that does not parse or is illegal there fails the test.
func PlayMove(t testing.TB, g *rules.Game, text string) {
	t.Helper()
	w, err := rules.ParseMove(text)
	if err != nil {
		t.Fatalf("move %q: %v", text, err)
	}
	if err := g.Play(w.Move); err != nil {
		t.Fatalf("move %q is illegal: %v", text, err)
	}
}
