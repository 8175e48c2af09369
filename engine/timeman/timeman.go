// Package timeman decides how long the builtin engine searches a move
// under an Arimaa time control. Plan turns the clock (Clock: move time,
// reserve and the rest of AEI's tc options), the turn and the answering
// delay measured so far into a Budget: a target and a hard stop. While the
// search runs, Budget.Stop tells from how settled its best move is whether
// to stop before the target (one move dominates) or after it (the best
// move changed lately or the first two are close), after Huang, Coulom
// and Lin, "Time Management for Monte-Carlo Tree Search Applied to the
// Game of Go" (2010) and Baier and Winands, "Time Management for
// Monte Carlo Tree Search" (2016). Delays keeps the high-water mark of the
// answering delay that widens the safety margin.
//
// The package is pure: it reads no clock, so its tests give it every time.
package timeman

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

// ReserveOf is side's reserve now.
func (c *Clock) ReserveOf(side rules.Color) time.Duration {
	if c.ReserveSet[side] {
		return c.Reserves[side]
	}
	return c.Reserve
}

// Hard is the most the side to move may still spend on this turn before it
// loses on time: what is left of the move time and the reserve, and of
// the turn-time limit; -1 when nothing limits it.
func (c *Clock) Hard(side rules.Color) time.Duration {
	timed := c.Move > 0 || c.ReserveOf(side) > 0
	if !timed && c.TurnTime == 0 {
		return -1
	}
	hard := time.Duration(-1)
	if timed {
		hard = c.Move + c.ReserveOf(side) - c.MoveUsed
	}
	if c.TurnTime > 0 {
		if t := c.TurnTime - c.MoveUsed; hard < 0 || t < hard {
			hard = t
		}
	}
	return max(hard, 0)
}

// Budget is the target of the time manager (config time.manager) for
// side's turn, for callers that search exactly one length of time (the
// match runner gives it to every engine): Plan's Target with the turn and
// the delay unknown.
func (c *Clock) Budget(side rules.Color, t config.Time) time.Duration {
	return Plan(Input{Clock: *c, Side: side}, t).Target
}

// Input is what Plan decides from.
type Input struct {
	Clock Clock
	Side  rules.Color // the side to move
	// Turn is the game's move number (rules.Position.Turn: 2 is Gold's
	// first move after the setups); 0 when not known, taken as the start.
	Turn int
	// Delay is the longest answering delay seen so far (Delays.Mark):
	// the time around the search that the controller's clock also counts.
	Delay time.Duration
}

// Budget is how long one search may run, both measured from the moment it
// starts.
type Budget struct {
	// Target is the normal length. A search may stop earlier when one
	// move dominates and go on past it while the best move is unstable.
	Target time.Duration
	// Max is the hard stop: never later, whatever the search says.
	Max time.Duration
	// Least is the time the search keeps even when one move dominates:
	// the part of the move time that the clock would not add to the
	// reserve if it went unused (the reserve at tcmax, or tcpercent 0), so
	// that stopping before it saves nothing. At most Target.
	Least time.Duration
	// Fixed is set by the old time management: search exactly Target,
	// neither stopping early nor going on.
	Fixed bool
}

// The new time management's constants.
const (
	// minTurnsLeft: the spendable reserve is never spread over fewer
	// turns, so a game longer than expected still has some.
	minTurnsLeft = 15
	// bankShare of the move time is left unused when unused time adds to
	// the reserve (tcpercent 100, reserve below tcmax), so the reserve
	// grows on easy moves instead of only falling.
	bankShare = 0.1
	// stretch: an unstable search runs at most this many targets, and at
	// most an eighth (reserveStretch) of the reserve beyond its target.
	stretch        = 2
	reserveStretch = 8
	// delayFactor: the safety margin is time.safety_ms plus this many
	// times the answering delay's high-water mark.
	delayFactor = 2
)

// Plan is the budget for a search under the time manager that t names
// (time.manager): "old" searches the move time plus a fixed share of the
// reserve (kept only to compare the two), anything else the new one.
func Plan(in Input, t config.Time) Budget {
	if t.Manager == "old" {
		return planOld(in.Clock, in.Side, t)
	}
	return planNew(in, t)
}

