package learn

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
)

// fixedKeys are the keys of the learned tables that are no weights of a
// term: the sigmoid's scale (rankings do not depend on it) and the
// boundaries of the game's phases by piece count.
var fixedKeys = map[string]bool{
	"eval.sigmoid_lambda":     true,
	"eval.sigmoid_late":       true,
	"eval.late_pieces":        true,
	"knowledge.middle_pieces": true,
	"knowledge.late_pieces":   true,
}

// harlogUnused are the keys that eval.harlog's material replaces: the
// fixed piece values, and rabbits_left but for its first element (no
// rabbit left), which HarLog keeps.
var harlogUnused = map[string]bool{
	"eval.rabbit": true, "eval.cat": true, "eval.dog": true, "eval.horse": true,
	"eval.camel": true, "eval.elephant": true, "eval.rabbits_left": true,
}

// unused reports whether element index of key (-1: a single number) has no
// effect on cfg's evaluation, so that learning it would only spend probes.
func unused(cfg *config.Config, key string, index int) bool {
	return cfg.Eval.Harlog > 0 && harlogUnused[key] && !(key == "eval.rabbits_left" && index == 0)
}

// param is one learned number: a whole-number key of the [eval] table, or
// one element of a list key.
type param struct {
	key    string // dotted, e.g. "eval.trap_guards"
	index  int    // element of a list; -1 for a single number
	lo, hi float64
}

// name is the parameter as the summary lists it, e.g. "eval.trap_guards[2]".
func (p param) name() string {
	if p.index < 0 {
		return p.key
	}
	return fmt.Sprintf("%s[%d]", p.key, p.index)
}

// params lists the weights of cfg's table (TableEval or TableKnowledge)
// that Train learns, with their values in cfg: not those its evaluation
// does not use.
func params(cfg *config.Config, table string) ([]param, []float64, error) {
	var ps []param
	var vals []float64
	for _, k := range cfg.Keys() {
		if !strings.HasPrefix(k.Name, table+".") || fixedKeys[k.Name] || (k.Type != "int" && k.Type != "list") {
			continue
		}
		lo, hi, err := parseRange(k)
		if err != nil {
			return nil, nil, err
		}
		if k.Type == "int" {
			v, err := strconv.Atoi(k.Value)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %q is not a whole number", k.Name, k.Value)
			}
			if !unused(cfg, k.Name, -1) {
				ps = append(ps, param{k.Name, -1, lo, hi})
				vals = append(vals, float64(v))
			}
			continue
		}
		list, err := parseIntList(k.Value)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", k.Name, err)
		}
		for i, v := range list {
			if !unused(cfg, k.Name, i) {
				ps = append(ps, param{k.Name, i, lo, hi})
				vals = append(vals, float64(v))
			}
		}
	}
	if len(ps) == 0 {
		return nil, nil, fmt.Errorf("the configuration has no [%s] weight to learn", table)
	}
	return ps, vals, nil
}

func parseRange(k config.Key) (float64, float64, error) {
	lo, hi, ok := strings.Cut(k.Range, ",")
	a, err1 := strconv.ParseFloat(lo, 64)
	b, err2 := strconv.ParseFloat(hi, 64)
	if !ok || err1 != nil || err2 != nil || a > b {
		return 0, 0, fmt.Errorf("%s: no usable range (%q)", k.Name, k.Range)
	}
	return a, b, nil
}

// parseIntList reads a list key's value as Keys writes it: "[1, 2, 3]".
func parseIntList(s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return nil, fmt.Errorf("%q is not a list", s)
	}
	s = strings.TrimSpace(s[1 : len(s)-1])
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%q is not a list of whole numbers", s)
		}
		out = append(out, v)
	}
	return out, nil
}

// round gives the whole number a learned value stands for, within the
// parameter's range.
func (p param) round(v float64) int {
	return int(math.Round(math.Max(p.lo, math.Min(p.hi, v))))
}

// apply returns base with the parameters set to vals (rounded), through
// the configuration's own Set so that every value is checked as a file's
// would be.
func apply(base config.Config, ps []param, vals []float64) (config.Config, error) {
	c := base
	for i := 0; i < len(ps); {
		j := i
		for j < len(ps) && ps[j].key == ps[i].key {
			j++
		}
		var text string
		if ps[i].index < 0 {
			text = strconv.Itoa(ps[i].round(vals[i]))
		} else {
			// Elements not learned (unused) keep their values.
			now, err := c.Get(ps[i].key)
			if err != nil {
				return config.Config{}, err
			}
			list, err := parseIntList(now)
			if err != nil {
				return config.Config{}, fmt.Errorf("%s: %w", ps[i].key, err)
			}
			for k := i; k < j; k++ {
				list[ps[k].index] = ps[k].round(vals[k])
			}
			text = formatIntList(list)
		}
		if err := c.Set(ps[i].key, text); err != nil {
			return config.Config{}, err
		}
		i = j
	}
	return c, nil
}

// probe holds the evaluators of one set of weights: the weights as they
// are, and each parameter one point up and one point down (one sided at
// the end of its range), for the finite differences.
type probe struct {
	base      *eval.Evaluator
	up, down  []*eval.Evaluator
	invDelta  []float64 // 1 / (up - down), 0 when the range is a point
	weightCfg config.Config
}

// newProbe builds the evaluators for vals.
func newProbe(base config.Config, ps []param, vals []float64) (*probe, error) {
	cfg, err := apply(base, ps, vals)
	if err != nil {
		return nil, err
	}
	pr := &probe{base: eval.New(cfg.Weights), weightCfg: cfg,
		up: make([]*eval.Evaluator, len(ps)), down: make([]*eval.Evaluator, len(ps)), invDelta: make([]float64, len(ps))}
	shifted := append([]float64(nil), vals...)
	for i, p := range ps {
		v := p.round(vals[i])
		hi, lo := min(float64(v+1), p.hi), max(float64(v-1), p.lo)
		if hi == lo {
			pr.up[i], pr.down[i] = pr.base, pr.base
			continue
		}
		// Only the key holding the parameter is set again: a list is
		// written whole.
		a, b := i, i+1
		for a > 0 && ps[a-1].key == p.key {
			a--
		}
		for b < len(ps) && ps[b].key == p.key {
			b++
		}
		shifted[i] = hi
		up, err := apply(cfg, ps[a:b], shifted[a:b])
		if err != nil {
			return nil, err
		}
		shifted[i] = lo
		down, err := apply(cfg, ps[a:b], shifted[a:b])
		if err != nil {
			return nil, err
		}
		shifted[i] = vals[i]
		pr.up[i], pr.down[i] = eval.New(up.Weights), eval.New(down.Weights)
		pr.invDelta[i] = 1 / (hi - lo)
	}
	return pr, nil
}
