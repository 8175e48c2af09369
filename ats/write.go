package ats

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"arimaa-workbench/records"
)

// ErrNotWritable is returned by WriteTOML for criteria the TOML format
// cannot express (a negated goal, move or captures condition).
var ErrNotWritable = errors.New("criteria cannot be written as TOML")

// WriteTOML writes tests in the TOML form ReadTOML reads, one [[test]]
// table each, with the position in the long format and one
// [[test.criteria]] table per block. A suite name, if given, heads the file.
func WriteTOML(w io.Writer, suite string, tests []*Test) error {
	bw := bufio.NewWriter(w)
	if suite != "" {
		fmt.Fprintf(bw, "name = %s\n", tomlString(suite))
	}
	for i, t := range tests {
		if i > 0 || suite != "" {
			bw.WriteByte('\n')
		}
		fmt.Fprintf(bw, "[[test]]\nname = %s\n", tomlString(t.Name))
		if t.Comment != "" {
			fmt.Fprintf(bw, "comment = %s\n", tomlString(t.Comment))
		}
		if len(t.Tags) > 0 {
			fmt.Fprintf(bw, "tags = %s\n", tomlList(t.Tags))
		}
		if t.Solution != "" {
			fmt.Fprintf(bw, "solution = %s\n", tomlString(t.Solution))
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
			return fmt.Errorf("%w: %s", ErrNotWritable, a)
		}
		switch a.Kind {
		case ScoreGoal:
			w.WriteString("score_goal = true\n")
		case PreventGoal:
			w.WriteString("prevent_goal = true\n")
		case NoLoss:
			w.WriteString("no_loss = true\n")
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
			return fmt.Errorf("%w: %s", ErrNotWritable, a)
		}
	}
	if len(pieces) > 0 {
		fmt.Fprintf(w, "pieces = %s\n", tomlString(strings.Join(pieces, " ")))
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

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	s = strings.ToValidUTF8(s, string(utf8.RuneError))
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func tomlList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = tomlString(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
