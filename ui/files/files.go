// Package files holds the workbench's file plumbing: the dialogs the panels
// ask for (behind an interface, so tests inject a fake and the native dialogs
// can be swapped in) and the recent-files list kept in the app's
// preferences. Files are written with fsutil.WriteFile.
package files

import (
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Dialogs are the questions a panel asks the user. Callbacks run on the UI
// goroutine and are not called when the user cancels.
type Dialogs interface {
	// Open asks for an existing file with one of exts (".ari"; none for
	// any).
	Open(title string, exts []string, fn func(path string))
	// Save asks for a file to write, suggesting name.
	Save(title string, exts []string, name string, fn func(path string))
	// Confirm asks a yes/no question; fn gets true for yes.
	Confirm(title, msg string, fn func(yes bool))
	// Unsaved asks what to do with unsaved changes before going on:
	// save them, discard them, or stay. fn gets the answer, Cancel when
	// the question is dismissed.
	Unsaved(title, msg string, fn func(UnsavedChoice))
	// Error reports a failure.
	Error(err error)
}

// FyneDialogs shows Fyne's own dialogs inside a window.
type FyneDialogs struct {
	Window fyne.Window
}

var _ Dialogs = FyneDialogs{}

// Open implements Dialogs.
func (d FyneDialogs) Open(title string, exts []string, fn func(path string)) {
	fd := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if path, ok := d.chosen(r, err); ok {
			fn(path)
		}
	}, d.Window)
	d.show(fd, title, exts)
}

// Save implements Dialogs.
func (d FyneDialogs) Save(title string, exts []string, name string, fn func(path string)) {
	fd := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if path, ok := d.chosen(w, err); ok {
			fn(path)
		}
	}, d.Window)
	fd.SetFileName(name)
	d.show(fd, title, exts)
}

// chosen is the path of the file a file dialog chose, closing the file
// Fyne opened; ok is false when it chose none: it failed (reported with
// Error) or was cancelled (f nil).
func (d FyneDialogs) chosen(f interface {
	URI() fyne.URI
	Close() error
}, err error) (path string, ok bool) {
	if err != nil {
		d.Error(err)
		return "", false
	}
	if f == nil {
		return "", false
	}
	path = f.URI().Path()
	// The caller opens the path itself. For a save it writes atomically;
	// dropping the empty file Fyne created would matter only if the
	// caller then failed, which WriteAtomic's rename makes moot.
	f.Close()
	return path, true
}

// show shows a file dialog titled title, offering the files with one of
// exts (none: any).
func (d FyneDialogs) show(fd *dialog.FileDialog, title string, exts []string) {
	fd.SetTitleText(title)
	if len(exts) > 0 {
		fd.SetFilter(storage.NewExtensionFileFilter(exts))
	}
	fd.Resize(d.dialogSize())
	fd.Show()
}

// fileDialogSize is the size Fyne's file dialogs open at in a window
// large enough.
var fileDialogSize = fyne.NewSize(760, 520)

// dialogSize is fileDialogSize, made smaller to fit inside the window
// (with a margin) when the window is smaller.
func (d FyneDialogs) dialogSize() fyne.Size {
	size := fileDialogSize
	if d.Window != nil {
		if c := d.Window.Canvas().Size(); !c.IsZero() {
			size = fyne.NewSize(min(size.Width, c.Width-40), min(size.Height, c.Height-40))
		}
	}
	return size
}

// Confirm implements Dialogs.
func (d FyneDialogs) Confirm(title, msg string, fn func(yes bool)) {
	dialog.ShowConfirm(title, msg, fn, d.Window)
}

// UnsavedChoice is the answer to Dialogs.Unsaved.
type UnsavedChoice int

// The answers to Dialogs.Unsaved.
const (
	SaveChanges UnsavedChoice = iota + 1
	DiscardChanges
	Cancel
)

// OpenWith asks d for an existing file with one of exts (none: any) and
// opens it with open, reporting open's error with d.Error.
func OpenWith(d Dialogs, title string, exts []string, open func(path string) error) {
	d.Open(title, exts, func(path string) {
		if err := open(path); err != nil {
			d.Error(err)
		}
	})
}

// Guard runs fn at once when there are no unsaved changes (dirty false),
// and otherwise asks d what to do with them, with title and msg: Save
// calls save, which saves (asking for a file where it must) and then runs
// fn; Discard runs fn; Cancel does nothing.
func Guard(d Dialogs, dirty bool, title, msg string, save func(then func()), fn func()) {
	if !dirty {
		fn()
		return
	}
	d.Unsaved(title, msg, func(c UnsavedChoice) {
		switch c {
		case SaveChanges:
			save(fn)
		case DiscardChanges:
			fn()
		}
	})
}

// Unsaved implements Dialogs: a dialog with Save, Discard and Cancel.
func (d FyneDialogs) Unsaved(title, msg string, fn func(UnsavedChoice)) {
	text := widget.NewLabel(msg)
	text.Wrapping = fyne.TextWrapWord
	dlg := dialog.NewCustomWithoutButtons(title, text, d.Window)
	answer := func(c UnsavedChoice) func() {
		return func() {
			dlg.Hide()
			fn(c)
		}
	}
	save := widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), answer(SaveChanges))
	save.Importance = widget.HighImportance
	discard := widget.NewButtonWithIcon("Discard", theme.DeleteIcon(), answer(DiscardChanges))
	discard.Importance = widget.DangerImportance
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), answer(Cancel))
	dlg.SetButtons([]fyne.CanvasObject{cancel, discard, save})
	dlg.Resize(fyne.NewSize(440, text.MinSize().Height*3))
	dlg.Show()
}

// Error implements Dialogs.
func (d FyneDialogs) Error(err error) {
	dialog.ShowError(err, d.Window)
}

// Recent is the list of recently opened files, newest first, kept in the
// app preferences under one key.
type Recent struct {
	Prefs fyne.Preferences
	Max   int
}

const recentKey = "recent.files"

// List returns the recent files, newest first.
func (r Recent) List() []string {
	return slices.DeleteFunc(r.Prefs.StringList(recentKey), func(s string) bool { return strings.TrimSpace(s) == "" })
}

// Add puts path at the front of the list.
func (r Recent) Add(path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	l := slices.DeleteFunc(r.List(), func(s string) bool { return s == path })
	l = append([]string{path}, l...)
	n := r.Max
	if n <= 0 {
		n = 10
	}
	if len(l) > n {
		l = l[:n]
	}
	r.Prefs.SetStringList(recentKey, l)
}

// Remove drops path from the list (a file that no longer opens).
func (r Recent) Remove(path string) {
	r.Prefs.SetStringList(recentKey, slices.DeleteFunc(r.List(), func(s string) bool { return s == path }))
}
