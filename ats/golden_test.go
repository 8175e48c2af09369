package ats

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/records"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", name, got)
	}
}

// fixedRun is a small run with every kind of result and fixed times.
func fixedRun() (*Summary, *Summary) {
	wr, solved := 0.8, 0.25
	h := RunHeader{Version: 1, Suite: "fixed", Engine: "fake", Limits: analysis.Limits{Time: time.Second}, Cycles: 1, Jobs: 1, Threshold: 1,
		Tests: []string{"goal", "trap", "hang", "illegal"}, Start: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	old := []TestResult{
		{Name: "goal", Number: 1, Cycle: 1, Status: Pass, Score: 1, MaxScore: 1, Move: "Rd7n", Canonical: "Rd7n", Legal: true, Seconds: 0.5,
			Playouts: 1000, Depth: 3, WinRatio: &wr, SolvedSeconds: &solved, SolvedDepth: 2, Blocks: []BlockVerdict{{Satisfied: true, Atoms: []bool{true}}}},
		{Name: "trap", Number: 2, Cycle: 1, Status: Fail, Score: 0.4, MaxScore: 1, Move: "Dc4n", Canonical: "Dc4n", Legal: true, Seconds: 1,
			Blocks: []BlockVerdict{{Atoms: []bool{false}}, {Satisfied: true, Atoms: []bool{true}}}},
		{Name: "hang", Number: 3, Cycle: 1, Status: Error, MaxScore: 1, Seconds: 1.5, Err: "engine did not answer in time", Log: []string{"> go", "< info depth 1"}},
		{Name: "illegal", Number: 4, Cycle: 1, Status: Fail, MaxScore: 1, Move: "Ra1s", Illegal: "step 1 (Ra1s): a rabbit may not step backwards", Seconds: 1},
	}
	cur := append([]TestResult(nil), old...)
	cur[0] = TestResult{Name: "goal", Number: 1, Cycle: 1, Status: Fail, MaxScore: 1, Move: "Rd7w", Canonical: "Rd7w", Legal: true, Seconds: 1}
	cur[1] = old[0]
	cur[1].Name, cur[1].Number = "trap", 2
	return Summarize(h, old, true), Summarize(h, cur, true)
}

func TestGoldenReports(t *testing.T) {
	old, cur := fixedRun()
	var b bytes.Buffer
	if err := old.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	golden(t, "summary.json", b.Bytes())
	b.Reset()
	if err := old.WriteJUnit(&b); err != nil {
		t.Fatal(err)
	}
	golden(t, "junit.xml", b.Bytes())
	b.Reset()
	if err := Compare(old, cur).Write(&b, true); err != nil {
		t.Fatal(err)
	}
	golden(t, "compare.txt", b.Bytes())
}

// TestGoldenLegacyWarnings reads a legacy file with a piece one column off
// its place: the warning and the board read by fixed columns.
func TestGoldenLegacyWarnings(t *testing.T) {
	tc := readLegacy(t, "one-column-off.ats")
	var b bytes.Buffer
	for _, w := range tc.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	b.WriteString(records.FormatPosition(tc.Position))
	fmt.Fprintf(&b, "criteria: %s\n", tc.Criteria)
	golden(t, "one-column-off.txt", b.Bytes())
}
