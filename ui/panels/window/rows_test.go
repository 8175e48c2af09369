package window

import (
	"cmp"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats/match"
	"arimaa-workbench/ui/matchpanel"
	"arimaa-workbench/ui/panels"
	"arimaa-workbench/ui/panels/panelstest"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/tablefit"
	"arimaa-workbench/ui/tip"
	"arimaa-workbench/ui/uitest"
	"arimaa-workbench/ui/viewer"
)

// roomSizes are the laptop screens the lists are measured at, with the
// rows each list must have room for: 8 at 1024x700, 12 at 1280x800.
var roomSizes = []struct {
	size fyne.Size
	rows int
}{
	{panelstest.Screen(1024, 700), 8},
	{panelstest.Screen(1280, 800), 12},
}

// roomList is a list of a panel whose room is measured: show brings it
// forward (a tab of the panel), find picks its widget.
type roomList struct {
	name string
	show func()
	find func(fyne.CanvasObject) bool
	// scrolled are the columns that may lie past the right edge, to be
	// scrolled to.
	scrolled []string
	// least, when not 0, is the rows wanted at every size in place of
	// roomSizes' rows.
	least int
	// whole: no cell is cut (its text wider than its column).
	whole bool
}

// TestListsHaveRoom measures, at 1024x700 and 1280x800, how many rows
// each list of the window has room for without scrolling (the height it
// shows under its header over the pitch of its rows, as drawn): at least
// 8 and 12. The lists: the analysis view's move list, engine lines and
// explorer, each a tab beside the board; the Engine panel's candidates, search
// tree and evaluation by term; the Suite's results and score by tag; the
// Match panel's standings, statistics and finished games. A table's
// headers are shown whole and its columns need no sideways scrolling (but
// where said), and the editor's Open… and Save are wholly in view with a
// long validation message. Each panel is shown once and laid out at each
// size (showing a panel lays out the whole window again, several times
// as long as a resize); one small search, a database of eight games, a
// run of four tests and a match of two short games fill the lists.
func TestListsHaveRoom(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the builtin engine")
	}
	wb, p, w := panelstest.NewWorkbench(t, panelstest.Screen(1024, 700))
	if err := wb.Open(filepath.Join("..", "..", "..", "assets", "games", "goal_race.txt")); err != nil {
		t.Fatal(err)
	}
	panelstest.SmallSearch(t, p)
	v := wb.Viewer
	v.ShowSection(panels.EngineSection)
	w.Resize(roomSizes[0].size)
	p.Engine.SetFollow(true)
	p.Engine.Model().Wait()
	p.Engine.Sync()
	if st := p.Engine.Model().State(); st.Err != nil || len(st.Report.Candidates) < 2 {
		t.Fatalf("the search: err %v, %d candidates", st.Err, len(st.Report.Candidates))
	}
	p.Engine.SetFollow(false)
	p.Engine.Sync()
	fillLists(t, wb, p)
	wb.Editor.Model.Clear() // no rabbits, no pieces: a validation of several lines

	isTable := func(o fyne.CanvasObject) bool { _, ok := o.(*widget.Table); return ok }
	byPanel := []struct {
		panel string
		lists []roomList
	}{
		{shell.ViewerPanel, []roomList{
			// Each a tab of the column beside the board, its whole height.
			{"move list", func() { v.ShowSection(viewer.MovesSection) }, isTable, nil, 0, false},
			{"engine lines", func() { v.ShowSection(panels.EngineSection) }, listIn(p.Lines.Content()), nil, 0, false},
			{"explorer", func() { v.ShowSection(panels.ExplorerSection) }, listIn(p.Explorer.Content()), nil, 0, false},
		}},
		{panels.EngineTab, []roomList{
			// Whole moves: cut, two read alike.
			{"candidates", func() { p.Engine.ShowTab("Candidates") }, tableHeaded("Share"), nil, 0, true},
			{"search tree", func() { p.Engine.ShowTab("Search tree") }, func(o fyne.CanvasObject) bool { _, ok := o.(*widget.Tree); return ok }, nil, 0, false},
			{"evaluation by term", func() { p.Engine.ShowTab("Evaluation") }, tableHeaded("Term"), nil, 0, false},
		}},
		{panels.SuiteTab, []roomList{
			// At 1024x700 what follows the move played is scrolled to.
			{"suite results", func() { p.Suite.ShowList("Tests") }, tableHeaded("Test"), []string{"Time", "Solved", "Errors", "Change", "Comment"}, 0, false},
			{"score by tag", func() { p.Suite.ShowList("By tag") }, tableHeaded("Tag"), nil, 0, false},
		}},
		{panels.MatchTab, []roomList{
			{"standings", func() { p.Match.ShowTab(matchpanel.StandingsTab) }, tableHeaded("W-L-D"), nil, 0, false},
			{"statistics", func() { p.Match.ShowTab(matchpanel.StatisticsTab) }, tableHeaded("Endings"), nil, 0, false},
			{"finished games", func() { p.Match.ShowTab(matchpanel.GamesTab) }, tableHeaded("Plies"), nil, 0, false},
		}},
	}
	// A panel is shown once and laid out once at each size; its tabs are
	// brought forward in turn at that size.
	var screens []fyne.Size
	for _, c := range roomSizes {
		screens = append(screens, c.size)
	}
	for _, pl := range byPanel {
		wb.Select(pl.panel)
		for _, i := range panelstest.InTurn(w, screens) {
			c := roomSizes[i]
			w.Resize(c.size)
			at := fmt.Sprintf("%.0fx%.0f", c.size.Width, c.size.Height+panelstest.MenuAllowance)
			for _, l := range pl.lists {
				if l.show != nil {
					l.show()
				}
				n, pitch, problem := listRoom(w, l.find, l.scrolled)
				t.Logf("%s: the %s has room for %d rows, one every %.0f px", at, l.name, n, pitch)
				if problem != "" {
					t.Errorf("%s: %s: %s", at, l.name, problem)
				} else if want := cmp.Or(l.least, c.rows); n < want {
					t.Errorf("%s: the %s has room for %d rows, want at least %d", at, l.name, n, want)
				}
				if l.whole {
					if cut := cutCell(w, l.find); cut != "" {
						t.Errorf("%s: the %s cuts %q", at, l.name, cut)
					}
				}
			}
		}
	}
	wb.Select(shell.EditorPanel)
	if len(wb.Editor.ProblemsText()) < 60 {
		t.Fatalf("the validation is short: %q", wb.Editor.ProblemsText())
	}
	for _, i := range panelstest.InTurn(w, screens) {
		w.Resize(screens[i])
		checkLayout(t, w, layoutView{name: "editor", keys: []string{"Open…", "Save", "Save as…", "Validation"}}, 0)
	}
}

