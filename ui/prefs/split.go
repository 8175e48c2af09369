package prefs

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// RememberSplit gives s the offset kept under the preference key, when
// there is one within (0, 1), and keeps the offset there whenever the user
// moves the divider. p nil remembers nothing.
func RememberSplit(p fyne.Preferences, key string, s *container.Split) {
	if p == nil {
		return
	}
	if off := p.Float(key); off > 0 && off < 1 {
		s.Offset = off
	}
	WatchSplit(s, func(off float64) { p.SetFloat(key, off) })
}

// WatchSplit calls moved with s's offset whenever it has changed (within
// (0, 1)), as the split lays its parts out. Fyne's Split tells nobody when
// it moves, so its leading part is wrapped in a container whose layout,
// run each time the split lays its parts out, notes the offset.
func WatchSplit(s *container.Split, moved func(off float64)) {
	s.Leading = container.New(&splitWatch{s: s, moved: moved, kept: s.Offset}, s.Leading)
}

// splitWatch lays out the one object of a split's leading part over all
// of it and notes the split's offset when it has changed.
type splitWatch struct {
	s     *container.Split
	moved func(float64)
	kept  float64
}

func (w *splitWatch) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
	if off := w.s.Offset; off != w.kept && off > 0 && off < 1 {
		w.kept = off
		w.moved(off)
	}
}

func (w *splitWatch) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}
