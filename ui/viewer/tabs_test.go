package viewer

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/files/filestest"
	"arimaa-workbench/ui/state"
)

// TestSectionsAreTabsOfTheColumn: beside the board the moves come first,
// then each section added (the engine's lines, the explorer...) as a tab
// of its own with the side column's whole height, as high as the moves'
// tab and growing with the window (stacked under the move list they kept
// five rows at any height); the game's own sections are under the move
// list, and showing one brings the moves forward; choosing a tab leaves
// the board where and as large as it was, and the move being entered
// stays under the tabs.
func TestSectionsAreTabsOfTheColumn(t *testing.T) {
	test.NewTempApp(t)
	v := NewPanel(&filestest.Dialogs{}, state.NewCurrent(rules.StartPosition(), "test"))
	v.AddSection("Lines", nil, widget.NewLabel("lines"))
	v.AddSection("Explorer", nil, widget.NewLabel("explorer"))
	w := test.NewTempWindow(t, v.Content())
	want := []string{MovesSection, "Lines", "Explorer", GraphSection, PlaySection, CommentSection}
	if got := v.Sections(); len(got) != len(want) {
		t.Fatalf("sections %v, want %v", got, want)
	} else {
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("sections %v, want %v", got, want)
			}
		}
	}
	if got := v.sections.Selected().Text; got != MovesSection {
		t.Errorf("the tab shown first is %q, want the moves", got)
	}
	heights := map[float32]float32{}
	for _, height := range []float32{660, 760} {
		w.Resize(fyne.NewSize(1024, height))
		var board fyne.Size
		var boardAt fyne.Position
		for i, name := range want {
			if !v.ShowSection(name) {
				t.Fatalf("no section %q", name)
			}
			tab := v.sections.Selected()
			if i >= 3 && tab.Text != MovesSection {
				t.Errorf("showing %s shows the tab %q, want the moves", name, tab.Text)
			}
			h := tab.Content.Size().Height
			if i == 0 {
				heights[height], board, boardAt = h, v.Board.Size(), absolute(v.Board)
			}
			if h != heights[height] || v.Board.Size() != board || absolute(v.Board) != boardAt {
				t.Errorf("at 1024x%.0f %s's tab is %.0f px high, the board %v at %v: want %.0f px, the board %v at %v as with the moves",
					height, name, h, v.Board.Size(), absolute(v.Board), heights[height], board, boardAt)
			}
			if top, bottom := absolute(v.entryInfo).Y, absolute(tab.Content).Y+h; top < bottom {
				t.Errorf("at 1024x%.0f the move being entered (at y %.0f) is not under %s's tab (down to %.0f)", height, top, name, bottom)
			}
		}
	}
	if heights[760]-heights[660] < 90 {
		t.Errorf("the tabs are %.0f px high at 1024x660 and %.0f at 1024x760: want them grown with the window", heights[660], heights[760])
	}
}

// absolute is where o is drawn in its window.
func absolute(o fyne.CanvasObject) fyne.Position {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
}
