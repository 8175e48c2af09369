package enginepanel

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/state"
)

func TestBoardCandidates(t *testing.T) {
	a, b, c, d := mustMove("Ee2n"), mustMove("Md2n", "Md3n"), mustMove("Hb2n"), mustMove("Rh2n")
	tests := []struct {
		name string
		r    analysis.Report
		want []board.Candidate
	}{
		{"the best three", analysis.Report{Best: a, WinRatio: 0.612, HasWinRatio: true, Candidates: []analysis.Candidate{
			{Move: a, WinRatio: 0.612}, {Move: b, WinRatio: 0.55}, {Move: c, WinRatio: 0.498}, {Move: d, WinRatio: 0.3}}},
			[]board.Candidate{{Steps: a.Slice(), Label: "61%"}, {Steps: b.Slice(), Label: "55%"}, {Steps: c.Slice(), Label: "50%"}}},
		{"the alpha-beta search's scores, a bound after the best", analysis.Report{Best: a, Score: 35, HasScore: true, WinRatio: 0.55, HasWinRatio: true,
			Candidates: []analysis.Candidate{{Move: a, WinRatio: 0.55, Score: 35, HasScore: true}, {Move: b, WinRatio: 0.55, Score: 35, HasScore: true, Bound: true}}},
			[]board.Candidate{{Steps: a.Slice(), Label: "+35"}, {Steps: b.Slice(), Label: "≤+35"}}},
		{"an AEI engine's best move and score", analysis.Report{Best: b, Score: 120, HasScore: true},
			[]board.Candidate{{Steps: b.Slice()}}},
		{"an AEI engine's best move and win ratio", analysis.Report{Best: b, WinRatio: 0.4, HasWinRatio: true},
			[]board.Candidate{{Steps: b.Slice(), Label: "40%"}}},
		{"nothing yet", analysis.Report{}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := BoardCandidates(tc.r)
			if !sameCandidates(got, tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestGoldWinRatio(t *testing.T) {
	silver := rules.StartPosition().WithSide(rules.Silver)
	best := mustMove("Ee2n")
	tests := []struct {
		start rules.Position
		r     analysis.Report
		want  float64
		ok    bool
	}{
		{rules.StartPosition(), analysis.Report{Best: best, WinRatio: 0.7, HasWinRatio: true}, 0.7, true},
		{silver, analysis.Report{Best: best, WinRatio: 0.7, HasWinRatio: true}, 0.3, true},
		{rules.StartPosition(), analysis.Report{Best: best, Score: 50, HasScore: true}, 0, false},
		{silver, analysis.Report{Best: best, Score: 50, HasScore: true, WinRatio: 0.6, HasWinRatio: true}, 0.4, true},
		{rules.StartPosition(), analysis.Report{WinRatio: 0.7, HasWinRatio: true}, 0, false},
	}
	for i, tc := range tests {
		got, ok := GoldWinRatio(tc.start, tc.r)
		if ok != tc.ok || ok && !near(got, tc.want) {
			t.Errorf("%d: %v %v, want %v %v", i, got, ok, tc.want, tc.ok)
		}
	}
}

func TestEndText(t *testing.T) {
	base := State{Engine: "E", Start: rules.StartPosition(), Finished: true,
		Report: analysis.Report{Elapsed: 2500 * time.Millisecond, Best: mustMove("Ee2n")}}
	tests := []struct {
		name    string
		stopped bool
		ended   analysis.Ending
		want    string
	}{
		{"stopped from the panel", true, analysis.EndUnknown, "E was stopped after 2.5 s: best move so far Ee2n"},
		{"stopped, the engine says", false, analysis.EndStopped, "E was stopped after 2.5 s"},
		{"time", false, analysis.EndTime, "E finished after 2.5 s, the time limit was reached"},
		{"playouts", false, analysis.EndPlayouts, "the playout budget was spent"},
		{"nodes", false, analysis.EndPlayouts, "the node budget was spent"},
		{"depth", false, analysis.EndDepth, "the principal variation reached the depth limit"},
		{"depth, alpha-beta", false, analysis.EndDepth, "the iteration of the depth limit was completed"},
		{"settled", false, analysis.EndSettled, "judged the best move settled"},
		{"tree", false, analysis.EndTreeFull, "the search tree is full"},
		{"at once", false, analysis.EndAtOnce, "answered at once"},
		{"an AEI engine", false, analysis.EndUnknown, "E finished after 2.5 s: best move"},
	}
	for _, tc := range tests {
		st := base
		st.Stopped, st.Report.Ended = tc.stopped, tc.ended
		st.Report.AlphaBeta = strings.HasPrefix(tc.name, "nodes") || strings.HasSuffix(tc.name, "alpha-beta")
		if got := EndText(st); !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q in it", tc.name, got, tc.want)
		}
	}
}

// TestPanelArrowsFollowSearch: while a search runs the board shows its
// best moves as arrows and Gold's win ratio in the bar, and follows each
// report the panel draws; once the current position changes, they go.
func TestPanelArrowsFollowSearch(t *testing.T) {
	step := make(chan struct{})
	reports := scriptedReports(6)
	p, _ := newTestPanel(t, &fakeEngine{name: "fake", reports: reports, hold: true, step: step})
	if !p.board.EvalBar() || p.board.Overlays().HasEval {
		t.Fatal("the board should keep an empty evaluation bar before any analysis")
	}
	test.Tap(p.startBtn)
	for i := range reports {
		step <- struct{}{}
		waitReports(t, p.model, i+1)
		p.Sync()
		o, r := p.board.Overlays(), reports[i]
		if want := BoardCandidates(r); !sameCandidates(o.Candidates, want) || len(want) != 2 {
			t.Fatalf("report %d: arrows %+v, want %+v", i+1, o.Candidates, want)
		}
		if !o.HasEval || !near(o.Eval, r.WinRatio) {
			t.Errorf("report %d: bar %v %v, want Gold's %v", i+1, o.Eval, o.HasEval, r.WinRatio)
		}
	}
	test.Tap(p.stopBtn)
	p.model.Wait()
	p.Sync()
	if len(p.board.Overlays().Candidates) == 0 {
		t.Fatal("the arrows went when the search stopped")
	}
	moved := rules.StartPosition().Play(mustStep("Ee2n")).Play(mustStep("Ee3n")).Play(mustStep("Ee4n")).Play(mustStep("Ee5n")).EndTurn()
	p.opts.Current.Set(state.Snapshot{Position: moved, Source: "Viewer"})
	o := p.board.Overlays()
	if len(o.Candidates) != 0 || o.HasEval || !samePosition(p.board.Shown(), moved) {
		t.Errorf("after the position changed: arrows %+v, bar %v, board\n%s", o.Candidates, o.HasEval, shown(p).AEIString())
	}
	// Back at the analysed position, its marks are back.
	p.opts.Current.Set(state.Snapshot{Position: rules.StartPosition(), Source: "Viewer"})
	if len(p.board.Overlays().Candidates) != 2 {
		t.Errorf("back at the analysed position: arrows %+v", p.board.Overlays().Candidates)
	}
}

// TestStopSaysStopped: a search stopped with the Stop button says so,
// not that it finished.
func TestStopSaysStopped(t *testing.T) {
	step := make(chan struct{})
	p, _ := newTestPanel(t, &fakeEngine{name: "fake", reports: scriptedReports(3), hold: true, step: step})
	test.Tap(p.startBtn)
	step <- struct{}{}
	waitReports(t, p.model, 1)
	test.Tap(p.stopBtn)
	p.model.Wait()
	p.Sync()
	if got := p.status.Text; !strings.Contains(got, "was stopped after") || strings.Contains(got, "finished") {
		t.Errorf("status %q, want that the search was stopped", got)
	}
}

// TestTreeWaitsForFirstReport: the tree browser does not copy the
// engine's tree before the search has reported (until then the engine
// holds the last search's tree, or is allocating a new one); the first
// report brings the snapshot.
func TestTreeWaitsForFirstReport(t *testing.T) {
	step := make(chan struct{})
	eng := &fakeEngine{name: "fake", reports: scriptedReports(2), hold: true, step: step, tree: fakeTree()}
	p, _ := newTestPanel(t, eng)
	test.Tap(p.startBtn)
	p.Sync()
	if n := eng.snaps.Load(); n != 0 || p.tree.root != nil {
		t.Fatalf("before any report: %d snapshots taken, tree %v", n, p.tree.root)
	}
	if !strings.Contains(p.tree.info.Text, "Waiting for the engine's first report") {
		t.Errorf("tree note %q", p.tree.info.Text)
	}
	step <- struct{}{}
	waitReports(t, p.model, 1)
	p.Sync()
	if eng.snaps.Load() == 0 || p.tree.root == nil {
		t.Error("no snapshot after the first report")
	}
	test.Tap(p.stopBtn)
	p.model.Wait()
}

// TestBuiltinArrowsMatchSearch: a deterministic search (seed, one
// thread, a playout budget) ends with the board showing its three best
// candidates, labelled with their scores (the default search is the
// alpha-beta search), and Gold's win ratio in the bar, and the status
// says the budget ended it.
func TestBuiltinArrowsMatchSearch(t *testing.T) {
	p, st := analysedWithBuiltin(t, "1000", "7")
	if st.Err != nil || len(st.Report.Candidates) < 3 {
		t.Fatalf("error %v, %d candidates", st.Err, len(st.Report.Candidates))
	}
	o := p.board.Overlays()
	if len(o.Candidates) != 3 {
		t.Fatalf("%d candidate arrows, want 3", len(o.Candidates))
	}
	for i, c := range o.Candidates {
		want := st.Report.Candidates[i]
		if !slices.Equal(c.Steps, want.Move.Slice()) || c.Label != candidateLabel(want) {
			t.Errorf("arrow %d: %v %q, want %v %q", i+1, c.Steps, c.Label, want.Move.Slice(), candidateLabel(want))
		}
	}
	if !o.HasEval || o.Eval != st.Report.WinRatio || o.Eval != st.Report.Candidates[0].WinRatio {
		t.Errorf("bar %v (%v), want Gold's win ratio %v", o.Eval, o.HasEval, st.Report.WinRatio)
	}
	if !strings.Contains(p.status.Text, "the node budget was spent") {
		t.Errorf("status %q", p.status.Text)
	}
}

func sameCandidates(a, b []board.Candidate) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Label != b[i].Label || !slices.Equal(a[i].Steps, b[i].Steps) {
			return false
		}
	}
	return true
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// TestFollowingSaysSo: a finished analysis started from the panel's own
// Analyse says nothing of following; the analysis view's Analyse, which
// follows the board, says after the search ends that a new position will
// be analysed, and stops saying it once the following stops.
func TestFollowingSaysSo(t *testing.T) {
	p, _ := analysedWithBuiltin(t, "500", "3")
	if strings.Contains(p.status.Text, followingText) {
		t.Errorf("not following, status %q", p.status.Text)
	}
	p.SetFollow(true)
	p.model.Wait()
	p.Sync()
	if st := p.model.State(); !st.Finished || !strings.Contains(p.status.Text, followingText) {
		t.Errorf("following, finished %v, status %q", st.Finished, p.status.Text)
	}
	p.SetFollow(false)
	p.Sync()
	if strings.Contains(p.status.Text, followingText) {
		t.Errorf("following stopped, status %q", p.status.Text)
	}
}
