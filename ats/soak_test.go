package ats

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/memtest"
)

// soakEnv runs the load and soak tests, which take minutes and are not
// part of the usual run: ARIMAA_SOAK=1 go test -run Soak ./ats
const soakEnv = "ARIMAA_SOAK"

// TestSoakRunner: the runner at -j 2 over 10,000 tests with an engine
// that answers at once keeps its memory flat and writes every result to
// the result file exactly once.
func TestSoakRunner(t *testing.T) {
	if os.Getenv(soakEnv) == "" {
		t.Skip("a soak test; set " + soakEnv + "=1 to run it")
	}
	const n = 10000
	s, errs := LoadSuite(exampleSuite)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	tests := make([]*Test, n)
	for i := range tests {
		c := *s.Tests[i%len(s.Tests)]
		c.Name, c.Number = fmt.Sprintf("%s-%05d", c.Name, i), i+1
		tests[i] = &c
	}
	answer := solver(s.Tests, nil)
	ff := &fakeFactory{play: answer}
	file := filepath.Join(t.TempDir(), "soak.jsonl")
	var done atomic.Int32
	var rss []string
	sample := func(label string) {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		r, _ := memtest.ResidentBytes()
		rss = append(rss, fmt.Sprintf("%s: resident %d MB, heap %d MB, %d goroutines", label, r>>20, m.HeapInuse>>20, runtime.NumGoroutine()))
	}
	sample("start")
	start := time.Now()
	r, err := NewRunner(RunConfig{Tests: tests, Engine: ff.factory, Limits: analysis.Limits{Playouts: 1}, Jobs: 2, ResultFile: file,
		OnEvent: func(e Event) {
			if e.Kind == TestDone {
				if d := done.Add(1); d%2500 == 0 {
					sample(strconv.Itoa(int(d)) + " results")
				}
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	sample("end")
	for _, l := range rss {
		t.Log(l)
	}
	t.Logf("%d tests in %v, %.0f per second", n, took.Round(time.Millisecond), n/took.Seconds())
	if sum.Passed != n || len(sum.Results) != n {
		t.Errorf("summary %s, %d results", sum.Line(), len(sum.Results))
	}
	_, rs, finished, err := ReadResultFile(file)
	if err != nil || !finished || len(rs) != n {
		t.Fatalf("result file: %d results, finished %v, %v", len(rs), finished, err)
	}
	seen := map[string]bool{}
	for _, res := range rs {
		if seen[res.Name] {
			t.Errorf("%s is in the file twice", res.Name)
		}
		seen[res.Name] = true
	}
}
