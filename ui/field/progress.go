package field

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Progress is a progress bar that draws no bar while idle, only an
// optional quiet line of text: Fyne's bar at zero still paints its whole
// track in the theme's colour, which reads as a full bar. Its room is
// kept while idle, so nothing moves when work starts.
type Progress struct {
	widget.BaseWidget
	// Bar is the bar shown while work runs; set its TextFormatter to
	// change what it says.
	Bar  *widget.ProgressBar
	note *widget.Label
	idle bool
}

// NewProgress returns an idle progress bar.
func NewProgress() *Progress {
	p := &Progress{Bar: widget.NewProgressBar(), note: widget.NewLabel("")}
	p.note.Importance = widget.LowImportance
	p.note.Alignment = fyne.TextAlignCenter
	p.note.Truncation = fyne.TextTruncateEllipsis
	p.ExtendBaseWidget(p)
	p.SetIdle("")
	return p
}

// SetValue shows the bar at v (from Bar.Min to Bar.Max).
func (p *Progress) SetValue(v float64) {
	p.idle = false
	p.note.Hide()
	p.Bar.Show()
	p.Bar.SetValue(v)
}

// SetIdle hides the bar, keeping its room, and shows note there instead
// ("" for none).
func (p *Progress) SetIdle(note string) {
	p.idle = true
	p.Bar.Value = p.Bar.Min
	p.Bar.Hide()
	p.note.SetText(note)
	p.note.Show()
}

// Idle reports whether the bar is hidden.
func (p *Progress) Idle() bool { return p.idle }

// Value is the bar's value; Bar.Min while idle.
func (p *Progress) Value() float64 { return p.Bar.Value }

// Note is the text shown while idle.
func (p *Progress) Note() string { return p.note.Text }

// CreateRenderer lays the bar and the note over each other.
func (p *Progress) CreateRenderer() fyne.WidgetRenderer { return &progressRenderer{p: p} }

type progressRenderer struct{ p *Progress }

func (r *progressRenderer) Layout(size fyne.Size) {
	r.p.Bar.Resize(size)
	r.p.note.Resize(size)
}

// MinSize is the bar's, shown or not.
func (r *progressRenderer) MinSize() fyne.Size {
	return r.p.Bar.MinSize().Max(r.p.note.MinSize())
}

func (r *progressRenderer) Refresh() {
	r.p.Bar.Refresh()
	r.p.note.Refresh()
}

func (r *progressRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.p.Bar, r.p.note}
}

func (r *progressRenderer) Destroy() {}
