package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestPhaseRecord(t *testing.T) {
	code, out, errs := runTool(t, runPhase, "", "assets/games/opening_skirmish.txt")
	// After 3w Gold's horse on h5 and dog on g4 are across (the elephant
	// on e5 does not count): a score of 2/3 of a capture, 0.056.
	want := "2w\t0.000\topening\n2b\t0.000\topening\n3w\t0.000\topening\n3b\t0.056\topening\n4w\t0.056\topening\n"
	if code != 0 || out != want {
		t.Errorf("exit %d %s\n%s\nwant\n%s", code, errs, out, want)
	}
}

func TestPhaseJSONArchive(t *testing.T) {
	code, out, errs := runTool(t, runPhase, "", "--json", "assets/games/sample_archive.tsv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := map[string][]phaseLine{}
	for _, s := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var l phaseLine
		dec := json.NewDecoder(strings.NewReader(s))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			t.Fatalf("line %q: %v", s, err)
		}
		for _, key := range []string{`"game":`, `"ply":`, `"turn":`, `"move":`, `"phase":`, `"stage":`} {
			if !strings.Contains(s, key) {
				t.Fatalf("line %q lacks %s", s, key)
			}
		}
		lines[l.Game] = append(lines[l.Game], l)
	}
	// Game 1006 is goal_race.txt, 55 moves: 56 positions, the last with
	// no move, plies counted from 0.
	g := lines["1006"]
	if len(lines) != 7 || len(g) != 56 {
		t.Fatalf("%d games, game 1006 has %d positions", len(lines), len(g))
	}
	for i, l := range g {
		if l.Ply != i || (l.Move == "") != (i == 55) || l.Phase < 0 || l.Phase > 1 {
			t.Errorf("position %d: %+v", i, l)
		}
	}
	if g[0].Turn != "2w" || g[0].Move == "" || g[0].Stage != "opening" || g[55].Stage != "end" {
		t.Errorf("first %+v, last %+v", g[0], g[55])
	}
	// The same position from the record file, by --ply, has the same line
	// but for the game id.
	code, one, errs := runTool(t, runPhase, "", "--json", "--ply", "30", "assets/games/goal_race.txt")
	var l phaseLine
	if code != 0 || json.Unmarshal([]byte(one), &l) != nil || strings.Count(one, "\n") != 1 {
		t.Fatalf("--ply 30: exit %d %s %q", code, errs, one)
	}
	l.Game = "1006"
	if l != g[30] {
		t.Errorf("--ply 30 of the record %+v, of the archive %+v", l, g[30])
	}
}

func TestPhaseTextArchiveAndPositions(t *testing.T) {
	code, out, _ := runTool(t, runPhase, "", "--game", "1005", "assets/games/sample_archive.tsv")
	if code != 0 || !strings.HasPrefix(out, "1005\t2w\t0.000\topening\n") || strings.Count(out, "\n") != 5 {
		t.Errorf("game 1005: exit %d\n%s", code, out)
	}
	// A compact line gives no turn number: the side letter alone.
	code, out, _ = runTool(t, runPhase, startCompact+"\n", "-")
	if code != 0 || out != "w\t0.000\topening\n" {
		t.Errorf("compact start: exit %d %q", code, out)
	}
	// A long position alone: one line, the endgame of endgame_goal.txt.
	code, out, _ = runTool(t, runPhase, "", "--ply", "0", "assets/games/endgame_goal.txt")
	if code != 0 || out != "20w\t1.000\tend\n" {
		t.Errorf("endgame: exit %d %q", code, out)
	}
}

func TestPhaseErrors(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		out   string
		err   string
	}{
		{"no file", "", nil, 2, "", "no FILE given"},
		{"ply out of range", "", []string{"--ply", "-2", "assets/games/goal_race.txt"}, 2, "", "out of range"},
		{"missing file", "", []string{"no/such/file.txt"}, 1, "", "no/such/file.txt"},
		{"ply too far", "", []string{"--ply", "4", "assets/games/endgame_goal.txt"}, 1, "", "the game has only 3 moves"},
		{"ply of a position", startCompact + "\n", []string{"--ply", "0", "-"}, 1, "", "--ply needs games"},
		{"bad compact line", startCompact + "\nq [x]\n", []string{"-"}, 1, "w\t0.000\topening\n", "stdin:2:1: 'q' is not a side"},
		{"illegal record", "1w Ra1\n", []string{"-"}, 1, "", "stdin:1:1: move 1w"},
		{"game of a record", "", []string{"--game", "1", "assets/games/goal_race.txt"}, 1, "", "this is not an archive"},
		// Short games of an archive are reported; the others still print.
		{"ply past short games", "", []string{"--ply", "50", "assets/games/sample_archive.tsv"}, 1, "1006\t27w\t0.806\tend\n", "1005: --ply 50, but the game has only 4 moves"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runTool(t, runPhase, tc.stdin, tc.args...)
			if code != tc.code || out != tc.out || !strings.Contains(errs, tc.err) {
				t.Errorf("exit %d, out %q, stderr %q; want %d, %q and %q", code, out, errs, tc.code, tc.out, tc.err)
			}
		})
	}
}
