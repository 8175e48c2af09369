package ats

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// readLegacy reads a legacy test file of testdata/legacy.
func readLegacy(t *testing.T, name string) *Test {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "legacy", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tc, err := ReadATS(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return tc
}

func TestReadATSSeedExample(t *testing.T) {
	tc := readLegacy(t, "elephant-blockade.ats")
	if tc.Name != "elephant-blockade" || tc.Comment != "Elephant blockade at f7." {
		t.Errorf("name %q comment %q", tc.Name, tc.Comment)
	}
	if strings.Join(tc.Tags, "|") != "elephant|blockade" {
		t.Errorf("tags %q", tc.Tags)
	}
	if tc.Position.Side() != rules.Silver || tc.Position.Turn() != 12 {
		t.Errorf("side %v turn %d", tc.Position.Side(), tc.Position.Turn())
	}
	if got := tc.Position.At(rules.F7); got != rules.GoldElephant {
		t.Errorf("f7 holds %v", got)
	}
	want := "re8 re7 cd7 me6 | re8 re7 md7 ce6 : 0.8 | re8 re7 md7 de6 : 0.85 | re8 cd7 me7 re6 : 0.7"
	if got := tc.Criteria.String(); got != want {
		t.Errorf("criteria\n got %s\nwant %s", got, want)
	}
}

func TestReadATSCRLF(t *testing.T) {
	tc := readLegacy(t, "crlf-goal.ats")
	if tc.Comment != "Goal in one." || tc.Position.At(rules.D7) != rules.GoldRabbit {
		t.Errorf("comment %q, d7 %v", tc.Comment, tc.Position.At(rules.D7))
	}
	_, v, err := tc.Score("Rd7n", Report{})
	if err != nil || v.Score != 1 {
		t.Errorf("Rd7n: %v %v", v.Score, err)
	}
	_, v, _ = tc.Score("Rd7w", Report{})
	if v.Score != 0 {
		t.Errorf("Rd7w scores %v", v.Score)
	}
	tc, err = ReadATS(strings.NewReader(legacyTest("condition = piece_position ; by position\nafter_piece_position = Rd8 | Rc7 : 0.5 # or west\n")), "inline.ats")
	if err != nil || tc.Criteria.String() != "Rd8 | Rc7 : 0.5" {
		t.Errorf("inline comments: %v %v", tc, err)
	}
}

// walkInBoard is the position of the test files written below, legacy
// and TOML: gold's rabbit on d7 walks in at d8, or west to c7.
const walkInBoard = `20w
 +-----------------+
8| . . . . . . . r |
7| . . . R . . . . |
6| . . x . . x . . |
5| . . . . . . . . |
4| . . . . . . . . |
3| . . x . . x . . |
2| . . . . e . . . |
1| R . . . . . . . |
 +-----------------+
   a b c d e f g h
`

// legacyTest builds a legacy test file around a criteria section, its
// position walkInBoard indented as a continued value.
func legacyTest(criteria string) string {
	board := "    " + strings.ReplaceAll(strings.TrimSuffix(walkInBoard, "\n"), "\n", "\n    ") + "\n"
	return "[settings]\nposition =\n" + board + "[criteria]\n" + criteria
}

func TestReadATSErrors(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		sentinel  error
		line, col int
		mention   string
	}{
		{"unknown condition", legacyTest("condition = win quickly\n"), ErrCondition, 16, 13, "win quickly"},
		{"malformed atom", legacyTest("condition = piece_position\nafter_piece_position = Rd8 | Qd8 : 0.5\n"), ErrAtom, 17, 30, "Qd8"},
		{"atom on next line", legacyTest("condition = piece_position\nafter_piece_position = Rd8 |\n    Rd7 Rd9\n"), ErrAtom, 18, 9, "Rd9"},
		{"capture off trap", legacyTest("condition = piece_position\nafter_piece_position = Rd7x\n"), ErrAtom, 17, 24, "not a trap"},
		{"bad weight", legacyTest("condition = piece_position\nafter_piece_position = Rd8 : lots\n"), ErrAtom, 17, 30, "lots"},
		{"no after_piece_position", legacyTest("condition = piece_position\n"), ErrMissing, 16, 1, "after_piece_position"},
		{"no condition", legacyTest(""), ErrMissing, 1, 0, "condition"},
		{"unknown criteria key", legacyTest("condition = score goal\nbonus = 3\n"), ErrCondition, 17, 1, "bonus"},
		{"bad piece in board", strings.Replace(legacyTest("condition = score goal\n"), "7| . . . R", "7| . . . Q", 1), ErrPosition, 6, 14, "Q"},
		{"unknown section", "[setings]\n", ErrSyntax, 1, 2, "setings"},
		{"key before section", "position = x\n", ErrSyntax, 1, 1, "before any section"},
		{"no position", "[settings]\ncomment = x\n[criteria]\ncondition = score goal\n", ErrMissing, 1, 0, "position"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadATS(strings.NewReader(tc.text), "bad.ats")
			pe := parseError(t, err, tc.sentinel)
			if pe.File != "bad.ats" || pe.Line != tc.line || pe.Column != tc.col {
				t.Errorf("at %s:%d:%d, want bad.ats:%d:%d (%v)", pe.File, pe.Line, pe.Column, tc.line, tc.col, err)
			}
			if !strings.Contains(err.Error(), tc.mention) {
				t.Errorf("error %q does not mention %q", err, tc.mention)
			}
		})
	}
}

