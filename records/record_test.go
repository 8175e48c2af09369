package records

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

// sameGame reports how two games differ, or "".
func sameGame(a, b *rules.Game) string {
	as, bs := a.Start(), b.Start()
	if as.Board() != bs.Board() || as.Side() != bs.Side() {
		return "different start positions"
	}
	for c := rules.Gold; c <= rules.Silver; c++ {
		if len(a.Setup(c)) != len(b.Setup(c)) {
			return "different setups"
		}
		for i := range a.Setup(c) {
			if a.Setup(c)[i] != b.Setup(c)[i] {
				return "different setups"
			}
		}
	}
	am, bm := a.Moves(), b.Moves()
	if len(am) != len(bm) {
		return "different numbers of moves"
	}
	for i := range am {
		if am[i] != bm[i] {
			return "different move " + am[i].String() + " / " + bm[i].String()
		}
	}
	ar, aover := a.Result()
	br, bover := b.Result()
	if ar != br || aover != bover {
		return "different results"
	}
	return ""
}

func TestRecordLenient(t *testing.T) {
	base := readTestdata(t, "thesis_example.txt")
	want := mustGame(t, base)
	if len(want.Moves()) != 13 {
		t.Fatalf("the example has %d moves, want 13", len(want.Moves()))
	}
	tests := []struct{ name, text string }{
		{"CRLF", strings.ReplaceAll(base, "\n", "\r\n")},
		{"extra whitespace", strings.NewReplacer("2w Ee2n Ee3n", "2w  Ee2n\t Ee3n ", "\n", "  \n").Replace(base)},
		{"blank lines", "\n\n" + strings.ReplaceAll(base, "\n", "\n\n")},
		{"indented", "  " + strings.ReplaceAll(strings.TrimSuffix(base, "\n"), "\n", "\n  ") + "\n"},
		{"g and s labels", regexp.MustCompile(`(?m)^(\d+)b`).ReplaceAllString(regexp.MustCompile(`(?m)^(\d+)w`).ReplaceAllString(base, "${1}g"), "${1}s")},
		{"no bare last label", strings.TrimSuffix(base, "8b\n")},
		{"takeback", strings.Replace(base, "3w Ee6w", "3w Ra1n\n3b takeback\n3w Ee6w", 1)},
		{"takeback twice", strings.Replace(base, "4w me6s", "4w Ra1n\n4b Ra8s\n5w takeback\n4b TAKEBACK\n4w me6s", 1)},
		{"byte-order mark", "\ufeff" + base},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if d := sameGame(mustGame(t, tc.text), want); d != "" {
				t.Error(d)
			}
		})
	}
}

func TestRecordMissingCaptureTokens(t *testing.T) {
	text := readTestdata(t, "game_goal.txt")
	if !strings.Contains(text, "x ") && !strings.Contains(text, "x\n") {
		t.Fatal("the test game should contain captures")
	}
	var stripped []string
	for _, w := range strings.Split(text, " ") {
		if len(strings.TrimSpace(w)) == 4 && strings.TrimSpace(w)[3] == 'x' {
			if strings.HasSuffix(w, "\n") {
				stripped[len(stripped)-1] += "\n"
			}
			continue
		}
		stripped = append(stripped, w)
	}
	noCaps := strings.Join(stripped, " ")
	g := mustGame(t, noCaps)
	if d := sameGame(g, mustGame(t, text)); d != "" {
		t.Fatal(d)
	}
	var b strings.Builder
	if err := WriteRecord(&b, g); err != nil {
		t.Fatal(err)
	}
	if b.String() != text {
		t.Errorf("the writer did not restore the capture tokens:\n%s", b.String())
	}
}

func TestRecordResigns(t *testing.T) {
	base := readTestdata(t, "thesis_example.txt")
	g := mustGame(t, strings.Replace(base, "8b\n", "8b resigns\n", 1))
	r, over := g.Result()
	if !over || r != (rules.Result{Winner: rules.Gold, How: rules.ByResignation}) {
		t.Errorf("result %v, over %v; want gold wins by resignation", r, over)
	}
}

