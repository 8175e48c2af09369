package field

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// What is under a Lines label stays where it is whatever the label says:
// nothing, a line, or more lines than it has room for.
func TestLinesKeepTheirHeight(t *testing.T) {
	test.NewTempApp(t)
	l := widget.NewLabel("")
	l.Wrapping = fyne.TextWrapWord
	under := widget.NewButton("Candidates", nil)
	w := test.NewTempWindow(t, container.NewVBox(Lines(l, 2), under))
	w.Resize(fyne.NewSize(300, 400))
	one := widget.NewLabel("x").MinSize().Height
	var at []float32
	for _, text := range []string{"", "Idle.", strings.Repeat("a long message that wraps ", 12)} {
		l.SetText(text)
		w.Content().Refresh()
		at = append(at, under.Position().Y)
	}
	if at[0] != at[1] || at[1] != at[2] {
		t.Errorf("the button under the label moved: %v", at)
	}
	if at[0] < 1.5*one {
		t.Errorf("two lines take %v, one line alone takes %v", at[0], one)
	}
}

// TestVScrollWheelOverEntry: the mouse wheel over a one-line entry of a
// long form scrolls the form, as it does over the form's labels; in a
// plain scroller the entry takes the wheel and nothing moves. Typing
// still reaches the entry under its cover.
func TestVScrollWheelOverEntry(t *testing.T) {
	for _, tc := range []struct {
		name   string
		scroll func(fyne.CanvasObject) *container.Scroll
		moves  bool
	}{
		{"plain scroller", container.NewVScroll, false},
		{"VScroll", VScroll, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			test.NewTempApp(t)
			var entries []*widget.Entry
			form := container.NewVBox()
			for i := 0; i < 30; i++ {
				e := widget.NewEntry()
				entries = append(entries, e)
				form.Add(Labelled("field", e))
			}
			s := tc.scroll(form)
			w := test.NewTempWindow(t, s)
			w.Resize(fyne.NewSize(300, 240))
			e := entries[1]
			at := fyne.CurrentApp().Driver().AbsolutePositionForObject(e).Add(fyne.NewPos(20, e.Size().Height/2))
			test.Scroll(w.Canvas(), at, 0, -80)
			if moved := s.Offset.Y > 0; moved != tc.moves {
				t.Errorf("offset %v after the wheel over an entry; moved %v, want %v", s.Offset.Y, moved, tc.moves)
			}
			test.Type(entries[0], "abc")
			if entries[0].Text != "abc" {
				t.Errorf("typed text %q", entries[0].Text)
			}
		})
	}
}

// TestVScrollCovers: one-line entries in containers, forms and accordions
// are covered; a multi-line entry keeps the wheel for its own text.
func TestVScrollCovers(t *testing.T) {
	test.NewTempApp(t)
	m := widget.NewMultiLineEntry()
	one := widget.NewEntry()
	inForm, inAccordion := widget.NewEntry(), widget.NewEntry()
	f := widget.NewForm(widget.NewFormItem("in a form", inForm))
	acc := widget.NewAccordion(widget.NewAccordionItem("in an accordion", inAccordion))
	form := container.NewVBox(m, container.NewHBox(one), f, acc)
	s := VScroll(form)
	if s.Content != form || form.Objects[0] != m {
		t.Error("the multi-line entry was covered")
	}
	for name, o := range map[string]fyne.CanvasObject{"a nested container": form.Objects[1].(*fyne.Container).Objects[0],
		"a form": f.Items[0].Widget, "an accordion": acc.Items[0].Detail} {
		if _, ok := o.(*widget.Entry); ok {
			t.Errorf("the one-line entry in %s was not covered", name)
		}
	}
	if s := VScroll(one); s.Content == fyne.CanvasObject(one) {
		t.Error("an entry as the whole content was not covered")
	}
}

