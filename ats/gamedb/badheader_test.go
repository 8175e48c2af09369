package gamedb

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestIndexBadHeader: an archive whose header cannot be read is an error
// naming the file and line, indexed no further, not a bad game read again
// and again.
func TestIndexBadHeader(t *testing.T) {
	d := openTest(t)
	path := filepath.Join(t.TempDir(), "twice.txt")
	data := "id\twplayer\tbplayer\tmovelist\tid\n1\ta\tb\t1w Ra1\t1\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	// A deadline so that a reader that never ends fails the test rather
	// than hanging it.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	bad := 0
	pr, err := d.Index(ctx, []string{path}, IndexOptions{Bad: func(BadGame) { bad++ }})
	if err == nil || !strings.Contains(err.Error(), path+":1:") || !strings.Contains(err.Error(), "twice") || pr.Added != 0 || bad > 0 {
		t.Errorf("progress %+v, %d bad games, error %v; want the header's error", pr, bad, err)
	}
}
