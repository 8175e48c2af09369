package config

import (
	"errors"

	"arimaa-workbench/engine/rules"
)

// SetupFor picks the setup of the side to set up in g (in a setup phase)
// from the library lib, as ChooseSetup. Both searches set up with it.
func SetupFor(g *rules.Game, lib []string, seed uint64) ([]rules.Placement, error) {
	side := rules.Gold
	if g.Phase() == rules.SilverSetup {
		side = rules.Silver
	}
	return ChooseSetup(lib, side, seed)
}

// ChooseSetup picks a setup from the library lib (search.setups, Gold's
// view, ranks 1-2) by seed and turns it for side: Silver's is the mirror
// image on ranks 8-7, so its elephant faces Gold's.
func ChooseSetup(lib []string, side rules.Color, seed uint64) ([]rules.Placement, error) {
	if len(lib) == 0 {
		return nil, errors.New("the setup library (search.setups) is empty")
	}
	// One round of SplitMix64 spreads neighbouring seeds over the library.
	z := seed + uint64(side) + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	pl, err := rules.ParseSetup(lib[z%uint64(len(lib))], rules.Gold)
	if err != nil {
		return nil, err
	}
	if side == rules.Silver {
		for i := range pl {
			pl[i].Piece = rules.MakePiece(rules.Silver, pl[i].Piece.Type())
			pl[i].Square = rules.NewSquare(pl[i].Square.File(), 7-pl[i].Square.Rank())
		}
	}
	return pl, nil
}
