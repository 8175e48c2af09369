package fsutil

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadAllLimit(t *testing.T) {
	tests := []struct {
		name string
		size int
		ok   bool
	}{
		{"empty", 0, true},
		{"at the limit", 10, true},
		{"one byte over", 11, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := readAll(strings.NewReader(strings.Repeat("x", tt.size)), "in.txt", 10)
			if tt.ok != (err == nil) || (tt.ok && len(data) != tt.size) {
				t.Fatalf("%d bytes: %d read, %v", tt.size, len(data), err)
			}
			if !tt.ok && (!errors.Is(err, ErrTooLarge) || err.Error() != "in.txt is larger than 64 MB, the most a file of its kind may be") {
				t.Errorf("error %q", err)
			}
		})
	}
}

// TestReadFileTooLarge: a file over MaxReadSize is refused from its size,
// before any of it is read (the file is sparse: it takes no disk).
func TestReadFileTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxReadSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := ReadFile(path); !errors.Is(err, ErrTooLarge) || !strings.HasPrefix(err.Error(), path+" is larger than 64 MB") {
		t.Errorf("error %v", err)
	}
}

func TestCompleteLength(t *testing.T) {
	long := strings.Repeat("y", 100<<10) // longer than one backwards read
	tests := []struct {
		text string
		want int
	}{
		{"", 0},
		{"no newline", 0},
		{"a\n", 2},
		{"a\nb\n", 4},
		{"a\nhalf", 2},
		{"a\n" + long, 2},
		{long + "\n" + long, len(long) + 1},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := CompleteLength(f)
		f.Close()
		if err != nil || got != int64(tt.want) {
			t.Errorf("%.20q (%d bytes): %d, %v; want %d", tt.text, len(tt.text), got, err, tt.want)
		}
	}
}
