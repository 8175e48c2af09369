package suitepanel

import (
	"errors"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/engines"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/files"
	"arimaa-workbench/ui/live"
	"arimaa-workbench/ui/prefs"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/tablefit"
	"arimaa-workbench/ui/tip"
)

// RefreshInterval is how often the panel redraws while the model changes.
const RefreshInterval = 50 * time.Millisecond

// Options configure a Panel.
type Options struct {
	// Engines lists the engines offered; the first is the default.
	Engines func() []engines.Choice
	// Factory starts the engine of a run's spec; nil: the spec's own
	// (ats.Spec.Factory). Tests give fake engines here.
	Factory func(ats.Spec) (ats.EngineFactory, error)
	// Current is the shared current position: the test editor takes a
	// position from it.
	Current *state.Current
	// OnEdit, when set, takes the selected test's position to the position
	// editor ("To editor"); source names the test.
	OnEdit func(p rules.Position, source string)
	// Dialogs asks for files; OpenFolder asks for a folder. Either may be
	// nil in tests.
	Dialogs    files.Dialogs
	OpenFolder func(fn func(path string))
	// RunsDir is where result files go; "" for ats.RunsDir().
	RunsDir string
	// Run runs a suite; nil for the real runner.
	Run RunFunc
	// Prefs remembers the last suite opened and the time per test; nil
	// remembers nothing.
	Prefs fyne.Preferences
	// Window hosts the test editor's dialog; nil in tests, which drive the
	// editor directly.
	Window fyne.Window
	// Status shows a line in the window's status bar (how a run ended);
	// may be nil.
	Status func(string)
}

// Panel is the test-suite panel.
type Panel struct {
	opts    Options
	model   *Model
	engines []engines.Choice

	suiteLabel *widget.Label
	loadErrBtn *widget.Button
	engineSel  *widget.Select
	timeEntry  *widget.Entry
	playouts   *widget.Entry
	cycles     *widget.Entry
	threads    *widget.Entry
	seed       *widget.Entry
	filter     *widget.Entry
	runBtn     *widget.Button
	stopBtn    *widget.Button
	resumeBtn  *widget.Button
	compareBtn *widget.Button
	progress   *field.Progress
	totals     *widget.Label
	message    *widget.Label
	table      *widget.Table
	board      *board.Board
	marks      *marks
	title      *widget.Label
	comment    *widget.Label
	moved      *widget.Label
	criteria   *widget.Label
	log        *widget.Label
	logScroll  *container.Scroll
	detailTabs *container.AppTabs
	listTabs   *container.AppTabs // the results and the score by tag
	tagTable   *widget.Table
	tags       [][]string // the rows of the score by tag
	tableBox   *fyne.Container
	editBtn    *widget.Button
	editor     *testEditor // the last test editor opened
	chooser    *runChooser // the last Compare dialog opened
	content    fyne.CanvasObject

	st      State
	rows    []Row
	running int // the row of the test last seen running, -1 for none
	// wasRunning is whether a run was going on at the last state drawn,
	// or was started since.
	wasRunning bool
	selected   string // test name
	logLines   []string
	refresh    *live.Refresher[State]
	natural    []float32 // widest text of each growing column
	widths     []float32 // the table's column widths as laid out
}

// New builds the panel and starts its refresh ticker.
func New(opts Options) *Panel {
	p := &Panel{opts: opts, model: NewModel(opts.Run), running: -1}
	p.refresh = live.NewRefresher[State](p.model, RefreshInterval, p.apply)
	p.build()
	p.ReloadEngines()
	if opts.Prefs != nil {
		if paths := opts.Prefs.StringList(prefSuite); len(paths) > 0 {
			p.Open(paths...)
		}
	}
	p.Sync()
	return p
}

// StartRefresh starts the ticker that redraws the panel from its model
// while the model changes. The window's owner calls it once; tests drive
// the panel with Sync instead, so that nothing touches the widgets from
// another goroutine.
func (p *Panel) StartRefresh() { p.refresh.Start() }

// Preference keys: the last suite opened, the time per test.
const (
	prefSuite = "suitepanel.suite"
	prefTime  = "suitepanel.time"
)

