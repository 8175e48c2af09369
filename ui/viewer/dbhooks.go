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
// (a new variation where the game goes on otherwise), and says in the
// status where it went: it is played from the engine's lines or the
// explorer, whose tabs hide the move list.
func (v *Panel) PlayMove(mv rules.Move) error {
	if v.play.game != nil || v.busy {
		return errors.New("the viewer is busy: stop the game against the engine first")
	}
	p, forks := v.Model.TurnStart(), v.Model.Ply() < v.Model.Len()
	created, err := v.Model.Play(mv)
	if err != nil {
		return err
	}
	v.Entry = board.NewMoveEntry(v.Model.TurnStart())
	v.changed()
	move := rules.TurnLabel(p.Turn(), p.Side()) + " " + p.MoveString(mv)
	switch {
	case !created:
		v.status(move + ": the game's own move, followed")
	case forks:
		v.status(move + ": played as a new variation (Moves shows it)")
	default:
		v.status(move + ": played (Moves shows it)")
	}
	return nil
}
