package panels

import "testing"

// The window must fit the smallest laptop screens, 1024x700, with its menu
// bar, with all four panels in it: a panel's minimum size is the whole
// window's.
func TestWorkbenchFitsSmallScreen(t *testing.T) {
	wb, _, _ := newWorkbench(t)
	if m := wb.Content().MinSize(); m.Width > 1024 || m.Height+menuAllowance > 700 {
		t.Errorf("window minimum size %v (+%d for the menu) is larger than 1024x700", m, menuAllowance)
	}
}
