package cli

import (
	"fmt"
	"os"
	"testing"
)

// TestMain runs the command tests from the repository's root, where the
// commands' users stand: the tests name assets/ and package testdata by
// the paths a user types.
func TestMain(m *testing.M) {
	// A test binary re-executed by a test (a fake engine, a worker) starts
	// where its parent already is.
	if _, err := os.Stat("go.mod"); err != nil {
		if err := os.Chdir("../.."); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	os.Exit(m.Run())
}
