package rules

import (
	"errors"
	"strings"
	"testing"
)

func TestStartPositionCounts(t *testing.T) {
	p := StartPosition()
	if got := p.AEIString(); got != "g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]" {
		t.Fatalf("start position = %q", got)
	}
	var g MoveGen
	if n := g.Count(p); n != 3353 {
		t.Errorf("unique moves = %d, want 3353", n)
	}
	if n := len(p.Steps(nil)); n != 8 {
		t.Errorf("legal single steps = %d, want 8", n)
	}
}

// TestOutcome checks the end-of-game order of the package documentation on
// positions taken after Gold's turn (Silver to move): A = Gold, B = Silver.
func TestOutcome(t *testing.T) {
	cases := []struct {
		name   string
		pieces string
		want   string // "" when the game goes on
	}{
		{"mover's rabbit on goal", "Ra8 rh7", "gold wins by goal"},
		{"both rabbits on goal: the mover wins", "Ra8 ra1", "gold wins by goal"},
		{"only the opponent's rabbit on goal", "Rb2 ra1", "silver wins by goal"},
		{"opponent has no rabbits", "Rb2 ed7", "gold wins by elimination"},
		{"neither side has rabbits: the mover wins", "Eb2 ed7", "gold wins by elimination"},
		{"mover has no rabbits", "Eb2 rd7", "silver wins by elimination"},
		{"opponent's only piece is frozen", "Dd4 Ra2 rd5", "gold wins by immobilization"},
		{"opponent's only piece is blocked", "Ra7 Ea6 Cb7 Da8 rb8 Hb6", "gold wins by immobilization"},
		{"opponent can move", "Dd4 Ra2 rd5 rh7", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mk(t, Silver, c.pieces)
			r, over := p.Outcome()
			got := ""
			if over {
				got = r.String()
			}
			if got != c.want {
				t.Errorf("outcome = %q, want %q", got, c.want)
			}
		})
	}
}

