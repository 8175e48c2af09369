package matchpanel

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/match"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/ui/engines"
)

// smallConfig is the builtin engine with a small tree: with budgets of a
// few hundred playouts most of a game's time would otherwise go to
// allocating the default tree for each game.
func smallConfig() config.Config {
	c := config.Default()
	if err := c.Set("search.memory_mb", "16"); err != nil {
		panic(err)
	}
	return c
}

func testChoices() []engines.Choice {
	ext := engines.Settings{Engines: []engines.Engine{{Name: "bot", Command: "'/opt/my bot' aei", Dir: "/opt",
		Options: []engines.Option{{Name: "hash", Value: "64"}}}}}
	return ext.Choices("Builtin", smallConfig)
}

// twoBuiltins is a quick, repeatable match between two configurations.
func twoBuiltins(t *testing.T, games string) Settings {
	t.Helper()
	var specs []ats.Spec
	for _, text := range []string{"", "search.exploration=0.3 name=wide"} {
		s, err := NewSpec(testChoices(), "Builtin", text)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, s)
	}
	return Settings{Engines: specs, Playouts: "50", Games: games, Jobs: "1", MaxTurns: "6", Seed: "7",
		Out: filepath.Join(t.TempDir(), "m.txt")}
}

// started is a model playing the match s.
func started(t *testing.T, s Settings) *Model {
	t.Helper()
	cfg, err := s.Config()
	if err != nil {
		t.Fatal(err)
	}
	m := NewModel(nil)
	if err := m.Start(cfg); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSettingsConfig(t *testing.T) {
	base := twoBuiltins(t, "4")
	book := filepath.Join(t.TempDir(), "book.txt")
	if err := os.WriteFile(book, []byte("1w Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\n"+
		"1b ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7\n2w Ee2n Ee3n Ee4n Ee5w\n2b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	three := base
	three.Engines = append(append([]ats.Spec(nil), base.Engines...), base.Engines[0])
	tests := []struct {
		name string
		edit func(s *Settings)
		err  string // "" when valid
	}{
		{"valid", func(*Settings) {}, ""},
		{"time control only", func(s *Settings) { s.Playouts, s.TC = "", "15s/2m30s/100" }, ""},
		{"sprt", func(s *Settings) { s.SPRT, s.Elo0, s.Elo1, s.Alpha, s.Beta = true, "0", "20", "0.05", "0.05" }, ""},
		{"empty max turns and jobs", func(s *Settings) { s.MaxTurns, s.Jobs, s.Seed = "", "", "" }, ""},
		{"one engine", func(s *Settings) { s.Engines = s.Engines[:1] }, "Engines: add at least two"},
		{"games 0", func(s *Settings) { s.Games = "0" }, `Games: "0" is not a whole number from 1 to 1000000`},
		{"games missing", func(s *Settings) { s.Games = " " }, "Games"},
		{"games too many", func(s *Settings) { s.Games = "1000001" }, "Games"},
		{"games not a number", func(s *Settings) { s.Games = "ten" }, "Games"},
		{"bad time control", func(s *Settings) { s.TC = "15x" }, "Time control: "},
		{"no limit", func(s *Settings) { s.Playouts, s.TC = "", "" }, "Limits: give a time control or playouts"},
		{"both limits", func(s *Settings) { s.TC = "1s/5s/100" }, "not both"},
		{"negative playouts", func(s *Settings) { s.Playouts = "-5" }, "Playouts"},
		{"jobs 0", func(s *Settings) { s.Jobs = "0" }, "Parallel games"},
		{"jobs 257", func(s *Settings) { s.Jobs = "257" }, "Parallel games"},
		{"max turns", func(s *Settings) { s.MaxTurns = "-1" }, "Max turns"},
		{"seed", func(s *Settings) { s.Seed = "-1" }, "Seed"},
		{"sprt with three engines", func(s *Settings) { *s = three; s.SPRT, s.Elo1 = true, "20" }, "SPRT: a test needs exactly two engines"},
		{"sprt elo1 not above elo0", func(s *Settings) { s.SPRT, s.Elo0, s.Elo1, s.Alpha, s.Beta = true, "10", "5", "0.05", "0.05" }, "SPRT: elo1"},
		{"sprt alpha", func(s *Settings) { s.SPRT, s.Elo0, s.Elo1, s.Alpha, s.Beta = true, "0", "5", "0.6", "0.05" }, "SPRT: alpha"},
		{"sprt elo out of range", func(s *Settings) { s.SPRT, s.Elo0, s.Elo1, s.Alpha, s.Beta = true, "0", "5000", "0.05", "0.05" }, "between -1000 and 1000"},
		{"sprt not a number", func(s *Settings) { s.SPRT, s.Elo0, s.Elo1, s.Alpha, s.Beta = true, "x", "5", "0.05", "0.05" }, "SPRT: elo0"},
		{"no output file", func(s *Settings) { s.Out = "" }, "Output file"},
		{"openings", func(s *Settings) { s.Openings, s.SetupPly = book, "1" }, ""},
		{"openings, every move", func(s *Settings) { s.Openings = book }, ""},
		{"openings missing", func(s *Settings) { s.Openings = book + ".gone" }, "Openings: "},
		{"openings cut", func(s *Settings) { s.Openings, s.SetupPly = book, "-2" }, "Cut at move"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := base
			tc.edit(&s)
			cfg, err := s.Config()
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.err != "" && err == nil:
				t.Fatalf("accepted: %+v", cfg)
			case tc.err != "" && !strings.Contains(err.Error(), tc.err):
				t.Fatalf("error %q does not say %q", err, tc.err)
			}
		})
	}
	cfg, err := base.Config()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Games != 4 || cfg.Playouts != 50 || cfg.Jobs != 1 || cfg.MaxTurns != 6 || cfg.Seed != 7 || cfg.Out != base.Out || len(cfg.Engines) != 2 {
		t.Errorf("config %+v", cfg)
	}
}

func TestNewSpec(t *testing.T) {
	src := testChoices()
	wide := smallConfig()
	wide.Search.Exploration = 0.3
	tests := []struct {
		choice, text string
		name         string
		check        func(s ats.Spec) bool
	}{
		{"Builtin", "", "Builtin", func(s ats.Spec) bool { return s.Builtin && s.Config.Search.MemoryMB == 16 }},
		{"Builtin", "search.exploration=0.3 name=wide", "wide", func(s ats.Spec) bool { return reflect.DeepEqual(s.Config, wide) }},
		{"bot", "depth=8", "bot", func(s ats.Spec) bool {
			return reflect.DeepEqual(s.Command, []string{"/opt/my bot", "aei"}) && s.Dir == "/opt" && len(s.Options) == 2
		}},
		{SpecSource, "builtin:search.exploration=0.3 name=x", "x", func(s ats.Spec) bool { return s.Builtin && s.Config.Search.Exploration == 0.3 }},
		{SpecSource, "'bin/baseline aei' name=baseline", "baseline", func(s ats.Spec) bool { return len(s.Command) == 2 }},
	}
	for _, tc := range tests {
		s, err := NewSpec(src, tc.choice, tc.text)
		if err != nil {
			t.Errorf("%s %q: %v", tc.choice, tc.text, err)
			continue
		}
		if s.Name != tc.name || !tc.check(s) {
			t.Errorf("%s %q: %+v", tc.choice, tc.text, s)
		}
	}
	for _, bad := range [][2]string{
		{"Builtin", "search.nonsense=1"}, {"Builtin", "fast"}, {"Builtin", "name='x"},
		{SpecSource, ""}, {SpecSource, "bin/baseline aei name=b"}, {"gone", ""},
	} {
		if s, err := NewSpec(src, bad[0], bad[1]); err == nil {
			t.Errorf("%q accepted as %+v", bad, s)
		}
	}
	e, err := NewEntry(src, "Builtin", " search.exploration=0.3 name=wide ")
	if err != nil || e.Name != "wide" || e.Label() != "wide  (Builtin search.exploration=0.3 name=wide)" {
		t.Errorf("entry %+v %q, %v", e, e.Label(), err)
	}
	specs, err := Specs(src, []Entry{e, {Choice: "gone", Name: "old"}})
	if err == nil || !strings.Contains(err.Error(), "engine 2 (old)") {
		t.Errorf("a lineup with a vanished engine: %v %v", specs, err)
	}
}

// TestModelPlaysMatch plays a short match and checks what the panel draws
// from: standings, the curve and the game list, and the archive written.
func TestModelPlaysMatch(t *testing.T) {
	s := twoBuiltins(t, "4")
	cfg, err := s.Config()
	if err != nil {
		t.Fatal(err)
	}
	var changes atomic.Int64
	// Start reports its change from this goroutine while the first game's
	// start may already be reported from the runner's.
	m := NewModel(func() { changes.Add(1) })
	if err := m.Start(cfg); err != nil {
		t.Fatal(err)
	}
	if err := m.Start(cfg); !errors.Is(err, ErrRunning) {
		t.Errorf("a second start: %v", err)
	}
	m.Wait()
	st := m.State()
	if st.Running || st.Err != nil || st.Summary == nil || !st.Summary.Finished || st.Stopped {
		t.Fatalf("state: running %v, err %v, summary %+v, stopped %v", st.Running, st.Err, st.Summary, st.Stopped)
	}
	if st.Standings.Done != 4 || len(st.Games) != 4 || len(st.Curve) != 4 || len(st.Playing) != 0 {
		t.Fatalf("done %d, games %d, curve %d, playing %v", st.Standings.Done, len(st.Games), len(st.Curve), st.Playing)
	}
	if n := changes.Load(); n < 9 { // start, four games started and done
		t.Errorf("%d changes reported", n)
	}
	for i, p := range st.Curve {
		if p.Games != i+1 || len(p.Elo) != 2 {
			t.Errorf("curve point %d: %+v", i, p)
		}
	}
	for _, g := range st.Games {
		if g.Archive == nil || g.Plies == 0 || g.Ending == "" || g.Result == "" || g.Gold == g.Silver {
			t.Errorf("game %+v", g)
		}
	}
	rows := StandingRows(st.Standings, st.Stats)
	if len(rows) != 2 || rows[0][0] != "Builtin" || rows[1][0] != "wide" || rows[0][1] != "4" {
		t.Errorf("standings %q", rows)
	}
	if line := SummaryLine(st); !strings.Contains(line, "4 of 4 games") || !strings.Contains(line, "finished") {
		t.Errorf("summary %q", line)
	}
	if ps := Curve(st, 1); len(ps) != 4 || ps[3].X != 4 {
		t.Errorf("curve %+v", ps)
	}
	data, err := os.ReadFile(cfg.Out)
	if err != nil || strings.Count(string(data), "\n") != 5 { // the header and four games
		t.Errorf("archive: %v\n%s", err, data)
	}

	// The same seed plays the same games.
	m2 := started(t, twoBuiltins(t, "2"))
	m2.Wait()
	st2 := m2.State()
	if len(st2.Games) != 2 {
		t.Fatalf("second run: %d games, err %v", len(st2.Games), st2.Err)
	}
	for i := range st2.Games {
		a, b := st.Games[i], st2.Games[i]
		if a.ID != b.ID || a.Result != b.Result || a.Plies != b.Plies || a.Archive.MoveList != b.Archive.MoveList {
			t.Errorf("game %d differs between two runs with one seed: %+v / %+v", a.ID, a, b)
		}
	}
}

// TestModelStopAndResume stops a match with long moves, then resumes a
// finished part of a match from its file.
func TestModelStopAndResume(t *testing.T) {
	s := twoBuiltins(t, "2")
	s.Playouts = "100000000"
	m := started(t, s)
	for deadline := time.Now().Add(5 * time.Second); len(m.State().Playing) == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no game started")
		}
	}
	m.Cancel()
	if st := m.State(); !st.Stopping && st.Running {
		t.Error("not stopping after Cancel")
	}
	// The searches have 100,000,000 playouts each, hours of work: that
	// Stop returns at all shows that it ends them. The guard only keeps a
	// fault from hanging the test run.
	stopped := make(chan struct{})
	go func() { m.Stop(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(2 * time.Minute):
		t.Fatal("Stop did not return")
	}
	st := m.State()
	if st.Running || !st.Stopped || st.Err != nil || st.Standings.Done != 0 {
		t.Fatalf("after Stop: running %v, stopped %v, err %v, done %d", st.Running, st.Stopped, st.Err, st.Standings.Done)
	}
	if line := SummaryLine(st); !strings.Contains(line, "stopped") {
		t.Errorf("summary %q", line)
	}

	// Two games played, then the match of four resumed from the file.
	s = twoBuiltins(t, "2")
	cfg, _ := s.Config()
	if err := m.Start(cfg); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	cfg.Games, cfg.Resume = 4, true
	if err := m.Start(cfg); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	st = m.State()
	if st.Err != nil || st.Standings.Resumed != 2 || st.Standings.Done != 4 || len(st.Games) != 4 {
		t.Fatalf("resumed: err %v, resumed %d, done %d, games %d", st.Err, st.Standings.Resumed, st.Standings.Done, len(st.Games))
	}
	if st.Games[0].Archive == nil || st.Games[0].ID != 1 || st.Games[0].Ending == "" {
		t.Errorf("a game from the file: %+v", st.Games[0])
	}
	if len(st.Curve) != 3 || st.Curve[0].Games != 2 || st.Curve[2].Games != 4 {
		t.Errorf("curve %+v", st.Curve)
	}

	// A file of another match is refused with the runner's reason.
	other := twoBuiltins(t, "4")
	other.Engines[1].Name = "someone else"
	cfg, _ = other.Config()
	cfg.Out, cfg.Resume = st.Config.Out, true
	if err := m.Start(cfg); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	if st := m.State(); st.Err == nil || !strings.Contains(st.Err.Error(), "resume with the same engines") || len(st.Games) != 0 {
		t.Errorf("a mismatched file: err %v, games %d", st.Err, len(st.Games))
	}
}

