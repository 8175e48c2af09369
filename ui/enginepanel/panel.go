package enginepanel

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/engines"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/live"
	"arimaa-workbench/ui/plot"
	"arimaa-workbench/ui/prefs"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/tablefit"
	"arimaa-workbench/ui/tip"
	"arimaa-workbench/ui/wheel"
)

// RefreshInterval is how often the panel draws the model's latest state
// while it changes: about 20 frames a second, however fast the engine
// reports.
const RefreshInterval = 50 * time.Millisecond

// maxCandidates is how many candidate moves the table lists.
const maxCandidates = 20

// Options configures a Panel.
type Options struct {
	// Current is the shared current position: the panel analyses it and
	// keeps its evaluation tab in step with it.
	Current *state.Current
	// Engines returns the engines the chooser offers, the first being the
	// default. It is called again whenever the settings tab changes the list
	// of external engines.
	Engines func() []engines.Choice
	// Open makes a chosen engine when the list is loaded; nil:
	// engines.Choice.Engine.
	Open func(engines.Choice) analysis.Engine
	// Settings is the content of the settings tab (the builtin engine's
	// configuration form and the external engines); nil leaves the tab out.
	Settings fyne.CanvasObject
	// Evaluation is the evaluation tab's source; nil leaves the tab out.
	Evaluation *Evaluation
	// Prefs remembers the time per analysis between sessions; nil
	// remembers nothing.
	Prefs fyne.Preferences
}

// prefTime keeps the time per analysis between sessions.
const prefTime = "enginepanel.time"

// viewKind says what the panel's board is showing.
type viewKind int

const (
	viewBest      viewKind = iota // the analysed position with the best move
	viewPV                        // the position after a step of the PV
	viewCandidate                 // the position after a candidate move
	viewTree                      // the position at a tree node
	viewEval                      // a goal or capture of the evaluation tab
	viewIteration                 // the first turn of an iteration's principal variation
)

// Panel is the engine panel. Build it with New, put Content() in a window
// and call Close when the window goes.
type Panel struct {
	opts  Options
	model *Model

	engines []analysis.Engine

	// Widgets, kept for the ticker and for tests.
	engineSel *widget.Select
	timeEntry *widget.Entry
	playouts  *widget.Entry
	threads   *widget.Entry
	seed      *widget.Entry
	startBtn  *widget.Button
	stopBtn   *widget.Button
	status    *widget.Label
	// notice is the error of the user's last action (a bad limit, no
	// engine chosen), kept over the model's state until the next start.
	notice    string
	figures   []*widget.Label
	captions  []*widget.Label
	board     *board.Board
	copyBtn   *tip.Button
	boardNote *widget.Label
	pvBox     *fyne.Container
	pvButtons []*widget.Button
	cands     *widget.Table
	iters     *widget.Table
	iterRows  [][]string // IterationRows of the state shown
	graph     *plot.WinRatio
	raw       *widget.List
	rawNote   *tip.Label
	tree      *treeView
	tabs      *container.AppTabs
	content   fyne.CanvasObject

	// What the widgets show, from the last state applied.
	st       State
	frames   atomic.Int64 // states applied, for the throttling test
	line     Line
	rows     []CandidateRow
	rawLines []string
	view     viewKind
	viewIdx  int

	// What the board shows, to skip redrawing it unchanged.
	shownPos   rules.Position
	shownOver  board.Overlays
	shownValid bool

	refresh  *live.Refresher[State]
	once     sync.Once
	unlisten func()

	// observers are told every state the panel draws (the analysis view's
	// lines and board).
	observers []func(State)
	// follow analyses the current position again whenever it changes
	// (the analysis view's Analyse, until its Stop).
	follow bool
}

// Observe has fn told every state the panel draws, on the UI goroutine.
func (p *Panel) Observe(fn func(State)) { p.observers = append(p.observers, fn) }

// SetFollow starts (true) analysing the current position and again each
// time it changes, or (false) stops the analysis and the following.
func (p *Panel) SetFollow(on bool) {
	p.follow = on
	if on {
		p.model.Stop()
		p.start()
	} else {
		p.stop()
	}
	p.Sync()
}

