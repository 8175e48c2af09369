package suitepanel

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records/fsutil"
	"arimaa-workbench/ui/engines"
	"arimaa-workbench/ui/files/filestest"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/uitest"
)

var shot = flag.String("shot", "", "write a PNG of the suite panel after a run to this file")

// newTestPanel is a panel offering the fake engine, which waits for gate
// (nil: answers at once), in a 1400×860 window.
func newTestPanel(t testing.TB, run RunFunc, gate <-chan struct{}) (*Panel, fyne.Window) {
	return newPanelWith(t, Options{Current: state.NewCurrent(rules.StartPosition(), "start"), Run: run}, gate, false)
}

// newPanelWith is newTestPanel with the options opts (in a new runs
// folder when they name none); inWindow gives the panel its window to
// show dialogs in.
func newPanelWith(t testing.TB, opts Options, gate <-chan struct{}, inWindow bool) (*Panel, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	if inWindow {
		opts.Window = w
	}
	if opts.RunsDir == "" {
		opts.RunsDir = t.TempDir()
	}
	p := New(fakeOptions(opts, gate))
	t.Cleanup(p.Close)
	w.SetContent(p.Content())
	w.Resize(fyne.NewSize(1400, 860))
	return p, w
}

func rowByName(p *Panel, name string) (int, Row) {
	for i, r := range p.rows {
		if r.Name == name {
			return i, r
		}
	}
	return -1, Row{}
}

func TestScriptedRunFillsTable(t *testing.T) {
	p, w := newTestPanel(t, scriptedRun, nil)
	p.Open(writeSuite(t))
	if len(p.rows) != 3 {
		t.Fatalf("%d rows before the run, want 3", len(p.rows))
	}
	if got := CellText(p.rows[0], 10); got != "Test 1-goal." {
		t.Errorf("comment column %q", got)
	}
	if got := CellText(p.rows[0], 3); got != "—" {
		t.Errorf("status before the run %q", got)
	}
	test.Tap(p.runBtn)
	p.model.Wait()
	p.Sync()

	want := map[string]struct {
		status ats.Status
		score  string
	}{
		"1-goal":     {ats.Pass, "1.00 / 1.00"},
		"2-elephant": {ats.Fail, "0.50 / 1.00"},
		"3-miss":     {ats.Fail, "0.00 / 1.00"},
	}
	for name, w := range want {
		_, r := rowByName(p, name)
		if r.Status != w.status || r.Score != w.score {
			t.Errorf("%s: status %q score %q, want %q %q", name, r.Status, r.Score, w.status, w.score)
		}
	}
	if got := p.totals.Text; !strings.Contains(got, "Score 1.50 / 3.00") || !strings.Contains(got, "passed 1") || !strings.Contains(got, "failed 2") {
		t.Errorf("totals %q", got)
	}
	// Pass is drawn green and fail red.
	if c := statusColor(p.rows[0]); c != theme.Color(theme.ColorNameSuccess) {
		t.Errorf("pass colour %v", c)
	}
	if _, r := rowByName(p, "3-miss"); statusColor(r) != theme.Color(theme.ColorNameError) {
		t.Errorf("fail colour %v", statusColor(r))
	}
	if p.progress.Value() != 1 {
		t.Errorf("progress %v after the run", p.progress.Value())
	}
	if got := p.message.Text; !strings.HasPrefix(got, "Run finished: score 1.50 of 3.00") {
		t.Errorf("after the run the message says %q", got)
	}

	// Selecting the second test shows its board, the move and the marks.
	i, _ := rowByName(p, "2-elephant")
	p.table.Select(widget.TableCellID{Row: i, Col: 1})
	o := p.board.Overlays()
	if len(o.PV) != 1 || o.PV[0].String() != "Ed3n" {
		t.Errorf("move arrows %v", o.PV)
	}
	if p.marks.good != rules.D4.Bit() || p.marks.bad != rules.D5.Bit() {
		t.Errorf("satisfied %v failed %v, want d4 satisfied and d5 failed", p.marks.good, p.marks.bad)
	}
	want2 := suitePositions()["2-elephant"]
	if got := p.board.Shown(); got.AEIString() != want2.AEIString() {
		t.Errorf("board shows %s", got.AEIString())
	}
	if !strings.Contains(p.criteria.Text, "✓ Ed4") || !strings.Contains(p.criteria.Text, "✗ Ed5") {
		t.Errorf("criteria text %q", p.criteria.Text)
	}
	if len(p.logLines) < 2 || p.logLines[1] != "info depth 1" || !strings.HasPrefix(p.logLines[2], "— played Ed3n: score 0.50 of 1.00") {
		t.Errorf("search output %q", p.logLines)
	}
	if *shot != "" {
		uitest.Capture(t, w, *shot)
	}
}

