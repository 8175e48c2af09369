package ats

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// Status is the outcome of one test run.
type Status string

// The statuses of a test result.
const (
	Pass  Status = "pass"
	Fail  Status = "fail"
	Error Status = "error"
)

// TestResult is the outcome of one test in one cycle: everything the
// result file, the JSON report and the UI show. Times are in seconds.
type TestResult struct {
	Name   string `json:"name"`
	Number int    `json:"number"`
	File   string `json:"file,omitempty"`
	// Tags are the test's tags, so that a result file can be scored by
	// category without the suite.
	Tags     []string `json:"tags,omitempty"`
	Cycle    int      `json:"cycle"`
	Status   Status   `json:"status"`
	Score    float64  `json:"score"`
	MaxScore float64  `json:"max_score"`
	// Move is the move as the engine sent it; Canonical is the same move
	// in canonical notation with capture tokens when it was legal.
	Move      string   `json:"move"`
	Canonical string   `json:"canonical,omitempty"`
	Legal     bool     `json:"legal"`
	Illegal   string   `json:"illegal,omitempty"` // why the move is illegal
	Seconds   float64  `json:"seconds"`
	Playouts  int64    `json:"playouts,omitempty"`
	Nodes     int64    `json:"nodes,omitempty"`
	Depth     int      `json:"depth,omitempty"`
	MaxDepth  int      `json:"max_depth,omitempty"`
	WinRatio  *float64 `json:"win_ratio,omitempty"`
	// SolvedSeconds and SolvedDepth are when the engine first showed a
	// passing move that it kept to the end ("time to solution"); absent
	// when the final move does not pass.
	SolvedSeconds *float64 `json:"solved_seconds,omitempty"`
	SolvedDepth   int      `json:"solved_depth,omitempty"`
	// Blocks tells which criteria atoms the move satisfied.
	Blocks []BlockVerdict `json:"blocks,omitempty"`
	Log    []string       `json:"log,omitempty"`
	Err    string         `json:"error,omitempty"`
}

// RunHeader describes a run: the first line of its result file.
type RunHeader struct {
	Version int      `json:"version"`
	Suite   string   `json:"suite"`
	Paths   []string `json:"paths,omitempty"`
	Filter  string   `json:"filter,omitempty"`
	Engine  string   `json:"engine"`
	// EngineOptions, Threads and Seed are how the engine was set up, so a
	// resumed run starts it the same way.
	EngineOptions map[string]string `json:"engine_options,omitempty"`
	// EngineDir is an external engine's working folder, which its command
	// line may be relative to.
	EngineDir string          `json:"engine_dir,omitempty"`
	Threads   int             `json:"threads,omitempty"`
	Seed      uint64          `json:"seed,omitempty"`
	Limits    analysis.Limits `json:"limits"`
	Cycles    int             `json:"cycles"`
	Jobs      int             `json:"jobs"`
	Threshold float64         `json:"threshold"`
	Tests     []string        `json:"tests"`
	Start     time.Time       `json:"start"`
	Host      string          `json:"host,omitempty"`
}

// Spec is the engine the header records, as a resumed run starts it.
func (h RunHeader) Spec() (Spec, error) {
	s, err := SpecFromRecord(h.Engine, h.EngineOptions, h.Threads, h.Seed)
	if err != nil {
		return Spec{}, fmt.Errorf("the run's engine %q: %w", h.Engine, err)
	}
	if !s.Builtin {
		s.Dir = h.EngineDir
	}
	return s, nil
}

// line is one line of a result file.
type line struct {
	Type   string      `json:"type"` // "run", "result" or "end"
	Run    *RunHeader  `json:"run,omitempty"`
	Result *TestResult `json:"result,omitempty"`
	End    *time.Time  `json:"end,omitempty"`
}

// ResultFile appends results to a JSON Lines file, syncing each line to
// disk, so a crash loses at most the test in flight. It holds the file's
// lock (fsutil.LockFile) from opening to Close, so a second run on the same
// file stops at once instead of interleaving its lines. It is safe for
// concurrent use.
type ResultFile struct {
	mu   sync.Mutex
	f    *os.File
	lock *fsutil.Lock // nil when the caller holds it
}

// CreateResultFile starts a new result file with the run's header. It
// fails with an error matching fsutil.ErrLocked while another run writes
// path, and when path exists.
func CreateResultFile(path string, h RunHeader) (*ResultFile, error) {
	return createResultFile(path, h, nil)
}

// createResultFile is CreateResultFile under held, the caller's lock on
// path, or when held is nil under a lock of its own.
func createResultFile(path string, h RunHeader, held *fsutil.Lock) (*ResultFile, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	rf := &ResultFile{}
	if held == nil {
		lock, err := fsutil.LockFile(path)
		if err != nil {
			return nil, err
		}
		rf.lock = lock
	}
	f, err := fsutil.CreateNew(path)
	if err != nil {
		rf.lock.Unlock()
		return nil, err
	}
	rf.f = f
	if err := rf.write(line{Type: "run", Run: &h}); err != nil {
		rf.Close()
		return nil, err
	}
	return rf, nil
}

