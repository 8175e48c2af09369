package shell

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// lazyPanel holds a panel's content in the workbench's tabs. Whenever a
// tab is selected, Fyne's tabs show its content and then refresh every
// tab's content, the hidden ones too, which lays out and measures every
// panel again: under the race detector seconds a click. A hidden panel
// loses nothing by skipping that refresh: what changes in it refreshes
// itself, and a change of theme reaches each of its objects directly
// (Fyne applies a theme object by object, hidden ones included). The
// panel shown is refreshed by the same pass; should it not be, the tabs'
// OnSelected refreshes it (refreshShown).
type lazyPanel struct {
	widget.BaseWidget
	content fyne.CanvasObject
	// stale: a refresh was skipped while hidden and none has come since.
	stale bool
}

func newLazyPanel(content fyne.CanvasObject) *lazyPanel {
	l := &lazyPanel{content: content}
	l.ExtendBaseWidget(l)
	return l
}

// Refresh refreshes the content when it is shown; a hidden one is left
// stale.
func (l *lazyPanel) Refresh() {
	if !l.Visible() {
		l.stale = true
		return
	}
	l.stale = false
	l.BaseWidget.Refresh()
}

// Show shows the content without refreshing it: the tabs refresh it next.
func (l *lazyPanel) Show() {
	l.Hidden = false
}

// refreshShown refreshes the content if it is still stale once shown.
func (l *lazyPanel) refreshShown() {
	if l.stale {
		l.Refresh()
	}
}

func (l *lazyPanel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(l.content)
}

// panelContent is the content a tab of the workbench was given.
func panelContent(it *container.TabItem) fyne.CanvasObject {
	if l, ok := it.Content.(*lazyPanel); ok {
		return l.content
	}
	return it.Content
}
