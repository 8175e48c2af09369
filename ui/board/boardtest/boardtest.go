// Package boardtest drives a board widget in tests the way the desktop
// driver does: taps on squares, right clicks, and drags whose events carry
// the pointer's current position (fyne's test.Drag reports the start
// position instead, which no real driver does).
package boardtest

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
)

// Tap clicks the centre of sq.
func Tap(b *board.Board, sq rules.Square) { test.TapAt(b, b.SquareCenter(sq)) }

// TapSecondary right-clicks the centre of sq.
func TapSecondary(b *board.Board, sq rules.Square) { test.TapSecondaryAt(b, b.SquareCenter(sq)) }

// Drag presses on the centre of from, moves in two events to the centre of
// to (rules.NoSquare: off the board, past its right edge) and releases.
func Drag(b *board.Board, from, to rules.Square) {
	p1 := b.SquareCenter(from)
	var p2 fyne.Position
	if to.Valid() {
		p2 = b.SquareCenter(to)
	} else {
		p2 = fyne.NewPos(b.Size().Width+50, p1.Y)
	}
	mid := fyne.NewPos((p1.X+p2.X)/2, (p1.Y+p2.Y)/2)
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: mid}, Dragged: fyne.NewDelta(mid.X-p1.X, mid.Y-p1.Y)})
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: p2}, Dragged: fyne.NewDelta(p2.X-mid.X, p2.Y-mid.Y)})
	b.DragEnd()
}
