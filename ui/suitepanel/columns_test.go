package suitepanel

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
)

// TestNumbersAreWhole: the test's number is never cut, however many the
// suite has: with a 40 px column the example suite's tests 100 to 148 all
// read "1…".
func TestNumbersAreWhole(t *testing.T) {
	p, w := newTestPanel(t, nil, nil)
	p.Open(filepath.Join("..", "..", "assets", "tests"))
	if len(p.rows) < 100 {
		t.Fatalf("%d tests: want the example suite's hundred and more", len(p.rows))
	}
	w.Resize(fyne.NewSize(1024, 660))
	for _, r := range p.rows {
		if got := ellipsis(r.Number, p.columnWidth(numberColumn), fyne.TextStyle{}); got != r.Number {
			t.Fatalf("test %s reads %q in a column %.0f px wide", r.Number, got, p.columnWidth(numberColumn))
		}
	}
}
