package judge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records/fsutil"
)

// sample is the repository's sample archive: seven games of four players.
const sample = "../../assets/games/sample_archive.tsv"

// fake is an engine that answers with a function of the position: a
// legal move chosen by pick, and as its score the material of the side to
// move less the other's, in pieces times 100.
type fake struct {
	pick     func(n int) int // the index of the move among the legal ones
	searches *atomic.Int32
	fail     *atomic.Int32 // searches left to fail
	log      bool          // send the score as a log line, not a report
	during   func()        // called in each search (a user's Ctrl-C)
}

func (f *fake) Name() string { return "fake" }
func (f *fake) Close() error { return nil }

func (f *fake) Search(ctx context.Context, g *rules.Game, _ analysis.Limits, out analysis.Output) (analysis.Result, error) {
	f.searches.Add(1)
	if f.during != nil {
		f.during()
	}
	if f.fail != nil && f.fail.Add(-1) >= 0 {
		return analysis.Result{}, errors.New("crashed")
	}
	moves := g.LegalMoves(nil)
	p := g.Position()
	m := moves[f.pick(len(moves))]
	score := 0
	for t := rules.Rabbit; t <= rules.Elephant; t++ {
		score += 100 * (p.Count(p.Side(), t) - p.Count(p.Side().Other(), t))
	}
	res := analysis.Result{Move: p.MoveString(m)}
	if f.log {
		out.Say(fmt.Sprintf("log Depth 9 Eval %d Time 1", score))
	} else {
		res.Report = analysis.Report{Score: score, HasScore: true}
	}
	return res, nil
}

func factory(f *fake) ats.EngineFactory {
	return func(context.Context) (analysis.Engine, error) { return f, nil }
}

func newFake(pick func(int) int) *fake {
	return &fake{pick: pick, searches: &atomic.Int32{}}
}

func first(int) int    { return 0 }
func last(n int) int   { return n - 1 }
func middle(n int) int { return n / 2 }

func TestReadItemsSelection(t *testing.T) {
	all, err := ReadItems([]string{sample}, Selection{Sides: [2]bool{true, true}})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		sel  Selection
		keep func(Item) bool
	}{
		{"gold", Selection{Sides: [2]bool{true, false}}, func(it Item) bool { p := it.Position(); return p.Side() == rules.Gold }},
		{"player", Selection{Player: "RAMONA"}, func(it Item) bool { return it.Player == "ramona" }},
		{"skip start", Selection{Sides: [2]bool{true, true}, SkipStart: 5}, func(it Item) bool { p := it.Position(); return p.Turn() > 6 }},
	}
	for _, c := range cases {
		got, err := ReadItems([]string{sample}, c.sel)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, it := range all {
			if c.keep(it) {
				want++
			}
		}
		if len(got) != want || want == 0 || want == len(all) {
			t.Errorf("%s: %d positions, want %d of %d", c.name, len(got), want, len(all))
		}
		for _, it := range got {
			if !c.keep(it) {
				t.Errorf("%s: kept %s %s", c.name, it.Source, it.Turn())
			}
		}
	}
	// Every third move of a game, the games starting at different ones.
	third, _ := ReadItems([]string{sample}, Selection{Sides: [2]bool{true, true}, Every: 3})
	if n := len(third); n < len(all)/3-7 || n > len(all)/3+7 {
		t.Errorf("every 3: %d positions of %d", n, len(all))
	}
	end, _ := ReadItems([]string{sample}, Selection{Sides: [2]bool{true, true}, SkipEnd: 2})
	if len(end) != len(all)-2*7 {
		t.Errorf("skip end 2: %d positions of %d, want 14 fewer", len(end), len(all))
	}
	lim, _ := ReadItems([]string{sample}, Selection{Sides: [2]bool{true, true}, Limit: 5})
	if len(lim) != 5 {
		t.Errorf("limit 5: %d positions", len(lim))
	}
	for _, it := range all {
		g, err := it.Game()
		if err != nil {
			t.Fatal(err)
		}
		if p, q := g.Position(), it.Position(); p.Turn() < 2 || it.Played.N == 0 || p.Hash() != q.Hash() || len(g.Moves()) != it.ply {
			t.Fatalf("%s %s: a setup, no move judged, or the game cut at another move (%d moves)", it.Source, it.Turn(), len(g.Moves()))
		}
	}
}