// parseError checks that a reader's error is the sentinel, and a
// *records.ParseError, which it returns for its position to be checked.
func parseError(t *testing.T, err, sentinel error) *records.ParseError {
	t.Helper()
	if !errors.Is(err, sentinel) {
		t.Fatalf("error %v is not %v", err, sentinel)
	}
	var pe *records.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %T is not a *records.ParseError", err)
	}
	return pe
}

func TestReadATSWarnings(t *testing.T) {
	const msg = " ignored (squares are read from fixed columns)"
	base := legacyTest("condition = score goal\n")
	tests := []struct {
		name  string
		text  string
		empty []rules.Square // squares the stray pieces would have held
		warns []string       // each warning's String
		chars string         // each warning's Char
	}{
		{"none", base, nil, nil, ""},
		{"piece one column left", strings.Replace(base, "7| . . . R . .", "7| . . .R  . .", 1), []rules.Square{rules.D7},
			[]string{"bad.ats:6:13: 'R' between squares" + msg}, "R"},
		{"piece one column right of h", strings.Replace(base, ". . r |", ". .  r|", 1), []rules.Square{rules.H8},
			[]string{"bad.ats:5:23: 'r' after the eighth square" + msg}, "r"},
		{"two, CRLF", strings.ReplaceAll(strings.NewReplacer("1| R .", "1|R  .", "2| . . . . e", "2| . . . .e ").Replace(base), "\n", "\r\n"),
			[]rules.Square{rules.A1, rules.E2},
			[]string{"bad.ats:11:15: 'e' between squares" + msg, "bad.ats:12:7: 'R' between squares" + msg}, "eR"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadATS(strings.NewReader(tc.text), "bad.ats")
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Warnings) != len(tc.warns) {
				t.Fatalf("warnings %v, want %q", got.Warnings, tc.warns)
			}
			for i, w := range got.Warnings {
				if w.String() != tc.warns[i] || w.Char != tc.chars[i] {
					t.Errorf("warning %d: %q (char %q), want %q (char %q)", i, w.String(), w.Char, tc.warns[i], tc.chars[i])
				}
				if !errors.Is(w.Err, ErrPosition) || !errors.Is(w.Err, records.ErrBoard) {
					t.Errorf("warning %d: Err %v is not ErrPosition and records.ErrBoard", i, w.Err)
				}
			}
			for _, sq := range tc.empty {
				if pc := got.Position.At(sq); pc != rules.Empty {
					t.Errorf("%s holds %v; the stray piece is ignored", sq, pc)
				}
			}
			if got.Position.At(rules.D7) == rules.Empty && len(tc.empty) == 0 {
				t.Error("d7 is empty, though no piece there strays")
			}
		})
	}
}

