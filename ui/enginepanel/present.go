package enginepanel

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/engine/rules"
)

// Figure is one labelled number of the live figures.
type Figure struct {
	Label, Value string
}

// Figures gives the live figures of r as text, in the order the panel
// shows them. start is the position analysed, used to write the best move
// with its captures.
func Figures(start rules.Position, r analysis.Report) []Figure {
	best := "—"
	if r.Best.N > 0 {
		best = analysis.MoveText(start, r.Best)
	}
	// Both are the engine's view for the side to move in start, which the
	// label names: the tree's values are each for the side that played the
	// step, and the two must not be read as one scale.
	ratio, ratioLabel := "—", "Win ratio for "+start.Side().String()
	switch {
	case r.Best.N > 0 && !r.HasScore:
		ratio = Percent(r.WinRatio)
	case r.HasScore:
		ratio = fmt.Sprintf("%+d cr", r.Score)
		ratioLabel = "Score for " + start.Side().String()
	}
	if r.Komi != 0 && !r.HasScore {
		// The win ratios of a decided position are relative: the search
		// takes the side to move's lead beyond search.decided_score off
		// every playout's evaluation, to tell its moves apart.
		ratioLabel += fmt.Sprintf(", its evaluation %+d (decided)", -r.Komi)
	}
	if r.AlphaBeta {
		if r.Best.N > 0 {
			ratio = fmt.Sprintf("%+d cr, win %s", r.Score, Percent(r.WinRatio))
		}
		// The same slots as the tree search's figures, in the same order
		// (the panel lays them out by place, the best move seventh).
		return []Figure{
			{"Time", Duration(r.Elapsed)},
			{"Nodes", Count(r.Nodes)},
			{"Nodes/s", Rate(r.PlayoutsPerSec)},
			{"Selective depth", fmt.Sprintf("%d steps", r.MaxDepth)},
			{"Table", Bytes(r.MemoryBytes)},
			{"Depth", fmt.Sprintf("%.0f steps", r.AvgDepth)},
			{"Best move", best},
			{ratioLabel, ratio},
		}
	}
	figs := []Figure{
		{"Time", Duration(r.Elapsed)},
		{"Playouts", Count(r.Playouts)},
		{"Playouts/s", Rate(r.PlayoutsPerSec)},
		{"Nodes", Count(r.Nodes)},
		{"Memory", Bytes(r.MemoryBytes)},
		{"Depth", fmt.Sprintf("%.1f avg / %d max", r.AvgDepth, r.MaxDepth)},
		{"Best move", best},
		{ratioLabel, ratio},
	}
	return figs
}

// Percent writes a ratio 0..1 as a percentage with one decimal.
func Percent(r float64) string { return strconv.FormatFloat(100*r, 'f', 1, 64) + "%" }

