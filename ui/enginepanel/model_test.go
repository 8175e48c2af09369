package enginepanel

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

func TestModelFollowsReports(t *testing.T) {
	reports := scriptedReports(10)
	eng := &fakeEngine{name: "fake", reports: reports, raw: []string{"info nodes 1", "log hello"}}
	m := NewModel()
	if err := m.Start(eng, startGame(), analysis.Limits{}); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	st := m.State()
	if st.Running || !st.Finished || st.Err != nil {
		t.Fatalf("after the run: running=%v finished=%v err=%v", st.Running, st.Finished, st.Err)
	}
	if st.Engine != "fake" {
		t.Errorf("engine %q", st.Engine)
	}
	last := reports[len(reports)-1]
	if st.Report.Playouts != last.Playouts || st.Report.Best != last.Best || !st.Report.Final {
		t.Errorf("final report %+v, want the last one marked final", st.Report)
	}
	if len(st.History) != len(reports) {
		t.Fatalf("history has %d points, want %d", len(st.History), len(reports))
	}
	for i, p := range st.History {
		if p.Elapsed != reports[i].Elapsed || p.WinRatio != reports[i].WinRatio {
			t.Errorf("point %d = %+v, want report %d", i, p, i)
		}
	}
	if len(st.Raw) != 2 || st.Raw[1] != "log hello" {
		t.Errorf("raw %q", st.Raw)
	}
}

func TestModelStopAndRestart(t *testing.T) {
	step := make(chan struct{})
	eng := &fakeEngine{name: "held", reports: scriptedReports(4), hold: true, step: step}
	m := NewModel()
	if err := m.Start(eng, startGame(), analysis.Limits{}); err != nil {
		t.Fatal(err)
	}
	if err := m.Start(eng, startGame(), analysis.Limits{}); !errors.Is(err, ErrRunning) {
		t.Fatalf("second start: %v, want ErrRunning", err)
	}
	step <- struct{}{}
	step <- struct{}{}
	m.Stop()
	st := m.State()
	if st.Running || st.Err != nil {
		t.Fatalf("after stop: running=%v err=%v", st.Running, st.Err)
	}
	if st.Reports != 2 || st.Report.Playouts != 2000 {
		t.Errorf("after two reports and a stop: %d reports, playouts %d", st.Reports, st.Report.Playouts)
	}
	// A new analysis starts from a clean state.
	eng2 := &fakeEngine{name: "second", reports: scriptedReports(1)}
	if err := m.Start(eng2, startGame(), analysis.Limits{}); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	st = m.State()
	if st.Engine != "second" || st.Reports != 1 || len(st.History) != 1 {
		t.Errorf("restart: engine %q, %d reports, %d points", st.Engine, st.Reports, len(st.History))
	}
}

func TestModelEngineError(t *testing.T) {
	boom := errors.New("engine crashed")
	m := NewModel()
	if err := m.Start(&fakeEngine{name: "bad", err: boom}, startGame(), analysis.Limits{}); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	if st := m.State(); !errors.Is(st.Err, boom) || st.Running {
		t.Errorf("err %v running %v", st.Err, st.Running)
	}
}

func TestModelHistoryBounded(t *testing.T) {
	m := NewModel()
	for i := 1; i <= 10*maxPoints; i++ {
		m.Report(analysis.Report{Elapsed: time.Duration(i) * time.Millisecond, Best: mustMove("Ee2n"), WinRatio: float64(i) / (10 * maxPoints)})
	}
	h := m.State().History
	if len(h) > maxPoints || len(h) < maxPoints/2 {
		t.Fatalf("history length %d, want between %d and %d", len(h), maxPoints/2, maxPoints)
	}
	if h[0].Elapsed != time.Millisecond || h[len(h)-1].Elapsed != time.Duration(10*maxPoints)*time.Millisecond {
		t.Errorf("history spans %v..%v, want the whole analysis", h[0].Elapsed, h[len(h)-1].Elapsed)
	}
	for i := 1; i < len(h); i++ {
		if h[i].Elapsed <= h[i-1].Elapsed {
			t.Fatalf("history out of order at %d", i)
		}
	}
}

func TestModelRawRing(t *testing.T) {
	m := NewModel()
	for i := 0; i < maxRaw+5; i++ {
		m.Raw(string(rune('a' + i%26)))
	}
	raw := m.State().Raw
	if len(raw) != maxRaw {
		t.Fatalf("%d raw lines kept, want %d", len(raw), maxRaw)
	}
	if raw[len(raw)-1] != string(rune('a'+(maxRaw+4)%26)) || raw[0] != string(rune('a'+5%26)) {
		t.Errorf("ring order wrong: first %q last %q", raw[0], raw[len(raw)-1])
	}
}

