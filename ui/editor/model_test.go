package editor

import (
	"math/rand/v2"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

func TestModelEdits(t *testing.T) {
	start := rules.StartPosition()
	tests := []struct {
		name    string
		edit    func(m *Model) bool
		check   func(p rules.Position) bool
		changed bool
	}{
		{"place", func(m *Model) bool { return m.Place(rules.D4, rules.SilverCat) },
			func(p rules.Position) bool { return p.At(rules.D4) == rules.SilverCat }, true},
		{"place same piece again is no edit", func(m *Model) bool { return m.Place(rules.A1, rules.GoldRabbit) },
			func(p rules.Position) bool { return p.At(rules.A1) == rules.GoldRabbit }, false},
		{"remove", func(m *Model) bool { return m.Remove(rules.E2) },
			func(p rules.Position) bool { return p.At(rules.E2) == rules.Empty }, true},
		{"move", func(m *Model) bool { return m.MovePiece(rules.E2, rules.E5) },
			func(p rules.Position) bool {
				return p.At(rules.E2) == rules.Empty && p.At(rules.E5) == rules.GoldElephant
			}, true},
		{"drag off the board removes", func(m *Model) bool { return m.MovePiece(rules.E2, rules.NoSquare) },
			func(p rules.Position) bool { return p.At(rules.E2) == rules.Empty }, true},
		{"move from empty square", func(m *Model) bool { return m.MovePiece(rules.E4, rules.E5) },
			func(p rules.Position) bool { return p == rules.StartPosition() }, false},
		{"side", func(m *Model) bool { return m.SetSide(rules.Silver) },
			func(p rules.Position) bool { return p.Side() == rules.Silver }, true},
		{"turn", func(m *Model) bool { return m.SetTurn(17) },
			func(p rules.Position) bool { return p.Turn() == 17 }, true},
		{"clear", func(m *Model) bool { return m.Clear() },
			func(p rules.Position) bool { return p.Occupied() == 0 }, true},
		{"swap colours", func(m *Model) bool { m.Remove(rules.A1); return m.SwapColours() },
			func(p rules.Position) bool {
				return p.At(rules.A8) == rules.Empty && p.At(rules.E7) == rules.SilverElephant && p.At(rules.D2) == rules.GoldElephant && p.Side() == rules.Silver
			}, true},
		{"mirror", func(m *Model) bool { m.Remove(rules.A1); return m.Mirror() },
			func(p rules.Position) bool {
				return p.At(rules.H1) == rules.Empty && p.At(rules.A1) == rules.GoldRabbit && p.At(rules.D2) == rules.GoldElephant
			}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewModel(start)
			notified := 0
			m.OnChange = func() { notified++ }
			got := tt.edit(m)
			if got != tt.changed && notified == 0 {
				t.Errorf("edit reported %v, want %v", got, tt.changed)
			}
			if !tt.check(m.Position()) {
				t.Errorf("wrong position after edit:\n%s", m.Text(false))
			}
			if m.Dirty() != tt.changed {
				t.Errorf("Dirty() = %v, want %v", m.Dirty(), tt.changed)
			}
			if tt.changed {
				for m.CanUndo() {
					m.Undo()
				}
				if m.Position() != start || m.Dirty() {
					t.Errorf("undoing every edit did not restore the start (dirty %v)", m.Dirty())
				}
			}
		})
	}
}

func TestUndoRedo(t *testing.T) {
	m := NewModel(rules.StartPosition())
	m.Place(rules.D4, rules.GoldCat)
	m.Place(rules.D5, rules.SilverDog)
	after2 := m.Position()
	ok := m.Undo()
	if p := m.Position(); !ok || p.At(rules.D5) != rules.Empty || p.At(rules.D4) != rules.GoldCat {
		t.Fatalf("undo did not take back only the last edit")
	}
	if !m.Redo() || m.Position() != after2 {
		t.Fatalf("redo did not restore the edit")
	}
	m.Undo()
	m.Place(rules.H4, rules.GoldHorse)
	if m.CanRedo() {
		t.Errorf("a new edit should drop the redo list")
	}
	m.Undo()
	m.Undo()
	if m.CanUndo() || m.Position() != rules.StartPosition() {
		t.Errorf("undo history wrong")
	}
}

func TestSwapAndMirrorAreInvolutions(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20 {
		m := NewModel(rules.Position{})
		m.RandomSetup(rng)
		m.MovePiece(rules.B2, rules.C4)
		p := m.Position()
		if probs := p.Validate(); len(probs) != 0 && i == 0 {
			t.Logf("problems %v", probs)
		}
		m.SwapColours()
		m.SwapColours()
		if m.Position() != p {
			t.Fatalf("swapping colours twice changed the position")
		}
		m.Mirror()
		m.Mirror()
		if m.Position() != p {
			t.Fatalf("mirroring twice changed the position")
		}
	}
}

func TestRandomSetupIsLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	seen := map[rules.Position]bool{}
	for range 50 {
		m := NewModel(rules.Position{})
		m.RandomSetup(rng)
		p := m.Position()
		if probs := p.Validate(); len(probs) != 0 {
			t.Fatalf("random setup has problems %v:\n%s", probs, m.Text(false))
		}
		for sq := rules.Square(0); sq < 64; sq++ {
			pc := p.At(sq)
			home := sq.Rank() <= 1
			if pc.Color() == rules.Silver {
				home = sq.Rank() >= 6
			}
			if pc != rules.Empty && !home {
				t.Fatalf("%v%v is off its home ranks", pc, sq)
			}
		}
		if p.Occupied().Count() != 32 {
			t.Fatalf("random setup has %d pieces", p.Occupied().Count())
		}
		seen[p] = true
	}
	if len(seen) < 45 {
		t.Errorf("only %d different setups in 50", len(seen))
	}
}

func TestValidation(t *testing.T) {
	tests := []struct {
		name string
		edit func(m *Model)
		want string // part of a problem, "" for none
	}{
		{"start is valid", func(m *Model) {}, ""},
		{"too many rabbits", func(m *Model) { m.Place(rules.D4, rules.GoldRabbit) }, "rabbit"},
		{"two elephants", func(m *Model) { m.Place(rules.D5, rules.SilverElephant) }, "elephant"},
		{"unsupported piece on a trap", func(m *Model) { m.Clear(); m.Place(rules.C3, rules.GoldDog); m.Place(rules.H8, rules.SilverRabbit) }, "c3"},
		{"game already over", func(m *Model) { m.Remove(rules.D8); m.MovePiece(rules.A1, rules.D8) }, "goal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewModel(rules.StartPosition())
			tt.edit(m)
			probs := m.Problems()
			if tt.want == "" {
				if len(probs) != 0 {
					t.Fatalf("problems %v, want none", probs)
				}
				return
			}
			var all []string
			for _, p := range probs {
				all = append(all, p.Msg)
			}
			if !strings.Contains(strings.ToLower(strings.Join(all, "; ")), tt.want) {
				t.Errorf("problems %q do not mention %q", all, tt.want)
			}
		})
	}
}

func TestTextRoundTrip(t *testing.T) {
	m := NewModel(rules.StartPosition())
	m.MovePiece(rules.C7, rules.D4)
	m.SetSide(rules.Silver)
	m.SetTurn(12)
	want := m.Position()
	for _, compact := range []bool{false, true} {
		text := m.Text(compact)
		m2 := NewModel(rules.Position{})
		if err := m2.Paste(text); err != nil {
			t.Fatalf("paste %q: %v", text, err)
		}
		got := m2.Position()
		if compact {
			// The compact form has no turn number.
			want2 := want.WithTurn(got.Turn())
			if got.Board() != want2.Board() || got.Side() != want2.Side() {
				t.Errorf("compact round trip changed the position")
			}
			continue
		}
		if got != want {
			t.Errorf("long round trip changed the position:\n%s", text)
		}
		if !m2.Dirty() || !m2.CanUndo() {
			t.Errorf("a paste must be an undoable edit")
		}
	}
	if err := NewModel(rules.Position{}).Paste("hello"); err == nil {
		t.Errorf("pasting nonsense succeeded")
	}
	if err := NewModel(rules.Position{}).Paste("   "); err == nil {
		t.Errorf("pasting nothing succeeded")
	}
}

func TestVerdict(t *testing.T) {
	pos := func(side rules.Color, pcs map[rules.Square]rules.Piece) rules.Position {
		var b [64]rules.Piece
		for sq, pc := range pcs {
			b[sq] = pc
		}
		return rules.NewPosition(side, 2, b)
	}
	for _, c := range []struct {
		name       string
		p          rules.Position
		analysable bool
		say        []string
	}{
		{"start", rules.StartPosition(), true, []string{"valid position: the engine can analyse it"}},
		{"empty", pos(rules.Gold, nil), false, []string{"the board is empty", "cannot analyse an empty board"}},
		{"silver has no rabbits", pos(rules.Gold, map[rules.Square]rules.Piece{rules.A2: rules.GoldRabbit, rules.D7: rules.SilverElephant}), false,
			[]string{"silver has no rabbits", "the game is over: gold wins by elimination", "cannot analyse it"}},
		{"neither has rabbits", pos(rules.Gold, map[rules.Square]rules.Piece{rules.B2: rules.GoldElephant, rules.D7: rules.SilverElephant}), false,
			[]string{"gold has no rabbits", "silver has no rabbits"}},
		{"two camels", pos(rules.Gold, map[rules.Square]rules.Piece{rules.A2: rules.GoldRabbit, rules.B2: rules.GoldCamel, rules.C2: rules.GoldCamel, rules.D7: rules.SilverRabbit}), false,
			[]string{"camel", "not sent to an engine"}},
		{"one rabbit each", pos(rules.Gold, map[rules.Square]rules.Piece{rules.A2: rules.GoldRabbit, rules.D7: rules.SilverRabbit}), true,
			[]string{"the engine can analyse it"}},
	} {
		lines, ok := Verdict(c.p)
		text := strings.Join(lines, "\n")
		if ok != c.analysable {
			t.Errorf("%s: analysable %v, want %v (%q)", c.name, ok, c.analysable, text)
		}
		for _, s := range c.say {
			if !strings.Contains(text, s) {
				t.Errorf("%s: %q does not say %q", c.name, text, s)
			}
		}
	}
}
