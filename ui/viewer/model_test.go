package viewer

import (
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/uitest"
)

// goalRaceModel loads the example game goal_race.txt and a model of it.
func goalRaceModel(t *testing.T) (*rules.Game, *Model) {
	t.Helper()
	g := uitest.LoadGame(t, "goal_race.txt")
	return g, NewModel(g, "goal race")
}

func TestModelNavigation(t *testing.T) {
	g, m := goalRaceModel(t)
	if m.Len() != 55 {
		t.Fatalf("Len() = %d, want 55 moves (2w to 29w)", m.Len())
	}
	if m.Position() != g.Start() {
		t.Fatalf("a new model is not at the start")
	}
	if got := m.MoveText(0); got != "2w Hb2n Rb1n Hb3e Rb2n" {
		t.Errorf("MoveText(0) = %q", got)
	}
	// 5w captures a silver rabbit on c3.
	if got := m.MoveText(6); got != "5w Hd3n Rb4n rc4s rc3x Hd4w" {
		t.Errorf("MoveText(6) = %q", got)
	}

	// Step through 5w: after its third step the rabbit is gone.
	m.Seek(6)
	for range 3 {
		m.NextStep()
	}
	if m.Ply() != 6 || m.Step() != 3 {
		t.Fatalf("cursor at %d.%d, want 6.3", m.Ply(), m.Step())
	}
	p := m.Position()
	if p.At(rules.C3) != rules.Empty || p.At(rules.C4) != rules.Empty {
		t.Errorf("after rc4s the rabbit should be captured on c3")
	}
	gold, silver := m.Captured()
	if len(gold) != 0 || len(silver) != 1 || silver[0] != rules.SilverRabbit {
		t.Errorf("captured gold %v silver %v, want silver [r]", gold, silver)
	}
	if hl := m.Highlight(); len(hl) != 3 {
		t.Errorf("highlight %v, want the three steps played", hl)
	}
	m.NextStep()
	if m.Ply() != 7 || m.Step() != 0 {
		t.Errorf("after the last step the cursor is at %d.%d, want 7.0", m.Ply(), m.Step())
	}
	m.PrevStep()
	if m.Ply() != 6 || m.Step() != 3 {
		t.Errorf("PrevStep from a boundary: %d.%d, want 6.3", m.Ply(), m.Step())
	}
	m.Prev()
	if m.Ply() != 6 || m.Step() != 0 {
		t.Errorf("Prev in the middle of a move goes to its start: %d.%d", m.Ply(), m.Step())
	}
	m.Last()
	if m.Position() != g.Position() {
		t.Errorf("Last is not the game's final position")
	}
	if m.Next() || m.NextStep() {
		t.Errorf("moved past the end")
	}
	if got := m.ResultText(); got != "gold wins by goal" {
		t.Errorf("ResultText() = %q", got)
	}
	m.First()
	if m.PrevStep() {
		t.Errorf("stepped before the start")
	}
	// Before the first move is Gold's setup alone, then nothing.
	moved := m.Prev()
	if p := m.Position(); !moved || !m.SetupView() || p.Count(rules.Silver, rules.Rabbit) != 0 || p.Count(rules.Gold, rules.Rabbit) != 8 {
		t.Errorf("Prev at the start does not show Gold's setup")
	}
	if m.Prev() {
		t.Errorf("moved before Gold's setup")
	}
	if !m.Next() || m.SetupView() || m.Position() != g.Start() {
		t.Errorf("Next from Gold's setup does not go to the start")
	}

	// Stepping through every step ends where moving by whole moves does.
	m.First()
	n := 0
	for m.NextStep() {
		n++
	}
	steps := 0
	for _, mv := range g.Moves() {
		steps += int(mv.N)
	}
	if n != steps || m.Position() != g.Position() {
		t.Errorf("stepped %d times (want %d), final position differs: %v", n, steps, m.Position() != g.Position())
	}
}

func TestModelGameAtAndPlay(t *testing.T) {
	g, m := goalRaceModel(t)
	m.Seek(10)
	at, err := m.GameAt()
	if err != nil {
		t.Fatal(err)
	}
	if len(at.Moves()) != 10 || at.Position() != m.Position() {
		t.Fatalf("GameAt has %d moves and a different position", len(at.Moves()))
	}
	// Playing a different move at ply 10 makes a variation; the game
	// keeps its moves.
	var mv rules.Move
	for _, cand := range at.LegalMoves(nil) {
		if cand != g.Moves()[10] {
			mv = cand
			break
		}
	}
	created, err := m.Play(mv)
	if err != nil || !created {
		t.Fatalf("Play: created %v, %v", created, err)
	}
	if m.Len() != 11 || m.Ply() != 11 || !m.InVariation() || !m.Dirty() {
		t.Errorf("after Play: %d moves in the line, cursor %d, in a variation %v, dirty %v; want 11, 11, true, true", m.Len(), m.Ply(), m.InVariation(), m.Dirty())
	}
	tr, err := m.Tree()
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Game.Moves()) != 55 || len(tr.Notes[10].Variations) != 1 || tr.Notes[10].Variations[0].Moves[0] != mv {
		t.Errorf("the tree lost the game or the variation: %d moves, notes %+v", len(tr.Game.Moves()), tr.Notes[10])
	}
	if len(g.Moves()) != 55 {
		t.Errorf("Play changed the original game")
	}
	// Playing the game's own move follows it.
	m.Seek(10)
	if created, err := m.Play(g.Moves()[10]); err != nil || created || m.InVariation() {
		t.Errorf("playing the game's move: created %v, %v, in a variation %v", created, err, m.InVariation())
	}
	if _, err := m.Play(rules.MoveOf(rules.MakeStep(rules.GoldRabbit, rules.A1, rules.South))); err == nil {
		t.Errorf("an illegal move was played")
	}
}
