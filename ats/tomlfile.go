package ats

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// tomlSuite is the shape of a TOML test file.
type tomlSuite struct {
	Name    string     `toml:"name"`
	Comment string     `toml:"comment"`
	Include []string   `toml:"include"`
	Tests   []tomlTest `toml:"test"`
}

type tomlTest struct {
	Name          string      `toml:"name"`
	Comment       string      `toml:"comment"`
	Tags          []string    `toml:"tags"`
	Solution      string      `toml:"solution"`
	Position      string      `toml:"position"`
	PiecePosition string      `toml:"piece_position"`
	Criteria      []tomlBlock `toml:"criteria"`
	tomlBlock
}

type tomlBlock struct {
	Weight         *float64 `toml:"weight"`
	ScoreGoal      bool     `toml:"score_goal"`
	PreventGoal    bool     `toml:"prevent_goal"`
	Pieces         string   `toml:"pieces"`
	BestMove       []string `toml:"best_move"`
	AvoidMove      []string `toml:"avoid_move"`
	Captures       []string `toml:"captures"`
	NoLoss         bool     `toml:"no_loss"`
	PreventCapture bool     `toml:"prevent_capture"`
	WinRatio       *float64 `toml:"win_ratio_at_least"`
}

func (b *tomlBlock) empty() bool {
	return !b.ScoreGoal && !b.PreventGoal && b.Pieces == "" && len(b.BestMove) == 0 &&
		len(b.AvoidMove) == 0 && len(b.Captures) == 0 && !b.NoLoss && !b.PreventCapture && b.WinRatio == nil
}

// TOMLFile is what ReadTOML found in one file: its tests, the other files
// or folders it includes (as written: relative paths are relative to the
// file's folder; LoadSuite resolves them), and an error for each test that
// could not be read.
type TOMLFile struct {
	Name    string
	Comment string
	Include []string
	Tests   []*Test
	Errors  []error
}

// ReadTOML reads a TOML test file, which may hold many tests:
//
//	name = "tactics"                  # optional suite name and comment
//	include = ["legacy/", "more.toml"] # optional: other files or folders
//
//	[[test]]
//	name = "camel-hostage"
//	comment = "Take the hostage camel."
//	tags = ["capture", "hostage"]
//	position = """
//	12w
//	 +-----------------+
//	8| r r r r . c r . |
//	...
//	"""
//	solution = "Ed5e Ee5e"     # optional: the author's answer
//	[[test.criteria]]          # blocks: the score is the best satisfied weight
//	captures = ["mc6"]         # an opponent piece of this kind is captured (square optional)
//	no_loss = true             # and no own piece is lost
//	[[test.criteria]]
//	prevent_capture = true     # the opponent can capture nothing after the move
//	[[test.criteria]]
//	weight = 0.5
//	pieces = "Ed6 !mc6"        # piece_position atoms, all must hold
//
// The position may also be in the compact AEI form. Criteria keys of a
// block: score_goal, prevent_goal, prevent_capture, pieces, best_move and
// avoid_move (lists of moves, compared by the position they reach),
// captures, no_loss, win_ratio_at_least, weight (default 1). The same keys
// directly under [[test]] form one more block of weight 1, and
// piece_position takes a legacy after_piece_position value
// ("Ec5 | Ed6 : 0.1"). Errors are *records.ParseError values with the
// file, line and column. A file that is not valid TOML gives no TOMLFile;
// a test that cannot be read is left out, its error listed in
// TOMLFile.Errors and joined into the returned error, and the file's other
// tests are kept.
func ReadTOML(r io.Reader, file string) (*TOMLFile, error) {
	data, err := fsutil.ReadAll(r, file)
	if err != nil {
		return nil, &records.ParseError{File: file, Err: err}
	}
	text := strings.TrimPrefix(string(data), "\ufeff")
	var raw tomlSuite
	md, err := toml.Decode(text, &raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &records.ParseError{File: file, Line: pe.Position.Line, Column: pe.Position.Col, Err: fmt.Errorf("%w: %s", ErrSyntax, pe.Message)}
		}
		lines := strings.Split(text, "\n")
		if pe := typeError(text, lines, testStarts(lines)); pe != nil {
			pe.File = file
			return nil, pe
		}
		return nil, &records.ParseError{File: file, Line: 1, Err: fmt.Errorf("%w: %v", ErrSyntax, err)}
	}
	lines := strings.Split(text, "\n")
	starts := testStarts(lines)
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		line := 1
		if len(k) >= 2 && k[0] == "test" {
			line = findKey(lines, starts, -1, k[len(k)-1])
		}
		return nil, &records.ParseError{File: file, Line: line, Column: 1, Err: fmt.Errorf("%w: unknown key %q", ErrSyntax, k.String())}
	}
	out := &TOMLFile{Name: raw.Name, Comment: raw.Comment, Include: raw.Include}
	for i := range raw.Tests {
		t, err := buildTOMLTest(&raw.Tests[i], i, file, lines, starts)
		if err != nil {
			out.Errors = append(out.Errors, err)
			continue
		}
		out.Tests = append(out.Tests, t)
	}
	return out, errors.Join(out.Errors...)
}

