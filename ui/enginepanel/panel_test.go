package enginepanel

import (
	"flag"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/engines"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/tablefit"
	"arimaa-workbench/ui/tip"
	"arimaa-workbench/ui/uitest"
)

var shot = flag.String("shot", "", "write a PNG of the panel after TestPanelFollowsReports to this file")

func newTestPanel(t testing.TB, engs ...analysis.Engine) (*Panel, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	cur := state.NewCurrent(rules.StartPosition(), "Start position")
	p := New(Options{
		Current:    cur,
		Engines:    func() []engines.Choice { return fakeChoices(engs) },
		Open:       func(c engines.Choice) analysis.Engine { return byName(engs, c.Name) },
		Evaluation: NewEvaluation(func() *eval.Evaluator { return eval.New(eval.DefaultWeights()) }),
	})
	w := test.NewTempWindow(t, p.Content())
	w.Resize(fyne.NewSize(1400, 860))
	t.Cleanup(p.Close)
	return p, w
}

func TestPanelFollowsReports(t *testing.T) {
	step := make(chan struct{})
	reports := scriptedReports(6)
	eng := &fakeEngine{name: "fake MCTS", reports: reports, hold: true, step: step, tree: fakeTree()}
	p, w := newTestPanel(t, eng)

	test.Tap(p.startBtn)
	if !p.startBtn.Disabled() || p.stopBtn.Disabled() {
		t.Fatal("while running, Analyse should be disabled and Stop enabled")
	}
	for i := 0; i < 2; i++ {
		step <- struct{}{}
	}
	waitReports(t, p.model, 2)
	p.Sync()
	if got, want := p.figures[1].Text, Count(reports[1].Playouts); got != want {
		t.Errorf("playouts shown %q, want %q", got, want)
	}
	if got := p.figures[6].Text; got != "Ee2n Ee3n Ee4n Ee5w" {
		t.Errorf("best move shown %q", got)
	}
	if len(p.rows) != 2 || p.rows[0].Move != "Ee2n Ee3n Ee4n Ee5w" {
		t.Errorf("candidate rows %+v", p.rows)
	}
	if len(p.pvButtons) != 5 || p.pvButtons[4].Text != "me7s" {
		t.Fatalf("PV buttons %d", len(p.pvButtons))
	}
	if n := len(p.graph.Points()); n != 2 {
		t.Errorf("graph has %d points, want 2", n)
	}

	// The best move changes halfway through the stream: table and PV follow.
	for i := 2; i < len(reports); i++ {
		step <- struct{}{}
	}
	waitReports(t, p.model, len(reports))
	p.Sync()
	if p.rows[0].Move != "Md2n Md3n Ee2w Ed2n" || p.pvButtons[0].Text != "Md2n" {
		t.Errorf("after the change: first row %q, PV starts %q", p.rows[0].Move, p.pvButtons[0].Text)
	}
	if got := p.board.Overlays().Candidates; len(got) != 2 || len(got[0].Steps) != 4 || got[0].Steps[0] != mustStep("Md2n") {
		t.Errorf("board arrows %v, want the best move first", got)
	}

	// Clicking a PV step shows the board there.
	test.Tap(p.pvButtons[4])
	want := p.line.Steps[4].After
	if got := p.board.Shown(); got.AEIString() != want.AEIString() {
		t.Errorf("board after tapping PV step 5:\n%s\nwant\n%s", got.AEIString(), want.AEIString())
	}
	if got := shown(p).At(rules.E6); got.String() != "m" {
		t.Errorf("after me7s the camel should be on e6, found %v", got)
	}

	// Selecting a candidate shows its move.
	p.cands.Select(widgetCell(1, 0))
	if got := p.board.Overlays().PV; len(got) != 4 || got[0] != mustStep("Ee2n") {
		t.Errorf("candidate 2 arrows %v", got)
	}

	if *shot != "" {
		p.tabs.SelectIndex(0)
		uitest.Capture(t, w, *shot)
	}

	test.Tap(p.stopBtn)
	p.model.Wait()
	p.Sync()
	if p.startBtn.Disabled() || !p.stopBtn.Disabled() {
		t.Error("after stopping, Analyse should be enabled and Stop disabled")
	}
}