// followingText ends the status of a finished analysis while the panel
// follows the board.
const followingText = "Following the board: another position is analysed as soon as it is shown."

// Following reports whether the panel analyses the current position
// whenever it changes.
func (p *Panel) Following() bool { return p.follow }

// current reports whether st is an analysis of the current position.
func (p *Panel) current(st State) bool {
	if p.opts.Current == nil || st.Reports == 0 && !st.Running {
		return false
	}
	return samePosition(toAnalyse(p.opts.Current.Get()), st.Start)
}

// Marks are the analysis's marks for pos (the candidates' arrows and
// Gold's win ratio for the evaluation bar), as the panel's own board
// shows them, when the last analysis is of pos.
func (p *Panel) Marks(pos rules.Position) (board.Overlays, bool) {
	st := p.st
	if st.Reports == 0 || !samePosition(pos, st.Start) {
		return board.Overlays{}, false
	}
	return analysisMarks(st), true
}

// New builds the panel and starts its refresh ticker.
func New(opts Options) *Panel {
	p := &Panel{opts: opts, model: NewModel()}
	p.refresh = live.NewRefresher[State](p.model, RefreshInterval, p.apply)
	p.build()
	if opts.Evaluation != nil {
		opts.Evaluation.show = func(pos rules.Position, o board.Overlays, note string) {
			p.view = viewEval
			p.display(pos, o)
			setText(p.boardNote, note)
		}
	}
	p.ReloadEngines()
	if opts.Evaluation != nil {
		// Before any analysis the static evaluation is what there is to see.
		p.ShowTab("Evaluation")
	}
	if opts.Current != nil {
		p.unlisten = opts.Current.Listen(func(state.Snapshot) { p.positionChanged() })
	}
	p.positionChanged()
	return p
}

// StartRefresh starts the ticker that redraws the panel from its model
// while the model changes. The window's owner calls it once; tests drive
// the panel with Sync instead, so that nothing touches the widgets from
// another goroutine.
func (p *Panel) StartRefresh() { p.refresh.Start() }

// ShowTab brings forward the panel's tab called name ("Candidates", "Iterations",
// "Search tree", "Evaluation", "Output", "Settings"); it reports
// false when there is none.
func (p *Panel) ShowTab(name string) bool { return field.SelectTab(p.tabs, name) }

// Model returns the panel's model, for adapters and tests.
func (p *Panel) Model() *Model { return p.model }

// Content is the panel's root object.
func (p *Panel) Content() fyne.CanvasObject { return p.content }

// Close stops the analysis and the refresh ticker.
func (p *Panel) Close() {
	p.once.Do(func() {
		if p.unlisten != nil {
			p.unlisten()
		}
	})
	p.refresh.Stop()
	p.model.Stop()
}

// ReloadEngines asks Options.Engines for the engine list again, keeping the
// selected engine when it is still offered.
func (p *Panel) ReloadEngines() {
	if p.opts.Engines == nil {
		return
	}
	choices := p.opts.Engines()
	p.engines = make([]analysis.Engine, len(choices))
	for i, c := range choices {
		if p.opts.Open != nil {
			p.engines[i] = p.opts.Open(c)
		} else {
			p.engines[i] = c.Engine()
		}
	}
	engines.Reload(p.engineSel, engines.Names(choices))
}

// Sync draws the model's current state now, on the calling (UI) goroutine.
func (p *Panel) Sync() { p.refresh.Sync() }

