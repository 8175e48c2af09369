package rules

import (
	"errors"
	"strings"
	"testing"
)

func TestParseTokenErrors(t *testing.T) {
	tests := []struct {
		in, want string
		col      int
		piece    bool
	}{
		{"Ee2nn", `"Ee2nn" is not a step, capture or placement`, 1, false},
		{"Qe3n", `"Qe3n": 'Q' is not an Arimaa piece`, 1, true},
		{"Ee9n", `"Ee9n": "e9" is not a square (a1 to h8)`, 2, false},
		{"Ee3q", `"Ee3q": 'q' is not a direction (n, e, s, w) or capture mark (x)`, 4, false},
		{"Ra1w", `"Ra1w" steps off the board`, 1, false},
	}
	for _, tc := range tests {
		_, err := ParseToken(tc.in)
		var ne *NotationError
		if !errors.As(err, &ne) {
			t.Fatalf("%q: error %v is not a *NotationError", tc.in, err)
		}
		if err.Error() != tc.want || ne.Column != tc.col || errors.Is(err, ErrPieceLetter) != tc.piece || !errors.Is(err, ErrNotation) && !tc.piece {
			t.Errorf("%q: %q at column %d, want %q at %d (piece %v)", tc.in, err, ne.Column, tc.want, tc.col, tc.piece)
		}
	}
	if _, err := ParseStep("Ra1"); err == nil || !strings.Contains(err.Error(), "not a step") {
		t.Errorf("ParseStep(Ra1) error %v", err)
	}
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		name, in, want string // want: WrittenMove.String, or the error
		err            bool
	}{
		{"steps", "Ee2n Ee3n", "Ee2n Ee3n", false},
		{"blanks folded", " Ee2n\t Ee3n \n", "Ee2n Ee3n", false},
		{"capture token kept", "Rd2e rd3x", "Rd2e rd3x", false},
		{"push as steps", "rd5n Ed4n", "rd5n Ed4n", false},
		{"empty", "  ", "empty move: no steps", true},
		{"bad word placed", "Ee2n Qe3n", `word 2 (column 6): "Qe3n": 'Q' is not an Arimaa piece`, true},
		{"bad square placed", "Ee2n  Ee9n", `word 2 (column 8): "Ee9n": "e9" is not a square (a1 to h8)`, true},
		{"placement", "Ra1", `word 1 (column 1): "Ra1": a setup placement, not a step`, true},
		{"capture first", "rc3x Ee2n", `word 1 (column 1): "rc3x": a capture token before any step`, true},
		{"two captures", "Rc2n Rc3x rc3x", `word 3 (column 11): "rc3x": a second capture token after Rc2n; a step captures at most one piece`, true},
		{"five steps", "Ee2n Ee3n Ee4n Ee5n Ee6n", `word 5 (column 21): more than four steps`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, err := ParseMove(tc.in)
			got := w.String()
			if err != nil {
				got = err.Error()
				var ne *NotationError
				if !errors.As(err, &ne) {
					t.Errorf("error %T is not a *NotationError", err)
				}
			}
			if got != tc.want || (err != nil) != tc.err {
				t.Errorf("ParseMove(%q) = %q (error %v), want %q", tc.in, got, err, tc.want)
			}
		})
	}
}

