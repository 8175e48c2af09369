package ats

import (
	"errors"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
	"arimaa-workbench/records"
)

// pos reads a position in the long format; rows from rank 8 down.
func pos(t testing.TB, label string, rows ...string) rules.Position {
	t.Helper()
	text := label + "\n"
	for i, r := range rows {
		text += string(rune('8'-i)) + "| " + r + " |\n"
	}
	p, err := records.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// scoreMove plays move in p and returns the score c gives it.
func scoreMove(t testing.TB, c Criteria, p rules.Position, move string) float64 {
	t.Helper()
	pl, err := PlayMove(p, move)
	if err != nil {
		t.Fatal(err)
	}
	return c.Judge(p, pl, Report{}).Score
}

// quietPosition: a gold rabbit on a1 and elephant on e1, a silver rabbit
// on a8, gold to move.
func quietPosition(t testing.TB) rules.Position {
	return rulestest.Place(t, rules.Gold, "Ra1 Ee1 ra8")
}

func TestParseAtom(t *testing.T) {
	tests := []struct {
		in, want string
		kind     Kind
		neg      bool
	}{
		{"Eb3", "Eb3", PieceAt, false},
		{"!ce2", "!ce2", PieceAt, true},
		{"Hf6x", "Hf6x", CapturedAt, false},
		{"!rc3x", "!rc3x", CapturedAt, true},
	}
	for _, tc := range tests {
		a, err := ParseAtom(tc.in)
		if err != nil || a.String() != tc.want || a.Kind != tc.kind || a.Negate != tc.neg {
			t.Errorf("ParseAtom(%q) = %v %v %v, %v", tc.in, a, a.Kind, a.Negate, err)
		}
	}
	for _, bad := range []string{"", "!", "E", "Eb", "Qb3", "Eb9", "Ei3", "Eb3y", "Eb3x", "!!Eb3", "Eb3xx"} {
		if _, err := ParseAtom(bad); err == nil {
			t.Errorf("ParseAtom(%q): no error", bad)
		}
	}
}

func TestParsePiecePosition(t *testing.T) {
	c, err := ParsePiecePosition("Ec5 | Ed6 | Dc5 : 0.1 | Cc5: 0.15 |")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.String(); got != "Ec5 | Ed6 | Dc5 : 0.1 | Cc5 : 0.15" {
		t.Errorf("String = %q", got)
	}
	if c.MaxScore() != 1 {
		t.Errorf("MaxScore = %v", c.MaxScore())
	}
	for _, tc := range []struct {
		in  string
		col int
	}{
		{"Ec5 | Xd6", 7},
		{"Ec5 : x", 7},
		{": 0.5", 1},
		{"", 1},
		{"Ec5 : -1", 7},
	} {
		_, err := ParsePiecePosition(tc.in)
		var ae *AtomError
		if !errors.As(err, &ae) || ae.Column != tc.col {
			t.Errorf("%q: error %v, want column %d", tc.in, err, tc.col)
		}
	}
}

func TestJudge(t *testing.T) {
	// Gold: rabbit d7 (goal in one), elephant c4 next to a silver cat on
	// c5... see the board. Silver: rabbit d2 threatening d1.
	p := pos(t, "20w",
		". . . . . . . r",
		". . . R . . . .",
		". . x . . x . .",
		". . c . . . . .",
		". . E . . . . .",
		". . x . . x . .",
		". . . r . . . .",
		"R . . . . . . .")
	one := func(a Cond) Criteria { return Criteria{Blocks: []Block{{Atoms: []Cond{a}, Weight: 1}}} }
	at := func(s string) Cond { a, _ := ParseAtom(s); return a }
	tests := []struct {
		name  string
		c     Criteria
		move  string
		score float64
	}{
		{"goal", one(Cond{Kind: ScoreGoal}), "Rd7n", 1},
		{"no goal", one(Cond{Kind: ScoreGoal}), "Rd7w", 0},
		{"goal does not prevent", one(Cond{Kind: PreventGoal}), "Rd7w", 0},
		{"own goal ends the game", one(Cond{Kind: PreventGoal}), "Rd7n", 1},
		{"freeze prevents", one(Cond{Kind: PreventGoal}), "Ec4e Ed4s", 1},
		{"piece at", one(at("Ed3")), "Ec4e Ed4s", 1},
		{"piece not at", one(at("!Ed3")), "Ec4e Ed4s", 0},
		{"captured", one(at("cc6x")), "cc5n cc6x Ec4n", 1},
		{"captured wrong square", one(at("cc3x")), "cc5n cc6x Ec4n", 0},
		{"not captured", one(at("!cc6x")), "Ec4e", 1},
		{"captures any trap", one(Cond{Kind: Captures, Piece: rules.SilverCat, Square: rules.NoSquare}), "cc5n Ec4n", 1},
		{"no loss", one(Cond{Kind: NoLoss}), "Rd7n", 1},
		{"win ratio unknown", one(Cond{Kind: WinRatioAtLeast, MinWinRatio: 0.5}), "Rd7n", 0},
		{"best of blocks", Criteria{Blocks: []Block{{Atoms: []Cond{at("Rd8")}, Weight: 0.3}, {Atoms: []Cond{at("Rd8"), at("Ec5")}, Weight: 0.9}}}, "cc5e Ec4n Rd7n", 0.9},
		{"all atoms needed", Criteria{Blocks: []Block{{Atoms: []Cond{at("Rd8"), at("Ec5")}, Weight: 0.9}}}, "Rd7n", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.c.Bind(p); err != nil {
				t.Fatal(err)
			}
			pl, err := PlayMove(p, tc.move)
			if err != nil {
				t.Fatal(err)
			}
			v := tc.c.Judge(p, pl, Report{})
			if v.Score != tc.score {
				t.Errorf("score %v, want %v (%+v)", v.Score, tc.score, v.Blocks)
			}
		})
	}
}

