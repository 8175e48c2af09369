package suitepanel

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"arimaa-workbench/ats"
)

// latestRun finds the newest result file in dir whose run is of the suite
// named suite, other than exclude.
func latestRun(dir, suite, exclude string) (string, bool) {
	if dir == "" {
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
		path := filepath.Join(dir, e.Name())
		if path == exclude {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		cs = append(cs, cand{path, info.ModTime().UnixNano()})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].mod > cs[j].mod })
	for _, c := range cs {
		h, _, _, err := ats.ReadResultFile(c.path)
		if err == nil && h.Suite == suite {
			return c.path, true
		}
	}
	return "", false
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
	for _, t := range m.tests {
		t.Results, t.Log, t.Running = nil, nil, false
	}
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
