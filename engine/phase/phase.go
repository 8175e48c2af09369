package phase

import (
	"strconv"

	"arimaa-workbench/engine/rules"
)

// Features are the paper's three features of a board (see the package doc).
type Features struct {
	MinPieces   int  // min(Ng, Ns): pieces of the side with fewer on the board
	MaxAdvanced int  // max(Ag, As): advanced non-elephant pieces of the side with more
	GoalThreat  bool // a rabbit of either side can walk to its goal in four steps
}

// The weights and cutoffs of the score, in captures (see the package doc).
const (
	fullArmy       = 16
	advancedPerCap = 3       // advanced pieces worth one capture
	threatWeight   = 2       // a goal threat, in captures
	saturation     = 12      // the score at which Of reaches 1
	middleFrom     = 4.0 / 3 // the score at which the middle game begins
	endFrom        = 8       // the score at which the endgame begins
)

// Advanced squares: Gold's ranks 4 to 8, Silver's ranks 1 to 5.
const (
	goldAdvanced   rules.Bitboard = 0xffffffffff000000
	silverAdvanced rules.Bitboard = 0x000000ffffffffff
)

// Advanced returns the squares where side c's pieces count as advanced:
// Gold's ranks 4 to 8, Silver's ranks 1 to 5.
func Advanced(c rules.Color) rules.Bitboard {
	if c == rules.Gold {
		return goldAdvanced
	}
	return silverAdvanced
}

// Threat is the number of steps a rabbit may take in RabbitPaths to count
// as a goal threat: one whole turn.
const Threat = 4

// FeaturesOf returns the paper's features of p's board.
func FeaturesOf(p *rules.Position) Features {
	g, s := p.Pieces(rules.Gold, rules.NoType), p.Pieces(rules.Silver, rules.NoType)
	ag := (g &^ p.Pieces(rules.Gold, rules.Elephant) & goldAdvanced).Count()
	as := (s &^ p.Pieces(rules.Silver, rules.Elephant) & silverAdvanced).Count()
	_, gt := RabbitPaths(p, rules.Gold, Threat, false)
	threat := gt
	if !threat {
		_, threat = RabbitPaths(p, rules.Silver, Threat, false)
	}
	return Features{MinPieces: min(g.Count(), s.Count()), MaxAdvanced: max(ag, as), GoalThreat: threat}
}

// Score is the paper's dot product of the features with our weights, in
// captures: 0 for a full board with nothing advanced, 12 or more for an
// endgame of four pieces a side.
func (f Features) Score() float64 {
	s := float64(fullArmy-f.MinPieces) + float64(f.MaxAdvanced)/advancedPerCap
	if f.GoalThreat {
		s += threatWeight
	}
	return s
}

// Phase maps the score onto [0, 1], 0 the opening and 1 the endgame.
func (f Features) Phase() float64 {
	return min(max(f.Score(), 0), saturation) / saturation
}

// Of returns the phase of p in [0, 1]: 0 for the opening, 1 for the
// endgame (see the package doc). A position of the setup turn is 0.
func Of(p rules.Position) float64 {
	if p.Turn() == 1 {
		return 0
	}
	return FeaturesOf(&p).Phase()
}

// RabbitPaths reports whether a rabbit of side me, whoever is to move, can
// walk to its goal rank by its own steps within left steps, through empty
// squares, never onto a trap it would die on nor through a square where it
// would be frozen. It misses goals that need other pieces to make way, but
// costs a few bitboard operations. With region it goes on past the first
// rabbit that gets through and returns the squares the successful walks can
// pass (those rabbits' squares and every square their walks reach), the
// places a defender must take or guard; without it the squares returned are
// those of the first walk found.
//
// It is the goal-threat feature of Of and the narrowed goal check of the
// engine's playouts.
func RabbitPaths(p *rules.Position, me rules.Color, left int, region bool) (rules.Bitboard, bool) {
	goal, fwd := rules.Rank8, rules.North
	if me == rules.Silver {
		goal, fwd = rules.Rank1, rules.South
	}
	// Only rabbits within reach of the goal rank matter.
	reach := goal
	for i := 0; i < left; i++ {
		reach |= reach.Shift(fwd.Opposite())
	}
	rabbits := p.Pieces(me, rules.Rabbit) & reach
	if rabbits == 0 {
		return 0, false
	}
	opp := me.Other()
	strong := p.Pieces(opp, rules.NoType) &^ p.Pieces(opp, rules.Rabbit)
	occupied := p.Occupied()
	var paths rules.Bitboard
	for b := rabbits; b != 0; {
		sq := b.Pop()
		if p.IsFrozen(sq) {
			continue
		}
		own := p.Pieces(me, rules.NoType) &^ sq.Bit()
		empty := ^(occupied &^ sq.Bit())
		guarded := own.Adjacent()
		deadly := rules.Traps &^ guarded
		frozen := strong.Adjacent() &^ guarded
		front, seen := sq.Bit(), sq.Bit()
		for i := 0; i < left && front != 0; i++ {
			next := (front.Shift(fwd) | front.Shift(rules.East) | front.Shift(rules.West)) & empty &^ deadly
			seen |= next
			if next&goal != 0 {
				if !region {
					return seen, true
				}
				paths |= seen
				break
			}
			front = next &^ frozen
		}
	}
	return paths, paths != 0
}

// Stage is a coarse phase: the opening, the middle game or the endgame.
type Stage uint8

// The stages, in the order a game meets them.
const (
	Opening Stage = iota
	Middle
	End
)

// StageOf returns the stage of a phase as Of returns it: Opening below 1/9
// (a score of 4/3 captures), End from 2/3 (8 captures), Middle between.
func StageOf(phase float64) Stage {
	// Scores are multiples of 1/3; the slack keeps a score on a cutoff
	// there after the round trip through the division in Phase.
	const slack = 1e-9
	switch s := phase * saturation; {
	case s < middleFrom-slack:
		return Opening
	case s < endFrom-slack:
		return Middle
	}
	return End
}

// StageOfPosition is StageOf(Of(p)).
func StageOfPosition(p rules.Position) Stage { return StageOf(Of(p)) }

// String returns "opening", "middle" or "end".
func (s Stage) String() string {
	switch s {
	case Opening:
		return "opening"
	case Middle:
		return "middle"
	case End:
		return "end"
	}
	return "Stage(" + strconv.Itoa(int(s)) + ")"
}
