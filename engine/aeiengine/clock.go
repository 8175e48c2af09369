package aeiengine

import "arimaa-workbench/engine/timeman"

// Clock is the time control an AEI controller sets with setoption; the
// time manager (package timeman) decides from it how long to search.
type Clock = timeman.Clock

// NewClock is no time control, with the protocol's default tcpercent.
func NewClock() Clock { return timeman.NewClock() }
