package gamedb

import (
	"bytes"
	"cmp"
	"compress/flate"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Players chooses games by who played them.
type Players uint8

// The choices of Players.
const (
	AllPlayers Players = iota
	Humans             // both players human
	Bots               // both players bots
)

// ParsePlayers reads "all", "humans" or "bots".
func ParsePlayers(s string) (Players, error) {
	switch s {
	case "", "all":
		return AllPlayers, nil
	case "humans", "human":
		return Humans, nil
	case "bots", "bot":
		return Bots, nil
	}
	return 0, fmt.Errorf("players %q: want all, humans or bots", s)
}

// Filter narrows the games a query looks at; the zero Filter takes all.
type Filter struct {
	// MinRating keeps games whose both players are rated at least this.
	MinRating int
	// From and To keep games started within [From, To] (zero: open).
	From, To time.Time
	Players  Players
	// TimeControl keeps games with this time control, as written.
	TimeControl string
	// MinPhase and MaxPhase keep positions whose phase lies between
	// them (0 to 1; MaxPhase 0 means 1).
	MinPhase, MaxPhase float64
	// Mirrors counts a position's mirror image (reflected left to right,
	// the same position for play) with it in Explore and Find, its moves
	// mirrored; a setup is grouped with its mirror image.
	Mirrors bool
	// Own is not a condition: it names the game (its row, Lookup) the
	// position asked about comes from, which Similar lists first among
	// the positions as similar as it.
	Own int64
}

// SetDates reads the filter's date range from from and to, each a day
// written YYYY-MM-DD or empty (open); to takes in the whole of its day. An
// error names the bound ("from" or "to") at fault.
func (f *Filter) SetDates(from, to string) error {
	for _, d := range []struct {
		name, text string
		dst        *time.Time
		end        bool
	}{{"from", from, &f.From, false}, {"to", to, &f.To, true}} {
		text := strings.TrimSpace(d.text)
		if text == "" {
			*d.dst = time.Time{}
			continue
		}
		day, err := time.Parse("2006-01-02", text)
		if err != nil {
			return fmt.Errorf("%s %q: a day written YYYY-MM-DD", d.name, text)
		}
		if d.end {
			day = day.Add(24*time.Hour - time.Second)
		}
		*d.dst = day
	}
	if !f.From.IsZero() && !f.To.IsZero() && f.From.After(f.To) {
		return fmt.Errorf("from %s is after to %s", strings.TrimSpace(from), strings.TrimSpace(to))
	}
	return nil
}

// where adds the filter's conditions on games g; the phase bounds are
// the callers' to check.
func (f Filter) where(args *[]any) string {
	var c []string
	if f.MinRating > 0 {
		c = append(c, "g.gold_rating >= ? AND g.silver_rating >= ?")
		*args = append(*args, f.MinRating, f.MinRating)
	}
	if !f.From.IsZero() {
		c = append(c, "g.start >= ?")
		*args = append(*args, f.From.Unix())
	}
	if !f.To.IsZero() {
		c = append(c, "g.start > 0 AND g.start <= ?")
		*args = append(*args, f.To.Unix())
	}
	switch f.Players {
	case Humans:
		c = append(c, "g.gold_type = 'h' AND g.silver_type = 'h'")
	case Bots:
		c = append(c, "g.gold_type = 'b' AND g.silver_type = 'b'")
	}
	if f.TimeControl != "" {
		c = append(c, "g.timecontrol = ?")
		*args = append(*args, f.TimeControl)
	}
	if len(c) == 0 {
		return ""
	}
	return " AND " + strings.Join(c, " AND ")
}

// keeps reports whether the filter's phase bounds keep position p.
func (f Filter) keeps(p rules.Position) bool {
	lo, hi := f.phaseBytes()
	ph := int(phaseByte(p))
	return ph >= lo && ph <= hi
}

func (f Filter) phaseBytes() (lo, hi int) {
	hi = 255
	if f.MinPhase > 0 {
		lo = int(f.MinPhase*255 + 0.5)
	}
	if f.MaxPhase > 0 && f.MaxPhase < 1 {
		hi = int(f.MaxPhase*255 + 0.5)
	}
	return lo, hi
}

// MoveStat is one move played from a position: how often, how those games
// ended, the mean rating of the players who chose it and the last year it
// was played.
type MoveStat struct {
	Move                 string
	Games                int
	GoldWins, SilverWins int
	MeanRating           float64 // 0 when none of them was rated
	LastYear             int     // 0 when no game had a date
	// Mirrored is how many of the games played its mirror image (with
	// Filter.Mirrors).
	Mirrored int

	rated int // games with the mover's rating
}

// GoldPercent is the share of the move's games that Gold won, in percent
// (0 when there are none).
func (m MoveStat) GoldPercent() float64 { return percent(m.GoldWins, m.Games) }

// SilverPercent is the share of the move's games that Silver won, in
// percent (0 when there are none).
func (m MoveStat) SilverPercent() float64 { return percent(m.SilverWins, m.Games) }

// LastYearText is LastYear for a table: the year, or "-" when no game had
// a date.
func (m MoveStat) LastYearText() string {
	if m.LastYear == 0 {
		return "-"
	}
	return strconv.Itoa(m.LastYear)
}

func percent(n, of int) float64 { return 100 * float64(n) / float64(max(of, 1)) }

// Explore lists every move played from p (at the start of a turn, or on
// the board of a setup) in the games the filter keeps, most played first.
// A position with no games gives an empty list.
func (d *DB) Explore(ctx context.Context, p rules.Position, f Filter) ([]MoveStat, error) {
	out, err := d.explore(ctx, p, f)
	if err == nil && f.Mirrors {
		out, err = d.withMirror(ctx, p, f, out)
	}
	for i := range out {
		out[i].rated = 0 // kept only to weigh the means of a group
	}
	return out, err
}

// withMirror adds to the moves out from p those played from its mirror
// image, mirrored, and groups each move with its mirror image.
func (d *DB) withMirror(ctx context.Context, p rules.Position, f Filter, out []MoveStat) ([]MoveStat, error) {
	m := p.Mirror()
	if m.TurnHash() != p.TurnHash() {
		more, err := d.explore(ctx, m, f)
		if err != nil {
			return nil, err
		}
		for _, s := range more {
			if s.Move, err = mirrorMove(s.Move, p.Side()); err != nil {
				continue // not a move of ours: left out rather than shown wrong
			}
			s.Mirrored = s.Games
			out = append(out, s)
		}
	}
	// A move and its mirror image are one: the position is its own mirror
	// image (an empty board to set up, a symmetric one) or came in twice.
	return groupMirrors(out, p.Side(), m.TurnHash() == p.TurnHash()), nil
}

// explore is Explore of one position.
func (d *DB) explore(ctx context.Context, p rules.Position, f Filter) ([]MoveStat, error) {
	if !f.keeps(p) {
		return nil, nil
	}
	key := int64(p.TurnHash())
	var rows []exploreRow
	kept, err := false, error(nil)
	if f.where(new([]any)) == "" && d.hotGames > 0 {
		rows, kept, err = d.keptExplore(ctx, key)
	}
	if err == nil && !kept {
		rows, err = exploreRows(ctx, d.db, key, f)
		if err != nil {
			err = fmt.Errorf("%s: %w", d.path, err)
		}
	}
	if err != nil {
		return nil, err
	}
	side := p.Side()
	out := make([]MoveStat, 0, len(rows))
	for _, r := range rows {
		s := MoveStat{Games: r.Games, GoldWins: r.GoldWins, SilverWins: r.SilverWins, rated: r.Rated[side]}
		if m := r.Mean[side]; m != nil {
			s.MeanRating = *m
		}
		if r.Year != nil {
			s.LastYear = int(*r.Year)
		}
		if s.Move, err = moveText(p, r.Ply, r.Move); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	sortStats(out)
	return out, nil
}

// The positions table's at column in SQL: the game is at >> plyShift,
// the ply at & plyMask, less 2.
var (
	plyShift = strconv.Itoa(plyBits)
	plyMask  = strconv.Itoa(1<<plyBits - 1)
)

// sqlRows are the rows queryAll hands on.
type sqlRows = sql.Rows

// queryAll runs the query q and gives each row to scan, returning what
// it made of them; an error of the query names the database.
func queryAll[T any](ctx context.Context, d *DB, q string, args []any, scan func(*sql.Rows) (T, error)) ([]T, error) {
	rows, err := d.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.path, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func sortStats(out []MoveStat) {
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return out[i].Move < out[j].Move
	})
}

// mirrorMove is a move or setup of side, as the database writes them,
// reflected left to right.
func mirrorMove(text string, side rules.Color) (string, error) {
	if w, err := rules.ParseMove(text); err == nil {
		return w.Mirror().String(), nil
	}
	ps, err := rules.ParseSetup(text, side)
	if err != nil {
		return "", err
	}
	for i := range ps {
		ps[i] = ps[i].Mirror()
	}
	// The database writes a setup's placements in its own order: the
	// mirror image's text is compared in that order too.
	return canonicalSetup(ps), nil
}

// canonicalSetup writes a setup with its placements in the order of their
// squares, so that one setup is one text however a record ordered it.
func canonicalSetup(ps []rules.Placement) string {
	ps = slices.Clone(ps)
	slices.SortFunc(ps, func(a, b rules.Placement) int { return cmp.Compare(a.Square, b.Square) })
	return rules.SetupString(ps)
}

// groupMirrors adds up the statistics of the same move; with symmetric,
// also of a move and its mirror image, shown as the more played of the two.
func groupMirrors(in []MoveStat, side rules.Color, symmetric bool) []MoveStat {
	by := map[string]int{}
	var out []MoveStat
	for _, s := range in {
		key := s.Move
		if symmetric {
			if m, err := mirrorMove(s.Move, side); err == nil && m < key {
				key = m
			}
		}
		i, ok := by[key]
		if !ok {
			by[key] = len(out)
			out = append(out, s)
			continue
		}
		o := &out[i]
		if s.Games > o.Games && symmetric {
			// The more played form names the group.
			s.Mirrored = o.Games
			o.Move, o.Mirrored = s.Move, 0
		} else if symmetric {
			s.Mirrored = s.Games
		}
		if o.rated+s.rated > 0 {
			o.MeanRating = (o.MeanRating*float64(o.rated) + s.MeanRating*float64(s.rated)) / float64(o.rated+s.rated)
		}
		o.Games += s.Games
		o.GoldWins += s.GoldWins
		o.SilverWins += s.SilverWins
		o.rated += s.rated
		o.Mirrored += s.Mirrored
		o.LastYear = max(o.LastYear, s.LastYear)
	}
	sortStats(out)
	return out
}

// Hit is a position of a game in the database: the game, the ply and the
// move played there, and for a similar search the similarity.
type Hit struct {
	Game                     int64  // the game's row in the database
	ArchiveID                string // the archive's id column; "" for a record
	Source                   string // the file it was indexed from, and its line
	Line                     int
	Gold, Silver             string
	GoldRating, SilverRating int
	Result                   string // "w", "b" or "" (no result)
	Termination              string
	Year                     int
	Ply                      int     // moves after the setups; -2 and -1 are the setups
	Move                     string  // played next; "" at the game's end
	Phase                    float64 // of the position
	Similarity               float64 // 1 for exact search
	// Mirrored is set for a game that passed through the mirror image of
	// the position asked (Filter.Mirrors); Move is then the move played
	// there, on the mirrored board.
	Mirrored bool
}

// gameColumns are the columns of a game's row scanGame reads.
const gameColumns = `g.id, g.archive_id, g.source, g.line, g.gold, g.silver, g.gold_rating, g.silver_rating,
	g.result, g.termination, g.year`

type scanner interface{ Scan(...any) error }

// scanGame reads gameColumns, and more after them, into h.
func scanGame(r scanner, h *Hit, more ...any) error {
	return r.Scan(append([]any{&h.Game, &h.ArchiveID, &h.Source, &h.Line, &h.Gold, &h.Silver, &h.GoldRating, &h.SilverRating,
		&h.Result, &h.Termination, &h.Year}, more...)...)
}

// Find lists the games that passed through p (the same pieces and side to
// move at the start of a turn, by any order of moves), at most limit
// (0: all), in the order they were indexed; with Filter.Mirrors also those
// that passed through its mirror image (Hit.Mirrored).
func (d *DB) Find(ctx context.Context, p rules.Position, f Filter, limit int) ([]Hit, error) {
	if !f.keeps(p) {
		return nil, nil
	}
	hits, err := d.findAt(ctx, p, false, f, limit)
	m := p.Mirror()
	if err != nil || !f.Mirrors || m.TurnHash() == p.TurnHash() {
		return hits, err
	}
	more, err := d.findAt(ctx, m, true, f, limit)
	if err != nil {
		return nil, err
	}
	// Each list is in the order of indexing: merged, the first limit of
	// both are the first limit of all.
	hits = append(hits, more...)
	slices.SortStableFunc(hits, func(a, b Hit) int {
		return cmp.Or(cmp.Compare(a.Game, b.Game), cmp.Compare(a.Ply, b.Ply))
	})
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	return hits, nil
}

// findQuery is Find's query of the games through one position, with the
// filter's conditions: the positions under the key are read in the order
// of their primary key, which is the order of indexing, so that a limit
// stops the reading (one query for a position and its mirror image sorted
// every row of both first).
func findQuery(f Filter, args *[]any, limit int) string {
	q := `SELECT ` + gameColumns + `, p.at, p.move FROM positions p JOIN games g ON g.id = p.at >> ` + plyShift + `
		WHERE p.key = ?` + f.where(args) + ` ORDER BY p.at`
	if limit > 0 {
		q += fmt.Sprintf(" LIMIT %d", limit)
	}
	return q
}

// findAt is Find of position p alone; mirrored marks its hits as those of
// the mirror image of the position asked.
func (d *DB) findAt(ctx context.Context, p rules.Position, mirrored bool, f Filter, limit int) ([]Hit, error) {
	args := []any{int64(p.TurnHash())}
	q := findQuery(f, &args, limit)
	phase := float64(phaseByte(p)) / 255
	return queryAll(ctx, d, q, args, func(rows *sql.Rows) (Hit, error) {
		var h Hit
		var gp int64
		var move []byte
		if err := scanGame(rows, &h, &gp, &move); err != nil {
			return h, err
		}
		_, h.Ply = splitGamePly(gp)
		h.Mirrored = mirrored
		h.Phase, h.Similarity = phase, 1
		var err error
		h.Move, err = moveText(p, h.Ply, move)
		return h, err
	})
}

// Lookup is the row of the game stored under key (GameKey, RecordKey),
// and whether there is one.
func (d *DB) Lookup(ctx context.Context, key int64) (int64, bool, error) {
	var id int64
	err := d.db.QueryRowContext(ctx, `SELECT id FROM games WHERE uid = ?`, key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("%s: %w", d.path, err)
	}
	return id, true, nil
}

// Columns reads back every column of a game's archive row, kept when it
// was indexed with IndexOptions.KeepColumns; nil when they were not kept.
func (d *DB) Columns(ctx context.Context, id int64) (map[string]string, error) {
	var data []byte
	err := d.db.QueryRowContext(ctx, `SELECT data FROM columns WHERE game = ?`, id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: game %d: %w", d.path, id, err)
	}
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(data)))
	var cols map[string]string
	if err == nil {
		err = json.Unmarshal(raw, &cols)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: game %d: its archive columns are damaged: %w", d.path, id, err)
	}
	return cols, nil
}

