package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/config"
)

const learnArchive = "assets/games/sample_archive.tsv"

// quickLearn are options that keep a learn run to a second or two.
var quickLearn = []string{"--max-positions", "60", "--sample", "6", "--captures", "3", "--passes", "2", "--batch", "8", "--threads", "1", "--holdout", "0.3"}

// TestLearnWritesLoadableConfig: learn writes the base configuration with
// the learned weights, the engine spec reader of match and analyze loads it
// as builtin:FILE.toml with exactly the weights the summary lists, and the
// rest of the base configuration comes through.
func TestLearnWritesLoadableConfig(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "base.toml")
	if err := os.WriteFile(base, []byte("[search]\nexploration = 0.31\n\n[eval]\ntrap_sole = 37\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, sum := filepath.Join(dir, "learned.toml"), filepath.Join(dir, "learned.json")
	args := append([]string{"--config", base, "--out", out, "--json", sum, "-q", learnArchive}, quickLearn...)
	code, stdout, stderr := runCmd(t, runLearn, "", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"read 2 games: 0 unusable, 0 left out by the rating filter; 60 positions from 2 games", "stopped at --max-positions 60", "before  played move first",
		"pass 1: training loss", "pass 2: training loss", "after   played move first", "eval.trap_sole ", "wrote " + out} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(sum)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		HeldOutGames int `json:"heldout_games"`
		Before       struct {
			Examples int `json:"examples"`
		} `json:"before"`
		Passes  []json.RawMessage `json:"passes"`
		Weights []struct {
			Key      string
			Old, New int
		} `json:"weights"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.HeldOutGames != 1 || s.Before.Examples == 0 || len(s.Passes) != 2 || len(s.Weights) < 50 {
		t.Errorf("summary: %d held-out games, %d measured positions, %d passes, %d weights", s.HeldOutGames, s.Before.Examples, len(s.Passes), len(s.Weights))
	}
	spec, err := ats.ParseSpec([]string{"builtin:" + out})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := spec.Config.Get("search.exploration"); v != "0.31" {
		t.Errorf("search.exploration = %s, want the base's 0.31", v)
	}
	for _, w := range s.Weights {
		key, idx, list := strings.Cut(strings.TrimSuffix(w.Key, "]"), "[")
		v, err := spec.Config.Get(key)
		if err != nil {
			t.Fatal(err)
		}
		if list {
			i, _ := strconv.Atoi(idx)
			v = strings.Split(strings.Trim(v, "[]"), ", ")[i]
		}
		if v != strconv.Itoa(w.New) {
			t.Errorf("%s: the file has %s, the summary %d", w.Key, v, w.New)
		}
		if w.Key == "eval.trap_sole" && w.Old != 37 {
			t.Errorf("eval.trap_sole started at %d, want the base's 37", w.Old)
		}
	}
}

// TestLearnKnowledge: --table knowledge learns the step knowledge alone,
// and the file it writes loads with the base's evaluation.
func TestLearnKnowledge(t *testing.T) {
	out := filepath.Join(t.TempDir(), "k.toml")
	args := append([]string{"--table", "knowledge", "--out", out, "-q", learnArchive}, quickLearn...)
	code, stdout, stderr := runCmd(t, runLearn, "", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "knowledge.elephant ") || strings.Contains(stdout, "eval.cat ") {
		t.Errorf("the weights listed are not the knowledge table's:\n%s", stdout)
	}
	spec, err := ats.ParseSpec([]string{"builtin:" + out})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(spec.Config.Weights.Eval, config.Default().Weights.Eval) {
		t.Error("learning the knowledge table changed the [eval] weights")
	}
}

// TestLearnBadInput: what cannot be learned from is refused with a
// sentence naming the input, and nothing is written.
func TestLearnBadInput(t *testing.T) {
	dir := t.TempDir()
	noGames, illegal, badBase := filepath.Join(dir, "empty.tsv"), filepath.Join(dir, "illegal.tsv"), filepath.Join(dir, "base.toml")
	header := "id\tmovelist\n"
	for path, text := range map[string]string{
		noGames: header,
		illegal: header + "1\t1w Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\\n1b ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7\\n2w Ee2s\n",
		badBase: "[eval]\ncat = 150\nkitten = 2\n",
	} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out.toml")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"archive without games", []string{noGames}, noGames + ": no games in it"},
		{"archive without usable games", []string{illegal}, illegal + ": no usable games (1 read, none replays; the first: "},
		{"missing file", []string{filepath.Join(dir, "none.tsv")}, "no such file"},
		{"bad base configuration", []string{"--config", badBase, learnArchive}, "learn: base configuration: " + badBase + ":3: key \"eval.kitten\": unknown key"},
		{"rating filter", []string{"--min-rating", "2000", learnArchive}, "learn: a minimum rating of 2000 leaves no games: 7 usable games read, the highest rating among them 1834"},
		{"holdout out of range", []string{"--holdout", "1", learnArchive}, "out of range (0 to 0.9)"},
		{"no input", nil, "learn: no ARCHIVE_RECORD_OR_DATABASE given"},
		{"unknown table", []string{"--table", "search", learnArchive}, `learn: --table: table "search" is neither eval nor knowledge`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, runLearn, "", append([]string{"--out", out}, tc.args...)...)
			if code == 0 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want failure with %q", code, stderr, tc.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("a configuration was written")
			}
		})
	}
}

// cancelOn is an error stream that cancels a run once a line holding
// word is written to it, as Ctrl-C would.
type cancelOn struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	word   string
	cancel context.CancelFunc
}

func (c *cancelOn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.buf.Write(p)
	if strings.Contains(c.buf.String(), c.word) {
		c.cancel()
	}
	return len(p), nil
}

// TestLearnInterrupted: stopped during its training, learn still writes
// the best weights so far, says so and exits with status 1.
func TestLearnInterrupted(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "learned.toml")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errs := &cancelOn{word: "training pass 2/", cancel: cancel}
	var stdout bytes.Buffer
	args := append([]string{"--out", out, learnArchive}, quickLearn...)
	code := runLearn(ctx, args, stdio{strings.NewReader(""), &stdout, errs})
	if code != 1 || !strings.Contains(stdout.String(), "stopped: wrote the best weights so far (pass ") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout.String(), errs.buf.String())
	}
	if _, err := ats.ParseSpec([]string{"builtin:" + out}); err != nil {
		t.Errorf("the weights written do not load: %v", err)
	}
}

// TestLearnFromDatabase: a game database is a source like the archive it
// was indexed from: the same games and positions are read.
func TestLearnFromDatabase(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "g.db")
	if code, _, errs := runTool(t, runDB, "", "index", "--db", db, "-q", learnArchive); code != 0 {
		t.Fatalf("index: %s", errs)
	}
	// Named by --db, or given as an input like an archive.
	for _, given := range [][]string{{"--db", db}, {db}} {
		args := append(append([]string{"--out", filepath.Join(dir, "l.toml"), "-q"}, given...), quickLearn...)
		code, stdout, stderr := runCmd(t, runLearn, "", args...)
		if code != 0 {
			t.Fatalf("%q: exit %d\n%s\n%s", given, code, stdout, stderr)
		}
		if want := "read 2 games: 0 unusable, 0 left out by the rating filter; 60 positions from 2 games"; !strings.Contains(stdout, want) {
			t.Errorf("%q: output lacks %q:\n%s", given, want, stdout)
		}
	}
	if code, _, stderr := runCmd(t, runLearn, "", "--db", filepath.Join(dir, "none", "x.db")); code == 0 || !strings.Contains(stderr, "--db") {
		t.Errorf("a database that cannot be opened: exit %d, %q", code, stderr)
	}
}
