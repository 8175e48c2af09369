package cli

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
	"arimaa-workbench/records"
)

// bestMove extracts the bestmove line of analyze or aei output.
func bestMove(t *testing.T, out string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^bestmove (.*)$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no bestmove in output:\n%s", out)
	}
	return m[1]
}

// playNotation fails the test unless text is a legal move from p.
func playNotation(t *testing.T, p rules.Position, text string) {
	t.Helper()
	g, err := rules.NewGameFrom(p)
	if err != nil {
		t.Fatal(err)
	}
	rulestest.PlayMove(t, g, text)
}

func TestAnalyze(t *testing.T) {
	dir := t.TempDir()
	// The long form the records package writes, as a user would save it.
	posFile := writeFile(t, dir, "mid.txt", records.FormatPosition(rulestest.MiddleGame(t)))
	rec := "1w Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\n1b ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7\n2w Ee2n Ee3n Ee4n Ee5n\n2b ed7s ed6s ed5s rd8s\n3w\n"
	recFile := writeFile(t, dir, "game.txt", rec)
	// A small tree: the default one's 256 MB, allocated and cleared for
	// every run, is most of the test's time under the race detector.
	args := []string{"--playouts", "1000", "--threads", "1", "--seed", "3", "--set", "search.memory_mb=16"}
	tests := []struct {
		name  string
		arg   string
		stdin string
	}{
		{"long position file", posFile, ""},
		{"inline compact", startCompact, ""},
		{"stdin", "-", startCompact + "\n"},
		{"game record", recFile, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, runAnalyze, tc.stdin, append(args, tc.arg)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			for _, want := range []string{"final ", "depth ", "score ", "nodes ", "pv ", "candidate 1:", "bestmove "} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			_, again, _ := runCmd(t, runAnalyze, tc.stdin, append(args, tc.arg)...)
			if bestMove(t, out) != bestMove(t, again) || candidates(out) != candidates(again) {
				t.Errorf("two runs with the same seed differ:\n%s\n%s", out, again)
			}
		})
	}
	_, out, _ := runCmd(t, runAnalyze, "", append(args, posFile)...)
	playNotation(t, rulestest.MiddleGame(t), bestMove(t, out)) // the position of mid.txt

	// A depth limit alone ends the alpha-beta search at that iteration;
	// the MCTS reports its playouts and visits.
	if code, out, errOut := runCmd(t, runAnalyze, "", "--depth", "3", "--threads", "1", startCompact); code != 0 || !strings.Contains(out, "final ") ||
		!strings.Contains(out, "depth  3/") || !strings.Contains(out, "candidate 1:") {
		t.Errorf("analyze --depth 3: exit %d\n%s\n%s", code, out, errOut)
	}
	if code, out, errOut := runCmd(t, runAnalyze, "", append([]string{"--set", "search.algorithm=mcts"}, append(args, posFile)...)...); code != 0 ||
		!strings.Contains(out, "playouts") || !strings.Contains(out, "visits") {
		t.Errorf("analyze with the MCTS: exit %d\n%s\n%s", code, out, errOut)
	}

	for _, bad := range [][]string{
		{filepath.Join(dir, "missing.txt")},
		{"--set", "search.nothing=1", posFile},
		{"--time", "x", posFile},
		{"--depth", "256", posFile},
		{},
	} {
		if code, _, errOut := runCmd(t, runAnalyze, "", bad...); code == 0 || errOut == "" {
			t.Errorf("analyze %q: exit %d, stderr %q", bad, code, errOut)
		}
	}
}

func candidates(out string) string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "candidate") {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

func TestAnalyzeSetup(t *testing.T) {
	rec := writeFile(t, t.TempDir(), "empty.txt", "1w\n")
	code, out, errOut := runCmd(t, runAnalyze, "", "--playouts", "10", rec)
	if code != 0 || !strings.Contains(out, "setup R") {
		t.Errorf("exit %d, out %q, err %q", code, out, errOut)
	}
}

func TestAeiCommand(t *testing.T) {
	session := strings.Join([]string{
		"aei",
		"isready",
		"newgame",
		"setoption name playouts value 500",
		"setoption name threads value 1",
		"setoption name nonsense value 1",
		"setposition g " + strings.TrimPrefix(startCompact, "g "),
		"go",
	}, "\n") + "\n" // the end of input lets the search finish

	code, out, errOut := runCmd(t, runAei, session, "--seed", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"protocol-version 1", "aeiok", "readyok", "log Warning:", "info pv", "bestmove "} {
		if !strings.Contains(out, want) {
			t.Errorf("session output lacks %q:\n%s", want, out)
		}
	}
	playNotation(t, rules.StartPosition(), bestMove(t, out))
	// Input ending without quit also ends the session.
	if code, _, _ := runCmd(t, runAei, "aei\nisready\n"); code != 0 {
		t.Errorf("exit %d at end of input", code)
	}
	if code, _, _ := runCmd(t, runAei, "", "--config", "/nonexistent.toml"); code == 0 {
		t.Errorf("a missing configuration file was accepted")
	}
}

func TestBenchCommand(t *testing.T) {
	// The shortest measurements and games, small trees: the test reads
	// the report's lines, not the rates.
	code, out, errOut := runCmd(t, runBench, "", "--time", "0.05", "--set", "search.memory_mb=16")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"start position", "middle game", "2 workers", "scaling", "unique moves/s", "steps generated/s"} {
		if !strings.Contains(out, want) {
			t.Errorf("bench output lacks %q:\n%s", want, out)
		}
	}
	code, out, errOut = runCmd(t, runBench, "", "--match", "2", "--playouts", "20", "--max-moves", "12", "--set", "search.memory_mb=16")
	if code != 0 {
		t.Fatalf("match exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "game 2:") || !strings.Contains(out, "score: A") {
		t.Errorf("match output:\n%s", out)
	}
	if code, _, _ := runCmd(t, runBench, "", "--match", "1", "--b", "search.nothing=2"); code == 0 {
		t.Errorf("an unknown key for B was accepted")
	}
}

func TestBenchPositionsValid(t *testing.T) {
	for i := range benchPositions {
		if _, err := benchPosition(i); err != nil {
			t.Error(err)
		}
	}
}
