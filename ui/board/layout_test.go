package board

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
)

// TestColumnGivesTheBoardTheHeight: the board is as tall as the column
// allows after its lines and Fill, the side pane takes the rest of the
// width, and nothing leaves the column.
func TestColumnGivesTheBoardTheHeight(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []struct {
		name      string
		size      fyne.Size
		side      bool
		share     float32
		wantBoard func(fixed float32) float32
	}{
		{"tall and wide: the height less the lines", fyne.NewSize(1400, 800), true, 0, func(f float32) float32 { return 800 - f }},
		{"narrow: the width less the side pane's", fyne.NewSize(800, 800), true, 0, func(float32) float32 { return 800 - 400 - 4 }},
		{"no side pane: the height", fyne.NewSize(1400, 800), false, 0, func(f float32) float32 { return 800 - f }},
		{"Fill's share", fyne.NewSize(1400, 1000), false, 0.4, func(f float32) float32 { return 1000 - f + 100 - 400 }},
	} {
		b := New(rules.StartPosition())
		col := &Column{Above: widget.NewLabel("note"), Board: b, Below: widget.NewLabel("pv"),
			Fill: widget.NewLabel("graph"), FillMin: 100, FillShare: c.share}
		if c.side {
			col.Side = widget.NewLabel("side")
			col.SideMin = 400
		}
		box := NewColumn(col)
		box.Resize(c.size)
		want := c.wantBoard(col.fixed())
		if got := b.Size().Height; got != want {
			t.Errorf("%s: board %v high, want %v", c.name, got, want)
		}
		for _, o := range box.Objects {
			end := o.Position().Add(o.Size())
			if end.X > c.size.Width+0.5 || end.Y > c.size.Height+0.5 {
				t.Errorf("%s: %T ends at %v, outside %v", c.name, o, end, c.size)
			}
		}
		if c.side && col.Side.Position().X != b.Size().Width+4 {
			t.Errorf("%s: the side pane starts at %v, the board is %v wide", c.name, col.Side.Position().X, b.Size().Width)
		}
		if m := box.MinSize(); m.Height < b.MinSize().Height+col.fixed()-0.5 {
			t.Errorf("%s: min size %v leaves no room for the board's", c.name, m)
		}
	}
}
