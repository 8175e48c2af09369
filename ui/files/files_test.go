package files

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

func TestRecent(t *testing.T) {
	a := test.NewTempApp(t)
	r := Recent{Prefs: a.Preferences(), Max: 3}
	for _, p := range []string{"/a", "/b", "/c", "/b", "/d"} {
		r.Add(p)
	}
	want := []string{"/d", "/b", "/c"}
	got := r.List()
	if len(got) != len(want) {
		t.Fatalf("recent %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("recent %v, want %v", got, want)
		}
	}
	r.Remove("/b")
	if got := r.List(); len(got) != 2 || got[1] != "/c" {
		t.Errorf("after remove: %v", got)
	}
}
