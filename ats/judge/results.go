package judge

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"arimaa-workbench/records/fsutil"
)

// Row is the judgement of one move.
type Row struct {
	Source, Turn string // the position (Item.Source, Item.Turn)
	Player       string // the side to move's user name, "" when unknown
	Move         string // the move judged: the student's, or the one played
	Best         string // the teacher's best move in the position
	// Before is the teacher's score of the position for the side to move;
	// After its score of the position after Move, for the opponent
	// (Decided, or -Before for a win, when Move ended the game).
	Before, After int
	// Loss is Before + After: what Move gave away in the teacher's eyes.
	Loss int
	// Agree says Move reaches the position the teacher's best move does.
	Agree bool
}

// Key is the row's position key (Item.Key).
func (r Row) Key() string { return key(r.Source, r.Turn) }

func (r Row) scored() Row {
	r.Loss = r.Before + r.After
	return r
}

// Columns are the results file's columns, written on its first line.
var Columns = []string{"source", "turn", "player", "move", "best", "before", "after", "loss", "agree"}

// header is the results file's first line.
var header = strings.Join(Columns, "\t") + "\n"

// Line writes the row as a line of the results file.
func (r Row) Line() string {
	agree := "0"
	if r.Agree {
		agree = "1"
	}
	return strings.Join([]string{field(r.Source), field(r.Turn), field(r.Player), field(r.Move), field(r.Best),
		strconv.Itoa(r.Before), strconv.Itoa(r.After), strconv.Itoa(r.Loss), agree}, "\t") + "\n"
}

// field keeps a text on its column: a tab or line break in it (from a file
// name or an engine's answer) becomes a blank.
func field(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}

