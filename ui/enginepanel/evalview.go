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
// shows its move on the panel's board.
type Evaluation struct {
	ev  func() *eval.Evaluator
	rep EvalReport
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
	headers := []string{"Term", "Gold", "Silver", "Net"}
	v.terms = tip.NewTable(
		func() (int, int) { return len(v.rep.Breakdown.Terms) + 2, len(headers) },
		func(id widget.TableCellID, l *tip.Label) {
			b := v.rep.Breakdown
			l.TextStyle.Bold = id.Row == len(b.Terms)
			l.Alignment = fyne.TextAlignTrailing
			if id.Col == 0 {
				l.Alignment = fyne.TextAlignLeading
			}
			if id.Row == len(b.Terms)+1 {
				l.SetText(v.rep.PhaseRow()[id.Col])
				return
			}
			if id.Row == len(b.Terms) {
				l.SetText([]string{"Total", strconv.Itoa(b.Gold), strconv.Itoa(b.Silver), strconv.Itoa(b.Gold - b.Silver)}[id.Col])
				return
			}
			t := b.Terms[id.Row]
			l.SetText([]string{t.Name, strconv.Itoa(t.Gold), strconv.Itoa(t.Silver), strconv.Itoa(t.Net())}[id.Col])
		})
	tablefit.Header(v.terms, tablefit.Titles(headers))
	goalTitle := widget.NewLabel("Goal check")
	goalTitle.TextStyle.Bold = true
	trapTitle := widget.NewLabel("Trap check")
	trapTitle.TextStyle.Bold = true
	checks := container.NewVScroll(container.NewBorder(
		container.NewVBox(v.summary, v.winProb, goalTitle, v.goalText, container.NewHBox(v.goal), trapTitle), nil, nil, nil, wheel.List(v.threats)))
	// The terms beside the checks, each the tab's full height: over them
	// the checks took all but a few of the terms' rows at 1024x700. The
	// figures are narrow, the terms' names cut with a tip.
	terms := tablefit.New(v.terms, func() []tablefit.Column {
		return []tablefit.Column{{Min: 120, Grow: 1, Max: 200}, {Min: 56, Grow: 1, Max: 90}, {Min: 56, Grow: 1, Max: 90}, {Min: 56, Grow: 1, Max: 90}}
	}, nil)
	split := container.NewHSplit(terms, checks)
	split.Offset = 0.6
	v.content = split
	return v
}

// Show analyses p and redraws the tab.
func (v *Evaluation) Show(p rules.Position) {
	v.rep = Analyse(v.ev(), p)
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

// Report returns what the tab shows.
func (v *Evaluation) Report() EvalReport { return v.rep }
