package match

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// EngineStats are one engine's figures over the games of a match, the
// ones cutechess-cli prints after a match: how long its games lasted, the
// time it took over its moves, and how its games ended.
type EngineStats struct {
	Name string
	// Games counts the engine's games (a game given up is no one's).
	Games int
	// MeanTurns and MedianTurns are the length of its games in turns, a
	// turn being a move of each side as Arimaa numbers them (the setups
	// are not counted): a game of 81 moves lasts 40.5 turns.
	MeanTurns, MedianTurns float64
	// Moves counts the moves timed; MeanMove and MaxMove are the wall
	// time the engine took over them, as the runner measured it.
	Moves             int
	MeanMove, MaxMove time.Duration
	// Endings counts its games by result and how they ended, as
	// "win: goal", "loss: time" or "draw: adjudication".
	Endings map[string]int
}

// Stats gathers EngineStats from the games of a match as they end, or
// from its archive; it counts the engines' scores too (Standings), so an
// archive can be summed up without the match's settings. Its zero value
// is not ready: use NewStats.
type Stats struct {
	names []string
	index map[string]int
	games []gameFigures
	tally []tally
	kinds map[string]int
	done  int
}

// gameFigures are one engine's figures, gathered.
type gameFigures struct {
	plies      []int // the length of each game in moves, kept sorted for the median
	moves      int
	total, max time.Duration
	endings    map[string]int
}

// NewStats returns empty statistics with the engines named, in their
// order; engines met later in the games are added after them.
func NewStats(names ...string) *Stats {
	s := &Stats{index: map[string]int{}, kinds: map[string]int{}}
	for _, n := range names {
		s.engine(n)
	}
	return s
}

// engine is the index of the engine named n, added when new.
func (s *Stats) engine(n string) int {
	if i, ok := s.index[n]; ok {
		return i
	}
	s.index[n] = len(s.names)
	s.names = append(s.names, n)
	s.games = append(s.games, gameFigures{endings: map[string]int{}})
	s.tally = append(s.tally, tally{})
	return len(s.names) - 1
}

// Add counts one game of a match archive: its players are its engines,
// its events give the time of each move (a line "12w 0.345s" per move)
// and how it ended (KindOf).
func (s *Stats) Add(ag *records.ArchiveGame) {
	kind := KindOf(ag)
	engines := [2]int{s.engine(ag.WPlayer), s.engine(ag.BPlayer)}
	draw := ag.Unfinished
	s.done++
	bookGame(s.tally, s.kinds, engines, ag.Result, draw, kind)
	if kind == GivenUp {
		return
	}
	for side, i := range engines {
		f := &s.games[i]
		at, _ := slices.BinarySearch(f.plies, ag.PlyCount)
		f.plies = slices.Insert(f.plies, at, ag.PlyCount)
		result := "loss"
		switch {
		case draw:
			result = "draw"
		case ag.Result == rules.Color(side):
			result = "win"
		}
		f.endings[result+": "+kind]++
	}
	for _, line := range strings.Split(ag.Events, "\n") {
		side, d, ok := moveTime(line)
		if !ok {
			continue
		}
		f := &s.games[engines[side]]
		f.moves++
		f.total += d
		f.max = max(f.max, d)
	}
}

// moveTime reads an events line of a move, "<unix time> 12w 0.345s": the
// side that moved and the time it took.
func moveTime(line string) (rules.Color, time.Duration, bool) {
	fields := strings.Fields(line)
	if len(fields) != 3 || len(fields[1]) < 2 {
		return 0, 0, false
	}
	label, secs := fields[1], fields[2]
	if turn, err := strconv.Atoi(label[:len(label)-1]); err != nil || turn < 1 {
		return 0, 0, false
	}
	side, ok := rules.ParseColor(label[len(label)-1])
	if !ok || !strings.HasSuffix(secs, "s") {
		return 0, 0, false
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(secs, "s"), 64)
	if err != nil || f < 0 || f > 1e7 {
		return 0, 0, false
	}
	return side, time.Duration(f * float64(time.Second)), true
}

// Engines returns each engine's figures, in the order of NewStats's
// names and then of the games.
func (s *Stats) Engines() []EngineStats {
	out := make([]EngineStats, len(s.names))
	for i, n := range s.names {
		f := s.games[i]
		e := EngineStats{Name: n, Games: len(f.plies), Moves: f.moves, MaxMove: f.max, Endings: maps.Clone(f.endings)}
		if k := len(f.plies); k > 0 {
			sum := 0
			for _, p := range f.plies {
				sum += p
			}
			e.MeanTurns = float64(sum) / float64(k) / 2
			e.MedianTurns = float64(f.plies[k/2]+f.plies[(k-1)/2]) / 4
		}
		if f.moves > 0 {
			e.MeanMove = f.total / time.Duration(f.moves)
		}
		out[i] = e
	}
	return out
}

// Standings are the scores of the games added, for an archive summed up
// without its match: every game counts as played, and there is no SPRT.
func (s *Stats) Standings() Standings {
	return standingsOf(s.names, s.tally, s.kinds, s.done)
}

// WriteStats writes es as a table: per engine its games, their mean and
// median length in turns, its mean and longest time per move, and how its
// games ended.
func WriteStats(w io.Writer, es []EngineStats) error {
	var b strings.Builder
	width := 6
	for _, e := range es {
		width = max(width, len(e.Name))
	}
	fmt.Fprintf(&b, "%-*s %6s  %11s %7s  %14s %8s  %s\n", width, "engine", "games", "turns: mean", "median", "per move: mean", "max", "endings")
	for _, e := range es {
		mean, median, moveMean, moveMax := "-", "-", "-", "-"
		if e.Games > 0 {
			mean, median = fmt.Sprintf("%.1f", e.MeanTurns), fmt.Sprintf("%.1f", e.MedianTurns)
		}
		if e.Moves > 0 {
			moveMean, moveMax = seconds(e.MeanMove), seconds(e.MaxMove)
		}
		fmt.Fprintf(&b, "%-*s %6d  %11s %7s  %14s %8s  %s\n", width, e.Name, e.Games, mean, median, moveMean, moveMax, EndingsText(e.Endings))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// seconds writes a move's time, e.g. "0.412s".
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) + "s" }

// EndingsText writes an engine's endings wins first, then losses, then
// draws, each by count, e.g. "win: goal 8, loss: time 1, draw:
// adjudication 2".
func EndingsText(endings map[string]int) string {
	order := map[string]int{"win": 0, "loss": 1, "draw": 2}
	keys := slices.SortedFunc(maps.Keys(endings), func(a, b string) int {
		ra, _, _ := strings.Cut(a, ":")
		rb, _, _ := strings.Cut(b, ":")
		if c := cmp.Compare(order[ra], order[rb]); c != 0 {
			return c
		}
		if c := cmp.Compare(endings[b], endings[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, endings[k])
	}
	return strings.Join(parts, ", ")
}
