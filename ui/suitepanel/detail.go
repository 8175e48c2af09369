package suitepanel

import (
	"fmt"
	"strings"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/rules"
)

// Detail is what the panel shows for the selected test: its position, the
// engine's move as arrows, and its criteria atoms marked satisfied or not
// on the squares they name.
type Detail struct {
	Position rules.Position
	Move     []rules.Step   // the engine's move, when it was legal
	Moved    string         // the move as played, or why it was illegal
	Good     rules.Bitboard // squares of satisfied atoms
	Bad      rules.Bitboard // squares of atoms that failed
	Criteria []string       // one line per block, atoms marked ✓ or ✗
}

// DetailOf describes test t with result r (nil before it has run).
func DetailOf(t *ats.Test, r *ats.TestResult) Detail {
	d := Detail{Position: t.Position}
	var verdict []ats.BlockVerdict
	if r != nil {
		verdict = r.Blocks
		switch {
		case r.Err != "" && r.Move == "":
			d.Moved = "no move: " + r.Err
		case !r.Legal:
			d.Moved = fmt.Sprintf("%s (illegal: %s)", r.Move, r.Illegal)
		default:
			if pl, err := ats.PlayMove(t.Position, r.Move); err == nil {
				d.Move = pl.Move.Slice()
				d.Moved = pl.Text
			} else {
				d.Moved = r.Move
			}
		}
	}
	for i, b := range t.Criteria.Blocks {
		var line strings.Builder
		var bv *ats.BlockVerdict
		if i < len(verdict) {
			bv = &verdict[i]
		}
		fmt.Fprintf(&line, "%.2f:", b.Weight)
		for j, a := range b.Atoms {
			mark := "·"
			if bv != nil && j < len(bv.Atoms) {
				sq := atomSquare(a)
				if bv.Atoms[j] {
					mark = "✓"
					if sq != rules.NoSquare {
						d.Good |= sq.Bit()
					}
				} else {
					mark = "✗"
					if sq != rules.NoSquare {
						d.Bad |= sq.Bit()
					}
				}
			}
			fmt.Fprintf(&line, " %s %s", mark, a)
		}
		if bv != nil && bv.Satisfied {
			line.WriteString("   — satisfied")
		}
		d.Criteria = append(d.Criteria, line.String())
	}
	// A square both satisfied (in one block) and failed (in another) shows
	// as satisfied: that block is the one that scored.
	d.Bad &^= d.Good
	return d
}

// atomSquare is the square an atom is about, or NoSquare.
func atomSquare(c ats.Cond) rules.Square {
	switch c.Kind {
	case ats.PieceAt, ats.CapturedAt, ats.Captures:
		return c.Square
	}
	return rules.NoSquare
}
