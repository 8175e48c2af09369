package eval

import "arimaa-workbench/engine/rules"

// The alignment term (eval.alignment) rewards each strong piece for
// standing near the enemy piece it just dominates: the elephant near the
// enemy camel, the camel near the enemy's strongest piece below it, and so
// on for the three strongest ranks a side has. Such a piece is where it
// can attack and where it keeps the enemy piece from attacking; far off,
// it does neither, and the term turns negative. A target that has come
// forward into one's own half counts more. bot_sharp keeps such a term
// (D. J. Wu's public program, 2015); its shape and figures carry over
// here, its distance through the pieces in the way does not: ours counts
// the squares between, and adds for the enemy elephant standing across
// the path and for distance across the files, which a piece covers more
// slowly where the board is crowded.

// alignRank is the weight of the first, second and third strongest rank
// of a side's pieces (skipping ranks it has none of), out of the second's.
var alignRank = [3]int{380, 640, 300}

// alignTarget weighs a target by the ranks it has still to go to its own
// goal: most in the middle of one's own half.
var alignTarget = [8]int{58, 64, 64, 52, 40, 28, 20, 16}

// alignNear weighs the distance, in half steps, from a piece to the
// squares beside its target; the first alignShift of it is the zero, so
// that a piece far from its target costs its side.
var alignNear = [32]int{64, 62, 60, 58, 56, 53, 50, 47, 44, 40, 35, 30, 26, 22, 19, 16, 13, 11, 9, 7, 5, 4, 3, 2, 1}

const alignShift = 24

// alignAcross is how much more a file of distance counts, in quarters, by
// the rank a piece stands on counted from its own side: for the elephant,
// and for the others.
var alignAcross = [2][8]int{{3, 3, 2, 1, 1, 2, 3, 3}, {3, 2, 1, 1, 2, 4, 4, 4}}

// alignDistance is the distance, in half steps, from side c's piece of
// type ty on s to the squares beside the target on k, with the enemy
// elephant on ee.
func alignDistance(c rules.Color, ty rules.PieceType, s, k, ee rules.Square) int {
	d := 2 * (distance(s, k) - 1)
	x, y, kx, ky, ex, ey := s.File(), s.Rank(), k.File(), k.Rank(), ee.File(), ee.Rank()
	rank := homeRank(c, s)
	across := alignAcross[1]
	if ty == rules.Elephant {
		across = alignAcross[0]
	} else {
		// The enemy elephant between a weaker piece and its target
		// blocks the way: across its files within a rank of it, or on
		// its own file.
		if abs(y-ey) <= 1 && (ex-x)*(ex-kx) < 0 {
			d += 2
		}
		if x == ex && (ey-y)*(ey-ky) < 0 {
			d++
		}
	}
	return min(d+abs(x-kx)*across[rank]/4, len(alignNear)-1)
}

// alignment adds each side's alignment term to t.
func (e *Evaluator) alignment(p *rules.Position, t *[numTerms][2]int) {
	w := int64(e.w.Eval.Alignment)
	var count [2][7]int
	for c := rules.Gold; c <= rules.Silver; c++ {
		for ty := rules.Rabbit; ty <= rules.Elephant; ty++ {
			count[c][ty] = p.Pieces(c, ty).Count()
		}
	}
	if count[rules.Gold][rules.Elephant] == 0 || count[rules.Silver][rules.Elephant] == 0 {
		return
	}
	for c := rules.Gold; c <= rules.Silver; c++ {
		o := c.Other()
		ee := p.Pieces(o, rules.Elephant).First()
		level := 0
		sum := int64(0)
		for ty := rules.Elephant; ty > rules.Cat && level < len(alignRank); ty-- {
			if count[c][ty] == 0 {
				continue
			}
			target := ty - 1
			for target > rules.Rabbit && count[o][target] == 0 {
				target--
			}
			if target == rules.Rabbit {
				break
			}
			base := alignRank[level]
			level++
			// Less where a weaker rank of one's own also dominates the
			// target, more where one has no piece of the target's rank,
			// less where either side has two of its rank.
			between := ty - 1
			for between > target && count[c][between] == 0 {
				between--
			}
			if between > target {
				base = base * 3 / 5
			}
			if count[c][target] == 0 {
				base = base * 3 / 2
			}
			if count[c][ty] >= 2 {
				base = base * 2 / 3
			}
			if count[o][target] >= 2 {
				base = base * 2 / 3
			}
			for a := p.Pieces(c, ty); a != 0; {
				s := a.Pop()
				for b := p.Pieces(o, target); b != 0; {
					k := b.Pop()
					togo := 7 - homeRank(o, k) // the target's ranks to its own goal
					near := alignNear[alignDistance(c, ty, s, k, ee)] - alignShift
					sum += int64(base * alignTarget[togo] * near)
				}
			}
		}
		// base × target × near reaches 640 × 64 × 40 for a camel beside
		// an advanced horse: the weight's full value.
		const full = 640 * 64 * 40
		t[termAlignment][c] = int((sum*w + full/2*sign(sum)) / full)
	}
}

// sign is -1, 0 or 1 as x is negative, zero or positive.
func sign[T int | int64](x T) T {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
