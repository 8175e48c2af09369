// Package filestest provides a scripted files.Dialogs for panel tests: it
// answers file questions with preset paths and confirmations with a preset
// answer, and records what was asked and every error shown.
package filestest

import "arimaa-workbench/ui/files"

// Dialogs answers without any window.
type Dialogs struct {
	OpenPath string // answer to Open; "" cancels
	SavePath string // answer to Save; "" cancels
	Yes      bool   // answer to Confirm
	// Choice answers Unsaved; when zero, Yes answers it (Discard or
	// Cancel).
	Choice files.UnsavedChoice

	Asked  []string // titles of the questions asked, in order
	Errors []error  // errors shown
}

var _ files.Dialogs = (*Dialogs)(nil)

// Open implements files.Dialogs.
func (d *Dialogs) Open(title string, exts []string, fn func(path string)) {
	d.Asked = append(d.Asked, title)
	if d.OpenPath != "" {
		fn(d.OpenPath)
	}
}

// Save implements files.Dialogs.
func (d *Dialogs) Save(title string, exts []string, name string, fn func(path string)) {
	d.Asked = append(d.Asked, title)
	if d.SavePath != "" {
		fn(d.SavePath)
	}
}

// Confirm implements files.Dialogs.
func (d *Dialogs) Confirm(title, msg string, fn func(yes bool)) {
	d.Asked = append(d.Asked, title)
	fn(d.Yes)
}

// Unsaved implements files.Dialogs.
func (d *Dialogs) Unsaved(title, msg string, fn func(files.UnsavedChoice)) {
	d.Asked = append(d.Asked, title)
	switch {
	case d.Choice != 0:
		fn(d.Choice)
	case d.Yes:
		fn(files.DiscardChanges)
	default:
		fn(files.Cancel)
	}
}

// Error implements files.Dialogs.
func (d *Dialogs) Error(err error) { d.Errors = append(d.Errors, err) }
