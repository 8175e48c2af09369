package learn

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"arimaa-workbench/engine/alphabeta"
	"arimaa-workbench/engine/config"
)

// Options are the settings of Train. Zero values take the defaults of
// DefaultOptions where the field says so.
type Options struct {
	Base     config.Config // the weights to start from and the rest of the file
	Table    string        // TableEval (the default when empty) or TableKnowledge
	Holdout  float64       // share of the games held out to measure, 0 to 0.9
	Seed     uint64        // the split, the samples and the order of the examples
	Threads  int           // goroutines scoring examples; at least 1
	Sample   int           // alternatives drawn from the moves that capture nothing
	Captures int           // most alternatives that capture a piece
	Passes   int           // passes over the training examples
	Batch    int           // examples per step
	Window   float64       // the sigmoid's scale, in evaluation points
	Step     float64       // points a weight moves in one step
	Reg      float64       // weight of the regularisation (reg/2)·Σ(w−w⁰)²
	// Depth, when not 0, scores each move (TableEval) by an alpha-beta
	// search of that many steps from the position after it, at the end of
	// its principal variation, in place of the one-turn quiescence: the
	// evaluation learned for the alpha-beta search (engine/alphabeta).
	Depth int

	// Progress, when set, is called from Train's goroutine after each
	// batch of work.
	Progress func(Progress)
	// Now is the clock for rates and times; time.Now when nil.
	Now func() time.Time
}

// DefaultOptions returns the settings `arimaa-workbench learn` starts
// from: 10% of the games held out, 32 quiet alternatives and up to 16
// captures a position, 10 passes in batches of 256, a window of 25 points
// (a third of a rabbit: alternatives within a few points of the played
// move weigh most, as in Hoki's steep sigmoid), one point a step.
func DefaultOptions() Options {
	return Options{Base: config.Default(), Holdout: 0.1, Seed: 1, Threads: 1, Sample: 32, Captures: 16,
		Passes: 10, Batch: 256, Window: 25, Step: 1, Reg: 1e-6}
}

// check refuses settings out of range.
func (o *Options) check() error {
	if o.Table == "" {
		o.Table = TableEval
	}
	if err := CheckTable(o.Table); err != nil {
		return err
	}
	switch {
	case !(o.Holdout >= 0 && o.Holdout <= 0.9):
		return fmt.Errorf("holdout %v is outside 0 to 0.9", o.Holdout)
	case o.Threads < 1 || o.Threads > config.MaxThreads:
		return fmt.Errorf("threads %d is outside 1 to %d", o.Threads, config.MaxThreads)
	case o.Sample < 1 || o.Sample > 10000:
		return fmt.Errorf("sample %d is outside 1 to 10000", o.Sample)
	case o.Captures < 0 || o.Captures > 10000:
		return fmt.Errorf("captures %d is outside 0 to 10000", o.Captures)
	case o.Passes < 1 || o.Passes > 10000:
		return fmt.Errorf("passes %d is outside 1 to 10000", o.Passes)
	case o.Batch < 1 || o.Batch > 1_000_000:
		return fmt.Errorf("batch %d is outside 1 to 1000000", o.Batch)
	case !(o.Window >= 0.01 && o.Window <= 100000):
		return fmt.Errorf("window %v is outside 0.01 to 100000", o.Window)
	case !(o.Step > 0 && o.Step <= 1000):
		return fmt.Errorf("step %v is outside 0 (excluded) to 1000", o.Step)
	case !(o.Reg >= 0 && o.Reg <= 1):
		return fmt.Errorf("reg %v is outside 0 to 1", o.Reg)
	case o.Depth < 0 || o.Depth > MaxDepth:
		return fmt.Errorf("depth %d is outside 0 to %d", o.Depth, MaxDepth)
	case o.Depth > 0 && o.Table == TableKnowledge:
		return errors.New("depth: the step knowledge is learned from the steps themselves, without a search")
	}
	return o.Base.Validate()
}

// Progress is how far Train has come.
type Progress struct {
	Phase       string  // "sampling", "measuring" or "training"
	Pass        int     // 1-based while training; 0 before
	Passes      int     // passes in all
	Done, Total int     // examples of this phase (of this pass)
	Loss        float64 // training: the mean loss of the pass so far
	Rate        float64 // examples scored a second, over the run
	ETA         time.Duration
}

// Measure is how well a set of weights ranks the played moves of some
// examples among their samples.
type Measure struct {
	Examples int     `json:"examples"`
	Top1     float64 `json:"top1"` // share whose played move scores above every alternative
	Top5     float64 `json:"top5"` // share whose played move is among the five best
	Loss     float64 `json:"loss"` // mean loss, without the regularisation
}