// tomlTypes is the type each key of a test file takes, as the user knows
// it: what typeError checks.
var tomlTypes = map[string]string{
	"name": "string", "comment": "string", "include": "list of strings",
	"tags": "list of strings", "solution": "string", "position": "string", "piece_position": "string",
	"weight": "number", "score_goal": "boolean", "prevent_goal": "boolean", "pieces": "string",
	"best_move": "list of strings", "avoid_move": "list of strings", "captures": "list of strings",
	"no_loss": "boolean", "prevent_capture": "boolean", "win_ratio_at_least": "number",
	"test": "list of tables ([[test]])", "criteria": "list of tables ([[test.criteria]])",
}

// typeError finds the first value of the wrong type in a file the typed
// decoding refused, at its own line: the TOML library names only the key,
// with the line of its last occurrence in any test.
func typeError(text string, lines []string, starts []int) *records.ParseError {
	var doc map[string]any
	if _, err := toml.Decode(text, &doc); err != nil {
		return nil
	}
	head := len(lines)
	if len(starts) > 0 {
		head = starts[0]
	}
	if pe := checkTypes(doc, lines, 0, head, ""); pe != nil {
		return pe
	}
	tests, _ := doc["test"].([]map[string]any)
	for i, t := range tests {
		from, to := region(lines, starts, i)
		name := fmt.Sprintf("test %d", i+1)
		if n, ok := t["name"].(string); ok && n != "" {
			name = fmt.Sprintf("test %q", n)
		}
		if pe := checkTypes(t, lines, from, to, name+": "); pe != nil {
			return pe
		}
		blocks, _ := t["criteria"].([]map[string]any)
		heads := criteriaStarts(lines, from, to)
		for j, b := range blocks {
			bfrom := from
			if j < len(heads) {
				bfrom = heads[j]
			}
			if pe := checkTypes(b, lines, bfrom, to, fmt.Sprintf("%s, criteria block %d: ", name, j+1)); pe != nil {
				return pe
			}
		}
	}
	return nil
}

// criteriaStarts gives the 0-based lines of the [[test.criteria]] headers
// among lines[from:to].
func criteriaStarts(lines []string, from, to int) []int {
	var s []int
	for n := from; n < to; n++ {
		if strings.HasPrefix(strings.Join(strings.Fields(lines[n]), ""), "[[test.criteria]]") {
			s = append(s, n)
		}
	}
	return s
}

// checkTypes checks the keys of one table, whose text is lines[from:to],
// against tomlTypes; where says which table in the message.
func checkTypes(table map[string]any, lines []string, from, to int, where string) *records.ParseError {
	keys := make([]string, 0, len(table))
	for k := range table {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		want, known := tomlTypes[k]
		if !known || hasType(table[k], want) {
			continue
		}
		line, col := 1, 1
		for n := from; n < to && n < len(lines); n++ {
			t := strings.TrimLeft(lines[n], " \t")
			if rest, ok := strings.CutPrefix(t, k); ok && strings.HasPrefix(strings.TrimLeft(rest, " \t"), "=") {
				eq := len(lines[n]) - len(t) + len(k) + strings.Index(rest, "=")
				val := strings.TrimLeft(lines[n][eq+1:], " \t")
				line, col = n+1, len(lines[n])-len(val)+1
				break
			}
		}
		return &records.ParseError{Line: line, Column: col,
			Err: fmt.Errorf("%w: %s%s must be a %s, not %s", ErrSyntax, where, k, want, describeTOML(table[k]))}
	}
	return nil
}

