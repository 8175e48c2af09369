package viewer

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/files/filestest"
	"arimaa-workbench/ui/state"
)

// TestSectionsKeepTheirRows: until the user moves the divider over the
// sections, they keep their height at any window height (the move list
// takes the rest) and nothing is remembered; once moved, the divider keeps
// its share, in this session and the next.
func TestSectionsKeepTheirRows(t *testing.T) {
	a := test.NewTempApp(t)
	open := func() (*Panel, fyne.Window) {
		v := NewPanel(&filestest.Dialogs{}, state.NewCurrent(rules.StartPosition(), "test"))
		v.KeepLayout(a.Preferences())
		w := test.NewTempWindow(t, v.Content())
		return v, w
	}
	v, w := open()
	sectionsAt := func(size fyne.Size) (sections, list float32) {
		w.Resize(size)
		return v.gameSectionsBox.Size().Height, v.listSplit.Leading.Size().Height
	}
	small, smallList := sectionsAt(fyne.NewSize(1024, 660))
	large, largeList := sectionsAt(fyne.NewSize(1280, 760))
	if d := small - large; d > 2 || d < -2 || largeList-smallList < 90 {
		t.Errorf("the sections are %.0f px high at 1024x660 and %.0f at 1280x760, the move list %.0f and %.0f: want the sections kept, the list grown",
			small, large, smallList, largeList)
	}
	if off := a.Preferences().Float(prefListSplit); off != 0 {
		t.Errorf("an offset the layout chose was remembered: %v", off)
	}

	// The user drags the divider down: it keeps its share at another
	// height, and the next window opens with it.
	v.listSplit.Offset = 0.8
	v.listSplit.Refresh()
	sectionsAt(fyne.NewSize(1024, 660))
	if v.listSplit.Offset != 0.8 || a.Preferences().Float(prefListSplit) != 0.8 {
		t.Errorf("after a drag to 0.8 the divider is at %v, remembered %v", v.listSplit.Offset, a.Preferences().Float(prefListSplit))
	}
	v, w = open()
	w.Resize(fyne.NewSize(1280, 760))
	if v.listSplit.Offset != 0.8 {
		t.Errorf("the next window's divider is at %v, want 0.8 where the user left it", v.listSplit.Offset)
	}
}
