package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Game is one game of a match with everything needed to play it: the two
// engines, the limits, where it starts and its seed. The local runner
// plays it on one of its slots; a distributed match sends it to a worker
// as a job, in its JSON form, and the worker plays it with the same Slot.
type Game struct {
	ID      int         // the game's number in the match, from 1
	Engines [2]ats.Spec // Gold's and Silver's
	Opening *Opening    // nil: the engines set up
	Limits  Limits
	Seed    uint64
	Event   string // the archive's event column
}

// GivenUp is the Kind of a game given up unplayed, as a distributed match
// does with a game no worker could finish: it is in the output with the
// reason, and counts among the games played but for neither engine.
const GivenUp = "given up"

// GivenUpResult is the result of g given up unplayed for reason: an
// archive row without a result, its moves those of the opening (if any),
// the reason among its events.
func (g *Game) GivenUpResult(reason string) *GameResult {
	start := rules.NewGame()
	if g.Opening != nil {
		if og, err := g.Opening.Game(); err == nil {
			start = og
		}
	}
	stamp := strconv.FormatInt(time.Now().Unix(), 10) + " "
	events := []string{stamp + g.firstEvent(), stamp + endMarker + GivenUp + ": " + reason}
	ag := g.archiveGame(start, events, "", time.Now())
	ag.Unfinished = true
	return &GameResult{ID: g.ID, Players: [2]string{g.Engines[0].Name, g.Engines[1].Name}, Draw: true, Kind: GivenUp, Reason: reason,
		Moves: ag.PlyCount, Archive: ag}
}

// firstEvent is the events line that starts every game of a match.
func (g *Game) firstEvent() string {
	return fmt.Sprintf("game %d of the match: gold %s, silver %s; %s; seed %d%s", g.ID, g.Engines[0].Name, g.Engines[1].Name,
		g.limitsText(), g.Seed, g.openingText())
}

// archiveGame is the archive row of g as played in rg on site, from start
// until now, with events; the result is left to the caller.
func (g *Game) archiveGame(rg *rules.Game, events []string, site string, start time.Time) *records.ArchiveGame {
	var rec strings.Builder
	if err := records.WriteRecord(&rec, rg); err != nil {
		rec.Reset() // a strings.Builder does not fail
	}
	return &records.ArchiveGame{
		ID:      strconv.Itoa(g.ID),
		WPlayer: g.Engines[0].Name, BPlayer: g.Engines[1].Name,
		WType: "b", BType: "b",
		Event: g.Event, Site: site,
		TimeControl: g.Limits.TC.String(),
		Start:       start, End: time.Now(),
		PlyCount: len(rg.Moves()),
		MoveList: rec.String(),
		Events:   strings.Join(events, "\n"),
	}
}

// Limits bound a game's moves; see Config for each field.
type Limits struct {
	TC                  TimeControl
	Playouts            int64
	Nodes               int
	MaxTurns            int
	MoveTimeout         time.Duration
	StartTimeout, Grace time.Duration
}

// Commands lists the programs of the game's AEI engines, which a machine
// must have to play it.
func (g *Game) Commands() []string {
	var out []string
	for _, s := range g.Engines {
		if !s.Builtin && len(s.Command) > 0 {
			out = append(out, s.Command[0])
		}
	}
	return out
}

// limitsText describes the limits per move for the events log.
func (g *Game) limitsText() string {
	l := g.Limits
	var parts []string
	if l.TC.timed() {
		parts = append(parts, "time control "+l.TC.String())
	}
	if l.Playouts > 0 {
		parts = append(parts, fmt.Sprintf("%d playouts per move", l.Playouts))
	}
	if l.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes per move", l.Nodes))
	}
	return strings.Join(parts, ", ")
}

func (g *Game) openingText() string {
	if g.Opening == nil {
		return "; setups from the engines"
	}
	return "; opening " + g.Opening.Name
}

// openingJSON is an opening on the wire: its game as a record, which the
// rules replay on the other side.
type openingJSON struct {
	Name   string `json:"name"`
	Record string `json:"record"`
}

