package rules

// A turn's steps often do not touch one another: a rabbit stepping on the
// a-file and the elephant stepping on the h-file reach the same state in
// either order. A search over steps that keeps only one order of each such
// pair searches each state of a turn once instead of once per order.

// stepZone[from][dir] is every square whose contents decide whether an
// ordinary step from `from` is legal or what it does: the two squares it
// moves between, their neighbours (the piece's freezing, and the pieces it
// freezes, unfreezes or supports) and, for the trap next to the square it
// leaves or the trap it enters, that trap and its neighbours (a capture).
var stepZone = func() (z [64][4]Bitboard) {
	for from := Square(0); from < 64; from++ {
		for d := North; d <= West; d++ {
			if neighbors[from]&dirMask(from, d) == 0 {
				continue
			}
			to := from + delta[d]
			b := from.Bit() | to.Bit() | neighbors[from] | neighbors[to]
			for _, t := range [2]Square{trapNear[from], to} {
				if t != NoSquare && t.IsTrap() {
					b |= t.Bit() | neighbors[t]
				}
			}
			z[from][d] = b
		}
	}
	return z
}()

// Commutes reports whether step s of the side to move, about to be played
// here, and prev, the ordinary step of the same side that led here, reach
// the same state played the other way round, s first: neither step
// touches a square that decides what the other does (stepZone), and after
// both no pull is left open in either order, so that the pull under way
// does not tell the two states apart. A search may then keep one order
// of the two (Step values ascending, say) and drop the other.
func (p *Position) Commutes(prev, s Step) bool {
	if p.steps == 0 || p.pushType != NoType || p.pullType == NoType || p.pullSq != prev.From() {
		return false // prev was not an ordinary step of this turn
	}
	side := p.side
	if prev.Piece().Color() != side || s.Piece().Color() != side || p.board[s.From()] != s.Piece() {
		return false
	}
	a, b := prev.From(), prev.To()
	c, d := s.From(), s.To()
	if stepZone[a][prev.Dir()]&(c.Bit()|d.Bit()) != 0 || stepZone[c][s.Dir()]&(a.Bit()|b.Bit()) != 0 {
		return false
	}
	if p.steps+1 >= 4 {
		return true // the turn's last step: no pull can follow either order
	}
	// After both steps, a pull into the square either one left must not be
	// possible (neither square's neighbours change with the other step).
	return !p.pullableFrom(a, prev.Piece().Type()) && !p.pullableFrom(c, s.Piece().Type())
}