// TestModelConcurrent runs a fast writer against a reader; with -race it
// proves the handoff is safe.
func TestModelConcurrent(t *testing.T) {
	m := NewModel()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 5000; i++ {
			m.Report(analysis.Report{Elapsed: time.Duration(i), Playouts: int64(i), Best: mustMove("Ee2n")})
			if i%10 == 0 {
				m.Raw("line")
			}
		}
	}()
	var seen uint64
	for i := 0; i < 200; i++ {
		if v := m.Version(); v != seen {
			seen = v
			_ = m.State()
		}
	}
	wg.Wait()
	if got := m.State().Report.Playouts; got != 4999 {
		t.Errorf("latest playouts %d, want 4999", got)
	}
}

func TestBuildLine(t *testing.T) {
	start := rules.StartPosition()
	steps := []rules.Step{mustStep("Ee2n"), mustStep("Ee3n"), rules.Pass, mustStep("me7s"), mustStep("me6w"), mustStep("md6s"), mustStep("hh7s"), mustStep("Md2n")}
	l := BuildLine(start, steps, nil)
	if len(l.Steps) != len(steps) {
		t.Fatalf("line has %d steps, want %d", len(l.Steps), len(steps))
	}
	wantTurns := []string{"2w", "", "", "2b", "", "", "", "3w"}
	for i, s := range l.Steps {
		if s.Turn != wantTurns[i] {
			t.Errorf("step %d (%s): turn %q, want %q", i, s.Step, s.Turn, wantTurns[i])
		}
	}
	if got := l.Steps[1].After.At(rules.E4); got.String() != "E" {
		t.Errorf("after Ee3n e4 holds %v", got)
	}
	if got := len(l.Moves()); got != 3 {
		t.Errorf("%d moves, want 3", got)
	}
	// A step that does not belong to the position ends the line.
	bad := BuildLine(start, []rules.Step{mustStep("Ee2n"), mustStep("Ra1n")}, nil)
	if len(bad.Steps) != 1 {
		t.Errorf("illegal second step: line of %d steps, want 1", len(bad.Steps))
	}
}

func TestPathLineFollowsSides(t *testing.T) {
	root := fakeTree()
	l, n := PathLine(rules.StartPosition(), root, []int{0, 0, 0, 0})
	if n == nil || n.Step != mustStep("me7s") {
		t.Fatalf("node %+v, want me7s", n)
	}
	if len(l.Steps) != 4 || l.Steps[3].Turn != "2b" {
		t.Fatalf("line %+v", l.Steps)
	}
	if got := l.Steps[3].After.At(rules.E6); got.String() != "m" {
		t.Errorf("after me7s e6 holds %v", got)
	}
	if _, n := PathLine(rules.StartPosition(), root, []int{5}); n != nil {
		t.Errorf("missing path gave node %+v", n)
	}
}

func TestFormatting(t *testing.T) {
	tests := []struct {
		name, got, want string
	}{
		{"count", Count(1234567), "1\u2009234\u2009567"},
		{"small count", Count(12), "12"},
		{"negative", Count(-1234), "-1\u2009234"},
		{"rate", Rate(12345), "12.3k/s"},
		{"rate M", Rate(2.5e6), "2.50M/s"},
		{"rate low", Rate(950), "950/s"},
		{"bytes", Bytes(3 << 20), "3.0 MiB"},
		{"percent", Percent(0.5734), "57.3%"},
		{"duration", Duration(1500 * time.Millisecond), "1.5 s"},
		{"minutes", Duration(75 * time.Second), "1:15.0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %q, want %q", tc.got, tc.want)
			}
		})
	}
}

func TestCandidateRows(t *testing.T) {
	r := scriptedReports(2)[0]
	rows := CandidateRows(rules.StartPosition(), r, 0)
	if len(rows) != 2 {
		t.Fatalf("%d rows", len(rows))
	}
	if rows[0].Move != "Ee2n Ee3n Ee4n Ee5w" || rows[0].Share != "66.7%" || rows[0].WinRatio != "56.0%" {
		t.Errorf("row 0 = %+v", rows[0])
	}
	if got := CandidateRows(rules.StartPosition(), r, 1); len(got) != 1 {
		t.Errorf("limit 1 gave %d rows", len(got))
	}
}

func TestFiguresSayWhenThePositionIsDecided(t *testing.T) {
	start := rules.StartPosition()
	r := analysis.Report{Best: rules.MoveOf(rules.MakeStep(rules.GoldRabbit, rules.A2, rules.North)), WinRatio: 0.64, HasWinRatio: true}
	label := func(r analysis.Report) string {
		for _, f := range Figures(start, r) {
			if strings.HasPrefix(f.Label, "Win ratio") {
				return f.Label
			}
		}
		return ""
	}
	if got := label(r); got != "Win ratio for gold" {
		t.Errorf("undecided: label %q", got)
	}
	r.Komi = 366
	if got := label(r); got != "Win ratio for gold, its evaluation -366 (decided)" {
		t.Errorf("decided: label %q", got)
	}
	if n := len(Figures(start, r)); n != len(Figures(start, analysis.Report{})) {
		t.Errorf("a decided position changes the number of figures: %d", n)
	}
}
