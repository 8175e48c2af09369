// Package panels is the workbench window's composition root: it builds
// every panel (editor, viewer, engine, suite, match, database), puts them in
// the frame of ui/shell and wires them to each other ("Edit here",
// "Analyse here", a match's games in the viewer, a database move into the
// game or the editor). The engine, suite and match panels share the builtin
// engine's configuration (edited in the engine panel's settings tab, kept
// in engine.toml in the configuration folder, ats.ConfigDir) and the list
// of external AEI engines (kept in engines.toml there, see ui/engines).
package panels

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/dbpanel"
	"arimaa-workbench/ui/editor"
	"arimaa-workbench/ui/enginepanel"
	"arimaa-workbench/ui/engines"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/files"
	"arimaa-workbench/ui/matchpanel"
	"arimaa-workbench/ui/play"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/suitepanel"
	"arimaa-workbench/ui/viewer"
)

// Tab names, for shell.Workbench.Select and --tab.
const (
	EngineTab = "Engine"
	SuiteTab  = "Suite"
)

// BuiltinName is what the engine lists of every panel call the builtin
// engine.
const BuiltinName = "Builtin"

// Options say where the shared settings live; empty paths take the
// defaults under os.UserConfigDir(), and RunsDir "" takes ats.RunsDir().
type Options struct {
	ConfigPath  string
	EnginesPath string
	RunsDir     string
	MatchesDir  string // "": the user's data folder, then matches
	// DatabasePath is the game database the Database panel opens when the
	// user has chosen none; "" takes games.db in the user's data folder
	// (not with Manual: tests open no file of the user's).
	DatabasePath string
	// Manual leaves the panels' refresh tickers off: the caller redraws
	// them with Sync (tests, which must not race a ticker).
	Manual bool
}

// Panels are the panels ui/shell does not hold itself, once added.
type Panels struct {
	// Lines and Explorer are the analysis view's sections of the Engine
	// and Database panels' models.
	Lines    *enginepanel.Lines
	Explorer *dbpanel.Explorer
	Database *dbpanel.Panel
	Engine   *enginepanel.Panel
	Suite    *suitepanel.Panel
	Match    *matchpanel.Panel
	Config   *enginepanel.ConfigStore
}

// Add builds every panel in the frame wb (new, with no panel yet): the
// editor and the viewer, then the tabs EngineTab, SuiteTab, MatchTab and
// DatabaseTab, and wires them. Problems reading the settings files are
// shown in the status bar; the panels then start from defaults. Call Close
// when the window closes.
func Add(wb *shell.Workbench, opts Options) *Panels {
	addEditorAndViewer(wb)
	var problems []string
	if opts.ConfigPath == "" {
		p, err := enginepanel.DefaultConfigPath()
		if err != nil {
			problems = append(problems, err.Error())
		}
		opts.ConfigPath = p
	}
	if opts.EnginesPath == "" {
		p, err := engines.DefaultPath()
		if err != nil {
			problems = append(problems, err.Error())
		}
		opts.EnginesPath = p
	}
	store, err := enginepanel.NewConfigStore(opts.ConfigPath)
	if err != nil {
		problems = append(problems, "engine configuration: "+err.Error())
	}
	form := enginepanel.NewConfigForm(store)
	extEditor := engines.NewEditor(opts.EnginesPath)

	// One list for the engine, suite and match panels; the engine panel
	// keeps one engine of each builtin choice (the settings' search and
	// the alpha-beta search), whose last search tree it shows, and whose
	// tree or table is allocated once.
	choices := func() []engines.Choice { return extEditor.Settings().Choices(BuiltinName, store.Get) }
	builtins := map[string]analysis.Engine{}
	open := func(c engines.Choice) analysis.Engine {
		if !c.Builtin {
			return c.Engine()
		}
		e, ok := builtins[c.Name]
		if !ok {
			e = c.Engine()
			builtins[c.Name] = e
		}
		return e
	}

	settings := container.NewAppTabs(
		container.NewTabItem("Builtin engine", form.Content()),
		// The editor's form is tall; it scrolls rather than making the
		// window taller than a laptop screen.
		container.NewTabItem("External engines", container.NewVScroll(extEditor.Content())),
	)
	field.LazyTabs(settings)
	ev := enginepanel.NewEvaluation(func() *eval.Evaluator { return eval.New(store.Get().Weights) })
	ep := enginepanel.New(enginepanel.Options{
		Current:    wb.Current,
		Engines:    choices,
		Open:       open,
		Settings:   settings,
		Evaluation: ev,
		Prefs:      wb.App.Preferences(),
	})
	sp := suitepanel.New(suitepanel.Options{
		Engines: choices,
		Current: wb.Current,
		OnEdit:  wb.EditPosition,
		Dialogs: wb.Dialogs,
		OpenFolder: func(fn func(string)) {
			if fd, ok := wb.Dialogs.(files.FolderDialogs); ok {
				fd.OpenFolder("Open a folder of tests", fn)
				return
			}
			files.FyneDialogs{Window: wb.Window}.OpenFolder("Open a folder of tests", fn)
		},
		RunsDir: opts.RunsDir,
		Prefs:   wb.App.Preferences(),
		Window:  wb.Window,
		Status:  wb.StatusFor(SuiteTab),
	})
	// The empty Threads fields say what the settings give, and follow
	// them.
	threads := func() {
		hint := ThreadsDefault(store.Get().Search.Threads)
		ep.SetThreadsDefault(hint)
		sp.SetThreadsDefault(hint)
	}
	threads()
	form.OnApplied = threads
	mp := addMatch(wb, opts, choices)
	extEditor.OnChanged = func(engines.Settings) {
		ep.ReloadEngines()
		sp.ReloadEngines()
		mp.ReloadEngines()
	}
	if !opts.Manual {
		ep.StartRefresh()
		sp.StartRefresh()
	}
	dp := addDatabase(wb, opts)
	wb.AddPanels(container.NewTabItemWithIcon(EngineTab, theme.ComputerIcon(), ep.Content()),
		container.NewTabItemWithIcon(SuiteTab, theme.ListIcon(), sp.Content()),
		container.NewTabItemWithIcon(MatchTab, theme.MediaReplayIcon(), mp.Content()),
		container.NewTabItemWithIcon(DatabaseTab, theme.StorageIcon(), dp.Content()))
	setActions(wb)
	lines, explorer := addSections(wb, ep, dp)
	wb.SetAnalyser(func(state.Snapshot) {
		wb.Select(EngineTab)
		ep.Analyse()
	})
	wb.Viewer.SetGameAnalyser(chosenEngine[analysis.Analyser](ep))
	wb.Viewer.SetOpponent(chosenEngine[play.Player](ep))
	wb.Viewer.OnTestSaved = func(path string) { openSaved(wb, sp, path) }
	if len(problems) > 0 {
		wb.Status(strings.Join(problems, "; "))
	}
	return &Panels{Lines: lines, Explorer: explorer, Database: dp, Engine: ep, Suite: sp, Match: mp, Config: store}
}

