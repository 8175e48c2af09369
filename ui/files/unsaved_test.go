package files

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/ui/uitest"
)

// TestUnsavedDialog: the question about unsaved changes has Save, Discard
// and Cancel; each button closes it and gives its answer.
func TestUnsavedDialog(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1024, 700))
	for _, c := range []struct {
		button string
		want   UnsavedChoice
	}{{"Save", SaveChanges}, {"Discard", DiscardChanges}, {"Cancel", Cancel}} {
		var got UnsavedChoice
		FyneDialogs{Window: w}.Unsaved("Unsaved position", "Save it before you quit, or discard it?", func(u UnsavedChoice) { got = u })
		top := w.Canvas().Overlays().Top()
		if top == nil {
			t.Fatal("no dialog shown")
		}
		for _, name := range []string{"Save", "Discard", "Cancel"} {
			if uitest.Button(top, name) == nil {
				t.Fatalf("the dialog has no %s button", name)
			}
		}
		if s := top.Size(); s.Width > 1024 || s.Height > 700 {
			t.Errorf("dialog %v larger than the window", s)
		}
		test.Tap(uitest.Button(top, c.button))
		if got != c.want {
			t.Errorf("%s answered %v, want %v", c.button, got, c.want)
		}
		if w.Canvas().Overlays().Top() != nil {
			t.Errorf("%s left the dialog open", c.button)
		}
	}
}