// hasType reports whether v, as the TOML library decodes it into an
// interface, is of the type tomlTypes names.
func hasType(v any, want string) bool {
	switch want {
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		switch v.(type) {
		case int64, float64:
			return true
		}
		return false
	case "list of strings":
		l, ok := v.([]any)
		for _, x := range l {
			if _, s := x.(string); !s {
				return false
			}
		}
		return ok
	}
	_, ok := v.([]map[string]any)
	return ok
}

// describeTOML names v's type and, for a short scalar, its value.
func describeTOML(v any) string {
	switch x := v.(type) {
	case string:
		if len(x) <= 40 {
			return "the string " + strconv.Quote(x)
		}
		return "a string"
	case bool:
		return fmt.Sprintf("%v", x)
	case int64, float64:
		return fmt.Sprintf("the number %v", x)
	case []any:
		return "a list holding something other than strings"
	case map[string]any:
		return "a table"
	case []map[string]any:
		return "a list of tables"
	}
	return fmt.Sprintf("a %T", v)
}

// testStarts gives the 0-based line of each [[test]] header.
func testStarts(lines []string) []int {
	var s []int
	for i, l := range lines {
		t := strings.Join(strings.Fields(strings.TrimSpace(l)), "")
		if strings.HasPrefix(t, "[[test]]") {
			s = append(s, i)
		}
	}
	return s
}

// region is the lines of test i: from its header to the next one.
func region(lines []string, starts []int, i int) (int, int) {
	if i < 0 || i >= len(starts) {
		return 0, len(lines)
	}
	end := len(lines)
	if i+1 < len(starts) {
		end = starts[i+1]
	}
	return starts[i], end
}

// findKey returns the 1-based line of the first "key =" in test i's lines,
// or the test's header line.
func findKey(lines []string, starts []int, i int, key string) int {
	from, to := region(lines, starts, i)
	for n := from; n < to; n++ {
		t := strings.TrimSpace(lines[n])
		if strings.HasPrefix(t, key) {
			rest := strings.TrimSpace(t[len(key):])
			if strings.HasPrefix(rest, "=") {
				return n + 1
			}
		}
	}
	return from + 1
}

// findText returns the 1-based line and column of the first occurrence of
// s in test i's lines at or after line from (1-based), or ok = false.
func findText(lines []string, starts []int, i int, after int, s string) (int, int, bool) {
	from, to := region(lines, starts, i)
	from = max(from, after-1)
	for n := from; n < to; n++ {
		if c := strings.Index(lines[n], s); c >= 0 {
			return n + 1, c + 1, true
		}
	}
	return 0, 0, false
}

