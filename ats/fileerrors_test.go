package ats

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigSyntaxNamed: a suite configuration that does not read is
// called one, not a test file, and is still a syntax error for errors.Is.
func TestConfigSyntaxNamed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(path, []byte("this is = = not toml\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := LoadConfig(path)
	if err == nil || !strings.Contains(err.Error(), "bad suite configuration syntax") || strings.Contains(err.Error(), "test file") ||
		!errors.Is(err, ErrSyntax) || !errors.Is(err, ErrConfigSyntax) {
		t.Errorf("LoadConfig: %v", err)
	}
}

// TestSummaryErrorPlace: a file that is neither a result file nor a
// summary is reported at the line and column where it goes wrong.
func TestSummaryErrorPlace(t *testing.T) {
	for _, tc := range []struct{ text, place string }{
		{"garbage line\nmore\n", "x.json:1:1: "},
		{"{\"tests\": [],\n \"runs\": 5,\n \"x\": [1,}\n", "x.json:3:10: "},
		{"{\"name\": 1,\n \"tests\": 5}\n", "x.json:2:"},
	} {
		path := filepath.Join(t.TempDir(), "x.json")
		if err := os.WriteFile(path, []byte(tc.text), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := ReadSummary(path)
		if err == nil || !strings.Contains(err.Error(), tc.place) || !errors.Is(err, ErrResultFile) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.place)
		}
	}
}