func TestPanelTreeBrowser(t *testing.T) {
	p := analysedWithFake(t, 3)
	tv := p.tree
	if tv.root == nil {
		t.Fatal("no snapshot after the analysis ended")
	}
	if kids := tv.childUIDs(rootUID); len(kids) != 2 {
		t.Fatalf("root has %d children shown, want 2", len(kids))
	}
	tv.tree.OpenBranch(rootUID)
	tv.tree.OpenBranch("r/0")
	if !tv.tree.IsBranchOpen("r/0") {
		t.Fatal("branch r/0 did not open")
	}
	if kids := tv.childUIDs("r/0"); len(kids) != 2 || kids[1] != "r/0/1" {
		t.Errorf("children of r/0: %v", kids)
	}
	tv.tree.Select("r/0/0/0/0")
	if got := shown(p).At(rules.E6); got.String() != "m" {
		t.Errorf("selected me7s node: e6 holds %v", got)
	}
	if got := shown(p).At(rules.E4); got.String() != "E" {
		t.Errorf("selected me7s node: e4 holds %v, want the elephant moved by Ee2n Ee3n", got)
	}
	if p.boardNote.Text != NodeText(fakeTree().Children[0].Children[0].Children[0].Children[0]) {
		t.Errorf("note %q", p.boardNote.Text)
	}
	tv.tree.Select("r/1")
	if got := shown(p).At(rules.D3); got.String() != "M" {
		t.Errorf("selected Md2n: d3 holds %v", got)
	}
	if h := p.board.Overlays().Heat; h != nil {
		t.Errorf("leaf node should have no heat map")
	}
}

func TestPanelEngineError(t *testing.T) {
	p, _ := newTestPanel(t, &fakeEngine{name: "broken", err: errTest})
	test.Tap(p.startBtn)
	p.model.Wait()
	p.Sync()
	if p.status.Text != "broken: "+errTest.Error() {
		t.Errorf("status %q", p.status.Text)
	}
}

func TestPanelBadLimit(t *testing.T) {
	p, _ := newTestPanel(t, &fakeEngine{name: "x"})
	test.Type(p.timeEntry, "x")
	test.Tap(p.startBtn)
	if p.model.State().Running || p.status.Text == "" {
		t.Errorf("a bad limit should not start: status %q", p.status.Text)
	}
}

// TestBadLimitStaysSaid: after an analysis has finished, a bad limit's
// message is not replaced by the finished analysis's summary when the
// panel next shows the model's state; the next analysis clears it.
func TestBadLimitStaysSaid(t *testing.T) {
	p := analysedWithFake(t, 3)
	p.timeEntry.SetText("")
	test.Type(p.timeEntry, "soon")
	test.Tap(p.startBtn)
	said := p.status.Text
	if said == "" || p.status.Importance != widget.DangerImportance {
		t.Fatalf("a bad limit: status %q (%v)", said, p.status.Importance)
	}
	p.Sync()
	if p.status.Text != said || p.status.Importance != widget.DangerImportance {
		t.Errorf("after Sync the status is %q (%v), want %q", p.status.Text, p.status.Importance, said)
	}
	p.timeEntry.SetText("")
	test.Type(p.timeEntry, "1")
	test.Tap(p.startBtn)
	p.model.Wait()
	p.Sync()
	if p.status.Text == said || p.status.Importance == widget.DangerImportance {
		t.Errorf("after a good start the status is still %q", p.status.Text)
	}
}