func buildTOMLTest(rt *tomlTest, i int, file string, lines []string, starts []int) (*Test, error) {
	head := findKey(lines, starts, i, "[[test]]")
	if i < len(starts) {
		head = starts[i] + 1
	}
	errAt := func(line, col int, err error) error {
		return &records.ParseError{File: file, Line: line, Column: col, Err: err}
	}
	t := &Test{Name: rt.Name, File: file, Line: head, Comment: strings.TrimSpace(rt.Comment), Tags: rt.Tags, Solution: strings.TrimSpace(rt.Solution)}
	if t.Name == "" {
		t.Name = fmt.Sprintf("%s-%d", strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)), i+1)
	}
	if strings.TrimSpace(rt.Position) == "" {
		return nil, errAt(head, 1, fmt.Errorf("%w: test %q has no position", ErrMissing, t.Name))
	}
	pos, err := records.ParseAny(rt.Position)
	if err != nil {
		line, col := findKey(lines, starts, i, "position"), 1
		var pe *records.ParseError
		reason := err
		if errors.As(err, &pe) {
			reason = pe.Err
			if first := firstLine(rt.Position); first != "" {
				if l, _, ok := findText(lines, starts, i, line, first); ok && pe.Line > 0 {
					line = l + pe.Line - lineOf(rt.Position, first)
					if pe.Column > 0 {
						col = pe.Column
					}
				}
			}
		}
		return nil, errAt(line, col, fmt.Errorf("%w: test %q: %w", ErrPosition, t.Name, reason))
	}
	if probs := pos.Validate(); len(probs) > 0 {
		msgs := make([]string, len(probs))
		for k, pr := range probs {
			msgs[k] = pr.Msg
		}
		return nil, errAt(findKey(lines, starts, i, "position"), 1, fmt.Errorf("%w: test %q: %s", ErrPosition, t.Name, strings.Join(msgs, "; ")))
	}
	t.Position = pos

	// atomErr places a bad atom at its text in the file.
	atomErr := func(key, atom string, err error) error {
		line := findKey(lines, starts, i, key)
		col := 1
		if atom != "" {
			if l, c, ok := findText(lines, starts, i, line, atom); ok {
				line, col = l, c
			}
		}
		return errAt(line, col, fmt.Errorf("%w: test %q: %v", ErrAtom, t.Name, err))
	}
	if rt.PiecePosition != "" {
		c, err := ParsePiecePosition(rt.PiecePosition)
		if err != nil {
			var ae *AtomError
			atom := ""
			if errors.As(err, &ae) {
				atom = ae.Atom
			}
			return nil, atomErr("piece_position", atom, unwrapAtom(err))
		}
		t.Criteria.Blocks = append(t.Criteria.Blocks, c.Blocks...)
	}
	blocks := rt.Criteria
	if !rt.tomlBlock.empty() {
		blocks = append([]tomlBlock{rt.tomlBlock}, blocks...)
	} else if rt.tomlBlock.Weight != nil {
		return nil, errAt(findKey(lines, starts, i, "weight"), 1, fmt.Errorf("%w: test %q: weight without any criterion", ErrAtom, t.Name))
	}
	for _, tb := range blocks {
		b, key, atom, err := buildBlock(&tb)
		if err != nil {
			return nil, atomErr(key, atom, err)
		}
		t.Criteria.Blocks = append(t.Criteria.Blocks, b)
	}
	if len(t.Criteria.Blocks) == 0 {
		return nil, errAt(head, 1, fmt.Errorf("%w: test %q has no criteria", ErrMissing, t.Name))
	}
	if err := t.Criteria.Bind(t.Position); err != nil {
		key, move := "best_move", "" // the move's column when it is found
		var be *BindError
		if errors.As(err, &be) {
			key = map[Kind]string{AvoidMove: "avoid_move", Captures: "captures"}[be.Kind]
			if key == "" {
				key = "best_move"
			}
			move = be.Move
		}
		return nil, atomErr(key, move, err)
	}
	if t.Solution != "" {
		if _, err := PlayMove(t.Position, t.Solution); err != nil {
			line, col := findKey(lines, starts, i, "solution"), 1
			if l, c, ok := findText(lines, starts, i, line, t.Solution); ok {
				line, col = l, c
			}
			return nil, errAt(line, col, fmt.Errorf("%w: test %q: %q is not a legal move here: %v", ErrSolution, t.Name, t.Solution, err))
		}
	}
	return t, nil
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if t := strings.TrimSpace(l); t != "" {
			return t
		}
	}
	return ""
}

// lineOf is the 1-based line of s where the line holding sub is.
func lineOf(s, sub string) int {
	for n, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return n + 1
		}
	}
	return 1
}

