package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpensWindow: the usage line promises `arimaa-workbench [FILE...]`, so
// a first argument naming an existing file or folder opens the window; a
// command's name, help and anything else do not.
func TestOpensWindow(t *testing.T) {
	cases := []struct {
		args []string
		want bool
	}{
		{nil, true},
		{[]string{"--screenshot", "x.png"}, true},
		{[]string{"--tab", "viewer", "assets/games/goal_race.txt"}, true},
		{[]string{filepath.Join("assets", "games", "goal_race.txt")}, true},
		{[]string{filepath.Join("assets", "games", "goal_race.txt"), "--screenshot", "x.png"}, true},
		{[]string{filepath.Join("assets", "tests")}, true},
		{[]string{"moves", "--list"}, false},
		{[]string{"help"}, false},
		{[]string{"-h"}, false},
		{[]string{"--help"}, false},
		{[]string{filepath.Join("assets", "games", "no-such-game.txt")}, false},
	}
	for _, c := range cases {
		if got := OpensWindow(c.args); got != c.want {
			t.Errorf("OpensWindow(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}

// TestMissingFileIsNamed: a first argument that is neither a command nor a
// file says both, so a mistyped file name is not taken for a command.
func TestMissingFileIsNamed(t *testing.T) {
	var out, errb bytes.Buffer
	code := dispatch(context.Background(), []string{"no-such-game.txt"}, stdio{strings.NewReader(""), &out, &errb})
	if code != 2 || !strings.Contains(errb.String(), `"no-such-game.txt" is neither a command nor a file or folder`) {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}
