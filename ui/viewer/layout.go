package viewer

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/prefs"
)

// Preference keys of the game tab's dividers: beside the board, and under
// the move list. The one under the move list has had a new key each time
// what is under it changed: where it was left before would leave the
// move list or the game's sections no room.
const (
	prefBoardSplit = "viewer.split.board"
	prefListSplit  = "analysis.split.moves"
)

// Where the dividers start: the board takes the width its height allows
// at a laptop's size, the move list the tab's height but the game's
// sections' (sectionsLayout).
const (
	boardShare = 0.47
	listShare  = 0.6
)

// SectionRows is how many rows of text the game's sections under the
// move list (the game graph, the game against the engine, the comment)
// have room for until the user moves the divider over them.
const SectionRows = 6

// gameLayout puts the game tab's parts in place, as an analysis board: the
// game's name and result over the board (with the evaluation bar beside
// it), the slider and the captured pieces under it; beside it a column of
// tabs, each the column's whole height: the moves, then those added with
// AddSection (the engine's lines, the explorer, the similar positions);
// under the tabs the move being entered, entered on the board whatever
// tab shows. The moves' tab holds the two-column move list and under a
// divider the game's own sections, one tab each: the game graph, the game
// against the engine (its form, then its bar) and the comment, which go
// with the move list. Stacked under the move list as well, the engine's
// lines and the explorer had five or six rows at 1024x700 and 1280x800;
// in a tab of their own they have more than the move list. Nothing here
// grows with its text or with a task: a long name is cut, the captures
// scroll, and a tab chosen or a task started changes neither the board's
// size nor the place of a control.
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
	v.gameSections = container.NewAppTabs(
		container.NewTabItemWithIcon(GraphSection, theme.GridIcon(), container.NewVScroll(v.analysis.content())),
		container.NewTabItemWithIcon(PlaySection, theme.ComputerIcon(), container.NewVScroll(v.play.content())),
		container.NewTabItemWithIcon(CommentSection, theme.DocumentCreateIcon(), v.notes.comment),
	)
	v.gameSectionsBox = field.CompactTabs(field.LazyTabs(v.gameSections))
	listSplit = container.NewVSplit(v.list.box, v.gameSectionsBox)
	listSplit.Offset = listShare
	v.sectionsFit = &sectionsLayout{split: listSplit, set: listShare}
	v.sections = container.NewAppTabs(
		container.NewTabItemWithIcon(MovesSection, theme.ListIcon(), container.New(v.sectionsFit, listSplit)))
	v.sectionsBox = field.CompactTabs(field.LazyTabs(v.sections))
	boardSplit = container.NewHSplit(left, container.NewBorder(nil, entry, nil, nil, v.sectionsBox))
	boardSplit.Offset = boardShare
	return boardSplit, listSplit
}

// sectionsLayout places the divider between the move list and the game's
// sections so that the sections have room for SectionRows rows and the
// move list the rest of the tab, at any height, until the user moves the
// divider (in this session or an earlier one): then it keeps its share.
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
			// The sections' least height (their tab bar and the least
			// of what they show), as first laid out: sections shown
			// later, whose renderers then come, must not move the
			// divider.
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

// Names of the sections the viewer has itself: the moves' tab, and the
// game's sections under the move list.
const (
	MovesSection   = "Moves"
	GraphSection   = "Game graph"
	PlaySection    = "Play"
	CommentSection = "Comment"
)

// AddSection adds a tab beside the board after the moves and those added
// before: the analysis view's engine lines, explorer and similar
// positions.
func (v *Panel) AddSection(name string, icon fyne.Resource, content fyne.CanvasObject) {
	v.sections.Append(container.NewTabItemWithIcon(name, icon, field.Lazy(content)))
	v.sectionsBox.Refresh() // the section takes the compact theme too
}

// ShowSection brings forward the section called name, a tab beside the
// board or one of the game's sections under the move list (with the
// moves' tab); it reports false when there is none.
func (v *Panel) ShowSection(name string) bool {
	if field.SelectTab(v.gameSections, name) {
		return field.SelectTab(v.sections, MovesSection)
	}
	return field.SelectTab(v.sections, name)
}

// Sections returns the names of the sections in order: the tabs beside
// the board, then the game's sections under the move list.
func (v *Panel) Sections() []string {
	var names []string
	for _, tabs := range []*container.AppTabs{v.sections, v.gameSections} {
		for _, it := range tabs.Items {
			names = append(names, it.Text)
		}
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
	// Only where the user leaves the divider over the game's sections is
	// kept: until then it follows the window's height.
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
