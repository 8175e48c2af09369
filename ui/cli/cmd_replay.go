package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// replayStats counts what a replay found.
type replayStats struct {
	games, ok, illegal, mismatched, unreadable int
}

func (s *replayStats) failed() int { return s.illegal + s.mismatched + s.unreadable }

// runReplay replays game records and archives with full rules checking.
func runReplay(ctx context.Context, args []string, io stdio) int {
	fs := newFlagSet("replay", io.err, `usage: arimaa-workbench replay [-q] FILE...

Replays game records and game archives with full rules checking. A file
whose first line starts with "id<TAB>" is an archive (read row by row, any
size); anything else is one game record (setups and moves, or a position
followed by moves). FILE "-" is stdin.

Prints one tab-separated line per game:
  ID  PLIES  RULES  ARCHIVE  STATUS  [DETAIL]
ID is the archive's game id or the file name; PLIES the moves replayed
(setups not counted); RULES the result the rules reached, as winner and
termination letters ("w g": gold by goal; "b e": silver by elimination;
"w m": gold by immobilization; "b r": a recorded resignation) or "-" when
the game was not over; ARCHIVE the archive's result and termination.
STATUS is
  ok         the game replays and agrees with the archive
  illegal    a move breaks the rules or a capture token is wrong; DETAIL
             names the turn, the step, the reason and the line and column
  mismatch   the archive says the game ended by goal, elimination or
             immobilization and the rules disagree, or the rules ended a
             game the archive says ended otherwise
  error      the row or record cannot be read
A summary goes to stderr at the end. The exit status is 1 if any game
failed.

options:
`)
	quiet := fs.Bool("q", false, "print only the games that fail, and the summary")
	workers := ranged(fs, "j", min(runtime.GOMAXPROCS(0), config.MaxThreads), 1, config.MaxThreads, "replay archive games on `N` goroutines")
	paths, status, ok := parseFiles(fs, args, io.err)
	if !ok {
		return status
	}
	out := bufio.NewWriter(io.out)
	defer out.Flush()
	var st replayStats
	began := time.Now()
	for _, path := range paths {
		if err := replayFile(ctx, path, io.in, out, &st, *quiet, *workers); err != nil {
			out.Flush()
			fmt.Fprintf(io.err, "replay: %v\n", err)
			status = 1
			if ctx.Err() != nil {
				break
			}
		}
	}
	out.Flush()
	secs := time.Since(began).Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(st.games) / secs
	}
	fmt.Fprintf(io.err, "replay: %d games, %d ok, %d failed (%d illegal, %d mismatch, %d error) in %.2fs, %.0f games/s\n",
		st.games, st.ok, st.failed(), st.illegal, st.mismatched, st.unreadable, secs, rate)
	if st.failed() > 0 {
		status = 1
	}
	return status
}

func replayFile(ctx context.Context, path string, stdin io.Reader, out *bufio.Writer, st *replayStats, quiet bool, workers int) error {
	in, err := openInput(path, stdin)
	if err != nil {
		return err
	}
	defer in.Close()
	br, name := in.r, in.name
	if isArchive(br) {
		return replayArchive(ctx, br, name, out, st, quiet, workers)
	}
	st.games++
	id := rules.Echo(filepath.Base(name))
	var rec *records.Record
	err = in.checkWhole() // a record is read whole
	if err == nil {
		rec, err = records.ReadRecord(br, name)
	}
	if err != nil {
		st.unreadable++
		fmt.Fprintf(out, "%s\t\t\t\terror\t%v\n", id, err)
		return nil
	}
	g, err := rec.Game()
	if err != nil {
		st.illegal++
		fmt.Fprintf(out, "%s\t\t\t\tillegal\t%v\n", id, err)
		return nil
	}
	st.ok++
	if !quiet {
		fmt.Fprintf(out, "%s\t%d\t%s\t\tok\n", id, len(g.Moves()), rulesResult(g))
	}
	return nil
}

// isArchive reports whether the stream holds a game archive. The header
// line is all records.Detect needs for that, and it is far shorter than
// the bytes peeked.
func isArchive(br *bufio.Reader) bool {
	head, _ := br.Peek(4096)
	return records.Detect(head) == records.KindArchive
}

// verdict is what replaying one archive row found.
type verdict uint8

const (
	verdictOK verdict = iota
	verdictIllegal
	verdictMismatch
	verdictUnreadable
)

// replayed is the outcome of one row: its place in the archive, the
// verdict and the line to print.
type replayed struct {
	seq     int
	verdict verdict
	line    string
}