func TestStopAndResume(t *testing.T) {
	gate := make(chan struct{})
	p, _ := newTestPanel(t, nil, gate)
	p.Open(writeSuite(t))
	test.Tap(p.runBtn)
	waitFor(t, func() bool {
		st := p.model.State()
		ts := st.Tests["3-miss"]
		return ts != nil && ts.Running && st.Status.Done == 2
	})
	test.Tap(p.stopBtn)
	p.model.Wait()
	waitFor(t, func() bool { return p.model.State().Resumable })
	p.Sync()
	if p.resumeBtn.Disabled() {
		t.Fatal("Resume should be enabled after a stop")
	}
	if got := p.message.Text; got != "Run stopped after 2 of 3 tests: Resume runs the rest." {
		t.Errorf("after Stop the message says %q", got)
	}
	if _, r := rowByName(p, "3-miss"); r.Status != "" {
		t.Errorf("the stopped test has status %q", r.Status)
	}
	if _, r := rowByName(p, "1-goal"); r.Status != ats.Pass {
		t.Errorf("the first test lost its result: %q", r.Status)
	}

	// While another run writes the file, Resume says so and stays on.
	file := p.model.State().Setup.ResultFile
	lock, err := fsutil.LockFile(file)
	if err != nil {
		t.Fatal(err)
	}
	test.Tap(p.resumeBtn)
	p.model.Wait()
	p.Sync()
	want := fmt.Sprintf("%s is being written by another run (pid %d)", file, os.Getpid())
	if p.message.Text != want || p.message.Importance != widget.DangerImportance || p.resumeBtn.Disabled() {
		t.Errorf("resume of a file held by another run: message %q (importance %v), resume disabled %v; want %q",
			p.message.Text, p.message.Importance, p.resumeBtn.Disabled(), want)
	}
	lock.Unlock()

	close(gate)
	test.Tap(p.resumeBtn)
	p.model.Wait()
	p.Sync()
	st := p.model.State()
	if st.Err != nil || st.Resumable {
		t.Fatalf("after resuming: err %v resumable %v", st.Err, st.Resumable)
	}
	if st.Summary == nil || !st.Summary.Finished || len(st.Summary.Results) != 3 {
		t.Fatalf("summary %+v", st.Summary)
	}
	for _, r := range p.rows {
		if r.Status == "" {
			t.Errorf("%s has no result after the resume", r.Name)
		}
	}
	if _, r := rowByName(p, "3-miss"); r.Status != ats.Fail || r.Move != "Ed3e" {
		t.Errorf("3-miss: %q %q", r.Status, r.Move)
	}
}

func TestCompareWithPreviousRun(t *testing.T) {
	p, _ := newTestPanel(t, scriptedRun, nil)
	p.Open(writeSuite(t))
	test.Tap(p.runBtn)
	p.model.Wait()
	p.Sync()
	// A previous run in which 1-goal failed and 3-miss passed.
	prev := p.model.State().Summary
	old := *prev
	old.Tests = append([]ats.TestSummary(nil), prev.Tests...)
	for i := range old.Tests {
		switch old.Tests[i].Name {
		case "1-goal":
			old.Tests[i].Status, old.Tests[i].Score = ats.Fail, 0
		case "3-miss":
			old.Tests[i].Status, old.Tests[i].Score = ats.Pass, 1
		}
	}
	p.model.SetPrevious(&old)
	p.Sync()
	if _, r := rowByName(p, "1-goal"); r.Change != string(ats.Better) {
		t.Errorf("1-goal change %q", r.Change)
	}
	if _, r := rowByName(p, "3-miss"); r.Change != string(ats.Worse) {
		t.Errorf("3-miss change %q", r.Change)
	}
	if !strings.Contains(p.totals.Text, "1 better, 1 worse") {
		t.Errorf("totals %q", p.totals.Text)
	}
}