func TestRecordFromPosition(t *testing.T) {
	rec, err := ReadRecord(strings.NewReader(readTestdata(t, "from_position.txt")), "from_position.txt")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Start == nil || rec.Start.Turn() != 20 || rec.StartLine != 1 {
		t.Fatalf("start %v line %d", rec.Start, rec.StartLine)
	}
	// The header may be written "20 w", the board indented, lines CRLF.
	spaced := strings.ReplaceAll(strings.Replace(readTestdata(t, "from_position.txt"), "20w\n", " 20 w\n", 1), "\n", "\r\n")
	if rec2, err := ParseRecord(spaced); err != nil || rec2.Start == nil || len(rec2.Turns) != 3 {
		t.Fatalf("a spaced header: %v", err)
	}
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	if r, over := g.Result(); !over || r != (rules.Result{Winner: rules.Gold, How: rules.ByGoal}) {
		t.Errorf("result %v, over %v", r, over)
	}
	if len(g.Moves()) != 3 {
		t.Errorf("%d moves", len(g.Moves()))
	}
}

func TestRecordErrors(t *testing.T) {
	base := readTestdata(t, "thesis_example.txt")
	setups := strings.Join(strings.SplitAfter(base, "\n")[:2], "")
	goal := readTestdata(t, "from_position.txt")
	tests := []parseErrorCase{
		{"bad piece", setups + "2w Ee2n Qe3n\n", 3, 9, ErrPiece, "line 3, column 9: 'Q' is not an Arimaa piece"},
		{"bad square", setups + "2w Ee2n Ee9n\n", 3, 10, ErrToken, `line 3, column 10: "e9" is not a square (a1 to h8)`},
		{"bad direction", setups + "2w Ee2n Ee3q\n", 3, 12, ErrToken,
			"line 3, column 12: 'q' is not a direction (n, e, s, w) or capture mark (x)"},
		{"too long a word", setups + "2w Ee2nn\n", 3, 4, ErrToken, `line 3, column 4: "Ee2nn" is not a step, capture or placement`},
		{"off the board", setups + "2w Ra1w\n", 3, 4, ErrToken, `line 3, column 4: "Ra1w" steps off the board`},
		{"placement in a move", setups + "2w Ee2\n", 3, 4, ErrToken,
			`line 3, column 4: "Ee2" is a setup placement, but turn 2w is a move; a step needs a direction, such as "Ee2n"`},
		{"step in a setup", "1w Ra1n\n", 1, 4, ErrToken, `line 1, column 4: "Ra1n" is not a setup placement such as "Ra1"`},
		{"bad side letter", setups + "2x Ee2n\n", 3, 2, ErrSide, "line 3, column 2: 'x' is not a side (w, g, b or s)"},
		{"not a label", setups + "two Ee2n\n", 3, 1, ErrLabel, `line 3, column 1: "two" is not a turn label such as "12b"`},
		{"label out of order", setups + "2w Ee2n\n3w Ee3n\n", 4, 1, ErrLabel, "line 4, column 1: expected turn 2b, found 3w"},
		{"no setups", "2w Ee2n\n", 1, 1, ErrLabel,
			"line 1, column 1: expected turn 1w with Gold's setup, found 2w; a record starts with the setups or a position"},
		{"bare label in the middle", setups + "2w\n\n2b ed7s\n", 3, 0, ErrToken, "line 3: turn 2w has no steps"},
		{"after a resignation", setups + "2w resigns\n2b ed7s\n", 4, 1, ErrLabel, "line 4, column 1: nothing may follow a resignation"},
		{"takeback of nothing", setups + "2w takeback\n", 3, 4, ErrToken, "line 3, column 4: takeback with no move to take back"},
		{"empty", " \n\n", 1, 0, ErrEmpty, "line 1: the record is empty"},
		{"illegal step", setups + "2w Ee2n Ee4n\n", 3, 9, ErrIllegal,
			"line 3, column 9: move 2w, step 2 (Ee4n): there is no piece on e4"},
		{"rabbit backwards", setups + "2w Ee2n Re1n Re2s\n", 3, 14, ErrIllegal,
			"line 3, column 14: move 2w, step 3 (Re2s): a rabbit may not step backwards"},
		{"no change", setups + "2w Ee2n Ee3s\n", 3, 1, ErrIllegal,
			"line 3, column 1: move 2w: the move leaves the board as it was at the start of the turn"},
		{"capture token that does not happen", setups + "2w Ee2n Ee3n rc3x Ee4n\n", 3, 14, ErrCapture,
			"line 3, column 14: capture token rc3x does not match the rules: step Ee3n captures nothing"},
		{"wrong capture token", strings.Replace(goal, "cf4s cf3x", "cf4s df3x", 1), 13, 10, ErrCapture,
			"line 13, column 10: capture token df3x does not match the rules: step cf4s captures cf3x"},
		{"capture token twice", strings.Replace(goal, "cf4s cf3x", "cf4s cf3x cf3x", 1), 13, 15, ErrCapture,
			"line 13, column 15: capture token cf3x does not match the rules: step cf4s captures only one piece"},
		{"capture token first", setups + "2w rc3x Ee2n\n", 3, 4, ErrCapture, "line 3, column 4: capture token rc3x comes before any step"},
		{"five steps", setups + "2w Ee2n Ee3n Ee4n Ee5n Ee6n\n", 3, 24, ErrIllegal, "line 3, column 24: move 2w has more than four steps"},
		{"move after the end", goal + " 21b ra6s\n", 16, 2, ErrIllegal, "line 16, column 2: move 21b: the game is already over"},
		{"bad setup", "1w Ra1 Ra2\n1b ra8\n", 1, 1, ErrIllegal,
			"line 1, column 1: move 1w: the setup has 2 rabbits; it needs 8"},
		{"bad position", strings.Replace(goal, "2| . R", "2| . E", 1), 1, 0, ErrPosition,
			"line 1: gold has 2 elephants; at most 1 allowed"},
		{"bad board in a record", strings.Replace(goal, "4| . .", "4| . Q", 1), 7, 6, ErrPiece,
			"line 7, column 6: 'Q' is not an Arimaa piece"},
	}
	checkParseErrors(t, tests, func(text string) error {
		rec, err := ParseRecord(text)
		if err == nil {
			_, err = rec.Game()
		}
		return err
	})
}

