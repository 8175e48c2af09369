package panels

import (
	"context"
	"errors"
	"math"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/enginepanel"
	"arimaa-workbench/ui/play"
)

// gameAnalyser lets the viewer's whole-game analysis and its game against
// the engine search with an engine of the engine panel: its limits
// (threads, seed) with the viewer's time per position (or per move, or
// playouts) in place of the panel's time and playouts.
type gameAnalyser struct {
	eng analysis.Engine
	lim analysis.Limits
}

// The viewer's hooks take a gameAnalyser as either.
var (
	_ analysis.Analyser = gameAnalyser{}
	_ play.Player       = gameAnalyser{}
)

// chosenEngine is a hook of the viewer, its Analyser (T analysis.Analyser)
// or its Opponent (T play.Player): a gameAnalyser with the engine panel's
// chosen engine and settings.
func chosenEngine[T any](ep *enginepanel.Panel) func() (T, error) {
	return func() (T, error) {
		eng, lim, err := ep.Chosen()
		if err != nil {
			var none T
			return none, err
		}
		return any(gameAnalyser{eng: eng, lim: lim}).(T), nil
	}
}

func (a gameAnalyser) Name() string { return a.eng.Name() }

// scoreScale is the score, in centi-rabbits, at which an engine that
// gives a score and no win ratio is taken to win 73 % (1/(1+e^-1)).
const scoreScale = 200

func (a gameAnalyser) Evaluate(ctx context.Context, g *rules.Game, perMove time.Duration) (analysis.PositionEval, error) {
	lim := a.lim
	lim.Time, lim.Playouts, lim.Nodes = perMove, 0, 0
	// An external engine's process lives for one position, as in the
	// engine panel's analyses.
	defer a.eng.Close()
	res, err := a.eng.Search(ctx, g, lim, analysis.Output{})
	if err != nil {
		return analysis.PositionEval{}, err
	}
	r := res.Report
	if r.Best.N == 0 {
		return analysis.PositionEval{}, errors.New("the engine gave no move")
	}
	w := r.WinRatio
	if r.HasScore && w == 0 {
		w = 1 / (1 + math.Exp(-float64(r.Score)/scoreScale))
	}
	return analysis.PositionEval{WinRatio: w, Best: r.Best, HasBest: true}, nil
}

// Move plays a move in the viewer's game against the engine.
func (a gameAnalyser) Move(ctx context.Context, g *rules.Game, pl play.Limits) (rules.Move, error) {
	lim := a.lim
	lim.Time, lim.Playouts, lim.Nodes = pl.Time, pl.Playouts, 0
	defer a.eng.Close()
	res, err := a.eng.Search(ctx, g, lim, analysis.Output{})
	if err != nil {
		return rules.Move{}, err
	}
	if res.Report.Best.N == 0 {
		return rules.Move{}, errors.New("the engine gave no move")
	}
	return res.Report.Best, nil
}
