package matchpanel

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/match"
	"arimaa-workbench/ui/engines"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/files"
	"arimaa-workbench/ui/plot"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/tablefit"
	"arimaa-workbench/ui/tip"
	"arimaa-workbench/ui/viewer"
	"arimaa-workbench/ui/wheel"
)

// Options connect the panel to the workbench.
type Options struct {
	// Engines lists the engines offered, asked again by ReloadEngines.
	Engines func() []engines.Choice
	// Dialogs asks for the output file; nil hides the buttons that would.
	Dialogs files.Dialogs
	// OutDir is where new match archives go; "" is ats.DataDir()/matches.
	OutDir string
	// Current opens a finished game with its owner (the analysis view)
	// at its last position; OpenFile shows the whole output archive.
	// Either may be nil.
	Current  *state.Current
	OpenFile func(path string) error
	// Status shows a short message in the window's status bar; may be nil.
	Status func(string)
	// Prefs keep the settings from one session to the next; may be nil.
	Prefs fyne.Preferences
	// Manual leaves redrawing to the caller (Sync), for tests: the test
	// driver runs fyne.Do at once on the runner's goroutine.
	Manual bool
	// Now is the clock that names new output files; nil is time.Now.
	Now func() time.Time
}

// Panel is the match panel.
type Panel struct {
	opts    Options
	model   *Model
	engines []engines.Choice
	lineup  []Entry
	// autoOut is the output file the panel chose itself: a new match
	// takes a new one rather than finding it taken.
	autoOut string
	pending atomic.Bool
	closed  atomic.Bool

	st       State
	rows     [][]string
	gameRows []Game // newest first
	engine   int    // the engine whose Elo the graph shows
	told     int    // the last run whose end was told

	lineupList *widget.List
	sourceSel  *widget.Select
	optsEntry  *widget.Entry
	gauntlet   *widget.Check
	tc         *widget.Entry
	playouts   *widget.Entry
	games      *widget.Entry
	jobs       *widget.Entry
	maxTurns   *widget.Entry
	seed       *widget.Entry
	openings   *widget.Entry
	setupPly   *widget.Entry
	sprt       *widget.Check
	elo0       *widget.Entry
	elo1       *widget.Entry
	alpha      *widget.Entry
	beta       *widget.Entry
	out        *widget.Entry
	startBtn   *widget.Button
	stopBtn    *widget.Button
	resumeBtn  *widget.Button
	message    *widget.Label
	summary    *widget.Label
	results    *container.AppTabs
	standings  *widget.Table
	stats      *widget.Table // the engines' games: lengths, times, endings
	graph      *plot.Band
	gameTable  *widget.Table
	content    fyne.CanvasObject
}

// New builds the panel.
func New(opts Options) *Panel {
	p := &Panel{opts: opts}
	p.model = NewModel(p.changed)
	p.build()
	p.ReloadEngines()
	if !p.restore() {
		if len(p.engines) > 0 {
			if e, err := NewEntry(p.engines, p.engines[0].Name, ""); err == nil {
				p.lineup = append(p.lineup, e)
			}
		}
		p.newOut()
	}
	p.lineupList.Refresh()
	p.Sync()
	return p
}

// Model returns the panel's model.
func (p *Panel) Model() *Model { return p.model }

// Content is the panel's root object.
// ShowTab brings forward the result tab called name (StandingsTab,
// StatisticsTab, EloTab, GamesTab); it reports false when there is none.
func (p *Panel) ShowTab(name string) bool { return field.SelectTab(p.results, name) }

func (p *Panel) Content() fyne.CanvasObject { return p.content }

// Close stops the match, waiting for it: the games finished are in the
// output file, and Resume continues the match in a later session.
func (p *Panel) Close() {
	p.closed.Store(true)
	p.model.Stop()
}

// changed is the model's news: one redraw is queued at a time, however
// fast the games end.
func (p *Panel) changed() {
	if p.opts.Manual || p.closed.Load() || p.pending.Swap(true) {
		return
	}
	fyne.Do(func() {
		p.pending.Store(false)
		p.Sync()
	})
}

