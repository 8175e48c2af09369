package panels

import (
	"arimaa-workbench/ui/engines"
	"arimaa-workbench/ui/matchpanel"
	"arimaa-workbench/ui/shell"
)

// MatchTab is the match panel's tab name, for shell.Workbench.Select and
// --tab.
const MatchTab = "Match"

// addMatch builds the match panel over the shared engine settings; its
// games open through the current position's owner (setActions: the
// analysis view) at their last position, where "Analyse here" works as for
// any game.
func addMatch(wb *shell.Workbench, opts Options, choices func() []engines.Choice) *matchpanel.Panel {
	mp := matchpanel.New(matchpanel.Options{
		Engines:  choices,
		Dialogs:  wb.Dialogs,
		OutDir:   opts.MatchesDir,
		Current:  wb.Current,
		OpenFile: wb.Open,
		Status:   wb.StatusFor(MatchTab),
		Prefs:    wb.App.Preferences(),
		Manual:   opts.Manual,
	})
	return mp
}