// TestPlayText: a move written by someone else is read and played with
// every rule checked; its capture tokens, when given, must be right.
func TestPlayText(t *testing.T) {
	p := mk(t, Gold, "Ed4 rd3 Ra1 Rc2 rh8")
	const (
		played   = iota
		notation // a *NotationError
		rule     // a *MoveError
	)
	tests := []struct {
		name, in, want string // want: the move with capture tokens, or the error's start
		kind           int
	}{
		{"no capture tokens", "rd3w Ed4s", "rd3w rc3x Ed4s", played},
		{"capture token checked", "rd3w rc3x Ed4s", "rd3w rc3x Ed4s", played},
		{"wrong capture token", "rd3w Rc3x Ed4s", "step 1 (rd3w): capture token Rc3x does not match the rules: the step captures rc3", rule},
		{"capture of nothing", "Ed4n Ed5x", "step 1 (Ed4n): capture token Ed5x does not match the rules: the step captures nothing", rule},
		{"illegal step", "Rc2s", "step 1 (Rc2s): a rabbit may not step backwards", rule},
		{"unfinished push", "rd3w", "the move ends in the middle of a push", rule},
		{"no change", "Ed4n Ed5s", "the move leaves the board as it was at the start of the turn", rule},
		{"not a move", "Ed4n Qd5s", "", notation},
		{"empty", " ", "", notation},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, after, caps, err := p.PlayText(tc.in)
			var ne *NotationError
			var me *MoveError
			got := ""
			switch {
			case err == nil:
				got = p.MoveString(m)
				if tc.kind != played {
					t.Errorf("played %q, want an error", got)
				}
				if after.Side() != Silver || len(caps) != strings.Count(got, "x") {
					t.Errorf("after: side %s, captures %v", after.Side(), caps)
				}
			case tc.kind == notation && !errors.As(err, &ne),
				tc.kind == rule && (!errors.As(err, &me) || me.Label != ""),
				tc.kind == played:
				t.Errorf("error %#v, want kind %d", err, tc.kind)
			default:
				got = err.Error()
				if after != p || caps != nil {
					t.Errorf("an error gave position %v and captures %v, want the position unchanged", after, caps)
				}
			}
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("PlayText(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestParseSetup(t *testing.T) {
	gold := "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"
	silver := strings.ToLower(strings.NewReplacer("1", "8", "2", "7").Replace(gold))
	tests := []struct {
		name, in string
		side     Color
		want     string // "" for no error
	}{
		{"gold", gold, Gold, ""},
		{"silver", silver, Silver, ""},
		{"wrong side", gold, Silver, `word 1 (column 1): "Ra1": not a silver piece: silver sets up with lowercase letters`},
		{"wrong rank", strings.Replace(gold, "Hh2", "Hh3", 1), Gold, `word 16 (column 62): "Hh3": gold sets up on ranks 1 and 2`},
		{"twice", strings.Replace(gold, "Hh2", "Hg2", 1), Gold, `word 16 (column 62): "Hg2": g2 is used twice`},
		{"a step", "Ra1n", Gold, `word 1 (column 1): "Ra1n": not a placement such as Ra1`},
		{"bad word", "Ra1 Xb1", Gold, `word 2 (column 5): "Xb1": 'X' is not an Arimaa piece`},
		{"piece missing", strings.TrimSuffix(gold, " Hh2"), Gold, "1 horses; a setup needs 2"},
		{"empty", "", Gold, "0 rabbits; a setup needs 8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ps, err := ParseSetup(tc.in, tc.side)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := SetupString(ps); got != tc.in {
					t.Errorf("SetupString = %q, want %q", got, tc.in)
				}
				g := NewGame()
				if tc.side == Silver {
					if err := g.SetupPieces(mustSetup(t, gold)); err != nil {
						t.Fatal(err)
					}
				}
				if err := g.SetupPieces(ps); err != nil {
					t.Errorf("the game refuses the setup: %v", err)
				}
				return
			}
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func mustSetup(t *testing.T, s string) []Placement {
	t.Helper()
	ps, err := ParseSetup(s, Gold)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func TestParsePV(t *testing.T) {
	start := StartPosition()
	tests := []struct {
		name, in string
		steps    int
		sides    string
		err      string // "" for none
	}{
		{"one turn", "Ee2n Ee3n", 2, "ww", ""},
		{"marked turns", "Ee2n Ee3n Ee4n Ee5w b me7s me6w", 6, "wwwwbb", ""},
		{"AEI letters", "Ee2n Ee3n s me7s g Ee4n", 4, "wwbw", ""},
		{"turn labels", "Ee2n Ee3n 2b me7s", 3, "wwb", ""},
		{"unmarked turn", "Ee2n Ee3n Ee4n Ee5w me7s", 5, "wwwwb", ""},
		{"capture tokens skipped", "Ee2n rc3x Ee3n", 2, "ww", ""},
		{"stops at garbage", "Ee2n xyz Ee3n", 1, "w", `word 2 (column 6): "xyz": 'x' is not an Arimaa piece`},
		{"stops at an illegal step", "Ee2n Ra1n", 1, "w", `word 2 (column 6): "Ra1n": a2 is occupied`},
		{"stops at a marker with no move made", "s me7s", 0, "", `word 1 (column 1): "s": gold may not end the turn here`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pv, err := ParsePV(start, tc.in)
			if len(pv) != tc.steps {
				t.Fatalf("%d steps %v, want %d", len(pv), pv, tc.steps)
			}
			var sides strings.Builder
			for _, s := range pv {
				sides.WriteByte(s.Side.Letter())
			}
			if sides.String() != tc.sides {
				t.Errorf("sides %q, want %q", sides.String(), tc.sides)
			}
			if got := errString(err); got != tc.err {
				t.Errorf("error %q, want %q", got, tc.err)
			}
		})
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestPVStringAndFirstMove(t *testing.T) {
	start := StartPosition()
	pv := []PVStep{{MakeStep(GoldElephant, E2, North), Gold}, {Pass, Gold}, {MakeStep(SilverCamel, D7, South), Silver}}
	if got, want := PVString(Gold, pv), "Ee2n s md7s"; got != want {
		t.Errorf("PVString = %q, want %q", got, want)
	}
	if got := FirstMove(start, pv); got != MoveOf(pv[0].Step) {
		t.Errorf("FirstMove = %s", got)
	}
}

// FuzzParseMove: a move that reads writes back in canonical form (single
// spaces, the tokens as written) and reads again the same; any legal move
// written by the printers reads back as itself.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"Ee2n Ee3n Rd2e rd3x", " Rc2n\tRc3x ", "rd3w rc3x Ed4s", "Ra1", "rc3x", "Ee2n Ee2n Ee2n Ee2n Ee2n", "Rc2n Rc3x Rc3x"} {
		f.Add(s, uint8(0))
	}
	positions := []Position{StartPosition(), mk(f, Gold, "Ed4 rd3 Ra1 Rc2 rh8 Mc6 cd6"), mk(f, Silver, "ed5 Rd4 Ra1 Cf4 rf7 rc2")}
	moves := make([][]Move, len(positions))
	for i, p := range positions {
		var gen MoveGen
		gen.Each(p, func(m Move, _ *Position) { moves[i] = append(moves[i], m) })
	}
	f.Fuzz(func(t *testing.T, s string, pick uint8) {
		if w, err := ParseMove(s); err == nil {
			canon := w.String()
			if canon != strings.Join(strings.Fields(s), " ") {
				t.Fatalf("ParseMove(%q).String() = %q, not the words of the text", s, canon)
			}
			again, err := ParseMove(canon)
			if err != nil || again != w {
				t.Fatalf("round trip %q: %+v, %v", canon, again, err)
			}
		} else if _, ok := err.(*NotationError); !ok {
			t.Fatalf("error %T is not a *NotationError", err)
		}
		// The printers' side: a legal move of a position, chosen by pick.
		k := int(pick) % len(positions)
		p, m := positions[k], moves[k][int(pick)%len(moves[k])]
		for _, text := range []string{m.String(), p.MoveString(m)} {
			w, err := ParseMove(text)
			if err != nil || w.Move != m || w.String() != text {
				t.Fatalf("ParseMove(%q) = %+v, %v; want %v", text, w, err, m)
			}
			if _, _, err := p.PlayWritten(w); err != nil {
				t.Fatalf("PlayWritten(%q): %v", text, err)
			}
		}
	})
}

// FuzzParsePV: whatever an engine writes, the variation read replays
// legally from the position, and its canonical form reads back as itself.
func FuzzParsePV(f *testing.F) {
	f.Add("Ee2n Ee3n Ee4n Ee5w b me7s me6w")
	f.Add("Ee2n 2b me7s rc3x 3w Ra1n")
	f.Add("w b g s 12 x")
	f.Fuzz(func(t *testing.T, text string) {
		start := StartPosition()
		pv, err := ParsePV(start, text)
		if err != nil {
			if _, ok := err.(*NotationError); !ok {
				t.Fatalf("error %T is not a *NotationError", err)
			}
		}
		p := start
		for i, s := range pv {
			if s.Side != p.Side() {
				if !p.CanEndTurn() {
					t.Fatalf("%q: step %d changes sides mid-turn", text, i+1)
				}
				p = p.EndTurn()
			}
			if !p.Legal(s.Step) {
				t.Fatalf("%q: step %d (%s) is illegal", text, i+1, s.Step)
			}
			p = p.Play(s.Step)
		}
		canon := PVString(start.Side(), pv)
		again, err := ParsePV(start, canon)
		if err != nil || PVString(start.Side(), again) != canon || len(again) != len(pv) {
			t.Fatalf("round trip %q -> %q: %v", canon, PVString(start.Side(), again), err)
		}
	})
}

// FuzzParseSetup: a setup that reads writes back as its words and reads
// again the same, and the game takes it.
func FuzzParseSetup(f *testing.F) {
	f.Add("Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2", false)
	f.Add("ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7", true)
	f.Add("Ra1 Ra1", false)
	f.Fuzz(func(t *testing.T, s string, silver bool) {
		c := Gold
		if silver {
			c = Silver
		}
		ps, err := ParseSetup(s, c)
		if err != nil {
			if _, ok := err.(*NotationError); !ok {
				t.Fatalf("error %T is not a *NotationError", err)
			}
			return
		}
		canon := SetupString(ps)
		if canon != strings.Join(strings.Fields(s), " ") {
			t.Fatalf("SetupString = %q for %q", canon, s)
		}
		again, err := ParseSetup(canon, c)
		if err != nil || SetupString(again) != canon {
			t.Fatalf("round trip %q: %v", canon, err)
		}
		g := NewGame()
		if c == Silver {
			gold := make([]Placement, len(ps))
			for i, p := range ps {
				gold[i] = Placement{MakePiece(Gold, p.Piece.Type()), NewSquare(p.Square.File(), 7-p.Square.Rank())}
			}
			if err := g.SetupPieces(gold); err != nil {
				t.Fatal(err)
			}
		}
		if err := g.SetupPieces(ps); err != nil {
			t.Fatalf("the game refuses %q: %v", canon, err)
		}
	})
}
