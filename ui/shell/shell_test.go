package shell

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/board/boardtest"
	"arimaa-workbench/ui/editor"
	"arimaa-workbench/ui/files/filestest"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/tip"
	"arimaa-workbench/ui/uitest"
	"arimaa-workbench/ui/viewer"
)

func newTestWorkbench(t *testing.T, opts Options) (*Workbench, *filestest.Dialogs) {
	t.Helper()
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	d := &filestest.Dialogs{}
	opts.Dialogs = d
	wb := withPanels(New(a, w, opts))
	w.Resize(fyne.NewSize(1180, 820))
	return wb, d
}

// withPanels gives the frame an editor and a viewer, as the composition
// root (ui/panels) does, without their links to each other.
func withPanels(wb *Workbench) *Workbench {
	wb.AddEditorAndViewer(editor.NewPanel(editor.NewModel(rules.StartPosition()), wb.Dialogs, wb.Current), viewer.NewPanel(wb.Dialogs, wb.Current))
	return wb
}

func gamesDir() string { return filepath.Join("..", "..", "assets", "games") }

func TestPanelsAndSelect(t *testing.T) {
	wb, _ := newTestWorkbench(t, Options{})
	if got := wb.Panels(); len(got) != 2 || got[0] != ViewerPanel || got[1] != EditorPanel || !wb.Select("viewer") || wb.Selected() != ViewerPanel {
		t.Fatalf("panels %v", got)
	}
	extra := widget.NewLabel("engine")
	wb.AddPanel("Engine", theme.ComputerIcon(), extra)
	if !wb.Select("engine") || wb.Selected() != "Engine" {
		t.Errorf("could not select the added panel")
	}
	if wb.Select("nope") {
		t.Errorf("selected a panel that does not exist")
	}
}

func TestOpenRoutesByContent(t *testing.T) {
	wb, _ := newTestWorkbench(t, Options{})
	if err := wb.Open(filepath.Join(gamesDir(), "goal_race.txt")); err != nil {
		t.Fatal(err)
	}
	if wb.Selected() != ViewerPanel || wb.Viewer.Model.Len() != 55 {
		t.Errorf("a game record should open in the viewer: panel %s, %d moves", wb.Selected(), wb.Viewer.Model.Len())
	}
	pos := filepath.Join(t.TempDir(), "p.ari")
	os.WriteFile(pos, []byte("12b\n +-----------------+\n8| r r r r . c r . |\n7| h . c m r E h r |\n6| . d X . . X d . |\n5| . . . . . r . . |\n4| . . . . . . . . |\n3| . H C e . X D . |\n2| . D . M . C . H |\n1| R R R R R R R R |\n +-----------------+\n   a b c d e f g h\n"), 0o644)
	if err := wb.Open(pos); err != nil {
		t.Fatal(err)
	}
	// A position opens in the analysis view, as a game from it to analyse.
	if at := wb.Viewer.Model.Position(); wb.Selected() != ViewerPanel || wb.Viewer.Model.Len() != 0 || at.Turn() != 12 ||
		at.Side() != rules.Silver || wb.Editor.Model.Path() == pos {
		t.Errorf("a position file should open in the analysis view: panel %s, %d moves, turn %d, editor's file %q",
			wb.Selected(), wb.Viewer.Model.Len(), at.Turn(), wb.Editor.Model.Path())
	}
	if s := wb.Current.Get(); s.Source != wb.Viewer.Snapshot().Source || s.Position != wb.Viewer.Model.Position() {
		t.Errorf("opening a position did not make it current: %q", s.Source)
	}
	if err := wb.Open(filepath.Join(t.TempDir(), "missing.txt")); err == nil {
		t.Errorf("opening a missing file succeeded")
	}
	if got := wb.Recent.List(); len(got) != 2 {
		t.Errorf("recent files %v, want the two opened", got)
	}
}

func TestAnalyserHook(t *testing.T) {
	wb, _ := newTestWorkbench(t, Options{})
	if wb.Viewer.AnalyseShown() {
		t.Fatalf("Analyse here shown without an engine panel")
	}
	var got []state.Snapshot
	wb.SetAnalyser(func(s state.Snapshot) { got = append(got, s) })
	if !wb.Viewer.AnalyseShown() {
		t.Fatalf("Analyse here hidden with an engine panel")
	}
	wb.Viewer.OnAnalyse(wb.Viewer.Snapshot())
	if len(got) != 1 || got[0].Position != wb.Viewer.Model.Position() {
		t.Errorf("analyser got %v", got)
	}
}