// ReloadEngines asks Options.Engines for the engines again.
func (p *Panel) ReloadEngines() {
	p.engines = nil
	if p.opts.Engines != nil {
		p.engines = p.opts.Engines()
	}
	engines.Reload(p.sourceSel, append(engines.Names(p.engines), SpecSource))
}

func (p *Panel) outDir() string {
	if p.opts.OutDir != "" {
		return p.opts.OutDir
	}
	if d, err := ats.DataPath("matches"); err == nil {
		return d
	}
	return "."
}

// newOut proposes a new output file, named by the time now.
func (p *Panel) newOut() {
	now := time.Now
	if p.opts.Now != nil {
		now = p.opts.Now
	}
	p.autoOut = FreeOut(p.outDir(), now())
	p.out.SetText(p.autoOut)
}

func (p *Panel) build() {
	p.lineupList = widget.NewList(
		func() int { return len(p.lineup) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return container.NewBorder(nil, nil, nil, widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), nil), l)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			c := o.(*fyne.Container)
			c.Objects[0].(*widget.Label).SetText(fmt.Sprintf("%d. %s", i+1, p.lineup[i].Label()))
			c.Objects[1].(*widget.Button).OnTapped = func() { p.removeEngine(i) }
		})
	p.lineupList.OnSelected = func(widget.ListItemID) { p.lineupList.UnselectAll() }
	p.sourceSel = widget.NewSelect(nil, func(string) { p.sourceChosen() })
	p.optsEntry = widget.NewEntry()
	p.optsEntry.OnSubmitted = func(string) { p.addEngine() }
	addBtn := widget.NewButtonWithIcon("Add", theme.ContentAddIcon(), p.addEngine)
	p.gauntlet = widget.NewCheck("Gauntlet: the first against each other", nil)

	p.tc = field.Entry("", "e.g. 15s/2m30s/100")
	p.playouts = field.Entry("2000", "none")
	// One limit at a time: typing one empties the other, so that a time
	// control typed is not cut short by the playouts filled in before.
	p.tc.OnChanged = func(s string) {
		if strings.TrimSpace(s) != "" && p.playouts.Text != "" {
			p.playouts.SetText("")
		}
	}
	p.playouts.OnChanged = func(s string) {
		if strings.TrimSpace(s) != "" && p.tc.Text != "" {
			p.tc.SetText("")
		}
	}
	p.games = field.Entry("100", "of each pairing")
	p.jobs = field.Entry("1", "1")
	p.maxTurns = field.Entry("", "never")
	p.seed = field.Entry("1", "1")
	p.openings = field.Entry("", "none: the engines set up")
	p.setupPly = field.Entry("", "every move")
	p.sprt = widget.NewCheck("SPRT (two engines): stop once it decides", func(on bool) { p.enableSPRT(on) })
	p.elo0 = field.Entry("0", "")
	p.elo1 = field.Entry("20", "")
	p.alpha = field.Entry("0.05", "")
	p.beta = field.Entry("0.05", "")
	p.enableSPRT(false)
	var openingsButtons []fyne.CanvasObject
	if p.opts.Dialogs != nil {
		openingsButtons = append(openingsButtons, widget.NewButtonWithIcon("", theme.FolderOpenIcon(), func() {
			p.opts.Dialogs.Open("Openings: positions, game records or an archive", nil, func(path string) { p.openings.SetText(path) })
		}))
	}
	p.out = widget.NewEntry()
	var outButtons []fyne.CanvasObject
	if p.opts.Dialogs != nil {
		outButtons = append(outButtons,
			widget.NewButtonWithIcon("", theme.DocumentSaveIcon(), func() {
				p.opts.Dialogs.Save("New match archive", []string{".txt"}, filepath.Base(p.out.Text), func(path string) { p.out.SetText(path) })
			}),
			widget.NewButtonWithIcon("", theme.FolderOpenIcon(), func() {
				p.opts.Dialogs.Open("Match archive to resume", []string{".txt"}, func(path string) { p.out.SetText(path) })
			}))
	}
	if p.opts.OpenFile != nil {
		outButtons = append(outButtons, widget.NewButtonWithIcon("", theme.VisibilityIcon(), func() {
			if err := p.opts.OpenFile(strings.TrimSpace(p.out.Text)); err != nil {
				p.say(err.Error(), true)
			}
		}))
	}

	p.startBtn = widget.NewButtonWithIcon("Start", theme.MediaPlayIcon(), p.start)
	p.startBtn.Importance = widget.HighImportance
	p.stopBtn = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), p.stop)
	p.resumeBtn = widget.NewButtonWithIcon("Resume", theme.MediaSkipNextIcon(), p.resume)
	p.message = widget.NewLabel("")
	p.message.Wrapping = fyne.TextWrapWord

	heading := func(text string) *widget.Label {
		return widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	lineup := container.NewVScroll(wheel.List(p.lineupList))
	lineup.SetMinSize(fyne.NewSize(0, 100))
	form := container.NewVBox(
		heading("Engines"),
		lineup,
		p.sourceSel,
		container.NewBorder(nil, nil, nil, addBtn, p.optsEntry),
		p.gauntlet,
		heading("Limits"),
		container.New(layout.NewGridLayoutWithColumns(2), field.Labelled("Time control M/R/P/L/G/T", p.tc), field.Labelled("Playouts per move", p.playouts)),
		container.New(layout.NewGridLayoutWithColumns(4), field.Labelled("Games", p.games), field.Labelled("Parallel", p.jobs),
			field.Labelled("Max turns", p.maxTurns), field.Labelled("Seed", p.seed)),
		container.NewBorder(nil, nil, nil,
			field.Labelled("Cut at move", container.NewGridWrap(fyne.NewSize(100, p.setupPly.MinSize().Height), p.setupPly)),
			field.Labelled("Openings, each played with both colours", container.NewBorder(nil, nil, nil, container.NewHBox(openingsButtons...), p.openings))),
		p.sprt,
		container.New(layout.NewGridLayoutWithColumns(4), field.Labelled("elo0", p.elo0), field.Labelled("elo1", p.elo1),
			field.Labelled("alpha", p.alpha), field.Labelled("beta", p.beta)),
		field.Labelled("Output archive (games are appended as they end)", container.NewBorder(nil, nil, nil, container.NewHBox(outButtons...), p.out)),
	)
	// The buttons and their messages stay in sight however far the form
	// scrolls; the message keeps the room of two lines, so that the
	// buttons stay put when one comes or goes.
	actions := container.NewPadded(container.NewVBox(container.NewHBox(p.startBtn, p.stopBtn, p.resumeBtn), field.Lines(p.message, 2)))

	right := p.buildResults()
	split := container.NewHSplit(container.NewBorder(nil, actions, nil, nil, field.VScroll(container.NewPadded(form))), right)
	split.Offset = 0.36
	p.content = split
}

