package files

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"
)

func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.ari")
	for _, text := range []string{"first", "second, longer than the first"} {
		if err := WriteAtomic(path, []byte(text)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != text {
			t.Fatalf("read back %q, %v; want %q", got, err, text)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
	if err := WriteAtomic(filepath.Join(dir, "no", "such", "dir.ari"), []byte("x")); err == nil {
		t.Errorf("writing into a missing directory succeeded")
	}
}

func TestRecent(t *testing.T) {
	a := test.NewTempApp(t)
	r := Recent{Prefs: a.Preferences(), Max: 3}
	for _, p := range []string{"/a", "/b", "/c", "/b", "/d"} {
		r.Add(p)
	}
	want := []string{"/d", "/b", "/c"}
	got := r.List()
	if len(got) != len(want) {
		t.Fatalf("recent %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("recent %v, want %v", got, want)
		}
	}
	r.Remove("/b")
	if got := r.List(); len(got) != 2 || got[1] != "/c" {
		t.Errorf("after remove: %v", got)
	}
}
