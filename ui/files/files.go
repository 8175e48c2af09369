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
		if err != nil {
			d.Error(err)
			return
		}
		if r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		fn(path)
	}, d.Window)
	fd.SetTitleText(title)
	if len(exts) > 0 {
		fd.SetFilter(storage.NewExtensionFileFilter(exts))
	}
	fd.Resize(fyne.NewSize(760, 520))
	fd.Show()
}

// Save implements Dialogs.
func (d FyneDialogs) Save(title string, exts []string, name string, fn func(path string)) {
	fd := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			d.Error(err)
			return
		}
		if w == nil {
			return
		}
		path := w.URI().Path()
		// The caller writes atomically itself; drop the empty file Fyne
		// created only if the caller then fails, which WriteAtomic's rename
		// makes moot.
		w.Close()
		fn(path)
	}, d.Window)
	fd.SetTitleText(title)
	fd.SetFileName(name)
	if len(exts) > 0 {
		fd.SetFilter(storage.NewExtensionFileFilter(exts))
	}
	fd.Resize(fyne.NewSize(760, 520))
	fd.Show()
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
