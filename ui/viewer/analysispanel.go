package viewer

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/phase"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/live"
	"arimaa-workbench/ui/plot"
)

// Ranges of the whole-game analysis settings.
const (
	minPerMove   = 0.05
	maxPerMove   = 3600.0
	minThreshold = 1.0
	maxThreshold = 100.0
)

// analysisView is the whole-game analysis on screen, under the move list:
// its settings, the win-ratio graph with the blunders marked, and the game
// phase band on the graph's axis. It runs an analysis.GameAnalysis of the
// line shown on a live.Job and maps the line's positions to the tree's
// moves. Of the panel it uses the tree (Model), the Analyser hook, the
// move list for the blunders' marks, and changed and status.
type analysisView struct {
	v       *Panel
	run     *analysis.GameAnalysis // the last analysis, nil before any
	nodes   []*node                // the line analysed: position i is after nodes[i-1]
	job     *live.Job              // the last analysis's
	done    chan struct{}          // closed when the last analysis has ended and been shown
	summary string                 // the analysis progress and blunders
	better  map[*node]rules.Move   // the engine's better move, by blunder

	box       *fyne.Container
	analyse   *widget.Button
	stop      *widget.Button
	perMove   *widget.Entry
	threshold *widget.Entry
	graph     *plot.Game
	band      *phaseBand    // the game phase along the line shown
	phaseNote *widget.Label // the stages' names, or the phase under the pointer
	column    *fyne.Container
}

// newAnalysisView makes the analysis controls and graph, shown when an
// Analyser is set, and the phase band.
func newAnalysisView(v *Panel) *analysisView {
	a := &analysisView{v: v}
	a.analyse = widget.NewButtonWithIcon("Analyse game", theme.SearchIcon(), a.start)
	a.stop = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), a.stopRun)
	a.stop.Disable()
	a.perMove = widget.NewEntry()
	a.perMove.SetText("1")
	a.perMove.Validator = func(s string) error {
		_, err := parseRange("Seconds per position", s, minPerMove, maxPerMove)
		return err
	}
	a.threshold = widget.NewEntry()
	a.threshold.SetText("20")
	a.threshold.Validator = func(s string) error {
		_, err := parseRange("Blunder threshold", s, minThreshold, maxThreshold)
		return err
	}
	a.threshold.OnChanged = func(string) { a.draw() }
	a.graph = plot.NewGame()
	a.graph.OnTapped = a.jump
	// Short labels keep the row within the move list's width; the
	// placeholders and the validators' messages say more.
	a.perMove.SetPlaceHolder("seconds per position")
	a.threshold.SetPlaceHolder("blunder: drop over %")
	settings := container.NewHBox(a.analyse, a.stop,
		widget.NewLabel("s"), sized(a.perMove, 76),
		widget.NewLabel("drop %"), sized(a.threshold, 76))
	// The progress and the count of blunders are written over the graph,
	// with a thin bar: a row of their own would take the height the move
	// list needs.
	a.box = container.NewVBox(settings, a.graph)
	a.box.Hide()
	a.band = newPhaseBand()
	a.band.OnTapped = func(i int) {
		v.Model.Seek(i)
		v.changed()
	}
	// One line, cut rather than wrapped: the phase under the pointer
	// replaces the legend without moving anything.
	a.phaseNote = widget.NewLabel(phaseLegend)
	a.phaseNote.Truncation = fyne.TextTruncateEllipsis
	a.phaseNote.Importance = widget.LowImportance
	// In the caption's size, as the graph's own figures: in the text's,
	// the game graph needed scrolling at 1024x700.
	a.phaseNote.SizeName = theme.SizeNameCaptionText
	a.band.OnHover = func(i int) { a.phaseNote.SetText(a.phaseText(i)) }
	return a
}

// phaseLegend names the band's colours.
const phaseLegend = "Game phase: green opening, amber middle game, red endgame (point at it for the figure)"

// phaseText says the phase of position i of the line shown, or the
// legend for -1.
func (a *analysisView) phaseText(i int) string {
	ph := a.band.values
	if i < 0 || i >= len(ph) {
		return phaseLegend
	}
	return fmt.Sprintf("Game phase after %d moves: %.2f, %s", i, ph[i], stageName(phase.StageOf(ph[i])))
}

// stageName is a stage as the legend names it.
func stageName(s phase.Stage) string {
	switch s {
	case phase.Opening:
		return "opening"
	case phase.Middle:
		return "middle game"
	}
	return "endgame"
}

// content is the game graph section: the settings, the graph, the phase
// band under it and its legend.
func (a *analysisView) content() fyne.CanvasObject {
	a.column = container.NewVBox(a.box, a.band, a.phaseNote)
	return a.column
}

// sized gives an entry a fixed width in an HBox.
func sized(o fyne.CanvasObject, w float32) fyne.CanvasObject {
	return container.NewGridWrap(fyne.NewSize(w, o.MinSize().Height), o)
}

// parseRange reads a number within [lo, hi]; the error names the field.
func parseRange(name, s string, lo, hi float64) (float64, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || f < lo || f > hi {
		return 0, fmt.Errorf("%s: %q is not a number from %g to %g", name, strings.TrimSpace(s), lo, hi)
	}
	return f, nil
}

// perPosition reads the seconds per position.
func (a *analysisView) perPosition() (float64, error) {
	return parseRange("Seconds per position", a.perMove.Text, minPerMove, maxPerMove)
}

