package match

import (
	"errors"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/ats"
)

// TestPlanMatch: games from rounds, the defaults, and every number and
// the SPRT checked, with an error naming the setting.
func TestPlanMatch(t *testing.T) {
	two := []ats.Spec{builtin(t, "a"), builtin(t, "b")}
	three := append(append([]ats.Spec(nil), two...), builtin(t, "c"))
	tc, err := ParseTimeControl("15s/2m30s/100")
	if err != nil {
		t.Fatal(err)
	}
	sprt := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	for _, c := range []struct {
		name  string
		in    Input
		check func(Config) bool
	}{
		{"defaults", Input{Engines: two, Playouts: 10}, func(c Config) bool {
			return c.Games == 2 && c.Jobs == 1 && c.MoveTimeout == time.Minute && c.Grace == 2*time.Second && c.StartTimeout == 30*time.Second
		}},
		{"rounds", Input{Engines: two, Playouts: 10, Rounds: new(3), Jobs: new(4)}, func(c Config) bool { return c.Games == 6 && c.Jobs == 4 }},
		{"games and timeouts", Input{Engines: three, TC: tc, Games: new(5), MoveTimeout: new(1.5), Grace: new(0.5), StartTimeout: new(9.0),
			Out: "m.txt", Resume: true}, func(c Config) bool {
			return c.Games == 5 && c.TC == tc && c.MoveTimeout == 1500*time.Millisecond && c.Grace == 500*time.Millisecond &&
				c.StartTimeout == 9*time.Second && c.Out == "m.txt" && c.Resume && len(c.Engines) == 3
		}},
		{"sprt", Input{Engines: two, Nodes: 100, SPRT: &sprt}, func(c Config) bool { return c.SPRT != nil && c.Nodes == 100 }},
	} {
		cfg, err := PlanMatch(c.in)
		if err != nil || !c.check(cfg) {
			t.Errorf("%s: %+v, %v", c.name, cfg, err)
		}
	}
	r := Ranges()
	for _, c := range []struct {
		name string
		in   Input
		want string
	}{
		{"one engine", Input{Engines: two[:1], Playouts: 10}, "at least two"},
		{"games and rounds", Input{Engines: two, Playouts: 10, Games: new(2), Rounds: new(1)}, "not both"},
		{"games", Input{Engines: two, Playouts: 10, Games: new(0)}, "games 0"},
		{"rounds", Input{Engines: two, Playouts: 10, Rounds: new(r.Rounds.Max + 1)}, "rounds"},
		{"playouts", Input{Engines: two, Playouts: r.Playouts.Max + 1}, "playouts"},
		{"nodes", Input{Engines: two, Nodes: -1}, "nodes"},
		{"jobs", Input{Engines: two, Playouts: 10, Jobs: new(0)}, "j 0"},
		{"max turns", Input{Engines: two, Playouts: 10, MaxTurns: -1}, "max-turns"},
		{"move timeout", Input{Engines: two, Playouts: 10, MoveTimeout: new(0.0)}, "move-timeout"},
		{"grace", Input{Engines: two, Playouts: 10, Grace: new(1e6)}, "grace"},
		{"start timeout", Input{Engines: two, Playouts: 10, StartTimeout: new(-1.0)}, "start-timeout"},
		{"no limit", Input{Engines: two}, "no limit per move"},
		{"sprt of three", Input{Engines: three, Playouts: 10, SPRT: &sprt}, "exactly two engines, not 3"},
		{"bad sprt", Input{Engines: two, Playouts: 10, SPRT: &SPRT{Elo0: 10, Elo1: 0, Alpha: 0.05, Beta: 0.05}}, "SPRT: elo1"},
	} {
		_, err := PlanMatch(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.name, err, c.want)
		}
	}
	if _, err := PlanMatch(Input{Engines: two, Playouts: 10, Jobs: new(1000)}); !errors.Is(err, ats.ErrRange) {
		t.Errorf("jobs 1000: %v does not wrap ats.ErrRange", err)
	}
}