func (p *Panel) build() {
	p.engineSel = widget.NewSelect(nil, nil)
	p.engineSel.PlaceHolder = "Choose an engine"
	p.timeEntry = numberEntry("5", "seconds")
	prefs.RememberEntry(p.opts.Prefs, prefTime, p.timeEntry, func(s string) bool {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		return err == nil && v >= 0
	})
	p.playouts = numberEntry("", "no limit")
	// Empty takes the engine's own count (the builtin engine's
	// search.threads); SetThreadsDefault says what that is.
	p.threads = numberEntry("", "engine's default")
	p.seed = numberEntry("1", "random")
	p.startBtn = widget.NewButtonWithIcon("Analyse", theme.MediaPlayIcon(), p.start)
	p.startBtn.Importance = widget.HighImportance
	p.stopBtn = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), p.stop)
	p.stopBtn.Disable()
	p.status = widget.NewLabel("Idle.")
	p.status.Wrapping = fyne.TextWrapWord

	// The engine and the buttons on one line, the limits under them, each
	// captioned: the controls take two short rows, not a tall form.
	row := container.NewBorder(nil, nil, nil, container.NewHBox(p.startBtn, p.stopBtn), p.engineSel)
	limits := container.NewGridWithColumns(4,
		field.Labelled("Time (s)", p.timeEntry), field.Labelled("Nodes/playouts", p.playouts),
		field.Labelled("Threads", p.threads), field.Labelled("Seed", p.seed))

	// Live figures: a caption over each value, four to a row, the best
	// move among them. A value is cut, not wrapped, with its whole text
	// as a tip: a longer one must not push the tabs down. The PV row
	// under the board shows the best move whole.
	figs := Figures(rules.Position{}, analysis.Report{})
	cells := make([]fyne.CanvasObject, 0, len(figs))
	for _, f := range figs {
		caption := newCaption(f.Label)
		value := tip.NewLabel(f.Value)
		value.TextStyle.Bold = true
		p.figures = append(p.figures, &value.Label)
		p.captions = append(p.captions, caption)
		cells = append(cells, container.New(layout.NewCustomPaddedVBoxLayout(-2*theme.Padding()), caption, value))
	}
	figures := container.NewGridWithColumns(4, cells...)

	p.graph = plot.NewWinRatio("Best move's win ratio for the side to move")

	p.board = board.New(rules.StartPosition())
	p.board.SetEvalBar(true)
	p.boardNote = widget.NewLabel("")
	p.boardNote.Alignment = fyne.TextAlignCenter
	// The note names the best move: wrapped, it is never cut off, in
	// room for two lines kept whatever it says, so that the board stays
	// put.
	p.boardNote.Wrapping = fyne.TextWrapWord
	p.pvBox = container.NewHBox()
	p.copyBtn = p.copyButton()
	pvLabel := widget.NewLabel("PV")
	pvLabel.TextStyle.Bold = true
	bestBtn := tip.NewButton(theme.HomeIcon(), "Back to the analysed position and its best move", func() { p.setView(viewBest, 0) })
	pvRow := container.NewBorder(nil, nil, container.NewHBox(pvLabel, bestBtn, p.copyBtn), nil, container.NewHScroll(p.pvBox))

	p.cands = p.newCandidateTable()
	p.iters = p.newIterationTable()
	p.raw = widget.NewList(
		func() int { return len(p.rawLines) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.TextStyle.Monospace = true
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(p.rawLines) {
				o.(*widget.Label).SetText(p.rawLines[i])
			}
		})
	// One line over the output, cut with its whole text as a tip.
	p.rawNote = tip.NewLabel(rawNoteIdle)
	p.rawNote.Importance = widget.LowImportance
	p.tree = newTreeView(p)

	// What the candidates mean is a "?" at the header's end: as a
	// paragraph over the table it took five of its rows at 1024x700.
	p.tabs = container.NewAppTabs(
		container.NewTabItem("Candidates", tablefit.WithCorner(p.cands, candidateColumns, tip.NewHelp(CandidatesNote))),
		container.NewTabItem("Iterations", tablefit.WithCorner(p.iters, iterationColumns, tip.NewHelp(IterationsNote))),
		container.NewTabItem("Search tree", p.tree.content),
	)
	if p.opts.Evaluation != nil {
		p.tabs.Append(container.NewTabItem("Evaluation", p.opts.Evaluation.content))
	}
	p.tabs.Append(container.NewTabItem("Output", container.NewBorder(p.rawNote, nil, nil, nil, wheel.List(p.raw))))
	if p.opts.Settings != nil {
		p.tabs.Append(container.NewTabItem("Settings", p.opts.Settings))
	}

	// The status keeps the room of two lines, so that the figures and
	// tabs under it stay put when a search starts and ends.
	top := container.NewVBox(row, limits, field.Lines(p.status, 2), widget.NewSeparator(), figures)
	// Compact: the tabs' lists get the height the padding took.
	right := container.NewBorder(field.Compact(top), nil, nil, nil, field.CompactTabs(field.LazyTabs(p.tabs)))
	// The board takes the height the window has, with the win-ratio graph
	// under it in what is left; the controls and tabs are beside it, past
	// a divider the user moves (and the panel remembers).
	left := board.NewColumn(&board.Column{Above: field.Lines(p.boardNote, 2), Board: p.board, Below: pvRow,
		Fill: p.graph, FillMin: graphMinHeight})
	split := container.NewHSplit(left, right)
	split.Offset = boardShare
	prefs.RememberSplit(p.opts.Prefs, prefSplit, split)
	p.content = split
}