func TestOpenShowsLatestRun(t *testing.T) {
	p, dir := runFakeSuite(t)
	// A new panel over the same runs folder shows that run when the suite
	// opens.
	q := New(Options{Engines: p.opts.Engines, Factory: p.opts.Factory, RunsDir: p.opts.RunsDir})
	defer q.Close()
	q.Open(dir)
	if _, r := rowByName(q, "1-goal"); r.Status != ats.Pass {
		t.Errorf("reopened suite: 1-goal %q", r.Status)
	}
	if !strings.Contains(q.totals.Text, "passed 1") {
		t.Errorf("totals %q", q.totals.Text)
	}
}

func TestFilterAndBadSettings(t *testing.T) {
	p, _ := newTestPanel(t, scriptedRun, nil)
	p.Open(writeSuite(t))
	test.Type(p.filter, "tag:goal")
	if len(p.rows) != 1 || p.rows[0].Name != "1-goal" {
		t.Errorf("filter tag:goal gave %d rows", len(p.rows))
	}
	p.filter.SetText("")
	p.cycles.SetText("x")
	test.Tap(p.runBtn)
	if p.model.State().Running || !strings.Contains(p.message.Text, "Cycles") {
		t.Errorf("bad cycles: message %q", p.message.Text)
	}
	// An AEI engine has no playout budget: it needs a time per test.
	p.cycles.SetText("1")
	p.timeEntry.SetText("")
	test.Type(p.playouts, "500")
	test.Tap(p.runBtn)
	if p.model.State().Running || !strings.Contains(p.message.Text, "needs a time per test") {
		t.Errorf("external engine without a time: message %q", p.message.Text)
	}
}

