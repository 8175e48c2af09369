package ats

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// valueLine is one line of an INI value with where it sits in the file.
type valueLine struct {
	text string
	line int // 1-based
	col  int // 1-based column of text[0]
}

// entry is a key with its value lines.
type entry struct {
	section string
	key     string
	line    int
	lines   []valueLine
}

// joined gives the value as one line, its parts separated by spaces, and a
// function mapping a 0-based offset in it back to the file's line and column.
func (e *entry) joined() (string, func(off int) (int, int)) {
	var b strings.Builder
	type seg struct{ off, line, col int }
	var segs []seg
	for _, l := range e.lines {
		t := strings.TrimRight(l.text, " \t")
		lead := len(t) - len(strings.TrimLeft(t, " \t"))
		t = t[lead:]
		if t == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		segs = append(segs, seg{b.Len(), l.line, l.col + lead})
		b.WriteString(t)
	}
	return b.String(), func(off int) (int, int) {
		s := seg{0, e.line, 1}
		for _, x := range segs {
			if x.off <= off {
				s = x
			}
		}
		return s.line, s.col + off - s.off
	}
}

// readINI splits a legacy file into entries. Comments start with '#' or
// ';'; a value continues on the following indented lines.
func readINI(r io.Reader, file string) ([]entry, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	var out []entry
	section := ""
	n := 0
	for sc.Scan() {
		n++
		raw := strings.TrimSuffix(sc.Text(), "\r")
		if n == 1 {
			raw = strings.TrimPrefix(raw, "\ufeff")
		}
		trimmed := strings.TrimSpace(raw)
		if trimmed == "" || trimmed[0] == '#' || trimmed[0] == ';' {
			continue
		}
		if raw[0] == ' ' || raw[0] == '\t' {
			if len(out) == 0 || out[len(out)-1].section != section {
				return nil, &records.ParseError{File: file, Line: n, Column: 1, Err: syntaxf("indented line %q belongs to no key", trimmed)}
			}
			e := &out[len(out)-1]
			e.lines = append(e.lines, valueLine{raw, n, 1})
			continue
		}
		if trimmed[0] == '[' {
			end := strings.IndexByte(trimmed, ']')
			if end < 0 {
				return nil, &records.ParseError{File: file, Line: n, Column: 1, Err: syntaxf("section header %q has no closing ']'", trimmed)}
			}
			section = strings.ToLower(strings.TrimSpace(trimmed[1:end]))
			switch section {
			case "setup", "settings", "criteria":
			default:
				return nil, &records.ParseError{File: file, Line: n, Column: 2, Err: syntaxf("unknown section [%s]; expected [setup], [settings] or [criteria]", section)}
			}
			continue
		}
		sep := strings.IndexAny(raw, "=:")
		if sep < 0 {
			return nil, &records.ParseError{File: file, Line: n, Column: 1, Err: syntaxf("expected \"key = value\", found %q", trimmed)}
		}
		if section == "" {
			return nil, &records.ParseError{File: file, Line: n, Column: 1, Err: syntaxf("%q comes before any section; expected [settings] first", trimmed)}
		}
		key := strings.ToLower(strings.TrimSpace(raw[:sep]))
		e := entry{section: section, key: key, line: n}
		if v := raw[sep+1:]; strings.TrimSpace(v) != "" {
			e.lines = append(e.lines, valueLine{v, n, sep + 2})
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, &records.ParseError{File: file, Line: n + 1, Err: fmt.Errorf("%w: %v", ErrSyntax, err)}
	}
	return out, nil
}

func syntaxf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrSyntax, fmt.Sprintf(format, args...))
}

