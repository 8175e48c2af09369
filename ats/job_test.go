package ats

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/records"
)

// TestTestJobJSON sends every example test (TOML, legacy and category
// files) through its JSON form: it comes back with the same name, place,
// position and criteria, and judges every move as the original does.
func TestTestJobJSON(t *testing.T) {
	s, errs := LoadSuite(exampleSuite)
	if len(errs) > 0 || len(s.Tests) == 0 {
		t.Fatalf("%d tests, %v", len(s.Tests), errs)
	}
	for i, tc := range s.Tests {
		j := TestJob{ID: i + 1, Test: tc, Cycle: 2}
		data, err := json.Marshal(j)
		if err != nil {
			t.Fatalf("%s: %v", tc.Name, err)
		}
		var back TestJob
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %v\n%s", tc.Name, err, data)
		}
		b := back.Test
		if back.ID != j.ID || back.Cycle != 2 || b.Name != tc.Name || b.Number != tc.Number || b.File != tc.File || b.Line != tc.Line ||
			!reflect.DeepEqual(b.Tags, tc.Tags) || b.Criteria.String() != tc.Criteria.String() ||
			records.FormatPosition(b.Position) != records.FormatPosition(tc.Position) {
			t.Errorf("%s came back as %+v", tc.Name, b)
		}
		for _, m := range []string{tc.Solution, "pass"} {
			rep := Report{WinRatio: 0.7, HasWinRatio: true}
			_, v1, e1 := tc.Score(m, rep)
			_, v2, e2 := b.Score(m, rep)
			if v1.Score != v2.Score || (e1 == nil) != (e2 == nil) {
				t.Errorf("%s: %q scores %v (%v), back %v (%v)", tc.Name, m, v1.Score, e1, v2.Score, e2)
			}
		}
	}
}

// TestTestJobJSONErrors: a job whose position or criteria do not hold
// is refused with the test's name.
func TestTestJobJSONErrors(t *testing.T) {
	s, _ := LoadSuite(exampleSuite)
	good, err := json.Marshal(TestJob{ID: 1, Test: s.Tests[0], Cycle: 1})
	if err != nil {
		t.Fatal(err)
	}
	var w map[string]any
	if err := json.Unmarshal(good, &w); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		key  string
		val  any
		want string
	}{
		{"position", "not a board", s.Tests[0].Name},
		{"criteria", map[string]any{"Blocks": nil}, "no criteria"},
		{"criteria", map[string]any{"Blocks": []any{map[string]any{"Weight": 1, "Atoms": []any{map[string]any{"Kind": int(BestMove), "Moves": []string{"Ea1n"}}}}}}, "best move"},
	} {
		bad := map[string]any{}
		for k, v := range w {
			bad[k] = v
		}
		bad[tc.key] = tc.val
		data, _ := json.Marshal(bad)
		var j TestJob
		if err := json.Unmarshal(data, &j); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s = %v: error %v, want %q", tc.key, tc.val, err, tc.want)
		}
	}
}

// recordingExecutor runs each job with RunTest on an engine of its own,
// reports each result twice (as a job delivered again would be), and
// stops with an error after stopAfter jobs when that is positive.
type recordingExecutor struct {
	eng       analysis.Engine
	stopAfter int
	ids       []int
}

func (x *recordingExecutor) Execute(ctx context.Context, s TestSettings, jobs []TestJob, to Reporter) error {
	to.Notice("hello")
	for _, j := range jobs {
		if x.stopAfter > 0 && len(x.ids) == x.stopAfter {
			return errors.New("the executor stopped")
		}
		x.ids = append(x.ids, j.ID)
		to.Started(j)
		res, _ := RunTest(ctx, x.eng, j, s, analysis.Output{})
		to.Done(j, res)
		to.Done(j, res)
		other := j
		other.ID = 999
		to.Done(other, res) // no job of the run's
	}
	return nil
}

// TestRunnerExecutor: a run through an Executor writes each job's first
// result once, reports notices, and a resumed run hands the executor only
// the jobs not in the result file, with the IDs of the first run.
func TestRunnerExecutor(t *testing.T) {
	s, _ := LoadSuite(exampleSuite)
	tests := s.Tests[:3]
	f := mustSpec(t, "builtin", "threads=1", "search.memory_mb=16").seeded(2).mustFactory(t)
	eng, err := f(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	out := filepath.Join(t.TempDir(), "r.jsonl")
	cfg := RunConfig{Tests: tests, Limits: analysis.Limits{Playouts: 50}, Cycles: 2, ResultFile: out}
	notices := 0
	cfg.OnEvent = func(e Event) {
		if e.Kind == Notice && e.Err.Error() == "hello" {
			notices++
		}
	}
	x := &recordingExecutor{eng: eng, stopAfter: 2}
	cfg.Executor = x
	r, err := NewRunner(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "the executor stopped") {
		t.Fatalf("the stopped run: %v", err)
	}
	x2 := &recordingExecutor{eng: eng}
	cfg.Executor, cfg.Resume = x2, true
	r, err = NewRunner(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := r.Run(context.Background())
	if err != nil || !sum.Finished || len(sum.Results) != 6 || notices != 2 {
		t.Fatalf("summary %+v, %v, %d notices", sum, err, notices)
	}
	if !reflect.DeepEqual(x.ids, []int{1, 2}) || !reflect.DeepEqual(x2.ids, []int{3, 4, 5, 6}) {
		t.Errorf("jobs %v, then %v", x.ids, x2.ids)
	}
	_, results, _, err := ReadResultFile(out)
	if err != nil || len(results) != 6 {
		t.Fatalf("%d results, %v", len(results), err)
	}
	seen := map[string]bool{}
	for _, res := range results {
		key := res.Name + "/" + strconv.Itoa(res.Cycle)
		if seen[key] {
			t.Errorf("%s twice", key)
		}
		seen[key] = true
	}
}