func newCaption(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Importance = widget.LowImportance
	l.SizeName = theme.SizeNameCaptionText
	return l
}

// Sizes of the panel's parts: the least height of the win-ratio graph
// under the board, the share of the width the board's column starts with.
const (
	graphMinHeight = 110
	boardShare     = 0.45
)

// prefSplit keeps where the user leaves the divider beside the board.
const prefSplit = "enginepanel.split"

// SetThreadsDefault sets what the empty Threads field stands for, the
// count in the builtin engine's settings ("settings: every core").
func (p *Panel) SetThreadsDefault(text string) {
	p.threads.SetPlaceHolder(text)
}

func numberEntry(text, placeholder string) *widget.Entry {
	e := widget.NewEntry()
	e.SetText(text)
	e.PlaceHolder = placeholder
	return e
}

// limits reads the limit entries; an error names the field.
func (p *Panel) limits() (analysis.Limits, error) {
	var lim analysis.Limits
	parse := func(name, s string) (float64, error) {
		s = strings.TrimSpace(s)
		if s == "" {
			return 0, nil
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v < 0 {
			return 0, fmt.Errorf("%s: %q is not a number of zero or more", name, s)
		}
		return v, nil
	}
	t, err := parse("Time", p.timeEntry.Text)
	if err != nil {
		return lim, err
	}
	lim.Time = time.Duration(t * float64(time.Second))
	n, err := parse("Nodes/playouts", p.playouts.Text)
	if err != nil {
		return lim, err
	}
	lim.Playouts = int64(n)
	th, err := parse("Threads", p.threads.Text)
	if err != nil {
		return lim, err
	}
	lim.Threads = int(th)
	if s := strings.TrimSpace(p.seed.Text); s != "" {
		sd, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return lim, fmt.Errorf("Seed: %q is not a whole number", s)
		}
		lim.Seed = uint64(sd) // as typed: a negative seed is a valid one too
	}
	return lim, nil
}

// analysedGame is the game the engine gets: the current snapshot's game,
// or a new game from its position.
func (p *Panel) analysedGame() (*rules.Game, error) {
	if p.opts.Current == nil {
		return nil, fmt.Errorf("there is no current position")
	}
	s := p.opts.Current.Get()
	if s.Game != nil && s.Game.Phase() == rules.Playing {
		return s.Game, nil
	}
	pos := s.Position
	if pos.StepsTaken() > 0 {
		return nil, fmt.Errorf("the position is in the middle of a turn; step to the start of the turn to analyse it")
	}
	if probs := pos.Validate(); len(probs) > 0 {
		return nil, fmt.Errorf("the position cannot be analysed: %v", probs[0])
	}
	g, err := rules.NewGameFrom(pos)
	if err != nil {
		return nil, err
	}
	if r, over := g.Result(); over {
		return nil, fmt.Errorf("the game is over in this position: %s", r)
	}
	return g, nil
}

func (p *Panel) selectedEngine() analysis.Engine {
	i := p.engineSel.SelectedIndex()
	if i < 0 || i >= len(p.engines) {
		return nil
	}
	return p.engines[i]
}

