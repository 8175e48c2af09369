package eval

import (
	"math"

	"arimaa-workbench/engine/rules"
)

// The HarLog material formula (Arimaa community, 2009; the material of
// bot_sharp, Wu 2015): a side's material is the sum, over its pieces other
// than rabbits, of 1/(Q + the number of enemy pieces stronger than it),
// plus G·ln(its rabbits × its pieces). A piece is worth more the fewer
// enemy pieces can push it around, and rabbits grow dearer as they and
// the army thin out. The constants are the formula's; harlogRabbit scales
// it so that the first rabbit a full army loses is worth 1.
const (
	harlogQ      = 1.447530126
	harlogG      = 0.6314442034
	harlogRabbit = 1 / 0.12507009891301202
)

// harlog holds the formula's terms scaled to evaluation points, so that
// scoring a side's material is a dozen table reads. The tables cover the
// legal armies; a board from the editor with more pieces is computed.
type harlog struct {
	k      float64        // points of the formula's unit
	piece  [17]float64    // by the number of stronger enemy pieces
	rabbit [9][17]float64 // by rabbits and pieces
}

func newHarlog(scale float64) *harlog {
	k := scale * harlogRabbit
	h := &harlog{k: k}
	for n := range h.piece {
		h.piece[n] = k / (harlogQ + float64(n))
	}
	for r := 1; r < len(h.rabbit); r++ {
		for n := r; n < len(h.rabbit[r]); n++ {
			h.rabbit[r][n] = k * harlogG * math.Log(float64(r*n))
		}
	}
	return h
}

// counts is a side's number of pieces of each type, by rules.PieceType.
type counts [7]int

func countsOf(p *rules.Position, c rules.Color) counts {
	var n counts
	for t := rules.Rabbit; t <= rules.Elephant; t++ {
		n[t] = p.Pieces(c, t).Count()
	}
	return n
}

// side is the material of a side with pieces own against an enemy with
// pieces enemy, in points. A side without rabbits scores no rabbit term:
// the rabbits_left penalty of none stands for the lost game.
func (h *harlog) side(own, enemy counts) float64 {
	v, stronger, total := 0.0, 0, own[rules.Rabbit]
	for t := rules.Elephant; t > rules.Rabbit; t-- {
		if own[t] > 0 {
			if stronger < len(h.piece) {
				v += float64(own[t]) * h.piece[stronger]
			} else {
				v += float64(own[t]) * h.k / (harlogQ + float64(stronger))
			}
		}
		stronger += enemy[t]
		total += own[t]
	}
	r := own[rules.Rabbit]
	switch {
	case r == 0:
		return v
	case r < len(h.rabbit) && total < len(h.rabbit[r]):
		return v + h.rabbit[r][total]
	}
	return v + h.k*harlogG*math.Log(float64(r*total))
}

// values are the points a full army loses with one piece of each type:
// the piece values of the terms that weigh a piece by its value (frozen
// pieces, frames, the capture checks) when HarLog scores the material.
func (h *harlog) values() [7]int {
	full := counts{0, 8, 2, 2, 2, 1, 1}
	var v [7]int
	for t := rules.Rabbit; t <= rules.Elephant; t++ {
		less := full
		less[t]--
		// The side's own loss, and the enemy's gain where its pieces
		// have one stronger piece fewer to fear.
		v[t] = int(math.Round(h.side(full, less) - h.side(less, full)))
	}
	return v
}
