package match

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Score is a tally of game results from one engine's point of view.
type Score struct {
	Wins, Losses, Draws int
}

// Games is the number of games tallied.
func (s Score) Games() int { return s.Wins + s.Losses + s.Draws }

// Points is the score as a fraction: a win 1, a draw 1/2, a loss 0.
// It is 0.5 before any game.
func (s Score) Points() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(n)
}

// variance is the per-game variance of the score under the trinomial
// model: each game is a win (1), a draw (1/2) or a loss (0) with the
// observed frequencies.
func (s Score) variance() float64 {
	n := float64(s.Games())
	if n == 0 {
		return 0
	}
	m := s.Points()
	return (float64(s.Wins)*(1-m)*(1-m) + float64(s.Losses)*m*m + float64(s.Draws)*(0.5-m)*(0.5-m)) / n
}

// EloOf is the Elo difference that the logistic model gives an expected
// score of p: -400 log10(1/p - 1). It is ±Inf at 0 and 1.
func EloOf(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// ExpectedScore is the inverse of EloOf: 1 / (1 + 10^(-elo/400)).
func ExpectedScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Elo is an Elo difference estimated from a score with its 95% interval.
type Elo struct {
	Diff, Low, High float64
}

// Margin is half the width of the interval, the "±" of a report.
func (e Elo) Margin() float64 { return (e.High - e.Low) / 2 }

// EloFrom estimates the Elo difference from a score: the logistic Elo of
// the mean score, and the interval the normal approximation of the mean
// (its standard error from the trinomial variance) gives, mapped through
// the same curve. This is how cutechess-cli reports Elo and its error
// margin. Before any game all three are 0.
//
// Near a score of 0 or 1 the normal interval leaves (0, 1), and the curve
// maps it to an infinite bound even when the games say more (95 wins in
// 100 bound the Elo from below). There the interval is Wilson's score
// interval (Wilson 1927), which stays inside (0, 1): its centre is
// (p + z²/2n) / (1 + z²/n), its half-width z·sqrt(p(1-p)/n + z²/4n²) /
// (1 + z²/n). Only a score of exactly 0 or 1 leaves one bound infinite.
func EloFrom(s Score) Elo {
	n := s.Games()
	if n == 0 {
		return Elo{}
	}
	m := s.Points()
	se := math.Sqrt(s.variance() / float64(n))
	lo, hi := m-z95*se, m+z95*se
	if lo <= 0 || hi >= 1 {
		nf := float64(n)
		z2 := z95 * z95
		centre := (m + z2/(2*nf)) / (1 + z2/nf)
		half := z95 * math.Sqrt(m*(1-m)/nf+z2/(4*nf*nf)) / (1 + z2/nf)
		lo, hi = centre-half, centre+half
		if m <= 0 {
			lo = 0
		}
		if m >= 1 {
			hi = 1
		}
	}
	return Elo{Diff: EloOf(m), Low: EloOf(lo), High: EloOf(hi)}
}

// SPRT is a sequential probability ratio test of H0: the Elo difference is
// Elo0, against H1: it is Elo1, with the error rates Alpha (accepting H1
// when H0 holds) and Beta (accepting H0 when H1 holds).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// ParseSPRT reads "elo0=0,elo1=10,alpha=0.05,beta=0.05"; alpha and beta
// default to 0.05, elo0 to 0, and elo1 must be given.
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	hasElo1 := false
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return SPRT{}, fmt.Errorf("sprt %q: %q is not KEY=VALUE", s, kv)
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return SPRT{}, fmt.Errorf("sprt %q: %s=%q is not a number", s, k, v)
		}
		switch strings.TrimSpace(k) {
		case "elo0":
			t.Elo0 = f
		case "elo1":
			t.Elo1, hasElo1 = f, true
		case "alpha":
			t.Alpha = f
		case "beta":
			t.Beta = f
		default:
			return SPRT{}, fmt.Errorf("sprt %q: unknown key %q (elo0, elo1, alpha, beta)", s, k)
		}
	}
	if !hasElo1 {
		return SPRT{}, fmt.Errorf("sprt %q: elo1 is missing", s)
	}
	return t, t.Validate()
}

// Validate checks that the test can be run.
func (t SPRT) Validate() error {
	switch {
	case t.Elo1 <= t.Elo0:
		return fmt.Errorf("sprt: elo1 (%g) must be greater than elo0 (%g)", t.Elo1, t.Elo0)
	case math.Abs(t.Elo0) > 1000 || math.Abs(t.Elo1) > 1000:
		return errors.New("sprt: elo0 and elo1 must be between -1000 and 1000")
	case !(t.Alpha > 0 && t.Alpha < 0.5) || !(t.Beta > 0 && t.Beta < 0.5):
		return fmt.Errorf("sprt: alpha (%g) and beta (%g) must be between 0 and 0.5", t.Alpha, t.Beta)
	}
	return nil
}

// String writes the test in the form ParseSPRT reads.
func (t SPRT) String() string {
	g := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	return "elo0=" + g(t.Elo0) + ",elo1=" + g(t.Elo1) + ",alpha=" + g(t.Alpha) + ",beta=" + g(t.Beta)
}

// Bounds are Wald's stopping bounds on the log-likelihood ratio:
// log(beta/(1-alpha)) below, where H0 is accepted, and
// log((1-beta)/alpha) above, where H1 is.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the log-likelihood ratio of H1 against H0 after the games in s.
//
// It is the generalized SPRT's normal approximation that Fishtest, the
// Stockfish testing framework, uses (after Michel Van den Bergh): with
// s the mean score, var its per-game variance and s0, s1 the expected
// scores of Elo0 and Elo1,
//
//	LLR ≈ N (s1 - s0) (2s - s0 - s1) / (2 var).
//
// The approximation needs an estimate of the variance: until two games
// have had different results it is 0 and the LLR is 0, so a match one
// engine wins every game of runs its planned games.
func (t SPRT) LLR(s Score) float64 {
	v := s.variance()
	if v == 0 {
		return 0
	}
	s0, s1 := ExpectedScore(t.Elo0), ExpectedScore(t.Elo1)
	return float64(s.Games()) * (s1 - s0) * (2*s.Points() - s0 - s1) / (2 * v)
}

// Decision is where an SPRT stands.
type Decision int8

// The outcomes of an SPRT.
const (
	Continue Decision = iota
	AcceptH0
	AcceptH1
)

// String names the decision, e.g. "H1 accepted".
func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Decide compares the LLR of s with the bounds.
func (t SPRT) Decide(s Score) Decision {
	llr := t.LLR(s)
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}