// Chosen returns the engine chosen in the panel and the limits its
// entries give (threads, seed and the rest), for other panels that search
// with the same engine and settings (the viewer's whole-game analysis).
func (p *Panel) Chosen() (analysis.Engine, analysis.Limits, error) {
	eng := p.selectedEngine()
	if eng == nil {
		return nil, analysis.Limits{}, fmt.Errorf("choose an engine in the Engine panel first")
	}
	lim, err := p.limits()
	if err != nil {
		return nil, analysis.Limits{}, fmt.Errorf("Engine panel: %w", err)
	}
	return eng, lim, nil
}

// Analyse starts analysing the current position with the selected engine,
// as the Analyse button does.
func (p *Panel) Analyse() { p.start() }

func (p *Panel) start() {
	eng := p.selectedEngine()
	if eng == nil {
		p.showError("choose an engine first")
		return
	}
	lim, err := p.limits()
	if err != nil {
		p.showError(err.Error())
		return
	}
	g, err := p.analysedGame()
	if err != nil {
		p.showError(err.Error())
		return
	}
	if err := p.model.Start(eng, g, lim); err != nil {
		p.showError(err.Error())
		return
	}
	p.notice = ""
	p.view = viewBest
	p.tree.reset()
	if it := p.tabs.Selected(); it != nil && it.Text == "Evaluation" {
		p.ShowTab("Candidates")
	}
	p.Sync()
}

func (p *Panel) stop() {
	if !p.model.State().Running {
		return // nothing to stop: "Stopping…" would stay
	}
	p.stopBtn.Disable()
	setText(p.status, "Stopping…")
	// The engine's last report and the end of the analysis reach the
	// widgets through the model, like every other change.
	p.model.Cancel()
}

// showError says what went wrong with what the user just did; the message
// stays, whatever the model reports, until an analysis starts.
func (p *Panel) showError(msg string) {
	p.notice = msg
	p.paintError(msg)
}

func (p *Panel) paintError(msg string) {
	p.status.Importance = widget.DangerImportance
	setText(p.status, msg)
}

// positionChanged follows the shared current position while no analysis is
// shown: the board shows it and the evaluation tab describes it.
func (p *Panel) positionChanged() {
	if p.opts.Current == nil {
		return
	}
	s := p.opts.Current.Get()
	if p.opts.Evaluation != nil {
		p.opts.Evaluation.Show(s.Position)
	}
	if p.follow && !samePosition(toAnalyse(s), p.st.Start) {
		// The analysis of the last position gives way to this one's.
		p.model.Stop()
		p.start()
		return
	}
	switch {
	case !p.st.Running && p.st.Reports == 0:
		p.view = viewBest
		p.display(s.Position, board.NoOverlays)
		setText(p.boardNote, describe(s))
	case !p.st.Running && p.view == viewBest:
		p.showBoard() // the analysis's marks go with its position
	}
}

// toAnalyse is the position Analyse would analyse in s: its game's when
// it has one in play (a cursor inside a turn analyses the turn's start),
// else its own.
func toAnalyse(s state.Snapshot) rules.Position {
	if s.Game != nil && s.Game.Phase() == rules.Playing {
		return s.Game.Position()
	}
	return s.Position
}

// samePosition reports whether a and b are the same position, side and
// steps taken included.
func samePosition(a, b rules.Position) bool {
	return a.Hash() == b.Hash() && a.AEIString() == b.AEIString()
}

func describe(s state.Snapshot) string {
	src := s.Source
	if src == "" {
		src = "current position"
	}
	return fmt.Sprintf("%s — %s to move", src, sideName(s.Position.Side()))
}

func sideName(c rules.Color) string {
	if c == rules.Gold {
		return "Gold"
	}
	return "Silver"
}

