package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board/boardtest"
	"arimaa-workbench/ui/files"
	"arimaa-workbench/ui/files/filestest"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/uitest"
)

func newTestPanel(t *testing.T) (*Panel, *filestest.Dialogs, *state.Current) {
	t.Helper()
	test.NewTempApp(t)
	d := &filestest.Dialogs{}
	cur := state.NewCurrent(rules.Position{}, "test")
	e := NewPanel(NewModel(rules.StartPosition()), d, cur)
	w := test.NewTempWindow(t, e.Content())
	w.Resize(fyne.NewSize(1000, 700))
	return e, d, cur
}

func TestPanelPlaceRemoveMove(t *testing.T) {
	e, _, cur := newTestPanel(t)
	b := e.Board

	// Pick the silver camel in the palette and place it with a click.
	test.Tap(e.palette[rules.SilverCamel])
	if e.Tool() != rules.SilverCamel {
		t.Fatalf("palette tap selected %v", e.Tool())
	}
	boardtest.Tap(b, rules.D4)
	if p := e.Model.Position(); p.At(rules.D4) != rules.SilverCamel {
		t.Fatalf("click did not place the camel on d4")
	}
	if shown := b.Shown(); shown.At(rules.D4) != rules.SilverCamel {
		t.Errorf("the board does not show the placed camel")
	}
	if s := cur.Get(); s.Source != "Editor" || s.Position != e.Model.Position() {
		t.Errorf("the current position was not updated by the edit")
	}
	// Two camels: the validation next to the board says so.
	if !strings.Contains(e.ProblemsText(), "camel") {
		t.Errorf("validation shows %q, want a complaint about camels", e.ProblemsText())
	}

	// Right-click removes; the position is valid again.
	boardtest.TapSecondary(b, rules.D4)
	if p := e.Model.Position(); p.At(rules.D4) != rules.Empty {
		t.Fatalf("right-click did not remove the camel")
	}
	if !strings.Contains(e.ProblemsText(), "valid position") {
		t.Errorf("validation shows %q after removing the extra camel", e.ProblemsText())
	}

	// Clear empties the board: the validation says what is missing, and
	// that the engine cannot analyse it.
	test.Tap(uitest.Button(e.Content(), "Clear"))
	if got := e.ProblemsText(); !strings.Contains(got, "board is empty") || !strings.Contains(got, "cannot analyse") {
		t.Errorf("validation of the cleared board: %q", got)
	}
	e.Model.Undo()

	// Drag moves a piece; dragging off the board removes it.
	boardtest.Drag(b, rules.E2, rules.E5)
	if p := e.Model.Position(); p.At(rules.E2) != rules.Empty || p.At(rules.E5) != rules.GoldElephant {
		t.Fatalf("drag did not move the elephant from e2 to e5")
	}
	boardtest.Drag(b, rules.E5, rules.NoSquare)
	if p := e.Model.Position(); p.At(rules.E5) != rules.Empty {
		t.Fatalf("drag off the board did not remove the elephant")
	}

	// The eraser clears with a plain click.
	test.Tap(e.palette[rules.Empty])
	boardtest.Tap(b, rules.A1)
	if p := e.Model.Position(); p.At(rules.A1) != rules.Empty {
		t.Fatalf("eraser click did not clear a1")
	}

	// Undo and redo every edit through the shortcuts.
	for range 5 {
		if !e.Shortcut("undo") {
			t.Fatal("undo shortcut not handled")
		}
	}
	if e.Model.Position() != rules.StartPosition() || e.Model.Dirty() {
		t.Errorf("five undos did not restore the basic setup")
	}
	e.Shortcut("redo")
	if p := e.Model.Position(); p.At(rules.D4) != rules.SilverCamel {
		t.Errorf("redo did not place the camel again")
	}
}

func TestPanelSideAndTurn(t *testing.T) {
	e, _, _ := newTestPanel(t)
	e.side.SetSelected("Silver")
	if p := e.Model.Position(); p.Side() != rules.Silver {
		t.Errorf("side radio did not set Silver to move")
	}
	e.turn.SetText("27")
	if p := e.Model.Position(); p.Turn() != 27 {
		t.Errorf("turn entry gave turn %d, want 27", p.Turn())
	}
	e.Model.Undo()
	if e.turn.Text != "2" {
		t.Errorf("undo did not update the turn entry: %q", e.turn.Text)
	}
}

func TestPanelGuardAndFiles(t *testing.T) {
	e, d, _ := newTestPanel(t)
	dir := t.TempDir()
	rec := &Recovery{Path: filepath.Join(dir, "unsaved.ari"), Delay: time.Millisecond}
	e.Recovery = rec

	e.Model.MovePiece(rules.C2, rules.D4)
	// Refusing the guard keeps the edit.
	d.Yes = false
	e.New()
	if p := e.Model.Position(); p.At(rules.D4) != rules.GoldCat {
		t.Fatalf("New discarded unsaved changes although the user said no")
	}
	if len(d.Asked) != 1 {
		t.Fatalf("questions asked: %v", d.Asked)
	}
	// The unsaved position reaches the recovery file.
	rec.Flush()
	if p, ok := rec.Load(); !ok || p != e.Model.Position() {
		t.Fatalf("recovery file does not hold the unsaved position")
	}

	// Save as writes the file, marks the model saved, clears recovery.
	path := filepath.Join(dir, "mine.ari")
	d.SavePath = path
	e.SaveAs()
	if e.Model.Dirty() || e.Model.Path() != path {
		t.Fatalf("after save: dirty %v path %q", e.Model.Dirty(), e.Model.Path())
	}
	if _, err := os.Stat(rec.Path); !os.IsNotExist(err) {
		t.Errorf("recovery file left after saving")
	}
	// Load it back into a fresh editor.
	e2, d2, _ := newTestPanel(t)
	d2.OpenPath = path
	e2.OpenDialog()
	if len(d2.Errors) != 0 {
		t.Fatalf("open: %v", d2.Errors)
	}
	if e2.Model.Position() != e.Model.Position() {
		t.Errorf("the saved file does not load back the same position")
	}
	// A bad file is reported, not loaded.
	bad := filepath.Join(dir, "bad.ari")
	os.WriteFile(bad, []byte("2w\n +--+\n8| Q |\n"), 0o644)
	d2.OpenPath = bad
	e2.OpenDialog()
	if len(d2.Errors) != 1 || !strings.Contains(d2.Errors[0].Error(), "bad.ari") {
		t.Errorf("bad file errors: %v", d2.Errors)
	}
}

