// Package field holds the small pieces of form the panels share: an entry
// with its first text and a placeholder, a field with a caption above it,
// a scroller in which the mouse wheel scrolls a form even over its
// entries (VScroll), a progress bar that shows no bar while idle
// (Progress), the choice of a tab by its name (SelectTab), and tabs whose
// hidden contents are not refreshed at each choice (Lazy, LazyTabs).
package field

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Entry returns an entry holding text, showing placeholder when empty.
func Entry(text, placeholder string) *widget.Entry {
	e := widget.NewEntry()
	e.SetText(text)
	e.PlaceHolder = placeholder
	return e
}

// Labelled puts a small caption above o; a caption too long for the
// column ends in an ellipsis rather than widening it.
func Labelled(label string, o fyne.CanvasObject) fyne.CanvasObject {
	l := widget.NewLabel(label)
	l.SizeName = theme.SizeNameCaptionText
	l.Importance = widget.LowImportance
	l.Truncation = fyne.TextTruncateEllipsis
	return container.NewBorder(l, nil, nil, nil, o)
}

// Lines gives l the height of n lines of its text, whatever it says: a
// longer text scrolls inside, a shorter one leaves the room empty, so that
// nothing under it moves when the text changes (a search starting or
// ending, a message coming and going).
func Lines(l *widget.Label, n int) fyne.CanvasObject {
	probe := widget.NewLabel(strings.TrimSuffix(strings.Repeat("Mg\n", max(n, 1)), "\n"))
	probe.TextStyle = l.TextStyle
	probe.SizeName = l.SizeName
	s := container.NewVScroll(l)
	s.SetMinSize(fyne.NewSize(0, probe.MinSize().Height))
	return s
}

// SelectTab brings forward the tab of tabs called name, ignoring case (so
// --tab viewer finds "Viewer"); it reports false when there is none.
func SelectTab(tabs *container.AppTabs, name string) bool {
	for _, it := range tabs.Items {
		if strings.EqualFold(it.Text, name) {
			tabs.Select(it)
			return true
		}
	}
	return false
}

// Enable enables w when on and disables it when not. A panel sets each
// control's state once per redraw with it rather than disabling and then
// enabling again: every change of state redraws the widget (a button
// decodes its icon anew), and the engine panel redraws on every report of
// a running search.
func Enable(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}
