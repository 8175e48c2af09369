package suitepanel

import (
	"cmp"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"arimaa-workbench/ats"
)

// latestRun finds the newest result file in dir whose run is of suite s:
// see runOf.
func latestRun(dir string, s *ats.Suite) (string, bool) {
	runs := runsOf(dir, s, 1)
	if len(runs) == 0 {
		return "", false
	}
	return runs[0].Path, true
}

// EarlierRun is a run of the open suite recorded in the runs folder.
type EarlierRun struct {
	Path    string
	Summary *ats.Summary
	// Engine is the name the engine list gives the run's engine; empty
	// when the list has none, and the result file's record is shown.
	Engine string
}

// Text is the run's line in the Compare list: when, which engine and
// limits, and the score.
func (r EarlierRun) Text() string {
	h := r.Summary.Run
	engine := cmp.Or(r.Engine, h.Engine)
	text := h.Start.Local().Format("2006-01-02 15:04") + "   " + engine + ", " + h.Limits.String()
	if h.Filter != "" {
		text += ", tests " + h.Filter
	}
	text += "   " + r.Summary.Line()
	if !r.Summary.Finished {
		text += " (stopped)"
	}
	return text
}

// runsOf lists the runs of suite s recorded in dir, newest first, at most
// limit of them (0: all): see runOf.
func runsOf(dir string, s *ats.Suite, limit int) []EarlierRun {
	if dir == "" || s == nil {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
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
	var runs []EarlierRun
	for _, c := range cs {
		h, results, finished, err := ats.ReadResultFile(c.path)
		if err != nil || !runOf(h, s) {
			continue
		}
		runs = append(runs, EarlierRun{Path: c.path, Summary: ats.Summarize(h, results, finished)})
		if limit > 0 && len(runs) == limit {
			break
		}
	}
	return runs
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
		EngineDir:  h.EngineDir,
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
