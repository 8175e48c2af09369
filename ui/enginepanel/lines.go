package enginepanel

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/tablefit"
	"arimaa-workbench/ui/tip"
)

// EngineLine is one of the engine's lines as the analysis view lists
// them: the move, its win ratio (or a score: an AEI engine's, or the
// alpha-beta search's with ≤ for a bound) for the side to move, and for
// the best move the rest of the principal variation.
type EngineLine struct {
	Eval string
	Move rules.Move
	Text string // the move and, for the best, the variation after it
}

// MaxLines is how many lines the analysis view lists: as many as its tab
// has room for at 1280x800, every candidate the builtin engine reports
// (8 unless set otherwise).
const MaxLines = 12

// LinesOf returns the lines of r, an analysis of start, best first: a
// line per candidate (as many as the engine lists, at most limit), the
// first followed by the principal variation after its move; an engine
// that lists no candidates (an AEI engine) gives its best move and
// variation alone. Only what every engine reports is read (Candidates,
// Best, PV, WinRatio or Score), so any engine's lines show alike.
func LinesOf(start rules.Position, r analysis.Report, limit int) []EngineLine {
	var out []EngineLine
	for _, c := range r.Candidates {
		if len(out) == limit {
			break
		}
		if c.Move.N > 0 {
			eval := Percent(c.WinRatio)
			if c.HasScore {
				eval = ScoreText(c)
			}
			out = append(out, EngineLine{Eval: eval, Move: c.Move, Text: analysis.MoveText(start, c.Move)})
		}
	}
	if len(out) == 0 && r.Best.N > 0 {
		eval := "—"
		switch {
		case r.HasScore:
			eval = fmt.Sprintf("%+d cr", r.Score)
		case r.HasWinRatio:
			eval = Percent(r.WinRatio)
		}
		out = append(out, EngineLine{Eval: eval, Move: r.Best, Text: analysis.MoveText(start, r.Best)})
	}
	if len(out) > 0 && out[0].Move == r.Best {
		if rest := pvAfterFirst(PVLine(start, r)); rest != "" {
			out[0].Text += "  " + rest
		}
	}
	return out
}

// pvAfterFirst writes the line's turns after its first, each with its turn
// label: "12s rd5s rd4s 13g Ee2n …".
func pvAfterFirst(l Line) string {
	var b strings.Builder
	turns := 0
	for _, s := range l.Steps {
		if s.Turn != "" {
			turns++
		}
		if turns < 2 || s.Step == rules.Pass {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		if s.Turn != "" {
			b.WriteString(s.Turn + " ")
		}
		b.WriteString(s.Step.String())
	}
	return b.String()
}

// Lines is the engine's lines in the analysis view: Analyse, which
// analyses the current position with the Engine panel's engine and limits
// and again whenever the position changes until Stop; a status of one
// line; the lines, a tap on one playing its move from the current
// position (through state.Current's owner); and a button to the Engine
// panel's deeper views. It observes the panel's model as the panel does:
// the panel hands it every state it draws.
type Lines struct {
	p       *Panel
	analyse *widget.Button
	stop    *widget.Button
	more    *widget.Button
	status  *widget.Label
	table   *widget.Table
	lines   []EngineLine
	content fyne.CanvasObject
}

// NewLines builds the panel's lines for the analysis view; more, when not
// nil, is what the button to the Engine panel does.
func (p *Panel) NewLines(more func()) *Lines {
	l := &Lines{p: p}
	l.analyse = widget.NewButtonWithIcon("Analyse", theme.MediaPlayIcon(), func() { p.SetFollow(true) })
	l.analyse.Importance = widget.HighImportance
	l.stop = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), func() { p.SetFollow(false) })
	l.more = widget.NewButtonWithIcon("Engine panel", theme.ComputerIcon(), more)
	if more == nil {
		l.more.Hide()
	}
	// Cut, never wrapped: a longer status must not move the lines.
	l.status = widget.NewLabel("")
	l.status.Truncation = fyne.TextTruncateEllipsis
	l.table = tip.NewTable(func() (int, int) { return len(l.lines), 2 }, func(id widget.TableCellID, lb *tip.Label) {
		if id.Row >= len(l.lines) {
			lb.SetText("")
			return
		}
		ln := l.lines[id.Row]
		lb.TextStyle.Bold = id.Row == 0
		if id.Col == 0 {
			lb.Alignment = fyne.TextAlignTrailing
			lb.SetText(ln.Eval)
			return
		}
		lb.Alignment = fyne.TextAlignLeading
		lb.SetText(ln.Text)
	})
	l.table.OnSelected = func(id widget.TableCellID) {
		l.table.UnselectAll()
		if id.Row < len(l.lines) {
			l.play(l.lines[id.Row].Move)
		}
	}
	fit := tablefit.New(l.table, func() []tablefit.Column { return []tablefit.Column{{Min: 70, Max: 90, Grow: 0.1}, {Min: 200, Grow: 1}} }, nil)
	top := container.NewBorder(nil, nil, container.NewHBox(l.analyse, l.stop), l.more, l.status)
	l.content = container.NewBorder(top, nil, nil, nil, fit)
	p.observers = append(p.observers, l.apply)
	l.apply(p.st)
	return l
}

// Content is the lines' widget tree.
func (l *Lines) Content() fyne.CanvasObject { return l.content }

// Shown returns the lines listed, best first.
func (l *Lines) Shown() []EngineLine { return l.lines }

// Tap plays line i's move, as a tap on it does.
func (l *Lines) Tap(i int) { l.table.Select(widget.TableCellID{Row: i, Col: 1}) }

// play plays mv from the current position through its owner.
func (l *Lines) play(mv rules.Move) {
	cur := l.p.opts.Current
	if cur == nil {
		return
	}
	if err := cur.Play(mv); err != nil {
		l.status.SetText(err.Error())
	}
}

// apply draws st: the lines when they are of the current position, and
// the panel's status.
func (l *Lines) apply(st State) {
	field.Enable(l.analyse, !l.p.follow)
	field.Enable(l.stop, l.p.follow || st.Running)
	lines := []EngineLine(nil)
	if l.p.current(st) {
		lines = LinesOf(st.Start, st.Report, MaxLines)
	}
	if !sameLines(lines, l.lines) {
		l.lines = lines
		l.table.Refresh()
	}
	setText(l.status, l.p.status.Text)
}

func sameLines(a, b []EngineLine) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
