package learn

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// FitOptions are the settings of FitTeacher.
type FitOptions struct {
	// Base is the configuration whose weights are refitted; a term it
	// switches off (every key of it 0) stays off and out of the fit.
	Base config.Config
	// Holdout is the share of the positions kept out of the fit to
	// measure it (0 to 0.9).
	Holdout float64
	// Ridge is the weight of the penalty on the standardised
	// coefficients (0 to 10): it keeps the fit steady where two terms
	// move together.
	Ridge float64
	// Seed draws the held-out positions.
	Seed uint64
}

// DefaultFitOptions are FitTeacher's settings with the default
// configuration as the base.
func DefaultFitOptions() FitOptions {
	return FitOptions{Base: config.Default(), Holdout: 0.2, Ridge: 0.01, Seed: 1}
}

// TermFit is one term of the evaluation as the fit weighed it.
type TermFit struct {
	// Term is the breakdown's name of the term, or "rabbit on rank N"
	// (N from 1, the side's home rank) for a value of the rabbit advance.
	Term string `json:"term"`
	// Keys are the [eval] keys the fit sets for the term.
	Keys []string `json:"keys"`
	// Multiplier is the factor the term's keys were multiplied by (for a
	// rabbit rank, its new value in points).
	Multiplier float64 `json:"multiplier"`
	// Spread is the term's standard deviation over the training
	// positions, in evaluation points at the base weights (for a rabbit
	// rank, in rabbits): how much it could say.
	Spread float64 `json:"spread"`
}

// Agreement is how closely an evaluation follows the teacher on the
// held-out positions: the correlation of the two scores, over all and
// over the positions where both sides have the same pieces (where
// material says nothing and the positional terms decide).
type Agreement struct {
	Correlation   float64 `json:"correlation"`
	EqualMaterial float64 `json:"equal_material_correlation"`
}

// FitResult is what FitTeacher learned.
type FitResult struct {
	// Config is the base with the fitted weights.
	Config config.Config `json:"-"`
	// Terms lists the fitted terms in the breakdown's order, then the
	// rabbit ranks.
	Terms []TermFit `json:"terms"`
	// Off lists the terms the base switched off, or that did not vary
	// over the training positions, left as they were.
	Off []string `json:"off"`
	// Scale is the teacher's units per evaluation point of material.
	Scale float64 `json:"scale"`
	// Tempo is the teacher's bonus for the side to move, in evaluation
	// points (the evaluation has none; reported, not used).
	Tempo float64 `json:"tempo"`
	// Train and Held count the positions fitted and held out, Skipped
	// those left out because their game is over, EqualMaterial the held
	// out ones with equal material.
	Train         int `json:"train"`
	Held          int `json:"held_out"`
	Skipped       int `json:"game_over_skipped"`
	EqualMaterial int `json:"held_out_equal_material"`
	// Before and After are the base's and the fitted evaluation's
	// agreement with the teacher on the held-out positions.
	Before Agreement `json:"before"`
	After  Agreement `json:"after"`
}

// rabbitRanks is how many ranks of a side's rabbits the fit values: its
// home rank to the rank before its goal.
const rabbitRanks = 7

// FitTeacher fits the evaluation's term weights to a teacher's scores of
// positions (records.ReadScored reads them): the least-squares line
// through the teacher's scores, from Gold's point of view, of the terms
// of the base evaluation's breakdown (Gold's share minus Silver's), with
// material as one term, the rabbit advance as a count of rabbits on each
// rank, and the side to move (the teacher's tempo). The coefficients are
// fitted on standardised terms with a ridge penalty; each term's
// coefficient over material's is the factor its keys (eval.TermKeys) are
// multiplied by, and the rabbit ranks' over material's are the new
// rabbit_rank (and rabbit_rank_late) values. Material stays as it is: it
// is the scale. The agreement before and after is measured with the
// evaluations themselves on the held-out positions.
func FitTeacher(ctx context.Context, xs []records.ScoredPosition, opt FitOptions) (*FitResult, error) {
	if opt.Holdout < 0 || opt.Holdout > 0.9 {
		return nil, fmt.Errorf("holdout %g is outside 0 to 0.9", opt.Holdout)
	}
	if opt.Ridge < 0 || opt.Ridge > 10 {
		return nil, fmt.Errorf("ridge %g is outside 0 to 10", opt.Ridge)
	}
	res := &FitResult{}
	usable, held := holdOut(xs, opt, res)
	m, err := newFitModel(&opt.Base, res)
	if err != nil {
		return nil, err
	}
	var X [][]float64
	var y []float64
	for i, x := range usable {
		if i%1024 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !held[i] {
			X = append(X, m.features(&x.Position))
			y = append(y, goldScore(x))
		}
	}
	res.Train, res.Held = len(X), len(usable)-len(X)
	if res.Train < 2*len(m.cols) {
		return nil, fmt.Errorf("%d positions to fit %d weights: at least %d are needed", res.Train, len(m.cols), 2*len(m.cols))
	}
	beta, sd := ridge(X, y, opt.Ridge)
	if err := m.apply(beta, sd, opt.Base, res); err != nil {
		return nil, err
	}
	agree(usable, held, m.base, eval.New(res.Config.Weights), res)
	return res, nil
}

