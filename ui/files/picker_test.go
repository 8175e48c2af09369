package files

import (
	"errors"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

type fakePicker struct {
	path string
	err  error
	hang chan struct{} // when set, the picker blocks until it is closed
	asks int
}

func (f *fakePicker) answer() (string, error) {
	f.asks++
	if f.hang != nil {
		<-f.hang
	}
	return f.path, f.err
}
func (f *fakePicker) Open(string, []string) (string, error)         { return f.answer() }
func (f *fakePicker) Save(string, []string, string) (string, error) { return f.answer() }
func (f *fakePicker) Folder(string) (string, error)                 { return f.answer() }

type panicPicker struct{ fakePicker }

func (panicPicker) Open(string, []string) (string, error) { panic("no display") }

func TestPickerDialogs(t *testing.T) {
	w := test.NewTempWindow(t, nil)
	tests := []struct {
		name     string
		picker   Picker
		wantPath string
		wantFall bool // Fyne's dialog shown instead
	}{
		{"chosen", &fakePicker{path: "/tmp/a.ari"}, "/tmp/a.ari", false},
		{"cancelled", &fakePicker{err: ErrCancelled}, "", false},
		{"failed", &fakePicker{err: errors.New("no GTK")}, "", true},
		{"panicked", &panicPicker{}, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan func(), 1)
			d := NewPickerDialogs(w, tc.picker)
			d.Do = func(f func()) { done <- f }
			got := ""
			d.Open("Open", []string{".ari"}, func(p string) { got = p })
			(<-done)()
			if got != tc.wantPath {
				t.Errorf("path %q, want %q", got, tc.wantPath)
			}
			if fell := len(w.Canvas().Overlays().List()) > 0; fell != tc.wantFall {
				t.Errorf("fallback shown %v, want %v", fell, tc.wantFall)
			}
			for len(w.Canvas().Overlays().List()) > 0 {
				w.Canvas().Overlays().Remove(w.Canvas().Overlays().Top())
			}
		})
	}
}

// While the native dialog is open, a second question is not stacked on it.
func TestPickerDialogsOneAtATime(t *testing.T) {
	w := test.NewTempWindow(t, nil)
	f := &fakePicker{path: "/tmp/x", hang: make(chan struct{})}
	d := NewPickerDialogs(w, f)
	done := make(chan func(), 2)
	d.Do = func(fn func()) { done <- fn }
	var got []string
	d.Save("Save", nil, "x", func(p string) { got = append(got, p) })
	d.OpenFolder("Folder", func(p string) { got = append(got, p) })
	close(f.hang)
	(<-done)()
	select {
	case fn := <-done:
		fn()
		t.Fatal("second question answered while the first was open")
	default:
	}
	if len(got) != 1 || got[0] != "/tmp/x" {
		t.Fatalf("answers %v", got)
	}
}

// TestDialogsFitTheScreen: on a screen smaller than the native dialog,
// Fyne's dialog opens in its place without asking the native one, sized to
// fit inside the window; on a large screen the native one is asked.
func TestDialogsFitTheScreen(t *testing.T) {
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(700, 480))
	f := &fakePicker{path: "/tmp/a.ari"}
	d := NewPickerDialogs(w, f)
	d.Screen = fyne.NewSize(1024, 700)
	d.Do = func(fn func()) { fn() }
	d.Open("Open", []string{".ari"}, func(string) {})
	if f.asks != 0 {
		t.Error("the native dialog was asked on a screen smaller than it")
	}
	over := w.Canvas().Overlays().Top()
	if over == nil {
		t.Fatal("no dialog shown")
	}
	if size, c := d.dialogSize(), w.Canvas().Size(); size.Width > c.Width || size.Height > c.Height {
		t.Errorf("the dialog is %v in a window of %v", size, c)
	}
	w.Canvas().Overlays().Remove(over)

	d.Screen = fyne.NewSize(1920, 1080)
	done := make(chan func(), 1)
	d.Do = func(fn func()) { done <- fn }
	got := ""
	d.Open("Open", nil, func(p string) { got = p })
	(<-done)()
	if f.asks != 1 || got != "/tmp/a.ari" {
		t.Errorf("on a large screen: asks %d, path %q", f.asks, got)
	}
}