// checkSolution reads a legacy test's solution. The original runner never
// played it, so one that is not a legal move of the position is dropped
// with a warning, which a strict reading makes an error.
func checkSolution(t *Test, e *entry, file string) string {
	v, where := e.joined()
	if v == "" {
		return ""
	}
	_, err := PlayMove(t.Position, v)
	if err == nil {
		return v
	}
	line, col := where(0)
	t.Warnings = append(t.Warnings, records.ParseWarning{File: file, Line: line, Column: col, Char: v[0],
		Msg: fmt.Sprintf("solution %q ignored: it is not a legal move here (%v)", v, err),
		Err: fmt.Errorf("%w: %q is not a legal move here: %v", ErrSolution, v, err)})
	return ""
}

// ReadATS reads one test in the legacy INI format (see the package
// documentation). file names the source in errors, which are
// *records.ParseError values wrapping ErrSyntax, ErrCondition, ErrAtom,
// ErrPosition or ErrMissing. The test is named after the file. The board
// is read by its fixed columns, as the original runner read it: a
// character between two squares is ignored and listed in the test's
// Warnings, whose Err is what a strict reading reports (LoadOptions).
func ReadATS(r io.Reader, file string) (*Test, error) {
	entries, err := readINI(r, file)
	if err != nil {
		return nil, err
	}
	t := &Test{Name: strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)), File: file, Line: 1}
	var cond, pieces, solution *entry
	havePos := false
	for i := range entries {
		e := &entries[i]
		at := func(line, col int, err error) error {
			return &records.ParseError{File: file, Line: line, Column: col, Err: err}
		}
		switch {
		case e.section == "criteria" && e.key == "condition":
			cond = e
		case e.section == "criteria" && (e.key == "after_piece_position" || e.key == "piece_position"):
			pieces = e
		case e.section == "criteria":
			return nil, at(e.line, 1, fmt.Errorf("%w: unknown key %q in [criteria]; expected condition or after_piece_position", ErrCondition, e.key))
		case e.key == "comment":
			t.Comment = dedent(e.lines)
		case e.key == "solution":
			solution = e
		case e.key == "tags":
			v, _ := e.joined()
			t.Tags = splitTags(v)
		case e.key == "position":
			p, warns, err := parseIndentedPosition(e, file)
			if err != nil {
				return nil, err
			}
			t.Position, t.Warnings, havePos = p, warns, true
		}
	}
	if !havePos {
		return nil, &records.ParseError{File: file, Line: 1, Err: fmt.Errorf("%w: no position (expected \"position =\" in [settings])", ErrMissing)}
	}
	if cond == nil {
		return nil, &records.ParseError{File: file, Line: 1, Err: fmt.Errorf("%w: no condition (expected \"condition =\" in [criteria])", ErrMissing)}
	}
	if solution != nil {
		t.Solution = checkSolution(t, solution, file)
	}
	cv, _ := cond.joined()
	cv = stripInlineComment(cv)
	name := strings.Join(strings.Fields(strings.ToLower(cv)), " ")
	if c, ok := goalCondition(name); ok {
		t.Criteria = c
		return t, nil
	}
	switch name {
	case "piece_position", "piece position":
		if pieces == nil {
			return nil, &records.ParseError{File: file, Line: cond.line, Column: 1, Err: fmt.Errorf("%w: condition piece_position needs after_piece_position", ErrMissing)}
		}
		v, where := pieces.joined()
		c, err := ParsePiecePosition(stripInlineComment(v))
		if err != nil {
			var ae *AtomError
			line, col := pieces.line, 1
			if errors.As(err, &ae) {
				line, col = where(ae.Column - 1)
			}
			return nil, &records.ParseError{File: file, Line: line, Column: col, Err: fmt.Errorf("%w: %v", ErrAtom, unwrapAtom(err))}
		}
		t.Criteria = c
	default:
		_, where := cond.joined()
		line, col := where(0)
		return nil, &records.ParseError{File: file, Line: line, Column: col, Err: fmt.Errorf("%w %q; expected score goal, prevent goal or piece_position", ErrCondition, cv)}
	}
	return t, nil
}

// stripInlineComment drops a trailing comment from a one-line value, as
// the original runner's INI reader did: ";" or "#" after white space.
func stripInlineComment(v string) string {
	for i := 1; i < len(v); i++ {
		if (v[i] == ';' || v[i] == '#') && (v[i-1] == ' ' || v[i-1] == '\t') {
			return strings.TrimRight(v[:i], " \t")
		}
	}
	return v
}