// Count writes n with thin spaces between groups of three digits.
func Count(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString("\u2009")
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Rate writes a per-second rate compactly: 950/s, 12.3k/s, 1.25M/s.
func Rate(r float64) string {
	switch {
	case r >= 1e6:
		return strconv.FormatFloat(r/1e6, 'f', 2, 64) + "M/s"
	case r >= 1e4:
		return strconv.FormatFloat(r/1e3, 'f', 1, 64) + "k/s"
	default:
		return strconv.FormatFloat(r, 'f', 0, 64) + "/s"
	}
}

// Bytes writes a memory size in KiB, MiB or GiB.
func Bytes(n int64) string {
	switch {
	case n >= 1<<30:
		return strconv.FormatFloat(float64(n)/(1<<30), 'f', 2, 64) + " GiB"
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
	case n >= 1<<10:
		return strconv.FormatFloat(float64(n)/(1<<10), 'f', 0, 64) + " KiB"
	default:
		return strconv.FormatInt(n, 10) + " B"
	}
}

// Duration writes an elapsed time as seconds with one decimal, or minutes
// and seconds past a minute.
func Duration(d time.Duration) string {
	if d < time.Minute {
		return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
	}
	m := int(d / time.Minute)
	s := d.Seconds() - float64(m*60)
	return fmt.Sprintf("%d:%04.1f", m, s)
}

// Line is a sequence of steps from a start position, each with the
// position after it, as shown for the principal variation and for a path in
// the tree browser.
type Line struct {
	Start rules.Position
	Steps []LineStep
}

// LineStep is one step of a Line.
type LineStep struct {
	Step rules.Step
	// Turn is the turn label ("12g") on the first step of each turn, empty
	// on the others.
	Turn  string
	After rules.Position
}

// Moves groups the line's steps into the moves of each turn.
func (l Line) Moves() []rules.Move {
	var out []rules.Move
	var cur rules.Move
	for i, s := range l.Steps {
		if s.Turn != "" && i > 0 {
			out = append(out, cur)
			cur = rules.Move{}
		}
		if s.Step != rules.Pass {
			cur = cur.Add(s.Step)
		}
	}
	if cur.N > 0 {
		out = append(out, cur)
	}
	return out
}

// BuildLine plays steps from start. side gives, when known, the side that
// takes each step (as a tree node records it), so a turn that ends before its
// fourth step is recognised; without it a turn ends after a Pass or after
// four steps. The line stops at the first step that is not legal, which only
// happens when the steps belong to another position.
func BuildLine(start rules.Position, steps []rules.Step, side func(i int) (rules.Color, bool)) Line {
	l := Line{Start: start}
	p := start
	newTurn := true
	for i, s := range steps {
		if c, ok := sideOf(side, i); ok && c != p.Side() && p.CanEndTurn() {
			p = p.EndTurn()
			newTurn = true
		} else if p.StepsLeft() == 0 && p.CanEndTurn() {
			p = p.EndTurn()
			newTurn = true
		}
		label := ""
		if newTurn {
			label = turnLabel(p)
			newTurn = false
		}
		if s == rules.Pass {
			if !p.CanEndTurn() {
				break
			}
			p = p.EndTurn()
			l.Steps = append(l.Steps, LineStep{Step: s, Turn: label, After: p})
			newTurn = true
			continue
		}
		if !p.Legal(s) {
			break
		}
		p = p.Play(s)
		l.Steps = append(l.Steps, LineStep{Step: s, Turn: label, After: p})
	}
	return l
}

func sideOf(side func(int) (rules.Color, bool), i int) (rules.Color, bool) {
	if side == nil {
		return 0, false
	}
	return side(i)
}

// PVLine is the report's principal variation from start.
func PVLine(start rules.Position, r analysis.Report) Line {
	steps := make([]rules.Step, len(r.PV))
	for i, s := range r.PV {
		steps[i] = s.Step
	}
	return BuildLine(start, steps, func(i int) (rules.Color, bool) { return r.PV[i].Side, true })
}

// PathLine is the line of tree nodes along path (child indices from root),
// and the last node reached (root for an empty path, nil when the path does
// not exist in this snapshot).
func PathLine(start rules.Position, root *mcts.Node, path []int) (Line, *mcts.Node) {
	n := root
	var nodes []*mcts.Node
	for _, i := range path {
		if n == nil || i < 0 || i >= len(n.Children) {
			return Line{Start: start}, nil
		}
		n = n.Children[i]
		nodes = append(nodes, n)
	}
	var steps []rules.Step
	var sides []rules.Color
	for _, nd := range nodes {
		steps = append(steps, nd.Step)
		sides = append(sides, nd.Side)
		if nd.Step2 != rules.NoStep {
			steps = append(steps, nd.Step2)
			sides = append(sides, nd.Side)
		}
	}
	l := BuildLine(start, steps, func(i int) (rules.Color, bool) { return sides[i], true })
	return l, n
}

// CandidatesNote explains the candidates table: which move the engine
// plays and what its visits count.
const CandidatesNote = "Whole moves, most visited first: the first row is the move the engine plays. " +
	"A move's visits add up every order of its steps that reaches the same board; the win ratio is for the side to move. " +
	"The alpha-beta search: nodes under each, a bound (≤) but for the first."

// CandidateHeaders are the candidates table's column titles for an
// analysis of start; ab says the report is an alpha-beta search's.
func CandidateHeaders(start rules.Position, ab bool) []string {
	if ab {
		return []string{"Move", "Nodes", "Share", "Score for " + start.Side().String()}
	}
	return []string{"Move", "Visits (all orders)", "Share", "Win ratio for " + start.Side().String()}
}

// CandidateRow is one row of the candidates table.
type CandidateRow struct {
	Move, Visits, Share, WinRatio string
	Raw                           analysis.Candidate
}

// CandidateRows gives the table rows for r's candidates, most visited
// first, at most limit of them (0: all).
func CandidateRows(start rules.Position, r analysis.Report, limit int) []CandidateRow {
	cs := r.Candidates
	var total int64
	for _, c := range cs {
		total += c.Visits
	}
	if limit > 0 && len(cs) > limit {
		cs = cs[:limit]
	}
	rows := make([]CandidateRow, len(cs))
	for i, c := range cs {
		share := "—"
		if total > 0 {
			share = Percent(float64(c.Visits) / float64(total))
		}
		rows[i] = CandidateRow{
			Move:     analysis.MoveText(start, c.Move),
			Visits:   Count(c.Visits),
			Share:    share,
			WinRatio: Percent(c.WinRatio),
			Raw:      c,
		}
		if c.HasScore {
			rows[i].WinRatio = fmt.Sprintf("%s (%s)", ScoreText(c), Percent(c.WinRatio))
		}
	}
	return rows
}

// ScoreText is an alpha-beta candidate's score in centi-rabbits, with ≤
// where the search proved only a bound (it is no better than the best).
func ScoreText(c analysis.Candidate) string {
	if c.Bound {
		return fmt.Sprintf("≤ %+d cr", c.Score)
	}
	return fmt.Sprintf("%+d cr", c.Score)
}

// NodeText is how the tree browser labels a node.
func NodeText(n *mcts.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	if n.Step == rules.NoStep {
		b.WriteString("root")
	} else {
		b.WriteString(n.Step.String())
		if n.Step2 != rules.NoStep {
			b.WriteString(" " + n.Step2.String())
		}
	}
	fmt.Fprintf(&b, "   visits %s   value %.3f for %s   bias %.3f   history %.3f", Count(n.Visits), n.Value, n.Side, n.Bias, n.History)
	if n.Shared > 1 {
		fmt.Fprintf(&b, "   shared by %d", n.Shared)
	}
	if n.Terminal {
		b.WriteString("   decided")
	}
	return b.String()
}

// turnLabel labels p's turn, by side alone when the turn number is unknown.
func turnLabel(p rules.Position) string {
	if p.Turn() == 0 {
		return string(p.Side().Letter())
	}
	return rules.TurnLabel(p.Turn(), p.Side())
}
