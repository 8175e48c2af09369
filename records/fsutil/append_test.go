package fsutil

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestLineLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.txt")
	l, data, err := OpenLineLog(path)
	if err != nil || len(data) != 0 {
		t.Fatalf("a new file: %q, %v", data, err)
	}
	if err := l.Append("one\ntwo\n"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := OpenLineLog(path); !errors.Is(err, ErrLocked) {
		t.Errorf("a second writer: %v, want ErrLocked", err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	// A line cut short by a crash is dropped, and the next goes after
	// the last complete one.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("thr")
	f.Close()
	l, data, err = OpenLineLog(path)
	if err != nil || string(data) != "one\ntwo\n" {
		t.Fatalf("reopened: %q, %v", data, err)
	}
	if err := l.Append("three\n"); err != nil {
		t.Fatal(err)
	}
	l.Close()
	if got, _ := os.ReadFile(path); string(got) != "one\ntwo\nthree\n" {
		t.Errorf("file %q", got)
	}
	if _, _, err := OpenLineLog(filepath.Join(t.TempDir(), "no", "such", "dir.txt")); err == nil {
		t.Error("a missing folder: no error")
	}
}
