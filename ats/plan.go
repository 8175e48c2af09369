package ats

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
)

// Number is what a Range spans.
type Number interface {
	~int | ~int64 | ~uint64 | ~float64
}

// Range is the span of a number a user types: the command line's flags
// refuse values outside it as they are parsed, the panels when a run
// starts, and the planners (PlanRun, match.PlanMatch) check every number
// again in one place.
type Range[T Number] struct {
	Name     string // as messages name it, e.g. "cycles"
	Min, Max T
}

// Check reports v outside the range, wrapping ErrRange.
func (r Range[T]) Check(v T) error {
	if !(v >= r.Min && v <= r.Max) { // NaN fails both
		return fmt.Errorf("%w: %s %v (%v to %v)", ErrRange, r.Name, v, r.Min, r.Max)
	}
	return nil
}

// RunRanges are the ranges of the numbers a suite run takes. Times are in
// seconds.
type RunRanges struct {
	Time         Range[float64]
	Playouts     Range[int64]
	Nodes        Range[int]
	Cycles       Range[int]
	Jobs         Range[int]
	Threads      Range[int]
	Threshold    Range[float64]
	Grace        Range[float64]
	StartTimeout Range[float64]
}

// Ranges returns the ranges of a suite run's numbers.
func Ranges() RunRanges {
	return RunRanges{
		Time:         Range[float64]{"time per test", 0, config.MaxSeconds},
		Playouts:     Range[int64]{"playouts per test", 0, config.MaxPlayouts},
		Nodes:        Range[int]{"nodes per test", 0, config.MaxNodes},
		Cycles:       Range[int]{"cycles", 1, MaxCycles},
		Jobs:         Range[int]{"parallel tests", 1, MaxJobs},
		Threads:      Range[int]{"threads", 0, config.MaxThreads},
		Threshold:    Range[float64]{"threshold", 0, 1},
		Grace:        Range[float64]{"grace seconds", 0, MaxGrace.Seconds()},
		StartTimeout: Range[float64]{"start timeout seconds", 0, 3600},
	}
}

// ErrNoTests is the error of a run with no tests to run.
var ErrNoTests = errors.New("no tests given")

// RunInput is what a suite run is planned from: the settings the user gave
// (on the command line or in a panel), a configuration file, and the
// header of a run to resume. A nil pointer is a setting not given, which
// the configuration file or the default fills.
type RunInput struct {
	// Config is the suite's configuration file, when one was given.
	Config *Config
	// Resume is the header of the result file of a run to resume: its
	// tests, filter, engine, limits, cycles and threshold replace the
	// rest.
	Resume *RunHeader

	// Engine is the engine's words as ParseSpec reads them (--engine and
	// the KEY=VALUE words after it); nil takes the configuration's engine,
	// or "builtin". Spec, when set, is an engine already chosen (a
	// panel's), used as it is.
	Engine []string
	Spec   *Spec
	// Options are engine options written NAME=VALUE (--option), set last.
	Options []string

	Paths  []string // tests; empty takes the configuration's
	Filter *string

	Time      *float64 // seconds per test
	Playouts  *int64
	Nodes     *int
	Cycles    *int
	Jobs      *int
	Threads   *int
	Seed      *uint64
	Threshold *float64
	// Grace and StartTimeout are in seconds; default 5 and 30.
	Grace, StartTimeout *float64

	// CPUs are the cores a builtin engine without a thread count shares
	// among the run's parallel tests; 0 leaves the count to the engine's
	// configuration.
	CPUs int
}

// RunPlan is a suite run as planned: everything NewRunner needs but the
// tests and where the results go.
type RunPlan struct {
	Spec      Spec
	Paths     []string
	Filter    string
	Limits    analysis.Limits
	Cycles    int
	Jobs      int
	Threshold float64
	Grace     time.Duration
}

