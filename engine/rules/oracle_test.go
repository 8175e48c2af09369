package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The oracle is a second, deliberately plain reading of the rules: a bare
// board array and the list of steps taken so far, from which it works out
// pushes and pulls afresh at every step. It shares no code with Steps or
// Play, so agreement between the two is evidence for both.

type oracleStep struct {
	from, to Square
	piece    Piece
}

type oracle struct {
	board [64]Piece
	side  Color
	hist  []oracleStep
	kind  []byte // per step: 'n' normal, 'p' push start, 'c' push completion, 'l' pull completion
}

func newOracle(p Position) *oracle {
	return &oracle{board: p.Board(), side: p.Side()}
}

func (o *oracle) adj(s Square) []Square {
	var out []Square
	f, r := s.File(), s.Rank()
	if r < 7 {
		out = append(out, s+8)
	}
	if r > 0 {
		out = append(out, s-8)
	}
	if f < 7 {
		out = append(out, s+1)
	}
	if f > 0 {
		out = append(out, s-1)
	}
	return out
}

func (o *oracle) frozen(s Square) bool {
	pc := o.board[s]
	stronger := false
	for _, n := range o.adj(s) {
		q := o.board[n]
		if q == Empty {
			continue
		}
		if q.Color() == pc.Color() {
			return false
		}
		if q.Type() > pc.Type() {
			stronger = true
		}
	}
	return stronger
}

func (o *oracle) steps() []oracleStep {
	var out []oracleStep
	n := len(o.hist)
	if n >= 4 {
		return nil
	}
	pushPending := n > 0 && o.kind[n-1] == 'p'
	for s := Square(0); s < 64; s++ {
		pc := o.board[s]
		if pc == Empty {
			continue
		}
		for _, t := range o.adj(s) {
			if o.board[t] != Empty {
				continue
			}
			st := oracleStep{s, t, pc}
			if pc.Color() == o.side {
				if o.frozen(s) {
					continue
				}
				if pushPending {
					last := o.hist[n-1]
					if t == last.from && pc.Type() > last.piece.Type() {
						out = append(out, st)
					}
					continue
				}
				if pc.Type() == Rabbit && (pc.Color() == Gold && t == s-8 || pc.Color() == Silver && t == s+8) {
					continue
				}
				out = append(out, st)
				continue
			}
			if pushPending {
				continue
			}
			if n > 0 && o.kind[n-1] == 'n' && o.hist[n-1].piece.Color() == o.side &&
				t == o.hist[n-1].from && o.hist[n-1].piece.Type() > pc.Type() {
				out = append(out, st) // second half of a pull
				continue
			}
			if n <= 2 {
				for _, q := range o.adj(s) {
					if f := o.board[q]; f != Empty && f.Color() == o.side && f.Type() > pc.Type() && !o.frozen(q) {
						out = append(out, st) // first half of a push
						break
					}
				}
			}
		}
	}
	return out
}

func (o *oracle) play(st oracleStep) {
	n := len(o.hist)
	kind := byte('n')
	if st.piece.Color() != o.side {
		kind = 'p'
		if n > 0 && o.kind[n-1] == 'n' && o.hist[n-1].piece.Color() == o.side && st.to == o.hist[n-1].from && o.hist[n-1].piece.Type() > st.piece.Type() {
			kind = 'l'
		}
	} else if n > 0 && o.kind[n-1] == 'p' {
		kind = 'c'
	}
	o.board[st.from], o.board[st.to] = Empty, st.piece
	for _, trap := range []Square{C3, F3, C6, F6} {
		pc := o.board[trap]
		if pc == Empty {
			continue
		}
		safe := false
		for _, q := range o.adj(trap) {
			if o.board[q] != Empty && o.board[q].Color() == pc.Color() {
				safe = true
			}
		}
		if !safe {
			o.board[trap] = Empty
		}
	}
	o.hist = append(o.hist, st)
	o.kind = append(o.kind, kind)
}

func (o *oracle) clone() *oracle {
	c := *o
	c.hist = slices.Clone(o.hist)
	c.kind = slices.Clone(o.kind)
	return &c
}

