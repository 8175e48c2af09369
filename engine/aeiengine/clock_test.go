package aeiengine

import (
	"bufio"
	"strings"
	"sync"
	"testing"
	"time"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
)

func TestClockBudget(t *testing.T) {
	// The old management's budgets are simple sums of what the options set.
	tm := config.Default().Time // reserve_fraction 0.1, safety 300 ms, min 50 ms, default 5 s
	tm.Manager = "old"
	s := time.Second
	ms := time.Millisecond
	tests := []struct {
		name    string
		options [][2]string
		side    rules.Color
		want    time.Duration
	}{
		{"no time control", nil, rules.Gold, 5 * s},
		{"move and reserve", [][2]string{{"tcmove", "10"}, {"tcreserve", "60"}}, rules.Gold, 16 * s},
		{"time already used", [][2]string{{"tcmove", "10"}, {"tcreserve", "60"}, {"moveused", "3"}}, rules.Gold, 13 * s},
		{"own reserve", [][2]string{{"tcmove", "10"}, {"tcreserve", "60"}, {"greserve", "20"}, {"sreserve", "100"}}, rules.Gold, 12 * s},
		{"silver reserve", [][2]string{{"tcmove", "10"}, {"tcreserve", "60"}, {"greserve", "20"}, {"sreserve", "100"}}, rules.Silver, 20 * s},
		{"turn time caps", [][2]string{{"tcmove", "10"}, {"tcreserve", "60"}, {"tcturntime", "8"}}, rules.Gold, 8*s - 300*ms},
		{"turn time alone", [][2]string{{"tcturntime", "4"}}, rules.Gold, 4*s - 300*ms},
		{"reserve alone", [][2]string{{"tcreserve", "30"}}, rules.Gold, 3 * s},
		{"nearly out of time", [][2]string{{"tcmove", "1"}, {"moveused", "0.9"}}, rules.Gold, 50 * ms},
		{"out of time", [][2]string{{"tcmove", "1"}, {"moveused", "1.5"}}, rules.Gold, ms},
		{"safety margin", [][2]string{{"tcmove", "2"}, {"greserve", "0.1"}}, rules.Gold, 1800 * ms},
		{"tight reserve", [][2]string{{"tcmove", "1"}, {"greserve", "0"}}, rules.Gold, 700 * ms},
		{"percent and max do not cut the move", [][2]string{{"tcmove", "15"}, {"tcreserve", "60"}, {"tcpercent", "50"}, {"tcmax", "60"}}, rules.Gold, 21 * s},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := New(testOptions())
			e.handle("newgame")
			for _, o := range tc.options {
				if err := e.SetOption(o[0], o[1]); err != nil {
					t.Fatal(err)
				}
			}
			got := e.clock.Budget(tc.side, tm)
			if got != tc.want {
				t.Errorf("budget %v, want %v", got, tc.want)
			}
			if hard := e.clock.Hard(tc.side); hard >= 0 && got > max(hard, ms) {
				t.Errorf("budget %v exceeds what the clock allows (%v)", got, hard)
			}
		})
	}
}

func TestNewGameResetsReserves(t *testing.T) {
	e := New(testOptions())
	for _, o := range [][2]string{{"tcmove", "5"}, {"tcreserve", "30"}, {"greserve", "2"}, {"sreserve", "7"}} {
		if err := e.SetOption(o[0], o[1]); err != nil {
			t.Fatal(err)
		}
	}
	e.handle("newgame")
	if r := e.clock.ReserveOf(rules.Gold); r != 30*time.Second {
		t.Errorf("gold reserve after newgame %v, want 30s", r)
	}
}

func TestOptionErrors(t *testing.T) {
	e := New(testOptions())
	for _, o := range [][2]string{{"tcmove", "soon"}, {"tcmove", "-3"}, {"hash", "x"}, {"seed", "-1"}, {"search.best_of", "0"}} {
		if err := e.SetOption(o[0], o[1]); err == nil {
			t.Errorf("setoption %s %q accepted", o[0], o[1])
		}
	}
	for _, o := range [][2]string{{"hash", "64"}, {"depth", "2"}, {"threads", "2"}, {"seed", "5"}, {"rated", "1"}, {"opponent", "bot_x"}, {"eval.cat", "160"}} {
		if err := e.SetOption(o[0], o[1]); err != nil {
			t.Errorf("setoption %s %q: %v", o[0], o[1], err)
		}
	}
	if e.depth != 4 || e.hashMB != 64 || e.opts.Threads != 2 || e.opts.Seed != 5 || e.opts.Config.Eval.Cat != 160 {
		t.Errorf("options not applied: depth %d hash %d threads %d seed %d cat %d", e.depth, e.hashMB, e.opts.Threads, e.opts.Seed, e.opts.Config.Eval.Cat)
	}
}

// TestAnsweringDelayWidensMargin: with a clock that makes every go take
// two seconds more than its search, the engine records the delay and
// plans that much less for the next search.
func TestAnsweringDelayWidensMargin(t *testing.T) {
	var now time.Time
	var mu sync.Mutex
	o := testOptions() // 300 playouts end the search long before its time
	o.Now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(2 * time.Second)
		return now
	}
	e := New(o)
	var out strings.Builder
	e.out = &writer{w: bufio.NewWriter(&out)}
	for _, l := range []string{"setoption name tcmove value 3", "setoption name tcpercent value 0", "newgame",
		"setposition g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]"} {
		e.handle(l)
	}
	before := e.limits(false)
	e.handle("go")
	<-e.search.done
	e.stopSearch(true)
	after := e.limits(false)
	if mark := e.delayMark(); mark < time.Second || mark > 2*time.Second {
		t.Errorf("delay mark %v, want about 2 s less the search", mark)
	}
	// Before: 3 s less the 0.3 s safety margin. After: the delay comes off
	// the target (the controller charges it), and the margin grows by
	// twice the delay, to half the move and a quarter more at most.
	mark := e.delayMark()
	margin := min(300*time.Millisecond+2*mark, 1500*time.Millisecond+min(2*mark, 750*time.Millisecond))
	if want := min(3*time.Second-mark, 3*time.Second-margin); before.Time != 2700*time.Millisecond || after.Time != want || after.Target != want {
		t.Errorf("hard stop %v before the delay and %v (target %v) after, want 2.7s and %v", before.Time, after.Time, after.Target, want)
	}
}
