package matchpanel

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats/match"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records/fsutil"
	"arimaa-workbench/ui/files"
	"arimaa-workbench/ui/files/filestest"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/uitest"
	"arimaa-workbench/ui/viewer"
)

var shotDir = flag.String("shots", "", "write match.png of the panel after a match to this folder")

// testPanel is the panel in a window, with a real viewer for its games.
type testPanel struct {
	*Panel
	w      fyne.Window
	viewer *viewer.Panel
	shown  int // times the viewer was brought to the front
}

func newTestPanel(t *testing.T) *testPanel { return newTestPanelWith(t, nil, nil) }

// newTestPanelWith is newTestPanel with the viewer's dialogs and the
// panel's clock (nil: none, and time.Now).
func newTestPanelWith(t *testing.T, d files.Dialogs, now func() time.Time) *testPanel {
	t.Helper()
	a := test.NewTempApp(t)
	tp := &testPanel{}
	tp.viewer = viewer.NewPanel(d, nil)
	// The viewer owns the current game, as the analysis view does in the
	// window.
	cur := state.NewCurrent(rules.StartPosition(), "start")
	cur.SetActions(state.Actions{Open: func(g *rules.Game, title string, ply int) {
		tp.viewer.ShowGame(g, title, ply, func() { tp.shown++ })
	}})
	tp.Panel = New(Options{
		Engines: testChoices,
		OutDir:  t.TempDir(),
		Current: cur,
		Prefs:   a.Preferences(),
		Manual:  true,
		Now:     now,
	})
	t.Cleanup(tp.Close)
	tp.w = test.NewTempWindow(t, tp.Content())
	tp.w.Resize(fyne.NewSize(1180, 760))
	return tp
}

// set types text into an entry the way a user replaces its contents.
func set(e *widget.Entry, text string) {
	e.SetText("")
	test.Type(e, text)
}

// quick fills the form for a short repeatable match of two
// configurations of the builtin engine, choosing and typing as a user.
func (tp *testPanel) quick(t *testing.T, games string) {
	t.Helper()
	if len(tp.lineup) != 1 || tp.lineup[0].Name != "Builtin" {
		t.Fatalf("the lineup starts with %+v", tp.lineup)
	}
	tp.sourceSel.SetSelected("Builtin")
	test.Type(tp.optsEntry, "search.exploration=0.3 name=wide")
	test.Tap(buttonIn(t, tp.Content(), "Add"))
	if len(tp.lineup) != 2 || tp.lineup[1].Name != "wide" || tp.optsEntry.Text != "" {
		t.Fatalf("after Add: %+v, options %q, message %q", tp.lineup, tp.optsEntry.Text, tp.message.Text)
	}
	set(tp.playouts, "50")
	set(tp.games, games)
	set(tp.maxTurns, "6")
	set(tp.seed, "3")
}

func buttonIn(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	b := uitest.Button(o, text)
	if b == nil {
		t.Fatalf("no button %q", text)
	}
	return b
}