// uniqueBoards enumerates every step sequence without pruning.
func (o *oracle) uniqueBoards(start [64]Piece, seen map[[64]Piece]bool) {
	for _, st := range o.steps() {
		c := o.clone()
		c.play(st)
		if c.kind[len(c.kind)-1] != 'p' && c.board != start {
			seen[c.board] = true
		}
		c.uniqueBoards(start, seen)
	}
}

func oracleStepStrings(o *oracle) string {
	m := map[string]bool{}
	for _, s := range o.steps() {
		d, _ := DirTo(s.from, s.to)
		m[MakeStep(s.piece, s.from, d).String()] = true
	}
	return sortedKeys(m)
}

// randomPosition places a random subset of both armies with no piece on
// an unsupported trap and no rabbit on its goal rank.
func randomPosition(rng *rand.Rand, pieces int) Position {
	for {
		var b [64]Piece
		var bag []Piece
		for c := Gold; c <= Silver; c++ {
			for t := Rabbit; t <= Elephant; t++ {
				for range FullArmy[t] {
					bag = append(bag, MakePiece(c, t))
				}
			}
		}
		rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
		for _, pc := range bag[:pieces] {
			for {
				s := Square(rng.IntN(64))
				if b[s] != Empty {
					continue
				}
				if pc.Type() == Rabbit && (pc.Color() == Gold && s.Rank() == 7 || pc.Color() == Silver && s.Rank() == 0) {
					continue
				}
				b[s] = pc
				break
			}
		}
		p := NewPosition(Color(rng.IntN(2)), 10, b)
		if len(p.Validate()) == 0 {
			return p
		}
	}
}

// TestStepsMatchOracle walks random turns and compares the legal step set
// at every step with the oracle's.
func TestStepsMatchOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 400; i++ {
		p := randomPosition(rng, 6+rng.IntN(27))
		o := newOracle(p)
		for {
			got, want := sortedKeys(stepSet(p)), oracleStepStrings(o)
			if got != want {
				t.Fatalf("position %s after %v:\n got: %s\nwant: %s", p.AEIString(), o.hist, got, want)
			}
			st := p.Steps(nil)
			if len(st) == 0 {
				break
			}
			s := st[rng.IntN(len(st))]
			p = p.Play(s)
			o.play(oracleStep{s.From(), s.To(), s.Piece()})
			if p.Board() != o.board {
				t.Fatalf("boards differ after %v", o.hist)
			}
		}
	}
}

// TestUniqueMovesMatchOracle compares MoveGen's count with exhaustive
// enumeration on sparse random positions, and checks every reported move
// replays to a distinct board.
func TestUniqueMovesMatchOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var g MoveGen
	n := 40
	if testing.Short() {
		n = 10
	}
	for i := 0; i < n; i++ {
		p := randomPosition(rng, 4+rng.IntN(8))
		seen := map[[64]Piece]bool{}
		newOracle(p).uniqueBoards(p.Board(), seen)
		boards := map[[64]Piece]bool{}
		prevLen := 0
		g.Each(p, func(m Move, after *Position) {
			if int(m.N) < prevLen {
				t.Fatalf("moves not in order of length")
			}
			prevLen = int(m.N)
			q := p
			for _, s := range m.Slice() {
				var err error
				if q, _, err = q.PlayChecked(s); err != nil {
					t.Fatalf("%s: move %v: %v", p.AEIString(), m, err)
				}
			}
			if q.Board() != after.Board() || !q.CanEndTurn() {
				t.Fatalf("%s: move %v does not replay to its position", p.AEIString(), m)
			}
			boards[q.Board()] = true
		})
		if len(boards) != len(seen) {
			t.Fatalf("%s: MoveGen found %d unique moves, oracle %d", p.AEIString(), len(boards), len(seen))
		}
		for b := range boards {
			if !seen[b] {
				t.Fatalf("%s: MoveGen reached a board the oracle did not", p.AEIString())
			}
		}
	}
}

// TestIncrementalState replays random games and checks that the hash and
// bitboards kept step by step equal those rebuilt from the board.
func TestIncrementalState(t *testing.T) {
	randomWalk(rand.New(rand.NewPCG(5, 6)), 30, 80, func(_ Position, _ Step, p Position) {
		fresh := NewPosition(p.Side(), p.Turn(), p.Board())
		if fresh.BoardHash() != p.BoardHash() || fresh.bb != p.bb {
			t.Fatalf("incremental state differs from rebuilt at %s", p.AEIString())
		}
	})
}
