package match

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/engine/aeiengine"
	"arimaa-workbench/engine/rules"
)

// TimeControl is an Arimaa time control, written M/R/P/L/G/T as in the
// game archive's timecontrol column: the time per move, the starting
// reserve, the percent of unused move time added to the reserve, the most
// the reserve may hold, the game's time limit (or a limit in turns) and
// the most one turn may take. Zero fields set no limit, except Percent.
type TimeControl struct {
	Move       time.Duration
	Reserve    time.Duration
	Percent    int // default 100
	MaxReserve time.Duration
	GameTime   time.Duration
	GameTurns  int // G written "Nt": the game ends by score after N turns of each side
	TurnTime   time.Duration
}

// IsZero reports whether tc is no time control at all.
func (tc TimeControl) IsZero() bool { return tc == TimeControl{} }

// maxDuration bounds every field: anything longer is surely a typo, and
// float seconds this large would overflow a time.Duration.
const maxDuration = 1000 * 24 * time.Hour

// ParseTimeControl reads the M/R/P/L/G/T form, trailing fields optional:
// "15s/2m30s/100", "1s/30s/100/30s/10m", "30s/5m/100/0/80t". A duration
// has units d, h, m, s ("2m30s", "1.5s"), or is colon-separated counting
// from minutes down ("2:30"; three parts are h:m:s), or is a bare number
// of minutes, except in G, where a bare number means hours.
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return TimeControl{}, errors.New("empty time control")
	}
	fields := strings.Split(s, "/")
	if len(fields) > 6 {
		return TimeControl{}, fmt.Errorf("time control %q: at most six fields M/R/P/L/G/T", s)
	}
	tc := TimeControl{Percent: 100}
	names := [...]string{"move time", "reserve", "percent", "max reserve", "game limit", "turn limit"}
	for i, f := range fields {
		f = strings.TrimSpace(f)
		var err error
		switch i {
		case 2:
			var n int
			n, err = strconv.Atoi(f)
			if err == nil && (n < 0 || n > 100) {
				err = errors.New("not between 0 and 100")
			}
			tc.Percent = n
		case 4:
			if n, ok := strings.CutSuffix(f, "t"); ok {
				tc.GameTurns, err = strconv.Atoi(n)
				if err == nil && (tc.GameTurns < 0 || tc.GameTurns > 100000) {
					err = errors.New("not a number of turns between 0 and 100000")
				}
			} else {
				tc.GameTime, err = parseTCDuration(f, time.Hour)
			}
		default:
			var d time.Duration
			d, err = parseTCDuration(f, time.Minute)
			switch i {
			case 0:
				tc.Move = d
			case 1:
				tc.Reserve = d
			case 3:
				tc.MaxReserve = d
			case 5:
				tc.TurnTime = d
			}
		}
		if err != nil {
			return TimeControl{}, fmt.Errorf("time control %q, %s %q: %w", s, names[i], f, unwrapNum(err))
		}
	}
	if tc == (TimeControl{Percent: tc.Percent}) {
		return TimeControl{}, fmt.Errorf("time control %q sets no limit", s)
	}
	return tc, nil
}

// unwrapNum turns strconv's errors into their reason alone.
func unwrapNum(err error) error {
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		return errors.New("not a number")
	}
	return err
}

// parseTCDuration reads one duration field; bare is the unit of a bare
// number.
func parseTCDuration(s string, bare time.Duration) (time.Duration, error) {
	if s == "" {
		return 0, errors.New("empty")
	}
	var secs float64
	switch {
	case strings.Contains(s, ":"):
		parts := strings.Split(s, ":")
		if len(parts) > 3 {
			return 0, errors.New("more than h:m:s")
		}
		unit := 60.0
		if len(parts) == 3 {
			unit = 3600
		}
		for _, p := range parts {
			n, err := strconv.ParseUint(p, 10, 32)
			if err != nil {
				return 0, errors.New("colon-separated parts must be whole numbers")
			}
			secs += float64(n) * unit
			unit /= 60
		}
	case strings.IndexFunc(s, isUnit) < 0:
		n, err := parseNonNegative(s)
		if err != nil {
			return 0, err
		}
		secs = n * bare.Seconds()
	default:
		seen := ""
		for s != "" {
			i := strings.IndexFunc(s, isUnit)
			if i < 0 {
				return 0, fmt.Errorf("%q has no unit (d, h, m or s)", s)
			}
			n, err := parseNonNegative(s[:i])
			if err != nil {
				return 0, err
			}
			u := s[i]
			if strings.IndexByte(seen, u) >= 0 {
				return 0, fmt.Errorf("unit %c twice", u)
			}
			seen += string(u)
			secs += n * unitSeconds(u)
			s = s[i+1:]
		}
	}
	if secs > maxDuration.Seconds() {
		return 0, fmt.Errorf("longer than %v", maxDuration)
	}
	return time.Duration(math.Round(secs * float64(time.Second))), nil
}

