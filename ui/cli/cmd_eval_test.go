package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"arimaa-workbench/engine/config"
)

func TestEval(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	// Gold to move: Ra7 scores at once, and the elephant on d4 can push the
	// silver rabbit on c4 into c3.
	long := "12w\n +-----------------+\n8| . . . . . . . r |\n7| R . . . . . . . |\n6| . . X . . X . . |\n5| . . . . . . . . |\n4| . . r E . . . . |\n3| . . X . . X . . |\n2| . . . . . . . . |\n1| . . . . . . . . |\n +-----------------+\n   a b c d e f g h\n"
	posFile := write("goal.ari", long)
	start := "g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]"
	startFile := write("start.txt", start+"\n")
	// The fixed values, not HarLog's material, make the cat's value count.
	weights := write("w.toml", "[eval]\nharlog = 0.0\ncat = 400\n")
	badWeights := write("bad.toml", "[eval]\ncat = 150\nkitten = 2\n")
	// The same file analyze and aei take: every table, the weights among them.
	whole := write("engine.toml", strings.NewReplacer("\ncat = 150\n", "\ncat = 400\n", "\nharlog = 130.0\n", "\nharlog = 0.0\n").Replace(string(config.DefaultTOML())))
	badRange := write("range.toml", "[search]\nexploration = 0.3\n\n[eval]\nfrozen_percent = [0, 10, 15, 15, 20, 200, 0]\n")
	badPos := write("bad.ari", "12w\n +-----------------+\n8| . . . . . . . Q |\n")

	tests := []struct {
		name     string
		args     []string
		stdin    string
		wantCode int
		want     []string // substrings of stdout
		wantErr  string
	}{
		{"long file", []string{posFile}, "", 0, []string{
			"feature", "material", "trap guards", "total",
			"goal check: gold can score this turn: Ra7n",
			"trap check: gold can capture 1 piece(s) this turn:",
			"rc4 on c3: rc4s rc3x Ed4w",
		}, ""},
		{"start from stdin", []string{"-"}, start, 0, []string{
			"score for gold (to move): +0, win probability 50.0%",
			"gold cannot score this turn", "gold cannot capture anything this turn",
		}, ""},
		{"inline compact", []string{start}, "", 0, []string{"win probability 50.0%"}, ""},
		{"weights file", []string{"--config", weights, startFile}, "", 0, []string{"material              4340    4340      +0"}, ""},
		{"engine configuration", []string{"--config", whole, startFile}, "", 0, []string{"material              4340    4340      +0"}, ""},
		{"set a weight", []string{"--set", "eval.harlog=0", "--set", "eval.cat=400", startFile}, "", 0, []string{"material              4340    4340      +0"}, ""},
		{"weight out of range", []string{"--config", badRange, startFile}, "", 1, nil, "range.toml:5: key \"eval.frozen_percent\": bad value: 200 (element 5) is outside 0 to 100"},
		{"bad set", []string{"--set", "eval.cat=-1", startFile}, "", 1, nil, "--set \"eval.cat=-1\""},
		{"bad weights", []string{"--config", badWeights, startFile}, "", 1, nil, "bad.toml:3: key \"eval.kitten\": unknown key"},
		{"bad position", []string{badPos}, "", 1, nil, "bad.ari:"},
		{"missing file", []string{filepath.Join(dir, "none.ari")}, "", 1, nil, "none.ari"},
		{"no file", nil, "", 2, nil, "usage"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := runEval(context.Background(), tc.args, stdio{strings.NewReader(tc.stdin), &stdout, &stderr})
			if code != tc.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.wantCode, stderr.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, stdout.String())
				}
			}
			if tc.wantErr != "" && !strings.Contains(stderr.String(), tc.wantErr) {
				t.Errorf("stderr %q does not mention %q", stderr.String(), tc.wantErr)
			}
		})
	}
}

func TestEvalJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	pos := "g [       r                                                        ]"
	pos = pos[:3] + "       r" + "R       " + strings.Repeat(" ", 8) + strings.Repeat(" ", 8) + "  rE    " + strings.Repeat(" ", 24) + "]"
	code := runEval(context.Background(), []string{"--json", pos}, stdio{strings.NewReader(""), &stdout, &stderr})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var r struct {
		Side     string
		Score    int
		Goal     *string
		Captures []struct{ Piece, Square, Trap, Move string }
		Terms    []struct {
			Name              string
			Gold, Silver, Net int
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if r.Side != "gold" || r.Goal == nil || *r.Goal != "Ra7n" || len(r.Captures) != 1 || r.Captures[0].Square != "c4" || len(r.Terms) == 0 {
		t.Errorf("unexpected report %+v\n%s", r, stdout.String())
	}
}
