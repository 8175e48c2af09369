package panels

import (
	"errors"

	"fyne.io/fyne/v2/theme"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/gamedb"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/dbpanel"
	"arimaa-workbench/ui/shell"
)

// DatabaseTab is the Database panel's tab name, for shell.Workbench.Select
// and --tab.
const DatabaseTab = "Database"

// addDatabase builds the Database panel: it follows the current position;
// a move it plays goes into the viewer's game when the position is the
// viewer's, else into the editor; a game it opens shows in the viewer.
func addDatabase(wb *shell.Workbench, opts Options) *dbpanel.Panel {
	path := opts.DatabasePath
	if path == "" && !opts.Manual {
		path, _ = gamedb.DefaultPath()
	}
	dp := dbpanel.New(dbpanel.Options{
		Current: wb.Current,
		Dialogs: wb.Dialogs,
		Prefs:   wb.App.Preferences(),
		OpenGame: func(g *rules.Game, title string, ply int) {
			wb.Viewer.ShowGame(g, title, ply)
			wb.Select(shell.ViewerPanel)
		},
		PlayMove: func(move string) error {
			snap := wb.Current.Get()
			played, err := ats.PlayMove(snap.Position, move)
			if err != nil {
				return err
			}
			if snap.Game != nil {
				return wb.Viewer.PlayMove(played.Move)
			}
			if played.After.Side() == snap.Position.Side() {
				return errors.New("the move does not end the turn")
			}
			wb.EditPosition(played.After, "database: "+move)
			return nil
		},
		DefaultPath: path,
	})
	wb.AddPanel(DatabaseTab, theme.StorageIcon(), dp.Content())
	return dp
}
