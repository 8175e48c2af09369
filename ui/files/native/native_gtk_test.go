//go:build linux

package native

import "testing"

// TestGTKCalls checks that GTK 3, loaded as the first dialog loads it,
// has every call the dialogs make; where it is not installed the dialogs
// fall back to Fyne's, and there is nothing to check.
func TestGTKCalls(t *testing.T) {
	switch loadGTK() {
	case gtkMissing:
		t.Skip("no GTK 3 on this system")
	case gtkCallMissing:
		t.Fatal("GTK 3 loaded without one of the calls the dialogs make")
	}
}
