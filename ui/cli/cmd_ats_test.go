package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func atsCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := dispatch(context.Background(), append([]string{"ats"}, args...), stdio{strings.NewReader(""), &out, &errb})
	return code, out.String(), errb.String()
}

// impossible is a test no move can pass: the rabbit cannot reach h8.
const impossible = `[[test]]
name = "impossible"
position = "g [       r   R                                        e   R       ]"
pieces = "Rh8"
`

func TestATSRunAndCompare(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs")
	good := filepath.Join(dir, "good.json")
	code, out, errs := atsCmd(t, "run", "--playouts", "300", "--threads", "1", "--filter", "goal-one-step,silver-goal",
		"--results", runs, "--json", good, "--junit", filepath.Join(dir, "j.xml"), "assets/tests")
	if code != 0 || !strings.Contains(out, "scored 2 of 2 (2 passed, 0 failed, 0 errors)") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(out, "pass") || !strings.Contains(out, "goal-one-step") {
		t.Errorf("no per-test line:\n%s", out)
	}
	files, _ := os.ReadDir(runs)
	if len(files) != 1 || !strings.HasSuffix(files[0].Name(), ".jsonl") {
		t.Errorf("runs folder holds %v", files)
	}
	if x, err := os.ReadFile(filepath.Join(dir, "j.xml")); err != nil || !bytes.Contains(x, []byte(`<testsuite name="tests" tests="2" failures="0" errors="0"`)) {
		t.Errorf("junit: %s %v", x, err)
	}

	bad := writeFile(t, dir, "bad.toml", impossible)
	badJSON := filepath.Join(dir, "bad.json")
	code, out, _ = atsCmd(t, "run", "--playouts", "50", "--threads", "1", "--results", runs, "--json", badJSON, bad)
	if code != 1 || !strings.Contains(out, "scored 0 of 1 (0 passed, 1 failed, 0 errors)") {
		t.Errorf("failing run: exit %d\n%s", code, out)
	}
	code, _, _ = atsCmd(t, "run", "--playouts", "50", "--threads", "1", "--results", runs, "--min-score", "0%", bad)
	if code != 0 {
		t.Errorf("--min-score 0%%: exit %d", code)
	}

	code, out, _ = atsCmd(t, "compare", good, good)
	if code != 0 || !strings.Contains(out, "2 same") {
		t.Errorf("compare same: exit %d\n%s", code, out)
	}
	// Rename the failing test so the runs share it, then compare.
	data, _ := os.ReadFile(badJSON)
	os.WriteFile(badJSON, bytes.ReplaceAll(data, []byte(`"impossible"`), []byte(`"goal-one-step"`)), 0o644)
	code, out, _ = atsCmd(t, "compare", good, badJSON)
	if code != 1 || !strings.Contains(out, "worse") || !strings.Contains(out, "1 → 0") {
		t.Errorf("compare worse: exit %d\n%s", code, out)
	}

	// A finished run cannot be resumed.
	code, _, errs = atsCmd(t, "run", "--resume", filepath.Join(runs, files[0].Name()))
	if code != 2 || !strings.Contains(errs, "already complete") {
		t.Errorf("resume finished run: exit %d %s", code, errs)
	}
}

func TestATSUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"run"},
		{"run", "--time", "x", "assets/tests"},
		{"run", "--engine", "'unclosed", "--time", "1", "assets/tests"},
		{"run", "--engine", "bot", "--playouts", "10", "assets/tests"},
		{"run", "--filter", "9-1", "assets/tests"},
		{"run", "--option", "novalue", "assets/tests"},
		{"run", "--option", "no.such.key=1", "assets/tests"},
		{"run", "--engine", "builtin:no.such.key=1", "--playouts", "10", "assets/tests"},
		{"run", "--engine", "builtin:search.exploration=99", "--playouts", "10", "assets/tests"},
		{"run", "--engine", "builtin:", "--playouts", "10", "assets/tests"},
		{"run", "--engine", "builtin", "threads=0", "--playouts", "10", "assets/tests"},
		{"run", "--engine", "builtin", "--engine", "builtin", "--playouts", "10", "assets/tests"},
		{"run", "--playouts", "10", "--dist", "--max-deliveries", "0", "assets/tests"},
		{"run", "--playouts", "10", "--dist", "--ack-wait", "0", "assets/tests"},
		{"run", "--playouts", "10", "--dist", "--nats-password", "x", "assets/tests"},
		{"compare", "one.json"},
	} {
		if code, _, _ := atsCmd(t, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

// TestATSBuiltinSpelling runs the builtin engine written as match takes
// it and with --option: both record the same engine options and threads.
func TestATSBuiltinSpelling(t *testing.T) {
	dir := t.TempDir()
	var summaries []string
	for i, args := range [][]string{
		{"--engine", "builtin:search.exploration=0.3,eval.cat=170 threads=1"},
		// The words after --engine are its own, the suite after them.
		{"--engine", "builtin:search.exploration=0.3", "eval.cat=170", "threads=1"},
		{"--option", "search.exploration=0.3", "--option", "eval.cat=170", "--threads", "1"},
	} {
		j := filepath.Join(dir, strconv.Itoa(i)+".json")
		all := append([]string{"run", "--playouts", "200", "--filter", "goal-one-step", "--results", dir, "--json", j}, args...)
		code, out, errs := atsCmd(t, append(all, "assets/tests")...)
		if code != 0 {
			t.Fatalf("%q: exit %d\n%s\n%s", args, code, out, errs)
		}
		data, err := os.ReadFile(j)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`"search.exploration": "0.3"`, `"eval.cat": "170"`, `"threads": 1`} {
			if !bytes.Contains(data, []byte(want)) {
				t.Errorf("%q: the summary lacks %s:\n%s", args, want, data)
			}
		}
		summaries = append(summaries, out)
	}
	if !strings.Contains(summaries[0], "engine builtin,") {
		t.Errorf("the run does not name the engine builtin:\n%s", summaries[0])
	}
}

func TestATSList(t *testing.T) {
	code, out, _ := atsCmd(t, "list", "assets/tests")
	if code != 0 || !strings.Contains(out, "easy-way") || !strings.Contains(out, "0 unreadable files") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// TestATSWarnings: a legacy file with a piece one column off its place
// loads with a warning on stderr, and --strict makes it an error.
func TestATSWarnings(t *testing.T) {
	file := filepath.Join("ats", "testdata", "legacy", "one-column-off.ats")
	warning := "ats: warning: " + file + ":16:13: 'C' between squares ignored (squares are read from fixed columns)\n"
	code, out, errs := atsCmd(t, "list", file)
	if code != 0 || errs != warning || !strings.Contains(out, "1 tests, 0 unreadable files, 1 warnings") {
		t.Errorf("list: exit %d\n%s\nstderr %q, want %q", code, out, errs, warning)
	}
	code, out, errs = atsCmd(t, "list", "--strict", file)
	want := "ats: " + file + ":16:13: bad test position: expected a space between squares, found 'C' (squares are read from fixed columns)\n"
	if code != 1 || errs != want || !strings.Contains(out, "0 tests, 1 unreadable files\n") {
		t.Errorf("list --strict: exit %d\n%s\nstderr %q, want %q", code, out, errs, want)
	}
	code, out, errs = atsCmd(t, "run", "--playouts", "50", "--threads", "1", "--results", t.TempDir(), file)
	if !strings.HasPrefix(errs, warning) || !strings.Contains(out, "scored") {
		t.Errorf("run: exit %d\n%s\nstderr %q", code, out, errs)
	}
	code, _, errs = atsCmd(t, "run", "--strict", "--playouts", "50", "--threads", "1", "--results", t.TempDir(), file)
	if code != 2 || !strings.HasPrefix(errs, want) {
		t.Errorf("run --strict: exit %d, stderr %q", code, errs)
	}
}