// ResumeResultFile takes the lock of an existing result file, reads it as
// ReadResultFile does and opens it to add results, cutting off a last line
// left incomplete by a crash. It fails with an error matching
// fsutil.ErrLocked while another run writes path, and with one matching
// fs.ErrNotExist when there is no such file.
func ResumeResultFile(path string) (*ResultFile, RunHeader, []TestResult, error) {
	return resumeResultFile(path, nil)
}

// resumeResultFile is ResumeResultFile under held, the caller's lock on
// path, or when held is nil under a lock of its own.
func resumeResultFile(path string, held *fsutil.Lock) (*ResultFile, RunHeader, []TestResult, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, RunHeader{}, nil, err
	}
	rf := &ResultFile{}
	if held == nil {
		lock, err := fsutil.LockFile(path)
		if err != nil {
			return nil, RunHeader{}, nil, err
		}
		rf.lock = lock
	}
	// Read only under the lock: what another run appended before it ended
	// must be counted.
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		rf.lock.Unlock()
		return nil, RunHeader{}, nil, err
	}
	rf.f = f
	keep, err := fsutil.CompleteLength(f)
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	var h RunHeader
	var rs []TestResult
	if err == nil {
		h, rs, _, err = readResults(io.LimitReader(f, keep), path)
	}
	if err == nil {
		err = f.Truncate(keep)
	}
	if err == nil {
		_, err = f.Seek(keep, io.SeekStart)
	}
	if err != nil {
		rf.Close()
		return nil, RunHeader{}, nil, err
	}
	return rf, h, rs, nil
}

// encode is l as a line of a result file.
func (l line) encode() ([]byte, error) {
	b, err := json.Marshal(l)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func (rf *ResultFile) write(l line) error {
	b, err := l.encode()
	if err != nil {
		return err
	}
	rf.mu.Lock()
	defer rf.mu.Unlock()
	if _, err := rf.f.Write(b); err != nil {
		return err
	}
	return rf.f.Sync()
}

// Append adds one result and syncs it to disk.
func (rf *ResultFile) Append(r TestResult) error { return rf.write(line{Type: "result", Result: &r}) }

// Finish marks the run complete.
func (rf *ResultFile) Finish(t time.Time) error { return rf.write(line{Type: "end", End: &t}) }

// Close closes the file and releases its lock, unless the lock was the
// caller's (RunConfig.ResultLock).
func (rf *ResultFile) Close() error {
	err := rf.f.Close()
	if uerr := rf.lock.Unlock(); err == nil {
		err = uerr
	}
	return err
}

// ErrResultFile is wrapped by errors reading a result or summary file.
var ErrResultFile = errors.New("bad result file")

// ReadResultFile reads a result file: the header, the results so far, and
// whether the run finished. A last line cut short by a crash is ignored.
func ReadResultFile(path string) (RunHeader, []TestResult, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return RunHeader{}, nil, false, err
	}
	defer f.Close()
	return readResults(f, path)
}

// readResults reads a result file's content from r; path names it in
// errors.
func readResults(r io.Reader, path string) (RunHeader, []TestResult, bool, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 64<<20)
	var h RunHeader
	var rs []TestResult
	done, haveHeader := false, false
	n := 0
	var pending error
	for sc.Scan() {
		n++
		if pending != nil {
			return RunHeader{}, nil, false, pending
		}
		b := sc.Bytes()
		if len(bytes.TrimSpace(b)) == 0 {
			continue
		}
		var l line
		if err := json.Unmarshal(b, &l); err != nil {
			// Only the last line may be broken (a crash mid-write).
			pending = fmt.Errorf("%w: %s:%d: %v", ErrResultFile, path, n, err)
			continue
		}
		switch {
		case l.Type == "run" && l.Run != nil:
			h, haveHeader = *l.Run, true
		case l.Type == "result" && l.Result != nil:
			rs = append(rs, *l.Result)
		case l.Type == "end":
			done = true
		default:
			return RunHeader{}, nil, false, fmt.Errorf("%w: %s:%d: unknown line type %q", ErrResultFile, path, n, l.Type)
		}
	}
	if err := sc.Err(); err != nil {
		return RunHeader{}, nil, false, fmt.Errorf("%w: %s: %v", ErrResultFile, path, err)
	}
	if !haveHeader {
		return RunHeader{}, nil, false, fmt.Errorf("%w: %s: no run header line", ErrResultFile, path)
	}
	return h, rs, done, nil
}

