package learn

import (
	"context"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
	"arimaa-workbench/records"
)

// walks gives n positions at turn boundaries from random play out of the
// start and a middle game, some with pieces taken off first so that
// material varies.
func walks(t *testing.T, n int, seed uint64) []rules.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []rules.Position
	for len(out) < n {
		p := rules.StartPosition()
		if rng.IntN(2) == 0 {
			p = rulestest.MiddleGame(t)
		}
		for range rng.IntN(4) {
			sq := rules.Square(rng.IntN(64))
			if pc := p.At(sq); pc != rules.Empty && pc.Type() != rules.Rabbit && pc.Type() != rules.Elephant {
				p = p.WithPiece(sq, rules.Empty)
			}
		}
		for turn := 0; turn < 30 && len(out) < n; turn++ {
			for s := 0; s < 4; s++ {
				steps := p.Steps(nil)
				if len(steps) == 0 || (s > 0 && rng.IntN(4) == 0) {
					break
				}
				p.Apply(steps[rng.IntN(len(steps))])
			}
			if !p.CanEndTurn() {
				break
			}
			p = p.EndTurn()
			if p.Pieces(rules.Gold, rules.Rabbit)&rules.Rank8 != 0 || p.Pieces(rules.Silver, rules.Rabbit)&rules.Rank1 != 0 {
				break
			}
			out = append(out, p)
		}
	}
	return out
}

// TestFitTeacherRecovers fits to a teacher that is the evaluation itself
// with known changes, three times larger and with a tempo: the fit must
// find the changes.
func TestFitTeacherRecovers(t *testing.T) {
	base := config.Default()
	teacherCfg := base
	// The teacher doubles the threats, halves the alignment and takes the
	// home trap attack half as high again as the defaults do, and values
	// the rabbits by rank its own way.
	scaled := map[string]float64{"eval.piece_threat": 2, "eval.alignment": 0.5, "eval.trap_attack": 1.5}
	wantKey := map[string]int{}
	for k, f := range scaled {
		got, _ := base.Get(k)
		n, err := strconv.Atoi(got)
		if err != nil || n < 20 {
			t.Fatalf("default %s = %q: the test wants a weight of at least 20", k, got)
		}
		wantKey[k] = int(math.Round(float64(n) * f))
		if err := teacherCfg.Set(k, strconv.Itoa(wantKey[k])); err != nil {
			t.Fatal(err)
		}
	}
	for k, v := range map[string]string{
		"eval.rabbit_rank":      "[0, 20, 14, 10, -8, -40, 140, 0]",
		"eval.rabbit_rank_late": "[0, 20, 14, 10, -8, -40, 140, 0]",
	} {
		if err := teacherCfg.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	teacher := eval.New(teacherCfg.Weights)
	var xs []records.ScoredPosition
	for i, p := range walks(t, 1500, 3) {
		xs = append(xs, records.ScoredPosition{Position: p, Score: 3*float64(teacher.Evaluate(&p)) + 50, Line: i + 1})
	}
	opt := DefaultFitOptions()
	opt.Ridge = 1e-6
	res, err := FitTeacher(context.Background(), xs, opt)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.Scale-3) > 0.05 || math.Abs(res.Tempo-50.0/3) > 1 {
		t.Errorf("scale %.3f, tempo %.2f: want 3 and 16.7", res.Scale, res.Tempo)
	}
	want := map[string]float64{"pieces threatened": 2, "alignment": 0.5, "home trap attack": 1.5, "camel advance": 1, "rabbit goal threat": 1,
		"rabbit on rank 2": 20, "rabbit on rank 4": 10, "rabbit on rank 6": -40}
	for _, tf := range res.Terms {
		w, ok := want[tf.Term]
		if !ok {
			continue
		}
		delete(want, tf.Term)
		if tol := 0.03 * max(1, math.Abs(w)); math.Abs(tf.Multiplier-w) > tol {
			t.Errorf("%s: multiplier %.3f, want %g", tf.Term, tf.Multiplier, w)
		}
	}
	for name := range want {
		t.Errorf("%s: not fitted", name)
	}
	for k, v := range wantKey {
		got, _ := res.Config.Get(k)
		if n, err := strconv.Atoi(got); err != nil || math.Abs(float64(n-v)) > 0.02*float64(v) {
			t.Errorf("fitted %s = %s, want %d", k, got, v)
		}
	}
	if res.After.Correlation < 0.999 || res.After.Correlation <= res.Before.Correlation {
		t.Errorf("held-out correlation %.4f before, %.4f after: want the fit near 1 and better", res.Before.Correlation, res.After.Correlation)
	}
	if res.Held == 0 || res.Train+res.Held+res.Skipped != len(xs) {
		t.Errorf("%d trained, %d held out, %d skipped of %d", res.Train, res.Held, res.Skipped, len(xs))
	}
	// Terms the base switches off stay off.
	for _, off := range []string{"centre", "trap dominance"} {
		found := false
		for _, o := range res.Off {
			found = found || o == off
		}
		if !found {
			t.Errorf("%s: not listed as off (%v)", off, res.Off)
		}
	}
}

