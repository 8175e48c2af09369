package prefs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepairEmpty: an empty or blank preferences file becomes "{}"; a
// missing one stays missing; one with preferences is left as it is.
func TestRepairEmpty(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, content string
		exists        bool
		repaired      bool
		after         string
	}{
		{"empty", "", true, true, "{}\n"},
		{"blank", " \n", true, true, "{}\n"},
		{"kept", `{"panel.last":"Engine"}`, true, false, `{"panel.last":"Engine"}`},
		{"missing", "", false, false, ""},
	} {
		path := filepath.Join(dir, c.name+".json")
		if c.exists {
			if err := os.WriteFile(path, []byte(c.content), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		got, err := RepairEmpty(path)
		if err != nil || got != c.repaired {
			t.Errorf("%s: repaired %v, %v", c.name, got, err)
		}
		data, err := os.ReadFile(path)
		if c.exists && (err != nil || string(data) != c.after) || !c.exists && !os.IsNotExist(err) {
			t.Errorf("%s: file now %q, %v", c.name, data, err)
		}
	}
	if p, err := FilePath("linux", "org.example.app"); err == nil && !strings.HasSuffix(p, filepath.Join("fyne", "org.example.app", "preferences.json")) {
		t.Errorf("FilePath = %q", p)
	}
}
