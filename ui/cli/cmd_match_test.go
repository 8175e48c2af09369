package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func matchCmd(ctx context.Context, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := dispatch(ctx, append([]string{"match"}, args...), stdio{strings.NewReader(""), &out, &errb})
	return code, out.String(), errb.String()
}

// smallEngines are two builtin configurations with small trees.
var smallEngines = []string{"--engine", "builtin", "search.memory_mb=16", "--engine", "builtin:search.exploration=0.4", "name=explore", "search.memory_mb=16"}

// slowEngines play the MCTS, whose 100 playouts take long enough that a
// test can kill a worker in the middle of a game; the alpha-beta search's
// 100 nodes a move end a game of a few turns within milliseconds.
var slowEngines = []string{"--engine", "builtin:search.algorithm=mcts", "name=builtin", "search.memory_mb=16", "--engine", "builtin:search.algorithm=mcts,search.exploration=0.4", "name=explore", "search.memory_mb=16"}

func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "m.txt")
	args := append([]string{"--playouts", "100", "--games", "2", "--max-turns", "3", "--out", out, "--json", "-"}, smallEngines...)
	code, stdout, stderr := matchCmd(context.Background(), args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"match: 2 games of builtin search.memory_mb=16 vs", "game 1: adjudicated after 3 turns", "game 2:", "rank engine", "explore", "endings: adjudication 2",
		"turns: mean", "per move: mean"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the report (on stderr with --json -) lacks %q:\n%s", want, stderr)
		}
	}
	// Each engine's figures: games of 3 turns, ended by adjudication,
	// however the evaluation judged them.
	if n := strings.Count(stderr, "     3.0     3.0  "); n != 2 || strings.Count(stderr, ": adjudication ") < 2 {
		t.Errorf("the engines' figures should show two games of 3 turns each, adjudicated:\n%s", stderr)
	}
	var sum struct {
		Games   int `json:"games"`
		Engines []struct {
			Name  string `json:"name"`
			Games int    `json:"games"`
		} `json:"engines"`
	}
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil || sum.Games != 2 || len(sum.Engines) != 2 || sum.Engines[1].Name != "explore" {
		t.Errorf("json summary %+v %v", sum, err)
	}
	var rout, rerr bytes.Buffer
	if code := dispatch(context.Background(), []string{"replay", out}, stdio{strings.NewReader(""), &rout, &rerr}); code != 0 || !strings.Contains(rerr.String(), "2 games, 2 ok") {
		t.Errorf("replay: exit %d\n%s%s", code, rout.String(), rerr.String())
	}

	// The archive summed up: the same standings, and each engine's games
	// of 6 moves (3 turns), 6 of them timed.
	code, stdout, stderr = matchCmd(context.Background(), "--summary", out)
	if code != 0 || !strings.Contains(stdout, out+": 2 games") || !strings.Contains(stdout, "rank engine") {
		t.Errorf("--summary: exit %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, _ = matchCmd(context.Background(), "--summary", out, "--json", "-")
	var figures struct {
		Engines []struct {
			Name        string  `json:"name"`
			MeanTurns   float64 `json:"mean_turns"`
			MedianTurns float64 `json:"median_turns"`
			MeanMoveS   float64 `json:"mean_move_s"`
		} `json:"engines"`
	}
	if err := json.Unmarshal([]byte(stdout), &figures); code != 0 || err != nil || len(figures.Engines) != 2 ||
		figures.Engines[1].Name != "explore" || figures.Engines[0].MeanTurns != 3 || figures.Engines[1].MedianTurns != 3 || figures.Engines[0].MeanMoveS <= 0 {
		t.Errorf("--summary --json -: exit %d, %+v %v\n%s", code, figures, err, stdout)
	}
	if code, _, stderr := matchCmd(context.Background(), "--summary", filepath.Join(dir, "none.txt")); code != 1 || !strings.Contains(stderr, "none.txt") {
		t.Errorf("--summary of a missing file: exit %d\n%s", code, stderr)
	}

	// Stopped before any game (Ctrl-C at once): the hint says how to go on.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped := filepath.Join(dir, "stopped.txt")
	code, _, stderr = matchCmd(ctx, append([]string{"--playouts", "100", "--out", stopped}, smallEngines...)...)
	if code != 1 || !strings.Contains(stderr, "stopped after 0 of 2 games") || !strings.Contains(stderr, "--resume "+stopped) {
		t.Errorf("exit %d\n%s", code, stderr)
	}
	code, stdout, stderr = matchCmd(context.Background(), append([]string{"--playouts", "100", "--max-turns", "2", "--resume", stopped}, smallEngines...)...)
	if code != 0 || !strings.Contains(stdout, "game 2:") {
		t.Errorf("resume: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

func TestMatchCommandErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--engine", "builtin", "--playouts", "10"}, "at least two engines"},
		{append([]string{"-j", "0", "--playouts", "10"}, smallEngines...), "-j 0"},
		{append([]string{"--games", "0", "--playouts", "10"}, smallEngines...), "-games 0: must be from 1"},
		{append([]string{"--playouts", "-5"}, smallEngines...), "-playouts -5"},
		{append([]string{"--games", "3", "--rounds", "2", "--playouts", "10"}, smallEngines...), "not both"},
		{append([]string{"--tc", "fast"}, smallEngines...), "--tc"},
		{append([]string{"--sprt", "elo1=x", "--playouts", "10"}, smallEngines...), "--sprt"},
		{append([]string{"--move-timeout", "-1", "--playouts", "10"}, smallEngines...), "-move-timeout"},
		{smallEngines, "no limit per move"},
		{[]string{"--engine", "builtin", "hash=64", "--engine", "builtin", "--playouts", "10"}, "hash=64"},
		{append([]string{"--playouts", "10", "stray"}, smallEngines...), "unexpected argument"},
		{append([]string{"--playouts", "10", "--out", "a.txt", "--resume", "b.txt"}, smallEngines...), "different files"},
		{append([]string{"--playouts", "10", "--setups", "no-such-file"}, smallEngines...), "--setups"},
		{append([]string{"--playouts", "10", "--dist", "--max-deliveries", "1001"}, smallEngines...), "-max-deliveries"},
		{append([]string{"--playouts", "10", "--dist", "--nats-password", "x"}, smallEngines...), "password needs a user"},
		{append([]string{"--summary", "m.txt"}, smallEngines...), "without --engine"},
	} {
		code, _, stderr := matchCmd(context.Background(), tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, want 2 and %q in\n%s", tc.args, code, tc.want, stderr)
		}
	}
}

func TestResumeCommand(t *testing.T) {
	got := resumeCommand([]string{"--engine", "bin/baseline aei", "name=baseline", "--out", "m.txt", "-j", "2", "--out=x"}, "m.txt")
	if want := "--engine 'bin/baseline aei' name=baseline -j 2 --resume m.txt"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