// buildResults makes the right side: the summary over four tabs, each
// the column's height: the standings, the engines' statistics, the Elo
// graph and the finished games. In one column they had two to four rows
// each at 1024x700, and the statistics were past the right edge.
func (p *Panel) buildResults() fyne.CanvasObject {
	p.summary = widget.NewLabel("")
	p.summary.TextStyle.Bold = true
	p.summary.Wrapping = fyne.TextWrapWord
	standing := func(cols ...int) func(r, c int) string {
		return func(r, c int) string { return p.rows[r][cols[c]] }
	}
	p.standings = newTable(pick(StandingColumns, standingCols), func() int { return len(p.rows) }, standing(standingCols...))
	p.standings.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(p.rows) {
			p.engine = id.Row
			p.drawGraph()
		}
	}
	p.stats = newTable(pick(StandingColumns, statsCols), func() int { return len(p.rows) }, standing(statsCols...))
	p.graph = plot.NewBand("Elo", "games")
	p.graph.Limit = 800 // beyond, an interval says only "few games yet"
	p.gameTable = newTable(GameColumns, func() int { return len(p.gameRows) }, func(r, c int) string { return GameCell(p.gameRows[r], c) })
	p.gameTable.OnSelected = func(id widget.TableCellID) {
		p.gameTable.UnselectAll()
		if id.Row < 0 || id.Row >= len(p.gameRows) {
			return
		}
		// Once the tap is handled: the table, then in a tab no longer
		// shown, would otherwise be given the focus.
		game := p.gameRows[id.Row].ID
		fyne.Do(func() { p.OpenGame(game) })
	}
	name := tablefit.Column{Min: 110, Grow: 1, Max: 220}
	p.results = container.NewAppTabs(
		container.NewTabItem(StandingsTab, tablefit.New(p.standings, func() []tablefit.Column {
			return []tablefit.Column{name, {Min: 64}, {Min: 80, Grow: 0.3, Max: 110}, {Min: 64}, {Min: 52, Grow: 0.3, Max: 80}, {Min: 104, Grow: 0.3, Max: 140}}
		}, nil)),
		container.NewTabItem(StatisticsTab, tablefit.New(p.stats, func() []tablefit.Column {
			// The endings, the longest, take what is left, cut with a tip.
			cols := []tablefit.Column{{Min: 100, Grow: 1, Max: 220}, {}, {}, {}, {Min: 90, Grow: 2}}
			for i := 1; i < 4; i++ {
				cols[i].Min = tablefit.HeaderWidth(StandingColumns[statsCols[i]])
			}
			return cols
		}, nil)),
		container.NewTabItem(EloTab, p.graph),
		container.NewTabItem(GamesTab, tablefit.WithCorner(p.gameTable, func() []tablefit.Column {
			return []tablefit.Column{{Min: 48}, {Min: 110, Grow: 1}, {Min: 110, Grow: 1}, {Min: 80, Grow: 0.3, Max: 110}, {Min: 90, Grow: 0.5, Max: 160}, {Min: 56}}
		}, tip.NewHelp("A click on a game opens it in the analysis view at its last position."))),
	)
	// The summary keeps the room of two lines: the tabs stay put when it
	// grows as the match goes on.
	return container.NewBorder(field.Lines(p.summary, 2), nil, nil, nil, field.LazyTabs(p.results))
}