// TestSummary is one test's results over all its cycles.
type TestSummary struct {
	Name     string   `json:"name"`
	Number   int      `json:"number"`
	Status   Status   `json:"status"`
	Score    float64  `json:"score"` // mean over cycles
	MaxScore float64  `json:"max_score"`
	Cycles   int      `json:"cycles"`
	Errors   int      `json:"errors"`
	Seconds  float64  `json:"seconds"` // mean
	Tags     []string `json:"tags,omitempty"`
	// SolvedSeconds is the mean time to solution over the cycles that
	// solved it; absent if none did.
	SolvedSeconds *float64 `json:"solved_seconds,omitempty"`
	Moves         []string `json:"moves"`
}

// Summary is a whole run: its header, every result, and the totals.
type Summary struct {
	Run      RunHeader     `json:"run"`
	Finished bool          `json:"finished"`
	Tests    []TestSummary `json:"tests"`
	Results  []TestResult  `json:"results"`
	Score    float64       `json:"score"`
	MaxScore float64       `json:"max_score"`
	Passed   int           `json:"passed"`
	Failed   int           `json:"failed"`
	Errors   int           `json:"errors"`
	Seconds  float64       `json:"seconds"` // total search time
	// ByTag scores the run by tag, tags in alphabetical order; a test
	// counts under each of its tags.
	ByTag []TagScore `json:"by_tag,omitempty"`
}

// TagScore is a run's score over the tests with one tag.
type TagScore struct {
	Tag      string  `json:"tag"`
	Tests    int     `json:"tests"`
	Passed   int     `json:"passed"`
	Score    float64 `json:"score"`
	MaxScore float64 `json:"max_score"`
}

// Summarize groups results by test, in test-number order. A test with any
// erroneous cycle is an error; otherwise it passes when its mean score
// reaches threshold times its maximum score.
func Summarize(h RunHeader, results []TestResult, finished bool) *Summary {
	s := &Summary{Run: h, Finished: finished, Results: results}
	idx := map[string]int{}
	for _, r := range results {
		i, ok := idx[r.Name]
		if !ok {
			i = len(s.Tests)
			idx[r.Name] = i
			s.Tests = append(s.Tests, TestSummary{Name: r.Name, Number: r.Number, MaxScore: r.MaxScore, Tags: r.Tags})
		}
		t := &s.Tests[i]
		t.Cycles++
		t.Score += r.Score
		t.Seconds += r.Seconds
		t.Moves = append(t.Moves, r.Move)
		if r.Status == Error {
			t.Errors++
		}
		if r.SolvedSeconds != nil {
			v := *r.SolvedSeconds
			if t.SolvedSeconds != nil {
				v += *t.SolvedSeconds
			}
			t.SolvedSeconds = &v
		}
		s.Seconds += r.Seconds
	}
	thr := h.Threshold
	if thr <= 0 {
		thr = 1
	}
	for i := range s.Tests {
		t := &s.Tests[i]
		solved := 0
		for _, r := range results {
			if r.Name == t.Name && r.SolvedSeconds != nil {
				solved++
			}
		}
		if t.SolvedSeconds != nil {
			v := *t.SolvedSeconds / float64(solved)
			t.SolvedSeconds = &v
		}
		t.Score /= float64(t.Cycles)
		t.Seconds /= float64(t.Cycles)
		switch {
		case t.Errors > 0:
			t.Status = Error
			s.Errors++
		case t.Score >= thr*t.MaxScore-1e-9:
			t.Status = Pass
			s.Passed++
		default:
			t.Status = Fail
			s.Failed++
		}
		s.Score += t.Score
		s.MaxScore += t.MaxScore
	}
	sort.SliceStable(s.Tests, func(a, b int) bool { return s.Tests[a].Number < s.Tests[b].Number })
	s.ByTag = byTag(s.Tests)
	return s
}

// byTag adds up the tests' scores under each of their tags.
func byTag(tests []TestSummary) []TagScore {
	idx := map[string]int{}
	var out []TagScore
	for _, t := range tests {
		for _, tag := range t.Tags {
			i, ok := idx[tag]
			if !ok {
				i = len(out)
				idx[tag] = i
				out = append(out, TagScore{Tag: tag})
			}
			ts := &out[i]
			ts.Tests++
			ts.Score += t.Score
			ts.MaxScore += t.MaxScore
			if t.Status == Pass {
				ts.Passed++
			}
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Tag < out[b].Tag })
	return out
}

