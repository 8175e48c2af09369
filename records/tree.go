package records

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"arimaa-workbench/engine/rules"
)

// Tree is a game with what an annotated record adds to it: the main line
// as a rules.Game, and for each setup and each move of it the comment and
// the variations, the lines played instead.
type Tree struct {
	Game         *rules.Game
	SetupComment [2]string
	// Notes has one entry per move of Game (or fewer: a missing note is
	// empty).
	Notes []Note
}

// Note is what a record says about a move besides the move itself.
type Note struct {
	Comment string
	// Variations are the lines played instead of the move, each from the
	// position before it.
	Variations []Variation
}

// Variation is a line of moves with a note for each (or fewer notes: a
// missing one is empty).
type Variation struct {
	Moves []rules.Move
	Notes []Note
}

// note returns notes[i], or an empty note.
func note(notes []Note, i int) Note {
	if i < len(notes) {
		return notes[i]
	}
	return Note{}
}

// Annotated reports whether the tree has any comment or variation, that
// is whether WriteTree writes more than WriteRecord would.
func (t *Tree) Annotated() bool {
	if t.SetupComment[0] != "" || t.SetupComment[1] != "" {
		return true
	}
	for _, n := range t.Notes {
		if n.Comment != "" || len(n.Variations) > 0 {
			return true
		}
	}
	return false
}

// Tree replays the record with its variations, every rule checked in
// each, and returns the game with its comments and variations. Errors are
// those of Game, at the line and column of the variation's move.
func (rec *Record) Tree() (*Tree, error) {
	g, err := rec.Game()
	if err != nil {
		return nil, err
	}
	t := &Tree{Game: g, SetupComment: rec.SetupComment}
	notes, err := rec.notes(g, 0, rec.Turns)
	if err != nil {
		return nil, err
	}
	t.Notes = notes
	return t, nil
}

// notes gives the notes of turns, a line whose first move is move first of
// g (the moves before it are g's).
func (rec *Record) notes(g *rules.Game, first int, turns []Turn) ([]Note, error) {
	notes := make([]Note, len(turns))
	for i := range turns {
		notes[i].Comment = turns[i].Comment
		for _, vt := range turns[i].Variations {
			vg, err := Prefix(g, first+i)
			if err != nil {
				return nil, err
			}
			for k := range vt {
				if err := rec.play(vg, &vt[k]); err != nil {
					return nil, err
				}
			}
			vn, err := rec.notes(vg, first+i, vt)
			if err != nil {
				return nil, err
			}
			notes[i].Variations = append(notes[i].Variations, Variation{Moves: vg.Moves()[first+i:], Notes: vn})
		}
	}
	return notes, nil
}

// Prefix returns a new game holding the setups (or the start position) of
// g and its first n moves, replayed with every rule checked.
func Prefix(g *rules.Game, n int) (*rules.Game, error) {
	var ng *rules.Game
	if gs := g.Setup(rules.Gold); gs != nil {
		ng = rules.NewGame()
		if err := ng.SetupPieces(gs); err != nil {
			return nil, err
		}
		if ss := g.Setup(rules.Silver); ss != nil {
			if err := ng.SetupPieces(ss); err != nil {
				return nil, err
			}
		}
	} else {
		var err error
		if ng, err = rules.NewGameFrom(g.Start()); err != nil {
			return nil, err
		}
	}
	for i, mv := range g.Moves()[:min(n, len(g.Moves()))] {
		if err := ng.Play(mv); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return ng, nil
}

// WriteTree writes t as a record: what WriteRecord writes for t.Game,
// byte for byte when the tree has no comment and no variation, and
// otherwise with each comment in braces after its turn and each variation
// in parentheses after the turn it replaces, a turn per line, indented by
// its depth (see the package documentation). A comment holding '}' cannot
// be written and is an error.
func WriteTree(w io.Writer, t *Tree) error {
	bw := bufio.NewWriter(w)
	g := t.Game
	if g.Setup(rules.Gold) == nil && g.Phase() >= rules.Playing {
		bw.WriteString(FormatPosition(g.Start()))
	}
	b := make([]byte, 0, 64*len(g.Moves()))
	b, err := appendMoveList(b, g, t)
	if err != nil {
		return err
	}
	bw.Write(b)
	return bw.Flush()
}

// appendComment appends " {text}" when there is a comment.
func appendComment(b []byte, text string) ([]byte, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return b, nil
	}
	if strings.Contains(text, "}") {
		return b, fmt.Errorf("the comment %q holds '}', which would end it early", text)
	}
	b = append(b, " {"...)
	b = append(b, text...)
	return append(b, '}'), nil
}

// appendTurn appends one move's line: its label and steps, its comment,
// then its variations at depth+1.
func appendTurn(b []byte, p rules.Position, m rules.Move, n Note, depth int, first bool) ([]byte, error) {
	if depth > 0 {
		b = append(b, strings.Repeat("  ", depth-1)...)
		if first {
			b = append(b, "( "...)
		} else {
			b = append(b, "  "...)
		}
	}
	b = append(b, rules.TurnLabel(p.Turn(), p.Side())...)
	b = append(b, ' ')
	b = append(b, p.MoveString(m)...)
	b, err := appendComment(b, n.Comment)
	if err != nil {
		return b, err
	}
	b = append(b, '\n')
	for _, v := range n.Variations {
		if b, err = appendVariation(b, p, v, depth+1); err != nil {
			return b, err
		}
	}
	return b, nil
}

// appendVariation appends the lines of v, played from p, and its closing
// ')' at the end of its last line.
func appendVariation(b []byte, p rules.Position, v Variation, depth int) ([]byte, error) {
	if len(v.Moves) == 0 {
		return b, fmt.Errorf("a variation at %s has no moves", rules.TurnLabel(p.Turn(), p.Side()))
	}
	var err error
	for i, m := range v.Moves {
		if b, err = appendTurn(b, p, m, note(v.Notes, i), depth, i == 0); err != nil {
			return b, err
		}
		for _, s := range m.Slice() {
			p = p.Play(s)
		}
		p = p.EndTurn()
	}
	b = append(b[:len(b)-1], " )\n"...)
	return b, nil
}
