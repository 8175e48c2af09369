package analysis

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// fakeAnalyser judges positions from a table by their index in the line
// (0.5 where the table says nothing), with the best move its best table
// gives; at position failAt it fails, and from position blockAt on it
// waits for its context (closing blocked first).
type fakeAnalyser struct {
	table   map[int]float64
	best    map[int]string
	failAt  int
	blockAt int
	blocked chan struct{}
	mu      sync.Mutex
	perMove []time.Duration
}

func (f *fakeAnalyser) Name() string { return "fake" }

func (f *fakeAnalyser) Evaluate(ctx context.Context, g *rules.Game, perMove time.Duration) (PositionEval, error) {
	f.mu.Lock()
	f.perMove = append(f.perMove, perMove)
	f.mu.Unlock()
	i := len(g.Moves())
	switch {
	case f.failAt > 0 && i == f.failAt:
		return PositionEval{}, errors.New("boom")
	case f.blockAt > 0 && i >= f.blockAt:
		close(f.blocked)
		<-ctx.Done()
		return PositionEval{}, ctx.Err()
	}
	w, ok := f.table[i]
	if !ok {
		w = 0.5
	}
	ev := PositionEval{WinRatio: w}
	if s, ok := f.best[i]; ok {
		wm, err := rules.ParseMove(s)
		if err != nil {
			return ev, err
		}
		ev.Best, ev.HasBest = wm.Move, true
	}
	return ev, nil
}

// line is a game from turn 10 in which Gold scores a goal with its fifth
// move: 10w Ee2n, 10b ed4n, 11w Ee3n, 11b ed5n, 12w Ra7n. n moves of it
// are played.
func line(t *testing.T, n int) *rules.Game {
	t.Helper()
	g, err := rules.NewGameFrom(rulestest.Place(t, rules.Gold, "Ra7 Ee2 ra2 ed4"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Ee2n", "ed4n", "Ee3n", "ed5n", "Ra7n"}[:n] {
		rulestest.PlayMove(t, g, s)
	}
	return g
}

func TestGameAnalysis(t *testing.T) {
	tests := []struct {
		name     string
		moves    int
		finish   *rules.Result
		eng      *fakeAnalyser
		searches int       // positions the engine searched
		curve    []float64 // Gold's win ratios
		blunders []string  // at a threshold of 0.2
		err      string
	}{
		{"every position, the last won by goal", 5, nil, &fakeAnalyser{}, 5,
			[]float64{0.5, 0.5, 0.5, 0.5, 0.5, 1}, nil, ""},
		{"a blunder with a better move", 5, nil,
			&fakeAnalyser{table: map[int]float64{2: 0.8, 3: 0.2}, best: map[int]string{1: "ed4e"}}, 5,
			[]float64{0.5, 0.5, 0.8, 0.8, 0.5, 1}, []string{"10b: -30% (better: ed4e)"}, ""},
		{"a blunder the engine would play too", 5, nil,
			&fakeAnalyser{table: map[int]float64{2: 0.8, 3: 0.2}, best: map[int]string{1: "ed4n"}}, 5,
			[]float64{0.5, 0.5, 0.8, 0.8, 0.5, 1}, []string{"10b: -30%"}, ""},
		{"a win ratio out of range or not a number", 2, nil,
			&fakeAnalyser{table: map[int]float64{0: math.NaN(), 1: 1.7, 2: -1}}, 3,
			[]float64{0.5, 0, 0}, []string{"10w: -50%"}, ""},
		{"a resignation decides the last position", 4, &rules.Result{Winner: rules.Gold, How: rules.ByResignation},
			&fakeAnalyser{}, 4, []float64{0.5, 0.5, 0.5, 0.5, 1}, []string{"11b: -50%"}, ""},
		{"a line without moves", 0, nil, &fakeAnalyser{table: map[int]float64{0: 0.9}}, 1, []float64{0.9}, nil, ""},
		{"an engine error ends the analysis", 5, nil, &fakeAnalyser{failAt: 2}, 3,
			[]float64{0.5, 0.5}, nil, "fake at 11w: boom"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := line(t, tc.moves)
			if tc.finish != nil {
				g.Finish(*tc.finish)
			}
			a := NewGameAnalysis(g)
			var progress []int
			err := a.Run(context.Background(), tc.eng, 250*time.Millisecond, func(n int) { progress = append(progress, n) })
			if (err == nil) != (tc.err == "") || (err != nil && err.Error() != tc.err) || !reflect.DeepEqual(a.Err(), err) {
				t.Fatalf("Run: %v (Err %v), want %q", err, a.Err(), tc.err)
			}
			if len(tc.eng.perMove) != tc.searches || tc.eng.perMove[0] != 250*time.Millisecond {
				t.Errorf("the engine searched %d positions (%v), want %d at 250ms", len(tc.eng.perMove), tc.eng.perMove, tc.searches)
			}
			if got := a.GoldCurve(); !reflect.DeepEqual(got, tc.curve) {
				t.Errorf("Gold's curve %v, want %v", got, tc.curve)
			}
			if a.Done() != len(tc.curve) || len(progress) != len(tc.curve) || a.Running() {
				t.Errorf("done %d, progress %v, running %v", a.Done(), progress, a.Running())
			}
			var texts []string
			for _, b := range a.Blunders(0.2) {
				texts = append(texts, b.Text)
				if !strings.HasPrefix(b.Text, b.Label+": ") {
					t.Errorf("blunder %q labelled %q", b.Text, b.Label)
				}
			}
			if !reflect.DeepEqual(texts, tc.blunders) {
				t.Errorf("blunders %q, want %q", texts, tc.blunders)
			}
			if len(a.Blunders(0.5)) != 0 {
				t.Errorf("blunders over a threshold of 50%%: %v", a.Blunders(0.5))
			}
			if a.Positions() != tc.moves+1 || len(a.Turns()) != tc.moves+1 || a.Turns()[0] != 10 {
				t.Errorf("%d positions, turns %v", a.Positions(), a.Turns())
			}
		})
	}
}

// TestGameAnalysisStops: a cancelled analysis keeps the positions done,
// reports no error, and runs again from the start.
func TestGameAnalysisStops(t *testing.T) {
	a := NewGameAnalysis(line(t, 5))
	eng := &fakeAnalyser{blockAt: 3, blocked: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	ended := make(chan error)
	go func() { ended <- a.Run(ctx, eng, time.Second, nil) }()
	<-eng.blocked
	if !a.Running() {
		t.Error("not running during the search")
	}
	cancel()
	if err := <-ended; err != nil || a.Err() != nil || a.Done() != 3 || a.Running() {
		t.Fatalf("after the cancel: %v, done %d, running %v", err, a.Done(), a.Running())
	}
	again := &fakeAnalyser{}
	if err := a.Run(context.Background(), again, time.Second, nil); err != nil || a.Done() != 6 || len(again.perMove) != 5 {
		t.Errorf("run again: %v, done %d, %d searches", err, a.Done(), len(again.perMove))
	}
}