// TestReadATSSolution: a legacy test's solution that is not a legal move
// of its position is dropped with a warning at its line and column, and
// refused by a strict load.
func TestReadATSSolution(t *testing.T) {
	withSolution := func(s string) string {
		return strings.Replace(legacyTest("condition = score goal\n"), "[settings]\n", "[settings]\nsolution = "+s+"\n", 1)
	}
	tests := []struct {
		name, solution string
		want           string // the solution kept
		warning        string // the warning, "" for none
	}{
		{"legal", "Rd7n", "Rd7n", ""},
		{"not a piece", "Zz9q", "", `bad.ats:2:12: solution "Zz9q" ignored: it is not a legal move here (word 1 (column 1): "Zz9q": 'Z' is not an Arimaa piece)`},
		{"off the board", "Rb9n", "", `bad.ats:2:12: solution "Rb9n" ignored: it is not a legal move here (word 1 (column 2): "Rb9n": "b9" is not a square (a1 to h8))`},
		{"no such piece there", "Ra8s", "", "bad.ats:2:12: solution \"Ra8s\" ignored"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadATS(strings.NewReader(withSolution(tc.solution)), "bad.ats")
			if err != nil {
				t.Fatal(err)
			}
			if got.Solution != tc.want {
				t.Errorf("solution %q, want %q", got.Solution, tc.want)
			}
			if tc.warning == "" {
				if len(got.Warnings) != 0 {
					t.Errorf("warnings %v", got.Warnings)
				}
				return
			}
			if len(got.Warnings) != 1 || !strings.HasPrefix(got.Warnings[0].String(), tc.warning) || got.Warnings[0].Char != tc.solution[0] {
				t.Fatalf("warnings %v, want %q", got.Warnings, tc.warning)
			}
			if pe := got.Warnings[0].Strict(); !errors.Is(pe, ErrSolution) || pe.Line != 2 || pe.Column != 12 {
				t.Errorf("strict error %v", pe)
			}
		})
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.ats"), []byte(withSolution("Zz9q")), 0o644); err != nil {
		t.Fatal(err)
	}
	s, errs := LoadSuiteWith(LoadOptions{Strict: true}, dir)
	if len(s.Tests) != 0 || len(errs) != 1 || !errors.Is(errs[0], ErrSolution) || !strings.Contains(errs[0].Error(), "bad.ats:2:12: ") {
		t.Errorf("strict load: %d tests, errors %v", len(s.Tests), errs)
	}
}

func TestLoadSuiteStrict(t *testing.T) {
	dir := t.TempDir()
	stray := strings.Replace(legacyTest("condition = score goal\n"), "7| . . . R . .", "7| . . .R  . .", 1)
	for name, text := range map[string]string{"a.ats": legacyTest("condition = score goal\n"), "b.ats": stray} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b := filepath.Join(dir, "b.ats")
	want := b + ":6:13: 'R' between squares ignored (squares are read from fixed columns)"
	s, errs := LoadSuite(dir)
	if len(errs) != 0 || len(s.Tests) != 2 {
		t.Fatalf("%d tests, errors %v", len(s.Tests), errs)
	}
	if w := s.Warnings(); len(w) != 1 || w[0].String() != want || len(s.Tests[1].Warnings) != 1 {
		t.Errorf("warnings %v, want %q on the second test", w, want)
	}
	// Strict: the warning is the error a strict reader gives, and the
	// test is left out.
	s, errs = LoadSuiteWith(LoadOptions{Strict: true}, dir)
	wantErr := b + ":6:13: bad test position: expected a space between squares, found 'R' (squares are read from fixed columns)"
	if len(errs) != 1 || errs[0].Error() != wantErr || !errors.Is(errs[0], ErrPosition) {
		t.Errorf("strict errors %v, want %q", errs, wantErr)
	}
	if len(s.Tests) != 1 || s.Tests[0].Name != "a" || len(s.Warnings()) != 0 {
		t.Errorf("strict: %d tests, warnings %v", len(s.Tests), s.Warnings())
	}
	var pe *records.ParseError
	if len(errs) == 1 && (!errors.As(errs[0], &pe) || pe.Line != 6 || pe.Column != 13) {
		t.Errorf("strict error %v is not a *records.ParseError at 6:13", errs[0])
	}
}