// holdOut returns the positions of xs whose game is not over (counting
// the others in res.Skipped), and which of them the seed holds out.
func holdOut(xs []records.ScoredPosition, opt FitOptions, res *FitResult) (usable []records.ScoredPosition, held []bool) {
	for _, x := range xs {
		if over(&x.Position) {
			res.Skipped++
			continue
		}
		usable = append(usable, x)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x7ea))
	held = make([]bool, len(usable))
	for i := range held {
		held[i] = rng.Float64() < opt.Holdout
	}
	return usable, held
}

// fitColumn is one column of the fit: a term of the breakdown (term its
// index there, keys the keys it scales) or, with term -1, material, a
// rabbit rank or the tempo.
type fitColumn struct {
	name string
	term int
	keys []string
}

// fitModel is the fit's columns over the base evaluation: first the
// scaled terms the base has on, then material, the rabbit ranks (from
// index ranks) and the tempo.
type fitModel struct {
	base              *eval.Evaluator
	cols              []fitColumn
	mat, ranks, tempo int
	scaled            int
}

// newFitModel lists the columns for the base configuration; the terms it
// switches off go to res.Off.
func newFitModel(base *config.Config, res *FitResult) (*fitModel, error) {
	m := &fitModel{base: eval.New(base.Weights)}
	start := rules.StartPosition()
	for i, t := range m.base.Breakdown(&start).Terms {
		if eval.TermKind(t.Name) != eval.KindScaled {
			continue
		}
		keys := eval.TermKeys(t.Name)
		on, err := anyNonZero(base, keys)
		if err != nil {
			return nil, err
		}
		if !on {
			res.Off = append(res.Off, t.Name)
			continue
		}
		m.cols = append(m.cols, fitColumn{t.Name, i, keys})
	}
	m.scaled = len(m.cols)
	m.mat, m.ranks, m.tempo = m.scaled, m.scaled+1, m.scaled+1+rabbitRanks
	m.cols = append(m.cols, fitColumn{name: "material", term: -1})
	for r := range rabbitRanks {
		m.cols = append(m.cols, fitColumn{name: fmt.Sprintf("rabbit on rank %d", r+1), term: -1})
	}
	m.cols = append(m.cols, fitColumn{name: "tempo", term: -1})
	return m, nil
}

// features is p's row of the fit, from Gold's point of view.
func (m *fitModel) features(p *rules.Position) []float64 {
	b := m.base.Breakdown(p)
	f := make([]float64, len(m.cols))
	for j := range m.scaled {
		f[j] = float64(b.Terms[m.cols[j].term].Net())
	}
	for _, t := range b.Terms {
		if eval.TermKind(t.Name) == eval.KindMaterial {
			f[m.mat] += float64(t.Net())
		}
	}
	for c := rules.Gold; c <= rules.Silver; c++ {
		sign := 1.0
		if c == rules.Silver {
			sign = -1
		}
		for b := p.Pieces(c, rules.Rabbit); b != 0; {
			r := b.Pop().Rank()
			if c == rules.Silver {
				r = 7 - r
			}
			if r < rabbitRanks {
				f[m.ranks+r] += sign
			}
		}
	}
	f[m.tempo] = 1
	if p.Side() == rules.Silver {
		f[m.tempo] = -1
	}
	return f
}

