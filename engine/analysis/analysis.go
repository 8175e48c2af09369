// Package analysis is the one contract between the workbench and an
// engine: what bounds a search (Limits), what an engine says while it
// searches (Report, and its raw output lines through Output), what it
// answers (Result) and the Engine interface that the suite runner, the
// engine panel, the match runner and the command line search with.
// Beside it, the whole-game analysis (GameAnalysis): an Analyser's
// judgement of every position of a game, its win-ratio curve and its
// blunders.
//
// It has two implementations: the builtin engine (builtin.Engine, whose
// configuration chooses the MCTS or the alpha-beta search) and an
// external engine spoken to over AEI (aei.External), which reads the
// engine's info lines into a Report (aei.ApplyInfo). The builtin
// searchers report in these types directly, so nothing is copied between
// them.
package analysis

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/engine/rules"
)

// Limits bound one search. A zero field sets no limit of that kind; with
// none set a search runs until its context is done. They are part of the
// suite runner's result files (the JSON names).
type Limits struct {
	Time time.Duration `json:"time_ns,omitempty"` // wall-clock time
	// Target, when set with Time, lets the builtin engine's time
	// management (package timeman) end the search by how settled it is:
	// before Target when one move dominates, after it while the best move
	// is unstable, never after Time.
	Target time.Duration `json:"target_ns,omitempty"`
	// Least, with Target, is the time the management keeps searching
	// even when one move dominates (time the clock would not keep).
	Least    time.Duration `json:"least_ns,omitempty"`
	Playouts int64         `json:"playouts,omitempty"` // simulations (builtin engine; AEI engines that are our own build as an option)
	// Nodes and MemoryBytes bound the builtin engine's tree: it never
	// grows past them. When neither Time nor Playouts is set, the search
	// ends once the tree is full; otherwise it goes on without adding
	// nodes.
	Nodes       int   `json:"nodes,omitempty"`
	MemoryBytes int64 `json:"memory_bytes,omitempty"`
	// Depth ends the search once the most visited line from the root is
	// this many steps long (AEI's depth option).
	Depth int `json:"depth,omitempty"`
	// Threads, when not 0, is how many search workers the engine runs
	// for this search (an AEI engine gets it as its threads option).
	Threads int `json:"threads,omitempty"`
	// Seed, when not 0, seeds the builtin engine's workers for this
	// search: one worker and a playout budget make a search repeatable.
	Seed uint64 `json:"seed,omitempty"`
}

// MovePrior is a move suggested to a search from outside the engine (the
// game database's moves from similar positions), with its weight in the
// builtin engine's step-knowledge points (a capture is worth a few
// hundred); see mcts.Searcher.SetRootPriors.
type MovePrior struct {
	Move   rules.Move
	Weight float64
}

// String describes the limits for reports, e.g. "0.5s" or "20000 playouts".
func (l Limits) String() string {
	var parts []string
	if l.Time > 0 {
		parts = append(parts, l.Time.String())
	}
	if l.Playouts > 0 {
		parts = append(parts, strconv.FormatInt(l.Playouts, 10)+" playouts")
	}
	if l.Nodes > 0 {
		parts = append(parts, strconv.Itoa(l.Nodes)+" nodes")
	}
	if l.Depth > 0 {
		parts = append(parts, strconv.Itoa(l.Depth)+" steps deep")
	}
	if len(parts) == 0 {
		return "unlimited"
	}
	return strings.Join(parts, ", ")
}

// Candidate is a whole move of the side to move with its statistics.
type Candidate struct {
	Move     rules.Move
	Visits   int64   // playouts through it; an alpha-beta search's nodes under it
	WinRatio float64 // mean result for the side to move, 0 to 1
	// Score is an alpha-beta search's score of the move in centi-rabbits
	// (HasScore); Bound says it is an upper bound only (the search proved
	// the move no better than the best, not by how much).
	Score    int
	HasScore bool
	Bound    bool
}

