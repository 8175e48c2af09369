package match

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
)

// EngineStanding is one engine's results so far.
type EngineStanding struct {
	Name string
	Score
	// Elo is the engine's Elo difference to its opponents, with its 95%
	// interval.
	Elo Elo
	// Faults counts the games the engine lost by its own fault, by kind
	// (crash, hang, illegal move, time, repetition, ...).
	Faults map[string]int
}

// SPRTStatus is where a match's SPRT stands.
type SPRTStatus struct {
	Test         SPRT
	LLR          float64
	Lower, Upper float64
	Decision     Decision
}

// Standings are the results of a match so far.
type Standings struct {
	Engines []EngineStanding // in the order of Config.Engines
	// Done counts the games finished, Resumed those of them found in the
	// output file; Total is the number planned.
	Done, Resumed, Total int
	Elapsed              time.Duration
	// GamesPerHour counts the games played since this run started.
	GamesPerHour float64
	// Remaining estimates the time to play the rest of the planned games
	// at that rate; 0 until a game is played.
	Remaining time.Duration
	SPRT      *SPRTStatus // for a match with an SPRT
	// Kinds counts how the games ended (goal, elimination, time, crash,
	// adjudication, ...).
	Kinds map[string]int
}

// standingsLocked computes the standings; r.mu is held.
func (r *Runner) standingsLocked() Standings {
	names := make([]string, len(r.cfg.Engines))
	for i, e := range r.cfg.Engines {
		names[i] = e.Name
	}
	st := standingsOf(names, r.tally, r.kinds, len(r.plan))
	st.Done, st.Resumed = r.prior+r.playedHere, r.prior
	if !r.start.IsZero() {
		st.Elapsed = time.Since(r.start)
	}
	if r.playedHere > 0 && st.Elapsed > 0 {
		st.GamesPerHour = float64(r.playedHere) / st.Elapsed.Hours()
		st.Remaining = time.Duration(float64(st.Total-st.Done) / st.GamesPerHour * float64(time.Hour))
	}
	if t := r.cfg.SPRT; t != nil {
		lo, hi := t.Bounds()
		s := r.tally[0].Score
		st.SPRT = &SPRTStatus{Test: *t, LLR: t.LLR(s), Lower: lo, Upper: hi, Decision: t.Decide(s)}
	}
	return st
}

// standingsOf are the standings of the engines named with their tallies
// and the endings counted, of total games planned.
func standingsOf(names []string, tally []tally, kinds map[string]int, total int) Standings {
	st := Standings{Done: total, Total: total, Kinds: maps.Clone(kinds)}
	for i, t := range tally {
		es := EngineStanding{Name: names[i], Score: t.Score, Elo: EloFrom(t.Score)}
		if len(t.faults) > 0 {
			es.Faults = maps.Clone(t.faults)
		}
		st.Engines = append(st.Engines, es)
	}
	return st
}

// Line is the standings in one line: for two engines the first one's
// results, Elo and LLR; for more, the leader's.
func (st Standings) Line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d games", st.Done, st.Total)
	if len(st.Engines) > 0 {
		e := st.Engines[0]
		if len(st.Engines) > 2 {
			e = st.ranked()[0]
			b.WriteString(", leader")
		}
		fmt.Fprintf(&b, "  %s %d-%d-%d (%.1f%%)  Elo %s", e.Name, e.Wins, e.Losses, e.Draws, 100*e.Points(), e.Elo.String())
	}
	if s := st.SPRT; s != nil {
		fmt.Fprintf(&b, "  LLR %.2f [%.2f, %.2f]", s.LLR, s.Lower, s.Upper)
		if s.Decision != Continue {
			fmt.Fprintf(&b, " %s", s.Decision)
		}
	}
	if st.GamesPerHour > 0 {
		fmt.Fprintf(&b, "  %.0f games/h", st.GamesPerHour)
		if st.Done < st.Total {
			fmt.Fprintf(&b, ", ~%s left", st.Remaining.Round(time.Second))
		}
	}
	return b.String()
}

