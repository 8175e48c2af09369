package mcts

import (
	"strings"
	"testing"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
)

// board builds a position from eight rank strings, rank 8 first, with '.'
// for an empty square.
func board(t testing.TB, side rules.Color, ranks ...string) rules.Position {
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

// middleGame is the example position of Kozelek, Methods of MCTS and the
// game Arimaa, 2009, figure A.1, Silver to move.
func middleGame(t testing.TB) rules.Position {
	return board(t, rules.Silver,
		"r....rrr",
		".rc..c.h",
		"h..r..d.",
		".....r..",
		"..d.re..",
		".D.EM.D.",
		"H.Cm.C.H",
		"RRRRRRRR")
}

func searcher(threads int, seed uint64) *Searcher {
	return New(Options{Threads: threads, Seed: seed, Config: config.Default()})
}
