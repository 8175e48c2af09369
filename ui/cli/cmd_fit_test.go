package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/records"
)

// TestConvertEvery: --every writes each position of each game, as many as
// phase finds, the ply-th of them the one --ply gives.
func TestConvertEvery(t *testing.T) {
	code, every, errs := runTool(t, runConvert, "", "--to", "compact", "--every", "assets/games/goal_race.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	_, phases, _ := runTool(t, runPhase, "", "assets/games/goal_race.txt")
	lines := strings.Split(strings.TrimSuffix(every, "\n"), "\n")
	if want := strings.Count(phases, "\n"); len(lines) != want {
		t.Fatalf("%d positions, phase reads %d", len(lines), want)
	}
	for _, ply := range []int{0, 10, len(lines) - 1} {
		_, one, _ := runTool(t, runConvert, "", "--to", "compact", "--ply", strconv.Itoa(ply), "assets/games/goal_race.txt")
		if lines[ply]+"\n" != one {
			t.Errorf("position %d: %q, --ply gives %q", ply, lines[ply], one)
		}
	}
	if code, _, errs := runTool(t, runConvert, "", "--to", "compact", "--every", "--ply", "3", "assets/games/goal_race.txt"); code != 2 || !strings.Contains(errs, "--every") {
		t.Errorf("--every with --ply: exit %d, %q", code, errs)
	}
}

// TestFitCommand fits to scores the evaluation itself wrote with the
// threat term doubled: fit finds the factor, writes a loadable
// configuration and a summary, and a bad line is named by file and line.
func TestFitCommand(t *testing.T) {
	code, every, errs := runTool(t, runConvert, "", "--to", "compact", "--every", "assets/games/sample_archive.tsv")
	if code != 0 {
		t.Fatalf("convert: exit %d: %s", code, errs)
	}
	teacherCfg := config.Default()
	if err := teacherCfg.Set("eval.piece_threat", strconv.Itoa(2*teacherCfg.Weights.Eval.PieceThreat)); err != nil {
		t.Fatal(err)
	}
	teacher := eval.New(teacherCfg.Weights)
	var scores strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(every), "\n") {
		p, err := records.ParseCompact(line)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&scores, "%d\t%s\n", 2*teacher.Evaluate(&p), line)
	}
	dir := t.TempDir()
	in := writeFile(t, dir, "scores.txt", "# the evaluation, threats doubled\n"+scores.String())
	out, sum := filepath.Join(dir, "fitted.toml"), filepath.Join(dir, "fit.json")
	code, stdout, errs := runTool(t, runFit, "", "--out", out, "--json", sum, "--ridge", "0", in)
	if code != 0 {
		t.Fatalf("fit: exit %d\n%s\n%s", code, stdout, errs)
	}
	for _, want := range []string{"positions fitted", "scale: 2.000", "pieces threatened", "held-out correlation with the teacher", "wrote " + out} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	fitted, err := config.Load(strings.NewReader(string(data)), out)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fitted.Weights.Eval.PieceThreat, 2*config.Default().Weights.Eval.PieceThreat; math.Abs(float64(got-want)) > 0.03*float64(want) {
		t.Errorf("fitted piece_threat %d, want about %d", got, want)
	}
	var s struct {
		Terms []struct {
			Term       string  `json:"term"`
			Multiplier float64 `json:"multiplier"`
		} `json:"terms"`
		After struct {
			Correlation float64 `json:"correlation"`
		} `json:"after"`
	}
	raw, err := os.ReadFile(sum)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &s); err != nil || len(s.Terms) == 0 || s.After.Correlation < 0.999 {
		t.Errorf("summary %s: %v", raw, err)
	}

	bad := writeFile(t, dir, "bad.txt", "12 g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]\nlots g [r]\n")
	code, _, errs = runTool(t, runFit, "", "--out", filepath.Join(dir, "no.toml"), bad)
	if code != 1 || !strings.Contains(errs, bad+":2:1: \"lots\" is not a score") {
		t.Errorf("bad scores: exit %d, %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "no.toml")); err == nil {
		t.Error("a failed fit wrote its configuration")
	}
}
