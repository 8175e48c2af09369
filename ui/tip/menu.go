package tip

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// NewMenuButton is a button with an icon, a label and a tooltip that opens
// a menu of items below itself; items is asked each time, so entries
// follow what the panel holds.
func NewMenuButton(label string, icon fyne.Resource, tip string, items func() []*fyne.MenuItem) *Button {
	b := NewButton(icon, tip, nil)
	b.Text = label
	b.OnTapped = func() {
		c := fyne.CurrentApp().Driver().CanvasForObject(b)
		if c == nil {
			return
		}
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
		widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", items()...), c, pos.Add(fyne.NewPos(0, b.Size().Height)))
	}
	return b
}