// SetThreadsDefault sets what the empty Threads field stands for, the
// count in the builtin engine's settings ("settings: every core").
func (p *Panel) SetThreadsDefault(text string) {
	p.threads.SetPlaceHolder(text)
}

// Model returns the panel's model.
func (p *Panel) Model() *Model { return p.model }

// Content is the panel's root object.
// ShowList brings forward the results ("Tests") or the score by tag
// ("By tag"); it reports false for another name.
func (p *Panel) ShowList(name string) bool { return field.SelectTab(p.listTabs, name) }

func (p *Panel) Content() fyne.CanvasObject { return p.content }

// Close stops the run and the ticker.
func (p *Panel) Close() {
	p.refresh.Stop()
	p.model.Stop()
}

// ReloadEngines asks Options.Engines for the engine list again.
func (p *Panel) ReloadEngines() {
	if p.opts.Engines == nil {
		return
	}
	p.engines = p.opts.Engines()
	engines.Reload(p.engineSel, engines.Names(p.engines))
}

// Open loads a suite from paths (folders and test files), selects the
// latest earlier run of the same suite for comparison, and remembers the
// paths for the next session.
func (p *Panel) Open(paths ...string) {
	p.model.Open(paths...)
	if p.opts.Prefs != nil {
		p.opts.Prefs.SetStringList(prefSuite, paths)
	}
	st := p.model.State()
	if st.Suite != nil {
		if path, ok := latestRun(p.runsDir(), st.Suite); ok {
			if err := p.model.ShowRun(path); err != nil {
				p.say(err.Error(), true)
			}
		}
	}
	p.selected = ""
	p.table.UnselectAll()
	p.Sync()
	// Show the first test's detail without selecting its row: selecting
	// would scroll a table that has not been laid out yet.
	if len(p.rows) > 0 {
		p.selected = p.rows[0].Name
		p.showSelected()
	}
}

func (p *Panel) runsDir() string {
	if p.opts.RunsDir != "" {
		return p.opts.RunsDir
	}
	dir, err := ats.RunsDir()
	if err != nil {
		return ""
	}
	return dir
}

// Sync draws the model's state now, on the UI goroutine.
func (p *Panel) Sync() { p.refresh.Sync() }

