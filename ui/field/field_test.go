package field

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// What is under a Lines label stays where it is whatever the label says:
// nothing, a line, or more lines than it has room for.
func TestLinesKeepTheirHeight(t *testing.T) {
	test.NewTempApp(t)
	l := widget.NewLabel("")
	l.Wrapping = fyne.TextWrapWord
	under := widget.NewButton("Candidates", nil)
	w := test.NewTempWindow(t, container.NewVBox(Lines(l, 2), under))
	w.Resize(fyne.NewSize(300, 400))
	one := widget.NewLabel("x").MinSize().Height
	var at []float32
	for _, text := range []string{"", "Idle.", strings.Repeat("a long message that wraps ", 12)} {
		l.SetText(text)
		w.Content().Refresh()
		at = append(at, under.Position().Y)
	}
	if at[0] != at[1] || at[1] != at[2] {
		t.Errorf("the button under the label moved: %v", at)
	}
	if at[0] < 1.5*one {
		t.Errorf("two lines take %v, one line alone takes %v", at[0], one)
	}
}