func TestKeysReachThePanelShown(t *testing.T) {
	wb, _ := newTestWorkbench(t, Options{})
	if err := wb.Open(filepath.Join(gamesDir(), "goal_race.txt")); err != nil {
		t.Fatal(err)
	}
	wb.Viewer.StepAnimation = 0
	c := wb.Window.Canvas()
	c.(interface{ OnTypedKey() func(*fyne.KeyEvent) }).OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyRight})
	if wb.Viewer.Model.Ply() != 1 {
		t.Errorf("Right in the viewer: ply %d", wb.Viewer.Model.Ply())
	}
	wb.Select(EditorPanel)
	wb.Editor.Model.Place(rules.D4, rules.GoldCat)
	wb.Shortcut("undo")
	if p := wb.Editor.Model.Position(); p.At(rules.D4) != rules.Empty {
		t.Errorf("Ctrl+Z in the editor did not undo")
	}
}

func TestRecoveryOffer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "unsaved.ari")
	want := rules.StartPosition().WithPiece(rules.D4, rules.GoldCat)
	{
		wb, _ := newTestWorkbench(t, Options{RecoveryPath: path})
		wb.Editor.Model.SetPosition(want)
		wb.recovery.Flush()
	}
	wb, d := newTestWorkbench(t, Options{RecoveryPath: path})
	d.Yes = true
	wb.OfferRecovery()
	if wb.Editor.Model.Position() != want || !wb.Editor.Model.Dirty() {
		t.Errorf("the unsaved position was not restored")
	}
}

// TestWindowSize: the first window fits the screen it opens on; after
// the user resized it and quit, the next window takes that size (made to
// fit a smaller screen).
func TestWindowSize(t *testing.T) {
	for _, c := range []struct {
		screen, want fyne.Size
	}{
		{fyne.Size{}, fyne.NewSize(1180, 800)},
		{fyne.NewSize(1024, 700), fyne.NewSize(1024, 660)},
		{fyne.NewSize(1024, 768), fyne.NewSize(1024, 691)},
		{fyne.NewSize(1280, 800), fyne.NewSize(1203, 720)},
		{fyne.NewSize(1366, 768), fyne.NewSize(1284, 691)},
		{fyne.NewSize(1920, 1080), fyne.NewSize(1680, 972)},
		{fyne.NewSize(3840, 2160), fyne.NewSize(1680, 1050)},
		{fyne.NewSize(800, 600), fyne.NewSize(800, 600)},
	} {
		got := FirstWindowSize(c.screen)
		if got != c.want {
			t.Errorf("screen %v: first window %v, want %v", c.screen, got, c.want)
		}
		if c.screen.Width > 0 && (got.Width > c.screen.Width || got.Height > c.screen.Height) {
			t.Errorf("screen %v: first window %v does not fit", c.screen, got)
		}
	}

	// Quit closes the window, so it is not a temporary one (closed again
	// at the end of the test).
	a := test.NewTempApp(t)
	d := &filestest.Dialogs{}
	wb := withPanels(New(a, test.NewWindow(nil), Options{Dialogs: d}))
	prefs := wb.App.Preferences()
	screen := fyne.NewSize(1920, 1080)
	if got := WindowSize(prefs, screen); got != FirstWindowSize(screen) {
		t.Errorf("nothing remembered: %v, want the first window's size", got)
	}
	wb.Window.Resize(fyne.NewSize(1500, 990))
	d.Yes = true
	wb.Quit()
	if got := WindowSize(prefs, screen); got != fyne.NewSize(1500, 990) {
		t.Errorf("after quitting at 1500x990 the next window is %v", got)
	}
	if got := WindowSize(prefs, fyne.NewSize(1280, 800)); got != fyne.NewSize(1280, 800) {
		t.Errorf("remembered 1500x990 on a 1280x800 screen: %v", got)
	}
}