// planNew keeps back a share of the reserve for hard positions, spreads
// the rest over the turns the game may still last, banks a little of the
// move time while unused time adds to the reserve, and keeps a safety
// margin of time.safety_ms plus twice the answering delay's high-water
// mark. Under a short move time the margin is at most half of what the
// clock allows, and up to a quarter more where the machine has answered
// late: at 0.1 s a move a measured 40 ms delay leaves 25 ms to search,
// not 50 ms.
func planNew(in Input, t config.Time) Budget {
	c, side := in.Clock, in.Side
	ms := time.Millisecond
	hard := c.Hard(side)
	if hard < 0 {
		d := time.Duration(t.DefaultMoveMS) * ms
		return Budget{Target: d, Max: d}
	}
	late := delayFactor * in.Delay
	margin := min(time.Duration(t.SafetyMS)*ms+late, hard/2+min(late, hard/4))
	usable := hard - margin
	reserve := c.ReserveOf(side)
	var target, longest time.Duration
	if c.Move == 0 && reserve == 0 {
		// A turn-time limit alone: nothing is saved by stopping early.
		target, longest = usable, usable
	} else {
		left := max(minTurnsLeft, t.ExpectedTurns-max(in.Turn-2, 0))
		keep := min(reserve, max(time.Duration(float64(c.Reserve)*t.ReserveKeep), 2*c.Move))
		move := c.Move
		if c.Percent > 0 && (c.Max == 0 || reserve < c.Max) {
			move -= time.Duration(float64(c.Move) * bankShare * float64(c.Percent) / 100)
		}
		// The controller charges the answering delay too.
		target = move - c.MoveUsed - in.Delay + (reserve-keep)/time.Duration(left)
		longest = min(stretch*target, target+reserve/reserveStretch)
	}
	target = min(target, usable)
	// Below the minimum only when the clock and the margin force it.
	target = max(target, min(time.Duration(t.MinMoveMS)*ms, usable))
	target = max(target, ms)
	return Budget{Target: target, Max: max(min(longest, usable), target), Least: min(lostIfUnused(c, side, in.Delay), target)}
}

// lostIfUnused is how much of what is left of the move time the clock
// would not keep if the turn ended now: all of it under tcpercent 0; under
// a largest reserve, what would not fit below it; nothing otherwise. The
// controller charges the answering delay too.
func lostIfUnused(c Clock, side rules.Color, delay time.Duration) time.Duration {
	left := c.Move - c.MoveUsed - delay
	switch {
	case left <= 0:
		return 0
	case c.Percent <= 0:
		return left
	case c.Max > 0:
		room := max(c.Max-c.ReserveOf(side), 0)
		return max(left-room*100/time.Duration(c.Percent), 0)
	}
	return 0
}

// planOld is the time management before the new one: the rest of the move
// time plus time.reserve_fraction of the reserve on every move, never more
// than the clock allows less time.safety_ms. Under a short move time and
// a long game it spends the reserve down to nothing, then searches so
// close to the limit that a stalled machine loses on time.
func planOld(c Clock, side rules.Color, t config.Time) Budget {
	safety := time.Duration(t.SafetyMS) * time.Millisecond
	least := time.Duration(t.MinMoveMS) * time.Millisecond
	hard := c.Hard(side)
	if hard < 0 {
		d := time.Duration(t.DefaultMoveMS) * time.Millisecond
		return Budget{Target: d, Max: d, Fixed: true}
	}
	target := hard // a turn-time limit alone: use most of it
	if reserve := c.ReserveOf(side); c.Move > 0 || reserve > 0 {
		target = c.Move - c.MoveUsed + time.Duration(float64(reserve)*t.ReserveFraction)
	}
	budget := min(target, hard-safety)
	if budget < least {
		budget = min(least, hard*3/4)
	}
	budget = max(budget, time.Millisecond)
	return Budget{Target: budget, Max: budget, Fixed: true}
}

// Signals are what a running search says about how settled it is.
type Signals struct {
	Elapsed  time.Duration // since the search started
	Playouts int64
	// First and Second are the visits of the two most visited whole
	// moves of the side to move.
	First, Second int64
	// Settled is how long the most visited move has been the most
	// visited.
	Settled time.Duration
}

// Stop tells whether a search with these signals should stop now. Before
// the target it stops when one move dominates: from a quarter of the
// target on, when the second move could not catch up with the first by
// the target at the present rate of playouts (Baier and Winands 2016), and
// from half of it on, when the first move holds half of all playouts.
// From the target on it goes on while the search is unstable: the best
// move changed in the last quarter of the target, or the second move has
// four fifths of the first's visits (after Huang et al. 2010), or no
// playout has finished yet. It never stops before Least and always stops
// at Max.
func (b Budget) Stop(s Signals) bool {
	if s.Elapsed >= b.Max {
		return true
	}
	if b.Fixed {
		return s.Elapsed >= b.Target
	}
	if s.Elapsed < b.Least {
		return false
	}
	if s.Elapsed < b.Target {
		if s.Elapsed < b.Target/4 || s.Playouts <= 0 || s.First <= 0 {
			return false
		}
		if s.Elapsed >= b.Target/2 && 2*s.First >= s.Playouts {
			return true
		}
		rate := float64(s.Playouts) / s.Elapsed.Seconds()
		ahead := rate * (b.Target - s.Elapsed).Seconds()
		return float64(s.First-s.Second) > ahead
	}
	if s.First <= 0 {
		// No move listed yet: nothing to wait for once playouts have
		// run, but a search that has not finished one (a machine busy
		// elsewhere) would answer unsearched; Max still bounds it.
		return s.Playouts > 0
	}
	unstable := s.Settled < b.Target/4 || 5*s.Second >= 4*s.First
	return !unstable
}

// Delays keeps the answering delay's high-water mark: the longest time
// between receiving go and the search's start, plus the time between the
// search's stop and bestmove sent, seen in this session. The zero value
// has seen none.
type Delays struct {
	mark time.Duration
}

// Add records one move's delay.
func (d *Delays) Add(delay time.Duration) { d.mark = max(d.mark, delay) }

// Mark is the longest delay recorded.
func (d *Delays) Mark() time.Duration { return d.mark }