// MarshalJSON writes the opening as its name and game record.
func (o Opening) MarshalJSON() ([]byte, error) {
	g, err := o.Game()
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	if err := records.WriteRecord(&b, g); err != nil {
		return nil, err
	}
	return json.Marshal(openingJSON{Name: o.Name, Record: b.String()})
}

// UnmarshalJSON reads an opening that MarshalJSON wrote.
func (o *Opening) UnmarshalJSON(data []byte) error {
	var w openingJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	rec, err := records.ParseRecord(w.Record)
	if err != nil {
		return fmt.Errorf("opening %s: %w", w.Name, err)
	}
	g, err := rec.Game()
	if err != nil {
		return fmt.Errorf("opening %s: %w", w.Name, err)
	}
	*o, err = openingOf(w.Name, g, -1)
	return err
}

// EngineFault is an engine error during a game: the engine lost the game
// and is restarted for the next one.
type EngineFault struct {
	Side  rules.Color
	Err   error
	Start bool // the engine did not start
}

// resultJSON is a GameResult on the wire: the game's archive row (with the
// archive's header line) and what the standings need.
type resultJSON struct {
	ID          int         `json:"id"`
	Players     [2]string   `json:"players"`
	Winner      rules.Color `json:"winner"`
	Draw        bool        `json:"draw,omitempty"`
	Termination string      `json:"termination"`
	Kind        string      `json:"kind"`
	Reason      string      `json:"reason"`
	Moves       int         `json:"moves"`
	Started     [2]bool     `json:"started"`
	Faults      []faultJSON `json:"faults,omitempty"`
	Archive     string      `json:"archive"`
}

type faultJSON struct {
	Side  rules.Color `json:"side"`
	Err   string      `json:"err"`
	Start bool        `json:"start,omitempty"`
}

// MarshalJSON writes the result as a worker returns it.
func (g *GameResult) MarshalJSON() ([]byte, error) {
	if g.Archive == nil {
		return nil, errors.New("match: a game result without its archive row")
	}
	row, err := archiveRow(g.Archive)
	if err != nil {
		return nil, err
	}
	w := resultJSON{ID: g.ID, Players: g.Players, Winner: g.Winner, Draw: g.Draw, Termination: string(rune(g.Termination)),
		Kind: g.Kind, Reason: g.Reason, Moves: g.Moves, Started: g.Started, Archive: string(row)}
	for _, f := range g.Faults {
		w.Faults = append(w.Faults, faultJSON{Side: f.Side, Err: f.Err.Error(), Start: f.Start})
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads a result that MarshalJSON wrote; its archive row
// must read back as a game of the archive format. Engines is left to the
// runner, which knows the match.
func (g *GameResult) UnmarshalJSON(data []byte) error {
	var w resultJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	ar := records.NewArchiveReader(strings.NewReader(w.Archive), fmt.Sprintf("the result of game %d", w.ID))
	ag, err := ar.Next()
	if err != nil {
		return err
	}
	if _, err := ar.Next(); err != io.EOF {
		return fmt.Errorf("the result of game %d holds more than one game", w.ID)
	}
	if len(w.Termination) != 1 || w.Winner > rules.Silver {
		return fmt.Errorf("the result of game %d: bad termination %q or winner %d", w.ID, w.Termination, w.Winner)
	}
	*g = GameResult{ID: w.ID, Players: w.Players, Winner: w.Winner, Draw: w.Draw, Termination: rules.Termination(w.Termination[0]),
		Kind: w.Kind, Reason: w.Reason, Moves: w.Moves, Started: w.Started, Archive: ag}
	for _, f := range w.Faults {
		g.Faults = append(g.Faults, EngineFault{Side: f.Side, Err: errors.New(f.Err), Start: f.Start})
	}
	return nil
}

// archiveRow writes one game as an archive: the header line, then its row.
func archiveRow(ag *records.ArchiveGame) ([]byte, error) {
	var b bytes.Buffer
	aw := records.NewArchiveWriter(&b)
	if err := aw.Write(ag); err != nil {
		return nil, err
	}
	if err := aw.Flush(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
