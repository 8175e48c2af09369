package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// startCompact is the standard start position in the compact notation.
const startCompact = "g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]"

// runTool runs the command cmd with args and stdin as its standard input,
// and returns its exit status, standard output and standard error.
func runTool(t *testing.T, cmd func(context.Context, []string, stdio) int, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := cmd(context.Background(), args, stdio{strings.NewReader(stdin), &out, &errb})
	return code, out.String(), errb.String()
}

// runCmd is runTool, under the other name the tests call it by.
var runCmd = runTool

// writeFile writes text to the file name in dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
