package ats

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// Categories are the tags a new test is offered, the categories of the
// workbench's suites.
var Categories = []string{"goal", "prevent-goal", "capture", "prevent-capture", "hostage", "frame", "pin",
	"elephant-blockade", "easy-way", "positional", "opening", "endgame"}

// TestDraft is what the new-test form holds: a test being written, with
// the intended answer the criteria must accept. Criteria fields are as a
// TOML test file writes them (see ReadTOML); BestMove and AvoidMove
// hold moves separated by "|".
type TestDraft struct {
	Name     string
	Comment  string
	Tags     []string
	Position rules.Position
	Answer   string // the intended move, "" for none

	ScoreGoal   bool
	PreventGoal bool
	// PreventCapture: the opponent can capture nothing after the answer.
	PreventCapture bool
	NoLoss         bool
	BestMove       string
	AvoidMove      string
	Pieces         string
	Captures       string
	WinRatio       string // "": none
}

// splitMoves reads "Ed2n Ed3n | Ee2n" into its moves.
func splitMoves(s string) []string {
	var out []string
	for _, m := range strings.Split(s, "|") {
		if m = strings.Join(strings.Fields(m), " "); m != "" {
			out = append(out, m)
		}
	}
	return out
}

// Test builds the test, its criteria bound to the position; an error
// names the field at fault.
func (d *TestDraft) Test() (*Test, error) {
	name := strings.TrimSpace(d.Name)
	if name == "" {
		return nil, errors.New("Name: a test needs a name")
	}
	f := BlockFields{ScoreGoal: d.ScoreGoal, PreventGoal: d.PreventGoal, PreventCapture: d.PreventCapture,
		NoLoss: d.NoLoss, Pieces: strings.TrimSpace(d.Pieces), BestMove: splitMoves(d.BestMove),
		AvoidMove: splitMoves(d.AvoidMove), Captures: strings.Fields(d.Captures)}
	if s := strings.TrimSpace(d.WinRatio); s != "" {
		w, err := strconv.ParseFloat(s, 64)
		if err != nil || w < 0 || w > 1 {
			return nil, fmt.Errorf("Win ratio at least: %q is not a number from 0 to 1", s)
		}
		f.WinRatio = &w
	}
	b, err := BuildBlock(f)
	if err != nil {
		return nil, fmt.Errorf("Criteria: %w", err)
	}
	if probs := d.Position.Validate(); len(probs) > 0 {
		return nil, fmt.Errorf("Position: %s", probs[0].Msg)
	}
	t := &Test{Name: name, Comment: strings.TrimSpace(d.Comment), Tags: d.Tags,
		Solution: strings.Join(strings.Fields(d.Answer), " "), Position: d.Position,
		Criteria: Criteria{Blocks: []Block{b}}}
	if err := t.Criteria.Bind(d.Position); err != nil {
		return nil, fmt.Errorf("Criteria: %w", err)
	}
	return t, nil
}

// Check builds the test and judges the answer by its criteria under the
// rules: the reasons the answer fails them ("" problems when it passes).
// The win ratio is the engine's figure, so it is not checked here.
func (d *TestDraft) Check() (*Test, []string, error) {
	t, err := d.Test()
	if err != nil {
		return nil, nil, err
	}
	if t.Solution == "" {
		return t, nil, nil
	}
	pl, err := PlayMove(t.Position, t.Solution)
	if err != nil {
		return nil, nil, fmt.Errorf("Answer: %w", err)
	}
	v := t.Criteria.Judge(t.Position, pl, Report{WinRatio: 1, HasWinRatio: true})
	var why []string
	for i, a := range t.Criteria.Blocks[0].Atoms {
		if !v.Blocks[0].Atoms[i] {
			why = append(why, failReason(a, t.Position.Side()))
		}
	}
	return t, why, nil
}

// Verdict is Check said for the new-test form: the test, whether it may
// be saved (valid criteria the answer satisfies), and a sentence that says
// so, or why not with a line for each criterion the answer fails.
func (d *TestDraft) Verdict() (t *Test, ok bool, text string) {
	t, why, err := d.Check()
	switch {
	case err != nil:
		return nil, false, "✗ " + err.Error()
	case len(why) > 0:
		return t, false, "✗ The answer does not satisfy the criteria:\n• " + strings.Join(why, "\n• ")
	case t.Solution == "":
		return t, true, "✓ The criteria are valid. With no answer they are not checked against a move."
	}
	return t, true, "✓ The answer " + t.Solution + " satisfies the criteria."
}