// fillLists puts rows in the lists measured that the search does not
// fill, so that their rows are measured as drawn: a database with the
// example archive for the explorer, a run of four example tests for the
// score by tag, a match of two short games.
func fillLists(t *testing.T, wb *shell.Workbench, p *panels.Panels) {
	t.Helper()
	if err := p.Database.Model.Open(filepath.Join(t.TempDir(), "games.db")); err != nil {
		t.Fatal(err)
	}
	indexed := make(chan error, 1)
	if err := p.Database.Model.Index([]string{filepath.Join("..", "..", "..", "assets", "games", "sample_archive.tsv")},
		func(err error) { indexed <- err }); err != nil {
		t.Fatal(err)
	}
	tests, _ := filepath.Abs("../../../assets/tests")
	if err := p.OpenSuite(wb, tests); err != nil {
		t.Fatal(err)
	}
	panelstest.RunTests(t, p, "1-4")
	m := p.Match.Model()
	if err := m.Start(match.Config{Engines: panelstest.TwoEngines(t, "b"), Games: 2, Playouts: 30, MaxTurns: 3, Seed: 1,
		Out: filepath.Join(t.TempDir(), "m.txt")}); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	p.Match.Sync()
	if err := <-indexed; err != nil {
		t.Fatal(err)
	}
	wb.Current.Set(wb.Viewer.Snapshot()) // the explorer follows the analysis view's position
	if n := len(p.Database.Model.State().Explore); n == 0 {
		t.Fatalf("the explorer lists %d moves", n)
	}
}

// listIn finds the table, list or tree inside root.
func listIn(root fyne.CanvasObject) func(fyne.CanvasObject) bool {
	return func(o fyne.CanvasObject) bool {
		switch o.(type) {
		case *widget.Table, *widget.List, *widget.Tree:
			return slices.Contains(uitest.Objects(root), o)
		}
		return false
	}
}

// tableHeaded finds the table with a column headed title.
func tableHeaded(title string) func(fyne.CanvasObject) bool {
	return func(o fyne.CanvasObject) bool {
		t, ok := o.(*widget.Table)
		if !ok || !t.ShowHeaderRow {
			return false
		}
		for _, x := range uitest.Objects(t) {
			if tablefit.HeaderText(x) == title {
				return true
			}
		}
		return false
	}
}

