package rules

import (
	"errors"
	"fmt"
)

// Termination is how a game ended, as the one-letter code of the game
// archive: g goal, e elimination, m immobilization, t time, r resignation,
// i illegal move, s score. Other letters from old archives are kept as
// they are.
type Termination byte

// The terminations the rules decide, and those only a game server knows.
const (
	ByGoal           Termination = 'g'
	ByElimination    Termination = 'e'
	ByImmobilization Termination = 'm'
	ByTime           Termination = 't'
	ByResignation    Termination = 'r'
	ByIllegalMove    Termination = 'i'
	ByScore          Termination = 's'
)

// String names the termination in words, or gives an unknown letter as it is.
func (t Termination) String() string {
	switch t {
	case ByGoal:
		return "goal"
	case ByElimination:
		return "elimination"
	case ByImmobilization:
		return "immobilization"
	case ByTime:
		return "time"
	case ByResignation:
		return "resignation"
	case ByIllegalMove:
		return "illegal move"
	case ByScore:
		return "score"
	case 0:
		return "none"
	}
	return string(rune(t))
}

// Result is the outcome of a finished game.
type Result struct {
	Winner Color
	How    Termination
}

func (r Result) String() string { return fmt.Sprintf("%s wins by %s", r.Winner, r.How) }

// Outcome applies the end-of-game checks (package documentation) to p,
// taken at the start of a turn: A is the side that just moved and B the
// side to move. It ignores repetition, which needs a game's history.
func (p *Position) Outcome() (Result, bool) {
	return p.outcome(func(*Position) bool { return p.hasMove(nil) })
}

func (p *Position) outcome(bHasMove func(*Position) bool) (Result, bool) {
	b := p.side
	a := b ^ 1
	goal := [2]Bitboard{Rank8, Rank1}
	switch {
	case p.bb[a][Rabbit]&goal[a] != 0:
		return Result{a, ByGoal}, true
	case p.bb[b][Rabbit]&goal[b] != 0:
		return Result{b, ByGoal}, true
	case p.bb[b][Rabbit] == 0:
		return Result{a, ByElimination}, true
	case p.bb[a][Rabbit] == 0:
		return Result{b, ByElimination}, true
	case !bHasMove(p):
		return Result{a, ByImmobilization}, true
	}
	return Result{}, false
}

// hasMove reports whether the side to move has a legal move, one whose
// end position is not forbidden by forbid (nil forbids nothing).
func (p *Position) hasMove(forbid func(*Position) bool) bool {
	var buf [128]Step
	for _, s := range p.Steps(buf[:0]) {
		np := p.Play(s)
		if np.CanEndTurn() && (forbid == nil || !forbid(&np)) {
			return true
		}
	}
	found := false
	var g MoveGen
	g.EachUntil(*p, func(_ Move, after *Position) bool {
		found = forbid == nil || !forbid(after)
		return !found
	})
	return found
}

// Phase is where a game stands.
type Phase uint8

// The phases of a game.
const (
	GoldSetup Phase = iota
	SilverSetup
	Playing
	Over
)

// Game is a whole game: the setups (or a given start position), the moves,
// the repetition counts and the result. Its methods check every rule.
type Game struct {
	setup  [2][]Placement
	start  Position   // the position after the setups, or the one given
	turns  []Position // the position at the start of each turn played
	moves  []Move
	reps   map[uint64]int
	cur    Position
	phase  Phase
	result Result
}

// NewGame starts a game on an empty board with Gold to set up.
func NewGame() *Game {
	return &Game{cur: NewPosition(Gold, 1, [64]Piece{}), reps: map[uint64]int{}}
}

// NewGameFrom starts a game from a given position, which must be valid
// (see Position.Validate) and at the start of a turn. A position in which
// the game is already decided gives a game that is over.
func NewGameFrom(p Position) (*Game, error) {
	for _, pr := range p.Validate() {
		if !pr.GameOver {
			return nil, fmt.Errorf("invalid start position: %s", pr.Msg)
		}
	}
	p.resetTurn()
	if p.turn == 0 {
		p.turn = 2
	}
	g := &Game{start: p, cur: p, phase: Playing, reps: map[uint64]int{p.TurnHash(): 1}}
	g.checkEnd()
	return g, nil
}

// Phase tells whether the game is in a setup, in play, or over.
func (g *Game) Phase() Phase { return g.phase }

// Position is the current position, at the start of the side to move's turn.
func (g *Game) Position() Position { return g.cur }

// Start is the position the moves start from (after the setups).
func (g *Game) Start() Position { return g.start }

// Setup returns the placements of side c, nil for a game from a position.
func (g *Game) Setup(c Color) []Placement { return g.setup[c] }

// Moves returns the moves played after the setups.
func (g *Game) Moves() []Move { return g.moves }

// PositionBefore returns the position at the start of move i (0-based),
// or the current position for i = len(Moves()).
func (g *Game) PositionBefore(i int) Position {
	if i >= len(g.turns) {
		return g.cur
	}
	return g.turns[i]
}

// Result returns the result once the game is over.
func (g *Game) Result() (Result, bool) { return g.result, g.phase == Over }

// Finish ends the game with a result the rules do not decide themselves
// (time, resignation, an illegal move on a server, score).
func (g *Game) Finish(r Result) {
	g.result = r
	g.phase = Over
}

// ErrGameOver is returned for a move played after the game has ended.
var ErrGameOver = errors.New("the game is already over")

