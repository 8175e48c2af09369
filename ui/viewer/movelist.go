package viewer

import (
	"maps"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// moveList is the move list and the slider through which the user browses
// the line shown (not during a game against the engine), with the
// blunders the whole-game analysis marks. Of the panel it uses the tree
// (Model), changed and, to refuse browsing, Playing and status.
type moveList struct {
	v      *Panel
	list   *widget.List
	slider *widget.Slider
	marks  map[*node]string // blunder notes by move
	// following is set while the widgets are set to follow the tree, so
	// that their callbacks do not seek.
	following bool
}

func newMoveList(v *Panel) *moveList {
	l := &moveList{v: v}
	l.list = widget.NewList(
		func() int { return len(v.Model.Rows()) },
		func() fyne.CanvasObject {
			lb := widget.NewLabel("00w Ee2n Ee3n Ee4n Ee5n rc3x")
			lb.Truncation = fyne.TextTruncateEllipsis
			return lb
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			rows := v.Model.Rows()
			if i < len(rows) {
				lb := o.(*widget.Label)
				lb.SetText(l.rowText(i))
				lb.TextStyle.Italic = rows[i].Depth > 0
			}
		},
	)
	l.list.OnSelected = func(i widget.ListItemID) {
		if l.following || l.blocked() {
			return
		}
		if v.Model.CursorRow() != i || v.Model.Step() != 0 {
			v.Model.GoToRow(i)
			v.changed()
		}
	}
	l.slider = widget.NewSlider(0, 1)
	l.slider.Step = 1
	l.slider.OnChanged = func(f float64) {
		if l.following || l.blocked() {
			return
		}
		v.Model.Seek(int(f))
		v.changed()
	}
	return l
}

// blocked reports a game against the engine, during which the list and
// the slider do not browse, says so and puts them back.
func (l *moveList) blocked() bool {
	if !l.v.Playing() {
		return false
	}
	l.v.status("stop the game against the engine to browse the moves")
	l.v.changed()
	return true
}

// rowText is row i of the move list with its blunder mark, if any.
func (l *moveList) rowText(i int) string {
	r := l.v.Model.Rows()[i]
	if mark, ok := l.marks[r.n]; ok && r.n != nil {
		return r.Text + "  ?? " + mark
	}
	return r.Text
}

// setMarks marks the blunders, redrawing the rows when they change.
func (l *moveList) setMarks(marks map[*node]string) {
	if maps.Equal(marks, l.marks) {
		return
	}
	l.marks = marks
	l.refresh()
}

// follow sets the slider and the list's selection to the cursor.
func (l *moveList) follow() {
	m := l.v.Model
	l.following = true
	defer func() { l.following = false }()
	l.slider.Max = float64(max(1, m.Len()))
	l.slider.SetValue(float64(m.Ply()))
	l.list.Refresh()
	if r := m.CursorRow(); r >= 0 {
		l.list.Select(r)
		l.list.ScrollTo(r)
	} else {
		l.list.UnselectAll()
	}
}

// refresh redraws the rows (a comment or a mark changed).
func (l *moveList) refresh() {
	l.following = true
	l.list.Refresh()
	l.following = false
}