// TestJudgePreventCapture: the silver camel on e4 can push the frozen horse
// on e3 into f3 or, in two pushes, into c3; only a defence that stops both
// prevents the capture.
func TestJudgePreventCapture(t *testing.T) {
	p := pos(t, "20w",
		"r . . . . . . .",
		". . . . . . . .",
		". . x . . x . .",
		". . . . . . . .",
		". . . . m . . .",
		". . x . H x . .",
		". . . . . . D .",
		"R . . . E . . .")
	c := Criteria{Blocks: []Block{{Atoms: []Cond{{Kind: PreventCapture, Square: rules.NoSquare}}, Weight: 1}}}
	for _, tc := range []struct {
		move  string
		score float64
	}{
		{"Ra1n", 0},                // nothing done: f3
		{"Ee1n", 0},                // unfrozen, still pushed into f3
		{"Dg2n", 0},                // f3 guarded, c3 is not
		{"Ee1n He3w Ee2n Hd3n", 1}, // the horse escapes beside its elephant
	} {
		if s := scoreMove(t, c, p, tc.move); s != tc.score {
			t.Errorf("%s: score %v, want %v", tc.move, s, tc.score)
		}
	}
}

func TestLossCounted(t *testing.T) {
	// A gold cat alone on c3 supported by the dog on c2; the dog steps away.
	p := rulestest.Place(t, rules.Gold, "Ra1 Dc2 Cc3 ra8")
	pl, err := PlayMove(p, "Dc2e")
	if err != nil {
		t.Fatal(err)
	}
	if len(pl.Captures) != 1 || pl.Captures[0].Piece != rules.GoldCat || pl.Text != "Dc2e Cc3x" {
		t.Fatalf("captures %v text %q", pl.Captures, pl.Text)
	}
	c := Criteria{Blocks: []Block{{Atoms: []Cond{{Kind: NoLoss}}, Weight: 1}}}
	if v := c.Judge(p, pl, Report{}); v.Score != 0 {
		t.Errorf("no loss holds after losing the cat")
	}
}

func TestBestMoveByPosition(t *testing.T) {
	p := quietPosition(t)
	c := Criteria{Blocks: []Block{{Atoms: []Cond{{Kind: BestMove, Moves: []string{"Ee1n Ra1n"}}}, Weight: 1}}}
	if err := c.Bind(p); err != nil {
		t.Fatal(err)
	}
	for move, want := range map[string]float64{"Ra1n Ee1n": 1, "Ee1n Ra1n": 1, "Ee1n": 0, "Ra1n Ee1w Ed1e Ee1n": 1} {
		if s := scoreMove(t, c, p, move); s != want {
			t.Errorf("%s scores %v, want %v", move, s, want)
		}
	}
}

func TestPlayMoveIllegal(t *testing.T) {
	p := quietPosition(t)
	for move, why := range map[string]string{
		"":                         "empty",
		"Ee1n Ee2s":                "as it was",
		"Ra1s":                     "Ra1s",
		"Ee1n Ee2n Ee3n Ee4n Ee5n": "four",
		"Ee1n Ee2x":                "capture",
		"Ra1":                      "placement",
		"bestmove":                 "word 1",
	} {
		_, err := PlayMove(p, move)
		if !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), why) {
			t.Errorf("%q: error %v, want one mentioning %q", move, err, why)
		}
	}
}