func TestTexts(t *testing.T) {
	st := match.Standings{Engines: []match.EngineStanding{
		{Name: "a", Score: match.Score{Wins: 3}, Elo: match.EloFrom(match.Score{Wins: 3}),
			Faults: map[string]int{"time": 1, "crash": 2}},
		{Name: "b", Score: match.Score{Wins: 2, Losses: 1, Draws: 1}, Elo: match.Elo{Diff: 190.8, Low: -120.2, High: 501}},
		{Name: "c"},
	}}
	stats := []match.EngineStats{
		{Name: "a", Games: 3, MeanTurns: 40.5, MedianTurns: 40, Moves: 120, MeanMove: 412 * time.Millisecond, MaxMove: 1204 * time.Millisecond,
			Endings: map[string]int{"win: goal": 2, "win: time": 1}},
		{Name: "b", Games: 4, MeanTurns: 30.25, MedianTurns: 31, Endings: map[string]int{"loss: goal": 1, "draw: adjudication": 1, "win: elimination": 2}},
	}
	want := [][]string{
		{"a", "3", "3-0-0", "100.0%", "+∞", "[-43, +∞]", "crash 2, time 1", "40.5, 40.0", "0.41 s, 1.20 s", "win: goal 2, win: time 1"},
		{"b", "4", "2-1-1", "62.5%", "+191", "[-120, +501]", "", "30.2, 31.0", "", "win: elimination 2, loss: goal 1, draw: adjudication 1"},
		{"c", "0", "0-0-0", "", "", "", "", "", "", ""},
	}
	if got := StandingRows(st, stats); !reflect.DeepEqual(got, want) {
		t.Errorf("rows\n got %q\nwant %q", got, want)
	}
	if eloText(math.Inf(-1)) != "−∞" || eloText(-0.4) != "0" {
		t.Error("eloText")
	}
	sprt := &match.SPRTStatus{LLR: 1.234, Lower: -2.94, Upper: 2.94}
	lines := []struct {
		st   State
		want string
	}{
		{State{}, "No match played yet."},
		{State{Running: true}, "starting…"},
		{State{Running: true, Playing: []int{3, 4}, Standings: match.Standings{Done: 2, Total: 10, SPRT: sprt, GamesPerHour: 120, Remaining: 4 * time.Minute}},
			"2 of 10 games · 2 playing · LLR 1.23 in [-2.94, 2.94] · 120 games/h, about 4m0s left"},
		{State{Running: true, Stopping: true, Standings: match.Standings{Done: 2, Total: 10}}, "2 of 10 games · stopping…"},
		{State{Stopped: true, Summary: &match.Summary{}, Standings: match.Standings{Done: 2, Resumed: 1, Total: 10}},
			"2 of 10 games (1 from the file) · stopped: Resume continues it"},
		{State{Summary: &match.Summary{Finished: true, Stopped: "SPRT: H1 accepted"}, Standings: match.Standings{Done: 30, Total: 100}},
			"30 of 100 games · ended early: SPRT: H1 accepted"},
		{State{Err: errors.New("x")}, "failed"},
	}
	for _, tc := range lines {
		if got := SummaryLine(tc.st); got != tc.want {
			t.Errorf("summary %q, want %q", got, tc.want)
		}
	}
	g := Game{ID: 3, Gold: "a", Silver: "b", Result: "Gold wins", Ending: "goal", Plies: 41}
	var cells []string
	for i := range GameColumns {
		cells = append(cells, GameCell(g, i))
	}
	if want := []string{"3", "a", "b", "Gold wins", "goal", "41"}; !reflect.DeepEqual(cells, want) {
		t.Errorf("game cells %q", cells)
	}
}

func TestFreeOut(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 23, 4, 15, 0, 0, time.UTC)
	first := FreeOut(dir, now)
	if first != filepath.Join(dir, "match-20261123-041500.txt") {
		t.Errorf("first %s", first)
	}
	if err := os.WriteFile(first, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if second := FreeOut(dir, now); second != filepath.Join(dir, "match-20261123-041500-2.txt") {
		t.Errorf("second %s", second)
	}
}

// TestModelEngineFails: an AEI engine that cannot start fails the match
// with the runner's reason, before any game.
func TestModelEngineFails(t *testing.T) {
	s := twoBuiltins(t, "2")
	bad, err := NewSpec(testChoices(), SpecSource, "'"+filepath.Join(t.TempDir(), "no-such-bot")+" aei' name=ghost")
	if err != nil {
		t.Fatal(err)
	}
	s.Engines[1] = bad
	m := started(t, s)
	m.Wait()
	st := m.State()
	if st.Err == nil || !strings.Contains(st.Err.Error(), "ghost did not start") || st.Stopped || st.Running {
		t.Errorf("err %v, stopped %v", st.Err, st.Stopped)
	}
	if line := SummaryLine(st); line != "failed" {
		t.Errorf("summary %q", line)
	}
}
