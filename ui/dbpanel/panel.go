package dbpanel

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats"
	"arimaa-workbench/ats/gamedb"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/files"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/wheel"
)

// Options connect the panel to the window. A move tapped (in the
// explorer, among the moves of similar positions) is played through
// Current.Play, a game tapped opens through Current.Open: whoever owns
// the current game does it.
type Options struct {
	Current *state.Current
	Dialogs files.Dialogs
	// Prefs keeps the database chosen between sessions; may be nil.
	Prefs fyne.Preferences
	// DefaultPath is the database opened when none was chosen before.
	DefaultPath string
}

const prefKey = "dbpanel.path"

// Panel is the Database panel on screen.
type Panel struct {
	opts  Options
	Model *Model

	path     *widget.Label
	message  *widget.Label
	progress *field.Progress
	cancel   *widget.Button
	index    *widget.Button

	minRating *widget.Entry
	players   *widget.Select
	tc        *widget.Entry
	from, to  *widget.Entry
	mirrors   *widget.Check
	radius    *widget.Select
	minSim    *widget.Entry
	phase     [2]*widget.Entry // the similar search's phase bounds
	limit     *widget.Entry
	full      *widget.Check // similar search by a full scan
	// scanned, when set, is called as a full scan ends, after the panel
	// has been told (a test waits on it).
	scanned func(error)

	explore               *Explorer
	games, similar, moves *widget.List
	// views are the refreshes of every view of the model (the panel's
	// own, the analysis view's).
	views   []func()
	state   State
	content fyne.CanvasObject
}

// New builds the panel and opens the database last chosen (or the
// default one).
func New(opts Options) *Panel {
	p := &Panel{opts: opts}
	p.Model = NewModel(func() { fyne.Do(p.refresh) })
	p.build()
	path := opts.DefaultPath
	if opts.Prefs != nil {
		if s := opts.Prefs.String(prefKey); s != "" {
			path = s
		}
	}
	if path != "" {
		if err := p.Model.Open(path); err == nil {
			p.follow()
		}
	}
	if opts.Current != nil {
		opts.Current.Listen(func(state.Snapshot) { p.follow() })
	}
	p.refresh()
	return p
}

// Content is the panel's widget tree.
func (p *Panel) Content() fyne.CanvasObject { return p.content }

func (p *Panel) build() {
	p.path = widget.NewLabel("no database open")
	p.path.Truncation = fyne.TextTruncateEllipsis
	p.message = widget.NewLabel("")
	p.message.Truncation = fyne.TextTruncateEllipsis
	p.progress = field.NewProgress()
	p.cancel = widget.NewButton("Cancel", p.Model.Cancel)
	p.index = widget.NewButton("Index archive…", p.chooseArchive)
	open := widget.NewButton("Open or create…", p.chooseDB)

	p.minRating = widget.NewEntry()
	p.minRating.SetPlaceHolder("0")
	p.players = widget.NewSelect([]string{"all", "humans", "bots"}, nil)
	p.players.SetSelected("all")
	p.players.OnChanged = func(string) { p.follow() }
	p.tc = widget.NewEntry()
	p.tc.SetPlaceHolder("any")
	p.from, p.to = widget.NewEntry(), widget.NewEntry()
	p.from.SetPlaceHolder("YYYY-MM-DD")
	p.to.SetPlaceHolder("YYYY-MM-DD")
	p.mirrors = widget.NewCheck("Mirror images", func(bool) { p.follow() })
	for _, e := range []*widget.Entry{p.minRating, p.tc, p.from, p.to} {
		e.OnSubmitted = func(string) { p.follow() }
	}
	// Two short rows, so that the panel fits a laptop's width.
	filters := container.NewVBox(
		container.NewHBox(widget.NewLabel("Min rating"), sized(p.minRating, 70), widget.NewLabel("Players"), p.players,
			widget.NewLabel("Time control"), sized(p.tc, 110)),
		container.NewHBox(widget.NewLabel("From"), sized(p.from, 120), widget.NewLabel("to"), sized(p.to, 120), p.mirrors),
	)

	p.explore = p.NewExplorer()
	p.games = p.list(func() int { return len(p.state.Games) }, func(i int) string { return hitText(p.state.Games[i]) },
		func(i int) { p.open(p.state.Games[i]) })
	p.similar = p.similarList()
	p.moves = p.movesList()

	p.radius = widget.NewSelect([]string{"0", "1", "2", "3"}, nil)
	p.radius.SetSelected("2")
	p.minSim = widget.NewEntry()
	p.minSim.SetText("0") // the N most similar, as db find: no threshold hides them
	p.phase = [2]*widget.Entry{widget.NewEntry(), widget.NewEntry()}
	p.phase[0].SetText("0")
	p.phase[1].SetText("1")
	p.limit = widget.NewEntry()
	p.limit.SetText("100")
	p.full = widget.NewCheck("Full scan", nil)
	search := widget.NewButton("Search", p.searchSimilar)
	simBar := container.NewVBox(
		container.NewHBox(widget.NewLabel("Radius"), p.radius, widget.NewLabel("Min similarity"), sized(p.minSim, 60),
			widget.NewLabel("At most"), sized(p.limit, 70), search),
		container.NewHBox(widget.NewLabel("Game phase from"), sized(p.phase[0], 60), widget.NewLabel("to"), sized(p.phase[1], 60),
			widget.NewLabel("(0 opening, 1 endgame)"), p.full),
	)
	simSplit := similarSplit(p.similar, p.moves)
	tabs := container.NewAppTabs(
		container.NewTabItem("Explorer", p.explore.Content()),
		container.NewTabItem("Games", wheel.List(p.games)),
		container.NewTabItem("Similar", container.NewBorder(simBar, nil, nil, nil, simSplit)),
	)
	field.LazyTabs(tabs)
	top := container.NewVBox(
		container.NewBorder(nil, nil, nil, container.NewHBox(open, p.index), p.path),
		container.NewBorder(nil, nil, nil, p.cancel, p.progress),
		p.message,
		filters,
	)
	p.content = container.NewBorder(top, nil, nil, nil, tabs)
}