// The result tabs' names.
const (
	StandingsTab  = "Standings"
	StatisticsTab = "Statistics"
	EloTab        = "Elo graph"
	GamesTab      = "Finished games"
)

// The columns of StandingColumns each table shows: the scores in the
// standings, the figures of the engines' games in the statistics.
var (
	standingCols = []int{0, 1, 2, 3, 4, 5}
	statsCols    = []int{0, 6, 7, 8, 9}
)

// pick returns the names at the indexes cols.
func pick(names []string, cols []int) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = names[c]
	}
	return out
}

// newTable is a table with a header row; cell gives row r's text in
// column c.
func newTable(columns []string, rows func() int, cell func(r, c int) string) *widget.Table {
	t := tip.NewTable(
		func() (int, int) { return rows(), len(columns) },
		func(id widget.TableCellID, l *tip.Label) {
			text := ""
			if id.Row < rows() {
				text = cell(id.Row, id.Col)
			}
			l.SetText(text)
		})
	tablefit.Header(t, tablefit.Titles(columns))
	return t
}

func (p *Panel) enableSPRT(on bool) {
	for _, e := range []*widget.Entry{p.elo0, p.elo1, p.alpha, p.beta} {
		field.Enable(e, on)
	}
}

// sourceChosen says in the options field what may be typed there.
func (p *Panel) sourceChosen() {
	c := p.sourceSel.Selected
	if c == SpecSource {
		p.optsEntry.SetPlaceHolder("a spec as --engine takes it, e.g. 'bin/bot aei' name=bot")
		return
	}
	for _, e := range p.engines {
		if e.Name == c && e.Builtin {
			p.optsEntry.SetPlaceHolder("options, e.g. search.exploration=0.3 name=wide")
			return
		}
	}
	p.optsEntry.SetPlaceHolder("options, e.g. name=bot2 hash=64")
}

