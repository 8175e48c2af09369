package panels_test

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/files/filestest"
	"arimaa-workbench/ui/panels"
	"arimaa-workbench/ui/panels/panelstest"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/uitest"
)

// writeTest writes one test, Gold's elephant to step from d3 to d5, into a
// new folder and returns the folder and the test's position.
func writeTest(t *testing.T) (string, rules.Position) {
	t.Helper()
	var b [64]rules.Piece
	b[rules.D3], b[rules.A2], b[rules.H7] = rules.GoldElephant, rules.GoldRabbit, rules.SilverRabbit
	pos := rules.NewPosition(rules.Gold, 10, b)
	c, err := ats.ParseATSCriteria("Ed5", pos)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := ats.SaveATS(filepath.Join(dir, "elephant.ats"), &ats.Test{Name: "elephant", Position: pos, Criteria: c}); err != nil {
		t.Fatal(err)
	}
	return dir, pos
}

// TestSuiteToEditor: "To editor" in the suite panel brings the selected
// test's position into the editor, unsaved, and shows the editor.
func TestSuiteToEditor(t *testing.T) {
	wb, p, _ := panelstest.NewWorkbench(t, fyne.NewSize(1400, 900))
	dir, pos := writeTest(t)
	if err := p.OpenSuite(wb, dir); err != nil {
		t.Fatal(err)
	}
	btn := uitest.Button(wb.Content(), "To editor")
	if btn == nil {
		t.Fatal("no To editor button in the suite panel")
	}
	test.Tap(btn)
	if wb.Selected() != shell.EditorPanel {
		t.Errorf("after To editor the %s panel is shown, want the editor", wb.Selected())
	}
	if got := wb.Editor.Model.Position(); got != pos || !wb.Editor.Model.Dirty() {
		t.Errorf("the editor holds %v (unsaved %v), want the test's position, unsaved", got.AEIString(), wb.Editor.Model.Dirty())
	}
}

// TestEditHereAndGuard: "Edit here" in the viewer brings the game's
// position into the editor, unsaved, and quitting then asks first.
func TestEditHereAndGuard(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	d := &filestest.Dialogs{}
	wb := shell.New(a, w, shell.Options{Dialogs: d})
	dir := t.TempDir()
	p := panels.Add(wb, panels.Options{ConfigPath: filepath.Join(dir, "engine.toml"), EnginesPath: filepath.Join(dir, "engines.toml"),
		RunsDir: filepath.Join(dir, "runs"), Manual: true})
	t.Cleanup(p.Close)
	if err := wb.Open(filepath.Join("..", "..", "assets", "games", "goal_race.txt")); err != nil {
		t.Fatal(err)
	}
	wb.Viewer.Model.Seek(10)
	wb.Viewer.OnEdit(wb.Viewer.Model.Position(), "game")
	if wb.Selected() != shell.EditorPanel || wb.Editor.Model.Position() != wb.Viewer.Model.Position() || !wb.Editor.Model.Dirty() {
		t.Fatalf("edit here did not bring the position to the editor as unsaved")
	}
	d.Yes = false
	wb.Quit()
	if len(d.Asked) != 1 {
		t.Errorf("quit did not ask about the unsaved position: %v", d.Asked)
	}
}
