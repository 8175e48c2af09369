package match

import (
	"testing"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
)

// TestTurnLimitsUseTheTimeManager: under a time control the builtin
// engine is given the time manager's target and hard stop, the turn and
// the answering delay measured so far count, and the old manager (for A/B
// matches) searches a fixed time.
func TestTurnLimitsUseTheTimeManager(t *testing.T) {
	tc, err := ParseTimeControl("1s/30s/100/30s/10m")
	if err != nil {
		t.Fatal(err)
	}
	l := &Limits{TC: tc}
	spec := ats.Spec{Builtin: true, Config: config.Default()}
	c := newGameClock(tc)
	calm := turnLimitsOf(l, c, rules.Gold, 2, 0, &spec)
	if calm.target <= 0 || calm.budget <= calm.target {
		t.Fatalf("target %v, hard stop %v: want a target below the hard stop", calm.target, calm.budget)
	}
	busy := turnLimitsOf(l, c, rules.Gold, 2, 300*time.Millisecond, &spec)
	if busy.target >= calm.target || busy.budget >= calm.budget {
		t.Errorf("a 0.3 s answering delay left target %v and hard stop %v (without it %v and %v)", busy.target, busy.budget, calm.target, calm.budget)
	}
	old := spec
	old.Config.Time.Manager = "old"
	if o := turnLimitsOf(l, c, rules.Gold, 2, 0, &old); o.target != 0 || o.budget <= 0 {
		t.Errorf("old manager: target %v, budget %v; want a fixed budget", o.target, o.budget)
	}
	if p := turnLimitsOf(&Limits{Playouts: 100}, c, rules.Gold, 2, 0, &spec); p.budget != 0 || p.target != 0 || p.playouts != 100 {
		t.Errorf("a playout budget got time limits: %+v", p)
	}
}

// TestAEIEnginesGetTheClock: under a time control an AEI engine is given
// the game's clock, both reserves as they stand, and no plan of ours; the
// builtin engine is given no clock.
func TestAEIEnginesGetTheClock(t *testing.T) {
	tc, err := ParseTimeControl("2s/30s/100/30s/10m")
	if err != nil {
		t.Fatal(err)
	}
	l := &Limits{TC: tc}
	c := newGameClock(tc)
	if c.charge(rules.Gold, 5*time.Second) {
		t.Fatal("5 s within 2 s and a 30 s reserve was a forfeit")
	}
	x := ats.Spec{Name: "x", Command: []string{"engine-x", "aei"}}
	lim := turnLimitsOf(l, c, rules.Silver, 2, 0, &x)
	if lim.clock == nil || lim.budget != 0 || lim.target != 0 {
		t.Fatalf("AEI engine's limits %+v: want the clock alone", lim)
	}
	got := *lim.clock
	if got.Move != 2*time.Second || got.Reserve != 30*time.Second || got.Percent != 100 || got.Max != 30*time.Second || got.Total != 10*time.Minute ||
		got.ReserveOf(rules.Gold) != 27*time.Second || got.ReserveOf(rules.Silver) != 30*time.Second {
		t.Errorf("the clock given: %+v; want 2s/30s/100/30s/10m with Gold's reserve 27s", got)
	}
	spec := ats.Spec{Builtin: true, Config: config.Default()}
	if b := turnLimitsOf(l, c, rules.Silver, 2, 0, &spec); b.clock != nil || b.budget <= 0 {
		t.Errorf("builtin engine's limits %+v: want a budget and no clock", b)
	}
}

// TestDelaysOutliveTheGame: an engine's answering delay is kept by the
// slot from one game to the next, for that engine alone, and at 0.1 s a
// move a 40 ms delay leaves the engine 25 ms to search instead of 50.
func TestDelaysOutliveTheGame(t *testing.T) {
	tc, err := ParseTimeControl("0.1s/0/0")
	if err != nil {
		t.Fatal(err)
	}
	l := Limits{TC: tc}
	a := ats.Spec{Name: "a", Builtin: true, Config: config.Default()}
	b := ats.Spec{Name: "b", Builtin: true, Config: config.Default()}
	sl := NewSlot("test")
	sl.delay(&a, l).Add(40 * time.Millisecond)
	if got := sl.delay(&a, l).Mark(); got != 40*time.Millisecond {
		t.Errorf("a's delay in the next game: %v, want 40ms", got)
	}
	if got := sl.delay(&b, l).Mark(); got != 0 {
		t.Errorf("b took a's delay: %v", got)
	}
	c := newGameClock(tc)
	calm := turnLimitsOf(&l, c, rules.Gold, 2, sl.delay(&b, l).Mark(), &b)
	late := turnLimitsOf(&l, c, rules.Gold, 2, sl.delay(&a, l).Mark(), &a)
	if calm.budget != 50*time.Millisecond || late.budget != 25*time.Millisecond {
		t.Errorf("search at 0.1 s a move: %v without delay, %v after a 40 ms one; want 50ms and 25ms", calm.budget, late.budget)
	}
}