// apply draws st. It runs on the UI goroutine.
func (p *Panel) apply(st State) {
	p.frames.Add(1)
	prevPV := p.st.Report.PV
	p.st = st
	r := st.Report

	for i, f := range Figures(st.Start, r) {
		setText(p.figures[i], f.Value)
		setText(p.captions[i], f.Label)
	}
	if title := "Best move's win ratio for " + st.Start.Side().String() + " (to move)"; p.graph.Title != title {
		p.graph.Title = title
		p.graph.Refresh()
	}
	field.Enable(p.startBtn, !st.Running)
	field.Enable(p.stopBtn, st.Running)
	switch {
	case p.notice != "" && !st.Running:
		p.paintError(p.notice)
	case st.Err != nil:
		p.paintError(st.Engine + ": " + st.Err.Error())
	case st.Running:
		p.status.Importance = widget.MediumImportance
		setText(p.status, fmt.Sprintf("%s is analysing %s…", st.Engine, turnLabel(st.Start)))
	case st.Finished:
		p.status.Importance = widget.MediumImportance
		text := EndText(st)
		if p.follow {
			// Analyse stays on after a search ends (Stop stays lit): say
			// why, and what a move on the board will do.
			text += " " + followingText
		}
		setText(p.status, text)
	}

	if !samePV(prevPV, r.PV) || len(p.pvButtons) == 0 && len(r.PV) > 0 {
		p.line = PVLine(st.Start, r)
		p.rebuildPV()
		if p.opts.Evaluation != nil {
			p.opts.Evaluation.ShowLine(p.line)
		}
	}
	if len(st.Iterations) != len(p.iterRows) {
		p.iterRows = IterationRows(st.Start, st.Iterations)
		p.iters.Refresh()
	}
	if rows := CandidateRows(st.Start, r, maxCandidates); !sameRows(rows, p.rows) {
		p.rows = rows
		p.cands.Refresh()
	}

	if old := p.graph.Points(); len(old) != len(st.History) || len(old) > 0 && old[len(old)-1] != (plot.Point{T: st.History[len(old)-1].Elapsed, V: st.History[len(old)-1].WinRatio}) {
		pts := make([]plot.Point, len(st.History))
		for i, h := range st.History {
			pts[i] = plot.Point{T: h.Elapsed, V: h.WinRatio}
		}
		p.graph.SetPoints(pts)
	}

	setText(&p.rawNote.Label, rawNote(st))
	if len(st.Raw) != len(p.rawLines) || len(st.Raw) > 0 && st.Raw[len(st.Raw)-1] != p.rawLines[len(p.rawLines)-1] {
		p.rawLines = st.Raw
		p.raw.Refresh()
		if len(p.rawLines) > 0 {
			p.raw.ScrollToBottom()
		}
	}
	// Until the first report the engine may still be setting up its tree
	// (the last search's, or one being allocated): a snapshot then would
	// show the old tree, or wait for the allocation on this goroutine.
	if st.Reports > 0 && st.Running {
		p.tree.live()
	} else if st.Reports > 0 && st.Finished {
		p.tree.finished()
	}
	p.showBoard()
	for _, fn := range p.observers {
		fn(st)
	}
}

// rawNoteIdle says what the Output tab shows before any analysis.
const rawNoteIdle = "What the engine says while it analyses, newest last: every line an external AEI engine sends, or a line per progress report of the builtin engine. Start an analysis to fill it."

// rawNote is the line over the Output tab for st.
func rawNote(st State) string {
	switch {
	case len(st.Raw) > 0 && st.Running:
		return st.Engine + "'s output as it comes, newest last."
	case len(st.Raw) > 0:
		return st.Engine + "'s output during the last analysis, newest last."
	case st.Running:
		return st.Engine + " has said nothing yet."
	case st.Reports > 0:
		return st.Engine + " said nothing during the last analysis; its figures are above."
	}
	return rawNoteIdle
}

func sameRows(a, b []CandidateRow) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Move != b[i].Move || a[i].Visits != b[i].Visits || a[i].WinRatio != b[i].WinRatio {
			return false
		}
	}
	return true
}

func samePV(a, b []rules.PVStep) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Step != b[i].Step {
			return false
		}
	}
	return true
}

func (p *Panel) rebuildPV() {
	p.pvButtons = p.pvButtons[:0]
	objs := make([]fyne.CanvasObject, 0, len(p.line.Steps)+4)
	for i, s := range p.line.Steps {
		if s.Turn != "" {
			l := widget.NewLabel(s.Turn)
			l.Importance = widget.LowImportance
			objs = append(objs, l)
		}
		i := i
		b := widget.NewButton(s.Step.String(), func() { p.setView(viewPV, i) })
		b.Importance = widget.LowImportance
		p.pvButtons = append(p.pvButtons, b)
		objs = append(objs, b)
	}
	p.pvBox.Objects = objs
	p.pvBox.Refresh()
	if p.view == viewPV && p.viewIdx >= len(p.line.Steps) {
		p.view = viewBest
	}
}