// sized keeps an entry at a width without growing the panel.
func sized(o fyne.CanvasObject, w float32) fyne.CanvasObject {
	return container.NewGridWrap(fyne.NewSize(w, o.MinSize().Height), o)
}

// similarSplit puts the similar positions over the moves played in them.
func similarSplit(similar, moves *widget.List) fyne.CanvasObject {
	return container.NewVSplit(wheel.List(similar),
		container.NewBorder(widget.NewLabel("Moves from similar positions (a tap plays it):"), nil, nil, nil, wheel.List(moves)))
}

// movesList is a new list of the moves played in similar positions.
func (p *Panel) movesList() *widget.List {
	return p.list(func() int { return len(p.state.Moves) }, func(i int) string {
		m := p.state.Moves[i]
		return fmt.Sprintf("%4d  gold %d silver %d  similarity %.2f   %s", m.Games, m.GoldWins, m.SilverWins, m.Best, m.Move)
	}, func(i int) { p.play(p.state.Moves[i].Move) })
}

// similarList is a new list of the similar positions found.
func (p *Panel) similarList() *widget.List {
	return p.list(func() int { return len(p.state.Similar) }, func(i int) string { return hitText(p.state.Similar[i]) },
		func(i int) { p.open(p.state.Similar[i]) })
}

// NewSimilar builds another view of the similar search for the analysis
// view: Search (with the Database panel's radius, threshold and bounds),
// the positions found and the moves played in them.
func (p *Panel) NewSimilar() fyne.CanvasObject {
	search := widget.NewButton("Search similar positions", p.searchSimilar)
	// A line, cut where it has no room: the section stays low, so that
	// the move list over it keeps its rows.
	note := widget.NewLabel("left the positions (a tap opens one), right the moves played there (a tap plays one); radius and bounds in the Database panel")
	note.Importance = widget.LowImportance
	note.Truncation = fyne.TextTruncateEllipsis
	split := container.NewHSplit(wheel.List(p.similarList()), wheel.List(p.movesList()))
	split.Offset = 0.6
	return container.NewBorder(container.NewBorder(nil, nil, search, nil, note), nil, nil, nil, split)
}

func (p *Panel) list(n func() int, text func(int) string, tap func(int)) *widget.List {
	l := widget.NewList(n, func() fyne.CanvasObject {
		lb := widget.NewLabel("")
		lb.Truncation = fyne.TextTruncateEllipsis
		return lb
	}, func(i widget.ListItemID, o fyne.CanvasObject) {
		if i < n() {
			o.(*widget.Label).SetText(text(i))
		}
	})
	l.OnSelected = func(i widget.ListItemID) {
		l.UnselectAll()
		if i < n() {
			tap(i)
		}
	}
	p.views = append(p.views, l.Refresh)
	return l
}

func hitText(h gamedb.Hit) string {
	res := map[string]string{"w": "1-0", "b": "0-1"}[h.Result]
	if res == "" {
		res = "-"
	}
	game := h.ArchiveID
	if game == "" {
		game = fmt.Sprintf("%s:%d", h.Source, h.Line)
	}
	sim := ""
	if h.Similarity < 1 {
		sim = fmt.Sprintf("%.2f  ", h.Similarity)
	}
	mirrored := ""
	if h.Mirrored {
		mirrored = "  (mirror image)"
	}
	return fmt.Sprintf("%s%s (%d) - %s (%d)  %s  game %s ply %d  next %s%s", sim, h.Gold, h.GoldRating, h.Silver, h.SilverRating, res, game,
		h.Ply, h.Move, mirrored)
}

