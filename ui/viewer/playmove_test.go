package viewer

import (
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

// TestPlayMoveSaysWhereItWent: a move played from the engine's lines or
// the explorer, whose tabs hide the move list, says in the status which
// move it was and where it went: the game's own move followed, a new
// variation, or a move played at the end of the line.
func TestPlayMoveSaysWhereItWent(t *testing.T) {
	v, _, _, status := newTestPanel(t)
	game := openGoalRace(t, v)
	say := func() string { return (*status)[len(*status)-1] }

	v.Model.Seek(4)
	p := v.Model.TurnStart()
	own := game.Moves()[4]
	if err := v.PlayMove(own); err != nil {
		t.Fatal(err)
	}
	if got, want := say(), rules.TurnLabel(p.Turn(), p.Side())+" "+p.MoveString(own)+": the game's own move, followed"; got != want {
		t.Errorf("the game's own move: status %q, want %q", got, want)
	}

	v.Model.Seek(4)
	at, err := v.Model.GameAt()
	if err != nil {
		t.Fatal(err)
	}
	other := at.LegalMoves(nil)[0]
	if other == own {
		other = at.LegalMoves(nil)[1]
	}
	if err := v.PlayMove(other); err != nil {
		t.Fatal(err)
	}
	if got := say(); !strings.Contains(got, "new variation") {
		t.Errorf("another move: status %q", got)
	}
}
