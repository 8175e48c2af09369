package ats

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"unicode"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// ErrNotWritable is returned by WriteTOML and WriteATS for what the format
// cannot express (for TOML a negated goal, move or captures condition).
var ErrNotWritable = errors.New("cannot be written")

// WriteTOML writes tests in the TOML form ReadTOML reads, one [[test]]
// table each, with the position in the long format and one
// [[test.criteria]] table per block. A suite name, if given, heads the file.
func WriteTOML(w io.Writer, suite string, tests []*Test) error {
	bw := bufio.NewWriter(w)
	if suite != "" {
		fmt.Fprintf(bw, "name = %s\n", config.QuoteTOML(suite))
	}
	for i, t := range tests {
		if i > 0 || suite != "" {
			bw.WriteByte('\n')
		}
		fmt.Fprintf(bw, "[[test]]\nname = %s\n", config.QuoteTOML(t.Name))
		if t.Comment != "" {
			fmt.Fprintf(bw, "comment = %s\n", config.QuoteTOML(t.Comment))
		}
		if len(t.Tags) > 0 {
			fmt.Fprintf(bw, "tags = %s\n", tomlList(t.Tags))
		}
		if t.Solution != "" {
			fmt.Fprintf(bw, "solution = %s\n", config.QuoteTOML(t.Solution))
		}
		pos := strings.TrimRight(records.FormatPosition(t.Position), "\n")
		fmt.Fprintf(bw, "position = '''\n%s\n'''\n", pos)
		for _, b := range t.Criteria.Blocks {
			if err := writeBlock(bw, b); err != nil {
				return fmt.Errorf("test %q: %w", t.Name, err)
			}
		}
	}
	return bw.Flush()
}

func writeBlock(w *bufio.Writer, b Block) error {
	w.WriteString("[[test.criteria]]\n")
	if b.Weight != 1 {
		fmt.Fprintf(w, "weight = %s\n", strconv.FormatFloat(b.Weight, 'g', -1, 64))
	}
	var pieces, best, avoid, captures []string
	for _, a := range b.Atoms {
		if a.Negate && a.Kind != PieceAt && a.Kind != CapturedAt {
			return fmt.Errorf("%w: TOML has no form for %s", ErrNotWritable, a)
		}
		switch a.Kind {
		case ScoreGoal:
			w.WriteString("score_goal = true\n")
		case PreventGoal:
			w.WriteString("prevent_goal = true\n")
		case NoLoss:
			w.WriteString("no_loss = true\n")
		case PreventCapture:
			w.WriteString("prevent_capture = true\n")
		case WinRatioAtLeast:
			fmt.Fprintf(w, "win_ratio_at_least = %s\n", strconv.FormatFloat(a.MinWinRatio, 'g', -1, 64))
		case PieceAt, CapturedAt:
			pieces = append(pieces, a.String())
		case BestMove:
			best = append(best, a.Moves...)
		case AvoidMove:
			avoid = append(avoid, a.Moves...)
		case Captures:
			c := a.Piece.String()
			if a.Square.Valid() {
				c += a.Square.String()
			}
			captures = append(captures, c)
		default:
			return fmt.Errorf("%w: TOML has no form for %s", ErrNotWritable, a)
		}
	}
	if len(pieces) > 0 {
		fmt.Fprintf(w, "pieces = %s\n", config.QuoteTOML(strings.Join(pieces, " ")))
	}
	if len(best) > 0 {
		fmt.Fprintf(w, "best_move = %s\n", tomlList(best))
	}
	if len(avoid) > 0 {
		fmt.Fprintf(w, "avoid_move = %s\n", tomlList(avoid))
	}
	if len(captures) > 0 {
		fmt.Fprintf(w, "captures = %s\n", tomlList(captures))
	}
	return nil
}