// Report is what an engine has said about a search at one moment. Each
// replaces the one before; the last of a search has Final set. Fields an
// engine does not report stay zero (see the Has flags): the builtin engine
// fills all but Score, an AEI engine what its info lines say.
type Report struct {
	Elapsed        time.Duration
	Playouts       int64
	PlayoutsPerSec float64 // playouts, or an AEI engine's nodes, per second
	Nodes          int64   // tree nodes in use (builtin), nodes searched (AEI)
	MemoryBytes    int64   // memory those nodes take (builtin)
	AvgDepth       float64 // mean descent in steps (builtin), the depth said (AEI)
	MaxDepth       int     // deepest descent in steps, or an AEI engine's selective depth
	Best           rules.Move
	WinRatio       float64 // of Best, for the side to move, 0 to 1
	HasWinRatio    bool
	Score          int // an AEI engine's evaluation in centi-rabbits
	HasScore       bool
	PV             []rules.PVStep
	Candidates     []Candidate // best first
	// Komi is the builtin engine's evaluation offset of a decided
	// position (config decided_score), in evaluation units for the side to
	// move: the win ratios are those of the position with that much taken
	// off its evaluation. 0 when the root is not decided.
	Komi int
	// AlphaBeta says the report is of an alpha-beta search: AvgDepth is
	// its last completed iteration in steps, MaxDepth the deepest step it
	// reached, Playouts and Nodes the nodes searched.
	AlphaBeta bool
	// Completed says the report is of an iteration just completed (the
	// alpha-beta search sends one for each), with its nodes and time then.
	Completed bool
	Final     bool
	// Ended says what ended the search, in the final report of the
	// builtin engine; EndUnknown otherwise.
	Ended Ending
}

// Ending is what ended a search.
type Ending uint8

// The endings of a search.
const (
	EndUnknown  Ending = iota // not final, or not said (an AEI engine)
	EndStopped                // the caller's context was done
	EndTime                   // Limits.Time ran out
	EndSettled                // the time management stopped it (Limits.Target)
	EndPlayouts               // the playout budget was spent
	EndDepth                  // the principal variation reached Limits.Depth
	EndTreeFull               // the tree reached its node or memory limit
	EndAtOnce                 // answered without a search: a setup, or a goal in one turn
)

var endingNames = [...]string{"unknown", "stopped", "time", "settled", "playouts", "depth", "tree full", "at once"}

// String names the ending for reports.
func (e Ending) String() string {
	if int(e) < len(endingNames) {
		return endingNames[e]
	}
	return "ending " + strconv.Itoa(int(e))
}

// Line writes r as one line of an engine's output, for logs and the
// engine panel's output tab: the figures and the best move played from
// start (its bare steps when it is not legal there); for an alpha-beta
// search the completed and selective depth, the score and the principal
// variation, so that the lines of its iterations read as its log.
func (r Report) Line(start rules.Position) string {
	best, ratio := "-", "-"
	if r.Best.N > 0 {
		best = MoveText(start, r.Best)
	}
	if r.HasWinRatio && r.Best.N > 0 {
		ratio = fmt.Sprintf("%.3f", r.WinRatio)
	}
	if r.AlphaBeta {
		line := fmt.Sprintf("%.2fs depth %.0f/%d score %+d win %s nodes %d (%.0f/s) best %s",
			r.Elapsed.Seconds(), r.AvgDepth, r.MaxDepth, r.Score, ratio, r.Nodes, r.PlayoutsPerSec, best)
		if len(r.PV) > 0 {
			line += " pv " + rules.PVString(start.Side(), r.PV)
		}
		if r.Final {
			line += " final"
		}
		return line
	}
	line := fmt.Sprintf("%.2fs playouts %d (%.0f/s) nodes %d depth %.1f/%d best %s win %s",
		r.Elapsed.Seconds(), r.Playouts, r.PlayoutsPerSec, r.Nodes, r.AvgDepth, r.MaxDepth, best, ratio)
	if r.HasScore {
		line += fmt.Sprintf(" score %d", r.Score)
	}
	if r.Final {
		line += " final"
	}
	return line
}

