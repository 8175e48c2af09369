package suitepanel

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"arimaa-workbench/ats"
)

// latestRun finds the newest result file in dir whose run is of suite s:
// see runOf.
func latestRun(dir string, s *ats.Suite) (string, bool) {
	if dir == "" || s == nil {
		return "", false
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	type cand struct {
		path string
		mod  int64
	}
	var cs []cand
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".jsonl") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		cs = append(cs, cand{filepath.Join(dir, e.Name()), info.ModTime().UnixNano()})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].mod > cs[j].mod })
	for _, c := range cs {
		h, _, _, err := ats.ReadResultFile(c.path)
		if err == nil && runOf(h, s) {
			return c.path, true
		}
	}
	return "", false
}

// runOf reports whether the run h is of the tests s holds now: the same
// suite name, every test it ran still in the suite, and, unless it was
// filtered, all of them. A run of an older, smaller version of a folder
// (or of another folder of the same name) is not shown as this suite's
// results: its totals ("done 32 of 32") would hide the tests it never ran.
func runOf(h ats.RunHeader, s *ats.Suite) bool {
	if h.Suite != s.Name {
		return false
	}
	have := make(map[string]bool, len(s.Tests))
	for _, t := range s.Tests {
		have[t.Name] = true
	}
	for _, name := range h.Tests {
		if !have[name] {
			return false
		}
	}
	return h.Filter != "" || len(h.Tests) == len(s.Tests)
}

// ShowRun loads a run recorded in a result file as the current results:
// the table shows them, and an unfinished run can be resumed.
func (m *Model) ShowRun(path string) error {
	h, results, finished, err := ats.ReadResultFile(path)
	if err != nil {
		return err
	}
	sum := ats.Summarize(h, results, finished)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.running {
		return ErrRunning
	}
	m.clearResults()
	m.summary = sum
	m.mergeSummary(sum)
	m.status.Done = len(results)
	m.status.Total = len(h.Tests) * max(h.Cycles, 1)
	m.setup = Setup{
		EngineName: h.Engine,
		Options:    h.EngineOptions,
		Threads:    h.Threads,
		Seed:       h.Seed,
		Limits:     h.Limits,
		Cycles:     h.Cycles,
		Filter:     h.Filter,
		Threshold:  h.Threshold,
		ResultFile: path,
	}
	m.resumable = !finished
	m.version++
	return nil
}
