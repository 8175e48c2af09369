package mcts

import (
	"errors"

	"arimaa-workbench/engine/rules"
)

// chooseSetup picks a setup from the library (Gold's view, ranks 1-2) and
// turns it for side: Silver's is the mirror image on ranks 8-7, so its
// elephant faces Gold's.
func chooseSetup(lib []string, side rules.Color, seed uint64) ([]rules.Placement, error) {
	if len(lib) == 0 {
		return nil, errors.New("mcts: the setup library (search.setups) is empty")
	}
	x := seed + uint64(side)
	pl, err := rules.ParseSetup(lib[splitmix(&x)%uint64(len(lib))], rules.Gold)
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
