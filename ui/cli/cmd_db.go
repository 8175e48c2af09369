package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"arimaa-workbench/ats/gamedb"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// runDB is the game database: db index, stats, explore and find.
func runDB(ctx context.Context, args []string, std stdio) int {
	usage := func() int {
		fmt.Fprint(std.err, `usage: arimaa-workbench db COMMAND [options]

  db index [--db FILE] [--keep-columns] ARCHIVE...
                                     add the games of archives and game records
  db stats [--db FILE]               what the database holds, and what a game costs in each table
  db explore [--db FILE] [--json] [--mirrors] [filters] POSITION
                                     every move played from the position, with its results
  db find [--db FILE] [--json] [--radius R] [--min-similarity X] [--limit N] [filters] POSITION
                                     the games through the position; with --radius, the N (10)
                                     most similar positions (Ahmed 2017)
  db similar-moves [--db FILE] [--json] [--radius R] [--limit N] [filters] POSITION
                                     the moves played in the most similar positions, legal here
  db corpus --base ARCHIVE [--games N] [--seed S] --out FILE
                                     writes an archive shaped like the official one (29 columns,
                                     8 KB of events a game) of N variations of the base games,
                                     to measure the database at the archive's scale

POSITION is a position file, or a game file (record or archive) with --ply N
(moves after the setups; -2 and -1 are the setups) and --game ID in an
archive. The database is games.db in the user's data folder unless --db.
'db COMMAND -h' lists a command's options.
`)
		return 2
	}
	if len(args) == 0 {
		return usage()
	}
	switch args[0] {
	case "index":
		return dbIndex(ctx, args[1:], std)
	case "stats":
		return dbStats(args[1:], std)
	case "explore", "find", "similar-moves":
		return dbQuery(ctx, args[0], args[1:], std)
	case "corpus":
		return dbCorpus(ctx, args[1:], std)
	case "-h", "--help", "help":
		usage()
		return 0
	}
	fmt.Fprintf(std.err, "db: unknown command %q\n", args[0])
	return usage()
}

// dbFlags are the flags every db command has.
type dbFlags struct {
	path *string
}

func addDBFlags(fs *flag.FlagSet) dbFlags {
	return dbFlags{path: fs.String("db", "", "the game database `FILE` (default: games.db in the user's data folder)")}
}

// open opens the database; only index creates one, the others read.
func (f dbFlags) open(create bool) (*gamedb.DB, error) {
	path := *f.path
	if path == "" {
		p, err := gamedb.DefaultPath()
		if err != nil {
			return nil, err
		}
		path = p
	}
	if create {
		return gamedb.Open(path)
	}
	return gamedb.OpenExisting(path)
}

func dbIndex(ctx context.Context, args []string, std stdio) int {
	fs := flag.NewFlagSet("db index", flag.ContinueOnError)
	fs.SetOutput(std.err)
	dbf := addDBFlags(fs)
	quiet := fs.Bool("q", false, "print no progress")
	keep := fs.Bool("keep-columns", false, "keep every column of the archives' rows, compressed (the events too, which no query needs)")
	files, err := ParseInterleaved(fs, args)
	if err != nil {
		return flagStatus(err)
	}
	if len(files) == 0 {
		fmt.Fprintln(std.err, "db index: give the archives or game records to index")
		return 2
	}
	db, err := dbf.open(true)
	if err != nil {
		fmt.Fprintf(std.err, "db index: %v\n", err)
		return 1
	}
	defer db.Close()
	start := time.Now()
	opt := gamedb.IndexOptions{
		Bad:         func(b gamedb.BadGame) { fmt.Fprintf(std.err, "db index: skipped: %v\n", b) },
		KeepColumns: *keep,
	}
	if !*quiet {
		opt.Progress = func(p gamedb.Progress) { fmt.Fprintln(std.err, "db index: "+progressLine(p, time.Since(start))) }
	}
	pr, err := db.Index(ctx, files, opt)
	el := time.Since(start)
	fmt.Fprintf(std.out, "%d games read: %d added (%d positions), %d already there, %d skipped; %.1fs, %.0f games/s, %.0f positions/s\n",
		pr.Read, pr.Added, pr.Positions, pr.Known, pr.Bad, el.Seconds(), float64(pr.Read)/el.Seconds(), float64(pr.Positions)/el.Seconds())
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(std.err, "db index: stopped; the games committed are kept, and the same command goes on from there")
		return 1
	case err != nil:
		fmt.Fprintf(std.err, "db index: %v\n", err)
		return 1
	case pr.Read > 0 && pr.Bad == pr.Read:
		fmt.Fprintf(std.err, "db index: every one of the %d games was skipped: nothing indexed\n", pr.Read)
		return 1
	}
	return 0
}