// MoveText writes m played from p with its capture tokens, or its bare
// steps when it is not legal from p (a stale report).
func MoveText(p rules.Position, m rules.Move) string {
	q := p
	for _, s := range m.Slice() {
		if !q.Legal(s) {
			return m.String()
		}
		q = q.Play(s)
	}
	return p.MoveString(m)
}

// Output receives what an engine says during a search. Either may be
// nil; both are called from the searching goroutine, at any rate, and
// must not block.
type Output struct {
	// Report is each progress report, the final one (Final set) included.
	Report func(Report)
	// Line is each line of the engine's output: an AEI engine's info and
	// log lines, the builtin engine's reports written out (Report.Line).
	Line func(string)
}

// Send passes r to the Report function, if any; for implementations.
func (o Output) Send(r Report) {
	if o.Report != nil {
		o.Report(r)
	}
}

// Say passes a line to the Line function, if any; for implementations.
func (o Output) Say(line string) {
	if o.Line != nil {
		o.Line(line)
	}
}

// Result is an engine's answer to one search.
type Result struct {
	// Move is the move as the engine sent it (a foreign engine may send
	// anything: the caller reads it with rules.ParseMove and judges it);
	// "" for none.
	Move string
	// Setup is the setup chosen when the game is in a setup phase.
	Setup []rules.Placement
	// Report is the engine's last report of the search.
	Report Report
	// Log is what the engine said during the search, for the suite's
	// result files: an AEI engine's protocol transcript, the builtin
	// engine's reports (at most MaxLog lines, the final one kept).
	Log []string
}

// MaxLog bounds the report lines the builtin engine keeps in a Result.
const MaxLog = 500

// Engine searches positions. One search runs at a time; Close ends what
// the engine holds (an AEI engine's process). An implementation that
// fails (crash, hang, unusable output) returns an error with whatever
// Result it has; the caller may Close it and start another.
type Engine interface {
	// Name is the engine's name for reports and choosers.
	Name() string
	// Search searches the position at the end of g (its history decides
	// which moves repeat a position) within lim until ctx is done,
	// telling out about its progress, and returns its answer. It returns
	// promptly once ctx is done, with the best move found so far where
	// the engine gives one.
	Search(ctx context.Context, g *rules.Game, lim Limits, out Output) (Result, error)
	Close() error
}

// Transcript turns an in-process engine's reports into its output: each
// report to out and written out as a line (Report.Line), the lines kept
// for the Result's Log (at most MaxLog, the final one kept). With an empty
// out it asks for no reports at all (Report returns nil), which costs a
// match's games nothing, and logs the final report alone.
type Transcript struct {
	start rules.Position
	out   Output
	log   []string
}

// NewTranscript starts the transcript of engine name's search of start
// and says so on out.
func NewTranscript(name string, start rules.Position, out Output) *Transcript {
	// An in-process engine has no protocol to show: its output is a line
	// per report, so an output view follows it as it does an external one.
	out.Say(fmt.Sprintf("%s: analysing %s", name, rules.TurnLabel(start.Turn(), start.Side())))
	return &Transcript{start: start, out: out}
}

// Report is the function a search calls with each report; nil when no
// one listens.
func (t *Transcript) Report() func(Report) {
	if t.out.Report == nil && t.out.Line == nil {
		return nil
	}
	return func(r Report) {
		line := r.Line(t.start)
		if len(t.log) < MaxLog || r.Final {
			t.log = append(t.log, line)
		}
		t.out.Say(line)
		t.out.Send(r)
	}
}

// Result is the search's answer: best played from the start position in
// canonical notation (none in a setup phase, which gives setup), the
// final report and the log.
func (t *Transcript) Result(best rules.Move, setup []rules.Placement, final Report, err error) Result {
	if len(t.log) == 0 && err == nil {
		t.log = []string{final.Line(t.start)}
	}
	ans := Result{Setup: setup, Report: final, Log: t.log}
	if best.N > 0 {
		ans.Move = t.start.MoveString(best)
	}
	return ans
}