const tomlTwo = `name = "two"

[[test]]
name = "walk-in"
tags = ["goal"]
position = """
` + walkInBoard + `"""
score_goal = true

[[test]]
name = "compact"
position = "g [       r   R                                        e   R       ]"
piece_position = "Rd8 | Rc7 : 0.5"
[[test.criteria]]
weight = 0.25
best_move = ["Rd7e"]
`

func TestReadTOML(t *testing.T) {
	tf, err := ReadTOML(strings.NewReader(tomlTwo), "two.toml")
	if err != nil {
		t.Fatal(err)
	}
	if tf.Name != "two" || len(tf.Tests) != 2 {
		t.Fatalf("name %q, %d tests", tf.Name, len(tf.Tests))
	}
	a, b := tf.Tests[0], tf.Tests[1]
	if a.Line != 3 || b.Line != 22 {
		t.Errorf("lines %d %d", a.Line, b.Line)
	}
	moves := []struct {
		tc    *Test
		move  string
		score float64
	}{
		{a, "Rd7n", 1}, {a, "Rd7e", 0},
		{b, "Rd7n", 1}, {b, "Rd7w", 0.5}, {b, "Rd7e", 0.25}, {b, "Ra1n", 0},
	}
	for _, m := range moves {
		_, v, err := m.tc.Score(m.move, Report{})
		if err != nil || v.Score != m.score {
			t.Errorf("%s %s: score %v (%v), want %v", m.tc.Name, m.move, v.Score, err, m.score)
		}
	}
}

func TestReadTOMLErrors(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		sentinel  error
		line, col int
		kept      int
	}{
		{"syntax", "[[test]\nname = 1\n", ErrSyntax, 2, 0, -1},
		{"unknown key", strings.Replace(tomlTwo, "score_goal = true", "score_gaol = true", 1), ErrSyntax, 20, 1, -1},
		{"bad atom keeps other test", strings.Replace(tomlTwo, `"Rd8 | Rc7 : 0.5"`, `"Rd8 | Rc9 : 0.5"`, 1), ErrAtom, 25, 25, 1},
		{"illegal best move", strings.Replace(tomlTwo, `["Rd7e"]`, `["Rd7s"]`, 1), ErrAtom, 28, 15, 1},
		{"avoid move off the board", strings.Replace(tomlTwo, `best_move = ["Rd7e"]`, `avoid_move = ["Ra1n", "Rb9n"]`, 1), ErrAtom, 28, 24, 1},
		{"illegal solution", strings.Replace(tomlTwo, `name = "compact"`, "name = \"compact\"\nsolution = \"Zz9q\"", 1), ErrSolution, 24, 13, 1},
		// The library names the key's last line in any test (29 here).
		{"type error at its own line", strings.Replace(strings.Replace(tomlTwo, "score_goal = true", `score_goal = "maybe"`, 1),
			"[[test.criteria]]", "score_goal = true\n[[test.criteria]]", 1), ErrSyntax, 20, 14, -1},
		{"type error in a criteria block", strings.Replace(tomlTwo, "weight = 0.25", `weight = "heavy"`, 1), ErrSyntax, 27, 10, -1},
		{"type error in a list", strings.Replace(tomlTwo, `tags = ["goal"]`, `tags = ["goal", 3]`, 1), ErrSyntax, 5, 8, -1},
		{"bad position", strings.Replace(tomlTwo, "7| . . . R", "7| . . . Z", 1), ErrPosition, 10, 0, 1},
		{"no criteria", strings.Replace(tomlTwo, "score_goal = true", "", 1), ErrMissing, 3, 1, 1},
		{"bad captures", strings.Replace(tomlTwo, "score_goal = true", `captures = ["rd5"]`, 1), ErrAtom, 20, 14, 1},
		{"own piece captured", strings.Replace(tomlTwo, "score_goal = true", `captures = ["R"]`, 1), ErrAtom, 20, 1, 1},
		{"win ratio out of range", strings.Replace(tomlTwo, "score_goal = true", `win_ratio_at_least = 2`, 1), ErrAtom, 20, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tf, err := ReadTOML(strings.NewReader(tc.text), "t.toml")
			pe := parseError(t, err, tc.sentinel)
			if pe.Line != tc.line || (tc.col > 0 && pe.Column != tc.col) {
				t.Errorf("at %d:%d, want %d:%d (%v)", pe.Line, pe.Column, tc.line, tc.col, err)
			}
			if tc.kept < 0 {
				if tf != nil {
					t.Errorf("a TOMLFile for a file that is not TOML")
				}
				return
			}
			if tf == nil || len(tf.Tests) != tc.kept {
				t.Errorf("kept %v tests, want %d", tf, tc.kept)
			}
		})
	}
}

