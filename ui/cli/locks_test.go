package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/records/fsutil"
)

// TestOneWriterCommands: while another run holds a file that ats run or
// match would write (a result file to resume, a report, an archive), the
// command stops at once with exit 1, names the holder, and leaves the file
// as it was; once the holder lets go, the same command runs.
func TestOneWriterCommands(t *testing.T) {
	dir := t.TempDir()
	suite, err := filepath.Abs("assets/tests")
	if err != nil {
		t.Fatal(err)
	}
	partial := filepath.Join(dir, "partial.jsonl")
	rf, err := ats.CreateResultFile(partial, ats.RunHeader{Version: 1, Suite: "tests", Paths: []string{suite}, Filter: "goal-one-step",
		Engine: ats.BuiltinName, Threads: 1, Seed: 1, Limits: analysis.Limits{Playouts: 100}, Cycles: 1, Threshold: 1, Tests: []string{"goal-one-step"}})
	if err != nil {
		t.Fatal(err)
	}
	rf.Close()
	report := filepath.Join(dir, "report.json")
	archive := filepath.Join(dir, "games.txt")
	atsRunCmd := func(args ...string) (int, string, string) { return atsCmd(t, append([]string{"run"}, args...)...) }
	matchRun := func(args ...string) (int, string, string) { return matchCmd(context.Background(), args...) }
	tests := []struct {
		name   string
		held   string // the file another run holds
		prefix string
		run    func(args ...string) (int, string, string)
		args   []string
	}{
		{"ats run --resume", partial, "ats run: ", atsRunCmd, []string{"--resume", partial}},
		{"ats run --json", report, "ats run: ", atsRunCmd, []string{"--playouts", "100", "--threads", "1", "--filter", "goal-one-step", "--results", dir, "--json", report, "assets/tests"}},
		{"match --out", archive, "match: ", matchRun, append([]string{"--playouts", "50", "--games", "2", "--max-turns", "2", "--out", archive}, smallEngines...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, _ := os.ReadFile(tt.held)
			lock, err := fsutil.LockFile(tt.held)
			if err != nil {
				t.Fatal(err)
			}
			code, out, errs := tt.run(tt.args...)
			want := fmt.Sprintf("%s%s is being written by another run (pid %d)\n", tt.prefix, tt.held, os.Getpid())
			if code != 1 || errs != want || out != "" {
				t.Errorf("while held: exit %d\nstdout %q\nstderr %q\nwant %q", code, out, errs, want)
			}
			if after, _ := os.ReadFile(tt.held); string(after) != string(before) {
				t.Errorf("the held file changed:\n%s", after)
			}
			lock.Unlock()
			if code, out, errs := tt.run(tt.args...); code != 0 {
				t.Errorf("after release: exit %d\n%s\n%s", code, out, errs)
			}
		})
	}
}
