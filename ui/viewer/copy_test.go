package viewer

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/records"
	"arimaa-workbench/ui/uitest"
)

// TestCopyAndExport: the Copy menu puts the position (long and compact)
// and the game record with its variations on the clipboard, Ctrl+C the
// position, and saves the board as a PNG.
func TestCopyAndExport(t *testing.T) {
	v, d, _, _ := newTestPanel(t)
	openGoalRace(t, v)
	v.Model.Seek(10)
	v.notes.comment.SetText("ten moves in")
	v.changed()
	c := fyne.CurrentApp().Driver().CanvasForObject(v.copyMenu.button)
	clip := fyne.CurrentApp().Clipboard()
	pos := v.Model.Position()
	cases := []struct{ item, want string }{
		{"Position (long)", records.FormatPosition(pos)},
		{"Position (compact)", records.FormatCompact(pos)},
	}
	for _, tc := range cases {
		test.Tap(v.copyMenu.button)
		if !uitest.TapMenuItem(c, tc.item) {
			t.Fatalf("no %q in the Copy menu", tc.item)
		}
		if got := clip.Content(); got != tc.want {
			t.Errorf("%s copied %q, want %q", tc.item, got, tc.want)
		}
	}
	test.Tap(v.copyMenu.button)
	uitest.TapMenuItem(c, "Game record")
	rec, err := records.ParseRecord(clip.Content())
	if err != nil {
		t.Fatalf("the copied record does not read: %v\n%s", err, clip.Content())
	}
	if tr, err := rec.Tree(); err != nil || len(tr.Game.Moves()) != 55 || tr.Notes[9].Comment != "ten moves in" {
		t.Errorf("the copied record: %v, comment %q", err, tr.Notes[9].Comment)
	}
	clip.SetContent("")
	v.Shortcut("copy")
	if clip.Content() != records.FormatPosition(pos) {
		t.Errorf("Ctrl+C copied %q", clip.Content())
	}

	d.SavePath = filepath.Join(t.TempDir(), "board.png")
	test.Tap(v.copyMenu.button)
	uitest.TapMenuItem(c, "Save board as PNG…")
	img, err := uitest.ReadPNG(d.SavePath)
	if err != nil {
		t.Fatalf("no PNG saved: %v (errors %v)", err, d.Errors)
	}
	if img.Bounds().Dx() != 480 {
		t.Errorf("the PNG is %v, want 480 pixels wide", img.Bounds())
	}
	if !strings.HasPrefix(d.Asked[len(d.Asked)-1], "Save board") {
		t.Errorf("asked %v", d.Asked)
	}
}