// apply turns the coefficients beta of the columns (of spreads sd) into
// res: the scale and tempo, each fitted term, and res.Config, the base
// with each scaled term's keys times its factor and the rabbit ranks'
// values.
func (m *fitModel) apply(beta, sd []float64, base config.Config, res *FitResult) error {
	for j, c := range m.cols {
		if sd[j] == 0 && j < m.tempo {
			res.Off = append(res.Off, c.name+" (no variation)")
		}
	}
	if sd[m.mat] == 0 || beta[m.mat] <= 0 {
		return errors.New("the teacher's scores do not grow with material: nothing to scale the terms by")
	}
	res.Scale = beta[m.mat]
	res.Tempo = beta[m.tempo] / beta[m.mat]
	cfg := base
	for j := range m.scaled {
		if sd[j] == 0 {
			continue
		}
		f := beta[j] / beta[m.mat]
		res.Terms = append(res.Terms, TermFit{Term: m.cols[j].name, Keys: m.cols[j].keys, Multiplier: f, Spread: sd[j]})
		for _, k := range m.cols[j].keys {
			if err := scaleKey(&cfg, k, f); err != nil {
				return err
			}
		}
	}
	rr, err := cfg.Get("eval.rabbit_rank")
	if err != nil {
		return err
	}
	table, err := parseIntList(rr)
	if err != nil {
		return fmt.Errorf("eval.rabbit_rank: %w", err)
	}
	rankKeys := []string{"eval.rabbit_rank", "eval.rabbit_rank_late"}
	for r := range rabbitRanks {
		j := m.ranks + r
		if sd[j] == 0 {
			continue
		}
		v := beta[j] / beta[m.mat]
		res.Terms = append(res.Terms, TermFit{Term: m.cols[j].name, Keys: rankKeys, Multiplier: v, Spread: sd[j]})
		table[r] = int(math.Round(v))
	}
	for _, k := range rankKeys {
		if err := setClamped(&cfg, k, table); err != nil {
			return fmt.Errorf("%s = %s: %w", k, formatIntList(table), err)
		}
	}
	res.Config = cfg
	return nil
}

// agree measures the base's and the fitted evaluation's agreement with
// the teacher on the held-out positions, into res.
func agree(usable []records.ScoredPosition, held []bool, base, fitted *eval.Evaluator, res *FitResult) {
	var all, eq [3][]float64 // the teacher, the base, the fit
	for i, x := range usable {
		if !held[i] {
			continue
		}
		t, b, a := goldScore(x), gold(base, &x.Position), gold(fitted, &x.Position)
		all[0], all[1], all[2] = append(all[0], t), append(all[1], b), append(all[2], a)
		if equalMaterial(&x.Position) {
			eq[0], eq[1], eq[2] = append(eq[0], t), append(eq[1], b), append(eq[2], a)
		}
	}
	res.EqualMaterial = len(eq[0])
	res.Before = Agreement{correlation(all[0], all[1]), correlation(eq[0], eq[1])}
	res.After = Agreement{correlation(all[0], all[2]), correlation(eq[0], eq[2])}
}

// over reports whether the game is over in p: a rabbit on its goal rank,
// or a side without rabbits (the evaluation of such a position means
// nothing to fit).
func over(p *rules.Position) bool {
	for _, pr := range p.Validate() {
		if pr.GameOver {
			return true
		}
	}
	return p.Pieces(rules.Gold, rules.Rabbit) == 0 || p.Pieces(rules.Silver, rules.Rabbit) == 0
}

// goldScore is the teacher's score from Gold's point of view.
func goldScore(x records.ScoredPosition) float64 {
	if x.Position.Side() == rules.Silver {
		return -x.Score
	}
	return x.Score
}

// gold is e's evaluation of p from Gold's point of view.
func gold(e *eval.Evaluator, p *rules.Position) float64 {
	if p.Side() == rules.Silver {
		return -float64(e.Evaluate(p))
	}
	return float64(e.Evaluate(p))
}

// equalMaterial reports whether both sides have the same pieces.
func equalMaterial(p *rules.Position) bool {
	for t := rules.Rabbit; t <= rules.Elephant; t++ {
		if p.Count(rules.Gold, t) != p.Count(rules.Silver, t) {
			return false
		}
	}
	return true
}

// anyNonZero reports whether some element of some key of cfg is not 0.
func anyNonZero(cfg *config.Config, keys []string) (bool, error) {
	for _, k := range keys {
		v, err := cfg.Get(k)
		if err != nil {
			return false, err
		}
		for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == '[' || r == ']' || r == ',' || r == ' ' }) {
			if x, err := strconv.ParseFloat(f, 64); err == nil && x != 0 {
				return true, nil
			}
		}
	}
	return false, nil
}

// scaleKey multiplies the whole-number key k of cfg (a number or a list)
// by m, rounding, and clamps it to the key's range.
func scaleKey(cfg *config.Config, k string, m float64) error {
	v, err := cfg.Get(k)
	if err != nil {
		return err
	}
	if strings.HasPrefix(strings.TrimSpace(v), "[") {
		list, err := parseIntList(v)
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
		for i := range list {
			list[i] = int(math.Round(float64(list[i]) * m))
		}
		return setClamped(cfg, k, list)
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("%s: %q is not a whole number", k, v)
	}
	return setClamped(cfg, k, []int{int(math.Round(float64(n) * m))})
}

