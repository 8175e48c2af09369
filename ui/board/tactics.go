package board

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// Show selects the overlays a panel draws from the position itself.
type Show struct {
	Frozen bool // rings around frozen pieces
	Danger bool // rings around pieces that can be trapped within a turn
	Goal   bool // arrows of a goal within a turn
}

// DefaultShow is what panels start with.
var DefaultShow = Show{Frozen: true, Danger: true, Goal: true}

// Tactics computes the danger and goal overlays of p with the engine's exact
// trap and goal checks, for both sides: the side to move as the position
// stands, and its opponent as if it were to move now (a threat to meet).
// Positions the rules reject get none, since the checks assume a legal board.
func Tactics(p rules.Position, show Show) (danger rules.Bitboard, goal []rules.Step) {
	if !show.Danger && !show.Goal {
		return 0, nil
	}
	if len(p.Validate()) > 0 {
		return 0, nil
	}
	for i, q := range []rules.Position{p, p.WithSide(p.Side().Other())} {
		if i == 1 && p.StepsTaken() > 0 {
			// The opponent's threats are those of the turn's start.
			continue
		}
		if show.Danger {
			for _, t := range eval.TrapCheck(&q) {
				danger |= t.Square.Bit()
			}
		}
		if show.Goal {
			if m, ok := eval.GoalCheck(&q); ok {
				goal = append(goal, m.Slice()...)
			}
		}
	}
	return danger, goal
}

// Apply fills o's Frozen, Danger and Goal from p as show asks.
func (show Show) Apply(o Overlays, p rules.Position) Overlays {
	o.Frozen = show.Frozen
	o.Danger, o.Goal = Tactics(p, show)
	return o
}

// ShowControls returns three check boxes bound to *show that call changed
// after each toggle.
func ShowControls(show *Show, changed func()) fyne.CanvasObject {
	check := func(label string, v *bool) *widget.Check {
		c := widget.NewCheck(label, func(on bool) {
			*v = on
			changed()
		})
		c.Checked = *v
		return c
	}
	return container.NewHBox(widget.NewLabel("Show"),
		check("frozen", &show.Frozen), check("in danger", &show.Danger), check("goal threats", &show.Goal))
}