// TestFitScreen: --size larger than the screen is cut to it, either way;
// a smaller one, or an unknown screen, leaves it.
func TestFitScreen(t *testing.T) {
	for _, c := range []struct{ size, screen, want fyne.Size }{
		{fyne.NewSize(1280, 800), fyne.NewSize(1024, 700), fyne.NewSize(1024, 700)},
		{fyne.NewSize(1280, 600), fyne.NewSize(1024, 700), fyne.NewSize(1024, 600)},
		{fyne.NewSize(1024, 700), fyne.NewSize(1920, 1080), fyne.NewSize(1024, 700)},
		{fyne.NewSize(1280, 800), fyne.Size{}, fyne.NewSize(1280, 800)},
	} {
		if got := FitScreen(c.size, c.screen); got != c.want {
			t.Errorf("FitScreen(%v, %v) = %v, want %v", c.size, c.screen, got, c.want)
		}
	}
}

func TestParseWindowSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want fyne.Size
		err  string
	}{
		{"1024x700", fyne.NewSize(1024, 700), ""},
		{" 1920X1080 ", fyne.NewSize(1920, 1080), ""},
		{"640x480", fyne.NewSize(640, 480), ""},
		{"1024", fyne.Size{}, "want WIDTHxHEIGHT"},
		{"axb", fyne.Size{}, "want WIDTHxHEIGHT"},
		{"1024.5x700", fyne.Size{}, "want WIDTHxHEIGHT"},
		{"639x480", fyne.Size{}, "width must be 640 to 7680"},
		{"1024x100", fyne.Size{}, "height 480 to 4320"},
		{"99999x700", fyne.Size{}, "width must be"},
	} {
		got, err := ParseWindowSize(c.in)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%q: %v, %v; want %v", c.in, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want one saying %q", c.in, err, c.err)
		}
	}
}