// Game reads a game of the database back: the game replayed, and its
// move list as the records write it.
func (d *DB) Game(ctx context.Context, id int64) (*rules.Game, string, error) {
	var moves []byte
	var result, termination string
	err := d.db.QueryRowContext(ctx, `SELECT moves, result, termination FROM games WHERE id = ?`, id).Scan(&moves, &result, &termination)
	if err != nil {
		return nil, "", fmt.Errorf("%s: game %d: %w", d.path, id, err)
	}
	g, err := storedReplay(moves, result, termination)
	if err != nil {
		return nil, "", fmt.Errorf("%s: game %d: %w", d.path, id, err)
	}
	return g, records.FormatMoveList(g), nil
}

// storedReplay replays a stored game under the rules and ends it with
// its stored result when the rules did not (a resignation, time).
func storedReplay(moves []byte, result, termination string) (*rules.Game, error) {
	sg, err := decodeGame(moves)
	if err != nil {
		return nil, err
	}
	g, err := sg.game()
	if err != nil {
		return nil, err
	}
	if g.Phase() != rules.Over && result != "" && termination != "" {
		if c, ok := rules.ParseColor(result[0]); ok {
			g.Finish(rules.Result{Winner: c, How: rules.Termination(termination[0])})
		}
	}
	return g, nil
}