func TestEvaluationTab(t *testing.T) {
	p, _ := newTestPanel(t)
	// Gold rabbit on a7 with a free a8: the goal check finds Ra7n.
	var b [64]rules.Piece
	b[rules.A7] = rules.GoldRabbit
	b[rules.H1] = rules.MakePiece(rules.Gold, rules.Elephant)
	b[rules.H8] = rules.MakePiece(rules.Silver, rules.Rabbit)
	b[rules.C5] = rules.MakePiece(rules.Silver, rules.Cat)
	b[rules.C7] = rules.MakePiece(rules.Gold, rules.Dog)
	pos := rules.NewPosition(rules.Gold, 10, b)
	p.opts.Current.Set(state.Snapshot{Position: pos, Source: "test"})
	rep := p.opts.Evaluation.Report()
	if !rep.HasGoal || rep.Goal.Slice()[0] != mustStep("Ra7n") {
		t.Errorf("goal check %v %v", rep.HasGoal, rep.Goal)
	}
	if len(rep.Breakdown.Terms) == 0 {
		t.Error("no evaluation terms")
	}
	// Three gold and two silver pieces: the weaker side has lost 14, and
	// the rabbit on a7 threatens the goal: the endgame.
	if rep.Phase != 1 {
		t.Errorf("phase %v, want 1", rep.Phase)
	}
	terms := p.opts.Evaluation.terms
	if rows, _ := terms.Length(); rows != len(rep.Breakdown.Terms)+2 {
		t.Errorf("%d table rows for %d terms, want the total and the phase after them", rows, len(rep.Breakdown.Terms))
	}
	var cells []string
	for col := 0; col < 4; col++ {
		l := terms.CreateCell().(*tip.Label)
		terms.UpdateCell(widget.TableCellID{Row: len(rep.Breakdown.Terms) + 1, Col: col}, l)
		cells = append(cells, l.Text)
	}
	if strings.Join(cells, "|") != "Game phase (end)|||1.000" {
		t.Errorf("phase row %q", cells)
	}
	p.opts.Current.Set(state.Snapshot{Position: rules.StartPosition(), Source: "test"})
	if got := p.opts.Evaluation.Report().PhaseRow(); got[0] != "Game phase (opening)" || got[3] != "0.000" {
		t.Errorf("start position phase row %q", got)
	}
	p.opts.Current.Set(state.Snapshot{Position: pos, Source: "test"})
	test.Tap(p.opts.Evaluation.goal)
	if got := p.board.Overlays().Goal; len(got) == 0 {
		t.Error("tapping the goal check should draw the goal on the board")
	}
}

func waitReports(t testing.TB, m *Model, n int) {
	t.Helper()
	for i := 0; i < 1000; i++ {
		if m.State().Reports >= n {
			return
		}
		waitABit()
	}
	t.Fatalf("the model never got %d reports", n)
}

func shown(p *Panel) *rules.Position {
	pos := p.board.Shown()
	return &pos
}

// TestRefreshThrottled: the ticker draws the latest state however fast the
// reports come, at most once per RefreshInterval. Only the model and the
// panel's atomic counters are read here, as the ticker owns the widgets.
func TestRefreshThrottled(t *testing.T) {
	p, _ := newTestPanel(t, &fakeEngine{name: "x"})
	p.StartRefresh()
	start := time.Now()
	const n = 5000
	for i := 1; i <= n; i++ {
		p.model.Report(analysis.Report{Elapsed: time.Duration(i) * time.Microsecond, Playouts: int64(i), Best: mustMove("Ee2n")})
	}
	for i := 0; i < 2000 && p.refresh.Drawn() != p.model.Version(); i++ {
		time.Sleep(5 * time.Millisecond)
	}
	elapsed := time.Since(start)
	if p.refresh.Drawn() != p.model.Version() {
		t.Fatal("the ticker never drew the latest state")
	}
	frames := p.frames.Load()
	if limit := int64(elapsed/RefreshInterval) + 2; frames > limit {
		t.Errorf("%d frames in %v for %d reports; at most %d expected", frames, elapsed, n, limit)
	}
	p.Close()
}

// TestRulesAndPointsOfViewAreLabelled: the candidates table says which move
// the engine plays and what its visits count, and the win ratio and the
// tree's values each say whose point of view they take.
func TestRulesAndPointsOfViewAreLabelled(t *testing.T) {
	p := analysedWithFake(t, 4)
	p.ShowTab("Candidates")

	texts := map[string]bool{}
	for _, o := range test.LaidOutObjects(p.Content()) {
		switch l := o.(type) {
		case *widget.Label:
			texts[l.Text] = true
		case *tip.Button: // the "?" over the table
			texts[l.Tip] = true
		default: // the table's headers
			texts[tablefit.HeaderText(o)] = true
		}
	}
	for _, want := range []string{"Visits", "Win ratio for gold", CandidatesNote} {
		if !texts[want] {
			t.Errorf("no label %q in the panel", want)
		}
	}
	// The first row is the move played: the best move shown.
	if len(p.rows) == 0 || p.rows[0].Move != p.figures[6].Text {
		t.Errorf("first candidate %v, best move %q", p.rows, p.figures[6].Text)
	}
	if got := p.graph.Title; got != "Best move's win ratio for gold (to move)" {
		t.Errorf("graph title %q", got)
	}
	silverStep := fakeTree().Children[0].Children[0].Children[0].Children[0]
	if got := NodeText(silverStep); !strings.Contains(got, "value 0.500 for silver") {
		t.Errorf("silver's node reads %q", got)
	}
	if got := p.tree.help.Tip; !strings.Contains(got, "mean result for the side that played its step") || !strings.HasPrefix(p.tree.info.Text, "Snapshot of") {
		t.Errorf("tree note %q, its help %q", p.tree.info.Text, got)
	}
}