func (p *Panel) build() {
	p.suiteLabel = widget.NewLabel("No suite open.")
	p.suiteLabel.TextStyle.Bold = true
	p.suiteLabel.Truncation = fyne.TextTruncateEllipsis
	p.loadErrBtn = widget.NewButtonWithIcon("", theme.WarningIcon(), p.showLoadErrors)
	p.loadErrBtn.Importance = widget.WarningImportance
	p.loadErrBtn.Hide()
	openFolder := widget.NewButtonWithIcon("Folder…", theme.FolderOpenIcon(), func() {
		if p.opts.OpenFolder != nil {
			p.opts.OpenFolder(func(path string) { p.Open(path) })
		}
	})
	openFile := widget.NewButtonWithIcon("File…", theme.FileIcon(), func() {
		if p.opts.Dialogs != nil {
			p.opts.Dialogs.Open("Open a test suite", []string{".ats", ".toml"}, func(path string) { p.Open(path) })
		}
	})
	addFile := widget.NewButtonWithIcon("Add…", theme.ContentAddIcon(), func() {
		if p.opts.Dialogs != nil {
			p.opts.Dialogs.Open("Add tests to the suite", []string{".ats", ".toml"}, func(path string) {
				p.Open(append(append([]string(nil), p.model.State().Paths...), path)...)
			})
		}
	})

	p.engineSel = widget.NewSelect(nil, nil)
	p.engineSel.PlaceHolder = "no engine"
	p.timeEntry = field.Entry("1", "seconds")
	prefs.RememberEntry(p.opts.Prefs, prefTime, p.timeEntry, func(s string) bool {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		return err == nil && v >= 0
	})
	p.playouts = field.Entry("", "no budget")
	p.cycles = field.Entry("1", "1")
	// Empty takes the engine's own count (the builtin engine's
	// search.threads); SetThreadsDefault says what that is.
	p.threads = field.Entry("", "engine's default")
	p.seed = field.Entry("1", "")
	p.filter = widget.NewEntry()
	p.filter.PlaceHolder = "all tests (e.g. 1-10, tag:goal, camel-*)"
	p.filter.OnChanged = func(s string) {
		if err := p.model.SetFilter(s); err != nil {
			p.say(err.Error(), true)
			return
		}
		p.say("", false)
		p.Sync()
	}

	p.runBtn = widget.NewButtonWithIcon("Run", theme.MediaPlayIcon(), p.run)
	p.runBtn.Importance = widget.HighImportance
	p.stopBtn = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), p.stop)
	p.resumeBtn = widget.NewButtonWithIcon("Resume", theme.MediaSkipNextIcon(), p.resume)
	p.compareBtn = widget.NewButtonWithIcon("Compare…", theme.ContentCopyIcon(), p.compare)
	p.progress = field.NewProgress()
	p.totals = widget.NewLabel("")
	p.totals.TextStyle.Bold = true
	// The line grows with a comparison and a time estimate: wrapped, it
	// never widens the panel (and with it the window) past its column.
	p.totals.Wrapping = fyne.TextWrapWord
	p.message = widget.NewLabel("")
	p.message.Wrapping = fyne.TextWrapWord

	settings := container.New(layout.NewGridLayoutWithColumns(6),
		field.Labelled("Engine", p.engineSel), field.Labelled("Time (s)", p.timeEntry), field.Labelled("Nodes/playouts", p.playouts),
		field.Labelled("Cycles", p.cycles), field.Labelled("Threads", p.threads), field.Labelled("Seed", p.seed))
	files := container.NewHBox(openFolder, openFile, addFile)
	// The progress bar shares the suite's row: the rows over the table
	// are few, so that it shows a dozen tests at 1280x800.
	progress := container.NewGridWrap(fyne.NewSize(progressWidth, p.progress.MinSize().Height), p.progress)
	header := container.NewBorder(nil, nil, files, container.NewHBox(p.loadErrBtn, progress), p.suiteLabel)
	buttons := container.NewHBox(p.runBtn, p.stopBtn, p.resumeBtn, p.compareBtn)
	filterRow := container.NewBorder(nil, nil, widget.NewLabel("Filter"), buttons, p.filter)
	top := container.NewVBox(header, settings, filterRow)

	detail := p.buildDetail()

	p.table = p.newTable()
	p.tableBox = tablefit.New(p.table, p.tableColumns, func(w []float32) { p.widths = w })
	// The score by tag is a tab beside the results, each the column's
	// height: under the test's board it had two rows at 1280x800.
	p.listTabs = container.NewAppTabs(
		container.NewTabItem("Tests", p.tableBox),
		container.NewTabItem("By tag", p.newTagTable()))
	left := container.NewBorder(nil, container.NewVBox(p.totals, p.message), nil, nil, field.CompactTabs(field.LazyTabs(p.listTabs)))
	// The results take the width that shows the move played at 1024x700.
	split := container.NewHSplit(left, detail)
	split.Offset = 0.6
	p.content = container.NewBorder(top, nil, nil, nil, split)
}

// buildDetail makes the right side: the selected test's board, name and
// buttons, its detail and the engine's output.
func (p *Panel) buildDetail() fyne.CanvasObject {
	p.board = board.New(rules.Position{})
	p.marks = newMarks(p.board)
	p.title = widget.NewLabel("Select a test.")
	p.title.TextStyle.Bold = true
	p.title.Truncation = fyne.TextTruncateEllipsis
	p.comment = widget.NewLabel("")
	p.comment.Wrapping = fyne.TextWrapWord
	p.moved = widget.NewLabel("")
	p.moved.Wrapping = fyne.TextWrapWord
	p.criteria = widget.NewLabel("")
	p.criteria.TextStyle.Monospace = true
	p.criteria.Wrapping = fyne.TextWrapWord
	// Search output lines wrap rather than being cut off.
	p.log = widget.NewLabel("")
	p.log.TextStyle.Monospace = true
	p.log.Wrapping = fyne.TextWrapWord
	p.logScroll = container.NewVScroll(p.log)
	p.editBtn = widget.NewButtonWithIcon("Edit test…", theme.DocumentCreateIcon(), p.edit)
	p.editBtn.Disable()
	toEditor := widget.NewButtonWithIcon("To editor", theme.NavigateNextIcon(), func() {
		if t := p.selectedTest(); t != nil && p.opts.OnEdit != nil {
			p.opts.OnEdit(t.Position, "test "+t.Name)
		}
	})
	if p.opts.OnEdit == nil {
		toEditor.Hide()
	}
	info := container.NewVBox(p.comment, p.moved, p.criteria)
	heading := container.NewBorder(nil, nil, nil, container.NewHBox(toEditor, p.editBtn), p.title)
	p.detailTabs = container.NewAppTabs(
		container.NewTabItem("Test", container.NewVScroll(info)),
		container.NewTabItem("Search output", p.logScroll))
	field.LazyTabs(p.detailTabs)
	// The test's board as large as the column's width and height allow,
	// with its name and buttons over it and the test's detail and the
	// engine's output under it.
	return board.NewColumn(&board.Column{Above: heading, Board: container.NewStack(p.board, p.marks),
		Fill: p.detailTabs, FillMin: detailMinHeight, FillShare: 0.3})

}

