package aei

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/aei/aeitest"
	"arimaa-workbench/engine/rules"
)

// TestMain lets the test binary act as a fake engine when re-executed.
func TestMain(m *testing.M) { aeitest.Main(m.Run) }

// fake is the configuration of a fake engine with the given habits.
func fake(t testing.TB, habits string) Config {
	cmd, env, err := aeitest.Command(habits)
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Command:      cmd,
		Env:          env,
		StartTimeout: 5 * time.Second,
		Grace:        1500 * time.Millisecond,
	}
}

// startFake starts a fake engine with the given habits, closed when the
// test ends.
func startFake(t testing.TB, habits string) *Engine {
	t.Helper()
	e, err := Start(context.Background(), fake(t, habits))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// goalPosition: Gold rabbit on d7 with d8 free; the goal is one step.
func goalPosition(t testing.TB) rules.Position {
	p, err := rules.ParseAEIPosition("g [" +
		"r.r...r." +
		"h......d" +
		"...R...." +
		"........" +
		"........" +
		"........" +
		"....E..." +
		"........]")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSearchHabits(t *testing.T) {
	tests := []struct {
		habits      string
		wantLetters Letters
		wantInfo    bool
	}{
		{"plain", GS, true},
		{"gsonly", GS, true},
		{"wbonly", WB, true},
		{"logonly", GS, false},
		{"garbage", GS, true},
		{"slowstart", GS, true},
		{"capless", GS, true},
		{"stoponly", GS, true},
		{"think", GS, true},
	}
	for _, tc := range tests {
		t.Run(tc.habits, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			e := startFake(t, tc.habits)
			if !strings.HasPrefix(e.ID().Name, "Fake") || e.ID().Protocol != "1" {
				t.Errorf("ID = %+v", e.ID())
			}
			var infos []Info
			res, err := e.Search(ctx, goalPosition(t), 300*time.Millisecond, func(in Info) { infos = append(infos, in) })
			if err != nil {
				t.Fatalf("Search: %v\nlog:\n%s", err, strings.Join(res.Log, "\n"))
			}
			if !strings.HasPrefix(res.Move, "Rd6n Rd7n") {
				t.Errorf("move = %q, want the goal Rd7n\n%s", res.Move, strings.Join(res.Log, "\n"))
			}
			if e.Letters() != tc.wantLetters {
				t.Errorf("letters = %v, want %v", e.Letters(), tc.wantLetters)
			}
			gotInfo := false
			for _, in := range infos {
				if in.Type == "pv" {
					gotInfo = true
				}
			}
			if gotInfo != tc.wantInfo {
				t.Errorf("info pv seen = %v, want %v (%v)", gotInfo, tc.wantInfo, infos)
			}
			if len(res.Log) == 0 || res.Log[0] != "> aei" || !strings.Contains(strings.Join(res.Log, "\n"), "> newgame") {
				t.Errorf("log = %q", res.Log)
			}
			// A second search reuses the engine and its letters.
			res, err = e.Search(ctx, goalPosition(t), 300*time.Millisecond, nil)
			if err != nil || !strings.HasPrefix(res.Move, "Rd6n Rd7n") {
				t.Errorf("second search: %q, %v", res.Move, err)
			}
			if res.Log[0] != "> newgame" {
				t.Errorf("second search's log starts %q", res.Log[0])
			}
		})
	}
}

func TestFaults(t *testing.T) {
	tests := []struct {
		habits string
		want   error
	}{
		{"crash", ErrCrashed},
		{"noanswer", ErrCrashed},
		{"hang", ErrTimeout},
		{"hang,eofspin", ErrTimeout},
	}
	for _, tc := range tests {
		t.Run(tc.habits, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			e := startFake(t, tc.habits)
			res, err := e.Search(ctx, goalPosition(t), 200*time.Millisecond, nil)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if len(res.Log) == 0 {
				t.Error("no log kept")
			}
			if !e.Exited() {
				t.Error("the engine process is still running")
			}
		})
	}
}