// buildBlock turns a TOML block into a Block; on error it names the key
// and the offending atom.
func buildBlock(tb *tomlBlock) (Block, string, string, error) {
	b := Block{Weight: 1}
	if tb.Weight != nil {
		w := *tb.Weight
		if w < 0 || w != w || w > 1e9 {
			return Block{}, "weight", "", fmt.Errorf("weight %g is not a non-negative number", w)
		}
		b.Weight = w
	}
	if tb.empty() {
		return Block{}, "weight", "", errors.New("a criteria block with no criterion")
	}
	if tb.ScoreGoal {
		b.Atoms = append(b.Atoms, Cond{Kind: ScoreGoal, Square: rules.NoSquare})
	}
	if tb.PreventGoal {
		b.Atoms = append(b.Atoms, Cond{Kind: PreventGoal, Square: rules.NoSquare})
	}
	if tb.PreventCapture {
		b.Atoms = append(b.Atoms, Cond{Kind: PreventCapture, Square: rules.NoSquare})
	}
	for _, w := range strings.Fields(tb.Pieces) {
		a, err := ParseAtom(w)
		if err != nil {
			return Block{}, "pieces", w, err
		}
		b.Atoms = append(b.Atoms, a)
	}
	if len(tb.BestMove) > 0 {
		b.Atoms = append(b.Atoms, Cond{Kind: BestMove, Square: rules.NoSquare, Moves: tb.BestMove})
	}
	if len(tb.AvoidMove) > 0 {
		b.Atoms = append(b.Atoms, Cond{Kind: AvoidMove, Square: rules.NoSquare, Moves: tb.AvoidMove})
	}
	for _, w := range tb.Captures {
		a, err := parseCaptures(w)
		if err != nil {
			return Block{}, "captures", w, err
		}
		b.Atoms = append(b.Atoms, a)
	}
	if tb.NoLoss {
		b.Atoms = append(b.Atoms, Cond{Kind: NoLoss, Square: rules.NoSquare})
	}
	if tb.WinRatio != nil {
		w := *tb.WinRatio
		if w < 0 || w > 1 || w != w {
			return Block{}, "win_ratio_at_least", "", fmt.Errorf("win_ratio_at_least %g is not between 0 and 1", w)
		}
		b.Atoms = append(b.Atoms, Cond{Kind: WinRatioAtLeast, Square: rules.NoSquare, MinWinRatio: w})
	}
	return b, "", "", nil
}

// parseCaptures reads "m" (a Silver camel captured anywhere), "mc6" or
// "mc6x" (captured on c6).
func parseCaptures(w string) (Cond, error) {
	s := strings.TrimSuffix(strings.TrimSpace(w), "x")
	if len(s) != 1 && len(s) != 3 {
		return Cond{}, fmt.Errorf("captures %q: expected a piece letter with an optional trap, such as m or mc6", w)
	}
	p, ok := rules.ParsePiece(s[0])
	if !ok {
		return Cond{}, fmt.Errorf("captures %q: '%c' is not an Arimaa piece", w, s[0])
	}
	c := Cond{Kind: Captures, Piece: p, Square: rules.NoSquare}
	if len(s) == 3 {
		sq, err := rules.ParseSquare(s[1:])
		if err != nil || !sq.IsTrap() {
			return Cond{}, fmt.Errorf("captures %q: %q is not a trap (c3, f3, c6, f6)", w, s[1:])
		}
		c.Square = sq
	}
	return c, nil
}

// BlockFields are the criteria keys of one TOML criteria block, for a
// form that builds a test: the same meaning and checks as in a file.
type BlockFields struct {
	Weight      *float64 // nil: 1
	ScoreGoal   bool
	PreventGoal bool
	Pieces      string // piece_position atoms, e.g. "Ed6 !mc6 Hf6x"
	BestMove    []string
	AvoidMove   []string
	Captures    []string // e.g. "m", "mc6"
	NoLoss      bool
	// PreventCapture: prevent_capture, the opponent can capture nothing
	// after the move.
	PreventCapture bool
	WinRatio       *float64 // win_ratio_at_least; nil: none
}

// BuildBlock makes the Block the keys of f give, as ReadTOML does; an
// error names the key (as the file writes it) and the atom at fault.
func BuildBlock(f BlockFields) (Block, error) {
	tb := tomlBlock{Weight: f.Weight, ScoreGoal: f.ScoreGoal, PreventGoal: f.PreventGoal, Pieces: f.Pieces,
		BestMove: f.BestMove, AvoidMove: f.AvoidMove, Captures: f.Captures, NoLoss: f.NoLoss,
		PreventCapture: f.PreventCapture, WinRatio: f.WinRatio}
	b, key, _, err := buildBlock(&tb)
	if err != nil {
		if key == "weight" && tb.empty() {
			return Block{}, fmt.Errorf("%w: no criterion chosen", ErrMissing)
		}
		return Block{}, fmt.Errorf("%s: %w", key, err)
	}
	return b, nil
}
