package viewer

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/tip"
)

// lineNotes edits what the tree says about the line shown: the comment on the
// move at the cursor, and Promote and Delete variation. Of the panel it
// uses the tree (Model), the move list (whose rows show the comments),
// Playing, changed and status.
type lineNotes struct {
	v         *Panel
	comment   *widget.Entry
	promote   *tip.Button
	deleteVar *tip.Button
	filling   bool // the comment is being set from the tree
}

func newLineNotes(v *Panel) *lineNotes {
	n := &lineNotes{v: v}
	n.promote = tip.NewButton(theme.MoveUpIcon(), "Promote: make the variation shown the main line", n.promoteLine)
	n.deleteVar = tip.NewButton(theme.DeleteIcon(), "Delete variation: remove the variation shown", n.deleteVariation)
	n.comment = widget.NewMultiLineEntry()
	// One row at the least: the column's height goes to the move list and
	// the game graph; the entry scrolls a longer comment.
	n.comment.SetMinRowsVisible(1)
	n.comment.Wrapping = fyne.TextWrapWord
	n.comment.SetPlaceHolder("comment on this move")
	n.comment.OnChanged = n.edited
	return n
}

// draw shows the comment at the cursor, and offers Promote and Delete
// variation in a variation.
func (n *lineNotes) draw() {
	m := n.v.Model
	text, label := m.Comment()
	n.filling = true
	if label == "" {
		n.comment.SetPlaceHolder("comments go with moves: enter a move to comment on it")
		n.comment.Disable()
	} else {
		n.comment.SetPlaceHolder("comment on " + label)
		n.comment.Enable()
	}
	if n.comment.Text != text {
		n.comment.SetText(text)
	}
	n.filling = false
	// A game against the engine plays at the cursor: its line stays put.
	on := m.InVariation() && !n.v.Playing()
	field.Enable(n.promote, on)
	field.Enable(n.deleteVar, on)
}

// edited takes the comment typed.
func (n *lineNotes) edited(text string) {
	if n.filling {
		return
	}
	if err := n.v.Model.SetComment(strings.TrimSpace(text)); err != nil {
		n.v.status(err.Error())
		return
	}
	n.v.list.refresh()
}

// promoteLine makes the line of the cursor the game's main line.
func (n *lineNotes) promoteLine() {
	if n.v.Model.Promote() {
		n.v.changed()
		n.v.status("the variation is now the main line")
	}
}

// deleteVariation removes the variation the cursor is in.
func (n *lineNotes) deleteVariation() {
	if err := n.v.Model.DeleteVariation(); err != nil {
		n.v.status(err.Error())
		return
	}
	n.v.changed()
	n.v.status("variation deleted")
}