// TestPanelPlaysMatch: a short match fills the standings, the graph and
// the game list, and a click on a game opens it in the viewer at its end.
func TestPanelPlaysMatch(t *testing.T) {
	tp := newTestPanel(t)
	tp.quick(t, "4")
	test.Tap(tp.startBtn)
	if msg := tp.message.Text; !strings.HasPrefix(msg, "Started") {
		t.Fatalf("message %q", msg)
	}
	if !tp.startBtn.Disabled() || tp.stopBtn.Disabled() {
		t.Error("while playing, Start should be off and Stop on")
	}
	tp.Model().Wait()
	tp.Sync()
	st := tp.Model().State()
	if st.Err != nil {
		t.Fatal(st.Err)
	}
	if len(tp.rows) != 2 || tp.rows[0][1] != "4" || tp.rows[1][0] != "wide" || tp.rows[0][4] == "" {
		t.Errorf("standings %q", tp.rows)
	}
	// Beside the scores, each engine's figures as cutechess prints them.
	for i, f := range st.Stats {
		row := tp.rows[i]
		if f.Games != 4 || f.Moves == 0 || row[7] != fmt.Sprintf("%.1f, %.1f", f.MeanTurns, f.MedianTurns) ||
			!strings.HasSuffix(row[8], " s") || row[9] != match.EndingsText(f.Endings) || row[9] == "" {
			t.Errorf("engine %d: figures %+v, row %q", i, f, row)
		}
	}
	if !strings.Contains(tp.summary.Text, "4 of 4 games") || !strings.Contains(tp.summary.Text, "finished") {
		t.Errorf("summary %q", tp.summary.Text)
	}
	if ps := tp.graph.Points(); len(ps) != 4 || ps[0].X != 1 || ps[3].X != 4 {
		t.Errorf("graph points %+v", ps)
	}
	if !strings.Contains(tp.graph.Title, "Builtin") {
		t.Errorf("graph title %q", tp.graph.Title)
	}
	if len(tp.gameRows) != 4 || tp.gameRows[0].ID != 4 {
		t.Fatalf("game list %+v", tp.gameRows)
	}
	if tp.startBtn.Disabled() || !tp.stopBtn.Disabled() || tp.resumeBtn.Disabled() {
		t.Error("after the match, Start and Resume should be on and Stop off")
	}

	// Selecting the second engine in the standings shows its Elo.
	tp.standings.Select(widget.TableCellID{Row: 1, Col: 0})
	if !strings.Contains(tp.graph.Title, "wide") || tp.graph.Points()[3].Y != st.Curve[3].Elo[1].Diff {
		t.Errorf("graph of the second engine: %q %+v", tp.graph.Title, tp.graph.Points())
	}

	// A click on the first row (the newest game) opens it in the viewer
	// at its last position.
	tp.ShowTab(GamesTab)
	h := widget.NewLabel("0").MinSize().Height
	test.TapAt(tp.gameTable, fyne.NewPos(60, 1.5*h+4))
	v := tp.viewer.Model
	if tp.shown != 1 || !strings.HasPrefix(v.Title(), "Game 4:") {
		t.Fatalf("viewer shown %d times, title %q", tp.shown, v.Title())
	}
	if v.Len() == 0 || v.Ply() != v.Len() || v.Step() != 0 {
		t.Errorf("viewer at ply %d step %d of %d", v.Ply(), v.Step(), v.Len())
	}
	if got, want := v.Position(), st.Games[3].Archive; got.Turn() == 0 || want.PlyCount == 0 {
		t.Errorf("viewer position %v, game %+v", got, want)
	}
	if *shotDir != "" {
		uitest.Capture(t, tp.w, filepath.Join(*shotDir, "match.png"))
	}

	// A second Start takes a new file rather than the one just written.
	first := st.Config.Out
	set(tp.games, "1")
	test.Tap(tp.startBtn)
	tp.Model().Wait()
	tp.Sync()
	if st := tp.Model().State(); st.Err != nil || st.Config.Out == first || len(st.Games) != 1 {
		t.Errorf("second match: err %v, out %s (first %s), %d games", st.Err, st.Config.Out, first, len(st.Games))
	}

	// The form comes back in the next session.
	again := New(Options{Engines: testChoices, Prefs: fyne.CurrentApp().Preferences(), Manual: true})
	defer again.Close()
	if len(again.lineup) != 2 || again.playouts.Text != "50" || again.out.Text != tp.out.Text {
		t.Errorf("restored lineup %+v, playouts %q, out %q", again.lineup, again.playouts.Text, again.out.Text)
	}
}