func dbCorpus(ctx context.Context, args []string, std stdio) int {
	fs := flag.NewFlagSet("db corpus", flag.ContinueOnError)
	fs.SetOutput(std.err)
	base := fs.String("base", "", "the game `ARCHIVE` whose games are varied (self-play games: make corpus)")
	out := fs.String("out", "", "the archive `FILE` to write")
	games := ranged[int](fs, "games", 300_000, 1, 100_000_000, "how many games `N` to write")
	seed := ranged[int](fs, "seed", 1, 0, math.MaxInt32, "the random seed `S`")
	if rest, err := ParseInterleaved(fs, args); err != nil || len(rest) > 0 {
		if err == nil {
			fmt.Fprintf(std.err, "db corpus: unexpected argument %q\n", rest[0])
			return 2
		}
		return flagStatus(err)
	}
	if *base == "" || *out == "" {
		fmt.Fprintln(std.err, "db corpus: give the base archive (--base) and the file to write (--out)")
		return 2
	}
	gs, err := baseGames(ctx, *base)
	if err != nil {
		fmt.Fprintf(std.err, "db corpus: %v\n", err)
		return 1
	}
	start := time.Now()
	err = fsutil.WriteFile(*out, func(w io.Writer) error {
		return gamedb.GenerateCorpus(ctx, w, gs, *games, uint64(*seed))
	})
	if err != nil {
		fmt.Fprintf(std.err, "db corpus: %v\n", err)
		return 1
	}
	fmt.Fprintf(std.out, "%s: %d games varied from the %d of %s in %.1fs\n", *out, *games, len(gs), *base, time.Since(start).Seconds())
	return 0
}

// baseGames reads the games of an archive that have setups.
func baseGames(ctx context.Context, path string) ([]*rules.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ar := records.NewArchiveReader(bufio.NewReader(f), path)
	var gs []*rules.Game
	for ctx.Err() == nil {
		ag, err := ar.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if ar.Broken() {
				return nil, err
			}
			continue
		}
		if g, err := ag.Game(); err == nil && g.Setup(rules.Silver) != nil {
			gs = append(gs, g)
		}
	}
	if len(gs) == 0 {
		return nil, fmt.Errorf("%s: no game with setups to vary", path)
	}
	return gs, ctx.Err()
}

// progressLine is an index run's progress: games, rate and time left.
func progressLine(p gamedb.Progress, el time.Duration) string {
	rate := float64(p.Read) / max(el.Seconds(), 1e-9)
	eta := ""
	if p.Done > 0 && p.Total > p.Done {
		left := time.Duration(float64(el) * float64(p.Total-p.Done) / float64(p.Done))
		eta = fmt.Sprintf(", about %s left", left.Round(time.Second))
	}
	if p.Files > 1 {
		// Several inputs: the file's own counts, then the run's.
		f := p.InFile
		done := ""
		if p.FileDone {
			done = " done"
		}
		return fmt.Sprintf("%s (file %d of %d)%s: %d games (%d added, %d skipped); all files: %d games, %.0f games/s%s",
			p.File, p.FileNo, p.Files, done, f.Read, f.Added, f.Bad, p.Read, rate, eta)
	}
	return fmt.Sprintf("%s: %d games (%d added, %d skipped), %.0f games/s%s", p.File, p.Read, p.Added, p.Bad, rate, eta)
}

