package viewer

import (
	"maps"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/tablefit"
	"arimaa-workbench/ui/tip"
)

// moveList is the two-column move list (Model.TurnRows: the turn's number,
// Gold's move, Silver's) and the slider through which the user browses the
// line shown (not during a game against the engine), with the blunders the
// whole-game analysis marks. A tap on a move goes to it. Of the panel it
// uses the tree (Model), changed and, to refuse browsing, Playing and
// status.
type moveList struct {
	v      *Panel
	table  *widget.Table
	box    fyne.CanvasObject // the table with its columns fitted
	slider *widget.Slider
	marks  map[*node]string // blunder notes by move
	// following is set while the widgets are set to follow the tree, so
	// that their callbacks do not seek.
	following bool
	// drawn are the rows the table last drew in full.
	drawn []TurnRow
}

// indent is what a variation's row is indented by, per depth.
const indent = "   "

func newMoveList(v *Panel) *moveList {
	l := &moveList{v: v}
	l.table = tip.NewTable(
		func() (int, int) { return len(v.Model.TurnRows()), 3 },
		func(id widget.TableCellID, lb *tip.Label) {
			rows := v.Model.TurnRows()
			if id.Row >= len(rows) {
				lb.SetText("")
				return
			}
			tr := rows[id.Row]
			text := strings.Repeat(indent, tr.Depth)
			if id.Col == 0 {
				text += tr.Turn
			} else {
				text += tr.Cells[id.Col-1].Text
			}
			lb.TextStyle.Italic = tr.Depth > 0
			lb.TextStyle.Bold = id.Col > 0 && tr.Cells[id.Col-1].Row == v.Model.CursorRow() && tr.Cells[id.Col-1].Row >= 0
			lb.Importance = widget.MediumImportance
			if id.Col == 0 {
				lb.Importance = widget.LowImportance
			}
			lb.SetText(text)
		})
	l.table.OnSelected = func(id widget.TableCellID) {
		if l.following {
			return
		}
		rows := v.Model.TurnRows()
		if id.Row >= len(rows) || id.Col == 0 || rows[id.Row].Cells[id.Col-1].Row < 0 {
			l.follow() // the turn's number, or an empty cell: stay put
			return
		}
		l.goRow(rows[id.Row].Cells[id.Col-1].Row)
	}
	l.box = tablefit.New(l.table, func() []tablefit.Column {
		return []tablefit.Column{{Min: 44, Max: 60, Grow: 0.1}, {Min: 120, Grow: 1}, {Min: 120, Grow: 1}}
	}, nil)
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

// goRow puts the cursor after row i of Model.Rows, as a tap on its move
// does.
func (l *moveList) goRow(i int) {
	v := l.v
	if l.blocked() {
		return
	}
	if v.Model.CursorRow() != i || v.Model.Step() != 0 {
		v.Model.GoToRow(i)
		v.changed()
	}
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

// mark is the blunder note of row i of Model.Rows, "" when none.
func (l *moveList) mark(i int) string {
	rows := l.v.Model.Rows()
	if i < 0 || i >= len(rows) || rows[i].n == nil {
		return ""
	}
	return l.marks[rows[i].n]
}

// setMarks marks the blunders, redrawing the rows when they change.
func (l *moveList) setMarks(marks map[*node]string) {
	if maps.Equal(marks, l.marks) {
		return
	}
	l.marks = marks
	l.v.Model.SetMarks(l.mark)
	l.refresh()
}

// follow sets the slider and the table's selection to the cursor.
func (l *moveList) follow() {
	m := l.v.Model
	l.following = true
	defer func() { l.following = false }()
	l.slider.Max = float64(max(1, m.Len()))
	l.slider.SetValue(float64(m.Ply()))
	// Each of Refresh, Select and ScrollTo redraws every row shown, which
	// under the race detector was an eighth of the viewer's tests: the
	// table is refreshed whole only when its rows changed (a move of the
	// cursor redraws them through ScrollTo). ScrollTo follows Select,
	// which scrolls only to a cell not yet selected, and may do it before
	// the table has its size (a file opened before the window is sized).
	rows := m.TurnRows()
	redrawn := !slices.Equal(rows, l.drawn)
	if redrawn {
		l.drawn = slices.Clone(rows)
		l.table.Refresh()
	}
	if r, c := m.TurnRowOf(m.CursorRow()); r >= 0 {
		id := widget.TableCellID{Row: r, Col: c + 1}
		l.table.Select(id)
		l.table.ScrollTo(id)
	} else {
		l.table.UnselectAll()
		if !redrawn {
			l.table.Refresh() // the cursor's move is no longer bold
		}
	}
}

// refresh redraws the rows (a comment or a mark changed).
func (l *moveList) refresh() {
	l.following = true
	l.table.Refresh()
	l.following = false
}
