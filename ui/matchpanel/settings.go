package matchpanel

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/match"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/ui/engines"
)

// Settings are the match's settings as the user typed them.
type Settings struct {
	// Engines are the lineup's engines as specs; the preferences keep the
	// lineup itself (see Entry).
	Engines  []ats.Spec `json:"-"`
	Gauntlet bool
	// TC is a time control in the archive's M/R/P/L/G/T form; Playouts a
	// budget per move. One of them is needed, and only one.
	TC, Playouts string
	// Games are those of each pairing; Jobs how many play at once;
	// MaxTurns adjudicates a game after that many turns of each side
	// (empty or 0: never).
	Games, Jobs, MaxTurns, Seed string
	// Openings, when given, is a file of positions or games the games
	// start from, each twice with the colours swapped; games are cut after
	// SetupPly moves (empty: every move kept).
	Openings, SetupPly string
	// SPRT turns the test on, with its four parameters.
	SPRT                    bool
	Elo0, Elo1, Alpha, Beta string
	// Out is the game archive the games are appended to.
	Out string
}

// Config checks the settings and makes them a match configuration
// (match.PlanMatch), each number in its range (match.Ranges). An error
// names the field and says what is wrong.
func (s Settings) Config() (match.Config, error) {
	if len(s.Engines) < 2 {
		return match.Config{}, errors.New("Engines: add at least two engines")
	}
	rg := match.Ranges()
	in := match.Input{Engines: s.Engines, Gauntlet: s.Gauntlet, Out: strings.TrimSpace(s.Out)}
	var err error
	if t := strings.TrimSpace(s.TC); t != "" {
		if in.TC, err = match.ParseTimeControl(t); err != nil {
			return match.Config{}, fmt.Errorf("Time control: %v", err)
		}
	}
	if in.Playouts, err = whole("Playouts", s.Playouts, rg.Playouts.Min, rg.Playouts.Max, 0); err != nil {
		return match.Config{}, err
	}
	if in.TC.IsZero() && in.Playouts == 0 {
		return match.Config{}, errors.New("Limits: give a time control or playouts per move")
	}
	if !in.TC.IsZero() && in.Playouts > 0 {
		// Both would apply, the tighter ruling without a word.
		return match.Config{}, errors.New("Limits: give a time control or playouts per move, not both: empty one of them")
	}
	games, err := whole("Games", s.Games, int64(rg.Games.Min), int64(rg.Games.Max), -1)
	if err != nil {
		return match.Config{}, err
	}
	jobs, err := whole("Parallel games", s.Jobs, int64(rg.Jobs.Min), int64(rg.Jobs.Max), 1)
	if err != nil {
		return match.Config{}, err
	}
	turns, err := whole("Max turns", s.MaxTurns, int64(rg.MaxTurns.Min), int64(rg.MaxTurns.Max), 0)
	if err != nil {
		return match.Config{}, err
	}
	g, j := int(games), int(jobs)
	in.Games, in.Jobs, in.MaxTurns = &g, &j, int(turns)
	if t := strings.TrimSpace(s.Seed); t != "" {
		if in.Seed, err = strconv.ParseUint(t, 10, 64); err != nil {
			return match.Config{}, fmt.Errorf("Seed: %q is not a whole number from 0 to %d", t, uint64(math.MaxUint64))
		}
	}
	if path := strings.TrimSpace(s.Openings); path != "" {
		ply := int64(-1) // every move kept
		if strings.TrimSpace(s.SetupPly) != "" {
			if ply, err = whole("Cut at move", s.SetupPly, int64(rg.SetupPly.Min), int64(rg.SetupPly.Max), -1); err != nil {
				return match.Config{}, err
			}
		}
		if in.Openings, err = match.ReadOpenings(path, int(ply)); err != nil {
			return match.Config{}, fmt.Errorf("Openings: %v", err)
		}
	}
	if s.SPRT {
		if in.SPRT, err = s.sprt(); err != nil {
			return match.Config{}, err
		}
	}
	if in.Out == "" {
		return match.Config{}, errors.New("Output file: choose the file the games go to")
	}
	return match.PlanMatch(in)
}

// sprt reads the SPRT's four fields; PlanMatch checks the test.
func (s Settings) sprt() (*match.SPRT, error) {
	if err := match.SPRTEngines(len(s.Engines)); err != nil {
		return nil, err
	}
	var t match.SPRT
	for _, f := range []struct {
		name, text string
		v          *float64
	}{{"elo0", s.Elo0, &t.Elo0}, {"elo1", s.Elo1, &t.Elo1}, {"alpha", s.Alpha, &t.Alpha}, {"beta", s.Beta, &t.Beta}} {
		v, err := strconv.ParseFloat(strings.TrimSpace(f.text), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("SPRT: %s %q is not a number", f.name, f.text)
		}
		*f.v = v
	}
	return &t, nil
}

