package ats

import (
	"fmt"
	"strconv"
	"strings"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// Kind is the kind of a condition.
type Kind uint8

// The conditions a test can ask of a move. The first four come from the
// legacy format (see the package documentation); the rest are the TOML
// format's additions.
const (
	// ScoreGoal: the move wins by goal this turn.
	ScoreGoal Kind = iota + 1
	// PreventGoal: after the move the opponent has no move that scores a goal.
	PreventGoal
	// PieceAt: a piece stands on a square after the move (atom "Eb3").
	PieceAt
	// CapturedAt: a piece is captured on a trap during the move (atom "Hf6x").
	CapturedAt
	// BestMove: the move reaches the same position as one of Moves.
	BestMove
	// AvoidMove: the move reaches none of the positions of Moves.
	AvoidMove
	// Captures: an opponent piece of the given kind is captured during the
	// move, on the given trap or (Square = NoSquare) on any.
	Captures
	// NoLoss: the side to move loses no piece of its own during the move.
	NoLoss
	// WinRatioAtLeast: the engine's reported chance of winning is at least
	// MinWinRatio.
	WinRatioAtLeast
	// PreventCapture: after the move the opponent has no move that
	// captures a piece of the side that moved. It accepts every defence
	// that works, where piece atoms accept only the defences their author
	// listed.
	PreventCapture
)

var kindNames = [...]string{
	ScoreGoal:       "score goal",
	PreventGoal:     "prevent goal",
	PieceAt:         "piece at",
	CapturedAt:      "captured at",
	BestMove:        "best move",
	AvoidMove:       "avoid move",
	Captures:        "captures",
	NoLoss:          "no loss",
	WinRatioAtLeast: "win ratio at least",
	PreventCapture:  "prevent capture",
}

// String names the kind as the formats write it.
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Cond is one atom of a criteria block.
type Cond struct {
	Kind   Kind
	Negate bool // "!": the atom holds when the plain condition does not

	Piece  rules.Piece  // PieceAt, CapturedAt, Captures
	Square rules.Square // PieceAt, CapturedAt, Captures (NoSquare: any trap)

	// Moves are the moves of BestMove and AvoidMove as written; boards are
	// the positions they reach (filled by Criteria.Bind).
	Moves  []string
	boards [][64]rules.Piece

	MinWinRatio float64 // WinRatioAtLeast
}

// String gives the atom as it would be written.
func (c Cond) String() string {
	var s string
	switch c.Kind {
	case PieceAt:
		s = c.Piece.String() + c.Square.String()
	case CapturedAt:
		s = c.Piece.String() + c.Square.String() + "x"
	case Captures:
		s = "captures " + c.Piece.String()
		if c.Square != rules.NoSquare {
			s += c.Square.String()
		}
	case BestMove, AvoidMove:
		s = c.Kind.String() + " " + strings.Join(c.Moves, " | ")
	case WinRatioAtLeast:
		s = c.Kind.String() + " " + strconv.FormatFloat(c.MinWinRatio, 'g', -1, 64)
	default:
		s = c.Kind.String()
	}
	if c.Negate {
		return "!" + s
	}
	return s
}

// Block is atoms that must all hold, worth Weight when they do.
type Block struct {
	Atoms  []Cond
	Weight float64
}

// Criteria are the blocks of a test: its score for a move is the largest
// weight among the blocks the move satisfies, 0 if none.
type Criteria struct {
	Blocks []Block
}

// String writes the criteria in the piece_position style of the legacy
// format, extended to every kind of atom.
func (c Criteria) String() string {
	var b strings.Builder
	for i, bl := range c.Blocks {
		if i > 0 {
			b.WriteString(" | ")
		}
		for j, a := range bl.Atoms {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(a.String())
		}
		if bl.Weight != 1 {
			fmt.Fprintf(&b, " : %g", bl.Weight)
		}
	}
	return b.String()
}

// MaxScore is the best score a move can get: the largest block weight.
func (c Criteria) MaxScore() float64 {
	m := 0.0
	for _, b := range c.Blocks {
		m = max(m, b.Weight)
	}
	return m
}

// Bind checks the criteria against the test position: every move of
// BestMove and AvoidMove must be legal there, and the positions they reach
// are remembered for judging. It also rejects pieces of the wrong side in
// Captures. Bind must be called before Judge when such atoms are present.
func (c *Criteria) Bind(pos rules.Position) error {
	for bi := range c.Blocks {
		for ai := range c.Blocks[bi].Atoms {
			a := &c.Blocks[bi].Atoms[ai]
			switch a.Kind {
			case BestMove, AvoidMove:
				a.boards = a.boards[:0]
				for _, m := range a.Moves {
					pl, err := PlayMove(pos, m)
					if err != nil {
						return &BindError{Kind: a.Kind, Move: m, Err: fmt.Errorf("%s %q: %w", a.Kind, m, err)}
					}
					a.boards = append(a.boards, pl.After.Board())
				}
			case Captures:
				if a.Piece.Color() == pos.Side() {
					return &BindError{Kind: Captures, Err: fmt.Errorf("captures %s: that is a piece of the side to move; use an atom such as %s%sx for a sacrifice", a.Piece, a.Piece, squareOrTrap(a.Square))}
				}
			}
		}
	}
	return nil
}

// BindError is a criterion that does not fit the test position, with the
// kind of the atom concerned.
type BindError struct {
	Kind Kind
	Move string // the best or avoid move at fault, as written
	Err  error
}

func (e *BindError) Error() string { return e.Err.Error() }
func (e *BindError) Unwrap() error { return e.Err }

func squareOrTrap(s rules.Square) string {
	if s == rules.NoSquare {
		return "c3"
	}
	return s.String()
}

// Verdict is how a move fared against a test's criteria.
type Verdict struct {
	Score float64
	// Blocks[i].Atoms[j] tells whether atom j of block i holds, so a view
	// can mark satisfied and failed atoms on the board.
	Blocks []BlockVerdict
}

// BlockVerdict is the verdict on one block.
type BlockVerdict struct {
	Satisfied bool   `json:"satisfied"`
	Atoms     []bool `json:"atoms"`
}

// Report is what an engine said about its move besides the move itself.
type Report struct {
	WinRatio    float64
	HasWinRatio bool
}

// Judge scores a legal move played from pos (see PlayMove). The rules core
// decides goals; repetition is not considered, as a test has no history.
func (c Criteria) Judge(pos rules.Position, pl Played, rep Report) Verdict {
	v := Verdict{Blocks: make([]BlockVerdict, len(c.Blocks))}
	var j judge
	j.pos, j.pl, j.rep = &pos, &pl, rep
	for i, b := range c.Blocks {
		bv := BlockVerdict{Satisfied: true, Atoms: make([]bool, len(b.Atoms))}
		for k, a := range b.Atoms {
			ok := j.holds(a)
			bv.Atoms[k] = ok
			bv.Satisfied = bv.Satisfied && ok
		}
		if bv.Satisfied {
			v.Score = max(v.Score, b.Weight)
		}
		v.Blocks[i] = bv
	}
	return v
}

// judge evaluates atoms for one move, caching the expensive goal search.
type judge struct {
	pos       *rules.Position
	pl        *Played
	rep       Report
	goalKnown bool
	oppGoal   bool
	capKnown  bool
	oppCap    bool
}

func (j *judge) holds(a Cond) bool {
	var ok bool
	mover := j.pos.Side()
	switch a.Kind {
	case ScoreGoal:
		r, over := j.pl.After.Outcome()
		ok = over && r.Winner == mover && r.How == rules.ByGoal
	case PreventGoal:
		if !j.goalKnown {
			j.oppGoal = opponentCanGoal(j.pl.After, mover)
			j.goalKnown = true
		}
		ok = !j.oppGoal
	case PreventCapture:
		if !j.capKnown {
			j.oppCap = opponentCanCapture(j.pl.After, mover)
			j.capKnown = true
		}
		ok = !j.oppCap
	case PieceAt:
		ok = j.pl.After.At(a.Square) == a.Piece
	case CapturedAt:
		for _, c := range j.pl.Captures {
			if c.Piece == a.Piece && c.Square == a.Square {
				ok = true
			}
		}
	case Captures:
		for _, c := range j.pl.Captures {
			if c.Piece == a.Piece && (a.Square == rules.NoSquare || c.Square == a.Square) {
				ok = true
			}
		}
	case NoLoss:
		ok = true
		for _, c := range j.pl.Captures {
			if c.Piece.Color() == mover {
				ok = false
			}
		}
	case BestMove, AvoidMove:
		board := j.pl.After.Board()
		found := false
		for _, b := range a.boards {
			if b == board {
				found = true
			}
		}
		ok = found == (a.Kind == BestMove)
	case WinRatioAtLeast:
		ok = j.rep.HasWinRatio && j.rep.WinRatio >= a.MinWinRatio
	}
	return ok != a.Negate
}

// opponentCanCapture reports whether, in after (the position following
// mover's move, with the opponent to move), the opponent has a move that
// captures one of mover's pieces. A game decided by mover's move leaves
// the opponent no move; one it lost leaves nothing to defend.
func opponentCanCapture(after rules.Position, mover rules.Color) bool {
	if r, over := after.Outcome(); over {
		return r.Winner != mover
	}
	// The engine's trap check is an exact search of the opponent's steps
	// this turn (every capture, pushes and pulls included).
	return len(eval.TrapCheck(&after)) > 0
}

// opponentCanGoal reports whether, in after (the position following
// mover's move, with the opponent to move), the opponent has a move that
// wins by goal. A game already decided by mover's move leaves the opponent
// no move at all.
func opponentCanGoal(after rules.Position, mover rules.Color) bool {
	if r, over := after.Outcome(); over {
		return r.Winner != mover
	}
	// The exact goal search of the engine's evaluation answers the same
	// question as enumerating the opponent's moves, thousands of times
	// faster.
	_, ok := eval.GoalCheck(&after)
	return ok
}

// ParseAtom reads one atom of a piece_position block: "Eb3" (a Gold
// elephant on b3 after the move), "!ce2" (no Silver cat on e2), "Hf6x" (a
// Gold horse captured on f6 during the move), and "!Hf6x".
func ParseAtom(w string) (Cond, error) {
	c := Cond{Square: rules.NoSquare}
	s := w
	if strings.HasPrefix(s, "!") {
		c.Negate = true
		s = s[1:]
	}
	if len(s) != 3 && len(s) != 4 {
		return Cond{}, fmt.Errorf("atom %q: expected a piece letter and a square, such as Eb3, !ce2 or Hf6x", w)
	}
	p, ok := rules.ParsePiece(s[0])
	if !ok {
		return Cond{}, fmt.Errorf("atom %q: '%c' is not an Arimaa piece (E M H D C R, e m h d c r)", w, s[0])
	}
	sq, err := rules.ParseSquare(s[1:3])
	if err != nil {
		return Cond{}, fmt.Errorf("atom %q: %q is not a square (a1 to h8)", w, s[1:3])
	}
	c.Piece, c.Square, c.Kind = p, sq, PieceAt
	if len(s) == 4 {
		if s[3] != 'x' {
			return Cond{}, fmt.Errorf("atom %q: '%c' after the square; only x (captured) may follow", w, s[3])
		}
		if !sq.IsTrap() {
			return Cond{}, fmt.Errorf("atom %q: %s is not a trap (c3, f3, c6, f6), so nothing is captured there", w, sq)
		}
		c.Kind = CapturedAt
	}
	return c, nil
}

// AtomError is a malformed atom or block, at a 1-based column of the text
// given to ParsePiecePosition.
type AtomError struct {
	Column int
	Atom   string
	Err    error
}

func (e *AtomError) Error() string { return fmt.Sprintf("column %d: %v", e.Column, e.Err) }
func (e *AtomError) Unwrap() error { return e.Err }

// ParsePiecePosition reads the value of after_piece_position: blocks
// separated by "|", each of atoms separated by spaces with an optional
// ": weight" at its end (default 1).
func ParsePiecePosition(text string) (Criteria, error) {
	var c Criteria
	start := 0
	for start <= len(text) {
		end := strings.IndexByte(text[start:], '|')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		b, err := parseBlock(text[start:end], start)
		if err != nil {
			return Criteria{}, err
		}
		if b != nil {
			c.Blocks = append(c.Blocks, *b)
		}
		start = end + 1
	}
	if len(c.Blocks) == 0 {
		return Criteria{}, &AtomError{Column: 1, Err: fmt.Errorf("no atoms; expected blocks such as \"Eb3 !ce2 | Hf6x : 0.5\"")}
	}
	return c, nil
}

// parseBlock reads one block starting at byte offset off of the whole
// text; an empty block (as left by a trailing "|") gives nil.
func parseBlock(s string, off int) (*Block, error) {
	b := Block{Weight: 1}
	atoms := s
	if i := strings.IndexByte(s, ':'); i >= 0 {
		atoms = s[:i]
		ws := strings.TrimSpace(s[i+1:])
		col := off + i + 2 + (len(s[i+1:]) - len(strings.TrimLeft(s[i+1:], " \t")))
		w, err := strconv.ParseFloat(ws, 64)
		if err != nil || w < 0 || w != w || w > 1e9 {
			return nil, &AtomError{Column: col, Atom: ws, Err: fmt.Errorf("weight %q is not a non-negative number", ws)}
		}
		b.Weight = w
	}
	pos := 0
	for _, w := range strings.Fields(atoms) {
		i := strings.Index(atoms[pos:], w) + pos
		pos = i + len(w)
		a, err := ParseAtom(w)
		if err != nil {
			return nil, &AtomError{Column: off + i + 1, Atom: w, Err: err}
		}
		b.Atoms = append(b.Atoms, a)
	}
	if len(b.Atoms) == 0 {
		if strings.TrimSpace(s) == "" {
			return nil, nil
		}
		return nil, &AtomError{Column: off + 1, Atom: s, Err: fmt.Errorf("a weight without atoms")}
	}
	return &b, nil
}
