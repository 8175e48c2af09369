package panels

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/builtin"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/play"
)

// longGame plays random legal moves (fixed seed) that do not end the
// game and leave the mover's own rabbits where they are when it can, from
// the standard start until plies moves are played.
func longGame(tb testing.TB, plies int) *rules.Game {
	tb.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10 {
		g, err := rules.NewGameFrom(rules.StartPosition())
		if err != nil {
			tb.Fatal(err)
		}
		for len(g.Moves()) < plies && g.Phase() == rules.Playing {
			p := g.Position()
			side := p.Side()
			var quiet, open []rules.Move
			for _, m := range g.LegalMoves(nil) {
				q := p
				home := true
				for _, st := range m.Slice() {
					q = q.Play(st)
					home = home && st.Piece() != rules.MakePiece(side, rules.Rabbit)
				}
				q = q.EndTurn()
				if _, over := q.Outcome(); over {
					continue
				}
				open = append(open, m)
				if home {
					quiet = append(quiet, m)
				}
			}
			if len(quiet) == 0 {
				quiet = open
			}
			if len(quiet) == 0 {
				break
			}
			if err := g.Play(quiet[rng.IntN(len(quiet))]); err != nil {
				tb.Fatal(err)
			}
		}
		if len(g.Moves()) == plies && g.Phase() == rules.Playing {
			return g
		}
	}
	tb.Fatal("no random game lasted long enough")
	return nil
}

// timed is an Analyser that adds up the time spent in Evaluate.
type timed struct {
	analysis.Analyser
	in    time.Duration
	calls int
}

func (t *timed) Evaluate(ctx context.Context, g *rules.Game, per time.Duration) (analysis.PositionEval, error) {
	start := time.Now()
	ev, err := t.Analyser.Evaluate(ctx, g, per)
	t.in += time.Since(start)
	t.calls++
	return ev, err
}

// BenchmarkWholeGameAnalysis analyses a 100-move game (200 moves, 201
// positions) with the builtin engine at 0.2 s per position on one thread,
// through the whole-game analysis and this package's adapter. It reports the
// whole time (s/game), the time in the engine's searches per position
// (search-ms/position: at most 200, less where the engine proves the
// result early) and the time beyond them per position
// (overhead-ms/position: replaying the game, the adapter, the engine's
// start and end of each search). Run it alone, once:
//
//	go test -run '^$' -bench WholeGameAnalysis -benchtime 1x ./ui/panels
func BenchmarkWholeGameAnalysis(b *testing.B) {
	const per = 200 * time.Millisecond
	g := longGame(b, 200)
	for range b.N {
		eng := &timed{Analyser: gameAnalyser{eng: builtin.New("builtin", builtin.Fixed(builtin.Options{Config: config.Default()})), lim: analysis.Limits{Threads: 1, Seed: 1}}}
		a := analysis.NewGameAnalysis(g)
		start := time.Now()
		if err := a.Run(context.Background(), eng, per, nil); err != nil {
			b.Fatal(err)
		}
		took := time.Since(start)
		n := float64(a.Positions())
		b.ReportMetric(took.Seconds(), "s/game")
		b.ReportMetric(float64(eng.in)/float64(eng.calls)/1e6, "search-ms/position")
		b.ReportMetric(float64(took-eng.in)/n/1e6, "overhead-ms/position")
	}
}

// recording is an engine that keeps the limits of its searches and what
// ended each.
type recording struct {
	analysis.Engine
	lims   []analysis.Limits
	endeds []analysis.Ending
}

func (r *recording) Search(ctx context.Context, g *rules.Game, lim analysis.Limits, out analysis.Output) (analysis.Result, error) {
	r.lims = append(r.lims, lim)
	res, err := r.Engine.Search(ctx, g, lim, out)
	r.endeds = append(r.endeds, res.Report.Ended)
	return res, err
}

func builtinEngine() *recording {
	return &recording{Engine: builtin.New("builtin", builtin.Fixed(builtin.Options{Config: config.Default()}))}
}

// TestGameAnalyserUsesThePanelsEngine: the adapter searches with the
// panel's limits but the viewer's time per position (the time, not the
// panel's playouts, ends the search), and gives the engine's win ratio
// and move.
func TestGameAnalyserUsesThePanelsEngine(t *testing.T) {
	g := longGame(t, 4)
	rec := builtinEngine()
	eng := gameAnalyser{eng: rec, lim: analysis.Limits{Threads: 1, Seed: 3, Playouts: 1 << 40}}
	ev, err := eng.Evaluate(context.Background(), g, 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.lims) != 1 || !reflect.DeepEqual(rec.lims[0], analysis.Limits{Time: 100 * time.Millisecond, Threads: 1, Seed: 3}) || rec.endeds[0] != analysis.EndTime {
		t.Errorf("searched with %+v, ended by %v; want 0.1 s with the panel's thread and seed, ended by the time", rec.lims, rec.endeds)
	}
	if !ev.HasBest || ev.WinRatio <= 0 || ev.WinRatio >= 1 {
		t.Errorf("evaluation %+v", ev)
	}
	if err := g.Play(ev.Best); err != nil {
		t.Errorf("the best move %v is illegal: %v", ev.Best, err)
	}
}

// TestOpponentPlaysWithTheGamesLimits: the game against the engine
// searches with the panel's engine and threads but the game's playouts
// per move, and plays a legal move.
func TestOpponentPlaysWithTheGamesLimits(t *testing.T) {
	g := longGame(t, 4)
	rec := builtinEngine()
	eng := gameAnalyser{eng: rec, lim: analysis.Limits{Threads: 1, Seed: 3, Time: time.Hour}}
	mv, err := eng.Move(context.Background(), g, play.Limits{Playouts: 200})
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.lims) != 1 || rec.lims[0].Time != 0 || rec.lims[0].Playouts != 200 || rec.endeds[0] != analysis.EndPlayouts {
		t.Errorf("searched with %+v, ended by %v; want 200 playouts and no time limit", rec.lims, rec.endeds)
	}
	if err := g.Play(mv); err != nil {
		t.Errorf("the engine's move %v is illegal: %v", mv, err)
	}
}