// TestTermKeysScale checks the claim FitTeacher rests on: multiplying a
// term's keys by a factor multiplies the term by it.
func TestTermKeysScale(t *testing.T) {
	base := config.Default()
	ps := walks(t, 300, 9)
	// A framed gold dog on c3 with its guard pinned, and a silver
	// elephant in a complete blockade: rare in random play.
	ps = append(ps,
		rulestest.Place(t, rules.Gold, "Dc3 Rb3 Ra1 Rh2 Ee5 Mg5 ec4 hd3 mc2 rh7 ra7 cf7"),
		rulestest.Place(t, rules.Silver, "ea8 Eb8 Cc8 Ma7 Ra6 Db7 Rc2 Rh2 rh7 rg7 mg6 hd5"))
	names := eval.New(base.Weights).Breakdown(&ps[0]).Terms
	for i, tm := range names {
		keys := eval.TermKeys(tm.Name)
		if eval.TermKind(tm.Name) != eval.KindScaled {
			if keys != nil {
				t.Errorf("%s: keys %v for a term of kind %q", tm.Name, keys, eval.TermKind(tm.Name))
			}
			continue
		}
		if len(keys) == 0 {
			t.Errorf("%s: no keys", tm.Name)
			continue
		}
		// Where the default is off, switch the term on at a small value
		// first, within every key's range.
		on := base
		if ok, err := anyNonZero(&on, keys); err != nil {
			t.Fatal(err)
		} else if !ok {
			for _, k := range keys {
				if err := scaleKeyOn(&on, k); err != nil {
					t.Fatal(err)
				}
			}
		}
		doubled := on
		for _, k := range keys {
			if err := scaleKey(&doubled, k, 2); err != nil {
				t.Fatal(err)
			}
		}
		e1, e2 := eval.New(on.Weights), eval.New(doubled.Weights)
		var sum1, sum2, moved float64
		for _, p := range ps {
			a, b := float64(e1.Breakdown(&p).Terms[i].Net()), float64(e2.Breakdown(&p).Terms[i].Net())
			sum1 += math.Abs(a)
			sum2 += math.Abs(b)
			moved += math.Abs(b - 2*a)
		}
		if sum1 == 0 {
			t.Errorf("%s: zero on every position drawn", tm.Name)
			continue
		}
		if moved > 0.05*sum2+float64(len(ps)) {
			t.Errorf("%s: doubling %v gives %.0f, twice the term is %.0f (off by %.0f)", tm.Name, keys, sum2, 2*sum1, moved)
		}
	}
}

// scaleKeyOn sets a key that is 0 to a small value within its range: 10
// for a number, 10 for each element of a list.
func scaleKeyOn(cfg *config.Config, k string) error {
	v, err := cfg.Get(k)
	if err != nil {
		return err
	}
	if list, err := parseIntList(v); err == nil {
		for i := range list {
			list[i] = 10
		}
		return setClamped(cfg, k, list)
	}
	return setClamped(cfg, k, []int{10})
}

func TestFitTeacherErrors(t *testing.T) {
	ps := walks(t, 20, 5)
	var xs []records.ScoredPosition
	for i, p := range ps {
		xs = append(xs, records.ScoredPosition{Position: p, Score: float64(i), Line: i + 1})
	}
	opt := DefaultFitOptions()
	if _, err := FitTeacher(context.Background(), xs, opt); err == nil {
		t.Error("20 positions for some 30 weights: no error")
	}
	opt.Holdout = 0.95
	if _, err := FitTeacher(context.Background(), xs, opt); err == nil {
		t.Error("holdout 0.95: no error")
	}
	// A teacher that falls with material.
	many := walks(t, 400, 6)
	ev := eval.New(config.Default().Weights)
	xs = xs[:0]
	for i, p := range many {
		xs = append(xs, records.ScoredPosition{Position: p, Score: -float64(ev.Evaluate(&p)), Line: i + 1})
	}
	if _, err := FitTeacher(context.Background(), xs, DefaultFitOptions()); err == nil {
		t.Error("a teacher against material: no error")
	}
}
