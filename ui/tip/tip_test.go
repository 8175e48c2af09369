package tip

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TestTipFollowsThePointer: the tip shows while the pointer is over the
// button, goes when it leaves or the button is clicked, never takes the
// click, and does not widen the window.
func TestTipFollowsThePointer(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	taps := 0
	b := NewButton(theme.MediaSkipNextIcon(), "End of the game (End)", func() { taps++ })
	content := container.NewVBox(container.NewHBox(b), widget.NewLabel("below"))
	before := content.MinSize()
	w.SetContent(Wrap(w.Canvas(), content))
	w.Resize(fyne.NewSize(300, 200))
	c := w.Canvas()

	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
	over := at.Add(fyne.NewPos(b.Size().Width/2, b.Size().Height/2))
	test.MoveMouse(c, over)
	if got := Shown(c); got != "End of the game (End)" {
		t.Fatalf("pointer over the button: tip %q", got)
	}
	if w.Content().MinSize().Width > before.Width+1 {
		t.Errorf("the tip widened the window: %v, content %v", w.Content().MinSize(), before)
	}
	test.MoveMouse(c, fyne.NewPos(250, 150))
	if got := Shown(c); got != "" {
		t.Errorf("pointer away: tip %q still shown", got)
	}
	test.MoveMouse(c, over)
	test.TapCanvas(c, over)
	if taps != 1 || Shown(c) != "" {
		t.Errorf("click on the button: %d taps, tip %q", taps, Shown(c))
	}
}