// TestPanelRefusesBadInput: invalid settings say what is wrong and start
// nothing.
func TestPanelRefusesBadInput(t *testing.T) {
	tp := newTestPanel(t)
	tp.quick(t, "2")
	tests := []struct {
		name string
		edit func()
		want string
	}{
		{"games 0", func() { set(tp.games, "0") }, `Games: "0" is not a whole number from 1 to 1000000`},
		{"bad time control", func() { set(tp.tc, "15x/2m") }, "Time control: "},
		{"time control typed", func() {
			set(tp.tc, "1s/5s/100")
			if tp.playouts.Text != "" {
				t.Errorf("a time control typed left the playouts at %q", tp.playouts.Text)
			}
			set(tp.playouts, "50")
			if tp.tc.Text != "" {
				t.Errorf("playouts typed left the time control at %q", tp.tc.Text)
			}
			set(tp.jobs, "0")
		}, "Parallel games"},
		{"parallel 0", func() { set(tp.jobs, "0") }, "Parallel games"},
		{"sprt alpha", func() { tp.sprt.SetChecked(true); set(tp.alpha, "0.7") }, "SPRT: alpha"},
		{"no output file", func() { set(tp.out, "") }, "Output file"},
		{"one engine", func() { tp.removeEngine(1) }, "Engines: add at least two"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			saved := tp.lineup
			games, tcText, jobs, alpha, out := tp.games.Text, tp.tc.Text, tp.jobs.Text, tp.alpha.Text, tp.out.Text
			playouts := tp.playouts.Text
			defer func() {
				tp.lineup = saved
				set(tp.games, games)
				set(tp.tc, tcText)
				set(tp.playouts, playouts)
				set(tp.jobs, jobs)
				set(tp.alpha, alpha)
				set(tp.out, out)
				tp.sprt.SetChecked(false)
			}()
			tc.edit()
			test.Tap(tp.startBtn)
			if !strings.Contains(tp.message.Text, tc.want) || tp.message.Importance != widget.DangerImportance || !tp.message.Visible() {
				t.Errorf("message %q (importance %v), want %q", tp.message.Text, tp.message.Importance, tc.want)
			}
			if st := tp.Model().State(); st.Running || st.Summary != nil || st.Version != 0 {
				t.Errorf("a match started: %+v", st)
			}
		})
	}
	// Resume with no file to resume.
	set(tp.out, filepath.Join(t.TempDir(), "none.txt"))
	test.Tap(tp.resumeBtn)
	if !strings.Contains(tp.message.Text, "nothing to resume") {
		t.Errorf("resume of a missing file: %q", tp.message.Text)
	}
	// An engine that cannot start says why, however soon the match ends.
	set(tp.out, filepath.Join(t.TempDir(), "m.txt"))
	tp.sourceSel.SetSelected(SpecSource)
	test.Type(tp.optsEntry, "'"+filepath.Join(t.TempDir(), "no-such-bot")+" aei' name=ghost")
	test.Tap(buttonIn(t, tp.Content(), "Add"))
	test.Tap(tp.startBtn)
	tp.Model().Wait()
	tp.Sync()
	if !strings.Contains(tp.message.Text, "ghost did not start") || tp.message.Importance != widget.DangerImportance {
		t.Errorf("an engine that cannot start: %q", tp.message.Text)
	}
	tp.removeEngine(2)
	tp.sourceSel.SetSelected("Builtin")
	// An engine the options do not fit is not added.
	test.Type(tp.optsEntry, "search.nonsense=1")
	test.Tap(buttonIn(t, tp.Content(), "Add"))
	if len(tp.lineup) != 2 || !strings.Contains(tp.message.Text, "nonsense") {
		t.Errorf("bad options: lineup %d, message %q", len(tp.lineup), tp.message.Text)
	}
}