func (p *Panel) addEngine() {
	e, err := NewEntry(p.engines, p.sourceSel.Selected, p.optsEntry.Text)
	if err != nil {
		p.say(err.Error(), true)
		return
	}
	p.lineup = append(p.lineup, e)
	p.optsEntry.SetText("")
	p.lineupList.Refresh()
	p.say("", false)
}

func (p *Panel) removeEngine(i int) {
	if i < 0 || i >= len(p.lineup) {
		return
	}
	p.lineup = append(p.lineup[:i:i], p.lineup[i+1:]...)
	p.lineupList.Refresh()
}

// settings reads the form, the engines as the choices give them now.
func (p *Panel) settings() (Settings, error) {
	specs, err := Specs(p.engines, p.lineup)
	if err != nil {
		return Settings{}, err
	}
	s := p.form()
	s.Engines = specs
	return s, nil
}

// form reads the form's fields.
func (p *Panel) form() Settings {
	s := Settings{Gauntlet: p.gauntlet.Checked, SPRT: p.sprt.Checked}
	for _, f := range p.fields(&s) {
		*f.text = f.e.Text
	}
	return s
}

// fieldRef is an entry of the form and the field of Settings it holds.
type fieldRef struct {
	e    *widget.Entry
	text *string
}

// fields pairs the form's entries with the fields of s.
func (p *Panel) fields(s *Settings) []fieldRef {
	return []fieldRef{{p.tc, &s.TC}, {p.playouts, &s.Playouts}, {p.games, &s.Games}, {p.jobs, &s.Jobs}, {p.maxTurns, &s.MaxTurns},
		{p.seed, &s.Seed}, {p.openings, &s.Openings}, {p.setupPly, &s.SetupPly}, {p.elo0, &s.Elo0}, {p.elo1, &s.Elo1},
		{p.alpha, &s.Alpha}, {p.beta, &s.Beta}, {p.out, &s.Out}}
}

// Start starts a new match with the settings shown, as the Start button
// does.
func (p *Panel) Start() { p.start() }

func (p *Panel) start() {
	if strings.TrimSpace(p.out.Text) == p.autoOut {
		// The name the panel proposed is the time the match starts, not
		// when the window opened or the last match was played.
		p.newOut()
	}
	p.begin(false)
}

func (p *Panel) resume() { p.begin(true) }

// begin starts the match, or resumes the one in the output file.
func (p *Panel) begin(resume bool) {
	s, err := p.settings()
	var cfg match.Config
	if err == nil {
		cfg, err = s.Config()
	}
	if err == nil && resume && !exists(cfg.Out) {
		err = fmt.Errorf("Output file: %s does not exist: there is nothing to resume", cfg.Out)
	}
	if err == nil {
		err = os.MkdirAll(filepath.Dir(cfg.Out), 0o755)
	}
	if err == nil {
		cfg.Resume = resume
		err = p.model.Start(cfg)
	}
	if err != nil {
		p.say(err.Error(), true)
		return
	}
	p.save()
	p.engine = 0
	p.standings.UnselectAll()
	verb := "Started"
	if resume {
		verb = "Resumed"
	}
	p.say(fmt.Sprintf("%s: games go to %s.", verb, filepath.Base(cfg.Out)), false)
	p.Sync()
}

func (p *Panel) stop() {
	p.model.Cancel()
	p.Sync()
}

// OpenGame shows the finished game with number id at its last position,
// as a click on it in the list does, through the current position's
// owner (which asks first if its game has unsaved changes).
func (p *Panel) OpenGame(id int) {
	for _, g := range p.st.Games {
		if g.ID != id || g.Archive == nil || p.opts.Current == nil {
			continue
		}
		game, title, err := viewer.ArchiveGame(g.Archive)
		if err != nil {
			p.say(fmt.Sprintf("game %d: %v", id, err), true)
			return
		}
		p.opts.Current.Open(game, title, math.MaxInt) // past the end: the end
		return
	}
}