func TestEditTest(t *testing.T) {
	p, _ := newTestPanel(t, scriptedRun, nil)
	dir := writeSuite(t)
	p.Open(dir)
	i, _ := rowByName(p, "3-miss")
	p.table.Select(widget.TableCellID{Row: i, Col: 1})
	test.Tap(p.editBtn)
	e := p.editor
	if e == nil {
		t.Fatal("no editor")
	}
	e.criteria.SetText("Ee2 Qx9")
	if e.validate() || !strings.Contains(e.problem.Text, "column 5") {
		t.Errorf("bad atom: %q", e.problem.Text)
	}
	e.criteria.SetText("Ed4 | Ee2 : 0.3")
	e.comment.SetText("Edited.")
	// The position comes from the shared current position (the editor).
	moved := suitePositions()["3-miss"].WithPiece(rules.G2, rules.MakePiece(rules.Gold, rules.Dog))
	p.opts.Current.Set(state.Snapshot{Position: moved})
	test.Tap(e.usePos)
	if !e.validate() {
		t.Fatalf("valid edit refused: %s", e.problem.Text)
	}
	p.saveEdit(e)
	back, errs := ats.LoadSuite(filepath.Join(dir, "3-miss.ats"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := back.Tests[0]
	if got.Comment != "Edited." || got.Criteria.String() != "Ed4 | Ee2 : 0.3" || got.Position.AEIString() != moved.AEIString() {
		t.Errorf("saved test: %q %q %s", got.Comment, got.Criteria.String(), got.Position.AEIString())
	}
	if ts := p.model.State().Tests["3-miss"]; ts.Test.Comment != "Edited." {
		t.Errorf("the suite still has the old test")
	}
}

func waitFor(t testing.TB, cond func() bool) {
	t.Helper()
	for i := 0; i < 2000; i++ {
		if cond() {
			return
		}
		sleep()
	}
	t.Fatal("condition never held")
}

// TestCompareKeepsTheWindowSize: the totals line grows by a comparison
// ("vs previous: ..."); it wraps instead of widening the panel's minimum
// width, which made the window grow after Compare and, at 1024 pixels,
// pushed the table over the test's board.
func TestCompareKeepsTheWindowSize(t *testing.T) {
	d := &filestest.Dialogs{}
	p, w := newPanelWith(t, Options{Run: scriptedRun, Dialogs: d}, nil, false)
	w.Resize(fyne.NewSize(1024, 700))
	p.Open(writeSuite(t))
	test.Tap(p.runBtn)
	p.model.Wait()
	p.Sync()
	before := p.Content().MinSize()
	d.OpenPath = filepath.Join(t.TempDir(), "earlier.json")
	if err := fsutil.WriteFile(d.OpenPath, p.model.State().Summary.WriteJSON); err != nil {
		t.Fatal(err)
	}
	test.Tap(p.compareBtn)
	p.Sync()
	if !strings.Contains(p.totals.Text, "vs previous") {
		t.Fatalf("Compare did not compare: totals %q, message %q", p.totals.Text, p.message.Text)
	}
	if after := p.Content().MinSize(); after.Width > before.Width {
		t.Errorf("the panel's minimum width grew from %v to %v after Compare", before.Width, after.Width)
	}
	if got := w.Canvas().Size(); got.Width > 1024 {
		t.Errorf("the window grew to %v", got)
	}
	// The totals stay within the results table's column.
	if tw, lw := p.totals.Size().Width, p.table.Size().Width; tw > lw {
		t.Errorf("totals %v wide, the table beside the board %v", tw, lw)
	}
}

// TestFolderHoldsWhatTheCommandLineSees: a folder opened with Folder…
// lists the tests of its subfolders too, the same tests in the same order
// as `ats list FOLDER` (ats.LoadSuite) prints.
func TestFolderHoldsWhatTheCommandLineSees(t *testing.T) {
	dir := writeSuite(t)
	// Move one test into a subfolder, and put a TOML file one level deeper.
	sub := filepath.Join(dir, "legacy")
	if err := os.MkdirAll(filepath.Join(sub, "deeper"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "3-miss.ats"), filepath.Join(sub, "3-miss.ats")); err != nil {
		t.Fatal(err)
	}
	two, _ := ats.LoadSuite(filepath.Join(sub, "3-miss.ats"))
	two.Tests[0].Name = "4-deep"
	f, err := os.Create(filepath.Join(sub, "deeper", "more.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := ats.WriteTOML(f, "more", two.Tests); err != nil {
		t.Fatal(err)
	}
	f.Close()

	p, _ := newTestPanel(t, nil, nil)
	p.opts.OpenFolder = func(fn func(string)) { fn(dir) }
	btn := uitest.Button(p.Content(), "Folder…")
	if btn == nil {
		t.Fatal("no Folder… button")
	}
	test.Tap(btn)

	want, errs := ats.LoadSuite(dir)
	if len(errs) > 0 || len(want.Tests) != 4 {
		t.Fatalf("the command line's loader: %d tests, errors %v", len(want.Tests), errs)
	}
	if len(p.rows) != len(want.Tests) {
		t.Fatalf("the panel lists %d tests, the command line %d", len(p.rows), len(want.Tests))
	}
	for i, r := range p.rows {
		if r.Name != want.Tests[i].Name {
			t.Errorf("row %d is %q, the command line's test %d is %q", i+1, r.Name, i+1, want.Tests[i].Name)
		}
	}
	if got := p.suiteLabel.Text; !strings.Contains(got, "4 tests") {
		t.Errorf("suite label %q", got)
	}
}

// TestEarlierRunOfFewerTestsIsNotShown: opening a folder that has grown
// since its last run (a subfolder added) lists every test it holds now,
// not the earlier run's "done 3 of 3".
func TestEarlierRunOfFewerTestsIsNotShown(t *testing.T) {
	p, dir := runFakeSuite(t)

	sub := filepath.Join(dir, "legacy")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	one, _ := ats.LoadSuite(filepath.Join(dir, "3-miss.ats"))
	one.Tests[0].Name = "4-new"
	if err := ats.SaveATS(filepath.Join(sub, "4-new.ats"), one.Tests[0]); err != nil {
		t.Fatal(err)
	}
	q := New(Options{Engines: p.opts.Engines, Factory: p.opts.Factory, RunsDir: p.opts.RunsDir})
	defer q.Close()
	q.Open(dir)
	if len(q.rows) != 4 || q.totals.Text != "4 of 4 tests selected." {
		t.Errorf("%d rows, totals %q; want the 4 tests the folder holds and no earlier run", len(q.rows), q.totals.Text)
	}
	// The same folder unchanged shows its last run (TestOpenShowsLatestRun).
	if err := os.RemoveAll(sub); err != nil {
		t.Fatal(err)
	}
	q.Open(dir)
	if !strings.Contains(q.totals.Text, "done 3 of 3") {
		t.Errorf("unchanged folder: totals %q", q.totals.Text)
	}
}

// runFakeSuite opens the three fake tests in a new panel, runs them with
// the fake engine to the end (a result file in the panel's runs folder) and
// returns the panel and the tests' folder.
func runFakeSuite(t *testing.T) (*Panel, string) {
	t.Helper()
	dir := writeSuite(t)
	p, _ := newTestPanel(t, nil, nil)
	p.Open(dir)
	test.Tap(p.runBtn)
	p.model.Wait()
	return p, dir
}

// TestCompareOffersEarlierRuns: after two runs of a suite, Compare lists
// the earlier one (not the run shown); choosing it compares with it, and
// "Other file…" asks for a file instead.
func TestCompareOffersEarlierRuns(t *testing.T) {
	d := &filestest.Dialogs{}
	p, w := newPanelWith(t, Options{Dialogs: d}, nil, true)
	w.Resize(fyne.NewSize(1280, 800))
	p.Open(writeSuite(t))
	for range 2 {
		test.Tap(p.runBtn)
		p.model.Wait()
		p.Sync()
	}
	first := p.model.State().Setup.ResultFile

	test.Tap(p.compareBtn)
	c := p.chooser
	if c == nil || w.Canvas().Overlays().Top() == nil {
		t.Fatal("Compare showed no list of earlier runs")
	}
	if n := c.list.Length(); n != 1 {
		t.Fatalf("%d earlier runs offered, want 1 (the run shown is not)", n)
	}
	if !c.compare.Disabled() {
		t.Error("Compare is enabled before a run is chosen")
	}
	c.list.Select(0)
	test.Tap(c.compare)
	p.Sync()
	if !strings.Contains(p.totals.Text, "vs previous") || !strings.Contains(p.message.Text, "Comparing with the run of") {
		t.Errorf("choosing the earlier run did not compare: totals %q, message %q", p.totals.Text, p.message.Text)
	}
	if w.Canvas().Overlays().Top() != nil {
		t.Error("the dialog stayed open")
	}

	test.Tap(p.compareBtn)
	test.Tap(p.chooser.other)
	if len(d.Asked) != 1 || d.Asked[0] != "Compare with an earlier run" {
		t.Errorf("Other file… asked %v", d.Asked)
	}
	if first == "" {
		t.Error("the runs were not recorded")
	}
}

// TestResultFileResumesFromTheCommandLine: a result file the panel writes
// records its engine as `ats run` does, so `ats run --resume FILE` (which
// plans the run from the file's header with ats.PlanRun) starts the same
// engine, not a program called by the list's name ("Builtin").
func TestResultFileResumesFromTheCommandLine(t *testing.T) {
	tuned := config.Default()
	tuned.Search.Exploration = 0.3
	for _, tc := range []struct {
		choice engines.Choice
		check  func(ats.Spec) bool
	}{
		{engines.Choice{Name: "Builtin", Builtin: true, Config: func() config.Config { return tuned }},
			func(s ats.Spec) bool { return s.Builtin && s.Config.Search.Exploration == 0.3 }},
		{engines.Choice{Name: "fake engine", AEI: aei.Config{Command: []string{"bin/fake", "--aei"}, Dir: "/opt/bots"}},
			func(s ats.Spec) bool {
				return !s.Builtin && slices.Equal(s.Command, []string{"bin/fake", "--aei"}) && s.Dir == "/opt/bots"
			}},
	} {
		t.Run(tc.choice.Name, func(t *testing.T) {
			p, _ := newTestPanel(t, nil, nil)
			p.opts.Engines = func() []engines.Choice { return []engines.Choice{tc.choice} }
			p.ReloadEngines()
			p.Open(writeSuite(t))
			test.Tap(p.runBtn)
			p.model.Wait()
			h, _, _, err := ats.ReadResultFile(p.model.State().Setup.ResultFile)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := ats.PlanRun(ats.RunInput{Resume: &h})
			if err != nil || !tc.check(plan.Spec) {
				t.Errorf("the header's engine %q %v resumes as %+v (%v)", h.Engine, h.EngineOptions, plan.Spec, err)
			}
			// The panel still names the engine as its list does.
			if got := p.engineSel.Selected; got != tc.choice.Name {
				t.Errorf("the engine list shows %q, want %q", got, tc.choice.Name)
			}
			if got := p.listName(h.Engine); got != tc.choice.Name {
				t.Errorf("the Compare list names the run's engine %q, want %q", got, tc.choice.Name)
			}
		})
	}
}
