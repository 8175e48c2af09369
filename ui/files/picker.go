package files

import (
	"errors"
	"fmt"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
)

// ErrCancelled is what a Picker returns when the user closes its dialog
// without choosing.
var ErrCancelled = errors.New("cancelled")

// Picker chooses files and folders with dialogs outside Fyne: the
// operating system's own (see ui/files/native). Its calls block until the
// user answers, so they run off the UI goroutine.
type Picker interface {
	Open(title string, exts []string) (string, error)
	Save(title string, exts []string, name string) (string, error)
	Folder(title string) (string, error)
}

// FolderDialogs is implemented by Dialogs that can also ask for a folder.
type FolderDialogs interface {
	OpenFolder(title string, fn func(path string))
}

// OpenFolder implements FolderDialogs with Fyne's folder dialog.
func (d FyneDialogs) OpenFolder(title string, fn func(path string)) {
	fd := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			d.Error(err)
			return
		}
		if u != nil {
			fn(u.Path())
		}
	}, d.Window)
	fd.SetTitleText(title)
	fd.Resize(d.dialogSize())
	fd.Show()
}

// PickerDialogs asks for files and folders with a Picker and falls back to
// Fyne's dialogs when the picker fails (no native dialog on this system, no
// display for it); questions and errors always use Fyne's dialogs, which
// stay inside the window.
type PickerDialogs struct {
	FyneDialogs
	Picker Picker
	// Do runs a function on the UI goroutine; nil uses fyne.Do.
	Do func(func())
	// Screen is the size of the window's screen (zero: unknown). On a
	// screen smaller than NativeSize either way Fyne's dialog, sized to
	// the window, takes the native one's place: the native one cannot be
	// made smaller, and its buttons would fall below the screen's edge.
	Screen fyne.Size

	busy *atomic.Bool
}

// NewPickerDialogs returns dialogs that use p in w.
func NewPickerDialogs(w fyne.Window, p Picker) *PickerDialogs {
	return &PickerDialogs{FyneDialogs: FyneDialogs{Window: w}, Picker: p, busy: new(atomic.Bool)}
}

var (
	_ Dialogs       = (*PickerDialogs)(nil)
	_ FolderDialogs = (*PickerDialogs)(nil)
)

// Open implements Dialogs.
func (d *PickerDialogs) Open(title string, exts []string, fn func(path string)) {
	d.pick(func() (string, error) { return d.Picker.Open(title, exts) }, fn,
		func() { d.FyneDialogs.Open(title, exts, fn) })
}

// Save implements Dialogs.
func (d *PickerDialogs) Save(title string, exts []string, name string, fn func(path string)) {
	d.pick(func() (string, error) { return d.Picker.Save(title, exts, name) }, fn,
		func() { d.FyneDialogs.Save(title, exts, name, fn) })
}

// OpenFolder implements FolderDialogs.
func (d *PickerDialogs) OpenFolder(title string, fn func(path string)) {
	d.pick(func() (string, error) { return d.Picker.Folder(title) }, fn,
		func() { d.FyneDialogs.OpenFolder(title, fn) })
}

// NativeSize is the size the system's file dialog opens at (GTK's file
// chooser, measured at 1096x822 without a window manager to shrink it).
var NativeSize = fyne.NewSize(1096, 822)

// nativeFits reports whether the native dialog fits the screen (or the
// screen is not known).
func (d *PickerDialogs) nativeFits() bool {
	s := d.Screen
	return s.IsZero() || s.Width >= NativeSize.Width && s.Height >= NativeSize.Height
}

// pick runs ask off the UI goroutine and hands its answer to fn on it; a
// failing picker (not a cancelled one) opens the fallback instead. A second
// question while the native dialog is open is ignored: the user cannot see
// two of them anyway.
func (d *PickerDialogs) pick(ask func() (string, error), fn func(string), fallback func()) {
	if d.Picker == nil || !d.nativeFits() {
		fallback()
		return
	}
	if d.busy != nil && !d.busy.CompareAndSwap(false, true) {
		return
	}
	do := d.Do
	if do == nil {
		do = fyne.Do
	}
	go func() {
		path, err := safely(ask)
		if d.busy != nil {
			d.busy.Store(false)
		}
		do(func() {
			switch {
			case err == nil && path != "":
				fn(path)
			case errors.Is(err, ErrCancelled), err == nil:
			default:
				fallback()
			}
		})
	}()
}

// safely turns a panic of a native dialog library (some panic when they
// cannot reach a display) into an error, so the fallback takes over.
func safely(ask func() (string, error)) (path string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("native dialog: %v", r)
		}
	}()
	return ask()
}