// Pass is the report of one pass.
type Pass struct {
	Pass      int     `json:"pass"`
	TrainLoss float64 `json:"train_loss"` // mean loss of its batches as they were scored
	Measure   Measure `json:"measure"`    // the weights after the pass, on the measured examples
	Seconds   float64 `json:"seconds"`
}

// Weight is one learned number before and after.
type Weight struct {
	Key string `json:"key"`
	Old int    `json:"old"`
	New int    `json:"new"`
}

// Result is what Train learned.
type Result struct {
	Config           config.Config `json:"-"` // Options.Base with the best weights
	TrainGames       int           `json:"train_games"`
	HeldOutGames     int           `json:"heldout_games"`
	TrainExamples    int           `json:"train_examples"`
	HeldOutExamples  int           `json:"heldout_examples"`
	MeasuredOn       string        `json:"measured_on"` // "held-out" or "training" (no game held out)
	MeanAlternatives float64       `json:"mean_alternatives"`
	Before           Measure       `json:"before"`
	After            Measure       `json:"after"` // the best weights
	Passes           []Pass        `json:"passes"`
	BestPass         int           `json:"best_pass"` // 0: the base weights stayed best
	Weights          []Weight      `json:"weights"`
	Stopped          bool          `json:"stopped"` // cancelled: the result is the best so far
	Seconds          float64       `json:"seconds"`
	Rate             float64       `json:"examples_per_second"`
}

// Train learns the [eval] weights of opt.Base from the corpus (the package
// documentation describes the method). When ctx is cancelled it returns the
// best weights so far with Stopped set, and no error.
func Train(ctx context.Context, c *Corpus, opt Options) (*Result, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	if c == nil || len(c.Examples) == 0 {
		return nil, errors.New("no examples to learn from")
	}
	ps, start, err := params(&opt.Base, opt.Table)
	if err != nil {
		return nil, err
	}
	t := &trainer{opt: opt, ps: ps, start: start, now: opt.Now}
	t.score = t.scoreMoves
	if opt.Table == TableKnowledge {
		t.score = func(_ int, pr *probe, s *sampled, window float64, withGrad bool) outcome {
			return scoreSteps(pr, s, window, withGrad)
		}
	}
	if opt.Depth > 0 {
		t.searchers = make([]*alphabeta.Searcher, opt.Threads)
	}
	if t.now == nil {
		t.now = time.Now
	}
	t.began = t.now()
	return t.run(ctx, c)
}

// trainer is one run of Train.
type trainer struct {
	opt   Options
	ps    []param
	start []float64
	now   func() time.Time
	began time.Time
	// score scores an example on worker w: scoreMoves or scoreSteps.
	score func(w int, pr *probe, s *sampled, window float64, withGrad bool) outcome
	// searchers are the workers' alpha-beta searchers (Options.Depth).
	searchers []*alphabeta.Searcher

	train, held []sampled
	scored      int // examples scored, for the rate
	work, done  int // examples to score in the whole run, and scored so far
}

func (t *trainer) run(ctx context.Context, c *Corpus) (*Result, error) {
	trainEx, heldEx, nTrain, nHeld := split(c, t.opt.Holdout, t.opt.Seed)
	res := &Result{TrainGames: nTrain, HeldOutGames: nHeld, MeasuredOn: "held-out"}
	measureN := len(heldEx)
	if measureN == 0 {
		res.MeasuredOn = "training"
		measureN = len(trainEx)
	}
	t.work = len(c.Examples) + (t.opt.Passes+1)*measureN + t.opt.Passes*len(trainEx)
	res.Config = t.opt.Base
	res.Weights = t.weights(t.start)
	finish := func(stopped bool) (*Result, error) {
		res.Stopped = stopped
		res.Seconds = t.now().Sub(t.began).Seconds()
		if res.Seconds > 0 {
			res.Rate = float64(t.scored) / res.Seconds
		}
		return res, nil
	}

	var ok bool
	if t.train, ok = t.sampleAll(ctx, trainEx, 0); !ok {
		return finish(true)
	}
	if t.held, ok = t.sampleAll(ctx, heldEx, len(trainEx)); !ok {
		return finish(true)
	}
	res.TrainExamples, res.HeldOutExamples = len(t.train), len(t.held)
	alts := 0
	for _, s := range append(t.train[:len(t.train):len(t.train)], t.held...) {
		alts += s.alts
	}
	res.MeanAlternatives = float64(alts) / float64(max(1, len(t.train)+len(t.held)))
	measured := t.held
	if len(measured) == 0 {
		measured = t.train
	}

	cur := append([]float64(nil), t.start...)
	pr, err := newProbe(t.opt.Base, t.ps, cur)
	if err != nil {
		return nil, err
	}
	if res.Before, ok = t.measure(ctx, pr, measured, 0); !ok {
		return finish(true)
	}
	res.After = res.Before
	best := res.Before.Loss
	order := make([]int, len(t.train))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(t.opt.Seed, 0x5eed))
	for pass := 1; pass <= t.opt.Passes; pass++ {
		passBegan := t.now()
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		loss, ok, err := t.pass(ctx, pass, order, cur)
		if err != nil {
			return nil, err
		}
		if !ok {
			return finish(true)
		}
		if pr, err = newProbe(t.opt.Base, t.ps, cur); err != nil {
			return nil, err
		}
		m, ok := t.measure(ctx, pr, measured, pass)
		if !ok {
			return finish(true)
		}
		res.Passes = append(res.Passes, Pass{Pass: pass, TrainLoss: loss, Measure: m, Seconds: t.now().Sub(passBegan).Seconds()})
		if m.Loss < best {
			best, res.BestPass, res.After = m.Loss, pass, m
			res.Config = pr.weightCfg
			res.Weights = t.weights(cur)
		}
	}
	return finish(false)
}

