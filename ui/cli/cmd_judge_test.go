package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"arimaa-workbench/ats/judge"
)

// TestJudgeCommand judges a few moves of the sample archive with the
// builtin engine as both student and teacher, resumes, and compares.
func TestJudgeCommand(t *testing.T) {
	dir := t.TempDir()
	out, cache := filepath.Join(dir, "r.tsv"), filepath.Join(dir, "c.tsv")
	args := func(limit string) []string {
		return []string{"--teacher", "builtin", "threads=1", "--teacher-time", "0.05", "--engine", "builtin:alphabeta.threat=0",
			"--time", "0.05", "--player", "ramona", "--every", "7", "--limit", limit, "--out", out, "--cache", cache, "--within", "5000",
			"assets/games/sample_archive.tsv"}
	}
	code, stdout, errs := runTool(t, runJudge, "", args("2")...)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errs)
	}
	if !strings.Contains(stdout, "judging 2 positions (0 judged before)") || !strings.Contains(stdout, "the teacher's own move:") {
		t.Errorf("first run:\n%s", stdout)
	}
	about, rows, err := judge.ReadRows(out)
	if err != nil || len(rows) != 2 || !strings.Contains(about, "engine builtin:alphabeta.threat=0 at 0.05s; teacher builtin threads=1 at 0.05s") {
		t.Fatalf("results: %q, %d rows, %v", about, len(rows), err)
	}
	for _, r := range rows {
		if r.Player != "ramona" || r.Loss != r.Before+r.After {
			t.Errorf("row %+v", r)
		}
	}
	code, stdout, errs = runTool(t, runJudge, "", args("3")...)
	if code != 0 || !strings.Contains(stdout, "judging 1 positions (2 judged before)") {
		t.Fatalf("resumed: exit %d: %s%s", code, stdout, errs)
	}
	code, stdout, errs = runTool(t, runJudge, "", "--summary", out, "--compare", out)
	if code != 0 || !strings.Contains(stdout, "on the 3 positions of both: B's loss less A's +0.0 ±0.0 (95%); the same move 3 times") {
		t.Errorf("compare: exit %d: %s%s", code, stdout, errs)
	}
	// Another student with the same results file is refused.
	other := append([]string{}, args("3")...)
	other[6] = "builtin"
	if code, _, errs := runTool(t, runJudge, "", other...); code != 1 || !strings.Contains(errs, "another run's results") {
		t.Errorf("another student: exit %d: %s", code, errs)
	}
}

// TestJudgeCommandDepth: the builtin engines held to a depth judge
// alike, run after run.
func TestJudgeCommandDepth(t *testing.T) {
	dir := t.TempDir()
	var runs [2][]judge.Row
	for i := range runs {
		out := filepath.Join(dir, fmt.Sprintf("r%d.tsv", i))
		code, stdout, errs := runTool(t, runJudge, "", "--teacher", "builtin", "--teacher-depth", "4", "--engine", "builtin",
			"--depth", "2", "--side", "silver", "--every", "9", "--limit", "3", "--quiet", "--out", out, "assets/games/sample_archive.tsv")
		if code != 0 {
			t.Fatalf("exit %d: %s%s", code, stdout, errs)
		}
		about, rows, err := judge.ReadRows(out)
		if err != nil || len(rows) != 3 || about != "engine builtin at depth 2; teacher builtin at depth 4" {
			t.Fatalf("%q, %d rows, %v", about, len(rows), err)
		}
		runs[i] = rows
	}
	for i := range runs[0] {
		if runs[0][i] != runs[1][i] {
			t.Errorf("row %d: %+v, then %+v", i, runs[0][i], runs[1][i])
		}
	}
}

func TestJudgeCommandErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"assets/games/sample_archive.tsv"}, 2, "give one teacher with --teacher"},
		{[]string{"--teacher", "builtin"}, 2, "give the game archives"},
		{[]string{"--teacher", "builtin", "--side", "red", "assets/games/sample_archive.tsv"}, 2, "--side red"},
		{[]string{"--teacher", "builtin", "--time", "0", "assets/games/sample_archive.tsv"}, 2, "out of range"},
		{[]string{"--teacher", "builtin", "--compare", "x.tsv", "assets/games/sample_archive.tsv"}, 2, "--compare goes with --summary"},
		{[]string{"--teacher", "builtin", "--out", "/nonexistent/r.tsv", "assets/games/goal_race.txt"}, 1, "goal_race.txt: not a game archive"},
		{[]string{"--teacher", "builtin", "--player", "nobody", "assets/games/sample_archive.tsv"}, 1, "no move to judge"},
		{[]string{"--summary", "assets/games/sample_archive.tsv"}, 1, "not a judge's results file"},
		{[]string{"--teacher", "bot aei", "--teacher-depth", "8", "assets/games/sample_archive.tsv"}, 2, "depth=N after its spec"},
		{[]string{"--teacher", "builtin", "--depth", "300", "assets/games/sample_archive.tsv"}, 2, "out of range"},
	}
	for _, c := range cases {
		code, _, errs := runTool(t, runJudge, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, %q; want %d, %q", c.args, code, errs, c.code, c.want)
		}
	}
}