// TestPanelStopAndResume: Stop ends a match of long moves at once, and
// Resume continues it from its file.
func TestPanelStopAndResume(t *testing.T) {
	tp := newTestPanel(t)
	tp.quick(t, "2")
	set(tp.playouts, "100000000")
	test.Tap(tp.startBtn)
	test.Tap(tp.stopBtn)
	if !tp.stopBtn.Disabled() {
		t.Error("Stop still on while stopping")
	}
	tp.Model().Wait()
	tp.Sync()
	st := tp.Model().State()
	if st.Running || !st.Stopped || st.Err != nil {
		t.Fatalf("after Stop: running %v, stopped %v, err %v", st.Running, st.Stopped, st.Err)
	}
	if !strings.Contains(tp.message.Text, "Resume continues it") || tp.startBtn.Disabled() || tp.resumeBtn.Disabled() {
		t.Errorf("message %q", tp.message.Text)
	}
	set(tp.playouts, "50")
	test.Tap(tp.resumeBtn)
	tp.Model().Wait()
	tp.Sync()
	if st := tp.Model().State(); st.Err != nil || st.Config.Out != tp.out.Text || len(st.Games) != 2 || !st.Summary.Finished {
		t.Errorf("resumed: err %v, out %s, games %d", st.Err, st.Config.Out, len(st.Games))
	}
}

// TestPanelResumeHeldArchive: resuming a match whose archive another run
// is writing says so, in the words the command line uses, and changes
// nothing; once the other run ends, Resume goes on.
func TestPanelResumeHeldArchive(t *testing.T) {
	tp := newTestPanel(t)
	tp.quick(t, "2")
	test.Tap(tp.startBtn)
	tp.Model().Wait()
	tp.Sync()
	out := tp.Model().State().Config.Out
	before, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lock, err := fsutil.LockFile(out)
	if err != nil {
		t.Fatal(err)
	}
	test.Tap(tp.resumeBtn)
	tp.Model().Wait()
	tp.Sync()
	want := fmt.Sprintf("%s is being written by another run (pid %d)", out, os.Getpid())
	if tp.message.Text != want || tp.message.Importance != widget.DangerImportance {
		t.Errorf("message %q (importance %v), want %q", tp.message.Text, tp.message.Importance, want)
	}
	if after, _ := os.ReadFile(out); string(after) != string(before) {
		t.Error("the held archive changed")
	}
	lock.Unlock()
	test.Tap(tp.resumeBtn)
	tp.Model().Wait()
	tp.Sync()
	if st := tp.Model().State(); st.Err != nil || len(st.Games) != 2 {
		t.Errorf("resume after the other run: err %v, %d games", st.Err, len(st.Games))
	}
}

// TestOpenGameGuardsUnsavedGame: a click on a finished game asks before
// it replaces a game in the viewer with unsaved moves; Cancel keeps that
// game, Discard opens the match's.
func TestOpenGameGuardsUnsavedGame(t *testing.T) {
	d := &filestest.Dialogs{}
	tp := newTestPanelWith(t, d, nil)
	tp.quick(t, "2")
	test.Tap(tp.startBtn)
	tp.Model().Wait()
	tp.Sync()
	if len(tp.gameRows) != 2 {
		t.Fatalf("%d games", len(tp.gameRows))
	}
	var mv rules.Move
	for _, w := range []string{"Ee2n", "Ee3n"} {
		st, err := rules.ParseStep(w)
		if err != nil {
			t.Fatal(err)
		}
		mv = mv.Add(st)
	}
	if err := tp.viewer.PlayMove(mv); err != nil || !tp.viewer.Model.Dirty() {
		t.Fatalf("playing a move in the viewer: %v, dirty %v", err, tp.viewer.Model.Dirty())
	}
	unsaved := tp.viewer.Model.Title()
	tp.ShowTab(GamesTab)
	clickFirstGame := func() {
		h := widget.NewLabel("0").MinSize().Height
		test.TapAt(tp.gameTable, fyne.NewPos(60, 1.5*h+4))
	}

	d.Choice = files.Cancel
	clickFirstGame()
	if len(d.Asked) != 1 || d.Asked[0] != "Unsaved game" {
		t.Fatalf("asked %q, want the unsaved-game question", d.Asked)
	}
	if tp.viewer.Model.Title() != unsaved || !tp.viewer.Model.Dirty() || tp.shown != 0 {
		t.Errorf("after Cancel the viewer shows %q (dirty %v, shown %d)", tp.viewer.Model.Title(), tp.viewer.Model.Dirty(), tp.shown)
	}

	d.Choice = files.DiscardChanges
	clickFirstGame()
	if len(d.Asked) != 2 || !strings.HasPrefix(tp.viewer.Model.Title(), "Game 2:") || tp.viewer.Model.Dirty() || tp.shown != 1 {
		t.Errorf("after Discard: asked %q, title %q, shown %d", d.Asked, tp.viewer.Model.Title(), tp.shown)
	}
	// The viewer has nothing unsaved now: the next game opens at once.
	h := widget.NewLabel("0").MinSize().Height
	test.TapAt(tp.gameTable, fyne.NewPos(60, 2.5*h+4))
	if len(d.Asked) != 2 || !strings.HasPrefix(tp.viewer.Model.Title(), "Game 1:") {
		t.Errorf("a saved viewer: asked %q, title %q", d.Asked, tp.viewer.Model.Title())
	}
}

