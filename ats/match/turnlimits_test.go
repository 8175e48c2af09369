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

// TestDelaysOutliveTheGame: an engine's answering delay is kept by the
// slot from one game to the next, for that engine alone, and at 0.1 s a
// move a 40 ms delay leaves the engine 25 ms to search instead of 50.
func TestDelaysOutliveTheGame(t *testing.T) {
	tc, err := ParseTimeControl("0.1s/0/0")
	if err != nil {
		t.Fatal(err)
	}
	l := Limits{TC: tc}
	a := ats.Spec{Name: "a", Command: []string{"engine-a", "aei"}}
	b := ats.Spec{Name: "b", Command: []string{"engine-b", "aei"}}
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
