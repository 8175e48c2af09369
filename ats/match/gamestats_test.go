package match

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// game builds an archive row of a match game: gold against silver, the
// winner, plies moves, a line per move of times (alternating Gold and
// Silver from 2w), and how it ended.
func game(gold, silver string, winner rules.Color, draw bool, plies int, kind string, times ...float64) *records.ArchiveGame {
	var ev []string
	ev = append(ev, "1700000000 game 1 of the match: gold "+gold+", silver "+silver)
	for i, t := range times {
		side := rules.Color(i % 2)
		ev = append(ev, fmt.Sprintf("1700000001 %s %.3fs", rules.TurnLabel(2+i/2, side), t))
	}
	if kind != "" {
		ev = append(ev, "1700000002 "+endMarker+kind+": how it ended")
	}
	return &records.ArchiveGame{WPlayer: gold, BPlayer: silver, Result: winner, Unfinished: draw, PlyCount: plies,
		Termination: rules.ByGoal, Events: strings.Join(ev, "\n")}
}

func TestStats(t *testing.T) {
	tests := []struct {
		name  string
		names []string
		games []*records.ArchiveGame
		want  []EngineStats
	}{
		{"lengths, mean and median", []string{"A", "B"}, []*records.ArchiveGame{
			game("A", "B", rules.Gold, false, 40, "goal"),
			game("B", "A", rules.Silver, false, 61, "goal"),
			game("A", "B", rules.Silver, false, 81, "time"),
		}, []EngineStats{
			{Name: "A", Games: 3, MeanTurns: 182.0 / 6, MedianTurns: 30.5, Endings: map[string]int{"win: goal": 2, "loss: time": 1}},
			{Name: "B", Games: 3, MeanTurns: 182.0 / 6, MedianTurns: 30.5, Endings: map[string]int{"loss: goal": 2, "win: time": 1}},
		}},
		{"an even number of games: the median between the middle two", []string{"A", "B"}, []*records.ArchiveGame{
			game("A", "B", rules.Gold, false, 100, "goal"), game("A", "B", rules.Gold, false, 20, "goal"),
			game("A", "B", rules.Gold, false, 60, "elimination"), game("A", "B", rules.Gold, false, 40, "goal"),
		}, []EngineStats{
			{Name: "A", Games: 4, MeanTurns: 27.5, MedianTurns: 25, Endings: map[string]int{"win: goal": 3, "win: elimination": 1}},
			{Name: "B", Games: 4, MeanTurns: 27.5, MedianTurns: 25, Endings: map[string]int{"loss: goal": 3, "loss: elimination": 1}},
		}},
		{"time per move, by the side that moved", []string{"A", "B"}, []*records.ArchiveGame{
			game("A", "B", rules.Gold, false, 3, "goal", 0.25, 1.5, 0.75),
			game("B", "A", rules.Gold, false, 2, "immobilization", 0.5, 0.125),
		}, []EngineStats{
			{Name: "A", Games: 2, MeanTurns: 1.25, MedianTurns: 1.25, Moves: 3, MeanMove: 375 * time.Millisecond, MaxMove: 750 * time.Millisecond,
				Endings: map[string]int{"win: goal": 1, "loss: immobilization": 1}},
			{Name: "B", Games: 2, MeanTurns: 1.25, MedianTurns: 1.25, Moves: 2, MeanMove: time.Second, MaxMove: 1500 * time.Millisecond,
				Endings: map[string]int{"loss: goal": 1, "win: immobilization": 1}},
		}},
		{"draws, games given up, engines met later", []string{"B", "A"}, []*records.ArchiveGame{
			game("A", "B", rules.Gold, true, 16, "adjudication"),
			game("A", "C", rules.Gold, true, 0, GivenUp),
			game("C", "A", rules.Silver, false, 10, "crash"),
		}, []EngineStats{
			{Name: "B", Games: 1, MeanTurns: 8, MedianTurns: 8, Endings: map[string]int{"draw: adjudication": 1}},
			{Name: "A", Games: 2, MeanTurns: 6.5, MedianTurns: 6.5, Endings: map[string]int{"draw: adjudication": 1, "win: crash": 1}},
			{Name: "C", Games: 1, MeanTurns: 5, MedianTurns: 5, Endings: map[string]int{"loss: crash": 1}},
		}},
		{"a game of another origin: its termination", []string{"A", "B"}, []*records.ArchiveGame{
			game("A", "B", rules.Silver, false, 50, ""),
		}, []EngineStats{
			{Name: "A", Games: 1, MeanTurns: 25, MedianTurns: 25, Endings: map[string]int{"loss: goal": 1}},
			{Name: "B", Games: 1, MeanTurns: 25, MedianTurns: 25, Endings: map[string]int{"win: goal": 1}},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewStats(tc.names...)
			for _, g := range tc.games {
				s.Add(g)
			}
			got := s.Engines()
			if len(got) != len(tc.want) {
				t.Fatalf("%d engines %+v, want %d", len(got), got, len(tc.want))
			}
			for i, w := range tc.want {
				g := got[i]
				if g.Name != w.Name || g.Games != w.Games || !near(g.MeanTurns, w.MeanTurns, 1e-9) || g.MedianTurns != w.MedianTurns ||
					g.Moves != w.Moves || g.MeanMove != w.MeanMove || g.MaxMove != w.MaxMove || !maps.Equal(g.Endings, w.Endings) {
					t.Errorf("engine %d:\n got %+v\nwant %+v", i, g, w)
				}
			}
		})
	}
}

