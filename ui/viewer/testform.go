package viewer

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/live"
)

// Where the new test's answer comes from.
const (
	answerFromGame   = "the game's next move"
	answerFromEngine = "the engine's best move"
	answerOwn        = "my own"
)

// testForm is the "New test" tab: a test of the cursor's position with
// its name, comment, tags, intended answer and criteria, checked as they
// are typed, saved into a suite's TOML file.
type testForm struct {
	v        *Panel
	pos      rules.Position
	source   string // where the position comes from, for the comment
	next     string // the game's next move here, "" when none
	board    *board.Board
	name     *widget.Entry
	comment  *widget.Entry
	tags     []*widget.Check // one per category
	moreTags *widget.Entry
	from     *widget.RadioGroup
	answer   *widget.Entry
	suggest  *widget.Button

	scoreGoal   *widget.Check
	preventGoal *widget.Check
	preventCap  *widget.Check
	noLoss      *widget.Check
	bestMove    *widget.Entry
	avoidMove   *widget.Entry
	pieces      *widget.Entry
	captures    *widget.Entry
	winRatio    *widget.Entry

	result  *widget.Label
	addTo   *widget.Button
	newFile *widget.Button
	content fyne.CanvasObject

	filling    bool      // fields are being set from a draft: no checks yet
	opened     bool      // the form holds a position
	job        *live.Job // the engine's search for the answer, nil when none
	engineDone chan struct{}
}

// newTestForm makes the form; NewTest fills it with a position.
func newTestForm(v *Panel) *testForm {
	f := &testForm{v: v}
	f.board = board.New(rules.StartPosition())
	entry := func(place string) *widget.Entry {
		e := widget.NewEntry()
		e.SetPlaceHolder(place)
		e.OnChanged = func(string) { f.check() }
		return e
	}
	check := func(label string) *widget.Check {
		return widget.NewCheck(label, func(bool) { f.check() })
	}
	f.name = entry("name, unique in the suite")
	f.comment = widget.NewMultiLineEntry()
	f.comment.Wrapping = fyne.TextWrapWord
	f.comment.SetMinRowsVisible(2)
	f.comment.OnChanged = func(string) { f.check() }
	tagGrid := container.NewGridWithColumns(3)
	for _, c := range ats.Categories {
		ch := check(c)
		f.tags = append(f.tags, ch)
		tagGrid.Add(ch)
	}
	f.moreTags = entry("more tags, separated by spaces")
	f.answer = entry("the intended move, e.g. Ed4n Ed5e")
	f.from = widget.NewRadioGroup([]string{answerFromGame, answerFromEngine, answerOwn}, f.answerFrom)
	f.suggest = widget.NewButtonWithIcon("Criteria from the answer", theme.ViewRefreshIcon(), f.fillFromAnswer)
	f.scoreGoal = check("score goal")
	f.preventGoal = check("prevent goal")
	f.preventCap = check("prevent capture")
	f.noLoss = check("no loss")
	f.bestMove = entry("moves, separated by |")
	f.avoidMove = entry("moves, separated by |")
	f.pieces = entry("atoms: Ed6 (elephant on d6), !mc6 (no camel), hf6x (horse taken on f6)")
	f.captures = entry("opponent pieces taken: m (anywhere), mc6 (on c6)")
	f.winRatio = entry("0 to 1: the engine's reported chance, blank for none")
	f.result = widget.NewLabel("")
	f.result.Wrapping = fyne.TextWrapWord
	f.addTo = widget.NewButtonWithIcon("Add to suite…", theme.ContentAddIcon(), f.addToSuite)
	f.newFile = widget.NewButtonWithIcon("New suite file…", theme.DocumentSaveIcon(), f.saveNew)
	cancel := widget.NewButtonWithIcon("Back to the game", theme.NavigateBackIcon(), func() { v.tabs.SelectIndex(0) })

	form := widget.NewForm(
		widget.NewFormItem("Name", f.name),
		widget.NewFormItem("Comment", f.comment),
		widget.NewFormItem("Tags", container.NewVBox(tagGrid, f.moreTags)),
		widget.NewFormItem("Answer from", f.from),
		widget.NewFormItem("Answer", container.NewBorder(nil, nil, nil, f.suggest, f.answer)),
		widget.NewFormItem("Conditions", container.NewHBox(f.scoreGoal, f.preventGoal, f.preventCap, f.noLoss)),
		widget.NewFormItem("Best move", f.bestMove),
		widget.NewFormItem("Avoid move", f.avoidMove),
		widget.NewFormItem("Pieces", f.pieces),
		widget.NewFormItem("Captures", f.captures),
		widget.NewFormItem("Win ratio ≥", f.winRatio),
	)
	side := container.NewVBox(form, widget.NewSeparator(), f.result,
		container.NewHBox(f.addTo, f.newFile, cancel))
	f.result.SetText("Go to a position in the game and choose New test from here.")
	split := container.NewHSplit(f.board, field.VScroll(side))
	split.Offset = 0.4
	f.content = split
	return f
}