// TestUndoRedoKeysReachEditorAndViewer: Ctrl+Z and Ctrl+Y arrive as Fyne's
// own undo and redo shortcuts; they undo and redo an edit in the editor and
// a step of the move being entered in the viewer.
func TestUndoRedoKeysReachEditorAndViewer(t *testing.T) {
	wb, _ := newTestWorkbench(t, Options{})
	c := wb.Window.Canvas()
	at := func(sq rules.Square) rules.Piece { p := wb.Editor.Model.Position(); return p.At(sq) }

	wb.Select(EditorPanel)
	wb.Editor.SetTool(rules.GoldCat)
	boardtest.Tap(wb.Editor.Board, rules.D4)
	if at(rules.D4) != rules.GoldCat {
		t.Fatalf("clicking d4 with the cat selected did not place it")
	}
	uitest.TypeShortcut(c, &fyne.ShortcutUndo{})
	if got := at(rules.D4); got != rules.Empty {
		t.Errorf("Ctrl+Z in the editor: d4 holds %v, want it empty", got)
	}
	uitest.TypeShortcut(c, &fyne.ShortcutRedo{})
	if got := at(rules.D4); got != rules.GoldCat {
		t.Errorf("Ctrl+Y in the editor: d4 holds %v, want the cat back", got)
	}
	uitest.TypeShortcut(c, &fyne.ShortcutUndo{})
	uitest.TypeShortcut(c, &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
	if got := at(rules.D4); got != rules.GoldCat {
		t.Errorf("Ctrl+Shift+Z in the editor: d4 holds %v, want the cat back", got)
	}

	if err := wb.Open(filepath.Join(gamesDir(), "goal_race.txt")); err != nil {
		t.Fatal(err)
	}
	wb.Viewer.StepAnimation = 0
	boardtest.Drag(wb.Viewer.Board, rules.A2, rules.A3)
	entered := wb.Viewer.Entry.Steps()
	if len(entered) != 1 {
		t.Fatalf("dragging the camel on a2 to a3 entered %d steps", len(entered))
	}
	uitest.TypeShortcut(c, &fyne.ShortcutUndo{})
	if n := len(wb.Viewer.Entry.Steps()); n != 0 {
		t.Errorf("Ctrl+Z in the viewer left %d steps", n)
	}
	uitest.TypeShortcut(c, &fyne.ShortcutRedo{})
	if s := wb.Viewer.Entry.Steps(); len(s) != 1 || s[0] != entered[0] {
		t.Errorf("Ctrl+Y in the viewer: steps %v, want %v", s, entered)
	}
}

// TestStatusBarFollowsThePanel: a panel's message shows while that panel
// does and comes back with it; another panel shows its own, or Ready.
func TestStatusBarFollowsThePanel(t *testing.T) {
	wb, _ := newTestWorkbench(t, Options{})
	if err := wb.Open(filepath.Join(gamesDir(), "goal_race.txt")); err != nil {
		t.Fatal(err)
	}
	viewerMsg := wb.StatusText()
	if !strings.Contains(viewerMsg, "goal_race.txt") {
		t.Fatalf("after opening a game the status bar says %q", viewerMsg)
	}
	wb.Select(EditorPanel)
	if got := wb.StatusText(); got != "Ready" {
		t.Errorf("the editor shows the viewer's message %q", got)
	}
	wb.Editor.SetTool(rules.GoldCat)
	wb.Editor.Shortcut("copy")
	if got := wb.StatusText(); got != "position copied" {
		t.Errorf("after Copy in the editor the bar says %q", got)
	}
	wb.Select(ViewerPanel)
	if got := wb.StatusText(); got != viewerMsg {
		t.Errorf("back in the viewer the bar says %q, want %q", got, viewerMsg)
	}
	// A click on an empty square is the viewer's news, not the editor's.
	boardtest.Tap(wb.Viewer.Board, rules.D4)
	clickMsg := wb.StatusText()
	wb.Select(EditorPanel)
	if got := wb.StatusText(); got != "position copied" {
		t.Errorf("the editor shows %q, want its own message", got)
	}
	wb.Select(ViewerPanel)
	if got := wb.StatusText(); got != clickMsg {
		t.Errorf("the viewer shows %q, want %q", got, clickMsg)
	}
}

// TestKeyboardHelpFromTheMenu: Help > Keyboard and board marks opens a
// dialog that lists the viewer's keys and explains the board's rings.
func TestKeyboardHelpFromTheMenu(t *testing.T) {
	wb, _ := newTestWorkbench(t, Options{})
	var item *fyne.MenuItem
	for _, m := range wb.Window.MainMenu().Items {
		for _, it := range m.Items {
			if m.Label == "Help" && strings.HasPrefix(it.Label, "Keyboard") {
				item = it
			}
		}
	}
	if item == nil {
		t.Fatal("no Help > Keyboard menu item")
	}
	item.Action()
	top := wb.Window.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog shown")
	}
	var text strings.Builder
	for _, o := range test.LaidOutObjects(top) {
		if t, ok := o.(*canvas.Text); ok {
			text.WriteString(t.Text + " ")
		}
	}
	for _, want := range []string{"Left", "previous / next move", "blue ring", "frozen", "Ctrl+Z"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the keyboard dialog does not mention %q", want)
		}
	}
}

// TestIconButtonsHaveTips: the viewer's icon-only buttons say
// what they do, with their key, when the pointer rests on them (Analyse
// here and Edit here show only with the hooks the panels set).
func TestIconButtonsHaveTips(t *testing.T) {
	wb, _ := newTestWorkbench(t, Options{})
	wb.Select(ViewerPanel)
	c := wb.Window.Canvas()
	var tips []string
	for _, o := range test.LaidOutObjects(wb.Content()) {
		b, ok := o.(*tip.Button)
		if !ok || !b.Visible() {
			continue
		}
		at := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
		test.MoveMouse(c, at.Add(fyne.NewPos(b.Size().Width/2, b.Size().Height/2)))
		tips = append(tips, tip.Shown(c))
	}
	want := []string{"Undo step (Ctrl+Z)", "Promote: make the variation shown the main line", "Delete variation: remove the variation shown",
		"Open… a game record, a position or a game archive", "Save… the game with its variations and comments (Ctrl+S)",
		"Start of the game (Home)", "Previous move (Left)", "Previous step (Up)", "Next step (Down)", "Next move (Right)", "End of the game (End)",
		"New test from here: a test of this position for a suite", "Flip the board (F)",
		"Copy the position or the game record (Ctrl+C: the position), or save the board as a PNG"}
	if strings.Join(tips, "|") != strings.Join(want, "|") {
		t.Errorf("tips shown %q, want %q", tips, want)
	}
}