// setView changes what the board shows and redraws it.
func (p *Panel) setView(k viewKind, i int) {
	p.view, p.viewIdx = k, i
	p.showBoard()
}

// turnSteps returns the steps of the line's turn containing step i, split
// into those up to i and those after it.
func turnSteps(l Line, i int) (done, rest []rules.Step) {
	first := i
	for first > 0 && l.Steps[first].Turn == "" {
		first--
	}
	last := i + 1
	for last < len(l.Steps) && l.Steps[last].Turn == "" {
		last++
	}
	for j := first; j < last; j++ {
		if l.Steps[j].Step == rules.Pass {
			continue
		}
		if j <= i {
			done = append(done, l.Steps[j].Step)
		} else {
			rest = append(rest, l.Steps[j].Step)
		}
	}
	return done, rest
}

func (p *Panel) showBoard() {
	st := p.st
	if st.Reports == 0 && !st.Running && p.view != viewTree {
		return // positionChanged shows the current position
	}
	for i, b := range p.pvButtons {
		imp := widget.LowImportance
		if p.view == viewPV && i == p.viewIdx {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
	switch p.view {
	case viewPV:
		if p.viewIdx < len(p.line.Steps) {
			s := p.line.Steps[p.viewIdx]
			done, rest := turnSteps(p.line, p.viewIdx)
			p.display(s.After, board.Overlays{LastMove: done, PV: rest, Selected: rules.NoSquare})
			setText(p.boardNote, fmt.Sprintf("Principal variation, step %d (%s)", p.viewIdx+1, s.Step))
			return
		}
	case viewCandidate:
		if p.viewIdx < len(p.rows) {
			c := p.rows[p.viewIdx]
			p.display(st.Start, board.Overlays{PV: c.Raw.Move.Slice(), Selected: rules.NoSquare})
			setText(p.boardNote, fmt.Sprintf("Candidate %s: %s visits, win ratio %s for %s", c.Move, c.Visits, c.WinRatio, st.Start.Side()))
			return
		}
	case viewTree:
		p.tree.showSelected()
		return
	case viewIteration:
		if its := st.Iterations; p.viewIdx < len(its) {
			it := its[len(its)-1-p.viewIdx] // the rows are the deepest first
			var first []rules.Step
			for _, s := range it.PV {
				if s.Side != st.Start.Side() {
					break
				}
				first = append(first, s.Step)
			}
			p.display(st.Start, board.Overlays{PV: first, Selected: rules.NoSquare})
			setText(p.boardNote, fmt.Sprintf("Iteration at depth %d: %s", it.Depth, p.iterRows[p.viewIdx][len(p.iterRows[p.viewIdx])-1]))
			return
		}
	case viewEval:
		return
	}
	if cur := p.opts.Current; cur != nil && !st.Running {
		// The current position changed since the analysis: the board
		// follows it, and the analysis's arrows and figure go.
		if s := cur.Get(); !samePosition(toAnalyse(s), st.Start) {
			p.display(s.Position, board.NoOverlays)
			setText(p.boardNote, describe(s)+"; the analysis is of another position: Analyse to analyse this one")
			return
		}
	}
	o := analysisMarks(st)
	o.Heat = p.tree.heat()
	p.display(st.Start, o)
	note := fmt.Sprintf("Analysed position (%s to move)", sideName(st.Start.Side()))
	if st.Report.Best.N > 0 {
		note += ": best move " + analysis.MoveText(st.Start, st.Report.Best)
	}
	setText(p.boardNote, note)
}

// candidateColumns share the table's width: the move takes most of what
// is spare, the figures keep room for their headers.
func candidateColumns() []tablefit.Column {
	return []tablefit.Column{{Min: 180, Grow: 2}, {Min: 80, Grow: 1, Max: 160}, {Min: 60, Grow: 0.5, Max: 100}, {Min: 138, Grow: 1, Max: 220}}
}

// iterationColumns share the iterations table's width: the principal
// variation takes what the figures leave, and is scrolled to where they
// leave too little (a window 1024 wide); choosing a row writes it over
// the board as well.
func iterationColumns() []tablefit.Column {
	return []tablefit.Column{{Min: 54, Max: 60}, {Min: 76, Max: 80}, {Min: 120, Max: 140},
		{Min: 72, Grow: 0.3, Max: 100}, {Min: 76, Max: 84}, {Min: 52, Max: 60}, {Min: 160, Grow: 3, Optional: true}}
}

func (p *Panel) newIterationTable() *widget.Table {
	columns := len(IterationHeaders(rules.Position{}))
	t := tip.NewTable(
		func() (int, int) { return len(p.iterRows), columns },
		func(id widget.TableCellID, l *tip.Label) {
			s := ""
			if id.Row < len(p.iterRows) {
				s = p.iterRows[id.Row][id.Col]
			}
			l.Alignment = fyne.TextAlignTrailing
			if id.Col == columns-1 {
				l.Alignment = fyne.TextAlignLeading
			}
			if l.Text != s {
				l.SetText(s)
			}
		})
	tablefit.Header(t, func(col int) string { return IterationHeaders(p.st.Start)[col] })
	t.OnSelected = func(id widget.TableCellID) { p.setView(viewIteration, id.Row) }
	return t
}

func (p *Panel) newCandidateTable() *widget.Table {
	columns := len(CandidateHeaders(rules.Position{}, false))
	t := tip.NewTable(
		func() (int, int) { return len(p.rows), columns },
		func(id widget.TableCellID, l *tip.Label) {
			if id.Row >= len(p.rows) {
				l.SetText("")
				return
			}
			r := p.rows[id.Row]
			var s string
			switch id.Col {
			case 0:
				s = r.Move
			case 1:
				s = r.Visits
			case 2:
				s = r.Share
			case 3:
				s = r.WinRatio
			}
			l.Alignment = fyne.TextAlignLeading
			if id.Col > 0 {
				l.Alignment = fyne.TextAlignTrailing
			}
			// Alignment is set before the text so SetText draws both.
			if bold := id.Row == 0; l.Text != s || l.TextStyle.Bold != bold {
				l.TextStyle.Bold = bold
				l.SetText(s)
			}
		})
	// "Visits" over the column: what they count (every order of a
	// move's steps) is in the "?", and the move takes the width.
	tablefit.Header(t, func(col int) string {
		return strings.TrimSuffix(tablefit.Titles(CandidateHeaders(p.st.Start, p.st.Report.AlphaBeta))(col), " (all orders)")
	})
	t.OnSelected = func(id widget.TableCellID) { p.setView(viewCandidate, id.Row) }
	return t
}

// setText changes a label's text only when it differs: setting a label
// shapes its text again, which costs more than the comparison.
func setText(l *widget.Label, s string) {
	if l.Text != s {
		l.SetText(s)
	}
}

// display shows pos with o on the board unless that is already shown:
// redrawing the board is the most expensive part of a frame.
func (p *Panel) display(pos rules.Position, o board.Overlays) {
	if p.shownValid && samePosition(pos, p.shownPos) && sameOverlays(o, p.shownOver) {
		return
	}
	p.shownPos, p.shownOver, p.shownValid = pos, o, true
	p.board.Display(pos, o)
}

func sameOverlays(a, b board.Overlays) bool {
	if (a.Heat == nil) != (b.Heat == nil) || a.Heat != nil && *a.Heat != *b.Heat {
		return false
	}
	sameCandidate := func(x, y board.Candidate) bool { return x.Label == y.Label && slices.Equal(x.Steps, y.Steps) }
	return slices.EqualFunc(a.Candidates, b.Candidates, sameCandidate) && a.Eval == b.Eval && a.HasEval == b.HasEval &&
		slices.Equal(a.LastMove, b.LastMove) && slices.Equal(a.PV, b.PV) && slices.Equal(a.Goal, b.Goal) &&
		a.Danger == b.Danger && a.Frozen == b.Frozen && a.Selected == b.Selected && a.Targets == b.Targets
}