// PlanRun merges the input into a run: the resumed run's header first,
// then the settings given, then the configuration file, then the
// defaults (builtin engine, one second per test, one cycle, one test at a
// time, the full score to pass). Every number is checked against Ranges,
// and the engine against its limits (Spec.Check). An error says which
// setting is wrong and why.
func PlanRun(in RunInput) (RunPlan, error) {
	c := in.Config
	if c == nil {
		c = &Config{}
	}
	p := RunPlan{
		Paths:     in.Paths,
		Filter:    pick(in.Filter, c.Filter, c.Filter != ""),
		Cycles:    pick(in.Cycles, c.Cycles, c.Cycles > 0),
		Jobs:      pick(in.Jobs, c.Jobs, c.Jobs > 0),
		Threshold: pick(in.Threshold, c.Threshold, c.Threshold > 0),
		Grace:     seconds(pick(in.Grace, 5, true)),
		Limits:    analysis.Limits{Time: seconds(c.TimePerTest), Playouts: c.Playouts, Nodes: c.Nodes},
	}
	p.Cycles, p.Jobs, p.Threshold = max(p.Cycles, 1), max(p.Jobs, 1), orOne(p.Threshold)
	if len(p.Paths) == 0 {
		p.Paths = c.Tests
	}
	if in.Time != nil {
		// Checked as given: no time at all takes the default.
		if err := Ranges().Time.Check(*in.Time); err != nil {
			return RunPlan{}, err
		}
	}
	if in.Time != nil || in.Playouts != nil || in.Nodes != nil {
		p.Limits = analysis.Limits{Time: seconds(pick(in.Time, 0, false)), Playouts: pick(in.Playouts, 0, false), Nodes: pick(in.Nodes, 0, false)}
	}
	spec, err := planEngine(in, c)
	if err != nil {
		return RunPlan{}, err
	}
	p.Spec = spec
	if h := in.Resume; h != nil {
		if p.Spec, err = h.Spec(); err != nil {
			return RunPlan{}, err
		}
		p.Spec.StartTimeout, p.Spec.Grace = spec.StartTimeout, spec.Grace
		p.Paths, p.Filter, p.Limits, p.Cycles, p.Threshold = h.Paths, h.Filter, h.Limits, h.Cycles, h.Threshold
	}
	if len(p.Paths) == 0 {
		return RunPlan{}, ErrNoTests
	}
	if p.Limits.Time <= 0 && p.Limits.Playouts <= 0 && p.Limits.Nodes <= 0 {
		p.Limits.Time = time.Second
	}
	if p.Spec.Builtin && p.Spec.Threads == 0 && in.CPUs > 0 {
		p.Spec.Threads = max(1, in.CPUs/p.Jobs)
	}
	if err := p.check(); err != nil {
		return RunPlan{}, err
	}
	return p, nil
}

// planEngine is the run's engine before a resume: the words or spec
// given, else the configuration's engine, with the configuration's
// options under the engine's own words, then threads, seed, the
// controller's timeouts and the options given.
func planEngine(in RunInput, c *Config) (Spec, error) {
	var spec Spec
	if in.Spec != nil {
		spec = *in.Spec
	} else {
		words := in.Engine
		if len(words) == 0 {
			words = []string{c.Engine}
			if c.Engine == "" {
				words[0] = BuiltinName
			}
		}
		var err error
		if spec, err = ParseSpecWith(words, c.EngineOptions); err != nil {
			return Spec{}, err
		}
	}
	if in.Threads != nil || spec.Threads == 0 {
		spec.Threads = pick(in.Threads, c.Threads, c.Threads > 0)
	}
	spec.Seed = pick(in.Seed, max(c.Seed, 1), true)
	spec.Grace, spec.StartTimeout = seconds(pick(in.Grace, 5, true)), seconds(pick(in.StartTimeout, 30, true))
	for _, o := range in.Options {
		k, v, ok := strings.Cut(o, "=")
		if !ok || k == "" {
			return Spec{}, fmt.Errorf("engine option %q: expected NAME=VALUE", o)
		}
		if err := spec.SetOption(k, v); err != nil {
			return Spec{}, err
		}
	}
	return spec, nil
}

// check reports a setting of the plan outside its range, or limits its
// engine cannot search under.
func (p RunPlan) check() error {
	r := Ranges()
	err := errors.Join(r.Time.Check(p.Limits.Time.Seconds()), r.Playouts.Check(p.Limits.Playouts), r.Nodes.Check(p.Limits.Nodes),
		r.Cycles.Check(p.Cycles), r.Jobs.Check(p.Jobs), r.Threads.Check(p.Spec.Threads), r.Threshold.Check(p.Threshold),
		r.Grace.Check(p.Grace.Seconds()), r.Grace.Check(p.Spec.Grace.Seconds()), r.StartTimeout.Check(p.Spec.StartTimeout.Seconds()))
	if err != nil {
		return err
	}
	if _, err := ParseFilter(p.Filter); err != nil {
		return err
	}
	return p.Spec.Check(p.Limits)
}

// RunConfig is the runner's configuration of the plan for tests of the
// suite called suite: the engine's factory, and what the result file
// records of it. The caller adds the result file and the events.
func (p RunPlan) RunConfig(suite string, tests []*Test) (RunConfig, error) {
	factory, err := p.Spec.Factory()
	if err != nil {
		return RunConfig{}, err
	}
	name, opts := p.Spec.Record()
	abs := make([]string, len(p.Paths))
	for i, path := range p.Paths {
		if abs[i], err = filepath.Abs(path); err != nil {
			abs[i] = path
		}
	}
	return RunConfig{Suite: suite, Paths: abs, Filter: p.Filter, Tests: tests,
		Engine: factory, EngineName: name, EngineOptions: opts, EngineDir: p.Spec.Dir, Threads: p.Spec.Threads, Seed: p.Spec.Seed,
		Limits: p.Limits, Grace: p.Grace, Cycles: p.Cycles, Jobs: p.Jobs, Threshold: p.Threshold}, nil
}

// pick is the value given, else alt when ok, else the zero value.
func pick[T any](given *T, alt T, ok bool) T {
	if given != nil {
		return *given
	}
	if ok {
		return alt
	}
	var zero T
	return zero
}

// orOne is x, or 1 when x is 0.
func orOne(x float64) float64 {
	if x == 0 {
		return 1
	}
	return x
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
