package panels

import "testing"

// The window must fit a 1280x800 screen (less title bar and taskbar) with all four panels in it: a
// panel's minimum size is the whole window's.
func TestWorkbenchFitsSmallScreen(t *testing.T) {
	wb, _, _ := newWorkbench(t)
	if m := wb.Content().MinSize(); m.Width > 1100 || m.Height > 720 {
		t.Errorf("window minimum size %v is larger than 1100x720", m)
	}
}
