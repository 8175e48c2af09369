package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arimaa-workbench/records/fsutil"
)

// TestOneSizeLimit: every command that reads a user's file whole refuses
// one larger than fsutil.MaxReadSize by name and size, before reading it
// (the file is sparse, so the test costs no disk and little memory).
func TestOneSizeLimit(t *testing.T) {
	big := writeFile(t, t.TempDir(), "big.txt", startCompact+"\n")
	if err := os.Truncate(big, fsutil.MaxReadSize+1); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
	}{
		{"convert", []string{"convert", "--to", "long", big}},
		{"match --setups", append([]string{"match", "--setups", big, "--playouts", "10"}, smallEngines...)},
		{"eval", []string{"eval", big}},
		{"render", []string{"render", big, filepath.Join(t.TempDir(), "out.png")}},
		{"replay", []string{"replay", big}},
		{"analyze --config", []string{"analyze", "--config", big, "--playouts", "10", startCompact}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runArgs(tt.args...)
			said := out + errs // replay reports each file on its row of standard output
			if code == 0 || !strings.Contains(said, "big.txt is larger than 64 MB") {
				t.Errorf("exit %d, output %q %q; want the file refused as larger than 64 MB", code, out, errs)
			}
		})
	}
}

// runArgs runs the command line args.
func runArgs(args ...string) (int, string, string) {
	var out, errb strings.Builder
	code := dispatch(context.Background(), args, stdio{strings.NewReader(""), &out, &errb})
	return code, out.String(), errb.String()
}
