package board

import (
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

func TestMoveEntryPushAndPull(t *testing.T) {
	tests := []struct {
		name   string
		pieces string
		clicks []rules.Square
		want   string // the move in notation
	}{
		// Enemy piece first, then the pusher.
		{"push by clicks", "Ed4 rd5 Ra1 rh8", []rules.Square{rules.D5, rules.D6, rules.D4, rules.D5}, "rd5n Ed4n"},
		// The puller first, then the enemy piece.
		{"pull by clicks", "Ed4 rd3 Ra1 rh8", []rules.Square{rules.D4, rules.D5, rules.D3, rules.D4}, "Ed4n rd3n"},
		// A pull to the side: elephant steps east, rabbit follows.
		{"pull sideways", "Ed4 rc4 Ra1 rh8", []rules.Square{rules.D4, rules.E4, rules.C4, rules.D4}, "Ed4e rc4e"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := NewMoveEntry(rulestest.Place(t, rules.Gold, tt.pieces))
			for _, sq := range tt.clicks {
				e.Click(sq)
			}
			start := e.Start()
			if got := start.MoveString(e.Move()); got != tt.want {
				t.Fatalf("move = %q, want %q", got, tt.want)
			}
			if !e.CanFinish() {
				t.Errorf("CanFinish() = false after a whole push or pull")
			}
		})
	}
}

func TestMoveEntryRefusals(t *testing.T) {
	tests := []struct {
		name     string
		pieces   string
		from, to rules.Square
		wantErr  string // part of the message
	}{
		{"empty square", "Ed4 Ra1 rh8", rules.C5, rules.C6, "no piece on c5"},
		{"not adjacent", "Ed4 Ra1 rh8", rules.D4, rules.D6, "not a single step"},
		{"rabbit backwards", "Ed4 Ra2 rh8", rules.A2, rules.A1, "Ra2s"},
		{"frozen", "Rd4 hd5 Ra1 rh8", rules.D4, rules.C4, "Rd4w"},
		{"weaker enemy cannot be pushed by weaker", "Rd4 cd5 Ra1 rh8", rules.D5, rules.D6, "cd5n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := NewMoveEntry(rulestest.Place(t, rules.Gold, tt.pieces))
			err := e.Step(tt.from, tt.to)
			if err == nil {
				t.Fatalf("Step(%v, %v) played; want refusal", tt.from, tt.to)
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %q does not mention %q", err, tt.wantErr)
			}
			if len(e.Steps()) != 0 {
				t.Errorf("a refused step was recorded: %v", e.Steps())
			}
		})
	}
}

func TestMoveEntryUndoRedo(t *testing.T) {
	p := rulestest.Place(t, rules.Gold, "Ed4 Ra1 rh8")
	e := NewMoveEntry(p)
	for _, s := range [][2]rules.Square{{rules.D4, rules.D5}, {rules.D5, rules.D6}} {
		if err := e.Step(s[0], s[1]); err != nil {
			t.Fatal(err)
		}
	}
	if !e.Undo() || len(e.Steps()) != 1 {
		t.Fatalf("after undo: steps %v", e.Steps())
	}
	cur := e.Position()
	if cur.At(rules.D5) != rules.GoldElephant {
		t.Fatalf("after undo the elephant should be on d5")
	}
	if !e.Redo() || len(e.Steps()) != 2 {
		t.Fatalf("after redo: steps %v", e.Steps())
	}
	if e.Redo() {
		t.Errorf("redo with nothing undone succeeded")
	}
	e.Undo()
	e.Undo()
	if e.Undo() {
		t.Errorf("undo past the start succeeded")
	}
	if e.Position() != p {
		t.Errorf("undoing every step did not give back the start")
	}
}

func TestClickMessages(t *testing.T) {
	e := NewMoveEntry(rulestest.Place(t, rules.Gold, "Rd4 hd5 Ra1 rh8"))
	if msg := e.Click(rules.C5); !strings.Contains(msg, "empty") {
		t.Errorf("click on empty square: %q", msg)
	}
	if msg := e.Click(rules.D4); msg != "Rd4 cannot move: frozen by the horse on d5" || e.Selected() != rules.NoSquare {
		t.Errorf("click on frozen rabbit: %q, selected %v", msg, e.Selected())
	}
	if msg := e.Click(rules.A1); !strings.Contains(msg, "selected") || e.Targets() != rules.A2.Bit()|rules.B1.Bit() {
		t.Errorf("click on a1: %q, targets\n%v", msg, e.Targets())
	}
}
