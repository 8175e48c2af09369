package ats

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// TestJob is one test in one cycle of a run: what an Executor runs.
type TestJob struct {
	// ID numbers the run's jobs from 1, cycle after cycle in the order of
	// the tests, so that a resumed run gives each job the same ID.
	ID    int
	Test  *Test
	Cycle int
}

// TestSettings are how every test of a run is searched and judged (see
// RunConfig for each field); a Runner passes them, defaults filled, to its
// Executor.
type TestSettings struct {
	Limits    analysis.Limits `json:"limits"`
	Grace     time.Duration   `json:"grace_ns"`
	Budget    time.Duration   `json:"budget_ns"`
	Threshold float64         `json:"threshold"`
}

// Executor runs the tests of a run: the runner's own runs them on
// goroutines of this process; package ats/match/cluster sends them as jobs to
// workers through NATS JetStream.
type Executor interface {
	// Execute runs jobs under s and reports each, until every one is
	// reported or ctx ends (when the run stops: tests in progress may be
	// dropped). A job may be reported twice, as when a job is delivered
	// again; the runner keeps the first result. An error stops the run.
	Execute(ctx context.Context, s TestSettings, jobs []TestJob, to Reporter) error
}

// Reporter receives what an Executor learns of the jobs; its methods may
// be called from several goroutines at once.
type Reporter interface {
	// Started says that a job has begun.
	Started(j TestJob)
	// Done delivers a job's result.
	Done(j TestJob, res TestResult)
	// Notice passes on news, such as a worker that cannot run a test.
	Notice(text string)
}

// Errored is the result of a job that could not be run, or whose run gave
// no answer: an error with why.
func (j TestJob) Errored(why string) TestResult {
	res := j.result()
	res.Status, res.Err = Error, why
	return res
}

// result is the job's result before its search: the test's name, place
// and maximum score.
func (j TestJob) result() TestResult {
	return TestResult{Name: j.Test.Name, Number: j.Test.Number, File: j.Test.File, Tags: j.Test.Tags, Cycle: j.Cycle, MaxScore: j.Test.Criteria.MaxScore()}
}

// RunTest presents the job's test to eng under s and judges the move, as
// a Runner does for each test. fault is not nil when the engine failed
// (crash, hang, unusable output): the result says so, and the engine must
// be closed and started again. out receives the engine's reports and
// output lines.
func RunTest(ctx context.Context, eng analysis.Engine, j TestJob, s TestSettings, out analysis.Output) (res TestResult, fault error) {
	res = j.result()
	limit := s.Budget
	if s.Limits.Time > 0 {
		limit = s.Limits.Time
	}
	// A backstop for engines that ignore cancellation; an AEI engine's
	// controller gives up (and kills) earlier, at limit plus one grace.
	hard := limit + 2*s.Grace
	sctx, cancel := context.WithTimeout(ctx, hard)
	defer cancel()

	tts := newSolutionTracker(j.Test)
	g, err := rules.NewGameFrom(j.Test.Position)
	if err != nil {
		res.Status, res.Err = Error, err.Error()
		return res, nil
	}
	ans, err := eng.Search(sctx, g, s.Limits, analysis.Output{
		Report: func(p analysis.Report) {
			tts.observe(p)
			out.Send(p)
		},
		Line: out.Line,
	})
	rep := ans.Report
	res.Log = ans.Log
	res.Seconds = rep.Elapsed.Seconds()
	res.Playouts, res.Nodes = rep.Playouts, rep.Nodes
	res.Depth, res.MaxDepth = depthOf(rep), rep.MaxDepth
	if rep.HasWinRatio {
		wr := rep.WinRatio
		res.WinRatio = &wr
	}
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			err = fmt.Errorf("engine gave no move within %v (limit plus twice the grace period): %w", hard, err)
		}
		res.Status, res.Err = Error, err.Error()
		res.Move = ans.Move
		return res, err
	}
	res.Move = ans.Move
	pl, v, merr := j.Test.Score(ans.Move, Report{WinRatio: rep.WinRatio, HasWinRatio: rep.HasWinRatio})
	res.Blocks = v.Blocks
	if merr != nil {
		// A move that is not legal, or not a move at all, says nothing
		// about the engine's strength: it is a fault, like a crash. The
		// engine is not restarted, as it still answers.
		res.Status, res.Illegal = Error, merr.Error()
		res.Err = "the engine's move is not a legal move"
		return res, nil
	}
	res.Legal, res.Canonical, res.Score = true, pl.Text, v.Score
	res.Status = Fail
	if res.Score >= s.Threshold*res.MaxScore-1e-9 {
		res.Status = Pass
	}
	if v.Score >= res.MaxScore-1e-9 {
		at, depth := tts.solvedAt(ans)
		res.SolvedSeconds, res.SolvedDepth = &at, depth
	}
	return res, nil
}

// testJobJSON is a job on the wire: the test with its position in the
// long format and its criteria, which are bound to the position again on
// reading.
type testJobJSON struct {
	ID       int      `json:"id"`
	Cycle    int      `json:"cycle"`
	Name     string   `json:"name"`
	Number   int      `json:"number"`
	File     string   `json:"file,omitempty"`
	Line     int      `json:"line,omitempty"`
	Tags     []string `json:"tags,omitempty"`
	Comment  string   `json:"comment,omitempty"`
	Position string   `json:"position"`
	Criteria Criteria `json:"criteria"`
}

// MarshalJSON writes the job with everything needed to run its test
// elsewhere.
func (j TestJob) MarshalJSON() ([]byte, error) {
	if j.Test == nil {
		return nil, errors.New("ats: a job without its test")
	}
	t := j.Test
	return json.Marshal(testJobJSON{ID: j.ID, Cycle: j.Cycle, Name: t.Name, Number: t.Number, File: t.File, Line: t.Line,
		Tags: t.Tags, Comment: t.Comment, Position: records.FormatPosition(t.Position), Criteria: t.Criteria})
}

// UnmarshalJSON reads a job that MarshalJSON wrote, checking its position
// and criteria as a test file's are checked.
func (j *TestJob) UnmarshalJSON(data []byte) error {
	var w testJobJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	pos, err := records.ParsePosition(w.Position)
	if err != nil {
		return fmt.Errorf("test %s: %w", w.Name, err)
	}
	t := &Test{Name: w.Name, Number: w.Number, File: w.File, Line: w.Line, Tags: w.Tags, Comment: w.Comment, Position: pos, Criteria: w.Criteria}
	if len(t.Criteria.Blocks) == 0 {
		return fmt.Errorf("test %s: no criteria", w.Name)
	}
	if err := t.Criteria.Bind(pos); err != nil {
		return fmt.Errorf("test %s: %w", w.Name, err)
	}
	*j = TestJob{ID: w.ID, Test: t, Cycle: w.Cycle}
	return nil
}
