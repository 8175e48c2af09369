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
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
	"arimaa-workbench/ui/board"
)

// The conditions of the legacy format that are not piece_position blocks.
const (
	condScoreGoal   = "score goal"
	condPreventGoal = "prevent goal"
)

// CriteriaText writes a test's criteria the way the test editor takes them:
// "score goal", "prevent goal", or piece_position blocks.
func CriteriaText(c ats.Criteria) string {
	if len(c.Blocks) == 1 && len(c.Blocks[0].Atoms) == 1 && c.Blocks[0].Weight == 1 && !c.Blocks[0].Atoms[0].Negate {
		switch c.Blocks[0].Atoms[0].Kind {
		case ats.ScoreGoal:
			return condScoreGoal
		case ats.PreventGoal:
			return condPreventGoal
		}
	}
	return c.String()
}

// ParseCriteria reads the test editor's criteria text and checks it against
// the test position. An error in the blocks names its column.
func ParseCriteria(text string, pos rules.Position) (ats.Criteria, error) {
	t := strings.Join(strings.Fields(text), " ")
	var c ats.Criteria
	switch strings.ToLower(t) {
	case "":
		return c, errors.New("the criteria are empty: write score goal, prevent goal, or atoms such as \"Ed5 !mc6 | Hf6x : 0.5\"")
	case condScoreGoal:
		c = ats.Criteria{Blocks: []ats.Block{{Atoms: []ats.Cond{{Kind: ats.ScoreGoal, Square: rules.NoSquare}}, Weight: 1}}}
	case condPreventGoal:
		c = ats.Criteria{Blocks: []ats.Block{{Atoms: []ats.Cond{{Kind: ats.PreventGoal, Square: rules.NoSquare}}, Weight: 1}}}
	default:
		var err error
		// Parse the text as written, so columns match what the user sees.
		c, err = ats.ParsePiecePosition(strings.ReplaceAll(text, "\n", " "))
		if err != nil {
			return c, err
		}
		for _, b := range c.Blocks {
			for _, a := range b.Atoms {
				if a.Kind != ats.PieceAt && a.Kind != ats.CapturedAt {
					return c, fmt.Errorf("%q cannot be written in an .ats file; use piece atoms (Eb3, !ce2, Hf6x)", a.String())
				}
			}
		}
	}
	if err := c.Bind(pos); err != nil {
		return c, err
	}
	return c, nil
}

// FormatATS writes t as a legacy .ats file (the format of package ats's
// documentation), which ats.ReadATS reads back to the same test.
func FormatATS(t *ats.Test) (string, error) {
	crit := CriteriaText(t.Criteria)
	if _, err := ParseCriteria(crit, t.Position); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("[settings]\ncomment =\n")
	for _, l := range strings.Split(strings.TrimSpace(t.Comment), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			b.WriteString("    " + l + "\n")
		}
	}
	b.WriteString("position =\n")
	for _, l := range strings.Split(strings.TrimRight(records.FormatPosition(t.Position), "\n"), "\n") {
		b.WriteString("    " + l + "\n")
	}
	for _, tag := range t.Tags {
		if tag == "" || strings.ContainsAny(tag, " \t,\n") {
			return "", fmt.Errorf("tag %q: tags in an .ats file are single words", tag)
		}
	}
	if len(t.Tags) > 0 {
		b.WriteString("tags = " + strings.Join(t.Tags, ", ") + "\n")
	}
	b.WriteString("[criteria]\n")
	switch crit {
	case condScoreGoal, condPreventGoal:
		b.WriteString("condition = " + crit + "\n")
	default:
		b.WriteString("condition = piece_position\nafter_piece_position = " + crit + "\n")
	}
	return b.String(), nil
}

// SaveATS writes t to path as an .ats file after checking that it reads
// back as the same test, atomically.
func SaveATS(path string, t *ats.Test) error {
	text, err := FormatATS(t)
	if err != nil {
		return err
	}
	back, err := ats.ReadATS(strings.NewReader(text), path)
	if err != nil {
		return fmt.Errorf("the test would not read back: %w", err)
	}
	if back.Position.AEIString() != t.Position.AEIString() || back.Criteria.String() != t.Criteria.String() {
		return errors.New("the test would not read back the same")
	}
	return fsutil.WriteBytes(path, []byte(text))
}

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
	e.criteria.SetText(CriteriaText(t.Criteria))
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
	c, err := ParseCriteria(e.criteria.Text, e.pos)
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
	if err := SaveATS(path, t); err != nil {
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