func TestIllegalMoveErrorUnwraps(t *testing.T) {
	base := readTestdata(t, "thesis_example.txt")
	setups := strings.Join(strings.SplitAfter(base, "\n")[:2], "")
	rec, err := ReadRecord(strings.NewReader(setups+"2w Ee2n Ee4n\n"), "g.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, err = rec.Game()
	var me *rules.MoveError
	if !errors.As(err, &me) || me.Label != "2w" || me.Index != 1 {
		t.Fatalf("error %v does not carry the rules' MoveError", err)
	}
	if got, want := err.Error(), "g.txt:3:9: move 2w, step 2 (Ee4n): there is no piece on e4"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

func TestRecordTurns(t *testing.T) {
	rec, err := ParseRecord("1w Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\n" +
		"1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7\n\n  2g  Ee2n   Ee3n\n2s\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Turns) != 1 || rec.Next != "2s" || rec.NextLine != 5 {
		t.Fatalf("turns %v next %q line %d", rec.Turns, rec.Next, rec.NextLine)
	}
	tu := rec.Turns[0]
	if tu.Label != "2g" || tu.Number != 2 || tu.Side != rules.Gold || tu.Line != 4 ||
		len(tu.Columns) != 2 || tu.Columns[0] != 7 || tu.Columns[1] != 14 || tu.String() != "2w Ee2n Ee3n" {
		t.Errorf("turn %+v", tu)
	}
	if len(rec.Setup[rules.Silver]) != 16 || rec.SetupLine[rules.Silver] != 2 {
		t.Errorf("silver setup %v on line %d", rec.Setup[rules.Silver], rec.SetupLine[rules.Silver])
	}
}