func (p *Panel) say(msg string, bad bool) {
	p.message.Importance = widget.MediumImportance
	if bad {
		p.message.Importance = widget.DangerImportance
	}
	p.message.SetText(msg)
}

// Sync draws the model's state now, on the UI goroutine.
func (p *Panel) Sync() { p.apply(p.model.State()) }

func (p *Panel) apply(st State) {
	p.st = st
	p.rows = StandingRows(st.Standings, st.Stats)
	p.gameRows = p.gameRows[:0]
	for i := len(st.Games) - 1; i >= 0; i-- {
		p.gameRows = append(p.gameRows, st.Games[i])
	}
	if p.engine >= len(p.rows) {
		p.engine = 0
	}
	line := SummaryLine(st)
	if st.Notice != "" {
		line += "\n" + st.Notice
	}
	p.summary.SetText(line)
	p.standings.Refresh()
	p.stats.Refresh()
	p.gameTable.Refresh()
	p.drawGraph()
	field.Enable(p.startBtn, !st.Running)
	field.Enable(p.resumeBtn, !st.Running)
	field.Enable(p.stopBtn, st.Running && !st.Stopping)
	if !st.Running && st.Run > p.told {
		p.told = st.Run
		p.ended(st)
	}
}

// ended tells how the match ended.
func (p *Panel) ended(st State) {
	var msg string
	switch {
	case st.Err != nil:
		p.say(st.Err.Error(), true)
		msg = "match failed: " + st.Err.Error()
	case st.Stopped:
		msg = fmt.Sprintf("match stopped after %d of %d games; Resume continues it from %s", st.Standings.Done, st.Standings.Total, st.Config.Out)
		p.say(fmt.Sprintf("Stopped after %d of %d games: Resume continues it from %s.", st.Standings.Done, st.Standings.Total, filepath.Base(st.Config.Out)), false)
	default:
		msg = fmt.Sprintf("match over: %d games in %s", st.Standings.Done, st.Config.Out)
		p.say(fmt.Sprintf("Match over: %d games in %s.", st.Standings.Done, filepath.Base(st.Config.Out)), false)
	}
	if p.opts.Status != nil {
		p.opts.Status(msg)
	}
}

func (p *Panel) drawGraph() {
	name := ""
	if p.engine < len(p.rows) {
		name = p.rows[p.engine][0]
	}
	title := "Elo with its 95% interval"
	if name != "" {
		title = "Elo of " + name + " with its 95% interval"
		if len(p.rows) > 2 {
			title += " (select an engine in " + StandingsTab + ")"
		}
	}
	p.graph.Title = title
	p.graph.SetPoints(Curve(p.st, p.engine))
}

// saved is the form as kept in the preferences.
type saved struct {
	Lineup  []Entry
	Form    Settings
	AutoOut string
}

const prefKey = "matchpanel.settings"

// save keeps the form of the match started for the next session, so that
// Resume finds its settings again.
func (p *Panel) save() {
	if p.opts.Prefs == nil {
		return
	}
	if data, err := json.Marshal(saved{Lineup: p.lineup, Form: p.form(), AutoOut: p.autoOut}); err == nil {
		p.opts.Prefs.SetString(prefKey, string(data))
	}
}

// restore shows the form of the last match started; it reports false when
// there is none.
func (p *Panel) restore() bool {
	if p.opts.Prefs == nil {
		return false
	}
	var s saved
	if text := p.opts.Prefs.String(prefKey); text == "" || json.Unmarshal([]byte(text), &s) != nil {
		return false
	}
	p.lineup = s.Lineup
	for i, e := range p.lineup {
		p.lineup[i] = e.upgrade(p.engines)
	}
	p.gauntlet.SetChecked(s.Form.Gauntlet)
	p.sprt.SetChecked(s.Form.SPRT)
	for _, f := range p.fields(&s.Form) {
		f.e.SetText(*f.text)
	}
	p.autoOut = s.AutoOut
	return true
}