// ParseRows reads a results file, named name in errors: its first line
// says what was judged (returned as about), its second names the Columns,
// and a row follows on each line.
func ParseRows(data []byte, name string) (about string, rows []Row, err error) {
	if len(data) == 0 {
		return "", nil, nil
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	about, ok := strings.CutPrefix(lines[0], aboutPrefix)
	if !ok || len(lines) < 2 || lines[1]+"\n" != header {
		return "", nil, fmt.Errorf("%s:1: not a judge's results file: it should start with a line %q and one naming the columns %s",
			name, aboutPrefix+"...", strings.Join(Columns, ", "))
	}
	for i, l := range lines[2:] {
		r, err := parseRow(l)
		if err != nil {
			return "", nil, fmt.Errorf("%s:%d: %w", name, i+3, err)
		}
		rows = append(rows, r)
	}
	return about, rows, nil
}

// aboutPrefix starts a results file's first line.
const aboutPrefix = "# judge: "

func parseRow(l string) (Row, error) {
	f := strings.Split(strings.TrimSuffix(l, "\r"), "\t")
	if len(f) != len(Columns) {
		return Row{}, fmt.Errorf("%d columns, not %d", len(f), len(Columns))
	}
	r := Row{Source: field(f[0]), Turn: field(f[1]), Player: field(f[2]), Move: field(f[3]), Best: field(f[4])}
	for i, p := range []*int{&r.Before, &r.After, &r.Loss} {
		v, err := strconv.Atoi(f[5+i])
		if err != nil || v < -4*Decided || v > 4*Decided {
			return Row{}, fmt.Errorf("column %d (%s): %q is not a score", 6+i, Columns[5+i], f[5+i])
		}
		*p = v
	}
	switch f[8] {
	case "0":
	case "1":
		r.Agree = true
	default:
		return Row{}, fmt.Errorf("column 9 (agree): %q is not 0 or 1", f[8])
	}
	return r, nil
}

// ReadRows reads the results file at path: what was judged, and the rows.
func ReadRows(path string) (about string, rows []Row, err error) {
	data, err := fsutil.ReadFile(path)
	if err != nil {
		return "", nil, err
	}
	return ParseRows(data, path)
}

// Results is a results file open for a run: its rows so far, and Add for
// the next ones.
type Results struct {
	log  *fsutil.LineLog
	Rows []Row
}

// OpenResults opens the results file at path under its lock, creating
// it, or resuming it with its rows read. about says what is judged (the
// student, the teacher and their limits, one line); a file that says
// otherwise is refused, so the rows of two runs never mix.
func OpenResults(path, about string) (*Results, error) {
	log, data, err := fsutil.OpenLineLog(path)
	if err != nil {
		return nil, err
	}
	about = field(about)
	was, rows, err := ParseRows(data, path)
	switch {
	case err != nil:
	case len(data) == 0:
		err = log.Append(aboutPrefix + about + "\n" + header)
	case was != about:
		err = fmt.Errorf("%s holds another run's results (%s), not this run's (%s): give another file", path, was, about)
	}
	if err != nil {
		log.Close()
		return nil, err
	}
	return &Results{log: log, Rows: rows}, nil
}

// Done is the set of the positions judged.
func (r *Results) Done() map[string]bool {
	m := make(map[string]bool, len(r.Rows))
	for _, row := range r.Rows {
		m[row.Key()] = true
	}
	return m
}

// Add appends a row to the file (synced) and to Rows.
func (r *Results) Add(row Row) error {
	if err := r.log.Append(row.Line()); err != nil {
		return err
	}
	r.Rows = append(r.Rows, row)
	return nil
}

// Close closes the file.
func (r *Results) Close() error { return r.log.Close() }

// Filter says which rows a summary counts and how.
type Filter struct {
	// Within keeps the positions whose score before lies within
	// ±Within (0: all): where the game is not yet decided, a move's loss
	// says most.
	Within int
	// Clip bounds each loss to ±Clip (0: no bound), so that one lost
	// game does not make the mean.
	Clip int
}

func (f Filter) keep(r Row) bool { return f.Within == 0 || abs(r.Before) <= f.Within }

func (f Filter) loss(r Row) float64 {
	if f.Clip > 0 {
		return float64(max(min(r.Loss, f.Clip), -f.Clip))
	}
	return float64(r.Loss)
}

// Summary is what a set of rows says.
type Summary struct {
	Moves     int     `json:"moves"`      // rows counted
	Agreed    int     `json:"agreed"`     // of them, the teacher's own move
	MeanLoss  float64 `json:"mean_loss"`  // in the teacher's units
	Interval  float64 `json:"interval"`   // the mean's 95% interval, ±
	Median    float64 `json:"median"`     // the median loss
	Blunders  int     `json:"blunders"`   // losses of BlunderAt or more
	BlunderAt int     `json:"blunder_at"` // the threshold of a blunder
	// Decided counts the rows with a score of a decided game (Decided or
	// more, before or after the move), which make a mean without Clip.
	Decided int `json:"decided"`
	// Worst are the rows of the largest losses, largest first.
	Worst []Row `json:"worst,omitempty"`
}

// Summarize is the summary of rows under f, with the worst of them.
// blunderAt counts the losses from that many points up (0: none counted).
func Summarize(rows []Row, f Filter, worst, blunderAt int) Summary {
	s := Summary{BlunderAt: blunderAt}
	var losses []float64
	var kept []Row
	for _, r := range rows {
		if !f.keep(r) {
			continue
		}
		kept = append(kept, r)
		l := f.loss(r)
		losses = append(losses, l)
		if r.Agree {
			s.Agreed++
		}
		if abs(r.Before) >= Decided || abs(r.After) >= Decided {
			s.Decided++
		}
		if blunderAt > 0 && r.Loss >= blunderAt {
			s.Blunders++
		}
	}
	s.Moves = len(losses)
	s.MeanLoss, s.Interval = meanInterval(losses)
	if len(losses) > 0 {
		sorted := slices.Clone(losses)
		slices.Sort(sorted)
		n := len(sorted)
		s.Median = (sorted[(n-1)/2] + sorted[n/2]) / 2
	}
	if worst > 0 {
		slices.SortStableFunc(kept, func(a, b Row) int { return b.Loss - a.Loss })
		s.Worst = kept[:min(worst, len(kept))]
	}
	return s
}

// Comparison is the paired difference of two results on the positions
// both judged: B's loss less A's, so below 0 means B lost less.
type Comparison struct {
	Pairs    int     `json:"pairs"`
	Diff     float64 `json:"diff"`     // mean of B's loss less A's
	Interval float64 `json:"interval"` // its 95% interval, ±
	AgreedA  int     `json:"agreed_a"`
	AgreedB  int     `json:"agreed_b"`
	// Same counts the positions where both played one move.
	Same int `json:"same"`
}

// Compare pairs the rows of a and b by position (the filter's Within
// judged on a's score before, which is b's too with a cached teacher).
func Compare(a, b []Row, f Filter) Comparison {
	byKey := make(map[string]Row, len(a))
	for _, r := range a {
		byKey[r.Key()] = r
	}
	var c Comparison
	var diffs []float64
	for _, rb := range b {
		ra, ok := byKey[rb.Key()]
		if !ok || !f.keep(ra) {
			continue
		}
		diffs = append(diffs, f.loss(rb)-f.loss(ra))
		if ra.Agree {
			c.AgreedA++
		}
		if rb.Agree {
			c.AgreedB++
		}
		if ra.Move == rb.Move {
			c.Same++
		}
	}
	c.Pairs = len(diffs)
	c.Diff, c.Interval = meanInterval(diffs)
	return c
}

// meanInterval is the mean of xs and its 95% interval (±1.96 standard
// errors; 0 with fewer than two values).
func meanInterval(xs []float64) (mean, interval float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(len(xs)-1))
	return mean, 1.96 * sd / math.Sqrt(float64(len(xs)))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
