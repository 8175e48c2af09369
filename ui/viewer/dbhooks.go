package viewer

import (
	"errors"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
)

// ShowGame shows g at ply (moves after the setups; a setup ply shows the
// start), after the unsaved-game guard: how the game database's results
// open a game.
func (v *Panel) ShowGame(g *rules.Game, title string, ply int) {
	v.Guard("open a game of the database", func() {
		v.SetGame(g, title)
		v.Model.Seek(max(ply, 0))
		v.Entry = board.NewMoveEntry(v.Model.TurnStart())
		v.changed()
	})
}

// PlayMove enters mv at the cursor, as a move typed or dragged would be
// (a new variation where the game goes on otherwise).
func (v *Panel) PlayMove(mv rules.Move) error {
	if v.play.game != nil || v.busy {
		return errors.New("the viewer is busy: stop the game against the engine first")
	}
	if _, err := v.Model.Play(mv); err != nil {
		return err
	}
	v.Entry = board.NewMoveEntry(v.Model.TurnStart())
	v.changed()
	return nil
}