func TestLoadSuite(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.ats", legacyTest("condition = score goal\n"))
	write("b.ats", legacyTest("condition = fly\n"))
	write("sub/c.toml", tomlTwo)
	write("sub/walk-in.ats", legacyTest("condition = score goal\n"))
	write("ats.toml", "engine = 'builtin'\n")
	write("notes.txt", "not a test")
	s, errs := LoadSuite(dir)
	if len(errs) != 1 || !errors.Is(errs[0], ErrCondition) || !strings.Contains(errs[0].Error(), "b.ats:16") {
		t.Errorf("errors %v, want one for b.ats line 16", errs)
	}
	var names []string
	for i, tc := range s.Tests {
		names = append(names, tc.Name)
		if tc.Number != i+1 {
			t.Errorf("%s numbered %d", tc.Name, tc.Number)
		}
	}
	if got := strings.Join(names, " "); got != "a walk-in compact walk-in#2" {
		t.Errorf("tests %q", got)
	}
	// A TOML file's includes are loaded once, relative to it.
	write("suite.toml", "name = 'incl'\ninclude = ['sub/c.toml', 'a.ats', 'a.ats']\n")
	s, errs = LoadSuite(filepath.Join(dir, "suite.toml"))
	if len(errs) != 0 || s.Name != "incl" || len(s.Tests) != 3 {
		t.Errorf("include: name %q, %d tests, errors %v", s.Name, len(s.Tests), errs)
	}
	_, errs = LoadSuite(filepath.Join(dir, "missing"))
	if len(errs) != 1 {
		t.Errorf("missing path: %v", errs)
	}
}

func TestFilter(t *testing.T) {
	s := &Suite{}
	for i, n := range []string{"goal-1", "goal-2", "trap-1", "hostage", "frame"} {
		tags := []string{strings.Split(n, "-")[0]}
		s.Tests = append(s.Tests, &Test{Name: n, Number: i + 1, Tags: tags})
	}
	tests := []struct {
		filter, want string
	}{
		{"", "goal-1 goal-2 trap-1 hostage frame"},
		{"2", "goal-2"},
		{"2-4", "goal-2 trap-1 hostage"},
		{"tag:GOAL", "goal-1 goal-2"},
		{"frame, 1", "goal-1 frame"},
		{"goal-*", "goal-1 goal-2"},
		{"nothing", ""},
	}
	for _, tc := range tests {
		f, err := ParseFilter(tc.filter)
		if err != nil {
			t.Fatalf("%q: %v", tc.filter, err)
		}
		var got []string
		for _, x := range f.Select(s) {
			got = append(got, x.Name)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q selects %q, want %q", tc.filter, got, tc.want)
		}
	}
	for _, bad := range []string{"5-2", "tag:", "[a"} {
		if _, err := ParseFilter(bad); !errors.Is(err, ErrFilter) {
			t.Errorf("%q: error %v", bad, err)
		}
	}
}