func tomlList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = config.QuoteTOML(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// The two conditions of the legacy format that are not piece_position
// blocks, as a legacy file and the test editor write them.
const (
	condScoreGoal   = "score goal"
	condPreventGoal = "prevent goal"
)

// goalCondition gives the criteria of the condition name ("score goal" or
// "prevent goal", already folded to lower case and single blanks).
func goalCondition(name string) (Criteria, bool) {
	var k Kind
	switch name {
	case condScoreGoal:
		k = ScoreGoal
	case condPreventGoal:
		k = PreventGoal
	default:
		return Criteria{}, false
	}
	return Criteria{Blocks: []Block{{Atoms: []Cond{{Kind: k, Square: rules.NoSquare}}, Weight: 1}}}, true
}

// ATSCriteriaText writes criteria the way a legacy file and the test
// editor give them: "score goal", "prevent goal", or piece_position
// blocks.
func ATSCriteriaText(c Criteria) string {
	if len(c.Blocks) == 1 && len(c.Blocks[0].Atoms) == 1 && c.Blocks[0].Weight == 1 && !c.Blocks[0].Atoms[0].Negate {
		switch c.Blocks[0].Atoms[0].Kind {
		case ScoreGoal:
			return condScoreGoal
		case PreventGoal:
			return condPreventGoal
		}
	}
	return c.String()
}

// ParseATSCriteria reads criteria in the form ATSCriteriaText writes
// them (the test editor's text) and binds them to the test position. Only
// what a legacy file can hold is accepted; an error in the blocks names
// its column.
func ParseATSCriteria(text string, pos rules.Position) (Criteria, error) {
	t := strings.ToLower(strings.Join(strings.Fields(text), " "))
	if t == "" {
		return Criteria{}, errors.New("the criteria are empty: write score goal, prevent goal, or atoms such as \"Ed5 !mc6 | Hf6x : 0.5\"")
	}
	c, ok := goalCondition(t)
	if !ok {
		var err error
		// Parse the text as written, so columns match what the user sees.
		c, err = ParsePiecePosition(strings.ReplaceAll(text, "\n", " "))
		if err != nil {
			return c, err
		}
		if err := legacyBlocks(c); err != nil {
			return c, err
		}
	}
	if err := c.Bind(pos); err != nil {
		return c, err
	}
	return c, nil
}

// legacyBlocks reports an atom that after_piece_position cannot hold.
func legacyBlocks(c Criteria) error {
	for _, b := range c.Blocks {
		for _, a := range b.Atoms {
			if a.Kind != PieceAt && a.Kind != CapturedAt {
				return fmt.Errorf("%w in an .ats file: %q; use piece atoms (Eb3, !ce2, Hf6x)", ErrNotWritable, a.String())
			}
		}
	}
	return nil
}

// WriteATS writes t as a legacy .ats file (see the package documentation),
// which ReadATS reads back to the same test; the file name gives the
// test's name. What the format cannot hold is an error wrapping
// ErrNotWritable: criteria other than a goal condition or piece atoms, a
// tag that is not one word, a comment line that starts with '#' or ';'
// (the format's remarks), a control character in a value.
func WriteATS(w io.Writer, t *Test) error {
	crit := ATSCriteriaText(t.Criteria)
	if _, ok := goalCondition(crit); !ok {
		if len(t.Criteria.Blocks) == 0 {
			return fmt.Errorf("%w: the test has no criteria", ErrNotWritable)
		}
		if err := legacyBlocks(t.Criteria); err != nil {
			return err
		}
	}
	bw := bufio.NewWriter(w)
	if err := writeSettings(bw, t.Comment, t.Position, t.Tags, t.Solution); err != nil {
		return err
	}
	bw.WriteString("[criteria]\n")
	if _, ok := goalCondition(crit); ok {
		bw.WriteString("condition = " + crit + "\n")
	} else {
		bw.WriteString("condition = piece_position\nafter_piece_position = " + crit + "\n")
	}
	return bw.Flush()
}

// writeSettings writes the [settings] section of a legacy file. Comment
// lines keep their indentation relative to each other; blank ones are
// dropped, as the reader skips them.
func writeSettings(w *bufio.Writer, comment string, p rules.Position, tags []string, solution string) error {
	w.WriteString("[settings]\ncomment =\n")
	for _, l := range strings.Split(strings.TrimSpace(comment), "\n") {
		l = strings.TrimRight(l, " \t")
		if strings.TrimSpace(l) == "" {
			continue
		}
		if err := oneLine("comment", l); err != nil {
			return err
		}
		if f := strings.TrimSpace(l); f[0] == '#' || f[0] == ';' {
			return fmt.Errorf("%w: comment line %q starts with %q, which an .ats file reads as a remark", ErrNotWritable, f, f[0])
		}
		w.WriteString("    " + l + "\n")
	}
	w.WriteString("position =\n")
	for _, l := range strings.Split(strings.TrimRight(records.FormatPosition(p), "\n"), "\n") {
		w.WriteString("    " + l + "\n")
	}
	for _, tag := range tags {
		if tag == "" || strings.ContainsFunc(tag, func(r rune) bool { return r == ',' || unicode.IsSpace(r) || unicode.IsControl(r) }) {
			return fmt.Errorf("%w: tag %q: tags in an .ats file are single words", ErrNotWritable, tag)
		}
	}
	if len(tags) > 0 {
		w.WriteString("tags = " + strings.Join(tags, ", ") + "\n")
	}
	if solution = strings.TrimSpace(solution); solution != "" {
		if err := oneLine("solution", solution); err != nil {
			return err
		}
		w.WriteString("solution = " + solution + "\n")
	}
	return nil
}

// oneLine rejects a control character (other than a tab) in a value of a
// legacy file, which the line-based format cannot carry.
func oneLine(what, s string) error {
	if i := strings.IndexFunc(s, func(r rune) bool { return r != '\t' && unicode.IsControl(r) }); i >= 0 {
		return fmt.Errorf("%w: %s %q holds a control character, which an .ats file cannot carry", ErrNotWritable, what, s)
	}
	return nil
}

// SaveATS writes t to path as an .ats file, atomically (see package
// fsutil), after checking that it reads back as the same test.
func SaveATS(path string, t *Test) error {
	var b bytes.Buffer
	if err := WriteATS(&b, t); err != nil {
		return err
	}
	back, err := ReadATS(bytes.NewReader(b.Bytes()), path)
	if err != nil {
		return fmt.Errorf("the test would not read back: %w", err)
	}
	if back.Position.AEIString() != t.Position.AEIString() || back.Criteria.String() != t.Criteria.String() {
		return errors.New("the test would not read back the same")
	}
	return fsutil.WriteBytes(path, b.Bytes())
}

// AddTOML adds t as a new [[test]] at the end of the TOML test file at
// path, keeping the file's text as it is, or creates the file (headed by
// suite, when not "") when there is none. It refuses a file that is not
// valid TOML, a name the file already holds, and a test that would not
// read back; the file is written atomically, so a refusal or a failure
// leaves it as it was.
func AddTOML(path, suite string, t *Test) error {
	var b bytes.Buffer
	if err := WriteTOML(&b, "", []*Test{t}); err != nil {
		return err
	}
	if _, err := ReadTOML(bytes.NewReader(b.Bytes()), path); err != nil {
		return fmt.Errorf("test %q would not read back: %w", t.Name, err)
	}
	old, err := fsutil.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		var nb bytes.Buffer
		if err := WriteTOML(&nb, suite, []*Test{t}); err != nil {
			return err
		}
		return fsutil.WriteBytes(path, nb.Bytes())
	}
	if err != nil {
		return err
	}
	tf, err := ReadTOML(bytes.NewReader(old), path)
	if tf == nil {
		return err
	}
	for _, x := range tf.Tests {
		if x.Name == t.Name {
			return fmt.Errorf("%w: %s already holds a test %q (line %d)", ErrDuplicate, path, t.Name, x.Line)
		}
	}
	text := old
	if len(text) > 0 && text[len(text)-1] != '\n' {
		text = append(text, '\n')
	}
	if len(bytes.TrimSpace(text)) > 0 {
		text = append(text, '\n')
	}
	text = append(text, b.Bytes()...)
	after, _ := ReadTOML(bytes.NewReader(text), path)
	if after == nil || len(after.Tests) != len(tf.Tests)+1 {
		return fmt.Errorf("%s: the test added would not read back from the file", path)
	}
	return fsutil.WriteBytes(path, text)
}
