package viewer

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/uitest"
)

// fakeAnalyser judges positions from a table by their index in the game
// (0.5 where the table says nothing) and names the first legal move as
// the best; from position blockAt on it waits for its context.
type fakeAnalyser struct {
	table   map[int]float64
	blockAt int
	blocked chan struct{} // closed when the search of blockAt begins
	mu      sync.Mutex
	perMove []time.Duration
}

func (f *fakeAnalyser) Name() string { return "fake" }

func (f *fakeAnalyser) Evaluate(ctx context.Context, g *rules.Game, perMove time.Duration) (analysis.PositionEval, error) {
	f.mu.Lock()
	f.perMove = append(f.perMove, perMove)
	f.mu.Unlock()
	i := len(g.Moves())
	if f.blockAt > 0 && i >= f.blockAt {
		close(f.blocked)
		<-ctx.Done()
		return analysis.PositionEval{}, ctx.Err()
	}
	w, ok := f.table[i]
	if !ok {
		w = 0.5
	}
	return analysis.PositionEval{WinRatio: w, Best: firstLegalMove(g), HasBest: true}, nil
}

// firstLegalMove is g.LegalMoves(nil)[0] without generating every move:
// generating them all for each position was most of a whole-game
// analysis by the fake engine under the race detector.
func firstLegalMove(g *rules.Game) rules.Move {
	var first rules.Move
	var gen rules.MoveGen
	gen.EachUntil(g.Position(), func(m rules.Move, after *rules.Position) bool {
		if g.Repeated(after) {
			return true
		}
		first = m
		return false
	})
	return first
}

func waitAnalysis(t *testing.T, v *Panel) {
	t.Helper()
	select {
	case <-v.AnalysisDone():
	case <-time.After(time.Minute):
		t.Fatal("the game analysis did not end in a minute")
	}
}

// TestAnalysisShowsItsGraph: at 1024x700 starting an analysis brings the
// game graph's section forward, and neither the board, nor the move list,
// nor the buttons under it move or change size.
func TestAnalysisShowsItsGraph(t *testing.T) {
	v, _, _, _ := newTestPanel(t)
	w := fyne.CurrentApp().Driver().AllWindows()[0]
	w.Resize(fyne.NewSize(1000, 640))
	// Held at its fourth position: the places during the analysis are
	// taken while it draws nothing.
	fake := &fakeAnalyser{table: map[int]float64{}, blockAt: 3, blocked: make(chan struct{})}
	v.SetGameAnalyser(func() (analysis.Analyser, error) { return fake, nil })
	openGoalRace(t, v)
	v.ShowSection(CommentSection)
	type rect struct {
		at   fyne.Position
		size fyne.Size
	}
	where := func() [3]rect {
		at := func(o fyne.CanvasObject) rect {
			return rect{fyne.CurrentApp().Driver().AbsolutePositionForObject(o), o.Size()}
		}
		return [3]rect{at(v.Board), at(v.list.table), at(v.finish)}
	}
	before := where()
	v.analysis.perMove.SetText("0.05")
	test.Tap(v.analysis.analyse)
	<-fake.blocked
	if got := v.gameSections.Selected().Text; got != GraphSection || v.sections.Selected().Text != MovesSection {
		t.Errorf("during the analysis the section shown is %q", got)
	}
	during := where()
	test.Tap(v.analysis.stop)
	waitAnalysis(t, v)
	after := where()
	if before != during || before != after {
		t.Errorf("board, move list, Finish turn: before %v, during %v, after %v", before, during, after)
	}
	if list := v.list.table.Size().Height; list < 6*v.list.table.MinSize().Height {
		t.Errorf("the move list has %v px", list)
	}
}

