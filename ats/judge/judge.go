package judge

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Decided is the score a row gives a game decided by the move judged: a
// move that wins loses nothing, and one that loses at once (it leaves the
// opponent no move, or lets a goal stand) counts as Decided less than the
// score before it.
const Decided = 100000

// Options are the settings of a Run.
type Options struct {
	// Student starts the engine whose moves are judged; nil judges the
	// moves played in the games.
	Student ats.EngineFactory
	// StudentLimits bound each of the student's searches.
	StudentLimits analysis.Limits
	// Teacher starts the engine that scores positions.
	Teacher ats.EngineFactory
	// TeacherLimits bound each of the teacher's searches.
	TeacherLimits analysis.Limits
	// ScoreWord, when not "", reads the teacher's score from its log
	// lines where it sends none as "info score": the number after the
	// last ScoreWord (for bot_sharp, "Eval" in "log Depth 11 Eval 118").
	ScoreWord string
	// Cache keeps the teacher's scores across runs; nil keeps none.
	Cache *Cache
	// Jobs judges that many positions at once, each with its own student
	// and teacher (at least 1).
	Jobs int
}

// Verdict is the teacher's view of one position: its score for the side
// to move and its best move.
type Verdict struct {
	Score int
	Best  string
}

// Run judges items, skipping those whose Key done holds, and passes each
// row to emit as it is ready (from one goroutine at a time, in the order
// the rows are done). It stops at the first error of emit, of an engine
// that fails twice on one position, or when ctx is done; the rows emitted
// before stay valid.
func Run(ctx context.Context, items []Item, done map[string]bool, opt Options, emit func(Row) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := make(chan Item)
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		cancel()
	}
	for range max(opt.Jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{opt: opt}
			defer w.close()
			for it := range todo {
				row, err := w.judge(ctx, it)
				if err != nil {
					fail(fmt.Errorf("%s, %s: %w", it.Source, it.Turn(), err))
					continue
				}
				mu.Lock()
				if firstErr == nil {
					if err := emit(row); err != nil {
						firstErr = err
						cancel()
					}
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, it := range items {
		if done[it.Key()] {
			continue
		}
		select {
		case todo <- it:
		case <-ctx.Done():
			break feed
		}
	}
	close(todo)
	wg.Wait()
	if firstErr != nil && !errors.Is(firstErr, context.Canceled) {
		return firstErr
	}
	return ctx.Err()
}

// worker is one job's engines, started at their first search and again
// after a fault.
type worker struct {
	opt              Options
	student, teacher analysis.Engine
}

func (w *worker) close() {
	for _, e := range []analysis.Engine{w.student, w.teacher} {
		if e != nil {
			e.Close()
		}
	}
}

// judge is one position's row.
func (w *worker) judge(ctx context.Context, it Item) (Row, error) {
	row := Row{Source: it.Source, Turn: it.Turn(), Player: it.Player}
	g, err := it.Game()
	if err != nil {
		return row, err
	}
	before, err := w.verdict(ctx, g, "")
	if err != nil {
		return row, err
	}
	row.Before, row.Best = before.Score, before.Best
	move := it.Played
	if w.opt.Student != nil {
		if move, err = w.studentMove(ctx, g); err != nil {
			return row, err
		}
	}
	row.Move = move.String()
	after, err := afterMove(g, move)
	if err != nil {
		return row, fmt.Errorf("the move %s: %w", row.Move, err)
	}
	if best, err := afterMove(g, bestMove(g, before.Best)); err == nil && samePosition(best, after) {
		// The teacher's own move: its score is the score before.
		row.Agree, row.After = true, -row.Before
		return row.scored(), nil
	}
	if r, over := after.Result(); over {
		row.After = Decided
		if pos := g.Position(); r.Winner == pos.Side() {
			row.After = -row.Before
		}
		return row.scored(), nil
	}
	v, err := w.verdict(ctx, after, row.Move)
	if err != nil {
		return row, err
	}
	row.After = v.Score
	return row.scored(), nil
}

// samePosition reports whether the games a and b end in one position.
func samePosition(a, b *rules.Game) bool {
	pa, pb := a.Position(), b.Position()
	return pa.Hash() == pb.Hash() && pa.Side() == pb.Side()
}

// bestMove reads the teacher's best move in the position at the end of
// g; the zero move when it cannot.
func bestMove(g *rules.Game, text string) rules.Move {
	m, _, _, err := g.Position().PlayText(text)
	if err != nil {
		return rules.Move{}
	}
	return m
}

// afterMove is a new game: g with m played.
func afterMove(g *rules.Game, m rules.Move) (*rules.Game, error) {
	if m.N == 0 {
		return nil, errors.New("no move")
	}
	ng, err := records.Prefix(g, len(g.Moves()))
	if err != nil {
		return nil, err
	}
	if err := ng.Play(m); err != nil {
		return nil, err
	}
	return ng, nil
}

// studentMove is the student's move at the end of g.
func (w *worker) studentMove(ctx context.Context, g *rules.Game) (rules.Move, error) {
	var res analysis.Result
	err := w.search(ctx, &w.student, w.opt.Student, g, w.opt.StudentLimits, analysis.Output{}, func(r analysis.Result) error {
		res = r
		if r.Move == "" {
			return errors.New("the student sent no move")
		}
		return nil
	})
	if err != nil {
		return rules.Move{}, fmt.Errorf("student: %w", err)
	}
	m, _, _, err := g.Position().PlayText(res.Move)
	if err != nil {
		return rules.Move{}, fmt.Errorf("student's move %s: %w", rules.Echo(res.Move), err)
	}
	return m, nil
}

// verdict is the teacher's score and move at the end of g, from the cache
// when it has them; after is the move that led there from the position
// judged ("" for that position itself), part of the cache's key.
func (w *worker) verdict(ctx context.Context, g *rules.Game, after string) (Verdict, error) {
	ck := cacheKey(g, after)
	if v, ok := w.opt.Cache.Get(ck); ok {
		return v, nil
	}
	var v Verdict
	word := newWordScore(w.opt.ScoreWord)
	out := analysis.Output{}
	if word != nil {
		out.Line = word.line
	}
	err := w.search(ctx, &w.teacher, w.opt.Teacher, g, w.opt.TeacherLimits, out, func(r analysis.Result) error {
		switch {
		case word != nil && word.ok:
			v.Score = word.score
		case r.Report.HasScore:
			v.Score = r.Report.Score
		case word != nil:
			return fmt.Errorf("the teacher's log has no score after %q", w.opt.ScoreWord)
		default:
			return errors.New("the teacher sent no score (info score); if its log has one, name the word before it")
		}
		v.Best = r.Move
		return nil
	})
	if err != nil {
		return v, fmt.Errorf("teacher: %w", err)
	}
	return v, w.opt.Cache.Put(ck, v)
}

// search runs one search of the engine in *e (started with f when nil),
// and once more with a new engine when the first fails, then passes the
// result to use.
func (w *worker) search(ctx context.Context, e *analysis.Engine, f ats.EngineFactory, g *rules.Game, lim analysis.Limits, out analysis.Output, use func(analysis.Result) error) error {
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		if *e == nil {
			if *e, err = f(ctx); err != nil {
				return err
			}
		}
		var res analysis.Result
		res, err = (*e).Search(ctx, g, lim, out)
		if ctx.Err() != nil {
			// An engine stopped early answers from a cut-short search:
			// that answer is neither judged nor kept.
			return ctx.Err()
		}
		if err == nil {
			return use(res)
		}
		(*e).Close()
		*e = nil
	}
	return err
}

// wordScore reads a score from log lines: the integer after the last
// occurrence of word.
type wordScore struct {
	word  string
	score int
	ok    bool
}

func newWordScore(word string) *wordScore {
	if word == "" {
		return nil
	}
	return &wordScore{word: word}
}

func (s *wordScore) line(l string) {
	f := strings.Fields(l)
	for i := 0; i+1 < len(f); i++ {
		if f[i] != s.word {
			continue
		}
		// A score may be written as a decimal: it is rounded.
		if v, err := strconv.ParseFloat(strings.TrimSuffix(f[i+1], ","), 64); err == nil && v == v {
			v = max(min(v, Decided), -Decided)
			s.score, s.ok = int(v+0.5*sign(v)), true
		}
	}
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}