func dbStats(args []string, std stdio) int {
	fs := flag.NewFlagSet("db stats", flag.ContinueOnError)
	fs.SetOutput(std.err)
	dbf := addDBFlags(fs)
	if rest, err := ParseInterleaved(fs, args); err != nil || len(rest) > 0 {
		if err == nil {
			fmt.Fprintf(std.err, "db stats: unexpected argument %q\n", rest[0])
			return 2
		}
		return flagStatus(err)
	}
	db, err := dbf.open(false)
	if err != nil {
		fmt.Fprintf(std.err, "db stats: %v\n", err)
		return 1
	}
	defer db.Close()
	s, err := db.Stats()
	if err != nil {
		fmt.Fprintf(std.err, "db stats: %v\n", err)
		return 1
	}
	writeStats(std.out, db.Path(), s)
	return 0
}

// writeStats prints what db stats tells: the counts, and the bytes a game
// of each table.
func writeStats(out io.Writer, path string, s gamedb.Stats) {
	fmt.Fprintf(out, "%s\ngames      %d\npositions  %d\nsize       %.1f MB", path, s.Games, s.Positions, float64(s.Bytes)/1e6)
	if s.Games > 0 {
		fmt.Fprintf(out, " (%.0f bytes a game)", float64(s.Bytes)/float64(s.Games))
	}
	if s.First > 0 {
		fmt.Fprintf(out, "\nyears      %d to %d", s.First, s.Last)
	}
	fmt.Fprintln(out)
	if s.Games == 0 {
		return
	}
	fmt.Fprintln(out, "bytes a game by table:")
	for _, t := range s.Tables {
		fmt.Fprintf(out, "  %-10s %7.0f\n", t.Name, float64(t.Bytes)/float64(s.Games))
	}
	if s.Pending > 0 {
		fmt.Fprintf(out, "  (%.1f MB more in the write-ahead log, not yet in the tables)\n", float64(s.Pending)/1e6)
	}
}

// queryFlags are explore's, find's and similar-moves' options.
type queryFlags struct {
	db                 dbFlags
	json               bool
	ply                int
	game               string
	radius             int
	minSim             float64
	limit              int
	minRating          int
	from, to           string
	players, tc        string
	minPhase, maxPhase float64
	mirrors            bool
	exhaustive         bool
}

