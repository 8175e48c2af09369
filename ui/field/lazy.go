package field

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// Lazy holds the content of a tab. Whenever a tab is chosen, Fyne's tabs
// show its content and then refresh every tab's content, the hidden ones
// too, which lays out and measures them all again: with the workbench's
// panels, seconds a click under the race detector. A hidden content loses
// nothing by skipping that refresh: what changes in it refreshes itself,
// and a change of theme reaches each of its objects directly (Fyne
// applies a theme object by object, hidden ones included). The content
// shown is refreshed by the same pass of the tabs, once.
func Lazy(content fyne.CanvasObject) fyne.CanvasObject {
	l := &lazy{content: content}
	l.ExtendBaseWidget(l)
	return l
}

// TabContent is the content a tab was given, through Lazy or not.
func TabContent(it *container.TabItem) fyne.CanvasObject {
	if l, ok := it.Content.(*lazy); ok {
		return l.content
	}
	return it.Content
}

type lazy struct {
	widget.BaseWidget
	content fyne.CanvasObject
}

// Refresh refreshes the content when it is shown.
func (l *lazy) Refresh() {
	if l.Visible() {
		l.BaseWidget.Refresh()
	}
}

// Show shows the content without refreshing it: the tabs refresh it next.
func (l *lazy) Show() { l.Hidden = false }

func (l *lazy) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(l.content) }

// LazyTabs makes the content of each tab of tabs Lazy, and returns tabs.
// A tab appended later is given a Lazy content itself.
func LazyTabs(tabs *container.AppTabs) *container.AppTabs {
	for _, it := range tabs.Items {
		if _, ok := it.Content.(*lazy); !ok {
			// Tabs laid out already (appending lays them out) hid the
			// contents they do not show: now their holders are hidden.
			it.Content.Show()
			it.Content = Lazy(it.Content)
		}
	}
	return tabs
}
