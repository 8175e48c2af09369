package viewer

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
)

// Filter selects archive games. Empty fields select everything.
type Filter struct {
	Player      string            // part of either player's name, any case
	Winner      string            // "", "w" or "b"
	Termination rules.Termination // 0 for any
	Text        string            // part of the id, players, event, site, date
}

// Match reports whether g passes the filter.
func (f Filter) Match(g *records.ArchiveGame) bool {
	if f.Player != "" {
		p := strings.ToLower(f.Player)
		if !strings.Contains(strings.ToLower(g.WPlayer), p) && !strings.Contains(strings.ToLower(g.BPlayer), p) {
			return false
		}
	}
	if f.Winner != "" {
		if g.Unfinished || string(g.Result.Letter()) != f.Winner {
			return false
		}
	}
	if f.Termination != 0 && g.Termination != f.Termination {
		return false
	}
	if f.Text != "" {
		t := strings.ToLower(f.Text)
		hay := strings.ToLower(strings.Join([]string{g.ID, g.WPlayer, g.BPlayer, g.Event, g.Site, DateText(g)}, "\t"))
		if !strings.Contains(hay, t) {
			return false
		}
	}
	return true
}

// DateText gives a game's start date, "" when unknown.
func DateText(g *records.ArchiveGame) string {
	if g.Start.IsZero() {
		return ""
	}
	return g.Start.UTC().Format("2006-01-02")
}

// Columns are the archive list's columns.
var Columns = []string{"Id", "Gold", "Rating", "Silver", "Rating", "Winner", "How", "Plies", "Date", "Event"}

// Cell returns the text of column i for g.
func Cell(g *records.ArchiveGame, i int) string {
	switch i {
	case 0:
		return g.ID
	case 1:
		return g.WPlayer
	case 2:
		return rating(g.WRating)
	case 3:
		return g.BPlayer
	case 4:
		return rating(g.BRating)
	case 5:
		if g.Unfinished {
			return "-"
		}
		return g.Result.String()
	case 6:
		if g.Unfinished {
			return ""
		}
		return g.Termination.String()
	case 7:
		return strconv.Itoa(g.PlyCount)
	case 8:
		return DateText(g)
	case 9:
		return g.Event
	}
	return ""
}

func rating(r int) string {
	if r == 0 {
		return ""
	}
	return strconv.Itoa(r)
}

// Index is the list of an archive's games as read so far, and the subset a
// filter selects. It is filled in batches while the archive streams in.
type Index struct {
	games   []*records.ArchiveGame
	visible []int
	filter  Filter
	errs    []error
}

// Add appends a batch of games, keeping the filter applied.
func (x *Index) Add(gs []*records.ArchiveGame) {
	for _, g := range gs {
		x.games = append(x.games, g)
		if x.filter.Match(g) {
			x.visible = append(x.visible, len(x.games)-1)
		}
	}
}

// AddError records a row that could not be read.
func (x *Index) AddError(err error) { x.errs = append(x.errs, err) }

// Errors returns the rows that could not be read.
func (x *Index) Errors() []error { return x.errs }

// Reset empties the index.
func (x *Index) Reset() { *x = Index{filter: x.filter} }

// SetFilter changes the filter.
func (x *Index) SetFilter(f Filter) {
	x.filter = f
	x.visible = x.visible[:0]
	for i, g := range x.games {
		if f.Match(g) {
			x.visible = append(x.visible, i)
		}
	}
}

// Filter returns the filter in use.
func (x *Index) Filter() Filter { return x.filter }

// Total is the number of games read.
func (x *Index) Total() int { return len(x.games) }

// Len is the number of games the filter selects.
func (x *Index) Len() int { return len(x.visible) }

// At returns the i-th selected game.
func (x *Index) At(i int) *records.ArchiveGame { return x.games[x.visible[i]] }

// Batch is what Stream delivers: some games, and the rows in error.
type Batch struct {
	Games  []*records.ArchiveGame
	Errors []error
}

// Stream reads an archive and calls deliver with batches of games, at most
// every interval (and at the end), until the archive ends or ctx is
// cancelled. It returns the first error that stops reading (not row errors,
// which are delivered). The server log column is dropped to keep large
// archives small in memory. deliver is called on Stream's goroutine.
func Stream(ctx context.Context, r io.Reader, name string, interval time.Duration, deliver func(Batch)) error {
	ar := records.NewArchiveReader(r, name)
	var b Batch
	last := time.Now()
	flush := func() {
		if len(b.Games) > 0 || len(b.Errors) > 0 {
			deliver(b)
			b = Batch{}
		}
		last = time.Now()
	}
	for n := 0; ; n++ {
		if n%64 == 0 {
			if err := ctx.Err(); err != nil {
				flush()
				return err
			}
		}
		g, err := ar.Next()
		if err == io.EOF {
			flush()
			return nil
		}
		if err != nil {
			var pe *records.ParseError
			if errors.As(err, &pe) {
				b.Errors = append(b.Errors, err)
				continue
			}
			flush()
			return err
		}
		g.Events = ""
		b.Games = append(b.Games, g)
		if time.Since(last) >= interval {
			flush()
		}
	}
}
