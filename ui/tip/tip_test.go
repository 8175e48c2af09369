package tip

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
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

// underRecorder is a hoverable that records what it is told.
type underRecorder struct {
	widget.Label
	in, moved, out int
	last           fyne.Position
}

func (u *underRecorder) MouseIn(e *desktop.MouseEvent)    { u.in++; u.last = e.Position }
func (u *underRecorder) MouseMoved(e *desktop.MouseEvent) { u.moved++; u.last = e.Position }
func (u *underRecorder) MouseOut()                        { u.out++ }

// TestCutLabelShowsItsWholeText: a label too narrow for its text shows the
// whole text as a tip under the pointer; one with room shows none; the
// pointer's moves reach what lies under the labels, in its own
// coordinates.
func TestCutLabelShowsItsWholeText(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	long := "a very long engine name that does not fit its column"
	under := &underRecorder{}
	under.ExtendBaseWidget(under)
	cut, room := NewLabel(long), NewLabel("short")
	cut.Under, room.Under = under, under
	spot := NewSpot()
	spot.Tip = "the whole text of a cell drawn some other way"
	grid := container.NewGridWrap(fyne.NewSize(120, 40), cut, room, container.NewStack(widget.NewLabel("the whole…"), spot))
	w.SetContent(Wrap(w.Canvas(), container.NewStack(under, grid)))
	w.Resize(fyne.NewSize(400, 200))
	c := w.Canvas()
	if !cut.Cut() || room.Cut() {
		t.Fatalf("cut %v (want true), room %v (want false)", cut.Cut(), room.Cut())
	}
	centre := func(o fyne.CanvasObject) fyne.Position {
		return fyne.CurrentApp().Driver().AbsolutePositionForObject(o).Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
	}
	test.MoveMouse(c, centre(cut))
	if got := Shown(c); got != long {
		t.Errorf("over the cut label: tip %q", got)
	}
	if want := centre(cut).Subtract(fyne.CurrentApp().Driver().AbsolutePositionForObject(under)); under.in != 1 || under.last != want {
		t.Errorf("under told in %d times, last at %v; want once at %v", under.in, under.last, want)
	}
	test.MoveMouse(c, centre(room))
	if got := Shown(c); got != "" {
		t.Errorf("over the label with room: tip %q", got)
	}
	if under.out != 1 || under.in != 2 {
		t.Errorf("under told in %d, out %d times; want 2 and 1", under.in, under.out)
	}
	test.MoveMouse(c, centre(room).Add(fyne.NewPos(2, 0)))
	if under.moved == 0 {
		t.Error("a move over a label did not reach what lies under it")
	}
	test.MoveMouse(c, centre(spot))
	if got := Shown(c); got != spot.Tip {
		t.Errorf("over the spot: tip %q, want %q", got, spot.Tip)
	}
}

// TestHelpWrapsInTheWindow: a "?" button shows its long help when tapped
// and under the pointer, wrapped to lines that fit the window rather than
// one line past its edge.
func TestHelpWrapsInTheWindow(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	text := "Whole moves, most visited first: the first row is the move the engine plays. A move's visits add up " +
		"every order of its steps that reaches the same board; the win ratio is for the side to move."
	h := NewHelp(text)
	w.SetContent(Wrap(w.Canvas(), container.NewVBox(container.NewHBox(widget.NewLabel("Candidates"), h), widget.NewLabel("below"))))
	w.Resize(fyne.NewSize(360, 300))
	c := w.Canvas()
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(h).Add(fyne.NewPos(4, 4))
	test.TapCanvas(c, at)
	if got := Shown(c); got != text {
		t.Fatalf("tapped: tip %q", got)
	}
	l := layers[c]
	line := l.text.MinSize().Height
	if right := l.box.Position().X + l.box.Size().Width; right > c.Size().Width+0.5 || l.box.Size().Width < 100 {
		t.Errorf("the tip is %v at %v in a %v window", l.box.Size(), l.box.Position(), c.Size())
	}
	if l.box.Size().Height < 2*fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{}).Height || line < l.box.Size().Height-0.5 {
		t.Errorf("the tip is %v high, its text %v: not wrapped to lines", l.box.Size().Height, line)
	}
}
