// Package wheel makes the mouse wheel move Fyne's lists and tables by
// rows, three a notch, as Windows' lists and Qt's do by default. Fyne's
// window driver turns a notch into a fixed distance (25 px, 10 on macOS)
// whatever the rows' height, which moved our lists less than a row a
// notch. A trackpad's deltas, small and fractional, still move a list by
// the pixels they give.
//
// The wheel goes to the last scrollable object under the pointer, which
// is the scroller inside a list or a table: Cover lays a transparent
// object over the widget that takes the wheel before it (and no click,
// key or hover, which still reach the rows).
package wheel

import (
	"math"
	"runtime"
)

// Rows is how many rows a notch of the wheel moves.
const Rows = 3

// Notch is how far Fyne's window driver scrolls for a notch of a mouse
// wheel on this system, in the units of fyne.ScrollEvent.
func Notch() float32 {
	if runtime.GOOS == "darwin" {
		return 10
	}
	return 25
}

// Offset is where content whose rows lie pitch apart (a row and its
// divider) and whose top shows at off is scrolled to by a wheel event of
// dy (fyne.ScrollEvent's DY: positive towards the top) when a notch is
// notch. A whole number of notches moves the top row by Rows rows each,
// to a row's top edge; any other delta (a trackpad's, or a wheel's that
// the system made smooth) moves the content by dy, as Fyne does. The
// result is not below 0; the widget keeps it within its content.
func Offset(off, dy, notch, pitch float32) float32 {
	if notch <= 0 || pitch <= 0 {
		return max(0, off-dy)
	}
	n := float64(dy / notch)
	whole := math.Round(n)
	if whole == 0 || math.Abs(n-whole) > 1e-3 {
		return max(0, off-dy)
	}
	// The row at the top, counting one scrolled out but for a hair (a
	// rounding of the offset) as gone.
	top := math.Floor(float64(off/pitch) + 1e-3)
	return max(0, float32(top-whole*Rows)*pitch)
}
