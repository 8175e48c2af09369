// Package native is the operating system's own file dialogs (GTK on Linux,
// Cocoa on macOS, the common dialogs on Windows) as a files.Picker. Only the
// window's entry point imports it: its dialogs need a display and must never
// open in tests.
package native

import (
	"errors"
	"strings"

	"github.com/sqweek/dialog"

	"arimaa-workbench/ui/files"
)

// Picker is the native files.Picker.
type Picker struct{}

var _ files.Picker = Picker{}

// Open implements files.Picker.
func (Picker) Open(title string, exts []string) (string, error) {
	return answer(filter(dialog.File().Title(title), exts).Load())
}

// Save implements files.Picker.
func (Picker) Save(title string, exts []string, name string) (string, error) {
	b := filter(dialog.File().Title(title), exts)
	if name != "" {
		b = b.SetStartFile(name)
	}
	return answer(b.Save())
}

// Folder implements files.Picker.
func (Picker) Folder(title string) (string, error) {
	return answer(dialog.Directory().Title(title).Browse())
}

func filter(b *dialog.FileBuilder, exts []string) *dialog.FileBuilder {
	if len(exts) == 0 {
		return b
	}
	clean := make([]string, len(exts))
	for i, e := range exts {
		clean[i] = strings.TrimPrefix(e, ".")
	}
	return b.Filter(strings.ToUpper(strings.Join(clean, ", "))+" files", clean...).Filter("All files", "*")
}

func answer(path string, err error) (string, error) {
	if errors.Is(err, dialog.ErrCancelled) {
		return "", files.ErrCancelled
	}
	return path, err
}