// detailMinHeight is the least height of the test's detail under its
// board; progressWidth the width of the run's progress bar.
const (
	detailMinHeight = 80
	progressWidth   = 220
)

// tableColumns share the table's width: the test's name, its tags and the
// move played grow up to the width of their longest text.
func (p *Panel) tableColumns() []tablefit.Column {
	cols := make([]tablefit.Column, len(columns))
	for i, c := range columns {
		cols[i] = tablefit.Column{Min: c.width, Optional: c.optional}
		if i == numberColumn && i < len(p.natural) {
			// Never cut: 100 to 148 would all read "1…".
			cols[i].Min = max(c.width, p.natural[i])
		}
		if c.grow {
			cols[i].Grow = 1
			cols[i].Max = c.width
			if i < len(p.natural) { // measured once a suite is open
				cols[i].Max = max(c.width, min(p.natural[i], maxColumnWidth))
			}
		}
	}
	return cols
}

// numberColumn is the test's number, as wide as the widest.
const numberColumn = 0

// maxColumnWidth bounds how wide a growing column gets.
const maxColumnWidth = 420

// measureColumns finds the width of the longest text of each growing
// column and of the number's.
func (p *Panel) measureColumns() {
	if len(p.natural) != len(columns) {
		p.natural = make([]float32, len(columns))
	}
	changed := false
	defer func() {
		if changed {
			p.tableBox.Refresh() // lays the columns out again
		}
	}()
	size := theme.TextSize()
	for i, c := range columns {
		if !c.grow && i != numberColumn {
			continue
		}
		w := float32(0)
		for _, r := range p.rows {
			w = max(w, fyne.MeasureText(CellText(r, i), size, fyne.TextStyle{}).Width)
		}
		w += 4*theme.Padding() + 2
		changed = changed || w != p.natural[i]
		p.natural[i] = w
	}
}

// columnWidth is the width column i has now.
func (p *Panel) columnWidth(i int) float32 {
	if i < len(p.widths) {
		return p.widths[i]
	}
	return columns[i].width
}

func (p *Panel) say(msg string, bad bool) {
	p.message.Importance = widget.MediumImportance
	if bad {
		p.message.Importance = widget.DangerImportance
	}
	p.message.SetText(msg)
}

func (p *Panel) showLoadErrors() {
	if p.opts.Dialogs == nil {
		return
	}
	p.opts.Dialogs.Error(errors.Join(p.st.LoadErrs...))
}

