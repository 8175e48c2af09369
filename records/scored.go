package records

import (
	"errors"
	"io"
	"math"
	"strconv"
	"strings"

	"arimaa-workbench/engine/rules"
)

// ErrScore is a scored-position line whose score is not a number.
var ErrScore = errors.New("bad score")

// MaxScore bounds the scores a scored-position file may give, in either
// direction: far beyond any engine's scale, short of the magnitudes where
// a least-squares fit of them loses its precision.
const MaxScore = 1e7

// ScoredPosition is a position with the score an engine (the teacher)
// gave it, from the point of view of the side to move, in the teacher's
// units; Line is its line in the file.
type ScoredPosition struct {
	Position rules.Position
	Score    float64
	Line     int
}

// maxScoredLine bounds one line of a scored-position file: a score, a
// blank and a compact position take under a hundred bytes.
const maxScoredLine = 4 << 10

// ReadScored reads a scored-position file: one position a line, its score
// first, then blanks, then the position in the compact AEI format, as in
//
//	-412.5	g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]
//
// Blank lines and lines starting with # are skipped. The score is a
// decimal number within ±MaxScore from the point of view of the side to
// move. A position whose game is over (a rabbit on its goal rank) is read
// as it is; invalid positions are errors. name (a file name, or "") goes
// in errors, each a *ParseError with the line and column.
func ReadScored(r io.Reader, name string) ([]ScoredPosition, error) {
	lr := NewLineReader(r, name, maxScoredLine)
	var out []ScoredPosition
	for {
		b, err := lr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		line := string(b)
		ind, t := indentOf(line)
		if t == "" || strings.TrimSpace(t) == "" || t[0] == '#' {
			continue
		}
		n := lr.Line()
		end := strings.IndexAny(t, " \t")
		if end < 0 || strings.TrimSpace(t[end:]) == "" {
			return nil, named(errAt(n, ind+1, ErrBoard, "the line has a score but no position after it"), name)
		}
		v, perr := strconv.ParseFloat(t[:end], 64)
		if perr != nil || math.IsNaN(v) || math.Abs(v) > MaxScore {
			return nil, named(errAt(n, ind+1, ErrScore, "%s is not a score (a number from %g to %g)", rules.Quote(t[:end]), -MaxScore, MaxScore), name)
		}
		rest := t[end:]
		skip, pos := indentOf(rest)
		p, pe := parseCompactLine(pos, n)
		if pe != nil {
			if pe.Column > 0 {
				pe.Column += ind + end + skip
			}
			return nil, named(pe, name)
		}
		out = append(out, ScoredPosition{Position: p, Score: v, Line: n})
	}
}

// named sets the file name of a reader's error.
func named(e *ParseError, name string) *ParseError {
	e.File = name
	return e
}
