package prefs

import (
	"bytes"
	"os"
	"path/filepath"
)

// FilePath is where Fyne keeps the preferences of the app with id on
// system goos: its configuration folder (as Fyne's desktop drivers choose
// it), then fyne, id and preferences.json.
func FilePath(goos, id string) (string, error) {
	var root string
	switch goos {
	case "darwin", "windows":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		root = filepath.Join(home, "Library", "Preferences")
		if goos == "windows" {
			root = filepath.Join(home, "AppData", "Roaming")
		}
	default:
		dir, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		root = dir
	}
	return filepath.Join(root, "fyne", id, "preferences.json"), nil
}

// RepairEmpty writes an empty set of preferences ("{}") to the file at
// path when it is there but holds nothing, and reports whether it did. A
// process stopped while Fyne rewrites its preferences (Fyne empties the
// file first) leaves such a file, which Fyne then reads at every start
// with "Preferences load error: EOF"; nothing was in it to lose. A missing
// file is left missing: Fyne takes that as no preferences.
func RepairEmpty(path string) (bool, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return false, nil
	}
	if err != nil || len(bytes.TrimSpace(data)) > 0 {
		return false, err
	}
	return true, os.WriteFile(path, []byte("{}\n"), 0o600)
}
