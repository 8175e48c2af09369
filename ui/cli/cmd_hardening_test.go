package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"arimaa-workbench/engine/config"
)

// TestNumbersOutOfRange: every numeric flag refuses a value outside its
// range before the command does anything, with exit status 2 and a
// message naming the flag.
func TestNumbersOutOfRange(t *testing.T) {
	overMemory := strconv.FormatInt(config.MemoryLimitMB()+1, 10)
	maxNodes := strconv.Itoa(config.MaxNodes)
	dir := t.TempDir()
	nanConfig := writeFile(t, dir, "nan.toml", "tests = [\"x\"]\ntime_per_test = nan\n")
	tests := []struct {
		name string
		args []string
		flag string
	}{
		{"analyze --time -1", []string{"analyze", "--time", "-1", startCompact}, "time"},
		{"analyze --time NaN", []string{"analyze", "--time", "NaN", startCompact}, "time"},
		{"analyze --time 1e300", []string{"analyze", "--time", "1e300", startCompact}, "time"},
		{"analyze --playouts -5", []string{"analyze", "--playouts", "-5", startCompact}, "playouts"},
		{"analyze --nodes 2000000000", []string{"analyze", "--nodes", "2000000000", startCompact}, "nodes"},
		// The MCTS's tree of that many nodes does not fit the memory limit.
		{"analyze --nodes max (MCTS)", []string{"analyze", "--set", "search.algorithm=mcts", "--nodes", maxNodes, startCompact}, "nodes"},
		{"analyze --memory over", []string{"analyze", "--memory", overMemory, startCompact}, "memory"},
		{"analyze --memory 20000000", []string{"analyze", "--memory", "20000000", startCompact}, "memory"},
		{"analyze --threads 100000", []string{"analyze", "--threads", "100000", startCompact}, "threads"},
		{"aei --playouts -5", []string{"aei", "--playouts", "-5"}, "playouts"},
		{"bench --time -1", []string{"bench", "--time", "-1"}, "time"},
		{"bench --match -1", []string{"bench", "--match", "-1"}, "match"},
		{"replay -j 100000000", []string{"replay", "-j", "100000000", "assets/games"}, "j"},
		{"replay -j 0", []string{"replay", "-j", "0", "assets/games"}, "j"},
		{"convert --ply -2", []string{"convert", "--to", "long", "--ply", "-2"}, "ply"},
		{"render --size 1e9", []string{"render", "--size", "1000000000", startCompact, filepath.Join(dir, "x.png")}, "size"},
		{"ats run --nodes 2000000000", []string{"ats", "run", "--nodes", "2000000000", "assets/tests"}, "nodes"},
		{"ats run --nodes max", []string{"ats", "run", "--nodes", maxNodes, "assets/tests"}, "nodes"},
		{"ats run --time -1", []string{"ats", "run", "--time", "-1", "assets/tests"}, "time"},
		{"ats run --time inf", []string{"ats", "run", "--time", "inf", "assets/tests"}, "time"},
		{"ats run -j 100000", []string{"ats", "run", "-j", "100000", "assets/tests"}, "j"},
		{"ats run --cycles 0", []string{"ats", "run", "--cycles", "0", "assets/tests"}, "cycles"},
		{"ats run --threshold 1.5", []string{"ats", "run", "--threshold", "1.5", "assets/tests"}, "threshold"},
		{"ats run --grace -1", []string{"ats", "run", "--grace", "-1", "assets/tests"}, "grace"},
		{"ats run time_per_test nan", []string{"ats", "run", "--config", nanConfig}, "time_per_test"},
	}
	// A configuration key is checked as the configuration is built.
	if code, _, errOut := runCmd(t, dispatch, "", "analyze", "--set", "search.memory_mb="+overMemory, startCompact); code != 1 || !strings.Contains(errOut, "memory_mb") {
		t.Errorf("analyze --set search.memory_mb=%s: exit %d\n%s", overMemory, code, errOut)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, dispatch, "", tc.args...)
			if code != 2 || !strings.Contains(errOut, tc.flag) {
				t.Errorf("exit %d, want 2 with a message naming %s\nstdout: %.300s\nstderr: %.500s", code, tc.flag, out, errOut)
			}
		})
	}
}