// TestMoveTime: only the events lines of moves count.
func TestMoveTime(t *testing.T) {
	tests := []struct {
		line string
		side rules.Color
		d    time.Duration
		ok   bool
	}{
		{"1700000000 12w 0.345s", rules.Gold, 345 * time.Millisecond, true},
		{"1700000000 7b 2.000s", rules.Silver, 2 * time.Second, true},
		{"1700000000 w joined", 0, 0, false},
		{"1700000000 end: goal: Gold wins", 0, 0, false},
		{"1700000000 12x 0.3s", 0, 0, false},
		{"1700000000 12w abc", 0, 0, false},
		{"1700000000 12w -1s", 0, 0, false},
		{"1700000000 w 0.3s", 0, 0, false},
		{"1700000000 -1w 0.3s", 0, 0, false},
		{"", 0, 0, false},
	}
	for _, tc := range tests {
		side, d, ok := moveTime(tc.line)
		if ok != tc.ok || side != tc.side || d != tc.d {
			t.Errorf("%q: %v %v %v, want %v %v %v", tc.line, side, d, ok, tc.side, tc.d, tc.ok)
		}
	}
}

// TestStatsStandingsAndTable: an archive summed up gives the scores the
// runner counts (faults included) and a table with every engine's
// figures.
func TestStatsStandingsAndTable(t *testing.T) {
	s := NewStats("A", "B", "C")
	s.Add(game("A", "B", rules.Gold, false, 40, "goal", 0.5, 1))
	s.Add(game("B", "A", rules.Gold, false, 30, "time"))
	s.Add(game("A", "B", rules.Gold, true, 20, "adjudication"))
	st := s.Standings()
	a, b := st.Engines[0], st.Engines[1]
	if a.Score != (Score{1, 1, 1}) || b.Score != (Score{1, 1, 1}) || a.Faults["time"] != 1 || len(b.Faults) != 0 {
		t.Errorf("standings %+v %+v", a, b)
	}
	if st.Done != 3 || st.Total != 3 || st.Kinds["adjudication"] != 1 || st.Kinds["goal"] != 1 {
		t.Errorf("standings %+v", st)
	}
	var buf bytes.Buffer
	if err := WriteStats(&buf, s.Engines()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], "turns: mean") || !strings.Contains(lines[0], "per move: mean") {
		t.Fatalf("table:\n%s", buf.String())
	}
	if want := "win: goal 1, loss: time 1, draw: adjudication 1"; !strings.HasPrefix(lines[1], "A ") || !strings.Contains(lines[1], " 15.0 ") ||
		!strings.Contains(lines[1], "0.500s") || !strings.HasSuffix(lines[1], want) {
		t.Errorf("A's line %q, want 15.0 turns, 0.500s per move and %q", lines[1], want)
	}
	if !strings.Contains(lines[2], "1.000s") {
		t.Errorf("B's line %q", lines[2])
	}
	if f := strings.Fields(lines[3]); len(f) != 6 || f[0] != "C" || f[1] != "0" || f[2] != "-" || f[5] != "-" {
		t.Errorf("C, without games: %q", lines[3])
	}

	sum := &Summary{Standings: st, Stats: s.Engines()}
	buf.Reset()
	if err := sum.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var js struct {
		Engines []struct {
			Name        string         `json:"name"`
			MedianTurns float64        `json:"median_turns"`
			MaxMoveS    float64        `json:"max_move_s"`
			Endings     map[string]int `json:"endings"`
		} `json:"engines"`
	}
	if err := json.Unmarshal(buf.Bytes(), &js); err != nil || len(js.Engines) != 3 || js.Engines[0].MedianTurns != 15 ||
		js.Engines[1].MaxMoveS != 1 || js.Engines[0].Endings["loss: time"] != 1 {
		t.Errorf("json %s: %+v %v", buf.String(), js, err)
	}
}

// FuzzMoveTime: any events line is read without a panic, and a move's
// time is never negative and its side a real one.
func FuzzMoveTime(f *testing.F) {
	for _, s := range []string{"1700000000 12w 0.345s", "1700000000 7b 2.000s", "1700000000 end: goal: x", "1 1g 1e9s", "1 -1w 1s", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		side, d, ok := moveTime(line)
		if ok && (d < 0 || side > rules.Silver) {
			t.Errorf("%q: side %v, time %v", line, side, d)
		}
		s := NewStats()
		s.Add(&records.ArchiveGame{WPlayer: "a", BPlayer: "b", Events: line})
		if es := s.Engines(); len(es) != 2 || es[0].MeanMove < 0 || es[1].MaxMove < 0 {
			t.Errorf("%q: %+v", line, es)
		}
	})
}
