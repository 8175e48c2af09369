package gamedb

import (
	"encoding/binary"
	"errors"
	"fmt"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// The database stores moves and games in a compact binary form of its own
// (see the package doc, "The store"): a step is one byte, its origin square
// (bits 0-5) and direction (bits 6-7), the low byte of a rules.Step; the
// piece is whatever stands on the origin square when the step is played,
// so a move is read back only against the position it was played from,
// which every reader of it has.

// stepByte is the byte a step is stored as.
func stepByte(s rules.Step) byte { return byte(s.From()) | byte(s.Dir())<<6 }

// setupBytes is how many bytes a setup takes: 16 squares of the side's
// two home ranks, a piece type (0 for none) in 4 bits each.
const setupBytes = 8

// homeBase is the first square of side c's home ranks.
func homeBase(c rules.Color) rules.Square {
	if c == rules.Gold {
		return rules.NewSquare(0, 0)
	}
	return rules.NewSquare(0, 6)
}

// appendSetup appends the setup ps of side c.
func appendSetup(b []byte, ps []rules.Placement, c rules.Color) ([]byte, error) {
	var out [setupBytes]byte
	base := homeBase(c)
	for _, p := range ps {
		i := int(p.Square) - int(base)
		if i < 0 || i >= 16 || p.Piece.Color() != c {
			return b, fmt.Errorf("setup placement %v is not on %s's home ranks", p, c)
		}
		out[i/2] |= byte(p.Piece.Type()) << (4 * (i % 2))
	}
	return append(b, out[:]...), nil
}

// readSetup reads a setup of side c that appendSetup wrote, its
// placements in the order of their squares (canonicalSetup's order).
func readSetup(b []byte, c rules.Color) []rules.Placement {
	var ps []rules.Placement
	base := homeBase(c)
	for i := range 16 {
		if t := rules.PieceType(b[i/2] >> (4 * (i % 2)) & 15); t != 0 {
			ps = append(ps, rules.Placement{Piece: rules.MakePiece(c, t), Square: base + rules.Square(i)})
		}
	}
	return ps
}

// moveBytes is a move as the positions table stores it: its steps'
// bytes.
func moveBytes(m rules.Move) []byte {
	b := make([]byte, m.N)
	for i, s := range m.Slice() {
		b[i] = stepByte(s)
	}
	return b
}

// errBadMove is the error of a stored move that does not fit its
// position: a damaged row, or a position key shared by chance.
var errBadMove = errors.New("a stored move that does not fit its position")

// readMove reads the steps of a stored move played from p: the piece of
// each step is the one on its origin square.
func readMove(p rules.Position, b []byte) (rules.Move, error) {
	var m rules.Move
	if len(b) == 0 || len(b) > 4 {
		return m, errBadMove
	}
	for _, c := range b {
		from, d := rules.Square(c&63), rules.Dir(c>>6)
		pc := p.At(from)
		if pc == rules.Empty || !validStep(from, d) {
			return m, errBadMove
		}
		s := rules.MakeStep(pc, from, d)
		m = m.Add(s)
		p = p.Play(s)
	}
	return m, nil
}

// validStep reports whether the step from from in direction d stays on
// the board.
func validStep(from rules.Square, d rules.Dir) bool {
	f, r := from.File(), from.Rank()
	switch d {
	case rules.North:
		return r < 7
	case rules.South:
		return r > 0
	case rules.East:
		return f < 7
	}
	return f > 0
}

// moveText writes a stored move (or, at plies -2 and -1, a setup) played
// from p as the records write it; "" for none (a game's last position).
func moveText(p rules.Position, ply int, b []byte) (string, error) {
	switch {
	case len(b) == 0:
		return "", nil
	case ply < 0:
		if len(b) != setupBytes {
			return "", errBadMove
		}
		return rules.SetupString(readSetup(b, p.Side())), nil
	}
	m, err := readMove(p, b)
	if err != nil {
		return "", err
	}
	return p.MoveString(m), nil
}

// The first byte of a stored game says how it starts.
const (
	startSetups   = 0 // then both setups (setupBytes each, zero for none)
	startPosition = 1 // then a length byte and the compact position
)

// encodeGame is a game as the games table stores it: how it starts, then
// each move as a count of steps and their bytes.
func encodeGame(g *rules.Game) ([]byte, error) {
	b := make([]byte, 0, 1+2*setupBytes+5*len(g.Moves()))
	if g.Setup(rules.Gold) != nil || g.Phase() == rules.GoldSetup {
		b = append(b, startSetups)
		for c := rules.Gold; c <= rules.Silver; c++ {
			var err error
			if b, err = appendSetup(b, g.Setup(c), c); err != nil {
				return nil, err
			}
		}
	} else {
		start := g.Start()
		text := records.FormatCompact(start)
		b = append(append(b, startPosition, byte(len(text))), text...)
		b = binary.AppendUvarint(b, uint64(start.Turn()))
	}
	for _, m := range g.Moves() {
		b = append(b, byte(m.N))
		for _, s := range m.Slice() {
			b = append(b, stepByte(s))
		}
	}
	return b, nil
}

// storedGame is a stored game read back without the rules' checks (they
// were made when it was indexed): its start and its moves' bytes.
type storedGame struct {
	setup   [2][]rules.Placement // the setups; nil for a game from a position
	fromPos bool                 // the game starts from a position
	start   rules.Position       // the position after the setups
	moves   [][]byte             // each move's step bytes (decodeGame)
	raw     []byte               // the moves as stored
}

// decodeGame reads what encodeGame wrote.
func decodeGame(b []byte) (storedGame, error) {
	sg, err := decodeStart(b)
	if err != nil {
		return sg, err
	}
	for b := sg.raw; len(b) > 0; {
		n := int(b[0])
		if n < 1 || n > 4 || len(b) < 1+n {
			return sg, errDamaged
		}
		sg.moves = append(sg.moves, b[1:1+n])
		b = b[1+n:]
	}
	return sg, nil
}

// errDamaged is the error of a stored game that cannot be read.
var errDamaged = errors.New("a damaged stored game")

// decodeStart reads how a stored game starts and keeps its moves as
// stored (raw), for each to read as it replays them.
func decodeStart(b []byte) (storedGame, error) {
	var sg storedGame
	bad := errDamaged
	if len(b) == 0 {
		return sg, bad
	}
	switch b[0] {
	case startSetups:
		if len(b) < 1+2*setupBytes {
			return sg, bad
		}
		// The board after the setups, as rules.Game makes it: the
		// setups were checked when the game was indexed.
		var board [64]rules.Piece
		for c := rules.Gold; c <= rules.Silver; c++ {
			sg.setup[c] = readSetup(b[1+int(c)*setupBytes:], c)
			for _, pl := range sg.setup[c] {
				board[pl.Square] = pl.Piece
			}
		}
		switch {
		case len(sg.setup[rules.Silver]) > 0:
			sg.start = rules.NewPosition(rules.Gold, 2, board)
		case len(sg.setup[rules.Gold]) > 0:
			sg.start = rules.NewPosition(rules.Silver, 1, board)
		default:
			sg.start = rules.NewGame().Position()
		}
		b = b[1+2*setupBytes:]
	case startPosition:
		if len(b) < 2 || len(b) < 2+int(b[1]) {
			return sg, bad
		}
		p, err := records.ParseCompact(string(b[2 : 2+int(b[1])]))
		b = b[2+int(b[1]):]
		turn, n := binary.Uvarint(b)
		if err != nil || n <= 0 || turn > 1<<20 {
			return sg, bad
		}
		b = b[n:]
		sg.start, sg.fromPos = rules.NewPosition(p.Side(), int(turn), p.Board()), true
	default:
		return sg, bad
	}
	sg.raw = b
	return sg, nil
}

// line replays the stored game's moves without checking them, up to the
// position before move last: the positions at the start of each move
// and the moves.
func (sg *storedGame) line(last int) (gameLine, error) {
	p := sg.start
	n := min(last+1, len(sg.moves)+1)
	line := gameLine{pos: make([]rules.Position, 0, n), moves: make([]rules.Move, 0, n)}
	line.pos = append(line.pos, p)
	for i, b := range sg.moves {
		m, err := readMove(p, b)
		if err != nil {
			return line, err
		}
		line.moves = append(line.moves, m)
		if i == last {
			break
		}
		for _, s := range m.Slice() {
			p = p.Play(s)
		}
		p = p.EndTurn()
		line.pos = append(line.pos, p)
	}
	return line, nil
}

// each replays the stored game's moves without checking them and calls fn
// with the position before each move of plies (ascending) and the move
// played there (none at the game's end), until fn returns false.
func (sg *storedGame) each(plies []int, fn func(ply int, p *rules.Position, next rules.Move) bool) error {
	p := sg.start
	k := 0
	for k < len(plies) && plies[k] < 0 {
		k++
	}
	raw := sg.raw
	for i := 0; k < len(plies); i++ {
		var m rules.Move
		before := p
		if len(raw) > 0 {
			n := int(raw[0])
			if n < 1 || n > 4 || len(raw) < 1+n {
				return errDamaged
			}
			for _, c := range raw[1 : 1+n] {
				from, d := rules.Square(c&63), rules.Dir(c>>6)
				pc := p.At(from)
				if pc == rules.Empty || !validStep(from, d) {
					return errBadMove
				}
				s := rules.MakeStep(pc, from, d)
				m = m.Add(s)
				p = p.Play(s)
			}
			p = p.EndTurn()
			raw = raw[1+n:]
		}
		if plies[k] == i {
			if !fn(i, &before, m) {
				return nil
			}
			k++
		}
		if m.N == 0 {
			return nil // past the game's end
		}
	}
	return nil
}

// game replays the stored game with every rule checked.
func (sg *storedGame) game() (*rules.Game, error) {
	var g *rules.Game
	if !sg.fromPos {
		g = rules.NewGame()
		for c := rules.Gold; c <= rules.Silver; c++ {
			if len(sg.setup[c]) == 0 {
				break
			}
			if err := g.SetupPieces(sg.setup[c]); err != nil {
				return nil, err
			}
		}
	} else {
		var err error
		if g, err = rules.NewGameFrom(sg.start); err != nil {
			return nil, err
		}
	}
	for i, b := range sg.moves {
		m, err := readMove(g.Position(), b)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return g, nil
}