// TestHugeAndGarbageLines: what convert, replay and moves echo of their
// input is quoted and cut, and moves goes on after a line too long.
func TestHugeAndGarbageLines(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	huge := strings.Repeat("x", 3<<20)
	record := write("huge.txt", "1w "+huge+"\n")
	archive := write("huge.tsv", "id\tmovelist\n\x1b[2J\t1w "+huge+"\n")
	compact := write("lines.txt", "g ["+huge+"]\ng [\x1b[31m\x07]\n"+startCompact+"\n")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"convert", "--to", "compact", record}, "(3145728 bytes) is not a step"},
		{[]string{"replay", record}, "(3145728 bytes) is not a step"},
		{[]string{"replay", archive}, `"\x1b[2J"`},
		{[]string{"moves", compact}, "byte 0x1b is not an Arimaa piece"},
	}
	for _, tc := range tests {
		code, out, errOut := runCmd(t, dispatch, "", tc.args...)
		all := out + errOut
		if code != 1 || !strings.Contains(all, tc.want) {
			t.Errorf("%q: exit %d, output lacks %q:\n%.600s", tc.args, code, tc.want, all)
		}
		for _, l := range strings.Split(all, "\n") {
			if len(l) > 1000 || strings.ContainsAny(l, "\x1b\x07") {
				t.Errorf("%q: echoed %d bytes raw: %.100q", tc.args, len(l), l)
			}
		}
	}
	// moves reports the long line and reads on to the good one.
	_, out, _ := runCmd(t, dispatch, "", "moves", compact)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 3 || !strings.Contains(lines[0], "longer than") || lines[2] != "3353\t8" {
		t.Errorf("moves over a huge line:\n%.600s", out)
	}
}

// TestATSOutputs: reports are checked before the run and written 0644, an
// unusable --min-score is refused up front, and a run that gave up on an
// engine that would not start reports the whole suite.
func TestATSOutputs(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs")
	for _, args := range [][]string{
		{"--json", filepath.Join(dir, "no", "such", "folder", "s.json")},
		{"--junit", dir},
		{"--min-score", "lots"},
		{"--min-score", "NaN"},
		{"--min-score", "150%"},
	} {
		args = append([]string{"run", "--playouts", "50", "--threads", "1", "--results", runs}, append(args, "assets/tests")...)
		code, out, errOut := atsCmd(t, args...)
		if code != 2 || strings.Contains(out, "pass") || strings.Contains(out, "fail") {
			t.Errorf("%q: exit %d, want 2 before any test runs\n%s\n%s", args, code, out, errOut)
		}
	}
	if files, _ := os.ReadDir(runs); len(files) != 0 {
		t.Errorf("refused runs left %d result files", len(files))
	}

	js, junit := filepath.Join(dir, "s.json"), filepath.Join(dir, "s.xml")
	if code, out, errOut := atsCmd(t, "run", "--playouts", "50", "--threads", "1", "--filter", "goal-one-step", "--results", runs,
		"--json", js, "--junit", junit, "assets/tests"); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, p := range []string{js, junit} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: %v %v, want mode 0644", p, fi.Mode(), err)
		}
	}

	_, list, _ := atsCmd(t, "list", "assets/tests")
	n := strings.Count(list, "\n") - 1
	code, out, errOut := atsCmd(t, "run", "--engine", "/nonexistent/engine", "--time", "0.1", "--results", runs, "assets/tests")
	want := "scored 0 of " + strconv.Itoa(n) + " (0 passed, 0 failed, " + strconv.Itoa(n) + " errors)"
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("engine that does not start: exit %d, want %q\n%s\n%s", code, want, out, errOut)
	}
}
