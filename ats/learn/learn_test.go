package learn

import (
	"bytes"
	"context"
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// centreGames are games of one move each in which gold's elephant makes
// four steps, towards the centre or away from it, while a rabbit could
// have advanced instead: the centre term decides the played move.
func centreGames(t *testing.T, toward bool) []played {
	return oneMoveGames(t, "cdefgh", func(f string) (string, string) {
		if toward {
			return "Ea1 R" + f + "1 rh8", "Ea1n Ea2n Ea3n Ea4e"
		}
		return "Ed4 R" + f + "1 rh8", "Ed4w Ec4w Eb4w Ea4s"
	})
}

// oneMoveGames builds a game of one gold move for each file of files:
// game gives, for the file, the pieces (as rulestest.Place takes them)
// and the move's steps.
func oneMoveGames(t *testing.T, files string, game func(file string) (pieces, move string)) []played {
	var gs []played
	for _, f := range files {
		pieces, move := game(string(f))
		gs = append(gs, played{pos: rulestest.Place(t, rules.Gold, pieces), moves: []string{move}})
	}
	return gs
}

// TestTermDecidesWeight: where the centre term alone tells the played move
// from the others, the elephant's centre weight moves the right way: up
// from 0 when the elephant always heads for the centre, down from 20 when
// it always leaves it.
func TestTermDecidesWeight(t *testing.T) {
	for _, tc := range []struct {
		name   string
		toward bool
		start  string
		up     bool
	}{
		{"towards the centre", true, "[0, 0, 0, 0, 0, 0, 0]", true},
		{"away from the centre", false, "[0, 0, 0, 0, 0, 0, 20]", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := config.Default()
			if err := base.Set("eval.centre", tc.start); err != nil {
				t.Fatal(err)
			}
			c := readCorpus(t, archive(t, centreGames(t, tc.toward)), ReadOptions{})
			if len(c.Examples) != 6 {
				t.Fatalf("%d examples, want 6", len(c.Examples))
			}
			res, w := trainMoves(t, c, small(base), "eval.centre[6]", tc.up)
			// The result's configuration holds the weights the summary lists.
			if got, _ := res.Config.Get("eval.centre"); !strings.HasSuffix(got, ", "+strconv.Itoa(w.New)+"]") {
				t.Errorf("configuration has eval.centre = %s, summary %d", got, w.New)
			}
		})
	}
}

// trainMoves trains on c and checks that the weight named key went up (or
// down, as up says) and that the loss fell: what a test whose games all
// favour one side of a term expects.
func trainMoves(t *testing.T, c *Corpus, opt Options, key string, up bool) (*Result, Weight) {
	t.Helper()
	res, err := Train(context.Background(), c, opt)
	if err != nil {
		t.Fatal(err)
	}
	w := weightOf(t, res, key)
	if moved := w.New - w.Old; up && moved <= 0 || !up && moved >= 0 {
		t.Errorf("%s went from %d to %d", key, w.Old, w.New)
	}
	if !(res.After.Loss < res.Before.Loss) {
		t.Errorf("loss %.4f after, %.4f before: want lower", res.After.Loss, res.Before.Loss)
	}
	return res, w
}

