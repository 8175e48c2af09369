package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// runEval prints the engine's view of a position: the evaluation feature
// by feature, the winning probability of the side to move, and the goal
// and trap checks: `eval [--config FILE] [--set KEY=VALUE] [--json] POSFILE`.
func runEval(ctx context.Context, args []string, io stdio) int {
	fs := newFlagSet("eval", io.err, `usage: arimaa-workbench eval [--config FILE] [--set KEY=VALUE] [--json] POSFILE
Evaluates a position: the evaluation by feature, the winning probability of the
side to move, whether it can score a goal this turn, and which enemy pieces it
can capture this turn. POSFILE is a file in the long or compact format, - for
standard input, or a compact position given inline. The evaluation weights are
the [eval] and [knowledge] tables of the engine configuration.
`)
	var cf configFlags
	cf.register(fs)
	asJSON := fs.Bool("json", false, "print the result as JSON")
	files, cfg, status, ok := cf.parse(fs, args, 1)
	if !ok {
		return status
	}
	p, err := readEvalPosition(files[0], io.in)
	if err != nil {
		fmt.Fprintf(io.err, "eval: %v\n", err)
		return 1
	}
	r := evaluate(eval.New(cfg.Weights), p)
	if *asJSON {
		enc := json.NewEncoder(io.out)
		enc.SetIndent("", "  ")
		err = enc.Encode(r)
	} else {
		err = r.write(io.out)
	}
	if err != nil {
		fmt.Fprintf(io.err, "eval: %v\n", err)
		return 1
	}
	return 0
}

// readEvalPosition reads a position file in either format; name "-" is
// standard input, and a compact position given inline is read as it is.
func readEvalPosition(name string, stdin io.Reader) (rules.Position, error) {
	data, name, err := readArg(name, stdin)
	if err != nil {
		return rules.Position{}, err
	}
	return parsePosition(data, name)
}

// readArg reads what a position argument names: name "-" is standard
// input, a name that is no file but holds a '[' is a compact position
// written inline, and anything else a file. It returns the text and the
// name to put in messages.
func readArg(name string, stdin io.Reader) ([]byte, string, error) {
	switch _, statErr := os.Stat(name); {
	case name == "-":
		data, err := fsutil.ReadAll(stdin, "stdin")
		return data, "stdin", err
	case statErr != nil && strings.Contains(name, "["):
		return []byte(name), "argument", nil
	}
	data, err := fsutil.ReadFile(name)
	return data, name, err
}

// parsePosition reads a long or compact position from data, named name in
// errors. A game record or archive, as records.Detect tells, is refused by
// name rather than with the position reader's complaint about its first
// line.
func parsePosition(data []byte, name string) (rules.Position, error) {
	switch k := records.Detect(data); k {
	case records.KindRecord, records.KindArchive:
		return rules.Position{}, fmt.Errorf("%s: this is a %v, not a position", name, k)
	}
	p, err := records.ParseAny(string(data))
	if err != nil {
		var pe *records.ParseError
		if errors.As(err, &pe) && pe.File == "" {
			pe.File = name
			return rules.Position{}, pe
		}
		return rules.Position{}, fmt.Errorf("%s: %w", name, err)
	}
	return p, nil
}

// evalReport is what eval prints, also as JSON.
type evalReport struct {
	Position       string       `json:"position"`
	Side           string       `json:"side"`
	StepsLeft      int          `json:"steps_left"`
	Terms          []evalTerm   `json:"terms"`
	Gold           int          `json:"gold"`
	Silver         int          `json:"silver"`
	Score          int          `json:"score"`
	WinProbability float64      `json:"win_probability"`
	Goal           *string      `json:"goal"`
	Captures       []evalThreat `json:"captures"`
	GameOver       string       `json:"game_over,omitempty"`
}

// evalTerm is one row of the feature table.
type evalTerm struct {
	Name   string `json:"name"`
	Gold   int    `json:"gold"`
	Silver int    `json:"silver"`
	Net    int    `json:"net"`
}

// evalThreat is one capturable piece with the move that captures it.
type evalThreat struct {
	Piece  string `json:"piece"`
	Square string `json:"square"`
	Trap   string `json:"trap"`
	Move   string `json:"move"`
}

// evaluate gathers everything eval prints about p.
func evaluate(e *eval.Evaluator, p rules.Position) evalReport {
	b := e.Breakdown(&p)
	r := evalReport{
		Position:       p.AEIString(),
		Side:           p.Side().String(),
		StepsLeft:      p.StepsLeft(),
		Gold:           b.Gold,
		Silver:         b.Silver,
		Score:          b.Score,
		WinProbability: e.WinProbability(b.Score),
		Captures:       []evalThreat{},
	}
	for _, t := range b.Terms {
		r.Terms = append(r.Terms, evalTerm{t.Name, t.Gold, t.Silver, t.Net()})
	}
	for _, pr := range p.Validate() {
		if pr.GameOver {
			r.GameOver = pr.Msg
		}
	}
	if m, ok := eval.GoalCheck(&p); ok {
		s := p.MoveString(m)
		r.Goal = &s
	}
	for _, t := range eval.TrapCheck(&p) {
		r.Captures = append(r.Captures, evalThreat{t.Piece.String(), t.Square.String(), t.Trap.String(), p.MoveString(t.Move)})
	}
	return r
}

// write prints the report as text: the feature table, then the score and
// the two checks.
func (r evalReport) write(out io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "position  %s\n", r.Position)
	fmt.Fprintf(&b, "to move   %s, %d steps left\n", r.Side, r.StepsLeft)
	if r.GameOver != "" {
		fmt.Fprintf(&b, "note      %s\n", r.GameOver)
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "%-18s %7s %7s %7s\n", "feature", "gold", "silver", "net")
	for _, t := range r.Terms {
		fmt.Fprintf(&b, "%-18s %7d %7d %+7d\n", t.Name, t.Gold, t.Silver, t.Net)
	}
	fmt.Fprintf(&b, "%-18s %7d %7d %+7d\n", "total", r.Gold, r.Silver, r.Gold-r.Silver)
	fmt.Fprintf(&b, "\nscore for %s (to move): %+d, win probability %.1f%%\n", r.Side, r.Score, 100*r.WinProbability)
	if r.Goal != nil {
		move := *r.Goal
		if move == "" {
			move = "(end the turn now)"
		}
		fmt.Fprintf(&b, "goal check: %s can score this turn: %s\n", r.Side, move)
	} else {
		fmt.Fprintf(&b, "goal check: %s cannot score this turn\n", r.Side)
	}
	if len(r.Captures) == 0 {
		fmt.Fprintf(&b, "trap check: %s cannot capture anything this turn\n", r.Side)
	} else {
		fmt.Fprintf(&b, "trap check: %s can capture %d piece(s) this turn:\n", r.Side, len(r.Captures))
		for _, c := range r.Captures {
			fmt.Fprintf(&b, "  %s%s on %s: %s\n", c.Piece, c.Square, c.Trap, c.Move)
		}
	}
	_, err := io.WriteString(out, b.String())
	return err
}