func isUnit(r rune) bool { return r == 'd' || r == 'h' || r == 'm' || r == 's' }

func unitSeconds(u byte) float64 {
	switch u {
	case 'd':
		return 86400
	case 'h':
		return 3600
	case 'm':
		return 60
	}
	return 1
}

func parseNonNegative(s string) (float64, error) {
	n, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil || s == "" || s[0] == '+' || strings.ContainsAny(s, "eEnNiIxX_"):
		return 0, fmt.Errorf("%q is not a number", s)
	case n < 0:
		return 0, fmt.Errorf("%q is negative", s)
	}
	return n, nil
}

// String writes the time control in canonical form, as ParseTimeControl
// reads it back: M/R/P always, then L, G and T as far as the last one set.
func (tc TimeControl) String() string {
	if tc.IsZero() {
		return ""
	}
	f := []string{formatTCDuration(tc.Move), formatTCDuration(tc.Reserve), strconv.Itoa(tc.Percent),
		formatTCDuration(tc.MaxReserve), formatTCDuration(tc.GameTime), formatTCDuration(tc.TurnTime)}
	if tc.GameTurns > 0 {
		f[4] = strconv.Itoa(tc.GameTurns) + "t"
	} else if tc.GameTime > 0 {
		// A bare number in G means hours; write a unit whatever the value.
		f[4] = formatTCDuration(tc.GameTime)
	}
	n := 3
	for i := 3; i < len(f); i++ {
		if f[i] != "0" {
			n = i + 1
		}
	}
	return strings.Join(f[:n], "/")
}

// formatTCDuration writes d with units, e.g. "2m30s", "1h", "0.5s"; zero
// is "0".
func formatTCDuration(d time.Duration) string {
	if d <= 0 {
		return "0"
	}
	var b strings.Builder
	for _, u := range []struct {
		d time.Duration
		c byte
	}{{24 * time.Hour, 'd'}, {time.Hour, 'h'}, {time.Minute, 'm'}} {
		if d >= u.d {
			fmt.Fprintf(&b, "%d%c", d/u.d, u.c)
			d %= u.d
		}
	}
	if d > 0 {
		b.WriteString(strconv.FormatFloat(d.Seconds(), 'f', -1, 64))
		b.WriteByte('s')
	}
	return b.String()
}

// gameClock keeps both sides' reserves and the game's time under a time
// control, by the standard Arimaa clock rules.
type gameClock struct {
	tc       TimeControl
	reserves [2]time.Duration
	used     time.Duration // both sides' time so far
}

func newGameClock(tc TimeControl) *gameClock {
	return &gameClock{tc: tc, reserves: [2]time.Duration{tc.Reserve, tc.Reserve}}
}

// engineClock is the clock as an AEI engine sees it before its turn, so
// the runner can ask aeiengine's time management for a budget and for the
// hard limit.
func (c *gameClock) engineClock() aeiengine.Clock {
	return aeiengine.Clock{Move: c.tc.Move, Reserve: c.tc.Reserve, Percent: c.tc.Percent, Max: c.tc.MaxReserve,
		Total: c.tc.GameTime, TurnTime: c.tc.TurnTime, Reserves: c.reserves, ReserveSet: [2]bool{true, true}}
}

// hard is the most side may use on this turn before it loses on time; -1
// when nothing limits it.
func (c *gameClock) hard(side rules.Color) time.Duration {
	ec := c.engineClock()
	return ec.Hard(side)
}

// charge books a turn of side that took used, and reports whether it ran
// past what the clock allowed (a time forfeit). Time beyond the move time
// comes out of the reserve; unused move time adds Percent of itself to the
// reserve, up to MaxReserve.
func (c *gameClock) charge(side rules.Color, used time.Duration) (forfeit bool) {
	if h := c.hard(side); h >= 0 && used > h {
		return true
	}
	c.used += used
	if c.tc.Move == 0 && c.tc.Reserve == 0 {
		return false // a turn limit alone: nothing to book
	}
	r := c.reserves[side]
	if used > c.tc.Move {
		r -= used - c.tc.Move
	} else {
		r += (c.tc.Move - used) * time.Duration(c.tc.Percent) / 100
	}
	if c.tc.MaxReserve > 0 && r > c.tc.MaxReserve {
		r = c.tc.MaxReserve
	}
	c.reserves[side] = max(r, 0)
	return false
}

// gameOver reports whether the game's own limit is reached after moves
// moves: its time, or its turns (a limit of N turns is N turns of each
// side).
func (c *gameClock) gameOver(moves int) bool {
	return c.tc.GameTime > 0 && c.used >= c.tc.GameTime ||
		c.tc.GameTurns > 0 && moves >= 2*c.tc.GameTurns
}

// timed reports whether turns are timed: by a move time, a reserve or a
// turn limit.
func (tc TimeControl) timed() bool { return tc.Move > 0 || tc.Reserve > 0 || tc.TurnTime > 0 }
