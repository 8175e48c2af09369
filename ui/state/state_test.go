package state

import (
	"testing"

	"arimaa-workbench/engine/rules"
)

func TestCurrentListeners(t *testing.T) {
	c := NewCurrent(rules.StartPosition(), "start")
	var got []string
	removeA := c.Listen(func(s Snapshot) { got = append(got, "a:"+s.Source) })
	c.Listen(func(s Snapshot) { got = append(got, "b:"+s.Source) })
	c.Set(Snapshot{Position: rules.StartPosition(), Source: "one"})
	removeA()
	c.Set(Snapshot{Source: "two"})
	want := []string{"a:one", "b:one", "b:two"}
	if len(got) != len(want) {
		t.Fatalf("listeners called %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("listeners called %v, want %v", got, want)
		}
	}
	if s := c.Get(); s.Source != "two" {
		t.Errorf("Get().Source = %q, want two", s.Source)
	}
}

func TestSnapshotValid(t *testing.T) {
	tests := []struct {
		name string
		pos  rules.Position
		want bool
	}{
		{"start", rules.StartPosition(), true},
		{"nine rabbits", rules.StartPosition().WithPiece(rules.E4, rules.GoldRabbit), false},
		{"rabbit on goal", rules.StartPosition().WithPiece(rules.A1, rules.Empty).WithPiece(rules.D8, rules.Empty).WithPiece(rules.D8, rules.GoldRabbit), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := (Snapshot{Position: tt.pos}).Valid(); got != tt.want {
				t.Errorf("Valid() = %v, want %v (problems %v)", got, tt.want, tt.pos.Validate())
			}
		})
	}
}

func TestCurrentActions(t *testing.T) {
	c := NewCurrent(rules.StartPosition(), "start")
	if err := c.Play(rules.Move{}); err != ErrNoOwner {
		t.Fatalf("Play without an owner: %v, want ErrNoOwner", err)
	}
	if c.Open(nil, "", 0) {
		t.Fatal("Open without an owner reported true")
	}
	var played []rules.Move
	var opened []string
	c.SetActions(Actions{
		Play: func(mv rules.Move) error {
			played = append(played, mv)
			c.Set(Snapshot{Source: "after"})
			return nil
		},
		Open: func(g *rules.Game, title string, ply int) { opened = append(opened, title) },
	})
	mv := rules.Move{N: 1}
	if err := c.Play(mv); err != nil || len(played) != 1 || played[0] != mv || c.Get().Source != "after" {
		t.Errorf("Play: err %v, played %v, source %q", err, played, c.Get().Source)
	}
	if !c.Open(nil, "game 7", 3) || len(opened) != 1 || opened[0] != "game 7" {
		t.Errorf("Open: %v", opened)
	}
}