func TestLoadConfig(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "tests"), 0o755)
	legacy := filepath.Join(dir, "ats.cfg")
	os.WriteFile(legacy, []byte("[global]\nengine = akimot/akimot -c akimot/akimot.cfg\ntests = 15\ntime_per_test = 5\ncycles = 2\nlog = ats.log\n"), 0o644)
	c, err := LoadConfig(legacy)
	if err != nil {
		t.Fatal(err)
	}
	if c.Engine != "akimot/akimot -c akimot/akimot.cfg" || c.TimePerTest != 5 || c.Cycles != 2 ||
		c.Filter != "15" || len(c.Tests) != 1 || c.Tests[0] != filepath.Join(dir, "tests") {
		t.Errorf("legacy config %+v", c)
	}
	modern := filepath.Join(dir, "ats.toml")
	os.WriteFile(modern, []byte("engine = 'bot -x'\ntests = ['tests']\ntime_per_test = 0.5\njobs = 2\n[engine_options]\nhash = '64'\n"), 0o644)
	c, err = LoadConfig(modern)
	if err != nil {
		t.Fatal(err)
	}
	if c.Engine != "bot -x" || c.TimePerTest != 0.5 || c.Jobs != 2 || c.EngineOptions["hash"] != "64" || c.Tests[0] != filepath.Join(dir, "tests") {
		t.Errorf("config %+v", c)
	}
	os.WriteFile(modern, []byte("engine = 'x'\ntime_per_tset = 3\n"), 0o644)
	if _, err := LoadConfig(modern); !errors.Is(err, ErrSyntax) {
		t.Errorf("misspelt key: %v", err)
	}
	os.WriteFile(legacy, []byte("[global]\ntime_per_test = soon\n"), 0o644)
	if _, err := LoadConfig(legacy); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "ats.cfg:2") {
		t.Errorf("bad legacy value: %v", err)
	}
}

// TestWriteTOMLRoundTrip: every example test written as TOML reads back
// the same.
func TestWriteTOMLRoundTrip(t *testing.T) {
	s, errs := LoadSuite(exampleSuite)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var b strings.Builder
	if err := WriteTOML(&b, "examples", s.Tests); err != nil {
		t.Fatal(err)
	}
	tf, err := ReadTOML(strings.NewReader(b.String()), "round.toml")
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if tf.Name != "examples" || len(tf.Tests) != len(s.Tests) {
		t.Fatalf("name %q, %d tests", tf.Name, len(tf.Tests))
	}
	for i, a := range s.Tests {
		c := tf.Tests[i]
		if d := diffTest(a, c); d != "" || a.Name != c.Name {
			t.Errorf("test %d (%s, then %s) changed: %s", i, a.Name, c.Name, d)
		}
	}
	bad := &Test{Name: "x", Position: s.Tests[0].Position, Criteria: Criteria{Blocks: []Block{{Atoms: []Cond{{Kind: ScoreGoal, Negate: true}}, Weight: 1}}}}
	if err := WriteTOML(io.Discard, "", []*Test{bad}); !errors.Is(err, ErrNotWritable) {
		t.Errorf("negated goal: %v", err)
	}
}

func TestLoadSuiteFS(t *testing.T) {
	a, errs := LoadSuite(exampleSuite)
	b, errsFS := LoadSuiteFS(os.DirFS(".."), "assets/tests")
	if len(errs)+len(errsFS) > 0 || len(a.Tests) != len(b.Tests) || b.Name != "tests" {
		t.Fatalf("%d tests from the OS, %d from an FS named %q; errors %v %v", len(a.Tests), len(b.Tests), b.Name, errs, errsFS)
	}
	fsys := fstest.MapFS{
		"s/suite.toml": {Data: []byte("name = 'fs'\ninclude = ['more/', 'more/x.ats']\n")},
		"s/more/x.ats": {Data: []byte(legacyTest("condition = score goal\n"))},
		"s/more/y.ats": {Data: []byte(legacyTest("condition = what\n"))},
	}
	s, errs := LoadSuiteFS(fsys, "s/suite.toml")
	if s.Name != "fs" || len(s.Tests) != 1 || s.Tests[0].Name != "x" || len(errs) != 1 || !strings.Contains(errs[0].Error(), "s/more/y.ats:16") {
		t.Errorf("suite %q with %d tests, errors %v", s.Name, len(s.Tests), errs)
	}
}
