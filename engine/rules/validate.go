package rules

import "fmt"

// Problem is one reason a position is not a valid Arimaa position.
type Problem struct {
	Square Square // the square concerned, or NoSquare
	Msg    string
	// GameOver marks a position that is legal to show but in which the
	// game has already ended (a rabbit on its goal rank).
	GameOver bool
}

func (p Problem) Error() string { return p.Msg }

// Validate returns every problem of the position: too many pieces of a
// kind, a piece on a trap with no friendly neighbour, a rabbit already on
// its goal rank (GameOver), and a turn stopped in the middle of a push.
// A position with no problems can be given to an engine.
func (p *Position) Validate() []Problem {
	var out []Problem
	for c := Gold; c <= Silver; c++ {
		for t := Rabbit; t <= Elephant; t++ {
			if n := p.Count(c, t); n > FullArmy[t] {
				out = append(out, Problem{NoSquare, fmt.Sprintf("%s has %d %ss; at most %d allowed", c, n, t, FullArmy[t]), false})
			}
		}
	}
	for traps := Traps & p.Occupied(); traps != 0; {
		sq := traps.Pop()
		pc := p.board[sq]
		if neighbors[sq]&p.bb[pc.Color()][NoType] == 0 {
			out = append(out, Problem{sq, fmt.Sprintf("%s %s on trap %s has no friendly neighbour and would already be captured", pc.Color(), pc.Type(), sq), false})
		}
	}
	if g := p.bb[Gold][Rabbit] & Rank8; g != 0 {
		out = append(out, Problem{g.First(), fmt.Sprintf("a gold rabbit is on its goal rank at %s: the game is over", g.First()), true})
	}
	if s := p.bb[Silver][Rabbit] & Rank1; s != 0 {
		out = append(out, Problem{s.First(), fmt.Sprintf("a silver rabbit is on its goal rank at %s: the game is over", s.First()), true})
	}
	if p.pushType != NoType {
		out = append(out, Problem{p.pushSq, "a push is half done", false})
	}
	return out
}
