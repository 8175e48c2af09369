package match

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/aei/aeitest"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// TestMain lets the test binary act as a fake AEI engine when re-executed.
func TestMain(m *testing.M) { aeitest.Main(m.Run) }

// builtin is a builtin engine with a small tree (the tests' searches
// are small) and the given configuration keys.
func builtin(t testing.TB, name string, keys ...string) ats.Spec {
	words := []string{"builtin", "name=" + name, "search.memory_mb=16"}
	s, err := ats.ParseSpec(append(words, keys...))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// fake is a fake AEI engine with the given habits.
func fake(t testing.TB, habits string) ats.Spec {
	cmd, env, err := aeitest.Command(habits)
	if err != nil {
		t.Fatal(err)
	}
	return ats.Spec{Name: "fake-" + habits, Command: cmd, Env: env}
}

// readArchive reads every game of an archive, checking that each replays
// under the rules with as many moves as its plycount says.
func readArchive(t *testing.T, path string) map[int]*records.ArchiveGame {
	t.Helper()
	all, err := ReadGames(path)
	if err != nil {
		t.Fatal(err)
	}
	games := map[int]*records.ArchiveGame{}
	for _, ag := range all {
		rec, err := ag.Record()
		if err != nil {
			t.Fatalf("game %s: %v", ag.ID, err)
		}
		g, err := rec.Game()
		if err != nil {
			t.Fatalf("game %s does not replay: %v", ag.ID, err)
		}
		if len(g.Moves()) != ag.PlyCount {
			t.Errorf("game %s: %d moves, plycount %d", ag.ID, len(g.Moves()), ag.PlyCount)
		}
		id, _ := strconv.Atoi(ag.ID)
		if games[id] != nil {
			t.Errorf("game %d twice", id)
		}
		games[id] = ag
	}
	return games
}

// builtinConfig is a short fixed-playout match between two configurations.
func builtinConfig(t *testing.T, out string, games int) Config {
	return Config{
		Engines:  []ats.Spec{builtin(t, "base"), builtin(t, "explore", "search.exploration=0.4")},
		Games:    games,
		Playouts: 200,
		MaxTurns: 8,
		Seed:     3,
		Out:      out,
	}
}

func run(t *testing.T, cfg Config) *Summary {
	t.Helper()
	r, err := NewRunner(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// TestBuiltinMatch plays a fixed-playout match, reads its archive back and
// replays it, and plays it again on two workers: the games repeat exactly.
func TestBuiltinMatch(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "first.txt")
	sum := run(t, builtinConfig(t, first, 4))
	if !sum.Finished || sum.Done != 4 || sum.Total != 4 {
		t.Fatalf("summary %+v", sum)
	}
	a, b := sum.Engines[0], sum.Engines[1]
	if a.Games() != 4 || b.Games() != 4 || a.Wins != b.Losses || a.Draws != b.Draws {
		t.Errorf("standings %+v %+v", a, b)
	}
	games := readArchive(t, first)
	if len(games) != 4 {
		t.Fatalf("%d games in the archive", len(games))
	}
	for id, ag := range games {
		wantGold := []string{"base", "explore"}[(id-1)%2]
		if ag.WPlayer != wantGold || ag.WType != "b" || ag.Event != "arimaa-workbench match" || ag.TimeControl != "" {
			t.Errorf("game %d: gold %s, type %q, event %q, tc %q", id, ag.WPlayer, ag.WType, ag.Event, ag.TimeControl)
		}
		if ag.PlyCount != 16 || ag.Termination != rules.ByScore && ag.Termination != ByDraw {
			t.Errorf("game %d: %d moves, termination %c; want adjudication after 16", id, ag.PlyCount, ag.Termination)
		}
		if !strings.Contains(ag.Events, "end: adjudication: adjudicated after 8 turns of each side") || ag.Start.IsZero() || ag.End.Before(ag.Start) {
			t.Errorf("game %d: events %q", id, ag.Events)
		}
	}
	if sum.Kinds["adjudication"] != 4 {
		t.Errorf("endings %v", sum.Kinds)
	}
	// Each engine played eight moves of each game, all of them timed.
	for i, st := range sum.Stats {
		n := 0
		for _, c := range st.Endings {
			n += c
		}
		if st.Name != sum.Engines[i].Name || st.Games != 4 || st.MeanTurns != 8 || st.MedianTurns != 8 || st.Moves != 32 ||
			st.MeanMove <= 0 || st.MaxMove < st.MeanMove || n != 4 {
			t.Errorf("engine %d's figures %+v", i, st)
		}
	}

	second := filepath.Join(dir, "second.txt")
	cfg := builtinConfig(t, second, 4)
	cfg.Jobs = 2
	run(t, cfg)
	again := readArchive(t, second)
	for id, ag := range games {
		if again[id] == nil || again[id].MoveList != ag.MoveList || again[id].Result != ag.Result {
			t.Errorf("game %d differs on two workers", id)
		}
	}
	if _, err := NewRunner(builtinConfig(t, first, 4)); err != nil {
		t.Fatal(err)
	}
	if _, err := mustRunner(t, builtinConfig(t, first, 4)).Run(context.Background()); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("an existing output file was not refused: %v", err)
	}
}

func mustRunner(t *testing.T, cfg Config) *Runner {
	r, err := NewRunner(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestFaultyEngines: fake AEI engines that crash, hang or play illegal
// moves lose every game with the reason, are restarted, and the match
// finishes.
func TestFaultyEngines(t *testing.T) {
	for _, tc := range []struct {
		habits, kind string
		term         rules.Termination
		why          string
	}{
		{"crash", "crash", ByForfeit, "about to crash"},
		{"hang", "hang", rules.ByTime, "killed"},
		{"illegal", "illegal move", rules.ByIllegalMove, "Ra1n Ra1n"},
	} {
		t.Run(tc.habits, func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "m.txt")
			tcl, _ := ParseTimeControl("0.2s/1s/100")
			onEvent, restarts := countRestarts()
			cfg := Config{Engines: []ats.Spec{builtin(t, "base"), fake(t, tc.habits)}, Games: 2, TC: tcl, Out: out,
				Grace: 300 * time.Millisecond, StartTimeout: 10 * time.Second, OnEvent: onEvent}
			sum := run(t, cfg)
			base, f := sum.Engines[0], sum.Engines[1]
			if base.Wins != 2 || f.Losses != 2 || f.Faults[tc.kind] != 2 || !sum.Finished {
				t.Errorf("standings %+v %+v, endings %v", base, f, sum.Kinds)
			}
			if n := restarts(); n != 2 {
				t.Errorf("%d restarts, want 2", n)
			}
			for id, ag := range readArchive(t, out) {
				if ag.Termination != tc.term || !strings.Contains(ag.Events, endMarker+tc.kind+": fake-"+tc.habits) || !strings.Contains(ag.Events, tc.why) {
					t.Errorf("game %d: termination %c, events %q", id, ag.Termination, ag.Events)
				}
			}
		})
	}
}

// TestLateAnswerKeepsTheEngine: an engine that answers after its time
// loses each game on time but is not restarted: it answered, so it is
// idle, and a fresh process would start the next game cold.
func TestLateAnswerKeepsTheEngine(t *testing.T) {
	out := filepath.Join(t.TempDir(), "m.txt")
	tcl, _ := ParseTimeControl("0.2s/0/0")
	onEvent, restarts := countRestarts()
	// The builtin engine searches 300 playouts a move, well inside the
	// clock however busy the machine: only the late engine is to lose on
	// time (at 0.2 s a move and load 12 the builtin engine lost one too).
	cfg := Config{Engines: []ats.Spec{builtin(t, "base"), fake(t, "late")}, Games: 2, TC: tcl, Playouts: 300, Out: out,
		Grace: 2 * time.Second, StartTimeout: 10 * time.Second, OnEvent: onEvent}
	sum := run(t, cfg)
	if f := sum.Engines[1]; f.Losses != 2 || f.Faults["time"] != 2 || !sum.Finished {
		t.Errorf("the late engine: %+v, endings %v; want two losses on time", f, sum.Kinds)
	}
	if n := restarts(); n != 0 {
		t.Errorf("%d restarts of an engine that answered late, want none", n)
	}
}

// countRestarts is an OnEvent that counts engine restarts, and the count.
func countRestarts() (func(Event), func() int) {
	var mu sync.Mutex
	n := 0
	return func(e Event) {
			if e.Kind == EngineRestart {
				mu.Lock()
				n++
				mu.Unlock()
			}
		}, func() int {
			mu.Lock()
			defer mu.Unlock()
			return n
		}
}

// TestResume stops a match after two games, spoils the file's last line
// as a crash mid-write would, and resumes it: the games already played
// are kept, the others played, and the result equals an uninterrupted run.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.txt")
	run(t, builtinConfig(t, whole, 4))

	part := filepath.Join(dir, "part.txt")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := builtinConfig(t, part, 4)
	cfg.OnEvent = func(e Event) {
		if e.Kind == GameDone && e.Done == 2 {
			cancel()
		}
	}
	sum, err := mustRunner(t, cfg).Run(ctx)
	if !errors.Is(err, context.Canceled) || sum == nil || sum.Finished || sum.Done != 2 {
		t.Fatalf("stopped run: %+v, %v", sum, err)
	}
	if n := len(readArchive(t, part)); n != 2 {
		t.Fatalf("%d games written before the stop, want 2", n)
	}
	f, err := os.OpenFile(part, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("3\t\t\tbase\texpl")
	f.Close()

	swapped := builtinConfig(t, part, 4)
	swapped.Engines[0], swapped.Engines[1] = swapped.Engines[1], swapped.Engines[0]
	swapped.Resume = true
	if _, err := mustRunner(t, swapped).Run(context.Background()); err == nil || !strings.Contains(err.Error(), "same engines") {
		t.Errorf("resuming with other engines: %v", err)
	}

	cfg = builtinConfig(t, part, 4)
	cfg.Resume = true
	sum = run(t, cfg)
	if !sum.Finished || sum.Done != 4 || sum.Resumed != 2 || sum.Engines[0].Games() != 4 || sum.Stats[0].Games != 4 || sum.Stats[1].Moves != 32 {
		t.Fatalf("resumed: %+v", sum)
	}
	want, got := readArchive(t, whole), readArchive(t, part)
	if len(got) != 4 {
		t.Fatalf("%d games after resuming", len(got))
	}
	for id, ag := range want {
		if got[id] == nil || got[id].MoveList != ag.MoveList || got[id].Result != ag.Result {
			t.Errorf("game %d differs from the uninterrupted run", id)
		}
	}
	sum = run(t, cfg) // nothing left to play
	if !sum.Finished || sum.Done != 4 || sum.Resumed != 4 {
		t.Errorf("resuming a finished match: %+v", sum)
	}
}

// TestSPRTStops: an engine against itself scores 1-1 in each pair of
// games (the colour-swapped game repeats the first), so against the
// window [0, 1000] the LLR falls by about 0.99 a pair and passes
// log(0.05/0.95) after five or six games; sooner when adjudications find
// draws, which weigh more against so large an Elo difference.
func TestSPRTStops(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 1000, Alpha: 0.05, Beta: 0.05}
	cfg := Config{Engines: []ats.Spec{builtin(t, "a"), builtin(t, "b")}, Games: 20, Playouts: 100, MaxTurns: 3, SPRT: &test}
	sum := run(t, cfg)
	if sum.Done < 2 || sum.Done > 6 || sum.Stopped != "SPRT: H0 accepted" || !sum.Finished || sum.SPRT == nil ||
		sum.SPRT.Decision != AcceptH0 || sum.SPRT.LLR > sum.SPRT.Lower {
		t.Errorf("summary %+v, sprt %+v", sum, sum.SPRT)
	}
	var b strings.Builder
	if err := sum.WriteJSON(&b); err != nil || !strings.Contains(b.String(), `"decision": "H0 accepted"`) {
		t.Errorf("json %s %v", b.String(), err)
	}
}

