package viewer

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/prefs"
)

// Preference keys of the game tab's dividers. The one under the move list
// has a key of its own since the sections came under it: where it was
// left over the comment alone would leave them no room.
// The divider under the move list has a new key since the sections keep
// their height: where it was left before gave them three rows.
const (
	prefBoardSplit = "viewer.split.board"
	prefListSplit  = "analysis.split.lines"
)

// Where the dividers start: the board takes the width its height allows
// at a laptop's size, the move list the column's height but the
// sections' (sectionsLayout).
const (
	boardShare = 0.47
	listShare  = 0.6
)

// SectionRows is how many rows of a list the sections have room for
// until the user moves the divider over them: every one of the engine's
// lines.
const SectionRows = 5

// gameLayout puts the game tab's parts in place, as an analysis board: the
// game's name and result over the board (with the evaluation bar beside
// it), the slider and the captured pieces under it; beside it the
// two-column move list with the move being entered under it, and below a
// divider the sections, one tab each: those added with AddSection (the
// engine's lines, the explorer, the similar positions), the game graph,
// the game against the engine (its form, then its bar) and the comment. Nothing here grows with its text or with a task: a long name
// is cut, the captures scroll, and a section shown or a task started
// changes neither the board's size nor the place of a control.
func (v *Panel) gameLayout() (boardSplit, listSplit *container.Split) {
	v.title.Wrapping = fyne.TextWrapOff
	v.title.Truncation = fyne.TextTruncateEllipsis
	v.result.Wrapping = fyne.TextWrapOff
	v.result.Truncation = fyne.TextTruncateEllipsis
	head := container.NewGridWithColumns(2, v.title, v.result)
	lost := func(name string, c *fyne.Container) fyne.CanvasObject {
		return container.NewBorder(nil, nil, widget.NewLabel(name), nil, container.NewHScroll(c))
	}
	captures := container.NewGridWithColumns(2, lost("Gold lost", v.capGold), lost("Silver lost", v.capSilver))
	left := container.NewBorder(head, container.NewVBox(v.list.slider, captures), nil, nil, v.Board)

	v.entryInfo.Wrapping = fyne.TextWrapOff
	v.entryInfo.Truncation = fyne.TextTruncateEllipsis
	// One row: the buttons, and what the move being entered is so far,
	// cut where it has no room (its whole text shows as the status too).
	entry := container.NewVBox(widget.NewSeparator(), container.NewBorder(nil, nil,
		container.NewHBox(v.undoStep, v.finish, widget.NewSeparator(), v.notes.promote, v.notes.deleteVar), nil, v.entryInfo))
	upper := container.NewBorder(nil, entry, nil, nil, field.Compact(v.list.box))
	v.sections = container.NewAppTabs(
		container.NewTabItemWithIcon(GraphSection, theme.GridIcon(), container.NewVScroll(v.analysis.content())),
		container.NewTabItemWithIcon(PlaySection, theme.ComputerIcon(), container.NewVScroll(v.play.content())),
		container.NewTabItemWithIcon(CommentSection, theme.DocumentCreateIcon(), v.notes.comment),
	)
	v.sectionsBox = field.CompactTabs(field.LazyTabs(v.sections))
	listSplit = container.NewVSplit(upper, v.sectionsBox)
	listSplit.Offset = listShare
	v.sectionsFit = &sectionsLayout{split: listSplit, set: listShare}
	boardSplit = container.NewHSplit(left, container.New(v.sectionsFit, listSplit))
	boardSplit.Offset = boardShare
	return boardSplit, listSplit
}

// sectionsLayout places the divider between the move list and the
// sections so that the sections have room for SectionRows rows of their
// lists and the move list the rest of the column, at any height, until
// the user moves the divider (in this session or an earlier one): then it
// keeps its share.
type sectionsLayout struct {
	split *container.Split
	set   float64 // the offset last set here
	user  bool    // the user moved the divider: leave it
	least float32 // the sections' least height, taken once
}

// moved notes the divider at off, and reports whether the user put it
// there (not this layout).
func (l *sectionsLayout) moved(off float64) bool {
	if off != l.set {
		l.user = true
	}
	return l.user
}

func (l *sectionsLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	l.moved(l.split.Offset)
	if !l.user && size.Height > 0 {
		row := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height + 2*theme.Padding() + theme.SeparatorThicknessSize()
		if l.least == 0 {
			// The sections' least height (their tab bar, the engine's
			// controls, a row), as first laid out with the engine's
			// lines shown: sections shown later, whose renderers then
			// come, must not move the divider.
			l.least = l.split.Trailing.MinSize().Height
		}
		want := l.least + float32(SectionRows)*row
		if off := min(0.85, max(0.3, 1-float64(want/size.Height))); off != l.set {
			l.set = off
			l.split.Offset = off
			l.split.Refresh()
		}
	}
	l.split.Move(fyne.NewPos(0, 0))
	l.split.Resize(size)
}

func (l *sectionsLayout) MinSize([]fyne.CanvasObject) fyne.Size { return l.split.MinSize() }

// Names of the sections the viewer has itself.
const (
	GraphSection   = "Game graph"
	PlaySection    = "Play"
	CommentSection = "Comment"
)

// AddSection adds a section under the move list, before the game graph
// and the comment: the analysis view's engine lines, explorer and similar
// positions.
func (v *Panel) AddSection(name string, icon fyne.Resource, content fyne.CanvasObject) {
	v.sections.Items = append(v.sections.Items[:v.added:v.added], append([]*container.TabItem{
		container.NewTabItemWithIcon(name, icon, field.Lazy(content))}, v.sections.Items[v.added:]...)...)
	v.added++
	v.sections.SelectIndex(0)
	v.sectionsBox.Refresh() // the section takes the compact theme too
}

// ShowSection brings forward the section called name; it reports false
// when there is none.
func (v *Panel) ShowSection(name string) bool { return field.SelectTab(v.sections, name) }

// Sections returns the names of the sections in order.
func (v *Panel) Sections() []string {
	names := make([]string, len(v.sections.Items))
	for i, it := range v.sections.Items {
		names[i] = it.Text
	}
	return names
}

// KeepLayout remembers where the user leaves the game tab's dividers
// between sessions, in p.
func (v *Panel) KeepLayout(p fyne.Preferences) {
	if p == nil {
		return
	}
	prefs.RememberSplit(p, prefBoardSplit, v.split)
	// Only where the user leaves the divider over the sections is kept:
	// until then it follows the window's height.
	if off := p.Float(prefListSplit); off > 0 && off < 1 {
		v.listSplit.Offset = off
		v.sectionsFit.user = true
	}
	prefs.WatchSplit(v.listSplit, func(off float64) {
		if v.sectionsFit.moved(off) {
			p.SetFloat(prefListSplit, off)
		}
	})
}
