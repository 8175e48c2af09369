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

	"arimaa-workbench/ui/plot"
)

// Ranges of the whole-game analysis settings.
const (
	minPerMove   = 0.05
	maxPerMove   = 3600.0
	minThreshold = 1.0
	maxThreshold = 100.0
)

// buildAnalysis makes the whole-game analysis controls and graph, shown
// when an Analyser is set.
func (v *Panel) buildAnalysis() fyne.CanvasObject {
	v.analyseGame = widget.NewButtonWithIcon("Analyse game", theme.SearchIcon(), v.AnalyseGame)
	v.stopGame = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), v.StopAnalysis)
	v.stopGame.Disable()
	v.perMove = widget.NewEntry()
	v.perMove.SetText("1")
	v.perMove.Validator = func(s string) error {
		_, err := parseRange("Seconds per position", s, minPerMove, maxPerMove)
		return err
	}
	v.threshold = widget.NewEntry()
	v.threshold.SetText("20")
	v.threshold.Validator = func(s string) error {
		_, err := parseRange("Blunder threshold", s, minThreshold, maxThreshold)
		return err
	}
	v.threshold.OnChanged = func(string) { v.showAnalysis() }
	v.graph = plot.NewGame()
	v.graph.OnTapped = v.jumpToPosition
	// Short labels keep the row within the move list's width; the
	// placeholders and the validators' messages say more.
	v.perMove.SetPlaceHolder("seconds per position")
	v.threshold.SetPlaceHolder("blunder: drop over %")
	settings := container.NewHBox(v.analyseGame, v.stopGame,
		widget.NewLabel("s"), sized(v.perMove, 76),
		widget.NewLabel("drop %"), sized(v.threshold, 76))
	// The progress and the count of blunders are written over the graph,
	// with a thin bar: a row of their own would take the height the move
	// list needs.
	v.analysisBox = container.NewVBox(settings, v.graph)
	v.analysisBox.Hide()
	return v.analysisBox
}

// SetGameAnalyser sets (or with nil removes) the whole-game analysis
// hook; see Panel.Analyser.
func (v *Panel) SetGameAnalyser(fn func() (Analyser, error)) {
	v.Analyser = fn
	v.showAnalysis()
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

// AnalyseGame searches every position of the line shown, from its start,
// with the engine the Analyser hook gives, the time per position set, and
// draws the win ratio as positions are done.
func (v *Panel) AnalyseGame() {
	if v.Analyser == nil || (v.analysis != nil && v.analysis.Running()) {
		return
	}
	per, err := parseRange("Seconds per position", v.perMove.Text, minPerMove, maxPerMove)
	if err != nil {
		v.status(err.Error())
		return
	}
	eng, err := v.Analyser()
	if err != nil {
		v.status(err.Error())
		return
	}
	a := NewAnalysis(v.Model)
	ctx, cancel := context.WithCancel(context.Background())
	v.analysis, v.stopAnalysis, v.marks = a, cancel, nil
	done := make(chan struct{})
	v.analysisDone = done
	base := v.Model.base
	perMove := time.Duration(per * float64(time.Second))
	v.analyseGame.Disable()
	v.stopGame.Enable()
	v.showAnalysis()
	v.revealSide()
	v.status(fmt.Sprintf("analysing %d positions with %s, %gs each", a.Positions(), eng.Name(), per))
	go func() {
		defer close(done)
		err := a.Run(ctx, base, eng, perMove, func(int) {
			fyne.Do(func() {
				if v.analysis == a {
					v.showAnalysis()
				}
			})
		})
		fyne.Do(func() {
			if v.analysis != a {
				return
			}
			v.analyseGame.Enable()
			v.stopGame.Disable()
			v.showAnalysis()
			switch {
			case err != nil:
				v.status("game analysis: " + err.Error())
			case a.Done() < a.Positions():
				v.status(fmt.Sprintf("game analysis stopped after %d of %d positions", a.Done(), a.Positions()))
			default:
				v.status(fmt.Sprintf("game analysed: %d positions in %.1f s", a.Positions(), a.Elapsed().Seconds()))
			}
		})
	}()
}

// StopAnalysis stops the whole-game analysis; the positions done stay.
func (v *Panel) StopAnalysis() {
	if v.stopAnalysis != nil {
		v.stopAnalysis()
	}
}

// AnalysisDone returns a channel closed when the last whole-game analysis
// started has ended and been shown (nil before any).
func (v *Panel) AnalysisDone() <-chan struct{} { return v.analysisDone }

// Analysis returns the last whole-game analysis (nil before any).
func (v *Panel) Analysis() *Analysis { return v.analysis }

// clearAnalysis stops and forgets the analysis of the game shown before.
func (v *Panel) clearAnalysis() {
	v.StopAnalysis()
	v.analysis, v.stopAnalysis, v.marks = nil, nil, nil
	if v.analyseGame != nil {
		v.analyseGame.Enable()
		v.stopGame.Disable()
	}
}

// threshold returns the blunder threshold (0..1), the default when the
// entry is out of range.
func (v *Panel) blunderThreshold() float64 {
	t, err := parseRange("Blunder threshold", v.threshold.Text, minThreshold, maxThreshold)
	if err != nil {
		return 0.2
	}
	return t / 100
}

// showAnalysis redraws the progress, the graph, the blunders and the
// move list's marks.
func (v *Panel) showAnalysis() {
	if v.analysisBox == nil {
		return
	}
	if v.Analyser == nil {
		v.analysisBox.Hide()
		return
	}
	if !v.analysisBox.Visible() {
		v.analysisBox.Show()
		// The column lays out again to make room for the analysis.
		v.side.Refresh()
	}
	a := v.analysis
	if a == nil {
		v.summary = "Analyse game: Gold's win ratio in every position, and the blunders"
		v.graph.Set(plot.GameData{Cursor: -1, Status: v.summary, Done: -1})
		return
	}
	if _, err := parseRange("Blunder threshold", v.threshold.Text, minThreshold, maxThreshold); err != nil {
		v.status(err.Error())
	}
	done, total := a.Done(), a.Positions()
	bl := a.Blunders(v.blunderThreshold())
	marks := make(map[*node]string, len(bl))
	// Each blunder is marked where its fall shows: the position after it.
	after := make([]int, len(bl))
	for i, b := range bl {
		after[i] = b.Ply + 1
		marks[a.nodes[b.Ply]] = strings.TrimPrefix(b.Text, a.nodes[b.Ply].label()+": ")
	}
	changed := len(marks) != len(v.marks)
	v.marks = marks
	cursor := -1
	if v.Model.cur == a.node(v.Model, 0) && !v.Model.setupView {
		cursor = 0
	}
	for i, n := range a.nodes {
		if n == v.Model.cur {
			cursor = i + 1
		}
	}
	// The blunders are marked in the move list, with the better move.
	v.summary = fmt.Sprintf("%d of %d positions, %d blunder(s)", done, total, len(bl))
	v.graph.Set(plot.GameData{Values: a.GoldCurve(), Turns: a.Turns(), Marks: after, Cursor: cursor,
		Status: v.summary, Done: float64(done) / float64(max(1, total))})
	if changed {
		v.moves.Refresh()
	}
}

// jumpToPosition moves the cursor to position i of the analysed line.
func (v *Panel) jumpToPosition(i int) {
	if v.analysis == nil {
		return
	}
	v.Model.moveTo(v.analysis.node(v.Model, i))
	v.changed()
}
