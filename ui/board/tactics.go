package board

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
)

// Show selects the overlays a panel draws from the position itself, as the
// check boxes of ShowControls set it; it converts to eval.TacticsFilter.
type Show struct {
	Frozen bool // rings around frozen pieces
	Danger bool // rings around pieces that can be trapped within a turn
	Goal   bool // arrows of a goal within a turn
}

// DefaultShow is what panels start with.
var DefaultShow = Show{Frozen: true, Danger: true, Goal: true}

// WithTactics returns o with the marks a panel finds in the position
// itself (eval.FindTactics finds them): frozen pieces, pieces in danger,
// the steps of goal threats.
func (o Overlays) WithTactics(frozen, danger rules.Bitboard, goal []rules.Step) Overlays {
	o.Frozen, o.Danger, o.Goal = frozen, danger, goal
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