func TestCloseKillsSpinningEngine(t *testing.T) {
	e, err := Start(context.Background(), fake(t, "eofspin"))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	e.Close()
	if !e.Exited() {
		t.Fatal("still running after Close")
	}
	// At least the grace period: the engine was given it. How much more
	// depends on the machine.
	if d := time.Since(start); d < 1400*time.Millisecond {
		t.Errorf("Close took %v; want at least the grace period", d)
	}
}

func TestStartTimeout(t *testing.T) {
	cfg := fake(t, "slowstart")
	cfg.StartTimeout = 200 * time.Millisecond
	_, err := Start(context.Background(), cfg)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
}

func TestStartMissingProgram(t *testing.T) {
	_, err := Start(context.Background(), Config{Command: []string{"/nonexistent/engine"}})
	if err == nil {
		t.Fatal("no error for a missing program")
	}
}

func TestCancelSearch(t *testing.T) {
	e := startFake(t, "stoponly")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := e.Search(ctx, goalPosition(t), 10*time.Second, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the context's", err)
	}
	// The engine answered stop and is usable again.
	res, err := e.Search(context.Background(), goalPosition(t), 100*time.Millisecond, nil)
	if err != nil || res.Move == "" {
		t.Fatalf("after cancel: %q, %v", res.Move, err)
	}
}

func TestNoGoroutineLeak(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, h := range []string{"plain", "crash", "hang"} {
		e, err := Start(context.Background(), fake(t, h))
		if err != nil {
			t.Fatal(err)
		}
		e.Search(context.Background(), goalPosition(t), 100*time.Millisecond, nil)
		e.Close()
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines before, %d after", before, n)
	}
}

func TestCrashOnLettersSuggestsOther(t *testing.T) {
	cfg := fake(t, "gscrash")
	e, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.Search(context.Background(), goalPosition(t), 100*time.Millisecond, nil)
	e.Close()
	if !errors.Is(err, ErrCrashed) || e.Letters() != WB {
		t.Fatalf("err %v, letters %v", err, e.Letters())
	}
	cfg.Letters = e.Letters()
	e, err = Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	res, err := e.Search(context.Background(), goalPosition(t), 100*time.Millisecond, nil)
	if err != nil || !strings.HasPrefix(res.Move, "Rd6n") {
		t.Fatalf("restarted with w/b: %q %v", res.Move, err)
	}
}

func TestLineQueue(t *testing.T) {
	var logged []string
	q := newLineQueue(func(l string) { logged = append(logged, l) })
	for _, w := range []string{"bestm", "ove Ee2n\r\ninfo ", "depth 3\n\nlong ", strings.Repeat("x", maxLine+10), "\n"} {
		q.Write([]byte(w))
	}
	q.Write([]byte("tail without newline"))
	q.flush()
	var got []string
	for {
		l, ok := q.pop()
		if !ok {
			break
		}
		got = append(got, l)
	}
	if len(got) != 5 || got[0] != "bestmove Ee2n" || got[1] != "info depth 3" || got[2] != "" ||
		len(got[3]) != maxLine || got[4] != "tail without newline" {
		t.Errorf("lines %q", got)
	}
	if len(logged) != 5 {
		t.Errorf("logged %d lines", len(logged))
	}
}

// TestSearchGame sends a game's moves with makemove: the engine answers
// in the position they lead to.
func TestSearchGame(t *testing.T) {
	ctx := context.Background()
	e := startFake(t, "plain")
	start := goalPosition(t).WithSide(rules.Silver)
	moves := []string{"rc8e", "Ee2n"}
	res, err := e.SearchGame(ctx, start, moves, MoveTime(time.Second), nil)
	if err != nil {
		t.Fatalf("SearchGame: %v (log %q)", err, res.Log)
	}
	for _, want := range []string{"makemove rc8e", "makemove Ee2n", "log made Ee2n"} {
		found := false
		for _, l := range res.Log {
			found = found || strings.Contains(l, want)
		}
		if !found {
			t.Errorf("the log lacks %q: %q", want, res.Log)
		}
	}
	// Silver moved, then Gold: Silver is to move again and has no goal.
	if strings.HasPrefix(res.Move, "R") || strings.Contains(res.Move, "Rd7n") {
		t.Errorf("bestmove %q is Gold's move; the engine missed the history", res.Move)
	}
}