// analysedWithFake runs an analysis of the start position to its end with
// a fake engine that sends n scripted reports and has fakeTree's tree.
func analysedWithFake(t *testing.T, n int) *Panel {
	t.Helper()
	p, _ := newTestPanel(t, &fakeEngine{name: "fake MCTS", reports: scriptedReports(n), tree: fakeTree()})
	test.Tap(p.startBtn)
	p.model.Wait()
	p.Sync()
	return p
}

// TestAnalyseEmptyBoardSaysWhy: a board without rabbits cannot be
// analysed, and pressing Analyse says the game is over and how.
func TestAnalyseEmptyBoardSaysWhy(t *testing.T) {
	p, _ := newTestPanel(t, &fakeEngine{name: "fake"})
	p.opts.Current.Set(state.Snapshot{Position: rules.NewPosition(rules.Gold, 2, [64]rules.Piece{}), Source: "Editor"})
	test.Tap(p.startBtn)
	if got := p.status.Text; !strings.Contains(got, "the game is over in this position") || !strings.Contains(got, "elimination") {
		t.Errorf("status %q, want why the empty board cannot be analysed", got)
	}
	if p.model.State().Running {
		t.Error("an analysis started")
	}
}

// TestEvaluationAtThePVLeaf: after an analysis the evaluation tab shows,
// beside each term, its net at the principal variation's leaf and the
// change, which agree with the evaluator on the position the line reaches;
// another position takes the leaf's columns away.
func TestEvaluationAtThePVLeaf(t *testing.T) {
	p := analysedWithFake(t, 4)
	p.ShowTab("Evaluation")
	ev := p.opts.Evaluation
	leaf, ok := ev.Leaf()
	if !ok {
		t.Fatal("no leaf after an analysis with a principal variation")
	}
	want := rules.StartPosition()
	for _, s := range p.model.State().Report.PV {
		if s.Side != want.Side() {
			want = want.EndTurn()
		}
		want = want.Play(s.Step)
	}
	if !samePosition(leaf.Position, want) {
		t.Fatalf("leaf %s, want the position after the PV %s", leaf.Position.AEIString(), want.AEIString())
	}
	e := eval.New(eval.DefaultWeights())
	start := rules.StartPosition()
	here, there := e.Breakdown(&start), e.Breakdown(&want)
	if rows, cols := ev.terms.Length(); rows != len(here.Terms)+2 || cols != 4 {
		t.Fatalf("table %dx%d, want %dx4", rows, cols, len(here.Terms)+2)
	}
	for col, h := range []string{"Term", "Net", "PV leaf", "Change"} {
		if got := ev.headers()[col]; got != h {
			t.Errorf("column %d %q, want %q", col, got, h)
		}
	}
	changed := 0
	for i, term := range here.Terms {
		l := ev.terms.CreateCell().(*tip.Label)
		ev.terms.UpdateCell(widget.TableCellID{Row: i, Col: 3}, l)
		d := there.Terms[i].Net() - term.Net()
		if l.Text != signed(d) {
			t.Errorf("%s: change %q, want %d", term.Name, l.Text, d)
		}
		if d != 0 {
			changed++
		}
	}
	if changed == 0 {
		t.Error("no term changed along the line: the test shows nothing")
	}
	total := ev.Row(len(here.Terms))
	if total[2] != strconv.Itoa(there.Gold-there.Silver) {
		t.Errorf("total at the leaf %q, want %d", total[2], there.Gold-there.Silver)
	}
	if !strings.Contains(ev.leafText.Text, "5 steps") {
		t.Errorf("leaf line %q", ev.leafText.Text)
	}
	var b [64]rules.Piece
	b[rules.A2] = rules.GoldRabbit
	b[rules.H7] = rules.MakePiece(rules.Silver, rules.Rabbit)
	p.opts.Current.Set(state.Snapshot{Position: rules.NewPosition(rules.Gold, 2, b), Source: "test"})
	if _, ok := ev.Leaf(); ok {
		t.Error("another position kept the leaf of the analysis before")
	}
	if h := ev.headers(); h[1] != "Gold" || ev.leafText.Text != "" {
		t.Errorf("columns %q and %q without a leaf", h, ev.leafText.Text)
	}
}
