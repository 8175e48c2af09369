package ats

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
)

// writerTest is a test using every criterion the TOML form can write,
// each block's atoms in the order ReadTOML gives them.
func writerTest(t *testing.T, name string) *Test {
	t.Helper()
	crit := []Block{
		{Weight: 1, Atoms: []Cond{
			{Kind: PreventGoal, Square: rules.NoSquare},
			{Kind: PreventCapture, Square: rules.NoSquare},
			{Kind: BestMove, Square: rules.NoSquare, Moves: []string{"Ee2n Ee3n", "Ee2n Ee3w"}},
			{Kind: NoLoss, Square: rules.NoSquare},
		}},
		{Weight: 0.5, Atoms: []Cond{
			{Kind: PieceAt, Piece: rules.GoldElephant, Square: rules.E4},
			{Kind: PieceAt, Negate: true, Piece: rules.SilverCamel, Square: rules.C6},
			{Kind: CapturedAt, Piece: rules.SilverHorse, Square: rules.F6},
			{Kind: AvoidMove, Square: rules.NoSquare, Moves: []string{"Ha2n"}},
			{Kind: Captures, Piece: rules.SilverCamel, Square: rules.NoSquare},
			{Kind: Captures, Piece: rules.SilverDog, Square: rules.C6},
			{Kind: WinRatioAtLeast, Square: rules.NoSquare, MinWinRatio: 0.6},
		}},
		{Weight: 0.25, Atoms: []Cond{{Kind: ScoreGoal, Square: rules.NoSquare}}},
	}
	return &Test{Name: name, Comment: "Elephant \"forward\"\nand on.", Tags: []string{"opening", "positional"},
		Solution: "Ee2n Ee3n", Position: rules.StartPosition(), Criteria: Criteria{Blocks: crit}}
}

// TestWriteTOMLGolden: the TOML writer's output for every criterion, and
// that it reads back the same.
func TestWriteTOMLGolden(t *testing.T) {
	x := writerTest(t, "every-criterion")
	var b strings.Builder
	if err := WriteTOML(&b, "golden suite", []*Test{x}); err != nil {
		t.Fatal(err)
	}
	golden(t, "writer.toml", []byte(b.String()))
	tf, err := ReadTOML(strings.NewReader(b.String()), "writer.toml")
	if err != nil || len(tf.Tests) != 1 {
		t.Fatalf("%v", err)
	}
	y := tf.Tests[0]
	if y.Name != x.Name || y.Comment != x.Comment || strings.Join(y.Tags, ",") != "opening,positional" ||
		y.Solution != x.Solution || y.Position != x.Position || y.Criteria.String() != x.Criteria.String() {
		t.Errorf("read back differs:\n%+v\n%+v", x, y)
	}
}

// TestAddTOML: a test goes into a new file, then at the end of an
// existing one with its text kept; a name already there, a file that is
// not TOML and a test that cannot be written are refused, the file left
// as it was.
func TestAddTOML(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.toml")
	if err := AddTOML(path, "my suite", writerTest(t, "first")); err != nil {
		t.Fatal(err)
	}
	// The user's own comment stays.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("# my note, no newline at the end")
	f.Close()
	if err := AddTOML(path, "ignored", writerTest(t, "second")); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "# my note, no newline at the end\n") || !strings.HasPrefix(string(data), `name = "my suite"`) {
		t.Errorf("the file's text was not kept:\n%s", data)
	}
	s, errs := LoadSuite(path)
	if len(errs) > 0 || len(s.Tests) != 2 || s.Tests[0].Name != "first" || s.Tests[1].Name != "second" || s.Tests[1].Line <= s.Tests[0].Line {
		t.Fatalf("suite after adding: %v %+v", errs, s)
	}

	tests := []struct {
		name string
		file string // "" keeps mine.toml
		text string // written first when file is set
		t    *Test
		want error
	}{
		{name: "duplicate name", t: writerTest(t, "second"), want: ErrDuplicate},
		{name: "not TOML", file: "bad.toml", text: "[[test]\nname = ", t: writerTest(t, "x"), want: ErrSyntax},
		{name: "negated goal", t: &Test{Name: "neg", Position: rules.StartPosition(),
			Criteria: Criteria{Blocks: []Block{{Weight: 1, Atoms: []Cond{{Kind: ScoreGoal, Negate: true}}}}}}, want: ErrNotWritable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := path
			if tc.file != "" {
				p = filepath.Join(dir, tc.file)
				if err := os.WriteFile(p, []byte(tc.text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			before, _ := os.ReadFile(p)
			if err := AddTOML(p, "", tc.t); !errors.Is(err, tc.want) {
				t.Errorf("error %v, want %v", err, tc.want)
			}
			if after, _ := os.ReadFile(p); string(after) != string(before) {
				t.Errorf("the file changed")
			}
		})
	}
}

// TestBuildBlock: a form's criteria keys build the block a file's would,
// and an error names the key.
func TestBuildBlock(t *testing.T) {
	w := 1.5
	tests := []struct {
		name string
		f    BlockFields
		want string // the block's String, or a part of the error
	}{
		{"goal", BlockFields{ScoreGoal: true}, "score goal"},
		{"pieces and captures", BlockFields{Pieces: "Ed6 !mc6", Captures: []string{"hf6"}, NoLoss: true, Weight: &w}, "Ed6 !mc6 captures hf6 no loss : 1.5"},
		{"nothing", BlockFields{}, "no criterion chosen"},
		{"bad atom", BlockFields{Pieces: "Ed9"}, "pieces: atom \"Ed9\""},
		{"bad capture", BlockFields{Captures: []string{"xc6"}}, "captures: captures \"xc6\""},
		{"bad ratio", BlockFields{NoLoss: true, WinRatio: &w}, "win_ratio_at_least: win_ratio_at_least 1.5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := BuildBlock(tc.f)
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				got = Criteria{Blocks: []Block{b}}.String()
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