// String writes the Elo difference with its margin, e.g. "+35 ±48".
func (e Elo) String() string {
	if math.IsInf(e.Diff, 0) {
		return fmt.Sprintf("%+.0f", e.Diff) // every game won, or every game lost
	}
	d := math.Round(e.Diff)
	if d == 0 {
		d = 0 // "+0", not "-0"
	}
	m := e.Margin()
	up, down := e.High-e.Diff, e.Diff-e.Low
	if !math.IsInf(m, 0) && !math.IsNaN(m) && math.Abs(up-down) <= 0.1*m {
		return fmt.Sprintf("%+.0f ±%.0f", d, m)
	}
	// A lopsided interval (near a score of 0 or 1) is given by its bounds.
	return fmt.Sprintf("%+.0f (%s..%s)", d, bound(e.Low), bound(e.High))
}

// bound writes one end of an Elo interval.
func bound(x float64) string {
	if math.IsInf(x, 0) {
		return fmt.Sprintf("%+.0f", x) // "+Inf" or "-Inf"
	}
	return fmt.Sprintf("%+.0f", math.Round(x))
}

// ranked orders the engines by score, then by games.
func (st Standings) ranked() []EngineStanding {
	es := append([]EngineStanding(nil), st.Engines...)
	sort.SliceStable(es, func(i, j int) bool {
		pi, pj := es[i].Points(), es[j].Points()
		if pi != pj {
			return pi > pj
		}
		return es[i].Games() > es[j].Games()
	})
	return es
}

