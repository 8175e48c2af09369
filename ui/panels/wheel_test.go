package panels_test

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/panels/panelstest"
	"arimaa-workbench/ui/uitest"
	"arimaa-workbench/ui/wheel"
)

// TestListsTakeTheWheel: every list and table of every panel, in each of
// its tabs, lies under a wheel.Cover of its place and size, which makes
// the mouse wheel move it by rows (the cover's own tests say how far).
func TestListsTakeTheWheel(t *testing.T) {
	wb, _, w := panelstest.NewWorkbench(t, panelstest.Screen(1024, 700))
	var panelTabs *container.AppTabs // the workbench's, one a panel
	for _, o := range uitest.Shown(w.Content()) {
		if tabs, ok := o.(*container.AppTabs); ok && panelTabs == nil {
			panelTabs = tabs
		}
	}
	checked := 0
	for _, name := range wb.Panels() {
		wb.Select(name)
		seen := map[*container.AppTabs]bool{panelTabs: true}
		var visit func(where string)
		visit = func(where string) {
			missing, n := uncovered(w)
			for _, m := range missing {
				t.Errorf("%s: a %s is not under a wheel cover", where, m)
			}
			checked += n
			for _, o := range uitest.Shown(w.Content()) {
				tabs, ok := o.(*container.AppTabs)
				if !ok || seen[tabs] {
					continue
				}
				seen[tabs] = true
				shown := tabs.SelectedIndex()
				for i, it := range tabs.Items {
					tabs.SelectIndex(i)
					visit(where + " / " + it.Text)
				}
				tabs.SelectIndex(shown)
			}
		}
		visit(name)
	}
	// About twenty lists and tables, some seen in more than one tab: a
	// walk that finds few has missed tabs.
	if checked < 20 {
		t.Errorf("%d lists and tables checked: the walk misses some", checked)
	}
}

// uncovered names the lists and tables shown in w with no cover over
// them, and counts those shown.
func uncovered(w fyne.Window) ([]string, int) {
	type shown struct {
		kind string
		at   panelstest.Rect
	}
	var lists []shown
	covers := map[panelstest.Rect]bool{}
	panelstest.WalkShown(w.Content(), fyne.Position{}, panelstest.WindowRect(w), func(o fyne.CanvasObject, p panelstest.Placed) {
		if o.Size().IsZero() {
			return
		}
		switch o.(type) {
		case *widget.Table, *widget.List:
			lists = append(lists, shown{fmt.Sprintf("%T", o), p.Rect(o)})
		case *wheel.Cover:
			covers[p.Rect(o)] = true
		}
	})
	var out []string
	for _, l := range lists {
		if !covers[l.at] {
			out = append(out, fmt.Sprintf("%s at %v", l.kind, l.at))
		}
	}
	return out, len(lists)
}