func TestSchedule(t *testing.T) {
	plan := schedule(3, false, 3, 0, 1)
	// Two openings (the second played once); three pairings each.
	want := [][2]int{{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}, {0, 1}, {0, 2}, {1, 2}}
	if len(plan) != len(want) {
		t.Fatalf("%d games, want %d", len(plan), len(want))
	}
	for i, pg := range plan {
		if pg.ID != i+1 || [2]int{pg.Gold, pg.Silver} != want[i] || pg.Opening != -1 {
			t.Errorf("game %d: %+v, want %v", i+1, pg, want[i])
		}
	}
	if plan[0].Seed != plan[5].Seed || plan[0].Seed == plan[6].Seed {
		t.Error("an opening's games should share a seed, and the next opening have another")
	}
	g := schedule(4, true, 2, 3, 1)
	if len(g) != 6 || g[0].Gold != 0 || g[2].Silver != 2 || g[4].Gold != 0 || g[5].Gold != 3 {
		t.Errorf("gauntlet %+v", g)
	}
	o := schedule(2, false, 8, 3, 1)
	if o[0].Opening != 0 || o[1].Opening != 0 || o[2].Opening != 1 || o[6].Opening != 0 {
		t.Errorf("openings cycle: %+v", o)
	}
}

// gatedExecutor plays a match's games here once released, so a test can
// act while the match holds its archive.
type gatedExecutor struct{ started, release chan struct{} }