// WriteTable writes the standings as a table, best first, with the ways
// the games ended and the engines' faults.
func (st Standings) WriteTable(w io.Writer) error {
	var b strings.Builder
	width := 6
	for _, e := range st.Engines {
		width = max(width, len(e.Name))
	}
	fmt.Fprintf(&b, "%-4s %-*s %6s %14s %7s %12s  %s\n", "rank", width, "engine", "games", "W-L-D", "score", "Elo", "faults")
	for i, e := range st.ranked() {
		var faults []string
		for _, k := range slices.Sorted(maps.Keys(e.Faults)) {
			faults = append(faults, fmt.Sprintf("%s %d", k, e.Faults[k]))
		}
		fmt.Fprintf(&b, "%-4d %-*s %6d %14s %6.1f%% %12s  %s\n", i+1, width, e.Name, e.Games(),
			fmt.Sprintf("%d-%d-%d", e.Wins, e.Losses, e.Draws), 100*e.Points(), e.Elo.String(), strings.Join(faults, ", "))
	}
	var kinds []string
	for _, k := range slices.Sorted(maps.Keys(st.Kinds)) {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, st.Kinds[k]))
	}
	if len(kinds) > 0 {
		fmt.Fprintf(&b, "endings: %s\n", strings.Join(kinds, ", "))
	}
	if s := st.SPRT; s != nil {
		fmt.Fprintf(&b, "SPRT %s: LLR %.2f, bounds [%.2f, %.2f]: %s\n", s.Test, s.LLR, s.Lower, s.Upper, s.Decision)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Summary is the outcome of Run: the final standings, and whether the
// match is complete.
type Summary struct {
	Standings
	// Finished: every planned game was played, or the SPRT decided.
	Finished bool
	// Stopped says why the match ended before its planned games, e.g.
	// "SPRT: H1 accepted".
	Stopped string
	Out     string
	// Stats are each engine's game lengths, times per move and endings,
	// in the order of Standings.Engines.
	Stats []EngineStats
}

func (r *Runner) summary(finished bool) *Summary {
	r.mu.Lock()
	defer r.mu.Unlock()
	return &Summary{Standings: r.standingsLocked(), Finished: finished, Stopped: r.stopped, Out: r.cfg.Out, Stats: r.stats.Engines()}
}

// WriteTable writes the standings' table, then each engine's game
// lengths, times per move and endings (WriteStats).
func (s *Summary) WriteTable(w io.Writer) error {
	if err := s.Standings.WriteTable(w); err != nil {
		return err
	}
	if len(s.Stats) == 0 {
		return nil
	}
	return WriteStats(w, s.Stats)
}

// WriteJSON writes the summary as JSON for scripts. Infinite Elo values
// (every game won or lost) are written as null.
func (s *Summary) WriteJSON(w io.Writer) error {
	type jsonEngine struct {
		Name    string         `json:"name"`
		Games   int            `json:"games"`
		Wins    int            `json:"wins"`
		Losses  int            `json:"losses"`
		Draws   int            `json:"draws"`
		Score   float64        `json:"score"`
		Elo     *float64       `json:"elo"`
		EloLow  *float64       `json:"elo_low"`
		EloHigh *float64       `json:"elo_high"`
		Faults  map[string]int `json:"faults,omitempty"`
		// From Stats: game length in turns, seconds per move, endings.
		MeanTurns   *float64       `json:"mean_turns,omitempty"`
		MedianTurns *float64       `json:"median_turns,omitempty"`
		MeanMoveS   *float64       `json:"mean_move_s,omitempty"`
		MaxMoveS    *float64       `json:"max_move_s,omitempty"`
		Endings     map[string]int `json:"endings,omitempty"`
	}
	type jsonSPRT struct {
		Elo0     float64 `json:"elo0"`
		Elo1     float64 `json:"elo1"`
		Alpha    float64 `json:"alpha"`
		Beta     float64 `json:"beta"`
		LLR      float64 `json:"llr"`
		Lower    float64 `json:"lower"`
		Upper    float64 `json:"upper"`
		Decision string  `json:"decision"`
	}
	finite := func(x float64) *float64 {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return nil
		}
		return &x
	}
	out := struct {
		Engines      []jsonEngine   `json:"engines"`
		Games        int            `json:"games"`
		Resumed      int            `json:"resumed"`
		Total        int            `json:"total"`
		Finished     bool           `json:"finished"`
		Stopped      string         `json:"stopped,omitempty"`
		ElapsedS     float64        `json:"elapsed_s"`
		GamesPerHour float64        `json:"games_per_hour"`
		Endings      map[string]int `json:"endings"`
		SPRT         *jsonSPRT      `json:"sprt,omitempty"`
		Out          string         `json:"out,omitempty"`
	}{Games: s.Done, Resumed: s.Resumed, Total: s.Total, Finished: s.Finished, Stopped: s.Stopped,
		ElapsedS: s.Elapsed.Seconds(), GamesPerHour: s.GamesPerHour, Endings: s.Kinds, Out: s.Out}
	for i, e := range s.Engines {
		je := jsonEngine{Name: e.Name, Games: e.Games(), Wins: e.Wins, Losses: e.Losses, Draws: e.Draws,
			Score: e.Points(), Elo: finite(e.Elo.Diff), EloLow: finite(e.Elo.Low), EloHigh: finite(e.Elo.High), Faults: e.Faults}
		if i < len(s.Stats) && s.Stats[i].Name == e.Name {
			st := s.Stats[i]
			if st.Games > 0 {
				je.MeanTurns, je.MedianTurns = finite(st.MeanTurns), finite(st.MedianTurns)
			}
			if st.Moves > 0 {
				je.MeanMoveS, je.MaxMoveS = finite(st.MeanMove.Seconds()), finite(st.MaxMove.Seconds())
			}
			je.Endings = st.Endings
		}
		out.Engines = append(out.Engines, je)
	}
	if t := s.SPRT; t != nil {
		out.SPRT = &jsonSPRT{t.Test.Elo0, t.Test.Elo1, t.Test.Alpha, t.Test.Beta, t.LLR, t.Lower, t.Upper, t.Decision.String()}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
