package suitepanel

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
)

// testEditor edits one test: comment, tags, position (taken from the
// shared current position, where the position editor leaves it) and
// criteria as text, validated as they are typed.
type testEditor struct {
	p        *Panel
	orig     *ats.Test
	pos      rules.Position
	comment  *widget.Entry
	tags     *widget.Entry
	criteria *widget.Entry
	problem  *widget.Label
	board    *board.Board
	usePos   *widget.Button
	content  fyne.CanvasObject
}

func newTestEditor(p *Panel, t *ats.Test) *testEditor {
	e := &testEditor{p: p, orig: t, pos: t.Position}
	e.comment = widget.NewMultiLineEntry()
	e.comment.SetText(t.Comment)
	e.comment.SetMinRowsVisible(2)
	e.tags = widget.NewEntry()
	e.tags.SetText(strings.Join(t.Tags, ", "))
	e.criteria = widget.NewMultiLineEntry()
	e.criteria.SetText(ats.ATSCriteriaText(t.Criteria))
	e.criteria.SetMinRowsVisible(3)
	e.criteria.Wrapping = fyne.TextWrapWord
	e.problem = widget.NewLabel("")
	e.problem.Wrapping = fyne.TextWrapWord
	e.criteria.OnChanged = func(string) { e.validate() }
	e.board = board.New(t.Position)
	e.usePos = widget.NewButton("Use the current position (from the editor)", func() {
		if p.opts.Current != nil {
			e.pos = p.opts.Current.Get().Position
			e.board.SetPosition(e.pos)
			e.validate()
		}
	})
	form := widget.NewForm(
		widget.NewFormItem("Comment", e.comment),
		widget.NewFormItem("Tags", e.tags),
		widget.NewFormItem("Criteria", e.criteria),
	)
	right := container.NewBorder(nil, e.problem, nil, nil, form)
	left := container.NewBorder(nil, e.usePos, nil, nil, e.board)
	split := container.NewHSplit(left, right)
	split.Offset = 0.4
	e.content = split
	e.validate()
	return e
}

// edited builds the test from the fields, or says what is wrong.
func (e *testEditor) edited() (*ats.Test, error) {
	if probs := e.pos.Validate(); len(probs) > 0 {
		return nil, fmt.Errorf("position: %v", probs[0])
	}
	c, err := ats.ParseATSCriteria(e.criteria.Text, e.pos)
	if err != nil {
		return nil, fmt.Errorf("criteria: %w", err)
	}
	t := *e.orig
	t.Comment = strings.TrimSpace(e.comment.Text)
	t.Tags = strings.FieldsFunc(e.tags.Text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	t.Position = e.pos
	t.Criteria = c
	return &t, nil
}

func (e *testEditor) validate() bool {
	_, err := e.edited()
	if err != nil {
		e.problem.Importance = widget.DangerImportance
		e.problem.SetText(err.Error())
		return false
	}
	e.problem.Importance = widget.SuccessImportance
	e.problem.SetText("The test is valid.")
	return true
}

// save writes the test to path and puts it in the suite.
func (e *testEditor) save(path string) error {
	t, err := e.edited()
	if err != nil {
		return err
	}
	if err := ats.SaveATS(path, t); err != nil {
		return err
	}
	t.File = path
	e.p.model.ReplaceTest(t)
	e.p.Sync()
	return nil
}

// target is where the test is saved: its own file when that is an .ats
// file (one test per file), otherwise a new file the user chooses.
func (e *testEditor) target() (string, bool) {
	if strings.EqualFold(filepath.Ext(e.orig.File), ".ats") {
		return e.orig.File, true
	}
	return "", false
}

// edit opens the test editor for the selected test.
func (p *Panel) edit() {
	t := p.selectedTest()
	if t == nil {
		return
	}
	e := newTestEditor(p, t)
	p.editor = e
	if p.opts.Window == nil {
		return
	}
	d := dialog.NewCustomConfirm("Edit test "+t.Name, "Save", "Cancel", e.content, func(ok bool) {
		if !ok {
			return
		}
		p.saveEdit(e)
	}, p.opts.Window)
	d.Resize(fyne.NewSize(900, 560))
	d.Show()
}

func (p *Panel) saveEdit(e *testEditor) {
	fail := func(err error) {
		if p.opts.Dialogs != nil {
			p.opts.Dialogs.Error(err)
		} else {
			p.say(err.Error(), true)
		}
	}
	if !e.validate() {
		fail(errors.New(e.problem.Text))
		return
	}
	if path, ok := e.target(); ok {
		if err := e.save(path); err != nil {
			fail(err)
			return
		}
		p.say("Saved "+path+".", false)
		return
	}
	if p.opts.Dialogs == nil {
		fail(errors.New("this test comes from a TOML file; choose an .ats file to save it to"))
		return
	}
	p.opts.Dialogs.Save("Save the test as an .ats file", []string{".ats"}, e.orig.Name+".ats", func(path string) {
		if err := e.save(path); err != nil {
			fail(err)
			return
		}
		p.say("Saved "+path+".", false)
	})
}
