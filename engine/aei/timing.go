package aei

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/timeman"
)

// Timing is the time an engine is given for a search: the time options
// sent before it and when the controller sends stop.
type Timing struct {
	options []Option
	stop    time.Duration
}

// MoveTime is a fixed time for one search, as the suite runner and the
// engine panel give it: tcmove is the move time in whole seconds (rounded
// up, at least 1), tcreserve, tcpercent and tcturntime are 0 and tcmax the
// move time; stop is sent when the move time is up, to the millisecond.
func MoveTime(d time.Duration) Timing {
	secs := int(math.Ceil(d.Seconds()))
	if secs < 1 {
		secs = 1
	}
	return Timing{
		options: []Option{{"tcmove", fmt.Sprint(secs)}, {"tcreserve", "0"}, {"tcpercent", "0"}, {"tcmax", fmt.Sprint(secs)}, {"tcturntime", "0"}},
		stop:    d,
	}
}

// GameTime is the game's clock before side's turn, as a standard AEI
// controller gives it: the time control (tcmove, tcreserve, tcpercent,
// tcmax, tctotal, tcturntime) and both reserves (greserve, sreserve), in
// seconds to the millisecond. The engine decides how long to think;
// stop is sent only when the clock's hard limit for the turn is reached
// (the engine has then lost on time), or after a day when nothing limits
// the turn.
func GameTime(c timeman.Clock, side rules.Color) Timing {
	opts := []Option{
		{"tcmove", seconds(c.Move)},
		{"tcreserve", seconds(c.Reserve)},
		{"tcpercent", strconv.Itoa(c.Percent)},
		{"tcmax", seconds(c.Max)},
		{"tctotal", seconds(c.Total)},
		{"tcturntime", seconds(c.TurnTime)},
		{"greserve", seconds(c.ReserveOf(rules.Gold))},
		{"sreserve", seconds(c.ReserveOf(rules.Silver))},
	}
	stop := c.Hard(side)
	if stop < 0 {
		stop = untilStopped
	}
	return Timing{options: opts, stop: stop}
}

// seconds is d in AEI's unit, to the millisecond: "30", "0.5".
func seconds(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Milliseconds())/1000, 'f', -1, 64)
}
