package match

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"arimaa-workbench/ats"
)

// NumberRanges are the ranges of the numbers a match takes: the match
// command's flags and the match panel's fields check what the user typed
// against them, and PlanMatch checks the match again. Times are in
// seconds; SetupPly -1 keeps every move of an opening.
type NumberRanges struct {
	Games, Rounds                    ats.Range[int]
	Playouts                         ats.Range[int64]
	Nodes, Jobs, MaxTurns, SetupPly  ats.Range[int]
	MoveTimeout, Grace, StartTimeout ats.Range[float64]
}

// Ranges returns the ranges of a match's numbers.
func Ranges() NumberRanges {
	return NumberRanges{
		Games:        ats.Range[int]{Name: "games", Min: 1, Max: 1_000_000},
		Rounds:       ats.Range[int]{Name: "rounds", Min: 1, Max: 500_000},
		Playouts:     ats.Range[int64]{Name: "playouts", Min: 0, Max: 1_000_000_000},
		Nodes:        ats.Range[int]{Name: "nodes", Min: 0, Max: 100_000_000},
		Jobs:         ats.Range[int]{Name: "j", Min: 1, Max: 256},
		MaxTurns:     ats.Range[int]{Name: "max-turns", Min: 0, Max: 100_000},
		SetupPly:     ats.Range[int]{Name: "setup-ply", Min: -1, Max: 100_000},
		MoveTimeout:  ats.Range[float64]{Name: "move-timeout", Min: 0.001, Max: 86400},
		Grace:        ats.Range[float64]{Name: "grace", Min: 0.001, Max: 3600},
		StartTimeout: ats.Range[float64]{Name: "start-timeout", Min: 0.001, Max: 3600},
	}
}

// Input is what a match is planned from: the engines and the settings as
// the match command or the match panel gathered them. A nil pointer is a
// setting not given, which the default fills.
type Input struct {
	Engines  []ats.Spec
	Gauntlet bool
	// Games are those of each pairing; Rounds, instead, give each pairing
	// two games a round. Neither: two games.
	Games, Rounds *int
	TC            TimeControl
	Playouts      int64
	Nodes         int
	Seed          uint64
	Jobs          *int // default 1
	MaxTurns      int
	SPRT          *SPRT
	// Openings are where the games start (ReadOpenings); none: the
	// engines set up.
	Openings []Opening
	// MoveTimeout, Grace and StartTimeout are in seconds; defaults 60, 2
	// and 30.
	MoveTimeout, Grace, StartTimeout *float64
	Event                            string
	// Out is the archive the games go to; Resume continues the match in
	// it.
	Out    string
	Resume bool
}

// PlanMatch turns the input into a match's configuration: games from
// rounds, the defaults filled, every number checked against Ranges, and
// the limits and the SPRT checked against the engines. An error names the setting
// and says what is wrong; the caller adds the output's lock, the events
// and the executor.
func PlanMatch(in Input) (Config, error) {
	r := Ranges()
	cfg := Config{Engines: append([]ats.Spec(nil), in.Engines...), Gauntlet: in.Gauntlet, TC: in.TC, Openings: in.Openings, Playouts: in.Playouts, Nodes: in.Nodes,
		Seed: in.Seed, Jobs: 1, MaxTurns: in.MaxTurns, SPRT: in.SPRT, Event: in.Event, Out: in.Out, Resume: in.Resume}
	if len(cfg.Engines) < 2 {
		return Config{}, errors.New("engines: at least two are needed")
	}
	if in.Jobs != nil {
		cfg.Jobs = *in.Jobs
	}
	switch {
	case in.Games != nil && in.Rounds != nil:
		return Config{}, errors.New("give games or rounds, not both")
	case in.Rounds != nil:
		if err := r.Rounds.Check(*in.Rounds); err != nil {
			return Config{}, err
		}
		cfg.Games = 2 * *in.Rounds
	case in.Games != nil:
		cfg.Games = *in.Games
	default:
		cfg.Games = 2
	}
	secs := func(v *float64, def float64, rg ats.Range[float64]) (time.Duration, error) {
		if v == nil {
			return time.Duration(def * float64(time.Second)), nil
		}
		return time.Duration(*v * float64(time.Second)), rg.Check(*v)
	}
	var errMove, errGrace, errStart error
	cfg.MoveTimeout, errMove = secs(in.MoveTimeout, 60, r.MoveTimeout)
	cfg.Grace, errGrace = secs(in.Grace, 2, r.Grace)
	cfg.StartTimeout, errStart = secs(in.StartTimeout, 30, r.StartTimeout)
	if err := errors.Join(r.Games.Check(cfg.Games), r.Playouts.Check(cfg.Playouts), r.Nodes.Check(cfg.Nodes), r.Jobs.Check(cfg.Jobs),
		r.MaxTurns.Check(cfg.MaxTurns), errMove, errGrace, errStart); err != nil {
		return Config{}, err
	}
	if cfg.TC.IsZero() && cfg.Playouts == 0 && cfg.Nodes == 0 {
		return Config{}, errors.New("no limit per move: give a time control or a playout or node budget")
	}
	if cfg.SPRT != nil {
		if err := SPRTEngines(len(cfg.Engines)); err != nil {
			return Config{}, err
		}
		if err := cfg.SPRT.Validate(); err != nil {
			return Config{}, fmt.Errorf("SPRT: %s", strings.TrimPrefix(err.Error(), "sprt: "))
		}
	}
	return cfg, nil
}

// SPRTEngines reports a match of n engines, which an SPRT cannot test: it
// compares two.
func SPRTEngines(n int) error {
	if n != 2 {
		return fmt.Errorf("SPRT: a test needs exactly two engines, not %d", n)
	}
	return nil
}