// WriteTags writes the per-tag table: tag, tests, passed, score of the
// maximum and its percentage.
func (s *Summary) WriteTags(w io.Writer) error {
	if len(s.ByTag) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-20s %6s %7s %14s %6s\n", "tag", "tests", "passed", "score", "share")
	for _, t := range s.ByTag {
		pct := 0.0
		if t.MaxScore > 0 {
			pct = 100 * t.Score / t.MaxScore
		}
		fmt.Fprintf(&b, "%-20s %6d %7d %14s %5.1f%%\n", t.Tag, t.Tests, t.Passed, fmtScore(t.Score)+" of "+fmtScore(t.MaxScore), pct)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Line is the one-line summary the CLI prints.
func (s *Summary) Line() string {
	return fmt.Sprintf("scored %s of %s (%d passed, %d failed, %d errors)",
		fmtScore(s.Score), fmtScore(s.MaxScore), s.Passed, s.Failed, s.Errors)
}

func fmtScore(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "" || s == "-" {
		return "0"
	}
	return s
}

// WriteJSON writes the summary as indented JSON.
func (s *Summary) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// ReadSummary reads either a summary written by WriteJSON or a result file
// (JSON Lines), so runs can be compared whichever was kept.
//
// A result file is read a line at a time, so it may be of any size; a
// summary is read whole and refused beyond fsutil.MaxReadSize.
func ReadSummary(path string) (*Summary, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	if isResultFile(br) {
		h, rs, done, err := readResults(br, path)
		if err != nil {
			return nil, err
		}
		return Summarize(h, rs, done), nil
	}
	data, err := fsutil.ReadAll(br, path)
	if err != nil {
		return nil, err
	}
	return parseSummary(data, path)
}

// isResultFile reports whether br holds a result file rather than a
// summary: its first line is a JSON object with "type" first.
func isResultFile(br *bufio.Reader) bool {
	head, _ := br.Peek(4096) // less at the end of a short file
	return bytes.HasPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte(resultPrefix))
}

// resultPrefix starts every line of a result file.
const resultPrefix = `{"type"`

// parseSummary is ReadSummary of a file's content; path names it in
// errors.
func parseSummary(data []byte, path string) (*Summary, error) {
	trim := bytes.TrimSpace(data)
	if bytes.HasPrefix(trim, []byte(resultPrefix)) {
		h, rs, done, err := readResults(bytes.NewReader(data), path)
		if err != nil {
			return nil, err
		}
		return Summarize(h, rs, done), nil
	}
	var s Summary
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, jsonError(path, data, err)
	}
	return &s, nil
}

// jsonError places a JSON decoding error of a result or summary file at
// its line and column, where encoding/json gives a byte offset.
func jsonError(path string, data []byte, err error) error {
	off := int64(-1)
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		off = syn.Offset - 1
	case errors.As(err, &typ):
		off = typ.Offset - 1
	}
	pe := &records.ParseError{File: path, Err: fmt.Errorf("%w: %v", ErrResultFile, err)}
	if off >= 0 && off <= int64(len(data)) {
		before := data[:max(off, 0)]
		pe.Line = bytes.Count(before, []byte("\n")) + 1
		pe.Column = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	}
	return pe
}

// CheckWritable reports what would keep fsutil.WriteFile from writing
// path: a folder that does not exist or takes no new file, or a folder at
// path itself. A run checks its reports so before it starts, so that a
// mistyped path costs nothing.
func CheckWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a folder", path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".check*")
	if err != nil {
		return err
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// RunsDir is the folder where runs are kept: DataDir()/runs.
func RunsDir() (string, error) { return DataPath("runs") }

// ConfigPath is the file or folder called name in the configuration
// folder (ConfigDir).
func ConfigPath(name string) (string, error) { return under(ConfigDir, name) }

// DataPath is the file or folder called name in the data folder (DataDir).
func DataPath(name string) (string, error) { return under(DataDir, name) }

func under(dir func() (string, error), name string) (string, error) {
	d, err := dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, name), nil
}

// appFolder is the workbench's folder in the user's data and
// configuration folders.
const appFolder = "arimaa-workbench"

// ConfigDir is the workbench's folder for its settings (the builtin
// engine's configuration, the external engines, the NATS settings):
// arimaa-workbench in os.UserConfigDir().
func ConfigDir() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("finding the configuration folder: %w", err)
	}
	return filepath.Join(d, appFolder), nil
}

// DataDir is the workbench's folder for what it keeps of its work (suite
// runs, match archives): $XDG_DATA_HOME/arimaa-workbench
// (~/.local/share/... when unset) on Unix, the local application data
// folder on Windows and ~/Library/Application Support on macOS.
func DataDir() (string, error) {
	const app = appFolder
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LocalAppData"); d != "" {
			return filepath.Join(d, app), nil
		}
		d, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(d, app), nil
	case "darwin", "ios":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(home, "Library", "Application Support", app), nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, app), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".local", "share", app), nil
}

// RunFileName is the file name of a new run: its start time and suite.
func RunFileName(suite string, start time.Time) string {
	clean := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '_'
	}, suite)
	if clean == "" {
		clean = "suite"
	}
	return start.UTC().Format("20060102-150405.000") + "-" + clean + ".jsonl"
}