// TestUnsavedGameGuard: a game with a new variation asks before it is
// replaced by another file and before the window quits.
func TestUnsavedGameGuard(t *testing.T) {
	wb, d := newTestWorkbench(t, Options{})
	path := filepath.Join(gamesDir(), "goal_race.txt")
	if err := wb.Open(path); err != nil {
		t.Fatal(err)
	}
	wb.Viewer.StepAnimation = 0
	boardtest.Drag(wb.Viewer.Board, rules.A2, rules.A3)
	wb.Viewer.FinishTurn()
	if !wb.Viewer.Model.Dirty() {
		t.Fatal("a new variation does not make the game unsaved")
	}
	d.Yes = false
	if err := wb.Open(path); err != nil {
		t.Fatal(err)
	}
	wb.Quit()
	if len(d.Asked) != 2 || d.Asked[0] != "Unsaved game" || d.Asked[1] != "Unsaved game" || !wb.Viewer.Model.Dirty() {
		t.Errorf("opening a file and quitting over an unsaved game asked %v", d.Asked)
	}
}

// TestSaveBoardPNGFromAnyPanel: File > Save board as PNG saves the board
// of the panel shown.
func TestSaveBoardPNGFromAnyPanel(t *testing.T) {
	wb, d := newTestWorkbench(t, Options{})
	var item *fyne.MenuItem
	for _, it := range wb.Window.MainMenu().Items[0].Items {
		if it.Label == "Save board as PNG…" {
			item = it
		}
	}
	if item == nil {
		t.Fatal("no Save board as PNG… in the File menu")
	}
	wb.Select(EditorPanel)
	wb.Editor.Model.Place(rules.D4, rules.GoldCat)
	d.SavePath = filepath.Join(t.TempDir(), "editor.png")
	item.Action()
	want := filepath.Join(t.TempDir(), "want.png")
	if err := board.WritePNG(want, board.Diagram{Position: wb.Editor.Model.Position(), Size: 480, Overlays: board.Overlays{Selected: rules.NoSquare}}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(d.SavePath)
	if err != nil {
		t.Fatalf("the editor's board was not saved: %v (errors %v)", err, d.Errors)
	}
	if w, _ := os.ReadFile(want); string(got) != string(w) {
		t.Errorf("the saved PNG is not the editor's position")
	}
	wb.Select(ViewerPanel)
	d.SavePath = filepath.Join(t.TempDir(), "viewer.png")
	item.Action()
	if _, err := os.Stat(d.SavePath); err != nil {
		t.Fatalf("the viewer's board was not saved: %v", err)
	}
}

// counted is a panel's content that counts its refreshes.
type counted struct {
	widget.Label
	refreshes int
}

func newCounted(text string) *counted {
	c := &counted{}
	c.Text = text
	c.ExtendBaseWidget(c)
	return c
}

func (c *counted) Refresh() {
	c.refreshes++
	c.Label.Refresh()
}

// TestSelectRefreshesOnlyThePanelShown: choosing a panel refreshes it
// once, so that what changed in it while hidden is drawn, and leaves the
// hidden panels alone (Fyne's tabs refresh every tab's content on each
// choice, which under the race detector took seconds a click); the keys
// still reach the panel's own content.
func TestSelectRefreshesOnlyThePanelShown(t *testing.T) {
	wb, _ := newTestWorkbench(t, Options{})
	one, two := newCounted("one"), newCounted("two")
	wb.AddPanels(container.NewTabItem("One", one), container.NewTabItem("Two", two))
	for _, choice := range []struct {
		name       string
		shown, hid *counted
	}{{"One", one, two}, {"Two", two, one}, {"One", one, two}} {
		shown, hid := choice.shown.refreshes, choice.hid.refreshes
		if !wb.Select(choice.name) {
			t.Fatalf("no panel %s", choice.name)
		}
		if choice.shown.refreshes != shown+1 || choice.hid.refreshes != hid {
			t.Errorf("choosing %s: %d refreshes of it and %d of the hidden panel, want 1 and 0", choice.name,
				choice.shown.refreshes-shown, choice.hid.refreshes-hid)
		}
	}
	if h, ok := wb.activeHandler().(*counted); !ok || h != one {
		t.Errorf("the keys go to %T, not the panel's content", wb.activeHandler())
	}
}
