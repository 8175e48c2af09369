package enginepanel

import (
	"errors"

	"fyne.io/fyne/v2/widget"

	"context"
	"fmt"
	"sync/atomic"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/engines"
)

// fakeEngine replays a fixed list of reports, one per call of step (or all
// at once when step is nil), then waits for ctx when hold is set, and
// returns the last report as final. Everything is deterministic.
type fakeEngine struct {
	name    string
	reports []analysis.Report
	raw     []string
	hold    bool
	step    chan struct{} // when non-nil, one report per receive
	tree    *mcts.Node
	err     error
	snaps   atomic.Int32 // Snapshot calls
}

func (f *fakeEngine) Name() string { return f.name }

func (f *fakeEngine) Close() error { return nil }

func (f *fakeEngine) Search(ctx context.Context, g *rules.Game, lim analysis.Limits, out analysis.Output) (analysis.Result, error) {
	var last analysis.Report
	for i, r := range f.reports {
		if f.step != nil {
			select {
			case <-f.step:
			case <-ctx.Done():
				return analysis.Result{Report: last}, ctx.Err()
			}
		}
		out.Send(r)
		if i < len(f.raw) {
			out.Say(f.raw[i])
		}
		last = r
	}
	if f.err != nil {
		return analysis.Result{Report: last}, f.err
	}
	if f.hold {
		<-ctx.Done()
		return analysis.Result{Report: last}, ctx.Err()
	}
	return analysis.Result{Report: last}, nil
}

func (f *fakeEngine) Snapshot(maxDepth, maxChildren int) *mcts.Node {
	f.snaps.Add(1)
	return f.tree
}

// mustStep parses a step or panics: test data is hand-written.
func mustStep(s string) rules.Step {
	st, err := rules.ParseStep(s)
	if err != nil {
		panic(err)
	}
	return st
}

func mustMove(ws ...string) rules.Move {
	var m rules.Move
	for _, w := range ws {
		m = m.Add(mustStep(w))
	}
	return m
}

// scriptedReports is a deterministic stream from the start position: the
// best move changes from Ee2n Ee3n Ee4n Ee5w to Md2n Md3n … halfway.
func scriptedReports(n int) []analysis.Report {
	a := mustMove("Ee2n", "Ee3n", "Ee4n", "Ee5w")
	b := mustMove("Md2n", "Md3n", "Ee2w", "Ed2n")
	out := make([]analysis.Report, n)
	for i := range out {
		best, other := a, b
		if i >= n/2 {
			best, other = b, a
		}
		v := int64(1000 * (i + 1))
		out[i] = analysis.Report{
			Elapsed:        time.Duration(i+1) * 100 * time.Millisecond,
			Playouts:       v,
			PlayoutsPerSec: float64(v) * 10 / float64(i+1),
			Nodes:          v / 2,
			MemoryBytes:    v * 100,
			AvgDepth:       3 + float64(i)/10,
			MaxDepth:       5 + i,
			Best:           best,
			WinRatio:       0.5 + float64(i)/(4*float64(n)),
			HasWinRatio:    true,
			PV: []rules.PVStep{
				{Step: best.Steps[0], Side: rules.Gold},
				{Step: best.Steps[1], Side: rules.Gold},
				{Step: best.Steps[2], Side: rules.Gold},
				{Step: best.Steps[3], Side: rules.Gold},
				{Step: mustStep("me7s"), Side: rules.Silver},
			},
			Candidates: []analysis.Candidate{
				{Move: best, Visits: v * 2 / 3, WinRatio: 0.56},
				{Move: other, Visits: v / 3, WinRatio: 0.51},
			},
		}
	}
	return out
}

// fakeTree is a small hand-made snapshot from the start position.
func fakeTree() *mcts.Node {
	leaf := func(s string, side rules.Color, visits int64) *mcts.Node {
		return &mcts.Node{Step: mustStep(s), Side: side, Visits: visits, Value: 0.5, Bias: 0.1, History: 0.2}
	}
	e1 := leaf("Ee2n", rules.Gold, 600)
	e1.Children = []*mcts.Node{leaf("Ee3n", rules.Gold, 400), leaf("Md2n", rules.Gold, 150)}
	e1.Children[0].Children = []*mcts.Node{{Step: rules.Pass, Side: rules.Gold, Visits: 100, Value: 0.52}}
	e1.Children[0].Children[0].Children = []*mcts.Node{leaf("me7s", rules.Silver, 90)}
	d := leaf("Md2n", rules.Gold, 300)
	d.Shared = 2
	return &mcts.Node{Visits: 1000, Value: 0.55, Children: []*mcts.Node{e1, d}}
}

func startGame() *rules.Game {
	g, err := rules.NewGameFrom(rules.StartPosition())
	if err != nil {
		panic(fmt.Sprint("start position: ", err))
	}
	return g
}

var errTest = errors.New("engine exited with status 3")

func waitABit() { time.Sleep(time.Millisecond) }

func widgetCell(row, col int) widget.TableCellID { return widget.TableCellID{Row: row, Col: col} }

// fakeChoices offers engs by name, as the panels' list offers engines.
func fakeChoices(engs []analysis.Engine) []engines.Choice {
	out := make([]engines.Choice, len(engs))
	for i, e := range engs {
		out[i] = engines.Choice{Name: e.Name()}
	}
	return out
}

// byName is the engine of engs called name.
func byName(engs []analysis.Engine, name string) analysis.Engine {
	for _, e := range engs {
		if e.Name() == name {
			return e
		}
	}
	return nil
}