// failReason says why the answer fails atom a.
func failReason(a Cond, mover rules.Color) string {
	switch a.Kind {
	case ScoreGoal:
		return "score goal: the answer does not win by goal"
	case PreventGoal:
		return "prevent goal: after the answer " + mover.Other().String() + " can still score a goal"
	case NoLoss:
		return "no loss: the answer loses a piece of " + mover.String() + "'s"
	case PreventCapture:
		return "prevent capture: after the answer " + mover.Other().String() + " can still capture a piece of " + mover.String() + "'s"
	case BestMove:
		return "best move: the answer reaches another position than " + strings.Join(a.Moves, " | ")
	case AvoidMove:
		return "avoid move: the answer reaches the position of " + strings.Join(a.Moves, " | ")
	case PieceAt:
		if a.Negate {
			return fmt.Sprintf("%s: after the answer %s still stands on %s", a, a.Piece, a.Square)
		}
		return fmt.Sprintf("%s: after the answer %s is not on %s", a, a.Piece, a.Square)
	case CapturedAt, Captures:
		if a.Negate {
			return a.String() + ": the answer makes this capture"
		}
		return a.String() + ": the answer makes no such capture"
	}
	return a.String() + ": not satisfied"
}

// Suggest fills the criteria and tags from the answer: the answer as the
// best move, a goal, the opponent's pieces it captures, and no loss of
// its own when it loses none. It reports an answer that is not a legal
// move.
func (d *TestDraft) Suggest() error {
	d.ScoreGoal, d.PreventGoal, d.PreventCapture, d.NoLoss = false, false, false, false
	d.BestMove, d.AvoidMove, d.Pieces, d.Captures, d.WinRatio = "", "", "", "", ""
	answer := strings.Join(strings.Fields(d.Answer), " ")
	if answer == "" {
		return nil
	}
	pl, err := PlayMove(d.Position, answer)
	if err != nil {
		return fmt.Errorf("Answer: %w", err)
	}
	mover := d.Position.Side()
	tags := map[string]bool{}
	if r, over := pl.After.Outcome(); over && r.Winner == mover && r.How == rules.ByGoal {
		d.ScoreGoal = true
		tags["goal"] = true
	} else {
		d.BestMove = answer
	}
	var caps []string
	lost := false
	for _, c := range pl.Captures {
		if c.Piece.Color() == mover {
			lost = true
			continue
		}
		caps = append(caps, c.Piece.String()+c.Square.String())
	}
	if len(caps) > 0 {
		d.Captures = strings.Join(caps, " ")
		tags["capture"] = true
		d.NoLoss = !lost
	}
	// A threat the answer meets: the opponent could capture before it (as
	// if it were to move now) and cannot after it, judged by the criterion
	// itself.
	if !d.ScoreGoal && !lost {
		threatened := eval.FindTactics(d.Position, eval.TacticsFilter{Danger: true}).Danger & d.Position.Pieces(mover, rules.NoType)
		prevent := Criteria{Blocks: []Block{{Weight: 1, Atoms: []Cond{{Kind: PreventCapture, Square: rules.NoSquare}}}}}
		if threatened != 0 && prevent.Judge(d.Position, pl, Report{}).Score == 1 {
			d.PreventCapture, d.NoLoss = true, true
			tags["prevent-capture"] = true
		}
	}
	for _, t := range Categories {
		if tags[t] && !HasTag(d.Tags, t) {
			d.Tags = append(d.Tags, t)
		}
	}
	return nil
}

// AddTags appends to tags the words of more (tags typed, separated by
// blanks) that it does not hold yet.
func AddTags(tags []string, more string) []string {
	for _, t := range strings.Fields(more) {
		if !HasTag(tags, t) {
			tags = append(tags, t)
		}
	}
	return tags
}

// HasTag reports whether t is among tags.
func HasTag(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}