// NewTest opens the "New test" tab for the cursor's position, the answer
// taken from the game's next move when there is one.
func (v *Panel) NewTest() {
	f := v.form
	fail := func(msg string) {
		v.status(msg)
		if !f.opened {
			f.result.SetText(msg)
		}
	}
	p := v.Model.Position()
	if p.StepsTaken() > 0 || v.Model.SetupView() {
		fail("a test starts at the beginning of a turn: go to a turn boundary first")
		return
	}
	if probs := p.Validate(); len(probs) > 0 {
		fail("this position cannot be a test: " + probs[0].Msg)
		return
	}
	if v.play.game != nil {
		fail("stop the game against the engine first")
		return
	}
	f.opened = true
	f.stopEngine()
	f.pos, f.source, f.next = p, v.Model.PlaceText(), ""
	if n := v.Model.next(); n != nil {
		f.next = n.before.MoveString(n.move)
	}
	f.filling = true
	f.name.SetText("test-" + rules.TurnLabel(p.Turn(), p.Side()))
	f.comment.SetText("From " + f.source + ".")
	f.setTags(nil)
	f.moreTags.SetText("")
	f.answer.SetText("")
	f.filling = false
	// Cleared first, so choosing the same source again fills the answer.
	f.from.SetSelected("")
	switch {
	case f.next != "":
		f.from.SetSelected(answerFromGame)
	default:
		f.from.SetSelected(answerOwn)
		f.fillFromAnswer()
	}
	v.tabs.Select(v.testTab)
}

// answerFrom fills the answer from the source chosen.
func (f *testForm) answerFrom(src string) {
	f.stopEngine()
	switch src {
	case answerFromGame:
		if f.next == "" {
			f.result.SetText("The game has no move after this position: choose another answer.")
			return
		}
		f.answer.SetText(f.next)
		f.fillFromAnswer()
	case answerFromEngine:
		f.askEngine()
	}
}

// askEngine searches the position with the whole-game analysis's engine
// and seconds per position, off the UI goroutine.
func (f *testForm) askEngine() {
	v := f.v
	if v.Analyser == nil {
		f.result.SetText("No engine: choose one in the Engine panel.")
		return
	}
	eng, err := v.Analyser()
	if err != nil {
		f.result.SetText(err.Error())
		return
	}
	per, err := v.analysis.perPosition()
	if err != nil {
		f.result.SetText(err.Error() + " (set it beside Analyse game)")
		return
	}
	g, err := v.Model.GameAt()
	if err != nil {
		f.result.SetText(err.Error())
		return
	}
	job := &live.Job{}
	done := make(chan struct{})
	f.job, f.engineDone = job, done
	pos := f.pos
	f.result.SetText(fmt.Sprintf("%s is searching for %g s…", eng.Name(), per))
	job.Go(func(ctx context.Context) {
		ev, err := eng.Evaluate(ctx, g, time.Duration(per*float64(time.Second)))
		stopped := ctx.Err() != nil
		fyne.Do(func() {
			defer close(done)
			// A search stopped, or overtaken by another answer or position,
			// fills nothing.
			if stopped || f.job != job || f.pos != pos {
				return
			}
			f.job = nil
			if err == nil && !ev.HasBest {
				err = errors.New("it gave no move")
			}
			if err != nil {
				f.result.SetText(fmt.Sprintf("%s: %v", eng.Name(), err))
				return
			}
			f.answer.SetText(pos.MoveString(ev.Best))
			f.fillFromAnswer()
		})
	})
}