func TestPanelCopyPaste(t *testing.T) {
	e, d, _ := newTestPanel(t)
	e.Model.MovePiece(rules.E2, rules.E4)
	e.Copy(true)
	want := e.Model.Position()
	e.Model.BasicSetup()
	e.PasteClipboard()
	if len(d.Errors) != 0 {
		t.Fatalf("paste: %v", d.Errors)
	}
	got := e.Model.Position()
	if got.Board() != want.Board() {
		t.Errorf("copy then paste did not give back the board")
	}
	fyne.CurrentApp().Clipboard().SetContent("not a position")
	e.PasteClipboard()
	if len(d.Errors) != 1 {
		t.Errorf("pasting nonsense: errors %v", d.Errors)
	}
}

func TestRecoveryKeepsInvalidPositions(t *testing.T) {
	rec := &Recovery{Path: filepath.Join(t.TempDir(), "unsaved.ari"), Delay: time.Hour}
	p := rules.StartPosition().WithPiece(rules.D4, rules.GoldCat).WithPiece(rules.C3, rules.SilverHorse).WithTurn(31).WithSide(rules.Silver)
	rec.Save(p)
	if _, ok := rec.Load(); ok {
		t.Fatalf("a position was written before the delay or Flush")
	}
	rec.Flush()
	got, ok := rec.Load()
	if !ok || got != p {
		t.Fatalf("recovered %v (ok %v), want the invalid position back", got.AEIString(), ok)
	}
	rec.Clear()
	if _, ok := rec.Load(); ok {
		t.Errorf("Clear left the recovery file")
	}
}

func TestPanelDragFromPalette(t *testing.T) {
	e, _, _ := newTestPanel(t)
	item := e.palette[rules.SilverHorse]
	drv := fyne.CurrentApp().Driver()
	target := drv.AbsolutePositionForObject(e.Board).Add(e.Board.SquareCenter(rules.E5))
	start := drv.AbsolutePositionForObject(item)
	item.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{AbsolutePosition: target}, Dragged: fyne.NewDelta(target.X-start.X, target.Y-start.Y)})
	item.DragEnd()
	if p := e.Model.Position(); p.At(rules.E5) != rules.SilverHorse {
		t.Fatalf("dragging the silver horse from the palette to e5 did not place it")
	}
	if e.Tool() != rules.SilverHorse {
		t.Errorf("the dragged piece should become the palette's selection")
	}
	// Dropped off the board: nothing happens.
	item.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{AbsolutePosition: start}})
	item.DragEnd()
	e.Model.Undo()
	if e.Model.CanUndo() {
		t.Errorf("a drop off the board made an edit")
	}
}

// TestGuardSaveDiscardCancel: with unsaved changes, New asks; Save writes
// the position (asking for a file when it has none) and then starts the
// new one, Discard starts it at once, Cancel keeps the edit, and so does
// cancelling the file dialog after Save.
func TestGuardSaveDiscardCancel(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name     string
		choice   files.UnsavedChoice
		savePath string
		newStart bool // the board was cleared for the new position
		saved    bool
	}{
		{"save asks for a file, then goes on", files.SaveChanges, filepath.Join(dir, "edited.ari"), true, true},
		{"save with the file dialog cancelled stays", files.SaveChanges, "", false, false},
		{"discard goes on", files.DiscardChanges, "", true, false},
		{"cancel stays", files.Cancel, "", false, false},
	} {
		e, d, _ := newTestPanel(t)
		d.Choice, d.SavePath = c.choice, c.savePath
		e.SetTool(rules.SilverCat)
		boardtest.Tap(e.Board, rules.D4)
		test.Tap(uitest.Button(e.Content(), "New"))
		if len(d.Asked) == 0 || d.Asked[0] != "Unsaved position" {
			t.Fatalf("%s: questions %v", c.name, d.Asked)
		}
		p := e.Model.Position()
		if cleared := p.Occupied() == 0; cleared != c.newStart {
			t.Errorf("%s: new position started %v, want %v", c.name, cleared, c.newStart)
		}
		data, err := os.ReadFile(c.savePath)
		if c.saved && (err != nil || !strings.Contains(string(data), "c")) {
			t.Errorf("%s: the edit was not saved: %v", c.name, err)
		}
		if !c.newStart && !e.Model.Dirty() {
			t.Errorf("%s: the unsaved edit was lost", c.name)
		}
	}
}