// TestDefaultOutIsTheMatchTime: the output file the panel proposes is
// named by the time the match starts, not when the panel opened; a name
// the user typed is kept.
func TestDefaultOutIsTheMatchTime(t *testing.T) {
	clock := time.Date(2026, 11, 23, 9, 0, 0, 0, time.Local)
	tp := newTestPanelWith(t, nil, func() time.Time { return clock })
	opened := tp.out.Text
	if filepath.Base(opened) != "match-20261123-090000.txt" {
		t.Fatalf("proposed at opening: %s", opened)
	}
	tp.quick(t, "2")
	clock = clock.Add(95 * time.Minute)
	test.Tap(tp.startBtn)
	tp.Model().Wait()
	tp.Sync()
	st := tp.Model().State()
	if st.Err != nil || filepath.Base(st.Config.Out) != "match-20261123-103500.txt" || tp.out.Text != st.Config.Out {
		t.Errorf("the match went to %s (the field says %s, err %v), want the time it started", st.Config.Out, tp.out.Text, st.Err)
	}
	if _, err := os.Stat(opened); err == nil {
		t.Errorf("%s was written: the time the panel opened", opened)
	}
	mine := filepath.Join(t.TempDir(), "mine.txt")
	set(tp.out, mine)
	clock = clock.Add(time.Hour)
	test.Tap(tp.startBtn)
	tp.Model().Wait()
	if st := tp.Model().State(); st.Config.Out != mine {
		t.Errorf("a typed name became %s", st.Config.Out)
	}
}

// TestWheelScrollsFormOverFields: in a window too low for the whole form,
// the mouse wheel scrolls it with the pointer on a field, as over its
// captions.
func TestWheelScrollsFormOverFields(t *testing.T) {
	tp := newTestPanel(t)
	tp.w.Resize(fyne.NewSize(1024, 420))
	var form *container.Scroll
	for _, o := range test.LaidOutObjects(tp.Content()) {
		if s, ok := o.(*container.Scroll); ok && (form == nil || s.Content.MinSize().Height > form.Content.MinSize().Height) {
			form = s
		}
	}
	if form == nil || form.Content.MinSize().Height <= form.Size().Height {
		t.Fatal("the form does not overflow the window: nothing to scroll")
	}
	e := tp.playouts
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(e).Add(fyne.NewPos(10, e.Size().Height/2))
	test.Scroll(tp.w.Canvas(), at, 0, -60)
	if form.Offset.Y <= 0 {
		t.Errorf("the wheel over the playouts field left the form at offset %v", form.Offset.Y)
	}
}
