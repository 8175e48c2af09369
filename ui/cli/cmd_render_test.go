package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"arimaa-workbench/ui/uitest"
)

func TestRender(t *testing.T) {
	test.NewTempApp(t)
	dir := t.TempDir()
	long := "12b\n +-----------------+\n8| r r r r . c r . |\n7| h . c m r E h r |\n6| . d X . . X d . |\n5| . . . . . r . . |\n4| . . . . . . . . |\n3| . H C e . X D . |\n2| . D . M . C . H |\n1| R R R R R R R R |\n +-----------------+\n   a b c d e f g h\n"
	posFile := writeFile(t, dir, "p.ari", long)
	compact := "g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]"
	tests := []struct {
		name     string
		args     []string
		stdin    string
		wantCode int
		wantSize int
		wantErr  string
	}{
		{"file", []string{posFile, "out.png", "--size", "200"}, "", 0, 200, ""},
		{"flags first and flipped", []string{"--flip", "--size=128", posFile, "out.png"}, "", 0, 128, ""},
		{"inline compact", []string{compact, "out.png"}, "", 0, 640, ""},
		{"stdin", []string{"-", "out.png", "--size", "100"}, long, 0, 100, ""},
		{"bad size", []string{posFile, "out.png", "--size", "10"}, "", 2, 0, "out of range"},
		{"missing output", []string{posFile}, "", 2, 0, "usage"},
		{"not a position", []string{"nonsense", "out.png"}, "", 1, 0, "not a position"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.png")
			args := append([]string(nil), tt.args...)
			for i, a := range args {
				if a == "out.png" {
					args[i] = out
				}
			}
			var stdout, stderr bytes.Buffer
			code := runRender(context.Background(), args, stdio{strings.NewReader(tt.stdin), &stdout, &stderr})
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.wantCode, stderr.String())
			}
			if tt.wantErr != "" && !strings.Contains(stderr.String(), tt.wantErr) {
				t.Errorf("stderr %q does not mention %q", stderr.String(), tt.wantErr)
			}
			if tt.wantCode != 0 {
				return
			}
			img, err := uitest.ReadPNG(out)
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != tt.wantSize || b.Dy() != tt.wantSize {
				t.Errorf("image %v, want %d px square", b, tt.wantSize)
			}
		})
	}
}