// setup reads the run settings; an error names the field.
func (p *Panel) setup() (Setup, error) {
	var s Setup
	i := p.engineSel.SelectedIndex()
	if i < 0 || i >= len(p.engines) {
		return s, errors.New("choose an engine first")
	}
	choice := p.engines[i]
	// num reads a field (empty: 0); the first field that is not a number
	// of zero or more is the error.
	var bad error
	num := func(name, text string, integer bool) float64 {
		text = strings.TrimSpace(text)
		if text == "" || bad != nil {
			return 0
		}
		v, err := strconv.ParseFloat(text, 64)
		if err != nil || v < 0 || integer && v != float64(int64(v)) {
			kind := "number"
			if integer {
				kind = "whole number"
			}
			bad = fmt.Errorf("%s: %q is not a %s of zero or more", name, text, kind)
		}
		return v
	}
	t, n := num("Time", p.timeEntry.Text, false), num("Nodes/playouts", p.playouts.Text, true)
	c, th, sd := num("Cycles", p.cycles.Text, true), num("Threads", p.threads.Text, true), num("Seed", p.seed.Text, true)
	if bad != nil {
		return s, bad
	}
	if t == 0 && n == 0 {
		return s, errors.New("give a time per test or a playout budget")
	}
	spec, err := choice.Spec()
	if err != nil {
		return s, err
	}
	paths := p.model.State().Paths
	if len(paths) == 0 {
		return s, ErrNoSuite
	}
	playouts, cycles := int64(n), int(c)
	in := ats.RunInput{Spec: &spec, Paths: paths, Time: &t, Playouts: &playouts, Cycles: &cycles}
	if choice.Builtin {
		threads, seed := int(th), uint64(sd)
		in.Threads, in.Seed = &threads, &seed
	}
	plan, err := ats.PlanRun(in)
	if err != nil {
		return s, fmt.Errorf("%s: %w", choice.Name, err)
	}
	factory := p.opts.Factory
	if factory == nil {
		factory = ats.Spec.Factory
	}
	if s.Engine, err = factory(plan.Spec); err != nil {
		return s, fmt.Errorf("%s: %w", choice.Name, err)
	}
	// The result file records the engine as `ats run` does (the spec's
	// record: "builtin" or the AEI command line, and its options), not the
	// choice's name in the list, so that `ats run --resume` can start it.
	s.EngineName, s.Options = plan.Spec.Record()
	s.EngineDir = plan.Spec.Dir
	s.Limits, s.Cycles, s.Threshold = plan.Limits, plan.Cycles, plan.Threshold
	if choice.Builtin {
		s.Threads, s.Seed = plan.Spec.Threads, plan.Spec.Seed
	}
	return s, nil
}

// Run starts a run of the open suite with the settings shown, as the Run
// button does.
func (p *Panel) Run() { p.run() }

func (p *Panel) run() {
	s, err := p.setup()
	if err != nil {
		p.say(err.Error(), true)
		return
	}
	st := p.model.State()
	if st.Suite == nil {
		p.say(ErrNoSuite.Error(), true)
		return
	}
	if dir := p.runsDir(); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err == nil {
			s.ResultFile = filepath.Join(dir, ats.RunFileName(st.Suite.Name, time.Now()))
		}
	}
	// The run about to start is compared with the one shown before it.
	if st.Summary != nil {
		p.model.SetPrevious(st.Summary)
	}
	p.started(p.model.Start(s))
}

// started shows how starting a run went: the error, or the run going on.
func (p *Panel) started(err error) {
	if err != nil {
		p.say(err.Error(), true)
		return
	}
	p.say("", false)
	// A run of a few quick tests may end before the window draws a
	// state of it running: its end must still be said.
	p.wasRunning = true
	p.Sync()
}

func (p *Panel) stop() {
	p.stopBtn.Disable()
	p.say("Stopping… Resume will run the tests not finished.", false)
	// The end of the run reaches the widgets through the model.
	p.model.Cancel()
}

func (p *Panel) resume() {
	var engine ats.EngineFactory
	if p.model.State().Setup.Engine == nil {
		s, err := p.setup()
		if err != nil {
			p.say(err.Error(), true)
			return
		}
		engine = s.Engine
	}
	p.started(p.model.Resume(engine))
}

// compare offers the earlier runs of the open suite from the runs folder,
// newest first, with "Other file…" for a result file elsewhere; with no
// earlier run (or no window to ask in) it asks for a file at once.
func (p *Panel) compare() {
	st := p.model.State()
	var runs []EarlierRun
	for _, r := range runsOf(p.runsDir(), st.Suite, 0) {
		if r.Path != st.Setup.ResultFile { // not the run shown
			r.Engine = p.listName(r.Summary.Run.Engine)
			runs = append(runs, r)
		}
	}
	if len(runs) == 0 || p.opts.Window == nil {
		p.compareFile()
		return
	}
	p.chooser = newRunChooser(st.Suite.Name, runs, p.opts.Window, func(r EarlierRun) {
		p.model.SetPrevious(r.Summary)
		p.say("Comparing with the run of "+r.Summary.Run.Start.Local().Format("2006-01-02 15:04")+".", false)
		p.Sync()
	}, p.compareFile)
}

