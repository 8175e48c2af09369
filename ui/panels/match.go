package panels

import (
	"arimaa-workbench/ui/enginepanel"
	"arimaa-workbench/ui/engines"
	"arimaa-workbench/ui/matchpanel"
	"arimaa-workbench/ui/shell"
)

// MatchTab is the match panel's tab name, for shell.Workbench.Select and
// --tab.
const MatchTab = "Match"

// addMatch builds the match panel over the shared engine settings; its games open in the viewer at their last
// position, where "Analyse here" works as for any game.
func addMatch(wb *shell.Workbench, opts Options, store *enginepanel.ConfigStore, ext *engines.Editor) *matchpanel.Panel {
	mp := matchpanel.New(matchpanel.Options{
		Sources: func() []matchpanel.Source {
			list := []matchpanel.Source{matchpanel.BuiltinSource(embeddedName, store.Get)}
			for _, e := range ext.Settings().Engines {
				list = append(list, matchpanel.ExternalSource(e))
			}
			return list
		},
		Dialogs:  wb.Dialogs,
		OutDir:   opts.MatchesDir,
		OpenGame: matchpanel.ViewerOpener(wb.Viewer, func() { wb.Select(shell.ViewerPanel) }),
		OpenFile: wb.Open,
		Status:   wb.StatusFor(MatchTab),
		Prefs:    wb.App.Preferences(),
		Manual:   opts.Manual,
	})
	return mp
}
