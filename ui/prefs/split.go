package prefs

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// RememberSplit gives s the offset kept under the preference key, when
// there is one within (0, 1), and keeps the offset there whenever the user
// moves the divider. Fyne's Split tells nobody when it moves, so its
// leading part is wrapped in a container whose layout, run each time the
// split lays its parts out, notes the offset. p nil remembers nothing.
func RememberSplit(p fyne.Preferences, key string, s *container.Split) {
	if p == nil {
		return
	}
	if off := p.Float(key); off > 0 && off < 1 {
		s.Offset = off
	}
	s.Leading = container.New(&splitWatch{p: p, key: key, s: s, kept: s.Offset}, s.Leading)
}

// splitWatch lays out the one object of a split's leading part over all
// of it and notes the split's offset when it has changed.
type splitWatch struct {
	p    fyne.Preferences
	key  string
	s    *container.Split
	kept float64
}

func (w *splitWatch) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
	if off := w.s.Offset; off != w.kept && off > 0 && off < 1 {
		w.kept = off
		w.p.SetFloat(w.key, off)
	}
}

func (w *splitWatch) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}
