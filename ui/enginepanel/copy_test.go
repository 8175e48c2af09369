package enginepanel

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/ui/uitest"
)

// TestCopyMenu: the Copy menu beside the PV puts the position, the
// principal variation and the candidates on the clipboard.
func TestCopyMenu(t *testing.T) {
	eng := &fakeEngine{name: "fake", reports: scriptedReports(2)}
	p, w := newTestPanel(t, eng)
	p.Analyse()
	p.model.Wait()
	p.Sync()
	c := w.Canvas()
	clip := fyne.CurrentApp().Clipboard()
	cases := []struct{ item, want string }{
		{"Position (long)", records.FormatPosition(rules.StartPosition())},
		{"Position (compact)", records.FormatCompact(rules.StartPosition())},
		{"Principal variation", "2w Md2n Md3n Ee2w Ed2n\n2b me7s\n"},
		{"Candidates", "Move\tVisits (all orders)\tShare\tWin ratio for gold\n" +
			"Md2n Md3n Ee2w Ed2n\t1333\t66.7%\t56.0%\n" +
			"Ee2n Ee3n Ee4n Ee5w\t666\t33.3%\t51.0%\n"},
	}
	for _, tc := range cases {
		test.Tap(p.copyBtn)
		if !uitest.TapMenuItem(c, tc.item) {
			t.Fatalf("no %q in the Copy menu", tc.item)
		}
		if got := clip.Content(); got != tc.want {
			t.Errorf("%s copied %q, want %q", tc.item, got, tc.want)
		}
	}
}
