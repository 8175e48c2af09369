package prefs

import (
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

func TestRememberEntry(t *testing.T) {
	a := test.NewTempApp(t)
	number := func(s string) bool { _, err := strconv.Atoi(s); return err == nil }
	e := widget.NewEntry()
	e.SetText("5")
	RememberEntry(a.Preferences(), "k", e, number)
	if e.Text != "5" {
		t.Fatalf("nothing remembered yet, but the text became %q", e.Text)
	}
	test.NewTempWindow(t, e)
	e.SetText("")
	test.Type(e, "12")
	test.Type(e, "x") // not a number: not kept
	next := widget.NewEntry()
	next.SetText("5")
	RememberEntry(a.Preferences(), "k", next, number)
	if next.Text != "12" {
		t.Errorf("the next session shows %q, want the 12 typed", next.Text)
	}
}

// A divider the user drags comes back where it was left in the next
// session's split; a window resize alone keeps nothing.
func TestRememberSplit(t *testing.T) {
	a := test.NewTempApp(t)
	build := func() (*container.Split, fyne.Window) {
		s := container.NewHSplit(widget.NewLabel("board"), widget.NewLabel("moves"))
		s.Offset = 0.6
		RememberSplit(a.Preferences(), "split", s)
		w := test.NewTempWindow(t, s)
		w.Resize(fyne.NewSize(800, 400))
		return s, w
	}
	s, w := build()
	w.Resize(fyne.NewSize(900, 500))
	if a.Preferences().Float("split") != 0 {
		t.Fatalf("a resize kept the offset %v", a.Preferences().Float("split"))
	}
	divider := test.WidgetRenderer(s).Objects()[1].(fyne.Draggable)
	divider.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(2, 10)}, Dragged: fyne.NewDelta(-200, 0)})
	divider.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(2, 10)}, Dragged: fyne.NewDelta(-100, 0)})
	divider.DragEnd()
	moved := s.Offset
	if moved >= 0.6 || moved <= 0 {
		t.Fatalf("dragging the divider left set the offset to %v", moved)
	}
	if got := a.Preferences().Float("split"); got != moved {
		t.Errorf("kept %v, the split is at %v", got, moved)
	}
	next, _ := build()
	if next.Offset != moved {
		t.Errorf("the next session's split is at %v, want %v", next.Offset, moved)
	}
}
