package viewer

import (
	"testing"

	"fyne.io/fyne/v2"

	"arimaa-workbench/engine/phase"
	"arimaa-workbench/engine/rules"
)

func TestLinePhases(t *testing.T) {
	g, m := goalRaceModel(t)
	got := m.LinePhases()
	if len(got) != len(g.Moves())+1 {
		t.Fatalf("%d phases for %d moves", len(got), len(g.Moves()))
	}
	for i, x := range got {
		if want := phase.Of(g.PositionBefore(i)); x != want {
			t.Errorf("position %d: phase %v, want %v", i, x, want)
		}
	}
	if got[0] != 0 || phase.StageOf(got[len(got)-1]) != phase.End {
		t.Errorf("the game goes from %v to %v", got[0], got[len(got)-1])
	}
	// The line shown follows the cursor into a variation: one move played
	// instead of 2b gives a line of two moves.
	m.Seek(1)
	alt := firstLegal(t, g.PositionBefore(1), g.Moves()[1])
	if _, err := m.Play(alt); err != nil {
		t.Fatal(err)
	}
	if n := len(m.LinePhases()); n != m.Len()+1 || n != 3 {
		t.Errorf("variation: %d phases for a line of %d moves", n, m.Len())
	}
}

// firstLegal is a legal move from p other than not.
func firstLegal(t *testing.T, p rules.Position, not rules.Move) rules.Move {
	t.Helper()
	var gen rules.MoveGen
	for _, m := range gen.Moves(p, nil) {
		if m != not {
			return m
		}
	}
	t.Fatal("no other legal move")
	return rules.Move{}
}

func TestPhaseColour(t *testing.T) {
	tests := []struct {
		x    float64
		want any
	}{
		{-1, openingColour}, {0, openingColour}, {0.5, middleColour}, {1, endColour}, {2, endColour},
	}
	for _, tc := range tests {
		if got := phaseColour(tc.x); got != tc.want {
			t.Errorf("phaseColour(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
	if c := phaseColour(0.25); c == openingColour || c == middleColour {
		t.Errorf("phaseColour(0.25) = %v is not a blend", c)
	}
}

// TestPanelPhaseBand loads a game: the band has one value per position of
// the line shown, follows the cursor, is drawn in the phase's colours and
// jumps to the position tapped.
func TestPanelPhaseBand(t *testing.T) {
	v, _, _, _ := newTestPanel(t)
	openGoalRace(t, v)
	if n := len(v.analysis.band.values); n != 56 || n != v.Model.Len()+1 {
		t.Fatalf("band of %d values for a line of %d moves", n, v.Model.Len())
	}
	if v.analysis.band.cursor != 0 {
		t.Errorf("at the start: cursor %d", v.analysis.band.cursor)
	}
	v.Go("last")
	last := v.analysis.band.values[55]
	if v.analysis.band.cursor != 55 || phase.StageOf(last) != phase.End {
		t.Errorf("at the end: cursor %d, phase %v", v.analysis.band.cursor, last)
	}
	img := v.analysis.band.draw(56, 4)
	if got := img.At(0, 0); got != openingColour {
		t.Errorf("first column %v, want the opening's colour", got)
	}
	if got := img.At(30, 0); got != phaseColour(v.analysis.band.values[30]) {
		t.Errorf("column 30 %v, want position 30's colour", got)
	}
	w := v.analysis.band.Size().Width
	v.analysis.band.Tapped(&fyne.PointEvent{Position: fyne.NewPos((w-1)*10/55, 3)})
	if v.Model.Ply() != 10 || v.analysis.band.cursor != 10 {
		t.Errorf("tap: ply %d, cursor %d, want 10", v.Model.Ply(), v.analysis.band.cursor)
	}
}
