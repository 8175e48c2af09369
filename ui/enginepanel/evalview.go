package enginepanel

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/phase"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/tablefit"
	"arimaa-workbench/ui/tip"
	"arimaa-workbench/ui/wheel"
)

// EvalReport is the static analysis of one position: the evaluation term by
// term, the goal check and the trap check.
type EvalReport struct {
	Position  rules.Position
	Breakdown eval.Breakdown
	WinProb   float64 // of the side to move, from the evaluation
	Goal      rules.Move
	HasGoal   bool
	Threats   []eval.Threat
	Phase     float64 // the game phase, 0 the opening to 1 the endgame (package engine/phase)
}

// Analyse evaluates p with e and runs both tactical checks.
func Analyse(e *eval.Evaluator, p rules.Position) EvalReport {
	r := EvalReport{Position: p, Breakdown: e.Breakdown(&p), Phase: phase.Of(p)}
	r.WinProb = e.WinProbability(r.Breakdown.Score)
	if p.PushPending() {
		return r // neither check is defined halfway through a push
	}
	r.Goal, r.HasGoal = eval.GoalCheck(&p)
	r.Threats = eval.TrapCheck(&p)
	return r
}

// GoalText says what the goal check found.
func (r EvalReport) GoalText() string {
	side := sideName(r.Position.Side())
	if !r.HasGoal {
		return side + " cannot reach the goal this turn."
	}
	if r.Goal.N == 0 {
		return side + " has already reached the goal."
	}
	return fmt.Sprintf("%s scores a goal with %s.", side, r.Position.MoveString(r.Goal))
}

// PhaseRow is the breakdown's last row: the game phase in the Net column,
// its stage beside the term's name (Gold and Silver empty: the phase is
// the board's, not a side's).
func (r EvalReport) PhaseRow() []string {
	return []string{"Game phase (" + phase.StageOf(r.Phase).String() + ")", "", "", strconv.FormatFloat(r.Phase, 'f', 3, 64)}
}

// ThreatText describes one capture the side to move can make.
func (r EvalReport) ThreatText(t eval.Threat) string {
	return fmt.Sprintf("%s%s dies on %s after %s", t.Piece, t.Square, t.Trap, r.Position.MoveString(t.Move))
}

// Evaluation is the evaluation tab: the breakdown table (with the game
// phase in its last row), the goal check and
// the trap check of the current position. Selecting the goal or a threat
// shows its move on the panel's board. While an analysis of that position
// has a principal variation, the table adds the evaluation at its leaf
// and the change, term by term: what the search expects the line to
// win or lose, and where.
type Evaluation struct {
	ev  func() *eval.Evaluator
	rep EvalReport
	// leaf is the analysis at the end of line, the principal variation
	// from rep.Position; nil without one.
	leaf     *EvalReport
	line     Line
	leafText *tip.Label
	// The score and the win probability, a line each; what the goal
	// check found (goal shows it on the board). Each cut with its whole
	// text as a tip where the column is narrow: a wrapped label in the
	// checks' scroller was given one line's height.
	summary, winProb *tip.Label
	goalText         *tip.Label
	goal             *widget.Button
	threats          *widget.List
	terms            *widget.Table
	content          fyne.CanvasObject
	// show displays a position with overlays on the panel's board.
	show func(p rules.Position, o board.Overlays, note string)
}

// NewEvaluation builds the tab; e gives the evaluator to use, asked anew
// for each position so that edited weights apply.
func NewEvaluation(e func() *eval.Evaluator) *Evaluation {
	v := &Evaluation{ev: e}
	v.summary = tip.NewLabel("")
	v.summary.TextStyle.Bold = true
	v.winProb = tip.NewLabel("")
	v.goalText = tip.NewLabel("")
	v.leafText = tip.NewLabel("")
	v.goal = widget.NewButtonWithIcon("Show on the board", theme.VisibilityIcon(), func() {
		if v.rep.HasGoal && v.show != nil {
			v.show(v.rep.Position, board.Overlays{Goal: v.rep.Goal.Slice(), Selected: rules.NoSquare}, v.rep.GoalText())
		}
	})
	v.threats = widget.NewList(
		func() int { return max(1, len(v.rep.Threats)) },
		func() fyne.CanvasObject { return tip.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			l := o.(*tip.Label)
			if len(v.rep.Threats) == 0 {
				l.SetText("No capture is possible this turn.")
				return
			}
			l.SetText(v.rep.ThreatText(v.rep.Threats[i]))
		})
	v.threats.OnSelected = func(i widget.ListItemID) {
		if i < len(v.rep.Threats) && v.show != nil {
			t := v.rep.Threats[i]
			v.show(v.rep.Position, board.Overlays{PV: t.Move.Slice(), Danger: t.Square.Bit(), Selected: rules.NoSquare}, v.rep.ThreatText(t))
		}
	}
	v.terms = tip.NewTable(
		func() (int, int) { return len(v.rep.Breakdown.Terms) + 2, len(v.headers()) },
		func(id widget.TableCellID, l *tip.Label) {
			l.TextStyle.Bold = id.Row == len(v.rep.Breakdown.Terms)
			l.Alignment = fyne.TextAlignTrailing
			if id.Col == 0 {
				l.Alignment = fyne.TextAlignLeading
			}
			row := v.Row(id.Row)
			if id.Col < len(row) {
				l.SetText(row[id.Col])
				return
			}
			l.SetText("")
		})
	tablefit.Header(v.terms, func(col int) string {
		if h := v.headers(); col < len(h) {
			return h[col]
		}
		return ""
	})
	goalTitle := widget.NewLabel("Goal check")
	goalTitle.TextStyle.Bold = true
	trapTitle := widget.NewLabel("Trap check")
	trapTitle.TextStyle.Bold = true
	checks := container.NewVScroll(container.NewBorder(
		container.NewVBox(v.summary, v.winProb, v.leafText, goalTitle, v.goalText, container.NewHBox(v.goal), trapTitle), nil, nil, nil, wheel.List(v.threats)))
	// The terms beside the checks, each the tab's full height: over them
	// the checks took all but a few of the terms' rows at 1024x700. The
	// figures are narrow, the terms' names cut with a tip.
	terms := tablefit.New(v.terms, func() []tablefit.Column {
		cols := []tablefit.Column{{Min: 120, Grow: 1, Max: 200}}
		for range len(v.headers()) - 1 {
			cols = append(cols, tablefit.Column{Min: 56, Grow: 1, Max: 90})
		}
		return cols
	}, nil)
	split := container.NewHSplit(terms, checks)
	split.Offset = 0.6
	v.content = split
	return v
}