// whole reads a whole number from lo to hi; an empty field is def, or an
// error when def < 0 (a field that must be given).
func whole(field, text string, lo, hi, def int64) (int64, error) {
	text = strings.TrimSpace(text)
	if text == "" && def >= 0 {
		return def, nil
	}
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil || v < lo || v > hi {
		return 0, fmt.Errorf("%s: %q is not a whole number from %d to %d", field, text, lo, hi)
	}
	return v, nil
}

// DefaultOut is a new match archive's file: in dir, named by the time.
func DefaultOut(dir string, now time.Time) string {
	return filepath.Join(dir, "match-"+now.Format("20060102-150405")+".txt")
}

// FreeOut returns DefaultOut(dir, now), or, when that file exists, the
// same name with a number, so that a new match never lands in an old one.
func FreeOut(dir string, now time.Time) string {
	path := DefaultOut(dir, now)
	base := strings.TrimSuffix(path, ".txt")
	for n := 2; exists(path); n++ {
		path = base + "-" + strconv.Itoa(n) + ".txt"
	}
	return path
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// SpecSource is the choice that reads a whole engine spec from the words
// typed, as the match command's --engine takes it.
const SpecSource = "Engine spec…"

// NewSpec makes the engine the user chose: choice names one of choices,
// or is SpecSource, when text is the whole spec; otherwise text holds the
// KEY=VALUE words for the choice, split as a shell splits words.
func NewSpec(choices []engines.Choice, choice, text string) (ats.Spec, error) {
	if choice == SpecSource {
		if strings.TrimSpace(text) == "" {
			return ats.Spec{}, errors.New("type an engine spec, e.g. builtin:search.exploration=0.3 name=wide")
		}
		return ats.ParseSpecLine(text)
	}
	for _, c := range choices {
		if c.Name == choice {
			words, err := aei.SplitCommand(text)
			if err != nil {
				return ats.Spec{}, fmt.Errorf("options for %s: %w", choice, err)
			}
			return c.Spec(words...)
		}
	}
	return ats.Spec{}, fmt.Errorf("no engine %q: choose one from the list", choice)
}

// Entry is an engine of the lineup as the user chose it: a choice and the
// words typed with it. It becomes a spec again when a match starts, so that
// the builtin engine plays with the settings of that moment.
type Entry struct {
	Choice, Text string
	// Name is the engine's name when it was added, for the list.
	Name string
}

// NewEntry checks the user's choice (see NewSpec) and makes it an entry.
func NewEntry(choices []engines.Choice, choice, text string) (Entry, error) {
	s, err := NewSpec(choices, choice, text)
	if err != nil {
		return Entry{}, err
	}
	return Entry{Choice: choice, Text: strings.TrimSpace(text), Name: s.Name}, nil
}

// Label describes the entry in the lineup, e.g. "wide (Builtin
// search.exploration=0.3 name=wide)".
func (e Entry) Label() string {
	switch {
	case e.Choice == SpecSource:
		if e.Text == e.Name {
			return e.Name
		}
		return e.Name + "  (" + e.Text + ")"
	case e.Text == "":
		return e.Name
	}
	return e.Name + "  (" + e.Choice + " " + e.Text + ")"
}

// legacyBuiltin is what the engine lists called the builtin engine before
// it was named Builtin; lineups saved then name it so.
const legacyBuiltin = "Embedded MCTS"

// upgrade makes an entry saved by an earlier version name one of choices:
// the builtin engine's old name becomes the builtin choice, and an engine
// that took its name from the choice keeps it, so that a match begun then
// still resumes (its archive names the players). An external engine the
// user called by the old name stays itself.
func (e Entry) upgrade(choices []engines.Choice) Entry {
	if e.Choice != legacyBuiltin {
		return e
	}
	builtin := -1
	for i, c := range choices {
		if c.Name == legacyBuiltin {
			return e
		}
		if c.Builtin && builtin < 0 {
			builtin = i
		}
	}
	if builtin < 0 {
		return e
	}
	e.Choice = choices[builtin].Name
	if e.Name == legacyBuiltin {
		e.Text = strings.TrimSpace(e.Text + " name='" + legacyBuiltin + "'")
	}
	return e
}

// Specs makes the lineup's engines, as the choices give them now.
func Specs(choices []engines.Choice, lineup []Entry) ([]ats.Spec, error) {
	specs := make([]ats.Spec, 0, len(lineup))
	for i, e := range lineup {
		s, err := NewSpec(choices, e.Choice, e.Text)
		if err != nil {
			return nil, fmt.Errorf("Engines: engine %d (%s): %w", i+1, e.Name, err)
		}
		specs = append(specs, s)
	}
	return specs, nil
}
