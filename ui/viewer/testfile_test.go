package viewer

import (
	"strings"
	"testing"

	"arimaa-workbench/ats"
)

func TestTestTemplateReadsBack(t *testing.T) {
	g := loadGame(t, "goal_race.txt")
	p := g.PositionBefore(20)
	text := TestTemplate(p, "goal_race.txt at 11w")
	filled := strings.Replace(text, "after_piece_position =", "after_piece_position = Ed5 | Ee4 : 0.5", 1)
	test, err := ats.ReadATS(strings.NewReader(filled), "new.ats")
	if err != nil {
		t.Fatalf("the filled-in template does not read:\n%s\n%v", filled, err)
	}
	if test.Position.Board() != p.Board() || test.Position.Side() != p.Side() {
		t.Errorf("the test's position differs from the game's")
	}
	if !strings.Contains(test.Comment, "goal_race.txt at 11w") {
		t.Errorf("comment %q does not say where the test came from", test.Comment)
	}
}
