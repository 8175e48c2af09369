package fsutil

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestWriteFile(t *testing.T) {
	errWrite := errors.New("write failed")
	tests := []struct {
		name string
		// setup prepares dir and returns the path to write and the file
		// whose content and mode are then checked.
		setup    func(t *testing.T, dir string) (path, check string)
		write    func(io.Writer) error
		wantErr  bool
		wantText string
		wantMode fs.FileMode
		wantLink bool // path is still a symbolic link afterwards
	}{
		{
			name:     "new file is 0644",
			setup:    func(t *testing.T, dir string) (string, string) { p := filepath.Join(dir, "a.txt"); return p, p },
			write:    text("new"),
			wantText: "new",
			wantMode: 0o644,
		},
		{
			name:     "private file stays 0600",
			setup:    existing("old", 0o600),
			write:    text("new"),
			wantText: "new",
			wantMode: 0o600,
		},
		{
			name:     "executable stays 0755",
			setup:    existing("old", 0o755),
			write:    text("new"),
			wantText: "new",
			wantMode: 0o755,
		},
		{
			name: "symlink kept, its target written",
			setup: func(t *testing.T, dir string) (string, string) {
				target := filepath.Join(dir, "real.txt")
				writeOld(t, target, "old", 0o640)
				link := filepath.Join(dir, "link.txt")
				symlink(t, "real.txt", link)
				return link, target
			},
			write:    text("new"),
			wantText: "new",
			wantMode: 0o640,
			wantLink: true,
		},
		{
			name: "dangling symlink creates its target",
			setup: func(t *testing.T, dir string) (string, string) {
				link := filepath.Join(dir, "link.txt")
				symlink(t, "later.txt", link)
				return link, filepath.Join(dir, "later.txt")
			},
			write:    text("new"),
			wantText: "new",
			wantMode: 0o644,
			wantLink: true,
		},
		{
			name:     "failed write keeps the old content",
			setup:    existing("old", 0o600),
			write:    func(w io.Writer) error { io.WriteString(w, "half"); return errWrite },
			wantErr:  true,
			wantText: "old",
			wantMode: 0o600,
		},
		{
			name: "failed rename keeps the old content",
			setup: func(t *testing.T, dir string) (string, string) {
				p := filepath.Join(dir, "folder")
				if err := os.Mkdir(p, 0o755); err != nil {
					t.Fatal(err)
				}
				writeOld(t, filepath.Join(p, "inside"), "old", 0o644)
				return p, filepath.Join(p, "inside")
			},
			write:    text("new"),
			wantErr:  true,
			wantText: "old",
			wantMode: 0o644,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if runtime.GOOS == "windows" && tt.wantMode != 0o644 {
				t.Skip("Windows has no Unix modes")
			}
			dir := t.TempDir()
			path, check := tt.setup(t, dir)
			before := names(t, dir)
			err := WriteFile(path, tt.write)
			if (err != nil) != tt.wantErr {
				t.Fatalf("WriteFile: %v, want error %v", err, tt.wantErr)
			}
			got, err := os.ReadFile(check)
			if err != nil || string(got) != tt.wantText {
				t.Errorf("%s holds %q (%v), want %q", check, got, err, tt.wantText)
			}
			if fi, err := os.Stat(check); err != nil || fi.Mode().Perm() != tt.wantMode {
				t.Errorf("%s: mode %v (%v), want %v", check, fi.Mode().Perm(), err, tt.wantMode)
			}
			if fi, err := os.Lstat(path); tt.wantLink && (err != nil || fi.Mode()&fs.ModeSymlink == 0) {
				t.Errorf("%s is no longer a symbolic link: %v %v", path, fi.Mode(), err)
			}
			after := names(t, dir)
			if tt.wantErr && len(after) != len(before) {
				t.Errorf("files before %v, after %v: a temporary file was left", before, after)
			}
		})
	}
}

func TestWriteFileMissingFolder(t *testing.T) {
	if err := WriteBytes(filepath.Join(t.TempDir(), "no", "such", "f.txt"), []byte("x")); err == nil {
		t.Errorf("writing into a missing folder succeeded")
	}
}

func TestWriteFileSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	symlink(t, "b", a)
	symlink(t, "a", b)
	if err := WriteBytes(a, []byte("x")); err == nil {
		t.Errorf("writing through a loop of links succeeded")
	}
}

func text(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

// existing is a setup with a file "f.txt" holding content with mode.
func existing(content string, mode fs.FileMode) func(t *testing.T, dir string) (string, string) {
	return func(t *testing.T, dir string) (string, string) {
		p := filepath.Join(dir, "f.txt")
		writeOld(t, p, content, mode)
		return p, p
	}
}

func writeOld(t *testing.T, path, content string, mode fs.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	// WriteFile's mode is filtered by the umask; the test wants it exact.
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, old, new string) {
	t.Helper()
	if err := os.Symlink(old, new); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

// names lists every file below dir, to see temporary files left behind.
func names(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		out = append(out, p)
		return err
	})
	return out
}