// listName is the name in the engine list of the engine a result file
// records as engine (ats.Spec.Record: "builtin" or an AEI command line),
// "" when the list has none.
func (p *Panel) listName(engine string) string {
	for _, c := range p.engines {
		if spec, err := c.Spec(); err == nil {
			if rec, _ := spec.Record(); rec == engine {
				return c.Name
			}
		}
	}
	return ""
}

// compareFile asks for a result file to compare with.
func (p *Panel) compareFile() {
	if p.opts.Dialogs == nil {
		return
	}
	p.opts.Dialogs.Open("Compare with an earlier run", []string{".jsonl", ".json"}, func(path string) {
		if err := p.model.LoadPrevious(path); err != nil {
			p.say(err.Error(), true)
			return
		}
		p.say("Comparing with "+filepath.Base(path)+".", false)
		p.Sync()
	})
}

// runChooser is the Compare dialog: the earlier runs of the suite, and
// buttons to compare with the one selected, pick another file, or cancel.
type runChooser struct {
	list    *widget.List
	compare *widget.Button
	other   *widget.Button
	cancel  *widget.Button
	dialog  *dialog.CustomDialog
}

func newRunChooser(suite string, runs []EarlierRun, w fyne.Window, chosen func(EarlierRun), other func()) *runChooser {
	c := &runChooser{}
	selected := -1
	c.list = widget.NewList(func() int { return len(runs) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(runs[i].Text()) })
	c.compare = widget.NewButtonWithIcon("Compare", theme.ContentCopyIcon(), func() {
		c.dialog.Hide()
		chosen(runs[selected])
	})
	c.compare.Importance = widget.HighImportance
	c.compare.Disable()
	c.list.OnSelected = func(i widget.ListItemID) {
		selected = i
		c.compare.Enable()
	}
	c.other = widget.NewButtonWithIcon("Other file…", theme.FileIcon(), func() {
		c.dialog.Hide()
		other()
	})
	c.cancel = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { c.dialog.Hide() })
	intro := widget.NewLabel(fmt.Sprintf("Earlier runs of %s, newest first: choose one to compare the results shown with.", suite))
	intro.Wrapping = fyne.TextWrapWord
	c.dialog = dialog.NewCustomWithoutButtons("Compare with an earlier run", container.NewBorder(intro, nil, nil, nil, c.list), w)
	c.dialog.SetButtons([]fyne.CanvasObject{c.cancel, c.other, c.compare})
	size := w.Canvas().Size()
	c.dialog.Resize(fyne.NewSize(min(820, size.Width*0.9), min(480, size.Height*0.8)))
	c.dialog.Show()
	return c
}

// apply draws st on the UI goroutine.
func (p *Panel) apply(st State) {
	p.st = st
	switch {
	case st.Suite == nil:
		p.suiteLabel.SetText("No suite open.")
	default:
		p.suiteLabel.SetText(fmt.Sprintf("%s — %d tests", st.Suite.Name, len(st.Suite.Tests)))
	}
	if n := len(st.LoadErrs); n > 0 {
		p.loadErrBtn.SetText(fmt.Sprintf("%d files failed to load", n))
		p.loadErrBtn.Show()
	} else {
		p.loadErrBtn.Hide()
	}
	p.rows = Rows(st)
	p.measureColumns()
	p.table.Refresh()
	p.totals.SetText(Totals(st))
	p.tags = TagRows(st)
	p.tagTable.Refresh()
	if st.Status.Total > 0 {
		p.progress.SetValue(float64(st.Status.Done) / float64(st.Status.Total))
	} else {
		p.progress.SetIdle("")
	}
	field.Enable(p.runBtn, !st.Running && st.Suite != nil)
	field.Enable(p.stopBtn, st.Running)
	field.Enable(p.resumeBtn, !st.Running && st.Resumable)
	field.Enable(p.compareBtn, !st.Running)
	p.followRun(st)
	if st.Err != nil {
		p.say(st.Err.Error(), true)
	}
	p.showSelected()
}

