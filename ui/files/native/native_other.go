//go:build !linux

package native

import (
	"errors"

	"github.com/sqweek/dialog"

	"arimaa-workbench/ui/files"
)

// choose asks with the dialogs of the sqweek/dialog library, which start
// nothing before they are used on these systems.
func choose(title string, a action, fs []filter, name string) (string, error) {
	var path string
	var err error
	if a == openFolder {
		path, err = dialog.Directory().Title(title).Browse()
	} else {
		b := dialog.File().Title(title)
		for _, f := range fs {
			b = b.Filter(f.desc, f.exts...)
		}
		if a == saveFile {
			if name != "" {
				b = b.SetStartFile(name)
			}
			path, err = b.Save()
		} else {
			path, err = b.Load()
		}
	}
	if errors.Is(err, dialog.ErrCancelled) {
		return "", files.ErrCancelled
	}
	return path, err
}
