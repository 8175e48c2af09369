package viewer

import (
	"errors"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
)

// ShowGame shows g at ply (moves after the setups; a setup ply shows the
// start; past the end, the end), after the unsaved-game guard, and then
// calls shown (nil: nothing): how the game database's results and the
// match's games open a game through state.Current.
func (v *Panel) ShowGame(g *rules.Game, title string, ply int, shown func()) {
	v.Guard("open "+title, func() {
		v.SetGame(g, title)
		v.Model.Seek(max(ply, 0))
		v.Entry = board.NewMoveEntry(v.Model.TurnStart())
		v.changed()
		if shown != nil {
			shown()
		}
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