func dbQuery(ctx context.Context, cmd string, args []string, std stdio) int {
	fs := flag.NewFlagSet("db "+cmd, flag.ContinueOnError)
	fs.SetOutput(std.err)
	var q queryFlags
	q.db = addDBFlags(fs)
	fs.BoolVar(&q.json, "json", false, "write one JSON object per line")
	rangeVar(fs, &q.ply, "ply", math.MinInt32, -2, math.MaxInt32, "the position of a game file after `N` moves (-2, -1: the setups)")
	fs.StringVar(&q.game, "game", "", "the game with this `ID` of an archive")
	rangeVar(fs, &q.radius, "radius", -1, -1, gamedb.MaxRadius, "similar search with piece data up to radius `R` (0-3); find without it is exact")
	rangeVar(fs, &q.minSim, "min-similarity", 0, 0, 1, "the least similarity `X` (0-1) a similar position has (default: none, the N most similar)")
	rangeVar(fs, &q.limit, "limit", 50, 0, 1_000_000, "at most `N` results (0: all; similar search: 10 unless given)")
	rangeVar(fs, &q.minRating, "min-rating", 0, 0, 5000, "only games whose both players are rated at least `R`")
	fs.StringVar(&q.from, "from", "", "only games started on or after `DATE` (YYYY-MM-DD)")
	fs.StringVar(&q.to, "to", "", "only games started on or before `DATE` (YYYY-MM-DD)")
	fs.StringVar(&q.players, "players", "all", "`all`, humans or bots: only games between such players")
	fs.StringVar(&q.tc, "tc", "", "only games with this time control `TC`, as the archive writes it")
	rangeVar(fs, &q.minPhase, "min-phase", 0, 0, 1, "only positions of game phase at least `X` (0 opening to 1 endgame)")
	rangeVar(fs, &q.maxPhase, "max-phase", 1, 0, 1, "only positions of game phase at most `X`")
	if cmd == "find" {
		fs.BoolVar(&q.exhaustive, "exhaustive", false, "similar search: compare every stored position exactly (a full scan: about 20 s for 300,000 games on two cores) instead of the best candidates by signature")
	}
	fs.BoolVar(&q.mirrors, "mirrors", false, "count the position's mirror image (left to right) with it: its moves mirrored, setups grouped with their mirror images")
	rest, err := ParseInterleaved(fs, args)
	if err != nil {
		return flagStatus(err)
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(std.err, "db "+cmd+": "+format+"\n", a...)
		return code
	}
	if len(rest) != 1 {
		return fail(2, "give one POSITION (a position file, or a game file with --ply N)")
	}
	filter, err := q.filter()
	if err != nil {
		return fail(2, "%v", err)
	}
	if q.exhaustive && q.radius < 0 {
		return fail(2, "--exhaustive is for similar search: give --radius R")
	}
	if cmd == "similar-moves" && q.radius < 0 {
		q.radius = 2
	}
	limitSet := false
	fs.Visit(func(f *flag.Flag) { limitSet = limitSet || f.Name == "limit" })
	if cmd == "find" && q.radius >= 0 && !limitSet {
		q.limit = 10
	}
	pos, own, err := queryPosition(ctx, rest[0], q.game, q.ply, std.in)
	if err != nil {
		return fail(1, "%v", err)
	}
	db, err := q.db.open(false)
	if err != nil {
		return fail(1, "%v", err)
	}
	defer db.Close()
	if own != 0 {
		// The game the position comes from, when the database has it:
		// first among the positions as similar.
		if id, ok, err := db.Lookup(ctx, own); err == nil && ok {
			filter.Own = id
		}
	}
	out := bufio.NewWriter(std.out)
	defer out.Flush()
	switch {
	case cmd == "explore":
		err = writeExplore(ctx, out, db, pos, filter, q.json)
	case cmd == "similar-moves":
		err = writeSimilarMoves(ctx, out, db, pos, q, filter)
	default:
		err = writeFind(ctx, out, db, pos, q, filter)
	}
	if err != nil {
		out.Flush()
		return fail(1, "%v", err)
	}
	return 0
}

func (q queryFlags) filter() (gamedb.Filter, error) {
	f := gamedb.Filter{MinRating: q.minRating, TimeControl: q.tc, MinPhase: q.minPhase, MaxPhase: q.maxPhase, Mirrors: q.mirrors}
	var err error
	if f.Players, err = gamedb.ParsePlayers(q.players); err != nil {
		return f, fmt.Errorf("--players: %w", err)
	}
	if err := f.SetDates(q.from, q.to); err != nil {
		return f, fmt.Errorf("--%w", err)
	}
	if q.minPhase > q.maxPhase {
		return f, fmt.Errorf("--min-phase %g is above --max-phase %g", q.minPhase, q.maxPhase)
	}
	return f, nil
}