// stopEngine stops the engine's search for the answer, if any.
func (f *testForm) stopEngine() {
	if f.job != nil {
		f.job.Cancel()
		f.job = nil
	}
}

// fillFromAnswer sets the criteria and tags the answer suggests.
func (f *testForm) fillFromAnswer() {
	d := f.draft()
	if err := d.Suggest(); err != nil {
		f.check()
		return
	}
	f.filling = true
	f.scoreGoal.SetChecked(d.ScoreGoal)
	f.preventGoal.SetChecked(d.PreventGoal)
	f.preventCap.SetChecked(d.PreventCapture)
	f.noLoss.SetChecked(d.NoLoss)
	f.bestMove.SetText(d.BestMove)
	f.avoidMove.SetText(d.AvoidMove)
	f.pieces.SetText(d.Pieces)
	f.captures.SetText(d.Captures)
	f.winRatio.SetText(d.WinRatio)
	f.setTags(d.Tags)
	f.filling = false
	f.check()
}

// setTags ticks the categories among tags and no others.
func (f *testForm) setTags(tags []string) {
	for i, c := range ats.Categories {
		f.tags[i].SetChecked(ats.HasTag(tags, c))
	}
}

// tagsChosen returns the categories ticked.
func (f *testForm) tagsChosen() []string {
	var out []string
	for i, c := range ats.Categories {
		if f.tags[i].Checked {
			out = append(out, c)
		}
	}
	return out
}

// draft reads the fields.
func (f *testForm) draft() *ats.TestDraft {
	tags := ats.AddTags(f.tagsChosen(), f.moreTags.Text)
	return &ats.TestDraft{Name: f.name.Text, Comment: f.comment.Text, Tags: tags, Position: f.pos,
		Answer: f.answer.Text, ScoreGoal: f.scoreGoal.Checked, PreventGoal: f.preventGoal.Checked,
		PreventCapture: f.preventCap.Checked, NoLoss: f.noLoss.Checked, BestMove: f.bestMove.Text, AvoidMove: f.avoidMove.Text,
		Pieces: f.pieces.Text, Captures: f.captures.Text, WinRatio: f.winRatio.Text}
}

// check validates the form, shows the answer on the board, and says
// whether the answer satisfies the criteria, and why not.
func (f *testForm) check() (*ats.Test, bool) {
	if f.filling {
		return nil, false
	}
	d := f.draft()
	over := board.Overlays{Selected: rules.NoSquare}
	if pl, err := ats.PlayMove(f.pos, d.Answer); err == nil {
		over.PV = pl.Move.Slice()
	}
	f.board.Display(f.pos, over)
	t, ok, text := d.Verdict()
	f.result.SetText(text)
	field.Enable(f.addTo, ok)
	field.Enable(f.newFile, ok)
	return t, ok
}

// addToSuite asks for a TOML suite and adds the test at its end.
func (f *testForm) addToSuite() {
	if _, ok := f.check(); !ok {
		return
	}
	f.v.Dialogs.Open("Add the test to a TOML suite", []string{".toml"}, f.save)
}

// saveNew asks for a new TOML file and saves the test in it (added at
// the end should the file exist).
func (f *testForm) saveNew() {
	t, ok := f.check()
	if !ok {
		return
	}
	f.v.Dialogs.Save("Save the test in a new suite", []string{".toml"}, t.Name+".toml", f.save)
}

func (f *testForm) save(path string) {
	t, ok := f.check()
	if !ok {
		return
	}
	suite := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	if err := ats.AddTOML(path, suite, t); err != nil {
		f.v.Dialogs.Error(err)
		return
	}
	f.v.status(fmt.Sprintf("test %q saved in %s", t.Name, path))
	f.result.SetText(fmt.Sprintf("✓ Saved in %s.", path))
	if f.v.OnTestSaved != nil {
		f.v.OnTestSaved(path)
	}
}