// MoveError says why a move is illegal: which step (0-based; -1 for the
// move as a whole) and the reason.
type MoveError struct {
	Label string // turn label, e.g. "12b"; "" for a move played from a position alone (Position.PlayWritten)
	Index int
	Step  Step
	Msg   string
}

func (e *MoveError) Error() string {
	var where string
	if e.Label != "" {
		where = "move " + e.Label
	}
	if e.Index >= 0 {
		if where != "" {
			where += ", "
		}
		where += fmt.Sprintf("step %d (%s)", e.Index+1, e.Step)
	}
	if where == "" {
		return e.Msg
	}
	return where + ": " + e.Msg
}

// TurnLabel gives a turn's label as in records, e.g. "12b".
func TurnLabel(turn int, side Color) string { return fmt.Sprintf("%d%c", turn, side.Letter()) }

// SetupPieces places the pieces of the side whose setup it is. It must be
// the whole army on that side's two home ranks.
func (g *Game) SetupPieces(ps []Placement) error {
	var c Color
	switch g.phase {
	case GoldSetup:
		c = Gold
	case SilverSetup:
		c = Silver
	default:
		return &MoveError{TurnLabel(g.cur.Turn(), g.cur.side), -1, NoStep, "the setup is already complete"}
	}
	label := TurnLabel(1, c)
	home := Rank1 | Rank1<<8
	if c == Silver {
		home = Rank8 | Rank8>>8
	}
	var count [7]int
	p := g.cur
	for i, pl := range ps {
		switch {
		case !pl.Piece.Valid() || pl.Piece.Color() != c:
			return &MoveError{label, -1, NoStep, fmt.Sprintf("placement %d (%s): not a %s piece", i+1, pl, c)}
		case !pl.Square.Valid() || !home.Has(pl.Square):
			return &MoveError{label, -1, NoStep, fmt.Sprintf("placement %d (%s): %s is not on %s's two home ranks", i+1, pl, pl.Square, c)}
		case p.board[pl.Square] != Empty:
			return &MoveError{label, -1, NoStep, fmt.Sprintf("placement %d (%s): %s is already taken", i+1, pl, pl.Square)}
		}
		count[pl.Piece.Type()]++
		p.put(pl.Square, pl.Piece)
	}
	for t := Rabbit; t <= Elephant; t++ {
		if count[t] != FullArmy[t] {
			return &MoveError{label, -1, NoStep, fmt.Sprintf("the setup has %d %ss; it needs %d", count[t], t, FullArmy[t])}
		}
	}
	g.setup[c] = append([]Placement(nil), ps...)
	if c == Gold {
		g.cur = p.WithSide(Silver)
		g.phase = SilverSetup
		return nil
	}
	p.turn = 2
	g.cur = p.WithSide(Gold)
	g.start = g.cur
	g.phase = Playing
	g.reps[g.cur.TurnHash()] = 1
	return nil
}

// Play checks and plays a whole move for the side to move.
func (g *Game) Play(m Move) error {
	label := TurnLabel(g.cur.Turn(), g.cur.side)
	if g.phase == Over {
		return &MoveError{label, -1, NoStep, ErrGameOver.Error()}
	}
	if g.phase != Playing {
		return &MoveError{label, -1, NoStep, "the setup is not complete"}
	}
	p, _, err := g.cur.playMove(m, nil, label)
	if err != nil {
		return err
	}
	next := p.EndTurn()
	if g.reps[next.TurnHash()] >= 2 {
		return &MoveError{label, -1, NoStep, "the move repeats a position for the third time"}
	}
	g.turns = append(g.turns, g.cur)
	g.moves = append(g.moves, m)
	g.cur = next
	g.reps[next.TurnHash()]++
	g.checkEnd()
	return nil
}

// Undo takes back the last move; it reports false when there is none.
func (g *Game) Undo() bool {
	n := len(g.moves)
	if n == 0 {
		return false
	}
	g.reps[g.cur.TurnHash()]--
	g.cur = g.turns[n-1]
	g.turns, g.moves = g.turns[:n-1], g.moves[:n-1]
	g.phase, g.result = Playing, Result{}
	return true
}

// Repeated reports whether ending a turn at after (a position in the
// middle or end of the side to move's turn) would repeat a position for
// the third time.
func (g *Game) Repeated(after *Position) bool {
	next := after.EndTurn()
	return g.reps[next.TurnHash()] >= 2
}

// CompleteMove extends the partial move m, which led from the current
// position to pos (in the middle of the side to move's turn), by the first
// remaining steps the rules allow, repetition included: a search's answer
// cut short by its limits still is a legal move. It returns the zero Move
// when no ending is legal.
func (g *Game) CompleteMove(pos Position, m Move) Move {
	var gen MoveGen
	var found Move
	gen.EachUntil(pos, func(rest Move, after *Position) bool {
		if g.Repeated(after) {
			return true
		}
		found = m
		for _, st := range rest.Slice() {
			found = found.Add(st)
		}
		return false
	})
	return found
}

// LegalMoves appends to dst the unique moves of the side to move that the
// rules allow here, repetition included.
func (g *Game) LegalMoves(dst []Move) []Move {
	if g.phase != Playing {
		return dst
	}
	var gen MoveGen
	gen.Each(g.cur, func(m Move, after *Position) {
		if !g.Repeated(after) {
			dst = append(dst, m)
		}
	})
	return dst
}

func (g *Game) checkEnd() {
	r, over := g.cur.outcome(func(p *Position) bool { return p.hasMove(g.Repeated) })
	if over {
		g.result, g.phase = r, Over
	}
}
