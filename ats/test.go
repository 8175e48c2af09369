package ats

import (
	"errors"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Sentinel errors wrapped by the load errors of LoadSuite, ReadATS and
// ReadTOML, for errors.Is.
var (
	ErrSyntax    = errors.New("bad test file syntax")
	ErrCondition = errors.New("unknown condition")
	ErrAtom      = errors.New("malformed criteria atom")
	ErrPosition  = errors.New("bad test position")
	ErrMissing   = errors.New("missing field")
	ErrDuplicate = errors.New("duplicate test name")
	// ErrSolution: a test's solution is not a legal move of its position.
	ErrSolution = errors.New("illegal solution")
	// ErrConfigSyntax: a suite configuration (LoadConfig) that does not
	// read. It is a kind of ErrSyntax (errors.Is), named for the file it
	// is about.
	ErrConfigSyntax error = configSyntax{}
)

type configSyntax struct{}

func (configSyntax) Error() string        { return "bad suite configuration syntax" }
func (configSyntax) Is(target error) bool { return target == ErrSyntax }

// Test is one test: a position with the side to move to play, and the
// criteria that score the move an engine chooses there.
type Test struct {
	// Name identifies the test within its suite: the file name without
	// extension for an .ats file, the name given in a TOML file. LoadSuite
	// makes names unique by adding "#2", "#3", ...
	Name string
	// Number is the test's 1-based place in its suite, for filters.
	Number   int
	File     string // the file it was read from
	Line     int    // the line where it starts
	Comment  string
	Tags     []string
	Position rules.Position
	Criteria Criteria
	// Solution is the author's answer, when the file gives one ("solution"
	// key): the example suite checks that each scores full marks, and a
	// view may offer it as a hint.
	Solution string
	// Warnings are what the reader read past in a legacy file: a
	// character between two squares of the board, which the original
	// runner ignored (see ReadATS). The test loads; a view shows them so
	// the file can be mended.
	Warnings []records.ParseWarning
}

// HasTag reports whether the test carries tag t (case-insensitive).
func (t *Test) HasTag(tag string) bool {
	for _, x := range t.Tags {
		if equalFold(x, tag) {
			return true
		}
	}
	return false
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// Score plays the move text from the test position and judges it: an
// illegal move gets a zero verdict and the reason as the error (wrapping
// ErrIllegalMove).
func (t *Test) Score(move string, rep Report) (Played, Verdict, error) {
	pl, err := PlayMove(t.Position, move)
	if err != nil {
		return Played{}, Verdict{Blocks: make([]BlockVerdict, len(t.Criteria.Blocks))}, err
	}
	return pl, t.Criteria.Judge(t.Position, pl, rep), nil
}