// TestProgressIdle: an idle bar shows no bar but keeps its room and says
// its note; a value shows the bar.
func TestProgressIdle(t *testing.T) {
	test.NewTempApp(t)
	p := NewProgress()
	w := test.NewTempWindow(t, container.NewVBox(p))
	w.Resize(fyne.NewSize(300, 100))
	if !p.Idle() || p.Bar.Visible() {
		t.Fatal("a new progress bar should be idle, its bar hidden")
	}
	idleSize := p.MinSize()
	p.SetValue(0.25)
	if p.Idle() || !p.Bar.Visible() || p.Value() != 0.25 {
		t.Errorf("after SetValue: idle %v, bar shown %v, value %v", p.Idle(), p.Bar.Visible(), p.Value())
	}
	if p.MinSize() != idleSize || p.Size().Height == 0 {
		t.Errorf("min size %v running, %v idle: the room should be the same", p.MinSize(), idleSize)
	}
	p.SetIdle("nothing to do")
	if !p.Idle() || p.Bar.Visible() || p.Value() != 0 || p.Note() != "nothing to do" {
		t.Errorf("after SetIdle: idle %v, bar %v, value %v, note %q", p.Idle(), p.Bar.Visible(), p.Value(), p.Note())
	}
}

// switchRecorder records the state changes asked of it.
type switchRecorder struct{ calls []string }

func (r *switchRecorder) Enable()        { r.calls = append(r.calls, "enable") }
func (r *switchRecorder) Disable()       { r.calls = append(r.calls, "disable") }
func (r *switchRecorder) Disabled() bool { return false }

// Enable asks a control for its state once: a panel that redraws on every
// report of a search must not disable a button only to enable it again.
func TestEnableAsksOnce(t *testing.T) {
	for _, on := range []bool{true, false} {
		var r switchRecorder
		Enable(&r, on)
		want := "disable"
		if on {
			want = "enable"
		}
		if len(r.calls) != 1 || r.calls[0] != want {
			t.Errorf("Enable(%v) asked %v, want [%s]", on, r.calls, want)
		}
	}
}

// refreshCount is a tab's content that counts its refreshes.
type refreshCount struct {
	widget.Label
	n int
}

func (c *refreshCount) Refresh() {
	c.n++
	c.Label.Refresh()
}

// TestLazyTabs: choosing a tab refreshes its content once and leaves the
// hidden tabs alone (Fyne's tabs refresh every tab's content on each
// choice, and show the chosen one with a refresh of its own: 2 and 1);
// TabContent is what each tab was given.
func TestLazyTabs(t *testing.T) {
	test.NewTempApp(t)
	one, two := &refreshCount{}, &refreshCount{}
	one.ExtendBaseWidget(one)
	two.ExtendBaseWidget(two)
	tabs := LazyTabs(container.NewAppTabs(container.NewTabItem("One", one), container.NewTabItem("Two", two)))
	w := test.NewTempWindow(t, tabs)
	w.Resize(fyne.NewSize(300, 200))
	for _, choice := range []struct {
		name       string
		shown, hid *refreshCount
	}{{"Two", two, one}, {"One", one, two}, {"Two", two, one}} {
		shown, hid := choice.shown.n, choice.hid.n
		if !SelectTab(tabs, choice.name) {
			t.Fatalf("no tab %s", choice.name)
		}
		if choice.shown.n != shown+1 || choice.hid.n != hid {
			t.Errorf("choosing %s: %d refreshes of it and %d of the hidden tab, want 1 and 0", choice.name, choice.shown.n-shown, choice.hid.n-hid)
		}
	}
	if TabContent(tabs.Items[0]) != fyne.CanvasObject(one) || TabContent(tabs.Selected()) != fyne.CanvasObject(two) {
		t.Errorf("TabContent is not the content given")
	}

	// Tabs laid out before (as appending a tab does) hid the content of
	// the tab not shown: chosen, it is shown.
	laidOut := container.NewAppTabs(container.NewTabItem("A", widget.NewLabel("a")), container.NewTabItem("B", widget.NewLabel("b")))
	test.NewTempWindow(t, laidOut).Resize(fyne.NewSize(300, 200))
	SelectTab(LazyTabs(laidOut), "B")
	if !TabContent(laidOut.Selected()).Visible() {
		t.Errorf("the content of a tab hidden before LazyTabs stays hidden when chosen")
	}
}