// Filter reads the filter fields; a bad number says so.
func (p *Panel) Filter() (gamedb.Filter, error) {
	var f gamedb.Filter
	if t := strings.TrimSpace(p.minRating.Text); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 || n > 5000 {
			return f, fmt.Errorf("min rating %q: a whole number from 0 to 5000", t)
		}
		f.MinRating = n
	}
	pl, err := gamedb.ParsePlayers(p.players.Selected)
	if err != nil {
		return f, err
	}
	f.Players, f.TimeControl, f.Mirrors = pl, strings.TrimSpace(p.tc.Text), p.mirrors.Checked
	if err := f.SetDates(p.from.Text, p.to.Text); err != nil {
		return f, fmt.Errorf("date %w", err)
	}
	return f, nil
}

// similarBounds reads the similar search's own fields: threshold, phase
// bounds and the most results.
func (p *Panel) similarBounds(f *gamedb.Filter) (minSim float64, limit int, err error) {
	minSim, err = strconv.ParseFloat(strings.TrimSpace(p.minSim.Text), 64)
	if err != nil || minSim < 0 || minSim > 1 {
		return 0, 0, fmt.Errorf("min similarity %q: a number from 0 to 1", p.minSim.Text)
	}
	var ph [2]float64
	for i, e := range p.phase {
		if ph[i], err = strconv.ParseFloat(strings.TrimSpace(e.Text), 64); err != nil || ph[i] < 0 || ph[i] > 1 {
			return 0, 0, fmt.Errorf("game phase %q: a number from 0 to 1", e.Text)
		}
	}
	if ph[0] > ph[1] {
		return 0, 0, fmt.Errorf("game phase from %g is above to %g", ph[0], ph[1])
	}
	f.MinPhase, f.MaxPhase = ph[0], ph[1]
	limit, err = strconv.Atoi(strings.TrimSpace(p.limit.Text))
	if err != nil || limit < 1 || limit > MaxSimilarResults {
		return 0, 0, fmt.Errorf("at most %q: a whole number from 1 to %d", p.limit.Text, MaxSimilarResults)
	}
	return minSim, limit, nil
}

// MaxSimilarResults bounds the results a similar search shows.
const MaxSimilarResults = 1000

// follow answers the explorer and exact search for the current position.
func (p *Panel) follow() {
	if p.opts.Current == nil {
		return
	}
	f, err := p.Filter()
	if err != nil {
		p.Model.set(func() { p.Model.message = err.Error() })
		return
	}
	pos := p.opts.Current.Get().Position
	if pos.StepsTaken() != 0 {
		return // the middle of a turn: the database has turn starts only
	}
	_ = p.Model.Follow(context.Background(), pos, f)
}

func (p *Panel) searchSimilar() {
	f, err := p.Filter()
	if err == nil {
		var min float64
		var limit int
		if min, limit, err = p.similarBounds(&f); err == nil {
			r, _ := strconv.Atoi(p.radius.Selected)
			if p.full.Checked {
				// Every stored position compared: in the background,
				// with Cancel.
				err = p.Model.SimilarScan(r, min, limit, f, p.scanned)
			} else {
				err = p.Model.Similar(context.Background(), r, min, limit, f)
			}
		}
	}
	if err != nil {
		p.Model.set(func() { p.Model.message = err.Error() })
	}
}

// play plays move from the current position through its owner.
func (p *Panel) play(move string) {
	cur := p.opts.Current
	if cur == nil {
		return
	}
	played, err := ats.PlayMove(cur.Get().Position, move)
	if err == nil {
		err = cur.Play(played.Move)
	}
	if err != nil {
		p.Model.set(func() { p.Model.message = move + ": " + err.Error() })
	}
}

func (p *Panel) open(h gamedb.Hit) {
	g, title, err := p.Model.Game(context.Background(), h)
	if err != nil {
		p.Model.set(func() { p.Model.message = err.Error() })
		return
	}
	if p.opts.Current != nil {
		p.opts.Current.Open(g, title, h.Ply)
	}
}

func (p *Panel) chooseDB() {
	if p.opts.Dialogs == nil {
		return
	}
	p.opts.Dialogs.Save("Open or create a game database", []string{".db"}, "games.db", func(path string) {
		if err := p.Model.Open(path); err == nil {
			if p.opts.Prefs != nil {
				p.opts.Prefs.SetString(prefKey, path)
			}
			p.follow()
		}
	})
}

func (p *Panel) chooseArchive() {
	if p.opts.Dialogs == nil {
		return
	}
	p.opts.Dialogs.Open("Index a game archive or record", nil, func(path string) {
		if err := p.Model.Index([]string{path}, func(error) { fyne.Do(p.follow) }); err != nil {
			p.Model.set(func() { p.Model.message = err.Error() })
		}
	})
}

// refresh redraws the panel from the model.
func (p *Panel) refresh() {
	p.state = p.Model.State()
	s := p.state
	if s.Path == "" {
		p.path.SetText("no database open")
	} else {
		p.path.SetText(s.Path)
	}
	p.message.SetText(s.Message)
	if s.Indexing {
		p.progress.SetValue(s.Fraction)
	} else {
		p.progress.SetIdle("")
	}
	field.Enable(p.cancel, s.Indexing || s.Scanning)
	field.Enable(p.index, !s.Indexing && !s.Scanning)
	for _, refresh := range p.views {
		refresh()
	}
}