// followRun keeps the test running in view as the run goes on, and says
// how a run ended, under the buttons and in the status bar, when it does.
func (p *Panel) followRun(st State) {
	was := p.wasRunning
	p.wasRunning = st.Running
	if st.Running {
		for i, r := range p.rows {
			if r.Running && i != p.running {
				p.running = i
				p.table.ScrollTo(widget.TableCellID{Row: i, Col: 0})
				break
			}
		}
		return
	}
	p.running = -1
	if !was || st.Err != nil {
		return
	}
	s := st.Status
	msg := fmt.Sprintf("Run finished: score %.2f of %.2f, %d passed, %d failed, %d errors.", s.Score, s.MaxScore, s.Passed, s.Failed, s.Errors)
	if s.Done < s.Total {
		msg = fmt.Sprintf("Run stopped after %d of %d tests: Resume runs the rest.", s.Done, s.Total)
	}
	p.say(msg, false)
	if p.opts.Status != nil {
		p.opts.Status(msg)
	}
}

func (p *Panel) selectedTest() *ats.Test {
	if ts := p.st.Tests[p.selected]; ts != nil {
		return ts.Test
	}
	return nil
}

// showSelected draws the selected test's detail.
func (p *Panel) showSelected() {
	ts := p.st.Tests[p.selected]
	if ts == nil {
		p.title.SetText("Select a test.")
		p.comment.SetText("")
		p.moved.SetText("")
		p.criteria.SetText("")
		p.logLines = nil
		p.log.SetText("")
		p.editBtn.Disable()
		p.marks.Set(0, 0)
		return
	}
	p.editBtn.Enable()
	t := ts.Test
	var res *ats.TestResult
	if r, ok := ts.Last(); ok {
		res = &r
	}
	d := DetailOf(t, res)
	title := fmt.Sprintf("%d. %s", t.Number, t.Name)
	if len(t.Tags) > 0 {
		title += "   [" + strings.Join(t.Tags, ", ") + "]"
	}
	p.title.SetText(title)
	p.comment.SetText(t.Comment)
	switch {
	case ts.Running:
		p.moved.SetText("Running…")
	case res == nil:
		p.moved.SetText("Not run yet.")
	default:
		p.moved.SetText(fmt.Sprintf("Engine's move: %s   (score %.2f of %.2f, %s)", d.Moved, res.Score, res.MaxScore, strings.ToUpper(string(res.Status))))
	}
	p.criteria.SetText("Criteria (block weight: atoms)\n" + strings.Join(d.Criteria, "\n"))
	p.board.Display(d.Position, board.Overlays{PV: d.Move, Selected: rules.NoSquare})
	p.marks.Set(d.Good, d.Bad)
	lines := ts.Log
	if len(lines) == 0 && res != nil {
		lines = res.Log
	}
	if len(lines) == 0 && res != nil {
		lines = []string{"(the engine's output was not recorded for this result)"}
	}
	changed := len(lines) != len(p.logLines)
	p.logLines = lines
	if changed {
		p.log.SetText(strings.Join(lines, "\n"))
		p.logScroll.ScrollToBottom()
	}
}

// Column layout of the results table.
var columns = []struct {
	title string
	width float32 // the least width
	right bool
	grow  bool // widens with the table up to its longest text
	// optional columns are scrolled to rather than keeping the others
	// narrow: at 1024x700 what follows the move played. The name and the
	// tags are cut there, whole in their tips.
	optional bool
}{
	{"#", 40, true, false, false},
	{"Test", 110, false, true, false},
	{"Tags", 76, false, true, false},
	{"Result", 72, false, false, false},
	{"Score", 96, true, false, false},
	{"Move", 130, false, true, false},
	{"Time", 72, true, false, true},
	{"Solved", 72, true, false, true},
	{"Errors", 120, false, false, true},
	{"Change", 84, false, false, true},
	{"Comment", 320, false, false, true},
}