// sampleArchive reads the first n positions of the example archive.
func sampleArchive(t *testing.T, n int) *Corpus {
	t.Helper()
	c, err := Read(context.Background(), []Source{FileSource("../../assets/games/sample_archive.tsv")}, ReadOptions{MaxExamples: n})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSameSeedSameWeights: a seed gives the same weights and figures on
// one thread, again, and on three.
func TestSameSeedSameWeights(t *testing.T) {
	c := sampleArchive(t, 24)
	run := func(threads int) *Result {
		opt := small(config.Default())
		opt.Sample, opt.Captures, opt.Passes, opt.Batch = 6, 3, 2, 8
		opt.Holdout, opt.Threads, opt.Seed = 0.3, threads, 7
		res, err := Train(context.Background(), c, opt)
		if err != nil {
			t.Fatal(err)
		}
		res.Seconds, res.Rate = 0, 0
		for i := range res.Passes {
			res.Passes[i].Seconds = 0
		}
		return res
	}
	first := run(1)
	changed := 0
	for _, w := range first.Weights {
		if w.New != w.Old {
			changed++
		}
	}
	if first.BestPass > 0 && changed == 0 {
		t.Error("a best pass after the start, but no weight changed")
	}
	for _, threads := range []int{1, 3} {
		if again := run(threads); !reflect.DeepEqual(first, again) {
			t.Errorf("threads %d: the result differs:\n%+v\n%+v", threads, first, again)
		}
	}
}

// TestHoldoutByGame: the split holds out whole games, the share asked for.
func TestHoldoutByGame(t *testing.T) {
	c := sampleArchive(t, 0)
	for _, h := range []float64{0, 0.1, 0.3, 0.5, 0.9} {
		train, held, nTrain, nHeld := split(c, h, 3)
		if nTrain+nHeld != len(c.Games) || len(train)+len(held) != len(c.Examples) {
			t.Fatalf("holdout %v: %d+%d games of %d, %d+%d examples of %d", h, nTrain, nHeld, len(c.Games), len(train), len(held), len(c.Examples))
		}
		if want := min(len(c.Games)-1, max(map[bool]int{true: 1}[h > 0], int(h*float64(len(c.Games))+0.5))); nHeld != want {
			t.Errorf("holdout %v: %d games held out, want %d", h, nHeld, want)
		}
		inTrain := map[int]bool{}
		for _, x := range train {
			inTrain[x.Game] = true
		}
		games := map[int]bool{}
		for _, x := range held {
			if inTrain[x.Game] {
				t.Errorf("holdout %v: game %s has positions on both sides", h, c.Games[x.Game])
			}
			games[x.Game] = true
		}
		if len(games) != nHeld {
			t.Errorf("holdout %v: positions of %d games held out, want %d", h, len(games), nHeld)
		}
	}
}

// TestReadErrors: inputs with nothing to learn from are refused with a
// sentence naming the input and the reason.
func TestReadErrors(t *testing.T) {
	good := archive(t, centreGames(t, true))
	rated := archive(t, []played{{pos: rulestest.Place(t, rules.Gold, "Ea1 Rh1 rh8"), moves: []string{"Ea1n", "rh8s"}, rating: [2]int{1500, 1700}}})
	header := strings.SplitN(string(good), "\n", 2)[0] + "\n"
	illegal := strings.Replace(string(good), "Ea1n", "Ea1s", -1)
	for _, tc := range []struct {
		name, data string
		opt        ReadOptions
		want       string
	}{
		{"empty file", "", ReadOptions{}, "test.tsv: no usable games (1 read, none replays; the first: test.tsv:1: the record is empty)"},
		{"archive without rows", header, ReadOptions{}, "test.tsv: no games in it"},
		{"no legal game", illegal, ReadOptions{}, "test.tsv: no usable games (6 read, none replays; the first: "},
		{"rating filter", string(rated), ReadOptions{MinRating: 1800}, "a minimum rating of 1800 leaves no games: 1 usable games read, the highest rating among them 1700"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(context.Background(), []Source{ReaderSource(strings.NewReader(tc.data), "test.tsv")}, tc.opt)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	if _, err := Read(context.Background(), []Source{FileSource("no/such/file.tsv")}, ReadOptions{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	// The filter keeps the moves of the side rated high enough only.
	c := readCorpus(t, rated, ReadOptions{MinRating: 1600})
	for _, x := range c.Examples {
		if x.Position.Side() != rules.Silver {
			t.Errorf("kept a move of %v, rated 1500", x.Position.Side())
		}
	}
}

// TestSearchSeesHangingPiece: the shallow search scores a move that
// leaves a piece to be captured by the position after the capture.
func TestSearchSeesHangingPiece(t *testing.T) {
	p := rulestest.Place(t, rules.Gold, "Cc4 Rh1 ed4 rh8")
	e := eval.New(eval.DefaultWeights())
	m := rules.MoveOf(rulestest.Step(t, "Rh1n"))
	l := search(e, &p, m)
	after := playMove(p, m)
	if standPat := -e.Evaluate(&after); !(l.score < standPat) {
		t.Errorf("score %d, standing pat %d: the capture was not seen", l.score, standPat)
	}
	if l.pos.Count(rules.Gold, rules.Cat) != 0 || l.pos.Side() != rules.Gold {
		t.Errorf("leaf %s: want the position after the cat's capture, gold to move", l.pos.AEIString())
	}
	// A goal the opponent can score loses the move.
	p = rulestest.Place(t, rules.Gold, "Ea1 Rh1 rh2")
	if l := search(e, &p, rules.MoveOf(rulestest.Step(t, "Ea1n"))); !l.terminal || l.score != -winScore {
		t.Errorf("a move allowing a goal: %+v", l)
	}
}

// TestCancelKeepsBest: cancelled in its second pass, Train returns the
// weights of the best measured pass so far, and says it stopped.
func TestCancelKeepsBest(t *testing.T) {
	c := readCorpus(t, archive(t, centreGames(t, true)), ReadOptions{})
	base := config.Default()
	if err := base.Set("eval.centre", "[0, 0, 0, 0, 0, 0, 0]"); err != nil {
		t.Fatal(err)
	}
	opt := small(base)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt.Progress = func(p Progress) {
		if p.Phase == "training" && p.Pass == 2 {
			cancel()
		}
	}
	res, err := Train(ctx, c, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Stopped || len(res.Passes) != 1 {
		t.Fatalf("stopped %v after %d passes, want stopped after 1", res.Stopped, len(res.Passes))
	}
	want := config.Default()
	if res.BestPass == 1 {
		want = res.Config
	} else if err := want.Set("eval.centre", "[0, 0, 0, 0, 0, 0, 0]"); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.Config.Weights, want.Weights) {
		t.Error("the result's configuration is not that of the best pass")
	}
	if w := weightOf(t, res, "eval.centre[6]"); res.BestPass == 1 && w.New <= 0 {
		t.Errorf("best pass 1 with eval.centre[6] = %d", w.New)
	}
}

// TestParamsRoundTrip: the learned numbers are the [eval] table's whole
// numbers, not its scale or phase keys nor the piece values HarLog's
// material replaces, and writing them back gives the configuration
// unchanged.
func TestParamsRoundTrip(t *testing.T) {
	names := func(cfg config.Config) map[string]bool {
		ps, _, err := params(&cfg, TableEval)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, p := range ps {
			out[p.name()] = true
		}
		return out
	}
	cfg := config.Default()
	cfg.Eval.Harlog = 130
	for k, want := range map[string]bool{"eval.sigmoid_lambda": false, "eval.late_pieces": false, "knowledge.capture": false,
		"search.exploration": false, "eval.cat": false, "eval.rabbits_left[3]": false, "eval.rabbits_left[0]": true,
		"eval.trap_guards[4]": true, "eval.rabbit_rank_late[7]": true, "eval.frame_percent": true} {
		if names(cfg)[k] != want {
			t.Errorf("with HarLog's material: %s learned %v, want %v", k, !want, want)
		}
	}
	if ps, vals, err := params(&cfg, TableEval); err != nil {
		t.Fatal(err)
	} else if back, err := apply(cfg, ps, vals); err != nil || !reflect.DeepEqual(back.Weights, cfg.Weights) {
		t.Errorf("round trip with HarLog's material: %v", err)
	}
	cfg.Eval.Harlog = 0
	for _, k := range []string{"eval.cat", "eval.rabbits_left[3]"} {
		if !names(cfg)[k] {
			t.Errorf("with the fixed values: %s is not learned", k)
		}
	}
	ps, vals, err := params(&cfg, TableEval)
	if err != nil {
		t.Fatal(err)
	}
	back, err := apply(cfg, ps, vals)
	if err != nil || !reflect.DeepEqual(back.Weights, cfg.Weights) {
		t.Errorf("round trip: %v", err)
	}
	// The finite difference of the material term is the count of pieces.
	pr, err := newProbe(cfg, ps, vals)
	if err != nil {
		t.Fatal(err)
	}
	p := rulestest.Place(t, rules.Gold, "Ca1 Cb1 Rh1 rh8 ca8")
	l := leaf{pos: p}
	for i, q := range ps {
		if q.name() == "eval.cat" {
			if d := float64(l.eval(pr.up[i])-l.eval(pr.down[i])) * pr.invDelta[i]; d != 1 {
				t.Errorf("∂score/∂cat = %v, want 1 (two gold cats, one silver)", d)
			}
		}
	}
}

// TestOptionsChecked: settings out of range are refused by name.
func TestOptionsChecked(t *testing.T) {
	c := readCorpus(t, archive(t, centreGames(t, true)), ReadOptions{})
	for _, tc := range []struct {
		set  func(*Options)
		want string
	}{
		{func(o *Options) { o.Holdout = 0.95 }, "holdout"},
		{func(o *Options) { o.Threads = 0 }, "threads"},
		{func(o *Options) { o.Window = 0 }, "window"},
		{func(o *Options) { o.Step = -1 }, "step"},
		{func(o *Options) { o.Depth = MaxDepth + 1 }, "depth"},
		{func(o *Options) { o.Depth, o.Table = 4, TableKnowledge }, "depth"},
		{func(o *Options) { o.Base.Eval.Cat = -5 }, "eval.cat"},
	} {
		o := small(config.Default())
		tc.set(&o)
		if _, err := Train(context.Background(), c, o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want one naming %s", err, tc.want)
		}
	}
	if _, err := Train(context.Background(), &Corpus{}, small(config.Default())); err == nil {
		t.Error("an empty corpus trained")
	}
}

// TestWinnersOnly: with Winners, only the moves of the side that won are
// examples, and a game with no known winner is left out; where no game
// has one, Read says so.
func TestWinnersOnly(t *testing.T) {
	won := played{pos: rulestest.Place(t, rules.Gold, "Ee4 Ra7 Rb1 rh8"), moves: []string{"Ee4n", "rh8w", "Ra7n"}}
	open := played{pos: rulestest.Place(t, rules.Gold, "Ee4 Rb1 rh8"), moves: []string{"Ee4n", "rh8w"}}
	data := archive(t, []played{won, open})
	all := readCorpus(t, data, ReadOptions{})
	if len(all.Examples) != 4 || len(all.Games) != 2 {
		t.Fatalf("every move: %d examples of %d games, want 4 of 2", len(all.Examples), len(all.Games))
	}
	c := readCorpus(t, data, ReadOptions{Winners: true})
	if len(c.Examples) != 1 || c.NoWinner != 1 || c.Examples[0].Position.Side() != rules.Gold {
		t.Errorf("winners: %d examples, %d games without a winner; want gold's one quiet move and 1", len(c.Examples), c.NoWinner)
	}
	_, err := Read(context.Background(), []Source{ReaderSource(bytes.NewReader(archive(t, []played{open})), "open.tsv")}, ReadOptions{Winners: true})
	if err == nil || !strings.Contains(err.Error(), "none with a known winner") {
		t.Errorf("no game with a winner: %v", err)
	}
}

// TestAlphaBetaLeaves: with Depth, each move is scored at the end of an
// alpha-beta search's principal variation, and the centre term still
// decides the elephant's weight the right way.
func TestAlphaBetaLeaves(t *testing.T) {
	base := config.Default()
	if err := base.Set("eval.centre", "[0, 0, 0, 0, 0, 0, 0]"); err != nil {
		t.Fatal(err)
	}
	c := readCorpus(t, archive(t, centreGames(t, true)), ReadOptions{})
	opt := small(base)
	opt.Depth = 2
	res, _ := trainMoves(t, c, opt, "eval.centre[6]", true)
	if res.Before.Examples == 0 {
		t.Error("nothing measured")
	}
}