// Show analyses p and redraws the tab. The leaf of a principal variation
// stays only while it is p's.
func (v *Evaluation) Show(p rules.Position) {
	v.rep = Analyse(v.ev(), p)
	if v.leaf != nil && !samePosition(v.line.Start, p) {
		v.leaf = nil
	}
	v.showLeaf()
	b := v.rep.Breakdown
	v.summary.SetText(fmt.Sprintf("Evaluation %+d for %s", b.Score, sideName(b.Side)))
	v.winProb.SetText("win probability " + Percent(v.rep.WinProb))
	v.goalText.SetText(v.rep.GoalText())
	if v.rep.HasGoal && v.rep.Goal.N > 0 {
		v.goal.Enable()
	} else {
		v.goal.Disable()
	}
	v.threats.UnselectAll()
	v.threats.Refresh()
	v.terms.Refresh()
}

// ShowLine adds to the tab the evaluation at the end of l, a principal
// variation, when l starts from the position shown and has a step; any
// other line takes the leaf away.
func (v *Evaluation) ShowLine(l Line) {
	v.leaf = nil
	if len(l.Steps) > 0 && samePosition(l.Start, v.rep.Position) {
		leaf := l.Steps[len(l.Steps)-1].After
		e := v.ev()
		r := EvalReport{Position: leaf, Breakdown: e.Breakdown(&leaf), Phase: phase.Of(leaf)}
		r.WinProb = e.WinProbability(r.Breakdown.Score)
		v.leaf, v.line = &r, l
	}
	v.showLeaf()
	v.terms.Refresh()
	v.content.Refresh()
}

func (v *Evaluation) showLeaf() {
	if v.leaf == nil {
		v.leafText.SetText("")
		v.leafText.Hide() // no blank line between the figures and the checks
		return
	}
	v.leafText.Show()
	b := v.leaf.Breakdown
	v.leafText.SetText(fmt.Sprintf("PV leaf (%d steps): %+d for %s, %s",
		len(v.line.Steps), b.Score, sideName(b.Side), Percent(v.leaf.WinProb)))
}

// Leaf returns the analysis at the principal variation's leaf, and false
// when the tab shows none.
func (v *Evaluation) Leaf() (EvalReport, bool) {
	if v.leaf == nil {
		return EvalReport{}, false
	}
	return *v.leaf, true
}

// headers are the table's column titles. With a leaf the sides' columns
// give way to it: the net here, at the leaf and the change fit the tab's
// width where six columns did not.
func (v *Evaluation) headers() []string {
	if v.leaf == nil {
		return []string{"Term", "Gold", "Silver", "Net"}
	}
	return []string{"Term", "Net", "PV leaf", "Change"}
}

// Row is the table's row i as text: a term of the breakdown, then the
// total, then the game phase; with a leaf, the net here and there and the
// change.
func (v *Evaluation) Row(i int) []string {
	b := v.rep.Breakdown
	if i == len(b.Terms)+1 {
		if v.leaf == nil {
			return v.rep.PhaseRow()
		}
		d := strconv.FormatFloat(v.leaf.Phase-v.rep.Phase, 'f', 3, 64)
		if v.leaf.Phase >= v.rep.Phase {
			d = "+" + d
		}
		return []string{v.rep.PhaseRow()[0], strconv.FormatFloat(v.rep.Phase, 'f', 3, 64), strconv.FormatFloat(v.leaf.Phase, 'f', 3, 64), d}
	}
	name, gold, silver := "Total", b.Gold, b.Silver
	if i < len(b.Terms) {
		name, gold, silver = b.Terms[i].Name, b.Terms[i].Gold, b.Terms[i].Silver
	}
	if v.leaf == nil {
		return []string{name, strconv.Itoa(gold), strconv.Itoa(silver), strconv.Itoa(gold - silver)}
	}
	lb := v.leaf.Breakdown
	there := lb.Gold - lb.Silver
	if i < len(b.Terms) {
		there = lb.Terms[i].Net()
	}
	return []string{name, strconv.Itoa(gold - silver), strconv.Itoa(there), signed(there - (gold - silver))}
}

// signed writes n with its sign, 0 as it is.
func signed(n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", n)
}

// Report returns what the tab shows.
func (v *Evaluation) Report() EvalReport { return v.rep }
