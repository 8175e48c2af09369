package viewer

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/live"
	"arimaa-workbench/ui/tablefit"
	"arimaa-workbench/ui/wheel"
)

// archiveTab is the archive tab: the filters, the count and the table of
// an archive's games, which fill while the archive streams in on a
// live.Job; a game chosen opens in the game tab. Of the panel it uses
// Guard, OpenGame, the dialogs, status and the tabs (to show itself).
type archiveTab struct {
	v       *Panel
	index   *Index
	table   *widget.Table
	count   *widget.Label
	content fyne.CanvasObject
	job     *live.Job       // the last archive's reading, nil before any
	done    <-chan struct{} // closed when the last archive is fully listed
}

func newArchiveTab(v *Panel) *archiveTab {
	a := &archiveTab{v: v, index: &Index{}}
	player := widget.NewEntry()
	player.SetPlaceHolder("player")
	text := widget.NewEntry()
	text.SetPlaceHolder("text: id, event, site, date")
	winner := widget.NewSelect([]string{"any winner", "Gold won", "Silver won"}, nil)
	winner.SetSelected("any winner")
	terms := []rules.Termination{0, rules.ByGoal, rules.ByElimination, rules.ByImmobilization, rules.ByTime, rules.ByResignation, rules.ByIllegalMove, rules.ByScore}
	var termNames []string
	for _, t := range terms {
		if t == 0 {
			termNames = append(termNames, "any ending")
		} else {
			termNames = append(termNames, t.String())
		}
	}
	term := widget.NewSelect(termNames, nil)
	term.SetSelected("any ending")
	apply := func() {
		f := Filter{Player: strings.TrimSpace(player.Text), Text: strings.TrimSpace(text.Text)}
		switch winner.Selected {
		case "Gold won":
			f.Winner = "w"
		case "Silver won":
			f.Winner = "b"
		}
		for i, n := range termNames {
			if n == term.Selected {
				f.Termination = terms[i]
			}
		}
		a.index.SetFilter(f)
		a.refresh()
	}
	player.OnChanged = func(string) { apply() }
	text.OnChanged = func(string) { apply() }
	winner.OnChanged = func(string) { apply() }
	term.OnChanged = func(string) { apply() }

	a.count = widget.NewLabel("no archive open")
	a.buildTable()
	filters := container.NewGridWithColumns(4, player, winner, term, text)
	a.content = container.NewBorder(container.NewVBox(filters, a.count), nil, nil, nil, wheel.Table(a.table))
	return a
}

// buildTable makes the table of the games listed; a row chosen opens its
// game, after the unsaved-game guard.
func (a *archiveTab) buildTable() {
	a.table = widget.NewTableWithHeaders(
		func() (int, int) { return a.index.Len(), len(Columns) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(Cell(a.index.At(id.Row), id.Col))
		},
	)
	a.table.ShowHeaderColumn = false
	tablefit.Header(a.table, tablefit.Titles(Columns))
	for i, w := range []float32{80, 140, 64, 140, 64, 70, 120, 56, 100, 220} {
		a.table.SetColumnWidth(i, w)
	}
	a.table.OnSelected = func(id widget.TableCellID) {
		if id.Row < 0 || id.Row >= a.index.Len() {
			return
		}
		a.table.UnselectAll()
		a.v.Guard("open another game", func() {
			if err := a.v.OpenGame(a.index.At(id.Row)); err != nil {
				a.v.Dialogs.Error(err)
			}
		})
	}
}

// open streams an archive into the tab, the list filling as it reads; r
// is closed at the end. It returns at once, with a channel closed when
// the whole archive is listed (or reading stopped). An archive opened
// before stops being read.
func (a *archiveTab) open(r io.ReadCloser, name string) <-chan struct{} {
	if a.job != nil {
		a.job.Cancel()
	}
	job := &live.Job{}
	done := make(chan struct{})
	a.job, a.done = job, done
	a.index.Reset()
	a.refresh()
	a.v.tabs.SelectIndex(1)
	// What reaches the window after another archive was opened is
	// dropped: the job's identity says so (its context ends with it).
	job.Go(func(ctx context.Context) {
		defer close(done)
		defer r.Close()
		err := Stream(ctx, r, name, 100*time.Millisecond, func(b Batch) {
			fyne.Do(func() {
				if a.job != job {
					return
				}
				a.index.Add(b.Games)
				for _, e := range b.Errors {
					a.index.AddError(e)
				}
				a.refresh()
			})
		})
		stopped := ctx.Err() != nil
		fyne.Do(func() {
			if a.job != job || stopped {
				return
			}
			a.refresh()
			if err != nil {
				a.v.Dialogs.Error(err)
			} else {
				a.v.status(fmt.Sprintf("%s: %d games", name, a.index.Total()))
			}
		})
	})
	return done
}

// refresh redraws the count and the table.
func (a *archiveTab) refresh() {
	x := a.index
	text := fmt.Sprintf("%d of %d games", x.Len(), x.Total())
	if n := len(x.Errors()); n > 0 {
		text += fmt.Sprintf("; %d row(s) unreadable, first: %v", n, x.Errors()[0])
	}
	a.count.SetText(text)
	a.table.Refresh()
}