// replayArchive replays the rows of an archive on several goroutines and
// prints the results in archive order. At most maxInFlight rows are read
// ahead of the printing, so memory stays bounded whatever the archive's
// size.
func replayArchive(ctx context.Context, in io.Reader, name string, out *bufio.Writer, st *replayStats, quiet bool, workers int) error {
	const maxInFlight = 256
	type job struct {
		seq int
		ag  *records.ArchiveGame
		err error // a row that could not be read
	}
	ar := records.NewArchiveReader(in, name)
	jobs := make(chan job)
	results := make(chan replayed, maxInFlight)
	slots := make(chan struct{}, maxInFlight)
	stop := make(chan struct{})
	var fatal error // set by the reader before it closes jobs

	go func() {
		defer close(jobs)
		for seq := 0; ; seq++ {
			select {
			case slots <- struct{}{}:
			case <-stop:
				return
			}
			if err := ctx.Err(); err != nil {
				fatal = fmt.Errorf("%s: interrupted after line %d", name, ar.Line())
				return
			}
			ag, err := ar.Next()
			if err == io.EOF {
				return
			}
			if err != nil && ar.Broken() {
				fatal = err
				return
			}
			select {
			case jobs <- job{seq, ag, err}:
			case <-stop:
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if j.err != nil {
					results <- replayed{j.seq, verdictUnreadable, fmt.Sprintf("?\t\t\t\terror\t%v", j.err)}
					continue
				}
				r := judgeArchiveGame(j.ag)
				r.seq = j.seq
				results <- r
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	// Print in archive order; rows that finish early wait in pending.
	pending := map[int]replayed{}
	next := 0
	for r := range results {
		pending[r.seq] = r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-slots
			st.games++
			switch r.verdict {
			case verdictOK:
				st.ok++
			case verdictIllegal:
				st.illegal++
			case verdictMismatch:
				st.mismatched++
			default:
				st.unreadable++
			}
			if r.verdict != verdictOK || !quiet {
				out.WriteString(r.line)
				out.WriteByte('\n')
			}
		}
	}
	close(stop)
	return fatal
}

// judgeArchiveGame replays one archive game and compares the result with
// the archive's.
func judgeArchiveGame(ag *records.ArchiveGame) replayed {
	archive := ag.ResultString()
	id := rules.Echo(ag.ID)
	rec, err := ag.Record()
	if err != nil {
		return replayed{verdict: verdictUnreadable, line: fmt.Sprintf("%s\t\t\t%s\terror\t%v", id, archive, err)}
	}
	g, err := rec.Game()
	if err != nil {
		return replayed{verdict: verdictIllegal, line: fmt.Sprintf("%s\t\t\t%s\tillegal\t%v", id, archive, err)}
	}
	if why := disagreement(g, ag); why != "" {
		return replayed{verdict: verdictMismatch,
			line: fmt.Sprintf("%s\t%d\t%s\t%s\tmismatch\t%s", id, len(g.Moves()), rulesResult(g), archive, why)}
	}
	return replayed{verdict: verdictOK, line: fmt.Sprintf("%s\t%d\t%s\t%s\tok", id, len(g.Moves()), rulesResult(g), archive)}
}

// rulesResult gives the game's result as winner and termination letters,
// or "-" while it is not over.
func rulesResult(g *rules.Game) string {
	r, over := g.Result()
	if !over {
		return "-"
	}
	return fmt.Sprintf("%c %c", r.Winner.Letter(), byte(r.How))
}

// ruledEnd reports whether the rules themselves decide a termination.
func ruledEnd(t rules.Termination) bool {
	return t == rules.ByGoal || t == rules.ByElimination || t == rules.ByImmobilization
}

// disagreement explains how the replayed game and the archive's result
// differ, or returns "".
func disagreement(g *rules.Game, ag *records.ArchiveGame) string {
	r, over := g.Result()
	claimed := rules.Result{Winner: ag.Result, How: ag.Termination}
	switch {
	case ag.Unfinished:
		return ""
	case ruledEnd(ag.Termination) && !over:
		return fmt.Sprintf("the archive says %s, but after the last move the game is not over", claimed)
	case ruledEnd(ag.Termination) && r != claimed:
		return fmt.Sprintf("the archive says %s, but the rules say %s", claimed, r)
	case !ruledEnd(ag.Termination) && over:
		return fmt.Sprintf("the rules end the game (%s), but the archive says %s", r, claimed)
	}
	return ""
}