// StoredGame is a game of the database as EachGame gives it.
type StoredGame struct {
	ID      int64  // the game's row
	Name    string // the archive's id, or file:line for a record without one
	Ratings [2]int // by rules.Color; 0 when not known
	Game    *rules.Game
}

// EachGame replays the games the filter keeps (its phase bounds aside),
// in the order they were indexed, and gives each to fn with its error
// (a row that no longer replays) until fn returns false or ctx ends.
func (d *DB) EachGame(ctx context.Context, f Filter, fn func(StoredGame, error) bool) error {
	args := []any{}
	q := `SELECT g.id, g.archive_id, g.source, g.line, g.gold_rating, g.silver_rating, g.moves, g.result, g.termination
		FROM games g WHERE 1` + f.where(&args) + ` ORDER BY g.id`
	rows, err := d.db.QueryContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("%s: %w", d.path, err)
	}
	defer rows.Close()
	for rows.Next() {
		var sg StoredGame
		var archiveID, source, result, termination string
		var moves []byte
		var line int
		if err := rows.Scan(&sg.ID, &archiveID, &source, &line, &sg.Ratings[rules.Gold], &sg.Ratings[rules.Silver],
			&moves, &result, &termination); err != nil {
			return fmt.Errorf("%s: %w", d.path, err)
		}
		sg.Name = archiveID
		if sg.Name == "" {
			sg.Name = fmt.Sprintf("%s:%d", source, line)
		}
		g, err := storedReplay(moves, result, termination)
		if err != nil {
			err = fmt.Errorf("%s: game %s: %w", d.path, sg.Name, err)
		}
		sg.Game = g
		if !fn(sg, err) {
			return nil
		}
	}
	return rows.Err()
}