// start searches every position of the line shown, from its start, with
// the engine the Analyser hook gives, the time per position set, and
// draws the win ratio as positions are done.
func (a *analysisView) start() {
	v := a.v
	if v.Analyser == nil || (a.run != nil && a.run.Running()) {
		return
	}
	per, err := a.perPosition()
	if err != nil {
		v.status(err.Error())
		return
	}
	eng, err := v.Analyser()
	if err != nil {
		v.status(err.Error())
		return
	}
	end := v.Model.lineEnd()
	g, err := v.Model.lineGame(end)
	if err != nil {
		v.status("game analysis: " + err.Error())
		return
	}
	run := analysis.NewGameAnalysis(g)
	a.run, a.nodes, a.job, a.done = run, path(end), &live.Job{}, make(chan struct{})
	v.list.setMarks(nil)
	a.analyse.Disable()
	a.stop.Enable()
	a.draw()
	// The graph's section comes forward; nothing else moves.
	v.ShowSection(GraphSection)
	v.status(fmt.Sprintf("analysing %d positions with %s, %gs each", run.Positions(), eng.Name(), per))
	done := a.done
	a.job.Go(func(ctx context.Context) {
		defer close(done)
		err := run.Run(ctx, eng, time.Duration(per*float64(time.Second)), func(int) {
			fyne.Do(func() {
				if a.run == run {
					a.draw()
				}
			})
		})
		fyne.Do(func() {
			if a.run == run {
				a.ended(err)
			}
		})
	})
}

// ended shows how the analysis ended.
func (a *analysisView) ended(err error) {
	run := a.run
	a.analyse.Enable()
	a.stop.Disable()
	a.draw()
	switch {
	case err != nil:
		a.v.status("game analysis: " + err.Error())
	case run.Done() < run.Positions():
		a.v.status(fmt.Sprintf("game analysis stopped after %d of %d positions", run.Done(), run.Positions()))
	default:
		a.v.status(fmt.Sprintf("game analysed: %d positions in %.1f s", run.Positions(), run.Elapsed().Seconds()))
	}
}

// stopRun stops the analysis; the positions done stay.
func (a *analysisView) stopRun() {
	if a.job != nil {
		a.job.Cancel()
	}
}

// clear stops and forgets the analysis of the game shown before.
func (a *analysisView) clear() {
	a.stopRun()
	a.run, a.nodes, a.job = nil, nil, nil
	a.v.list.setMarks(nil)
	a.analyse.Enable()
	a.stop.Disable()
}

// blunderThreshold returns the blunder threshold (0..1), the default when
// the entry is out of range.
func (a *analysisView) blunderThreshold() float64 {
	t, err := parseRange("Blunder threshold", a.threshold.Text, minThreshold, maxThreshold)
	if err != nil {
		return 0.2
	}
	return t / 100
}

// draw redraws the phase band, and with an Analyser the progress, the
// graph, the blunders and the move list's marks.
func (a *analysisView) draw() {
	m := a.v.Model
	cursor := m.Ply()
	if m.SetupView() {
		cursor = -1
	}
	a.band.set(m.LinePhases(), cursor)
	if a.v.Analyser == nil {
		a.box.Hide()
		return
	}
	if !a.box.Visible() {
		a.box.Show()
		// The column lays out again to make room for the analysis.
		a.column.Refresh()
	}
	run := a.run
	if run == nil {
		a.summary = "Analyse game: Gold's win ratio in every position, and the blunders"
		a.graph.Set(plot.GameData{Cursor: -1, Status: a.summary, Done: -1})
		return
	}
	if _, err := parseRange("Blunder threshold", a.threshold.Text, minThreshold, maxThreshold); err != nil {
		a.v.status(err.Error())
	}
	done, total := run.Done(), run.Positions()
	bl := run.Blunders(a.blunderThreshold())
	marks := make(map[*node]string, len(bl))
	a.better = make(map[*node]rules.Move, len(bl))
	// Each blunder is marked where its fall shows: the position after it.
	after := make([]int, len(bl))
	for i, b := range bl {
		after[i] = b.Ply + 1
		marks[a.nodes[b.Ply]] = strings.TrimPrefix(b.Text, b.Label+": ")
		if b.HasBest {
			a.better[a.nodes[b.Ply]] = b.Better
		}
	}
	a.v.list.setMarks(marks)
	cursor = -1
	if m.cur == m.root && !m.setupView {
		cursor = 0
	}
	for i, n := range a.nodes {
		if n == m.cur {
			cursor = i + 1
		}
	}
	a.summary = fmt.Sprintf("%d of %d positions, %d blunder(s)", done, total, len(bl))
	a.graph.Set(plot.GameData{Values: run.GoldCurve(), Turns: run.Turns(), Marks: after, Cursor: cursor,
		Status: a.summary, Done: float64(done) / float64(max(1, total))})
}

// betterMove is the engine's better move in place of the next move of the
// line when that move is a blunder.
func (a *analysisView) betterMove() (rules.Move, bool) {
	n := a.v.Model.next()
	if n == nil || a.run == nil {
		return rules.Move{}, false
	}
	mv, ok := a.better[n]
	return mv, ok
}

// jump moves the cursor to position i of the analysed line.
func (a *analysisView) jump(i int) {
	if a.run == nil {
		return
	}
	m := a.v.Model
	n := m.root
	if i > 0 && len(a.nodes) > 0 {
		n = a.nodes[min(i, len(a.nodes))-1]
	}
	m.moveTo(n)
	a.v.changed()
}
