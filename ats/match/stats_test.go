package match

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool {
	if math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= tol
}

// TestElo checks Elo and its interval against values worked out by hand.
// For 60 wins and 40 losses: m = 0.6, Elo = -400 log10(1/0.6 - 1) =
// 400 log10(1.5) = 70.437; var = (60*0.4² + 40*0.6²)/100 = 0.24, the
// standard error sqrt(0.24/100) = 0.04899, so m ± 1.96 se = 0.50398 and
// 0.69602, whose Elo are 2.767 and 143.909.
func TestElo(t *testing.T) {
	tests := []struct {
		s               Score
		diff, low, high float64
	}{
		{Score{60, 40, 0}, 70.4365, 2.7669, 143.9092},
		// m = 35/60 = 0.58333, var = (30*0.41667² + 20*0.58333² + 10*0.08333²)/60 = 0.20139.
		{Score{30, 20, 10}, 58.4512, -21.0229, 144.6208},
		{Score{10, 10, 0}, 0, -163.3214, 163.3214},
		{Score{}, 0, 0, 0},
		// Near 0 or 1, Wilson's interval: for 99 wins in 100, centre
		// (0.99 + z²/200) / (1 + z²/100) and half-width
		// z·sqrt(0.99·0.01/100 + z²/40000) / (1 + z²/100) give 0.94551 and
		// 0.99823, whose Elo are 495.75 and 1100.76.
		{Score{99, 1, 0}, 798.2541, 495.7526, 1100.7556},
		// Every game won: the lower bound is still finite (0.56552: 45.79).
		{Score{5, 0, 0}, math.Inf(1), 45.7895, math.Inf(1)},
		{Score{0, 5, 0}, math.Inf(-1), math.Inf(-1), -45.7895},
	}
	for _, tc := range tests {
		e := EloFrom(tc.s)
		if !near(e.Diff, tc.diff, 1e-3) || !near(e.Low, tc.low, 0.1) || !near(e.High, tc.high, 0.1) {
			t.Errorf("%+v: Elo %+v, want %.4f [%.4f, %.4f]", tc.s, e, tc.diff, tc.low, tc.high)
		}
	}
	if got := EloOf(ExpectedScore(123.4)); !near(got, 123.4, 1e-9) {
		t.Errorf("EloOf(ExpectedScore(123.4)) = %v", got)
	}
	if got := ExpectedScore(400); !near(got, 10.0/11, 1e-12) {
		t.Errorf("ExpectedScore(400) = %v, want 10/11", got)
	}
}

// TestLLR checks the log-likelihood ratio. For 30 wins, 20 losses and 10
// draws against [0, 20]: s0 = 0.5, s1 = 1/(1+10^(-0.05)) = 0.528751,
// m = 0.583333, var = 0.201389, so LLR = 60 * 0.028751 * (1.166667 -
// 1.028751) / (2 * 0.201389) = 0.590673. The last row is a value published
// with a public SPRT calculator (4307 wins, 4063 losses, 8620 draws,
// [0, 3]: LLR 2.99).
func TestLLR(t *testing.T) {
	tests := []struct {
		s          Score
		elo0, elo1 float64
		want       float64
	}{
		{Score{30, 20, 10}, 0, 20, 0.590673},
		{Score{30, 20, 10}, -5, 5, 0.357273},
		// var = 0.24: 100 * 0.014387 * (1.2 - 1.014387) / 0.48 = 0.556343.
		{Score{60, 40, 0}, 0, 10, 0.556343},
		// m = 0.5, var = 1/6: 60 * 0.014387 * (-0.014387) * 3 = -0.037258.
		{Score{20, 20, 20}, 0, 10, -0.037258},
		{Score{}, 0, 10, 0},
		{Score{9, 0, 0}, 0, 10, 0},
		{Score{4307, 4063, 8620}, 0, 3, 2.9922},
	}
	for _, tc := range tests {
		got := SPRT{Elo0: tc.elo0, Elo1: tc.elo1, Alpha: 0.05, Beta: 0.05}.LLR(tc.s)
		if !near(got, tc.want, 1e-4) {
			t.Errorf("%+v [%g, %g]: LLR %.6f, want %.6f", tc.s, tc.elo0, tc.elo1, got, tc.want)
		}
	}
}

func TestSPRTBoundsAndDecision(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lo, hi := test.Bounds()
	// log(0.05/0.95) and log(0.95/0.05)
	if !near(lo, -2.944439, 1e-6) || !near(hi, 2.944439, 1e-6) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	lo, hi = SPRT{Elo1: 5, Alpha: 0.1, Beta: 0.2}.Bounds()
	if !near(lo, math.Log(0.2/0.9), 1e-12) || !near(hi, math.Log(0.8/0.1), 1e-12) {
		t.Errorf("asymmetric bounds %v %v", lo, hi)
	}
	for _, tc := range []struct {
		s    Score
		want Decision
	}{
		{Score{}, Continue},
		{Score{30, 20, 10}, Continue},
		{Score{20, 0, 0}, Continue}, // no estimate of the variance yet
		{Score{60, 40, 0}, Continue},
		{Score{700, 300, 0}, AcceptH1},
		{Score{8000, 8000, 0}, AcceptH0}, // LLR -3.31
	} {
		if got := test.Decide(tc.s); got != tc.want {
			t.Errorf("%+v: %v (LLR %.2f), want %v", tc.s, got, test.LLR(tc.s), tc.want)
		}
	}
}

func TestParseSPRT(t *testing.T) {
	got, err := ParseSPRT("elo0=0,elo1=20")
	if err != nil || got != (SPRT{0, 20, 0.05, 0.05}) {
		t.Errorf("defaults: %+v %v", got, err)
	}
	got, err = ParseSPRT(" elo0=-3, elo1=1.5, alpha=0.1, beta=0.2 ")
	if err != nil || got != (SPRT{-3, 1.5, 0.1, 0.2}) {
		t.Errorf("all keys: %+v %v", got, err)
	}
	if back, err := ParseSPRT(got.String()); err != nil || back != got {
		t.Errorf("round trip of %q: %+v %v", got.String(), back, err)
	}
	for _, bad := range []string{"", "elo0=0", "elo1=10,elo0=10", "elo1=x", "elo1=10,alpha=0", "elo1=10,beta=0.5",
		"elo1=10,gamma=1", "elo1", "elo1=NaN", "elo1=1e9"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestEloString(t *testing.T) {
	tests := []struct {
		s    Score
		want string
	}{
		{Score{60, 40, 0}, "+70 ±71"},
		{Score{10, 10, 0}, "+0 ±163"},
		{Score{99, 1, 0}, "+798 ±303"}, // Wilson, symmetric here
		{Score{19, 1, 0}, "+512 ±308"},
		{Score{5, 0, 0}, "+Inf"},
	}
	for _, tc := range tests {
		if got := EloFrom(tc.s).String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.s, got, tc.want)
		}
	}
	if got := (Elo{Diff: 100, Low: 50, High: 300}).String(); got != "+100 (+50..+300)" {
		t.Errorf("a lopsided interval: %q", got)
	}
}