func TestReadItemsNotArchive(t *testing.T) {
	_, err := ReadItems([]string{"../../assets/games/goal_race.txt"}, Selection{Sides: [2]bool{true, true}})
	if !errors.Is(err, errNotArchive) || !strings.Contains(err.Error(), "goal_race.txt") {
		t.Fatalf("a game record: %v, want an error naming the file", err)
	}
}

func items(t *testing.T, n int) []Item {
	t.Helper()
	its, err := ReadItems([]string{sample}, Selection{Sides: [2]bool{true, true}, SkipStart: 2, Every: 4, Limit: n})
	if err != nil || len(its) != n {
		t.Fatalf("%d items, %v", len(its), err)
	}
	return its
}

func collect(t *testing.T, its []Item, done map[string]bool, opt Options) []Row {
	t.Helper()
	var rows []Row
	if err := Run(context.Background(), its, done, opt, func(r Row) error { rows = append(rows, r); return nil }); err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestRunScoresMoves(t *testing.T) {
	its := items(t, 6)
	teacher := newFake(first)
	// The student plays the teacher's move: it loses nothing, and the
	// teacher is asked once a position.
	rows := collect(t, its, nil, Options{Student: factory(newFake(first)), Teacher: factory(teacher)})
	if len(rows) != 6 || teacher.searches.Load() != 6 {
		t.Fatalf("%d rows, %d teacher searches; want 6, 6", len(rows), teacher.searches.Load())
	}
	for _, r := range rows {
		if !r.Agree || r.Loss != 0 || r.After != -r.Before || r.Move != r.Best {
			t.Errorf("the teacher's own move: %+v", r)
		}
	}
	// Another move: the teacher scores the position after it too.
	teacher.searches.Store(0)
	rows = collect(t, its, nil, Options{Student: factory(newFake(last)), Teacher: factory(teacher)})
	if teacher.searches.Load() != 12 {
		t.Errorf("%d teacher searches, want 12", teacher.searches.Load())
	}
	for _, r := range rows {
		if r.Agree || r.Loss != r.Before+r.After || r.Move == r.Best {
			t.Errorf("another move: %+v", r)
		}
	}
	// Without a student, the moves played.
	rows = collect(t, its, nil, Options{Teacher: factory(newFake(middle))})
	for i, r := range rows {
		if r.Move != its[i].Played.String() || r.Player == "" || r.Key() != its[i].Key() {
			t.Errorf("the move played at %s: %+v, want %s", its[i].Key(), r, its[i].Played)
		}
	}
}

func TestRunSkipsDoneAndReadsLog(t *testing.T) {
	its := items(t, 4)
	done := map[string]bool{its[1].Key(): true}
	teacher := newFake(first)
	teacher.log = true
	rows := collect(t, its, done, Options{Teacher: factory(teacher), ScoreWord: "Eval", Jobs: 2})
	if len(rows) != 3 {
		t.Fatalf("%d rows, want 3 (one done)", len(rows))
	}
	for _, r := range rows {
		if r.Key() == its[1].Key() {
			t.Errorf("judged %s again", r.Key())
		}
	}
	// Without the word, a teacher that reports no score is an error that
	// names the position.
	err := Run(context.Background(), its[:1], nil, Options{Teacher: factory(teacher)}, func(Row) error { return nil })
	if err == nil || !strings.Contains(err.Error(), its[0].Source) || !strings.Contains(err.Error(), "no score") {
		t.Fatalf("no score: %v", err)
	}
}

func TestRunRestartsAFailedEngine(t *testing.T) {
	its := items(t, 2)
	teacher := newFake(first)
	teacher.fail = &atomic.Int32{}
	teacher.fail.Store(1)
	if rows := collect(t, its, nil, Options{Teacher: factory(teacher)}); len(rows) != 2 {
		t.Fatalf("one crash: %d rows, want 2", len(rows))
	}
	teacher.fail.Store(2)
	err := Run(context.Background(), its, nil, Options{Teacher: factory(teacher)}, func(Row) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "crashed") || !strings.Contains(err.Error(), its[0].Turn()) {
		t.Fatalf("two crashes on one position: %v", err)
	}
}

func TestCacheSparesTheTeacher(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cache.tsv")
	its := items(t, 5)
	teacher := newFake(first)
	c, err := OpenCache(path, "fake at 1s")
	if err != nil {
		t.Fatal(err)
	}
	a := collect(t, its, nil, Options{Student: factory(newFake(last)), Teacher: factory(teacher), Cache: c})
	c.Close()
	asked := teacher.searches.Load()
	// Another run, another student: only the new moves go to the teacher.
	c, err = OpenCache(path, "fake at 1s")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Len() != int(asked) {
		t.Fatalf("the cache read back holds %d verdicts, want %d", c.Len(), asked)
	}
	teacher.searches.Store(0)
	b := collect(t, its, nil, Options{Student: factory(newFake(last)), Teacher: factory(teacher), Cache: c})
	if teacher.searches.Load() != 0 {
		t.Errorf("the same moves again: %d teacher searches, want 0", teacher.searches.Load())
	}
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("from the cache: %+v, want %+v", b[i], a[i])
		}
	}
	collect(t, its, nil, Options{Student: factory(newFake(middle)), Teacher: factory(teacher), Cache: c})
	if n := teacher.searches.Load(); n != 5 {
		t.Errorf("new moves: %d teacher searches, want 5 (the positions' own verdicts kept)", n)
	}
	if _, err := OpenCache(filepath.Join(dir, "other.tsv"), "fake at 1s"); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenCache(path, "fake at 1s"); !errors.Is(err, fsutil.ErrLocked) {
		t.Errorf("a second writer: %v, want a lock error", err)
	}
	c.Close()
	if _, err := OpenCache(path, "fake at 2s"); !errors.Is(err, errCacheTeacher) {
		t.Errorf("another teacher's cache: %v", err)
	}
}

func TestResultsResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.tsv")
	res, err := OpenResults(path, "engine x; teacher y")
	if err != nil {
		t.Fatal(err)
	}
	rows := []Row{
		{Source: "a.txt game 1", Turn: "5w", Player: "p", Move: "Ee2n", Best: "Ee2n", Before: 30, After: -30, Agree: true},
		{Source: "a.txt game\t2", Turn: "7b", Move: "rd7s", Best: "ee5n Ee4n", Before: -120, After: 400, Loss: 280},
	}
	for _, r := range rows {
		if err := res.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := OpenResults(path, "engine x; teacher y"); !errors.Is(err, fsutil.ErrLocked) {
		t.Errorf("a second writer: %v", err)
	}
	res.Close()
	// A crash in the middle of a line: the line is dropped.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("a.txt game 3\t9w\tp\tEe")
	f.Close()
	if _, err := OpenResults(path, "engine z; teacher y"); err == nil || !strings.Contains(err.Error(), "another run") {
		t.Errorf("another run's file: %v", err)
	}
	res, err = OpenResults(path, "engine x; teacher y")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	rows[1].Source = "a.txt game 2"
	if len(res.Rows) != 2 || res.Rows[0] != rows[0] || res.Rows[1] != rows[1] {
		t.Fatalf("read back %+v, want %+v", res.Rows, rows)
	}
	if d := res.Done(); !d[rows[0].Key()] || !d[rows[1].Key()] || len(d) != 2 {
		t.Errorf("done: %v", d)
	}
}

// TestRunStopped: a search cut short by the caller answers, as the builtin
// engine does, but its answer is neither judged nor cached.
func TestRunStopped(t *testing.T) {
	its := items(t, 3)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	student := newFake(first)
	student.during = func() {
		if student.searches.Load() == 2 {
			cancel()
		}
	}
	c, err := OpenCache(filepath.Join(t.TempDir(), "c.tsv"), "fake")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var rows []Row
	err = Run(ctx, its, nil, Options{Student: factory(student), Teacher: factory(newFake(first)), Cache: c},
		func(r Row) error { rows = append(rows, r); return nil })
	if !errors.Is(err, context.Canceled) || len(rows) != 1 || c.Len() != 2 {
		t.Fatalf("stopped in the second student search: %v, %d rows (want 1), %d verdicts kept (want 2)", err, len(rows), c.Len())
	}
}