// weights lists each parameter's start and its value in vals.
func (t *trainer) weights(vals []float64) []Weight {
	out := make([]Weight, len(t.ps))
	for i, p := range t.ps {
		out[i] = Weight{Key: p.name(), Old: p.round(t.start[i]), New: p.round(vals[i])}
	}
	return out
}

// split divides the examples by game: a shuffled share of the games (at
// least one when holdout > 0 and there are two games or more, never all)
// is held out.
func split(c *Corpus, holdout float64, seed uint64) (train, held []Example, nTrain, nHeld int) {
	n := len(c.Games)
	nHeld = int(math.Round(holdout * float64(n)))
	if holdout > 0 && nHeld == 0 {
		nHeld = 1
	}
	nHeld = min(nHeld, n-1)
	isHeld := make([]bool, n)
	perm := rand.New(rand.NewPCG(seed, 0x51)).Perm(n)
	for _, g := range perm[:nHeld] {
		isHeld[g] = true
	}
	for _, x := range c.Examples {
		if isHeld[x.Game] {
			held = append(held, x)
		} else {
			train = append(train, x)
		}
	}
	return train, held, n - nHeld, nHeld
}

// sampleAll draws the alternatives of xs on the worker goroutines; first
// is the index of xs[0] among all examples, for the random sources. It
// reports false when cancelled.
func (t *trainer) sampleAll(ctx context.Context, xs []Example, first int) ([]sampled, bool) {
	out := make([]sampled, len(xs))
	samplers := make([]sampler, t.opt.Threads)
	for i := range samplers {
		samplers[i] = sampler{seed: t.opt.Seed, quiet: t.opt.Sample, captures: t.opt.Captures, steps: t.opt.Table == TableKnowledge}
	}
	const chunk = 64
	for lo := 0; lo < len(xs); lo += chunk {
		hi := min(lo+chunk, len(xs))
		if !parallel(ctx, hi-lo, t.opt.Threads, func(w, i int) {
			out[lo+i] = samplers[w].sample(xs[lo+i], first+lo+i)
		}) {
			return nil, false
		}
		t.done += hi - lo
		t.report(Progress{Phase: "sampling", Done: hi, Total: len(xs)})
	}
	// An example whose played move has no alternative teaches nothing.
	kept := out[:0]
	for _, s := range out {
		if s.alts > 0 {
			kept = append(kept, s)
		}
	}
	return kept, true
}

// report sends p with the rate and the time left filled in.
func (t *trainer) report(p Progress) {
	if t.opt.Progress == nil {
		return
	}
	p.Passes = t.opt.Passes
	if secs := t.now().Sub(t.began).Seconds(); secs > 0 && t.done > 0 {
		p.Rate = float64(t.scored) / secs
		p.ETA = time.Duration(float64(t.work-t.done) * secs / float64(t.done) * float64(time.Second))
	}
	t.opt.Progress(p)
}

// parallel calls fn(worker, i) for i from 0 to n-1 on up to threads
// goroutines and reports whether all ran (false when ctx was cancelled).
func parallel(ctx context.Context, n, threads int, fn func(w, i int)) bool {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range min(threads, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				fn(w, i)
			}
		}()
	}
	wg.Wait()
	return ctx.Err() == nil
}