// listRoom measures the first list find picks among what w shows: the
// rows it has room for without scrolling, from the distinct heights its
// cells are drawn at (the header's too) and their pitch, and a problem
// when there is none or a table's headers are cut or its columns but
// scrolled need scrolling sideways.
func listRoom(w fyne.Window, find func(fyne.CanvasObject) bool, scrolled []string) (rows int, pitch float64, problem string) {
	panelstest.Relayout(w.Content())
	window := panelstest.WindowRect(w)
	var list fyne.CanvasObject
	var shown panelstest.Rect
	var cells []fyne.CanvasObject
	var at []panelstest.Rect
	panelstest.WalkShown(w.Content(), fyne.Position{}, window, func(o fyne.CanvasObject, p panelstest.Placed) {
		if list != nil || !find(o) {
			return
		}
		list = o
		shown = p.Rect(o).Intersect(p.Clip)
		kinds := cellKinds(o)
		panelstest.WalkShown(o, p.At, p.Clip, func(c fyne.CanvasObject, cp panelstest.Placed) {
			if h := c.Size().Height; h > 10 && h < 80 && kinds[reflect.TypeOf(c)] {
				cells = append(cells, c)
				at = append(at, cp.Rect(c))
			}
		})
	})
	if list == nil {
		return 0, 0, "not shown"
	}
	var tops []float64
	for _, r := range at {
		if y := math.Round(float64(r.Min.Y)); r.Min.Y >= shown.Min.Y-0.5 && !slices.Contains(tops, y) {
			tops = append(tops, y)
		}
	}
	if len(tops) == 0 {
		return 0, 0, "no row drawn"
	}
	slices.Sort(tops)
	sep := float64(theme.SeparatorThicknessSize())
	header := false
	if t, ok := list.(*widget.Table); ok && t.ShowHeaderRow {
		header = true
		problem = headerProblem(cells, at, shown, tops[0], scrolled)
	}
	// The pitch of the rows drawn; with one, as high as its cell (Fyne's
	// table makes its rows as high as the header at least); with none,
	// as high as a new cell, which may be higher than the theme draws it:
	// fewer rows.
	pitch = float64(at[0].Max.Y-at[0].Min.Y) + sep
	for i := 1; i < len(tops); i++ {
		pitch = min(pitch, tops[i]-tops[i-1])
	}
	switch data := len(tops) - btoi(header); data {
	case 0:
		pitch = max(pitch, float64(newCellHeight(list))+sep)
	case 1:
		for i, r := range at {
			if math.Round(float64(r.Min.Y)) == tops[len(tops)-1] {
				pitch = max(pitch, float64(at[i].Max.Y-at[i].Min.Y)+sep)
			}
		}
	}
	rows = int((float64(shown.Max.Y)-tops[0]+sep+0.5)/pitch) - btoi(header)
	return rows, pitch, problem
}

// cutCell is the text of a cell of the first list find picks in w that
// is cut to its column (with its whole text as a tip), "" when none is.
func cutCell(w fyne.Window, find func(fyne.CanvasObject) bool) string {
	for _, o := range uitest.Shown(w.Content()) {
		if !find(o) {
			continue
		}
		for _, c := range uitest.Objects(o) {
			if l, ok := c.(*tip.Label); ok && l.Visible() && l.Cut() {
				return l.Text
			}
		}
		return ""
	}
	return ""
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// newCellHeight is the height of a new cell of list, 0 when there is none
// to make.
func newCellHeight(list fyne.CanvasObject) float32 {
	switch l := list.(type) {
	case *widget.Table:
		return l.CreateCell().MinSize().Height
	case *widget.List:
		return l.CreateItem().MinSize().Height
	case *widget.Tree:
		return l.CreateNode(false).MinSize().Height
	}
	return 0
}

// cellKinds are the types of the cells (and header cells) list makes:
// the objects drawn at a row's top.
func cellKinds(list fyne.CanvasObject) map[reflect.Type]bool {
	kinds := map[reflect.Type]bool{}
	add := func(o fyne.CanvasObject) { kinds[reflect.TypeOf(o)] = true }
	switch l := list.(type) {
	case *widget.Table:
		add(l.CreateCell())
		if l.ShowHeaderRow && l.CreateHeader != nil {
			add(l.CreateHeader())
		}
	case *widget.List:
		add(l.CreateItem())
	case *widget.Tree:
		add(l.CreateNode(false))
		add(l.CreateNode(true))
	}
	return kinds
}

// headerProblem says which header of a table is cut, or but for those
// scrolled lies past its right edge, among the table's cells drawn at
// top.
func headerProblem(cells []fyne.CanvasObject, at []panelstest.Rect, shown panelstest.Rect, top float64, scrolled []string) string {
	for i, c := range cells {
		title := tablefit.HeaderText(c)
		if title == "" || math.Round(float64(at[i].Min.Y)) != top {
			continue
		}
		if at[i].Max.X > shown.Max.X+0.5 && !slices.Contains(scrolled, title) {
			return fmt.Sprintf("the column %q is past the table's right edge: it needs scrolling sideways", title)
		}
		if need := c.MinSize().Width; need > c.Size().Width+0.5 {
			return fmt.Sprintf("the header %q is cut: %.0f px wide, it needs %.0f", title, c.Size().Width, need)
		}
	}
	return ""
}
