package enginepanel

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
)

// Iteration is one completed iteration of a search that deepens by whole
// steps: the builtin alpha-beta search's report of it as it completed,
// or an AEI engine's first report at its depth.
type Iteration struct {
	Depth, SelDepth int
	Elapsed         time.Duration
	Nodes           int64
	NodesPerSec     float64
	Score           int
	HasScore        bool
	WinRatio        float64 // for the side to move; with HasWinRatio
	HasWinRatio     bool
	PV              []rules.PVStep
}

// maxIterations bounds the iterations a model keeps: an AEI engine may
// say any depth.
const maxIterations = 256

// iterationOf is r as an iteration, and false when r is not one: the
// alpha-beta search marks the report of each iteration it completes; an
// AEI engine's first report at a deeper depth stands for one; the MCTS's
// depth is a mean descent.
func iterationOf(r analysis.Report) (Iteration, bool) {
	if r.AlphaBeta && !r.Completed || !r.AlphaBeta && !r.HasScore || r.AvgDepth < 1 {
		return Iteration{}, false
	}
	return Iteration{
		Depth: int(r.AvgDepth), SelDepth: r.MaxDepth, Elapsed: r.Elapsed,
		Nodes: r.Nodes, NodesPerSec: r.PlayoutsPerSec,
		Score: r.Score, HasScore: r.HasScore || r.AlphaBeta,
		WinRatio: r.WinRatio, HasWinRatio: r.HasWinRatio && r.AlphaBeta,
		PV: r.PV,
	}, true
}

// addIteration records the iteration r tells of, in order of depth,
// the first report of each depth; m.mu is held.
func (m *Model) addIteration(r analysis.Report) {
	it, ok := iterationOf(r)
	if !ok || len(m.st.Iterations) >= maxIterations {
		return
	}
	i, found := slices.BinarySearchFunc(m.st.Iterations, it.Depth, func(x Iteration, d int) int { return cmp.Compare(x.Depth, d) })
	if !found {
		m.st.Iterations = slices.Insert(m.st.Iterations, i, it)
	}
}

// IterationHeaders are the iterations table's column titles for an
// analysis of start.
func IterationHeaders(start rules.Position) []string {
	return []string{"Depth", "Selective", "Score for " + start.Side().String(), "Nodes", "Nodes/s", "Time", "Principal variation"}
}

// IterationRows are the iterations table's rows, the deepest first: the
// newest without scrolling. The score is in centi-rabbits with its win
// share, as the candidates table writes it.
func IterationRows(start rules.Position, its []Iteration) [][]string {
	rows := make([][]string, len(its))
	for i, it := range its {
		score := "—"
		switch {
		case it.HasScore && it.HasWinRatio:
			score = fmt.Sprintf("%+d cr (%s)", it.Score, Percent(it.WinRatio))
		case it.HasScore:
			score = fmt.Sprintf("%+d cr", it.Score)
		}
		rows[len(its)-1-i] = []string{
			fmt.Sprintf("%d", it.Depth), fmt.Sprintf("%d", it.SelDepth), score,
			Count(it.Nodes), Rate(it.NodesPerSec), iterationTime(it.Elapsed), rules.PVString(start.Side(), it.PV),
		}
	}
	return rows
}

// iterationTime writes when an iteration completed: to the hundredth of
// a second under ten seconds, where the first iterations all end.
func iterationTime(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	return Duration(d)
}

// IterationsNote explains the iterations table, and why the MCTS fills none.
const IterationsNote = "A row for each iteration the search completed, the deepest first: its depth and selective depth in steps, " +
	"the score for the side to move (centi-rabbits) and its win share, the nodes and time when it completed, and its principal variation. " +
	"The MCTS does not deepen by iterations: its progress is the graph under the board and the search tree."
