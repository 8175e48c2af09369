package ats

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestFolders: the settings and the work stay where earlier versions kept
// them, under the folders the XDG variables name on Unix (a relative
// XDG_DATA_HOME is ignored, as the specification says).
func TestFolders(t *testing.T) {
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "plan9":
		t.Skip("the XDG variables name the folders on Unix only")
	}
	home, config, data := t.TempDir(), t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", config)
	tests := []struct {
		name, dataHome string
		fn             func() (string, error)
		want           string
	}{
		{"settings", data, ConfigDir, filepath.Join(config, "arimaa-workbench")},
		{"work", data, DataDir, filepath.Join(data, "arimaa-workbench")},
		{"runs", data, RunsDir, filepath.Join(data, "arimaa-workbench", "runs")},
		{"a settings file", data, func() (string, error) { return ConfigPath("engines.toml") }, filepath.Join(config, "arimaa-workbench", "engines.toml")},
		{"a work file", data, func() (string, error) { return DataPath("games.db") }, filepath.Join(data, "arimaa-workbench", "games.db")},
		{"work, XDG_DATA_HOME unset", "", DataDir, filepath.Join(home, ".local", "share", "arimaa-workbench")},
		{"work, XDG_DATA_HOME relative", "rel", DataDir, filepath.Join(home, ".local", "share", "arimaa-workbench")},
	}
	for _, tc := range tests {
		t.Setenv("XDG_DATA_HOME", tc.dataHome)
		if got, err := tc.fn(); err != nil || got != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "")
	if _, err := os.UserConfigDir(); err == nil {
		t.Skip("this system finds a configuration folder without HOME")
	}
	if got, err := ConfigPath("engine.toml"); err == nil {
		t.Errorf("no HOME and no XDG_CONFIG_HOME: %q, want an error", got)
	}
}