func (g gatedExecutor) Execute(ctx context.Context, games []*Game, to Reporter) error {
	close(g.started)
	<-g.release
	return localExecutor{jobs: 1}.Execute(ctx, games, to)
}

// TestOneWriter: while a match writes its archive, a second match on the
// same file, resumed or new, stops at once and names the holder; the
// first match's archive is whole, and once it ends the file resumes.
func TestOneWriter(t *testing.T) {
	out := filepath.Join(t.TempDir(), "games.txt")
	gate := gatedExecutor{make(chan struct{}), make(chan struct{})}
	cfg := builtinConfig(t, out, 2)
	cfg.Resume = true
	first := cfg
	first.Executor = gate
	type outcome struct {
		sum *Summary
		err error
	}
	done := make(chan outcome)
	go func() {
		sum, err := mustRunner(t, first).Run(context.Background())
		done <- outcome{sum, err}
	}()
	<-gate.started
	want := fmt.Sprintf("match: %s is being written by another run (pid %d)", out, os.Getpid())
	for _, resume := range []bool{true, false} {
		c := cfg
		c.Resume = resume
		sum, err := mustRunner(t, c).Run(context.Background())
		if err == nil || err.Error() != want || !errors.Is(err, fsutil.ErrLocked) || sum != nil {
			t.Errorf("second match (resume %v): %v; want %q", resume, err, want)
		}
	}
	close(gate.release)
	got := <-done
	if got.err != nil || !got.sum.Finished || got.sum.Done != 2 {
		t.Fatalf("first match: %+v, %v", got.sum, got.err)
	}
	if n := len(readArchive(t, out)); n != 2 {
		t.Fatalf("%d games in the archive, want 2", n)
	}
	if sum := run(t, cfg); sum.Resumed != 2 {
		t.Fatalf("resume after the first match ended: %+v", sum)
	}
}
