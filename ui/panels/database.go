package panels

import (
	"errors"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/gamedb"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/dbpanel"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/state"
)

// DatabaseTab is the Database panel's tab name, for shell.Workbench.Select
// and --tab.
const DatabaseTab = "Database"

// addDatabase builds the Database panel: it follows the current position,
// and plays its moves and opens its games through it (setActions).
func addDatabase(wb *shell.Workbench, opts Options) *dbpanel.Panel {
	path := opts.DatabasePath
	if path == "" && !opts.Manual {
		path, _ = gamedb.DefaultPath()
	}
	dp := dbpanel.New(dbpanel.Options{
		Current:     wb.Current,
		Dialogs:     wb.Dialogs,
		Prefs:       wb.App.Preferences(),
		DefaultPath: path,
	})
	return dp
}

// setActions makes the analysis view the owner of the current game: a move
// any part plays (the explorer, the engine's lines, the similar positions)
// goes into its game when the position is its own (a new variation where
// the game goes on otherwise), else, for the editor's position, into the
// editor; a game any part opens shows in it.
func setActions(wb *shell.Workbench) {
	wb.Current.SetActions(state.Actions{
		Play: func(mv rules.Move) error {
			snap := wb.Current.Get()
			if snap.Game != nil {
				return wb.Viewer.PlayMove(mv)
			}
			text := snap.Position.MoveString(mv)
			played, err := ats.PlayMove(snap.Position, text)
			if err != nil {
				return err
			}
			if played.After.Side() == snap.Position.Side() {
				return errors.New("the move does not end the turn")
			}
			wb.EditPosition(played.After, "played: "+text)
			return nil
		},
		Open: func(g *rules.Game, title string, ply int) {
			wb.Viewer.ShowGame(g, title, ply, func() { wb.Select(shell.ViewerPanel) })
		},
	})
}
