package cluster

import (
	"fmt"

	"arimaa-workbench/ats/match"
)

// checkGame says why a worker's result cannot be the outcome of game g:
// the players are not the game's, the game does not replay under the
// rules, or the board decided it otherwise than the result says. "" when
// the result holds. A result whose game ended by a fault off the board
// (time, a crash) is taken at the worker's word: that is what workers are
// trusted with.
func checkGame(g *match.Game, res *match.GameResult) string {
	if res.Archive == nil {
		return "has no game record"
	}
	if g != nil && res.Players != [2]string{g.Engines[0].Name, g.Engines[1].Name} {
		return fmt.Sprintf("names players %q and %q, not the game's", res.Players[0], res.Players[1])
	}
	rec, err := res.Archive.Record()
	if err != nil {
		return fmt.Sprintf("has a game record that does not read: %v", err)
	}
	played, err := rec.Game()
	if err != nil {
		return fmt.Sprintf("has a game that does not replay under the rules: %v", err)
	}
	if n := len(played.Moves()); n != res.Moves {
		return fmt.Sprintf("claims %d moves where its record has %d", res.Moves, n)
	}
	if r, over := played.Result(); over && !res.Draw && r.Winner != res.Winner {
		return fmt.Sprintf("names %s the winner where the board says %s", res.Winner, r.Winner)
	}
	return ""
}