// setClamped sets key k of cfg to vals (one value: a number; more: a
// list), each clamped to the key's range.
func setClamped(cfg *config.Config, k string, vals []int) error {
	for _, key := range cfg.Keys() {
		if key.Name != k {
			continue
		}
		lo, hi, err := parseRange(key)
		if err != nil {
			return err
		}
		for i, v := range vals {
			vals[i] = int(math.Max(lo, math.Min(hi, float64(v))))
		}
		text := strconv.Itoa(vals[0])
		if key.Type == "list" {
			text = formatIntList(vals)
		}
		return cfg.Set(k, text)
	}
	return fmt.Errorf("%s: no such key", k)
}

// formatIntList writes a list as Keys does: "[1, 2, 3]".
func formatIntList(vals []int) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = strconv.Itoa(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// ridge solves the ridge regression of y on the columns of X after
// standardising them (a column of no spread gets coefficient 0), and
// returns the coefficients in the columns' own units and the columns'
// standard deviations. lambda is the penalty on the standardised
// coefficients, per position.
func ridge(X [][]float64, y []float64, lambda float64) (beta, sd []float64) {
	n, k := len(X), len(X[0])
	mean := make([]float64, k)
	sd = make([]float64, k)
	var ym float64
	for i, row := range X {
		for j, v := range row {
			mean[j] += v
		}
		ym += y[i]
	}
	for j := range mean {
		mean[j] /= float64(n)
	}
	ym /= float64(n)
	for _, row := range X {
		for j, v := range row {
			sd[j] += (v - mean[j]) * (v - mean[j])
		}
	}
	for j := range sd {
		sd[j] = math.Sqrt(sd[j] / float64(n))
		if sd[j] < 1e-9 {
			sd[j] = 0
		}
	}
	// The normal equations (ZᵀZ/n + λI) b = Zᵀy/n of the standardised Z.
	a := make([][]float64, k)
	for j := range a {
		a[j] = make([]float64, k+1)
	}
	z := make([]float64, k)
	for i, row := range X {
		for j, v := range row {
			if sd[j] > 0 {
				z[j] = (v - mean[j]) / sd[j]
			} else {
				z[j] = 0
			}
		}
		for j := range k {
			if z[j] == 0 {
				continue
			}
			for l := range k {
				a[j][l] += z[j] * z[l]
			}
			a[j][k] += z[j] * (y[i] - ym)
		}
	}
	for j := range k {
		for l := range k + 1 {
			a[j][l] /= float64(n)
		}
		a[j][j] += lambda
		if sd[j] == 0 {
			a[j][j] = 1 // a column of no spread: coefficient 0
		}
	}
	b := solve(a)
	beta = make([]float64, k)
	for j := range k {
		if sd[j] > 0 {
			beta[j] = b[j] / sd[j]
		}
	}
	return beta, sd
}

// solve solves the linear system whose augmented matrix is a (k rows of
// k+1) by Gaussian elimination with partial pivoting; a singular column
// gets 0.
func solve(a [][]float64) []float64 {
	k := len(a)
	for c := range k {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		if math.Abs(a[c][c]) < 1e-12 {
			continue
		}
		for r := c + 1; r < k; r++ {
			f := a[r][c] / a[c][c]
			for l := c; l <= k; l++ {
				a[r][l] -= f * a[c][l]
			}
		}
	}
	x := make([]float64, k)
	for r := k - 1; r >= 0; r-- {
		if math.Abs(a[r][r]) < 1e-12 {
			continue
		}
		s := a[r][k]
		for l := r + 1; l < k; l++ {
			s -= a[r][l] * x[l]
		}
		x[r] = s / a[r][r]
	}
	return x
}

// correlation is Pearson's correlation of a and b (0 with fewer than two
// values or no spread).
func correlation(a, b []float64) float64 {
	n := float64(len(a))
	if n < 2 {
		return 0
	}
	var ma, mb float64
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	ma /= n
	mb /= n
	var sab, saa, sbb float64
	for i := range a {
		sab += (a[i] - ma) * (b[i] - mb)
		saa += (a[i] - ma) * (a[i] - ma)
		sbb += (b[i] - mb) * (b[i] - mb)
	}
	if saa == 0 || sbb == 0 {
		return 0
	}
	return sab / math.Sqrt(saa*sbb)
}