func unwrapAtom(err error) error {
	var ae *AtomError
	if errors.As(err, &ae) {
		return ae.Err
	}
	return err
}

// splitTags splits "elephant, blockade" or "elephant blockade".
func splitTags(v string) []string {
	f := strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(f) == 0 {
		return nil
	}
	return f
}

// dedent joins value lines, removing the indentation they share.
func dedent(lines []valueLine) string {
	ind := commonIndent(lines)
	var b strings.Builder
	for i, l := range lines {
		t := strings.TrimRight(l.text, " \t")
		if i == 0 && l.col > 1 {
			t = strings.TrimLeft(t, " \t")
		} else if len(t) >= ind {
			t = t[ind:]
		} else {
			t = strings.TrimLeft(t, " \t")
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(t)
	}
	return b.String()
}

// commonIndent is the indentation shared by the continuation lines (not
// the part of a value on its key's line).
func commonIndent(lines []valueLine) int {
	ind := -1
	for i, l := range lines {
		if i == 0 && l.col > 1 {
			continue
		}
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		n := len(l.text) - len(strings.TrimLeft(l.text, " \t"))
		if ind < 0 || n < ind {
			ind = n
		}
	}
	return max(ind, 0)
}

// parseIndentedPosition reads the position value of an entry the way the
// original runner did (records.ParsePositionTolerant) and maps a parse
// error or warning back to the line and column of the test file.
func parseIndentedPosition(e *entry, file string) (rules.Position, []records.ParseWarning, error) {
	if len(e.lines) == 0 {
		return rules.Position{}, nil, &records.ParseError{File: file, Line: e.line, Column: 1, Err: fmt.Errorf("%w: position is empty", ErrPosition)}
	}
	ind := commonIndent(e.lines)
	var b strings.Builder
	type origin struct{ line, col int }
	var orig []origin
	for i, l := range e.lines {
		t := strings.TrimRight(l.text, " \t")
		col := l.col
		switch {
		case i == 0 && l.col > 1:
			lead := len(t) - len(strings.TrimLeft(t, " \t"))
			t, col = t[lead:], l.col+lead
		case len(t) >= ind:
			t, col = t[ind:], ind+1
		default:
			t = strings.TrimLeft(t, " \t")
		}
		b.WriteString(t)
		b.WriteByte('\n')
		orig = append(orig, origin{l.line, col})
	}
	// inFile maps a line and column of the value to the test file's.
	inFile := func(l, c int) (int, int) {
		if l < 1 || l > len(orig) {
			return e.line, 1
		}
		o := orig[l-1]
		if c > 0 {
			return o.line, o.col + c - 1
		}
		return o.line, o.col
	}
	p, warns, err := records.ParsePositionTolerant(b.String())
	if err != nil {
		line, col := e.line, 1
		var pe *records.ParseError
		reason := err
		if errors.As(err, &pe) {
			reason = pe.Err
			line, col = inFile(pe.Line, pe.Column)
		}
		return rules.Position{}, nil, &records.ParseError{File: file, Line: line, Column: col, Err: fmt.Errorf("%w: %w", ErrPosition, reason)}
	}
	if probs := p.Validate(); len(probs) > 0 {
		msgs := make([]string, len(probs))
		for i, pr := range probs {
			msgs[i] = pr.Msg
		}
		return rules.Position{}, nil, &records.ParseError{File: file, Line: orig[0].line, Column: orig[0].col, Err: fmt.Errorf("%w: %s", ErrPosition, strings.Join(msgs, "; "))}
	}
	for i := range warns {
		w := &warns[i]
		w.File = file
		w.Line, w.Column = inFile(w.Line, w.Column)
		w.Err = fmt.Errorf("%w: %w", ErrPosition, w.Err)
	}
	return p, warns, nil
}