func gameFrom(t *testing.T, side Color, pieces string) *Game {
	t.Helper()
	g, err := NewGameFrom(mk(t, side, pieces))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func playMoves(t *testing.T, g *Game, moves ...string) error {
	t.Helper()
	for _, m := range moves {
		if err := g.Play(MoveOf(steps(t, m)...)); err != nil {
			return err
		}
	}
	return nil
}

func TestGameMoveLegality(t *testing.T) {
	cases := []struct {
		name   string
		side   Color
		pieces string
		moves  []string
		err    string // substring of the last move's error; "" = all legal
	}{
		{"no-change move", Gold, "Ed4 Ra1 rh8", []string{"Ed4n Ed5s"}, "leaves the board as it was"},
		{"no-change with a pull back", Gold, "Ed4 rd3 Ra1 rh8", []string{"Ed4n rd3n Ed5e Ee5s"}, ""},
		{"turn ends mid-push", Gold, "Ed4 rd5 Ra1", []string{"rd5n"}, "middle of a push"},
		{"frozen piece", Gold, "Cd4 dd5 Ra1 rh8", []string{"Cd4e"}, "frozen"},
		{"rabbit backwards", Gold, "Rd4 rh8", []string{"Rd4s"}, "backwards"},
		{"wrong piece letter", Gold, "Rd4 rh8", []string{"Cd4n"}, "the piece on d4 is R"},
		{"four steps", Gold, "Ed4 Ra1 rh8", []string{"Ed4n Ed5n Ed6n Ed7e"}, ""},
		{"third repetition", Gold, "Ed4 ee6 Ra1 rh8", []string{
			"Ed4n", "ee6n", "Ed5s", "ee7s", // back to the start: second time
			"Ed4n", "ee6n", "Ed5s", "ee7s", // third time: illegal
		}, "third time"},
		{"rabbit pushed onto its goal and pulled back", Gold, "Ed3 rd2 Ra1 rh8", []string{"rd2s Ed3s Ed2e rd1n"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := gameFrom(t, c.side, c.pieces)
			err := playMoves(t, g, c.moves...)
			switch {
			case c.err == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Fatalf("error = %v, want one containing %q", err, c.err)
			}
			if c.err != "" {
				var me *MoveError
				if !errors.As(err, &me) {
					t.Fatalf("error %T is not a *MoveError", err)
				}
			}
		})
	}
}

func TestRepetitionErrorNamesTheTurn(t *testing.T) {
	g := gameFrom(t, Gold, "Ed4 ee6 Ra1 rh8")
	err := playMoves(t, g, "Ed4n", "ee6n", "Ed5s", "ee7s", "Ed4n", "ee6n", "Ed5s", "ee7s")
	if err == nil || !strings.HasPrefix(err.Error(), "move 13b:") {
		t.Fatalf("error = %v, want it to name move 13b", err)
	}
	if n := len(g.Moves()); n != 7 {
		t.Errorf("%d moves kept, want 7", n)
	}
}

func TestGameEndsAtGoal(t *testing.T) {
	// Gold pushes a silver rabbit onto rank 1 and leaves it there: Silver wins.
	g := gameFrom(t, Gold, "Ed3 rd2 Ra1 rh8")
	if err := playMoves(t, g, "rd2s Ed3s"); err != nil {
		t.Fatal(err)
	}
	if r, over := g.Result(); !over || r != (Result{Silver, ByGoal}) {
		t.Fatalf("result = %v (over %v), want silver wins by goal", r, over)
	}
	if err := playMoves(t, g, "rh8s"); err == nil || !strings.Contains(err.Error(), "over") {
		t.Fatalf("move after the end: %v", err)
	}
	if !g.Undo() || g.Phase() != Playing {
		t.Fatal("undo should reopen the game")
	}
}

func TestSetup(t *testing.T) {
	g := NewGame()
	gold := "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"
	silver := "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7"
	place := func(s string) []Placement {
		var ps []Placement
		for _, w := range strings.Fields(s) {
			tok, _ := ParseToken(w)
			ps = append(ps, Placement{tok.Piece, tok.Square})
		}
		return ps
	}
	if err := g.SetupPieces(place(strings.Replace(gold, "Ra1", "Ra3", 1))); err == nil || !strings.Contains(err.Error(), "home ranks") {
		t.Fatalf("setup off the home ranks: %v", err)
	}
	if err := g.SetupPieces(place(strings.Replace(gold, "Hh2", "Ch2", 1))); err == nil || !strings.Contains(err.Error(), "needs 2") {
		t.Fatalf("wrong army: %v", err)
	}
	if err := g.SetupPieces(place(silver)); err == nil {
		t.Fatal("silver set up first")
	}
	if err := g.SetupPieces(place(gold)); err != nil {
		t.Fatal(err)
	}
	if err := g.SetupPieces(place(silver)); err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if g.Phase() != Playing || p.Side() != Gold || p.Turn() != 2 {
		t.Fatalf("after setup: phase %v side %v turn %d", g.Phase(), p.Side(), p.Turn())
	}
	if err := playMoves(t, g, "Ee2n Ee3n Ee4n Ee5n", "ed7s ed6s ed5s rd8s"); err != nil {
		t.Fatal(err)
	}
	if p := g.Position(); p.Turn() != 3 || p.Side() != Gold {
		t.Errorf("turn %d side %v, want 3 gold", p.Turn(), p.Side())
	}
}

func TestValidate(t *testing.T) {
	p := mk(t, Gold, "Ea2 Eb1 Rc3 ra1 Rh8")
	got := p.Validate()
	var msgs []string
	for _, pr := range got {
		msgs = append(msgs, pr.Msg)
	}
	joined := strings.Join(msgs, "; ")
	for _, want := range []string{"gold has 2 elephants", "trap c3", "goal rank at h8"} {
		if !strings.Contains(joined, want) {
			t.Errorf("problems %q lack %q", joined, want)
		}
	}
	if _, err := NewGameFrom(p); err == nil {
		t.Error("NewGameFrom accepted an invalid position")
	}
}
