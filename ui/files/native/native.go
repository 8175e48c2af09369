// Package native is the operating system's own file dialogs (GTK on Linux,
// Cocoa on macOS, the common dialogs on Windows) as a files.Picker. Only the
// window's entry point imports it: its dialogs need a display and must never
// open in tests.
//
// Nothing of the dialogs starts before the first one is asked for: the
// command-line tools share the window's program, and starting GTK (which
// connects to the display and reads the desktop's settings) at every
// process start made each command some 40 ms of CPU slower on a desktop.
// On Linux GTK 3 is not even linked: the first dialog loads it (dlopen),
// since loading its sixty libraries took half of a command's CPU at every
// start; without GTK 3 the dialogs fall back to Fyne's.
package native

import (
	"strings"

	"arimaa-workbench/ui/files"
)

// Picker is the native files.Picker.
type Picker struct{}

var _ files.Picker = Picker{}

// Open implements files.Picker.
func (Picker) Open(title string, exts []string) (string, error) {
	return choose(title, openFile, filters(exts), "")
}

// Save implements files.Picker.
func (Picker) Save(title string, exts []string, name string) (string, error) {
	return choose(title, saveFile, filters(exts), name)
}

// Folder implements files.Picker.
func (Picker) Folder(title string) (string, error) {
	return choose(title, openFolder, nil, "")
}

// action is what a dialog asks for.
type action int

const (
	openFile action = iota
	saveFile
	openFolder
)

// filter is one choice of the files a dialog lists: a description and
// the extensions (without the dot; "*" for all files).
type filter struct {
	desc string
	exts []string
}

// filters are the dialog's choices for files with extensions exts, then
// all files; none when exts is empty.
func filters(exts []string) []filter {
	if len(exts) == 0 {
		return nil
	}
	clean := make([]string, len(exts))
	for i, e := range exts {
		clean[i] = strings.TrimPrefix(e, ".")
	}
	return []filter{{strings.ToUpper(strings.Join(clean, ", ")) + " files", clean}, {"All files", []string{"*"}}}
}
