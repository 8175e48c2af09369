package prefs

import (
	"strconv"
	"testing"

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
