package judge

import (
	"bytes"
	"math"
	"os"
	"strings"
	"testing"
)

var update = os.Getenv("UPDATE_GOLDEN") != ""

// TestResultsGolden pins the results file's format.
func TestResultsGolden(t *testing.T) {
	rows := []Row{
		{Source: "games.txt game 12", Turn: "23w", Player: "builtin", Move: "Ed4n Ed5n", Best: "Ed4n Ed5n", Before: 412, After: -412, Agree: true},
		{Source: "games.txt game 12", Turn: "25w", Player: "builtin", Move: "Ra2n", Best: "Ee5s Ee4w hd4s Dc4e", Before: 350, After: 1720, Loss: 2070},
		{Source: "games.txt game 13", Turn: "8b", Move: "rh7s rh6s", Best: "ed5e", Before: -40, After: 100000, Loss: 99960},
	}
	var b bytes.Buffer
	b.WriteString(aboutPrefix + "engine builtin at 1s; teacher 'bot aei' at 1s\n" + header)
	for _, r := range rows {
		b.WriteString(r.Line())
	}
	const golden = "testdata/results.tsv"
	if update {
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(golden, b.Bytes(), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Fatalf("results file:\n%s\nwant:\n%s", b.Bytes(), want)
	}
	about, got, err := ParseRows(want, golden)
	if err != nil || about != "engine builtin at 1s; teacher 'bot aei' at 1s" || len(got) != len(rows) {
		t.Fatalf("read back: %q, %d rows, %v", about, len(got), err)
	}
	for i := range rows {
		if got[i] != rows[i] {
			t.Errorf("row %d: %+v, want %+v", i, got[i], rows[i])
		}
	}
}

func TestParseRowsErrors(t *testing.T) {
	head := aboutPrefix + "x\n" + header
	cases := map[string]struct{ text, want string }{
		"no about line":  {header, "r.tsv:1: not a judge's results file"},
		"no header":      {aboutPrefix + "x\nsource\tturn\n", "r.tsv:1: not a judge's results file"},
		"short row":      {head + "a\t5w\tp\tEe2n\n", "r.tsv:3: 4 columns, not 9"},
		"score":          {head + "a\t5w\tp\tEe2n\tEe2n\t1.5\t0\t0\t0\n", "r.tsv:3: column 6 (before): \"1.5\" is not a score"},
		"huge":           {head + "a\t5w\tp\tEe2n\tEe2n\t1\t999999999\t0\t0\n", "column 7 (after)"},
		"agree":          {head + "a\t5w\tp\tEe2n\tEe2n\t1\t1\t2\tyes\n", "r.tsv:3: column 9 (agree): \"yes\" is not 0 or 1"},
		"second row bad": {head + "a\t5w\tp\tEe2n\tEe2n\t1\t1\t2\t0\nb\n", "r.tsv:4:"},
	}
	for name, c := range cases {
		_, _, err := ParseRows([]byte(c.text), "r.tsv")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

func TestSummarizeAndCompare(t *testing.T) {
	row := func(src string, before, loss int, agree bool) Row {
		return Row{Source: src, Turn: "5w", Move: src, Before: before, After: loss - before, Loss: loss, Agree: agree}
	}
	a := []Row{row("a", 0, 0, true), row("b", 100, 200, false), row("c", -50, 400, false), row("d", 5000, 105000, false)}
	cases := []struct {
		name          string
		f             Filter
		moves, agreed int
		mean, median  float64
	}{
		{"all", Filter{}, 4, 1, 105600.0 / 4, 300},
		{"within", Filter{Within: 1000}, 3, 1, 200, 200},
		{"clip", Filter{Clip: 1000}, 4, 1, 400, 300},
	}
	for _, c := range cases {
		s := Summarize(a, c.f, 2, 300)
		if s.Moves != c.moves || s.Agreed != c.agreed || math.Abs(s.MeanLoss-c.mean) > 1e-9 || s.Median != c.median {
			t.Errorf("%s: %+v, want %d moves, %d agreed, mean %g, median %g", c.name, s, c.moves, c.agreed, c.mean, c.median)
		}
		if len(s.Worst) != 2 || s.Worst[0].Loss < s.Worst[1].Loss {
			t.Errorf("%s: worst %+v", c.name, s.Worst)
		}
	}
	if s := Summarize(a, Filter{}, 0, 300); s.Blunders != 2 || s.Decided != 1 {
		t.Errorf("blunders %d (want 2), decided %d (want 1)", s.Blunders, s.Decided)
	}
	// Losses 0, 200, 400 against 100, 100, 100 and one not in A.
	b := []Row{row("a", 0, 100, false), row("b", 100, 100, false), row("c", -50, 100, false), row("e", 0, 0, true)}
	c := Compare(a, b, Filter{Within: 1000})
	if c.Pairs != 3 || math.Abs(c.Diff-(-100)) > 1e-9 || c.AgreedA != 1 || c.AgreedB != 0 || c.Same != 3 {
		t.Errorf("compare: %+v", c)
	}
	// The interval of a mean: 1.96 standard errors.
	if _, iv := meanInterval([]float64{100, -100, 300}); math.Abs(iv-1.96*200/math.Sqrt(3)) > 1e-9 {
		t.Errorf("interval %g", iv)
	}
}

func TestWordScore(t *testing.T) {
	cases := []struct {
		lines []string
		score int
		ok    bool
	}{
		{[]string{"log Depth 11.1+ Eval 118 Time 2.3"}, 118, true},
		{[]string{"log Eval -40", "log Depth 12 Eval 75.6 Time 2"}, 76, true},
		{[]string{"log Eval -12.5"}, -13, true},
		{[]string{"log Eval 1e9"}, Decided, true},
		{[]string{"log Evaluation 3", "log Eval x"}, 0, false},
		{[]string{"log Eval"}, 0, false},
	}
	for _, c := range cases {
		s := newWordScore("Eval")
		for _, l := range c.lines {
			s.line(l)
		}
		if s.score != c.score || s.ok != c.ok {
			t.Errorf("%q: %d %v, want %d %v", c.lines, s.score, s.ok, c.score, c.ok)
		}
	}
}

func FuzzParseRows(f *testing.F) {
	f.Add([]byte(aboutPrefix + "x\n" + header + "a\t5w\tp\tEe2n\tEe2n\t1\t-1\t0\t1\n"))
	f.Add([]byte(header))
	f.Fuzz(func(t *testing.T, data []byte) {
		about, rows, err := ParseRows(data, "f")
		if err != nil {
			return
		}
		// What was read writes back to what reads the same.
		var b strings.Builder
		if len(data) > 0 {
			b.WriteString(aboutPrefix + about + "\n" + header)
		}
		for _, r := range rows {
			b.WriteString(r.Line())
		}
		about2, rows2, err := ParseRows([]byte(b.String()), "f")
		if err != nil || about2 != about || len(rows2) != len(rows) {
			t.Fatalf("written back: %v (%d rows, want %d)", err, len(rows2), len(rows))
		}
		for i := range rows {
			if rows[i] != rows2[i] {
				t.Fatalf("row %d: %+v, then %+v", i, rows[i], rows2[i])
			}
		}
	})
}

func FuzzCacheParse(f *testing.F) {
	const head = "# teacher: t\n"
	f.Add(head + "k\t12\tEe2n\n")
	f.Add(head + "k\tx\n")
	f.Fuzz(func(t *testing.T, text string) {
		c := &Cache{m: map[string]Verdict{}}
		if err := c.parse(text, "c", head); err != nil {
			return
		}
		for k, v := range c.m {
			if v.Score < -Decided || v.Score > Decided || strings.Contains(k, "\t") {
				t.Fatalf("%q: %+v", k, v)
			}
		}
	})
}