// TestWholeGameAnalysis: Analyse game searches every position with the
// engine given, fills the progress bar and the graph, marks the move
// whose win ratio falls by more than the threshold with the engine's
// better move, and a tap on the graph jumps to that position.
func TestWholeGameAnalysis(t *testing.T) {
	v, _, _, status := newTestPanel(t)
	if v.analysis.box.Visible() {
		t.Errorf("the game analysis shows without an engine")
	}
	// After 4b (move 5) Gold stands at 80 %, and after 5w Silver at 20 %:
	// 4b is Silver's blunder, a fall from 50 % to 20 %.
	fake := &fakeAnalyser{table: map[int]float64{6: 0.8, 7: 0.2}}
	v.SetGameAnalyser(func() (analysis.Analyser, error) { return fake, nil })
	openGoalRace(t, v)
	if !v.analysis.box.Visible() {
		t.Fatal("no game analysis with an engine")
	}
	// Before any analysis the graph says what it is for, and draws no
	// progress bar.
	if text, done := v.analysis.graph.Status, v.analysis.graph.Done; done >= 0 || !strings.HasPrefix(text, "Analyse game:") {
		t.Errorf("idle graph: %q, progress %v", text, done)
	}
	// Out of range settings are refused with the field's name.
	v.analysis.perMove.SetText("0")
	test.Tap(v.analysis.analyse)
	if v.analysis.run != nil || !strings.Contains((*status)[len(*status)-1], "Seconds per position") {
		t.Fatalf("a time of 0 s started an analysis (status %q)", (*status)[len(*status)-1])
	}
	v.analysis.perMove.SetText("0.25")
	test.Tap(v.analysis.analyse)
	waitAnalysis(t, v)
	a := v.analysis.run
	if done := v.analysis.graph.Done; a.Done() != 56 || done != 1 || len(v.analysis.graph.Values) != 56 {
		t.Fatalf("done %d of 56, progress %v, graph of %d points", a.Done(), done, len(v.analysis.graph.Values))
	}
	if len(fake.perMove) != 55 || fake.perMove[0] != 250*time.Millisecond {
		t.Errorf("the engine searched %d positions (the last is decided), %v each", len(fake.perMove), fake.perMove[0])
	}
	if got := v.analysis.graph.Values[55]; got != 1 {
		t.Errorf("Gold's win ratio after the goal is %v, want 1", got)
	}
	g := uitest.LoadGame(t, "goal_race.txt")
	best := g.PositionBefore(5)
	bl := a.Blunders(0.2)
	if len(bl) != 1 || bl[0].Ply != 5 || !bl[0].HasBest {
		t.Fatalf("blunders %+v, want 4b alone", bl)
	}
	wantText := "4b: -30% (better: " + best.MoveString(bl[0].Better) + ")"
	if bl[0].Text != wantText || v.analysis.summary != "56 of 56 positions, 1 blunder(s)" {
		t.Errorf("blunder %q, shown %q; want %q", bl[0].Text, v.analysis.summary, wantText)
	}
	if rows := v.Model.Rows(); !strings.HasSuffix(v.list.rowText(2+5), "?? "+strings.TrimPrefix(wantText, "4b: ")) || strings.Contains(v.list.rowText(2+4), "??") {
		t.Errorf("move list marks: %q / %q (rows %d)", v.list.rowText(2+5), v.list.rowText(2+4), len(rows))
	}
	// Before the blunder the board shows the better move; on it, the
	// line under the move list says what it was.
	v.Model.Seek(5)
	v.changed()
	if o := v.Board.Overlays(); len(o.Candidates) != 1 || o.Candidates[0].Label != "better" || !slices.Equal(o.Candidates[0].Steps, bl[0].Better.Slice()) {
		t.Errorf("before the blunder the board shows %+v", o.Candidates)
	}
	v.Model.Seek(6)
	v.changed()
	if !strings.HasPrefix(v.entryInfo.Text, "Blunder: ") || !strings.Contains(v.entryInfo.Text, "better: ") {
		t.Errorf("on the blunder the line under the moves says %q", v.entryInfo.Text)
	}
	// A higher threshold (typed, range-checked) clears the mark.
	v.analysis.threshold.SetText("31")
	if len(v.analysis.graph.Marks) != 0 || v.list.marks[v.analysis.nodes[5]] != "" {
		t.Errorf("threshold 31%%: blunders %v", v.analysis.graph.Marks)
	}
	v.analysis.threshold.SetText("0")
	if !strings.Contains((*status)[len(*status)-1], "Blunder threshold") {
		t.Errorf("a threshold of 0 %% is not refused: %q", (*status)[len(*status)-1])
	}
	v.analysis.threshold.SetText("20")
	// The graph marks the blunder where its fall shows, after 4b, on an
	// axis of the line's 56 positions with their turn numbers.
	if m := v.analysis.graph.Marks; len(m) != 1 || m[0] != 6 || len(v.analysis.graph.Turns) != 56 {
		t.Errorf("graph marks %v over %d positions, want [6] over 56", m, len(v.analysis.graph.Turns))
	}
	if h := v.analysis.graph.MinSize().Height; h < 120 {
		t.Errorf("the graph's least height is %v, want at least 120", h)
	}

	// A tap on the graph jumps to the position under it.
	w := v.analysis.graph.Size().Width
	v.analysis.graph.Tapped(&fyne.PointEvent{Position: fyne.NewPos((w-1)*10/55, 5)})
	if v.Model.Ply() != 10 || v.analysis.graph.Cursor != 10 {
		t.Errorf("tap at position 10 of the graph: ply %d, cursor line at %d", v.Model.Ply(), v.analysis.graph.Cursor)
	}
}

// TestWholeGameAnalysisStops: Stop ends the analysis; the positions done
// stay on the graph.
func TestWholeGameAnalysisStops(t *testing.T) {
	v, _, _, status := newTestPanel(t)
	fake := &fakeAnalyser{blockAt: 3, blocked: make(chan struct{})}
	v.SetGameAnalyser(func() (analysis.Analyser, error) { return fake, nil })
	openGoalRace(t, v)
	test.Tap(v.analysis.analyse)
	// The test driver runs fyne.Do at once on the analysis goroutine: the
	// widgets are touched only while that goroutine waits in the engine.
	select {
	case <-fake.blocked:
	case <-time.After(20 * time.Second):
		t.Fatal("the analysis did not reach position 3 in 20 s")
	}
	if v.analysis.stop.Disabled() {
		t.Fatal("Stop is disabled during the analysis")
	}
	test.Tap(v.analysis.stop)
	waitAnalysis(t, v)
	if a := v.analysis.run; a.Done() != 3 || a.Err() != nil || len(v.analysis.graph.Values) != 3 {
		t.Errorf("after Stop: %d positions done, error %v, graph of %d", a.Done(), a.Err(), len(v.analysis.graph.Values))
	}
	if got := (*status)[len(*status)-1]; got != "game analysis stopped after 3 of 56 positions" {
		t.Errorf("status %q", got)
	}
	if v.analysis.analyse.Disabled() || !v.analysis.stop.Disabled() {
		t.Errorf("buttons after Stop: analyse disabled %v, stop disabled %v", v.analysis.analyse.Disabled(), v.analysis.stop.Disabled())
	}
}