// addEditorAndViewer builds the editor and the viewer, gives them to the
// frame and links them: "Edit here" in the viewer brings its position to
// the editor, and the viewer may take the editor's position.
func addEditorAndViewer(wb *shell.Workbench) {
	ed := editor.NewPanel(editor.NewModel(rules.StartPosition()), wb.Dialogs, wb.Current)
	v := viewer.NewPanel(wb.Dialogs, wb.Current)
	wb.AddEditorAndViewer(ed, v)
	v.OnEdit = wb.EditPosition
	v.EditorPosition = func() (rules.Position, string) { return ed.Model.Position(), "the editor's position" }
}

// Names of the analysis view's sections that other panels' models give.
const (
	EngineSection   = "Engine"
	ExplorerSection = "Explorer"
	SimilarSection  = "Similar"
)

// addSections gives the analysis view (the viewer's game) the tabs beside
// its board, after its move list, that other panels' models give: the
// engine's lines (the Engine panel's model, its arrows and evaluation bar
// on the analysis board), the explorer and the similar positions (the
// Database panel's model). Each observes its model; every model follows the one
// current position.
func addSections(wb *shell.Workbench, ep *enginepanel.Panel, dp *dbpanel.Panel) (*enginepanel.Lines, *dbpanel.Explorer) {
	v := wb.Viewer
	lines := ep.NewLines(func() { wb.Select(EngineTab) })
	v.Marks = ep.Marks
	ep.Observe(func(enginepanel.State) { v.Redraw() })
	explorer := dp.NewExplorer()
	v.AddSection(EngineSection, theme.ComputerIcon(), lines.Content())
	v.AddSection(ExplorerSection, theme.StorageIcon(), explorer.Content())
	v.AddSection(SimilarSection, theme.SearchIcon(), dp.NewSimilar())
	return lines, explorer
}

// ThreadsDefault is what an empty Threads field stands for when the
// builtin engine's search.threads is n: that count, 0 meaning every core
// (an external engine takes its own default).
func ThreadsDefault(n int) string {
	if n == 0 {
		return "all cores (0)"
	}
	return fmt.Sprintf("%d (settings)", n)
}

// Close stops any analysis, suite run or match.
func (p *Panels) Close() {
	p.Engine.Close()
	p.Suite.Close()
	p.Match.Close()
	p.Database.Model.Close()
}

// IsSuite reports whether a command-line argument names tests for the suite
// panel (a folder, an .ats file or a .toml file) rather than a file for the
// editor or the viewer.
func IsSuite(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".ats", ".toml":
		return true
	}
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// OpenSuite opens tests in the suite panel and shows it.
func (p *Panels) OpenSuite(wb *shell.Workbench, paths ...string) error {
	if len(paths) == 0 {
		return errors.New("no tests to open")
	}
	p.Suite.Open(paths...)
	wb.Select(SuiteTab)
	return nil
}

// openSaved offers to open the suite file a test was saved in, unless a
// run is going on in the Suite panel.
func openSaved(wb *shell.Workbench, sp *suitepanel.Panel, path string) {
	if sp.Model().State().Running {
		return
	}
	wb.Dialogs.Confirm("Test saved", "Open "+filepath.Base(path)+" in the Suite panel?", func(yes bool) {
		if yes {
			sp.Open(path)
			wb.Select(SuiteTab)
		}
	})
}