// statusColor is the colour of a result: green pass, red fail, orange error.
func statusColor(r Row) color.Color {
	switch {
	case r.Running:
		return theme.Color(theme.ColorNamePrimary)
	case r.Status == ats.Pass:
		return theme.Color(theme.ColorNameSuccess)
	case r.Status == ats.Fail:
		return theme.Color(theme.ColorNameError)
	case r.Status == ats.Error:
		return theme.Color(theme.ColorNameWarning)
	}
	return theme.Color(theme.ColorNamePlaceHolder)
}

// cell is one table cell: a text on an optional coloured badge.
type cell struct {
	bg   *canvas.Rectangle
	text *canvas.Text
}

func (p *Panel) newTable() *widget.Table {
	var t *widget.Table
	t = widget.NewTable(
		func() (int, int) { return len(p.rows), len(columns) },
		func() fyne.CanvasObject {
			bg := canvas.NewRectangle(color.Transparent)
			bg.CornerRadius = 4
			txt := canvas.NewText("", theme.Color(theme.ColorNameForeground))
			spot := tip.NewSpot()
			spot.Under = t
			return container.NewStack(bg, container.NewPadded(txt), spot)
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			stack := o.(*fyne.Container)
			bg := stack.Objects[0].(*canvas.Rectangle)
			txt := stack.Objects[1].(*fyne.Container).Objects[0].(*canvas.Text)
			p.updateCell(id, bg, txt)
			spot := stack.Objects[2].(*tip.Spot)
			spot.Tip = ""
			if id.Row < len(p.rows) {
				if full := CellText(p.rows[id.Row], id.Col); full != txt.Text {
					spot.Tip = full
				}
			}
		})
	tablefit.Header(t, func(col int) string {
		if col < len(columns) {
			return columns[col].title
		}
		return ""
	})
	t.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(p.rows) {
			p.selected = p.rows[id.Row].Name
			p.showSelected()
		}
	}
	return t
}

// CellText is the text of a table cell.
func CellText(r Row, col int) string {
	switch col {
	case 0:
		return r.Number
	case 1:
		return r.Name
	case 2:
		return r.Tags
	case 3:
		return r.StatusText()
	case 4:
		return r.Score
	case 5:
		return r.Move
	case 6:
		return r.Time
	case 7:
		return r.Solved
	case 8:
		return r.Errors
	case 9:
		return r.Change
	case 10:
		return r.Comment
	}
	return ""
}

func (p *Panel) updateCell(id widget.TableCellID, bg *canvas.Rectangle, txt *canvas.Text) {
	if id.Row >= len(p.rows) {
		txt.Text = ""
		bg.FillColor = color.Transparent
		txt.Refresh()
		bg.Refresh()
		return
	}
	r := p.rows[id.Row]
	txt.TextSize = theme.TextSize()
	txt.TextStyle = fyne.TextStyle{}
	txt.Alignment = fyne.TextAlignLeading
	if columns[id.Col].right {
		txt.Alignment = fyne.TextAlignTrailing
	}
	txt.Color = theme.Color(theme.ColorNameForeground)
	bg.FillColor = color.Transparent
	switch id.Col {
	case 3:
		if r.Status != "" || r.Running {
			bg.FillColor = statusColor(r)
			txt.Color = color.White
			txt.TextStyle.Bold = true
			txt.Alignment = fyne.TextAlignCenter
		}
	case 8:
		txt.Color = theme.Color(theme.ColorNameError)
	case 9:
		switch ats.Change(r.Change) {
		case ats.Better, ats.Fixed:
			txt.Color = theme.Color(theme.ColorNameSuccess)
		case ats.Worse, ats.Errored:
			txt.Color = theme.Color(theme.ColorNameError)
		}
	}
	txt.Text = ellipsis(CellText(r, id.Col), p.columnWidth(id.Col), txt.TextStyle)
	txt.Refresh()
	bg.Refresh()
}

// ellipsis shortens s to fit a column width pixels wide, padding
// included: canvas.Text does not truncate by itself.
func ellipsis(s string, width float32, style fyne.TextStyle) string {
	avail := width - 4*theme.Padding()
	size := theme.TextSize()
	if fyne.MeasureText(s, size, style).Width <= avail {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 0; n-- {
		t := string(r[:n]) + "…"
		if fyne.MeasureText(t, size, style).Width <= avail {
			return t
		}
	}
	return "…"
}