// queryPosition reads the position a db query asks about: a position
// file's (first) position, or a game's after ply moves (the setups at -2
// and -1), through the readers convert uses; for a game, also the key
// under which a database would keep it (gamedb.GameKey, RecordKey).
func queryPosition(ctx context.Context, path, gameID string, ply int, stdin io.Reader) (rules.Position, int64, error) {
	var data []byte
	if path != "-" && !isArchiveFile(path) {
		data, _ = fsutil.ReadFile(path)
	}
	if data != nil && gameID == "" && records.Detect(data) == records.KindPosition {
		// A long position, as convert --to long writes it and eval
		// reads it: the game reader would take it for a game with no
		// moves yet.
		if ply != math.MinInt32 {
			return rules.Position{}, 0, fmt.Errorf("%s: --ply needs a game, but this is a position", path)
		}
		p, err := parsePosition(data, path)
		return p, 0, err
	}
	var found *convItem
	_, err := eachItem(ctx, path, stdin, gameID, func(it convItem) error {
		if found == nil {
			found = &it
		}
		return errStopItems
	}, func(error) {})
	if err != nil && !errors.Is(err, errStopItems) {
		return rules.Position{}, 0, err
	}
	if found == nil {
		return rules.Position{}, 0, fmt.Errorf("%s: no position or game in it", path)
	}
	if found.game == nil {
		if ply != math.MinInt32 {
			return rules.Position{}, 0, fmt.Errorf("%s: --ply needs a game, but this is a position", path)
		}
		return found.pos, 0, nil
	}
	var own int64
	switch {
	case found.arch != nil:
		own = gamedb.GameKey(found.arch)
	case data != nil:
		own = gamedb.RecordKey(data)
	}
	p, err := gamePosition(found.game, path, ply)
	return p, own, err
}

// isArchiveFile reports whether the file at path starts like a game
// archive, which is read a row at a time rather than whole.
func isArchiveFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	return records.Detect(head[:n]) == records.KindArchive
}

// gamePosition is game g's position after ply moves (-2 and -1: the
// setups).
func gamePosition(g *rules.Game, path string, ply int) (rules.Position, error) {
	if ply == math.MinInt32 {
		return rules.Position{}, fmt.Errorf("%s is a game: say which position with --ply N", path)
	}
	switch {
	case ply == -2 && g.Setup(rules.Gold) != nil:
		return rules.NewGame().Position(), nil
	case ply == -1 && g.Setup(rules.Gold) != nil:
		s := rules.NewGame()
		if err := s.SetupPieces(g.Setup(rules.Gold)); err != nil {
			return rules.Position{}, err
		}
		return s.Position(), nil
	case ply < 0 || ply > len(g.Moves()):
		return rules.Position{}, fmt.Errorf("%s: --ply %d, but the game has %d moves", path, ply, len(g.Moves()))
	}
	return g.PositionBefore(ply), nil
}

var errStopItems = errors.New("enough items")

func writeExplore(ctx context.Context, out io.Writer, db *gamedb.DB, pos rules.Position, f gamedb.Filter, asJSON bool) error {
	moves, err := db.Explore(ctx, pos, f)
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(out)
		for _, m := range moves {
			if err := enc.Encode(map[string]any{"move": m.Move, "games": m.Games, "gold_wins": m.GoldWins,
				"silver_wins": m.SilverWins, "mean_rating": math.Round(m.MeanRating), "last_year": m.LastYear,
				"mirrored": m.Mirrored}); err != nil {
				return err
			}
		}
		return nil
	}
	total := 0
	for _, m := range moves {
		total += m.Games
	}
	fmt.Fprintf(out, "%d games, %d moves\n", total, len(moves))
	if len(moves) == 0 {
		return nil
	}
	fmt.Fprintf(out, "%6s %6s %6s %6s %6s  %s\n", "games", "gold%", "silv%", "rating", "last", "move")
	for _, m := range moves {
		mirrored := ""
		if m.Mirrored > 0 {
			mirrored = fmt.Sprintf("  (%d as its mirror image)", m.Mirrored)
		}
		fmt.Fprintf(out, "%6d %5.1f%% %5.1f%% %6.0f %6s  %s%s\n", m.Games, m.GoldPercent(), m.SilverPercent(),
			m.MeanRating, m.LastYearText(), m.Move, mirrored)
	}
	return nil
}

