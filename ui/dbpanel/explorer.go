package dbpanel

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats/gamedb"
	"arimaa-workbench/ui/tablefit"
	"arimaa-workbench/ui/tip"
)

// ExplorerHeaders are the explorer's column titles, short enough that
// every column, the results bar too, is in view beside the analysis
// board at 1024x700; explorerHelp says what they mean.
var ExplorerHeaders = []string{"Move", "Games", "Gold %", "Silver %", "Rating", "Last", "Results"}

// explorerHelp is the explorer's "?".
const explorerHelp = "Each move played from this position in the database: its games, the share won by Gold and by Silver, " +
	"the mean rating of the players who chose it (Rating), the last year it was played (Last) and a bar of its results " +
	"(Gold's wins, Silver's, unfinished). A tap plays the move."

// ExplorerCells is a row of the explorer as its cells read (the results
// bar excepted).
func ExplorerCells(m gamedb.MoveStat) []string {
	move := m.Move
	if m.Mirrored > 0 {
		move += fmt.Sprintf(" (%d mirrored)", m.Mirrored)
	}
	rating := "-"
	if m.MeanRating > 0 {
		rating = fmt.Sprintf("%.0f", m.MeanRating)
	}
	return []string{move, fmt.Sprint(m.Games), fmt.Sprintf("%.1f", m.GoldPercent()), fmt.Sprintf("%.1f", m.SilverPercent()),
		rating, m.LastYearText()}
}

// Explorer is the table of the moves played from the current position,
// as the Database panel and the analysis view show it: the move, its
// games, Gold's and Silver's wins in percent, the players' mean rating,
// the last year it was played and a bar of its results (gold, silver,
// unfinished); a tap plays the move. Every Explorer of a panel shows its
// one model.
type Explorer struct {
	p     *Panel
	table *widget.Table
	box   fyne.CanvasObject
}

// NewExplorer builds another view of the panel's explorer.
func (p *Panel) NewExplorer() *Explorer {
	e := &Explorer{p: p}
	var t *widget.Table
	t = widget.NewTable(func() (int, int) { return len(p.state.Explore), len(ExplorerHeaders) },
		func() fyne.CanvasObject {
			l := tip.NewLabel("")
			l.Under = t
			return container.NewStack(l, newResultBar())
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			objs := o.(*fyne.Container).Objects
			l, bar := objs[0].(*tip.Label), objs[1].(*resultBar)
			if id.Row >= len(p.state.Explore) {
				l.SetText("")
				bar.Hide()
				return
			}
			m := p.state.Explore[id.Row]
			if id.Col == len(ExplorerHeaders)-1 {
				l.SetText("")
				bar.set(m.GoldWins, m.SilverWins, m.Games)
				bar.Show()
				return
			}
			bar.Hide()
			l.Alignment = fyne.TextAlignTrailing
			if id.Col == 0 {
				l.Alignment = fyne.TextAlignLeading
			}
			l.SetText(ExplorerCells(m)[id.Col])
		})
	tablefit.Header(t, tablefit.Titles(ExplorerHeaders))
	t.OnSelected = func(id widget.TableCellID) {
		t.UnselectAll()
		if id.Row < len(p.state.Explore) {
			p.play(p.state.Explore[id.Row].Move)
		}
	}
	e.table = t
	e.box = tablefit.WithCorner(t, func() []tablefit.Column {
		// The figures and the bar keep room for their headers; the move
		// takes what is spare, cut with its whole text in a tip. The bar,
		// the last, is scrolled to where even that is too wide.
		cols := []tablefit.Column{{Min: 80, Grow: 2}, {Max: 90, Grow: 0.3}, {Max: 90, Grow: 0.3},
			{Max: 90, Grow: 0.3}, {Max: 100, Grow: 0.2}, {Max: 80, Grow: 0.2}, {Grow: 1, Optional: true}}
		for i := 1; i < len(cols); i++ {
			cols[i].Min = tablefit.HeaderWidth(ExplorerHeaders[i])
		}
		return cols
	}, tip.NewHelp(explorerHelp))
	p.views = append(p.views, t.Refresh)
	return e
}

// Content is the explorer's widget tree.
func (e *Explorer) Content() fyne.CanvasObject { return e.box }

// Tap plays row i's move, as a tap on it does.
func (e *Explorer) Tap(i int) { e.table.Select(widget.TableCellID{Row: i}) }

// resultBar is a move's results as a bar: Gold's wins, Silver's, and the
// games without a result, in proportion.
type resultBar struct {
	widget.BaseWidget
	gold, silver, games int
}

func newResultBar() *resultBar {
	b := &resultBar{}
	b.ExtendBaseWidget(b)
	return b
}

func (b *resultBar) set(gold, silver, games int) {
	if b.gold != gold || b.silver != silver || b.games != games {
		b.gold, b.silver, b.games = gold, silver, games
		b.Refresh()
	}
}

// The bar's colours: Gold's wins, Silver's, and the rest.
var (
	goldColour   = color.NRGBA{R: 0xe8, G: 0xc0, B: 0x40, A: 0xff}
	silverColour = color.NRGBA{R: 0x70, G: 0x78, B: 0x88, A: 0xff}
	restColour   = color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0x40}
)

// CreateRenderer draws three rectangles side by side.
func (b *resultBar) CreateRenderer() fyne.WidgetRenderer {
	r := &barRenderer{b: b, parts: [3]*canvas.Rectangle{
		canvas.NewRectangle(goldColour), canvas.NewRectangle(silverColour), canvas.NewRectangle(restColour)}}
	return r
}

type barRenderer struct {
	b     *resultBar
	parts [3]*canvas.Rectangle
}

func (r *barRenderer) Layout(size fyne.Size) {
	n := float32(max(r.b.games, 1))
	shares := [3]float32{float32(r.b.gold) / n, float32(r.b.silver) / n, 0}
	shares[2] = max(0, 1-shares[0]-shares[1])
	h := size.Height * 0.5
	x := float32(0)
	for i, part := range r.parts {
		w := size.Width * shares[i]
		part.Move(fyne.NewPos(x, (size.Height-h)/2))
		part.Resize(fyne.NewSize(w, h))
		x += w
	}
}

func (r *barRenderer) MinSize() fyne.Size { return fyne.NewSize(40, 10) }

func (r *barRenderer) Refresh() {
	r.Layout(r.b.Size())
	for _, part := range r.parts {
		part.Refresh()
	}
}

func (r *barRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.parts[0], r.parts[1], r.parts[2]}
}

func (r *barRenderer) Destroy() {}
