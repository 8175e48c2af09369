package viewer

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/prefs"
)

// Preference keys of the game tab's dividers.
const (
	prefBoardSplit = "viewer.split.board"
	prefListSplit  = "viewer.split.moves"
)

// Where the dividers start: the board takes most of the width, the move
// list most of its column. At 1280x800 that shows twelve moves or more,
// at 1024x700 eight, with the comment under them.
const (
	boardShare = 0.6
	listShare  = 0.85
)

// gameLayout puts the game tab's parts in place: the game's name and
// result over the board, the slider and the captured pieces under it;
// beside it the move list with the move being entered under it (and the
// form that starts a game against the engine over it), and below
// a divider the comment and the whole-game analysis, which scroll when
// the divider leaves them too little room. Nothing here grows with its
// text: a long name is cut, the captures scroll.
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

	entry := container.NewVBox(widget.NewSeparator(), v.entryInfo,
		container.NewHBox(v.undoStep, v.finish, widget.NewSeparator(), v.notes.promote, v.notes.deleteVar))
	upper := container.NewBorder(v.play.form, entry, nil, nil, container.NewThemeOverride(v.list.list, compactRows{}))
	v.side = container.NewVBox(v.notes.comment, v.analysis.box, v.analysis.band)
	listSplit = container.NewVSplit(upper, container.NewVScroll(v.side))
	v.analysis.side, v.analysis.split = v.side, listSplit
	listSplit.Offset = listShare
	boardSplit = container.NewHSplit(left, listSplit)
	boardSplit.Offset = boardShare
	return boardSplit, listSplit
}

// KeepLayout remembers where the user leaves the game tab's dividers
// between sessions, in p.
func (v *Panel) KeepLayout(p fyne.Preferences) {
	prefs.RememberSplit(p, prefBoardSplit, v.split)
	prefs.RememberSplit(p, prefListSplit, v.listSplit)
}

// compactRows is the app's theme with less padding inside widgets: the
// move list's rows are a line of text each, and a dozen of them fit
// where eight would with the usual padding.
type compactRows struct{}

func (compactRows) theme() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }

func (c compactRows) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return c.theme().Color(n, v)
}

func (c compactRows) Font(s fyne.TextStyle) fyne.Resource { return c.theme().Font(s) }

func (c compactRows) Icon(n fyne.ThemeIconName) fyne.Resource { return c.theme().Icon(n) }

func (c compactRows) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameInnerPadding {
		return c.theme().Size(theme.SizeNamePadding)
	}
	return c.theme().Size(n)
}