func writeFind(ctx context.Context, out io.Writer, db *gamedb.DB, pos rules.Position, q queryFlags, f gamedb.Filter) error {
	var hits []gamedb.Hit
	var err error
	if q.radius < 0 {
		hits, err = db.Find(ctx, pos, f, q.limit)
	} else if q.exhaustive {
		if q.limit < 1 || q.limit > gamedb.MaxExhaustive {
			return fmt.Errorf("--exhaustive lists from 1 to %d positions: give --limit N within that", gamedb.MaxExhaustive)
		}
		hits, err = db.SimilarExhaustive(ctx, pos, q.radius, q.minSim, q.limit, f)
	} else {
		hits, err = db.Similar(ctx, pos, q.radius, q.minSim, q.limit, f)
	}
	if err != nil {
		return err
	}
	return writeHits(out, hits, q.json)
}

// hitJSON is a result line of db find with --json.
type hitJSON struct {
	Game        string  `json:"game"`
	Ply         int     `json:"ply"`
	Move        string  `json:"move"`
	Gold        string  `json:"gold"`
	Silver      string  `json:"silver"`
	GoldRating  int     `json:"gold_rating"`
	SilverRatng int     `json:"silver_rating"`
	Result      string  `json:"result"`
	Termination string  `json:"termination"`
	Year        int     `json:"year,omitempty"`
	Phase       float64 `json:"phase"`
	Similarity  float64 `json:"similarity"`
	Source      string  `json:"source"`
	Line        int     `json:"line"`
	Mirrored    bool    `json:"mirrored,omitempty"`
}

func hitGame(h gamedb.Hit) string {
	if h.ArchiveID != "" {
		return h.ArchiveID
	}
	return fmt.Sprintf("%s:%d", h.Source, h.Line)
}

func writeHits(out io.Writer, hits []gamedb.Hit, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(out)
		for _, h := range hits {
			if err := enc.Encode(hitJSON{Game: hitGame(h), Ply: h.Ply, Move: h.Move, Gold: h.Gold, Silver: h.Silver,
				GoldRating: h.GoldRating, SilverRatng: h.SilverRating, Result: h.Result, Termination: h.Termination,
				Year: h.Year, Phase: math.Round(h.Phase*1000) / 1000, Similarity: math.Round(h.Similarity*1000) / 1000,
				Source: h.Source, Line: h.Line, Mirrored: h.Mirrored}); err != nil {
				return err
			}
		}
		return nil
	}
	fmt.Fprintf(out, "%d positions\n", len(hits))
	for _, h := range hits {
		res := h.Result
		if res == "" {
			res = "-"
		}
		mirrored := ""
		if h.Mirrored {
			mirrored = "  (mirror image)"
		}
		fmt.Fprintf(out, "%5.3f  game %-10s ply %3d  %s (%d) - %s (%d)  %s %s  next: %s%s\n", h.Similarity, hitGame(h), h.Ply,
			h.Gold, h.GoldRating, h.Silver, h.SilverRating, res, strings.TrimSpace(h.Termination), h.Move, mirrored)
	}
	return nil
}

func writeSimilarMoves(ctx context.Context, out io.Writer, db *gamedb.DB, pos rules.Position, q queryFlags, f gamedb.Filter) error {
	moves, err := db.MovesFromSimilar(ctx, pos, q.radius, q.limit, f)
	if err != nil {
		return err
	}
	if q.json {
		enc := json.NewEncoder(out)
		for _, m := range moves {
			if err := enc.Encode(map[string]any{"move": m.Move, "games": m.Games, "gold_wins": m.GoldWins,
				"silver_wins": m.SilverWins, "best": math.Round(m.Best*1000) / 1000, "mean": math.Round(m.Mean*1000) / 1000}); err != nil {
				return err
			}
		}
		return nil
	}
	fmt.Fprintf(out, "%d moves from the %d most similar positions (radius %d)\n", len(moves), q.limit, q.radius)
	for _, m := range moves {
		fmt.Fprintf(out, "%4d  gold %d silver %d  similarity best %.3f mean %.3f  %s\n", m.Games, m.GoldWins, m.SilverWins, m.Best, m.Mean, m.Move)
	}
	return nil
}
