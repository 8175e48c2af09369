package aeiengine

import (
	"time"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
)

// Clock is the time control an AEI controller sets with setoption (all
// in seconds there): the per-move time, the reserve and how it grows, the
// limits, and the reserves and time used that the controller reports as
// the game goes on.
type Clock struct {
	Move     time.Duration // tcmove; 0 = no time control
	Reserve  time.Duration // tcreserve, the starting reserve
	Percent  int           // tcpercent: share of unused move time added to the reserve
	Max      time.Duration // tcmax: largest reserve; 0 = none
	Total    time.Duration // tctotal: limit on the game's length (the game is then scored)
	TurnTime time.Duration // tcturntime: longest a turn may last; 0 = none
	// Reserves are the sides' reserves as last reported (greserve,
	// sreserve); ReserveSet tells whether they were.
	Reserves   [2]time.Duration
	ReserveSet [2]bool
	MoveUsed   time.Duration // moveused: time already spent on this turn
}

// NewClock is no time control, with the protocol's default tcpercent.
func NewClock() Clock { return Clock{Percent: 100} }

// NewGame resets the reserves to the starting reserve (AEI newgame).
func (c *Clock) NewGame() {
	c.Reserves = [2]time.Duration{c.Reserve, c.Reserve}
	c.ReserveSet = [2]bool{}
	c.MoveUsed = 0
}

// reserve is side's reserve now.
func (c *Clock) reserve(side rules.Color) time.Duration {
	if c.ReserveSet[side] {
		return c.Reserves[side]
	}
	return c.Reserve
}

// Hard is the most the side to move may still spend on this turn before it
// loses on time: what is left of the move time and the reserve, and of
// the turn-time limit; -1 when nothing limits it.
func (c *Clock) Hard(side rules.Color) time.Duration {
	timed := c.Move > 0 || c.reserve(side) > 0
	if !timed && c.TurnTime == 0 {
		return -1
	}
	hard := time.Duration(-1)
	if timed {
		hard = c.Move + c.reserve(side) - c.MoveUsed
	}
	if c.TurnTime > 0 {
		if t := c.TurnTime - c.MoveUsed; hard < 0 || t < hard {
			hard = t
		}
	}
	return max(hard, 0)
}

// Budget is how long to search this turn: the rest of the move time (what
// is not used only partly reaches the reserve, if at all) plus a share of
// the reserve, never more than Hard allows less the safety margin.
func (c *Clock) Budget(side rules.Color, t config.Time) time.Duration {
	safety := time.Duration(t.SafetyMS) * time.Millisecond
	least := time.Duration(t.MinMoveMS) * time.Millisecond
	hard := c.Hard(side)
	if hard < 0 {
		return time.Duration(t.DefaultMoveMS) * time.Millisecond
	}
	target := hard // a turn-time limit alone: use most of it
	if reserve := c.reserve(side); c.Move > 0 || reserve > 0 {
		target = c.Move - c.MoveUsed + time.Duration(float64(reserve)*t.ReserveFraction)
	}
	budget := min(target, hard-safety)
	if budget < least {
		// Below the minimum only when the clock forces it.
		budget = min(least, hard*3/4)
	}
	return max(budget, time.Millisecond)
}
