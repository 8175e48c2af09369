package viewer

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/ui/board/boardtest"
	"arimaa-workbench/ui/files"
	"arimaa-workbench/ui/files/filestest"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/tip"
	"arimaa-workbench/ui/uitest"
)

func newTestPanel(t *testing.T) (*Panel, *filestest.Dialogs, *state.Current, *[]string) {
	t.Helper()
	test.NewTempApp(t)
	d := &filestest.Dialogs{}
	cur := state.NewCurrent(rules.Position{}, "test")
	v := NewPanel(d, cur)
	v.StepAnimation = 0
	var status []string
	v.Status = func(s string) { status = append(status, s) }
	// Sized before the panel is put in: the panel is laid out once.
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1100, 750))
	w.SetContent(v.Content())
	return v, d, cur, &status
}

// goalRace is the example game the viewer's tests open.
var goalRace = filepath.Join("..", "..", "assets", "games", "goal_race.txt")

// openGoalRace opens goalRace in v and returns the game, replayed.
func openGoalRace(t *testing.T, v *Panel) *rules.Game {
	t.Helper()
	if err := v.OpenFile(goalRace); err != nil {
		t.Fatal(err)
	}
	return uitest.LoadGame(t, "goal_race.txt")
}

func TestPanelNavigatesARealRecord(t *testing.T) {
	v, _, cur, _ := newTestPanel(t)
	g := openGoalRace(t, v)
	if v.Board.Shown() != g.Start() {
		t.Fatalf("the board does not show the game's start")
	}
	if !v.Go("next") || v.Model.Ply() != 1 {
		t.Fatalf("next: ply %d", v.Model.Ply())
	}
	if o := v.Board.Overlays(); len(o.LastMove) != 4 {
		t.Errorf("last-move arrows %v, want the four steps of 2w", o.LastMove)
	}
	if s := cur.Get(); s.Position != g.PositionBefore(1) || s.Game == nil || len(s.Game.Moves()) != 1 || !strings.Contains(s.Source, "2b") {
		t.Errorf("current snapshot not updated: source %q", s.Source)
	}
	v.Go("nextstep")
	if v.Model.Step() != 1 {
		t.Errorf("nextstep: step %d", v.Model.Step())
	}
	v.Go("prevstep")
	v.Go("last")
	if v.Board.Shown() != g.Position() || v.Model.Ply() != 55 {
		t.Errorf("last: ply %d", v.Model.Ply())
	}
	if v.result.Text != "gold wins by goal" {
		t.Errorf("result label %q", v.result.Text)
	}
	v.Go("first")
	if v.Model.Ply() != 0 {
		t.Errorf("first: ply %d", v.Model.Ply())
	}

	// Keys: Right/Left by move, Down/Up by step, End/Home.
	for _, k := range []fyne.KeyName{fyne.KeyRight, fyne.KeyRight, fyne.KeyDown} {
		v.TypedKey(k)
	}
	if v.Model.Ply() != 2 || v.Model.Step() != 1 {
		t.Errorf("after Right Right Down: %d.%d, want 2.1", v.Model.Ply(), v.Model.Step())
	}
	v.TypedKey(fyne.KeyEnd)
	if v.Model.Ply() != 55 {
		t.Errorf("End: ply %d", v.Model.Ply())
	}

	// The move list starts with the setups, and it and the slider seek.
	if rows := v.Model.Rows(); !strings.HasPrefix(rows[0].Text, "1w Ra1") || !strings.HasPrefix(rows[1].Text, "1b ") || !strings.HasPrefix(rows[2].Text, "2w ") {
		t.Errorf("the move list begins %q, %q, %q; want the setups 1w and 1b, then 2w", rows[0].Text, rows[1].Text, rows[2].Text)
	}
	v.list.goRow(0)
	if p := v.Board.Shown(); !v.Model.SetupView() || p.Count(rules.Silver, rules.Elephant) != 0 || p.Count(rules.Gold, rules.Elephant) != 1 {
		t.Errorf("selecting 1w does not show Gold's setup alone")
	}
	v.list.goRow(8)
	if v.Model.Ply() != 7 {
		t.Errorf("selecting 5w in the list: ply %d, want 7", v.Model.Ply())
	}
	if gold, silver := v.Model.Captured(); len(gold) != 0 || len(silver) != 1 {
		t.Errorf("captures after 5w: %v %v", gold, silver)
	}
	if len(v.capSilver.Objects) != 1 || len(v.capGold.Objects) != 0 {
		t.Errorf("captured pieces shown: gold %d silver %d", len(v.capGold.Objects), len(v.capSilver.Objects))
	}
	v.list.slider.SetValue(20)
	if v.Model.Ply() != 20 {
		t.Errorf("slider at 20: ply %d", v.Model.Ply())
	}
}

func TestPanelEntersPushAndPullByMouse(t *testing.T) {
	v, d, _, status := newTestPanel(t)
	var b [64]rules.Piece
	b[rules.D4], b[rules.D5], b[rules.A1], b[rules.H8], b[rules.G5], b[rules.G4] =
		rules.GoldElephant, rules.SilverRabbit, rules.GoldRabbit, rules.SilverRabbit, rules.GoldCamel, rules.SilverDog
	g, err := rules.NewGameFrom(rules.NewPosition(rules.Gold, 10, b))
	if err != nil {
		t.Fatal(err)
	}
	v.SetGame(g, "test")

	// A push: the enemy rabbit first (drag), then the elephant (clicks).
	boardtest.Drag(v.Board, rules.D5, rules.D6)
	boardtest.Tap(v.Board, rules.D4)
	boardtest.Tap(v.Board, rules.D5)
	// A pull: the camel steps away, then the dog follows.
	boardtest.Drag(v.Board, rules.G5, rules.H5)
	boardtest.Drag(v.Board, rules.G4, rules.G5)
	start := v.Entry.Start()
	if got := start.MoveString(v.Entry.Move()); got != "rd5n Ed4n Mg5e dg4n" {
		t.Fatalf("entered %q (status %v)", got, *status)
	}
	if v.finish.Disabled() {
		t.Fatalf("Finish turn is disabled after a whole move")
	}
	test.Tap(v.finish)
	if v.Model.Len() != 1 || v.Model.Ply() != 1 {
		t.Fatalf("after finishing: %d moves, ply %d; errors %v", v.Model.Len(), v.Model.Ply(), d.Errors)
	}
	p := v.Model.Position()
	if p.Side() != rules.Silver || p.At(rules.D6) != rules.SilverRabbit || p.At(rules.G5) != rules.SilverDog {
		t.Errorf("wrong position after the move")
	}

	// An illegal step is refused with a reason in the status bar.
	boardtest.Drag(v.Board, rules.A1, rules.A2)
	if len(v.Entry.Steps()) != 0 || !strings.Contains((*status)[len(*status)-1], "Ra1n") {
		t.Errorf("moving Gold's rabbit on Silver's turn: steps %v, status %q", v.Entry.Steps(), (*status)[len(*status)-1])
	}
	// Ctrl+Z / Ctrl+Y undo and redo entered steps.
	boardtest.Drag(v.Board, rules.H8, rules.G8)
	v.Shortcut("undo")
	if len(v.Entry.Steps()) != 0 {
		t.Errorf("undo step left %v", v.Entry.Steps())
	}
	v.Shortcut("redo")
	if len(v.Entry.Steps()) != 1 {
		t.Errorf("redo step gave %v", v.Entry.Steps())
	}
}

func TestPanelArchive(t *testing.T) {
	v, d, _, _ := newTestPanel(t)
	path := filepath.Join(t.TempDir(), "big.tsv")
	if err := os.WriteFile(path, []byte(generateArchive(t, 300)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := v.OpenFile(path); err != nil {
		t.Fatal(err)
	}
	select {
	case <-v.archive.done:
	case <-time.After(20 * time.Second):
		t.Fatal("archive not listed in 20 s")
	}
	if v.archive.index.Total() != 300 || len(d.Errors) != 0 {
		t.Fatalf("listed %d games, errors %v", v.archive.index.Total(), d.Errors)
	}
	if !strings.HasPrefix(v.archive.count.Text, "300 of 300") {
		t.Errorf("count label %q", v.archive.count.Text)
	}
	v.archive.index.SetFilter(Filter{Player: "player5"})
	v.archive.refresh()
	n := v.archive.index.Len()
	if n == 0 || n >= 300 {
		t.Fatalf("player filter selects %d", n)
	}
	ag := v.archive.index.At(0)
	v.archive.table.Select(widgetCell(0))
	if len(d.Errors) != 0 {
		t.Fatalf("open game: %v", d.Errors)
	}
	if !strings.Contains(v.Model.Title(), ag.ID) || v.Model.Len() == 0 {
		t.Errorf("opened %q with %d moves", v.Model.Title(), v.Model.Len())
	}
	if _, over := v.Model.Result(); !over {
		t.Errorf("an archive game should carry its result")
	}
}

func widgetCell(row int) widget.TableCellID { return widget.TableCellID{Row: row, Col: 0} }

// TestClickOnStuckPieceNamesTheCause: clicking a piece that cannot move
// says why in the status bar, with the real cause rather than the first
// blocked square (a frozen rabbit whose north square holds its freezer was
// said to be blocked by "a5 is occupied").
func TestClickOnStuckPieceNamesTheCause(t *testing.T) {
	v, _, _, status := newTestPanel(t)
	var b [64]rules.Piece
	b[rules.A4], b[rules.A5], b[rules.D4], b[rules.D5], b[rules.C4], b[rules.E4], b[rules.D3], b[rules.H8] =
		rules.GoldRabbit, rules.SilverHorse, rules.GoldDog, rules.GoldCat, rules.GoldCat, rules.GoldRabbit, rules.GoldRabbit, rules.SilverRabbit
	g, err := rules.NewGameFrom(rules.NewPosition(rules.Gold, 10, b))
	if err != nil {
		t.Fatal(err)
	}
	v.SetGame(g, "test")
	cases := []struct {
		sq   rules.Square
		want string
	}{
		{rules.A4, "Ra4 cannot move: frozen by the horse on a5"},
		{rules.D4, "Dd4 cannot move: no empty square next to it"},
		{rules.A5, "ha5 cannot move: it is silver's, and no stronger gold piece is next to it to push or pull it"},
	}
	for _, c := range cases {
		*status = nil
		boardtest.Tap(v.Board, c.sq)
		if len(*status) == 0 || (*status)[len(*status)-1] != c.want {
			t.Errorf("click on %v: status %q, want %q", c.sq, *status, c.want)
		}
	}
}

// TestFinishedGameOffersNoMove: at the end of a decided game the viewer
// says the game is over instead of inviting a move, and a click says so.
func TestFinishedGameOffersNoMove(t *testing.T) {
	v, _, _, status := newTestPanel(t)
	openGoalRace(t, v)
	v.TypedKey(fyne.KeyEnd)
	if got := v.entryInfo.Text; strings.Contains(got, "click or drag") || !strings.Contains(got, "The game is over: gold wins by goal") {
		t.Errorf("at the end of a finished game the viewer says %q", got)
	}
	if v.finish.Disabled() == false || v.undoStep.Disabled() == false {
		t.Errorf("Finish turn or Undo step enabled at the end of a finished game")
	}
	*status = nil
	boardtest.Tap(v.Board, rules.A1)
	if len(*status) == 0 || (*status)[len(*status)-1] != "the game is over: gold wins by goal" {
		t.Errorf("click at the end of the game: status %q", *status)
	}
	v.TypedKey(fyne.KeyLeft)
	if got := v.entryInfo.Text; !strings.Contains(got, "click or drag pieces to enter") {
		t.Errorf("one move back the viewer says %q", got)
	}
}

// TestPanelVariations drives the variation tree as a user does: a move
// entered off the game's line makes a variation and keeps the game; the
// variation is commented, promoted, saved with the game, reloaded,
// and deleted; leaving the edited game asks first.
func TestPanelVariations(t *testing.T) {
	v, d, _, _ := newTestPanel(t)
	g := openGoalRace(t, v)
	v.Model.Seek(0)
	v.changed()
	// 2w Ma2n instead of the game's 2w Hb2n Rb1n Hb3e Rb2n.
	boardtest.Drag(v.Board, rules.A2, rules.A3)
	test.Tap(v.finish)
	if v.Model.Ply() != 1 || !v.Model.InVariation() {
		t.Fatalf("after a move off the line: ply %d, in a variation %v", v.Model.Ply(), v.Model.InVariation())
	}
	if tr, _ := v.Model.Tree(); len(tr.Game.Moves()) != 55 {
		t.Fatalf("entering a variation cut the game to %d moves", len(tr.Game.Moves()))
	}
	row := v.Model.Rows()[v.Model.CursorRow()]
	if !row.First || row.Depth != 1 || !strings.HasPrefix(strings.TrimSpace(row.Text), "( 2w Ma2n") {
		t.Errorf("the variation's row is %+v", row)
	}
	if v.notes.promote.Disabled() || v.notes.deleteVar.Disabled() {
		t.Errorf("Promote or Delete variation disabled in a variation")
	}
	// A reply in the variation, and a comment on it.
	boardtest.Drag(v.Board, rules.H7, rules.H6)
	test.Tap(v.finish)
	test.Type(v.notes.comment, "a quiet reply")
	if text, label := v.Model.Comment(); text != "a quiet reply" || label != "2b" {
		t.Errorf("comment %q on %q", text, label)
	}
	if !strings.Contains(v.Model.Rows()[v.Model.CursorRow()].Text, "{a quiet reply}") {
		t.Errorf("the move list does not show the comment: %q", v.Model.Rows()[v.Model.CursorRow()].Text)
	}
	test.Type(v.notes.comment, " }")
	if text, _ := v.Model.Comment(); text != "a quiet reply" {
		t.Errorf("a comment with '}' was taken: %q", text)
	}
	v.notes.comment.SetText("a quiet reply")

	// Leaving the edited game asks first; declining keeps it.
	d.Yes = false
	d.OpenPath = goalRace
	v.OpenDialog()
	if len(d.Asked) != 1 || d.Asked[0] != "Unsaved game" || v.Model.Len() != 2 {
		t.Fatalf("opening another game over an edited one: asked %v, line of %d moves", d.Asked, v.Model.Len())
	}

	// Save with the variation and the comment, and read it back.
	out := filepath.Join(t.TempDir(), "annotated.txt")
	d.SavePath = out
	test.Tap(v.save)
	if v.Model.Dirty() || len(d.Errors) > 0 {
		t.Fatalf("after saving: dirty %v, errors %v", v.Model.Dirty(), d.Errors)
	}
	// The header names the file saved to, not the one opened.
	if v.title.Text != "annotated.txt" || v.Model.Title() != "annotated.txt" {
		t.Errorf("header after Save as %q, want annotated.txt", v.title.Text)
	}
	saved, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(saved), "( 2w Ma2n\n  2b hh7s {a quiet reply} )\n") {
		t.Errorf("saved record:\n%s", saved)
	}
	if err := v.OpenFile(out); err != nil {
		t.Fatal(err)
	}
	if v.Model.Len() != 55 || len(v.Model.Rows()) != 2+55+2 {
		t.Fatalf("reloaded: %d moves, %d rows", v.Model.Len(), len(v.Model.Rows()))
	}

	// Promote the variation: the game's line becomes the variation.
	v.list.goRow(4) // 1w, 1b, 2w (game), ( 2w Ma2n, 2b hh7s
	if v.Model.Ply() != 2 || !v.Model.InVariation() {
		t.Fatalf("selecting the variation's reply: ply %d, in a variation %v", v.Model.Ply(), v.Model.InVariation())
	}
	test.Tap(v.notes.promote)
	tr, err := v.Model.Tree()
	if err != nil {
		t.Fatal(err)
	}
	if v.Model.InVariation() || len(tr.Game.Moves()) != 2 || tr.Game.Moves()[0] == g.Moves()[0] || len(tr.Notes[0].Variations) != 1 || len(tr.Notes[0].Variations[0].Moves) != 55 {
		t.Errorf("after Promote: main line of %d moves, in a variation %v", len(tr.Game.Moves()), v.Model.InVariation())
	}
	if _, over := tr.Game.Result(); over {
		t.Errorf("the promoted line has the old line's result")
	}
	// Back to the old game line, now a variation, and delete it.
	v.list.goRow(5) // ( 2w Hb2n ...
	test.Tap(v.notes.deleteVar)
	if tr, _ := v.Model.Tree(); len(tr.Notes[0].Variations) != 0 || v.Model.Ply() != 0 {
		t.Errorf("after Delete variation: %d variations, cursor at %d", len(tr.Notes[0].Variations), v.Model.Ply())
	}
	// Promote and delete are off on the main line.
	if !v.notes.promote.Disabled() || !v.notes.deleteVar.Disabled() {
		t.Errorf("Promote or Delete variation enabled on the main line")
	}
	// Accepting the guard opens the other game.
	d.Yes = true
	d.Asked = nil
	v.OpenDialog()
	if len(d.Asked) != 2 || v.Model.Len() != 55 || v.Model.Dirty() {
		t.Errorf("discarding the changes: asked %v, %d moves", d.Asked, v.Model.Len())
	}
}

// TestGuardSavesThenGoesOn: Save in the unsaved-game question saves the
// game with its variation and then opens the other game.
func TestGuardSavesThenGoesOn(t *testing.T) {
	v, d, _, _ := newTestPanel(t)
	openGoalRace(t, v)
	v.Model.Seek(0)
	v.changed()
	boardtest.Drag(v.Board, rules.A2, rules.A3)
	test.Tap(v.finish)
	if !v.Model.Dirty() {
		t.Fatal("a move off the line did not mark the game unsaved")
	}
	// Save, but cancel the file question: nothing is opened.
	d.Choice = files.SaveChanges
	d.OpenPath = goalRace
	v.OpenDialog()
	if !v.Model.Dirty() || !v.Model.InVariation() {
		t.Fatal("cancelling the save question lost the edited game")
	}
	out := filepath.Join(t.TempDir(), "kept.txt")
	d.SavePath = out
	d.Asked = nil
	v.OpenDialog()
	if want := []string{"Unsaved game", "Save game record", "Open game record or archive"}; !slices.Equal(d.Asked, want) {
		t.Fatalf("asked %v, want %v", d.Asked, want)
	}
	saved, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(saved), "( 2w Ma2n") {
		t.Fatalf("the saved game lacks its variation: %v\n%s", err, saved)
	}
	if v.Model.Dirty() || v.Model.InVariation() {
		t.Errorf("after saving, the other game was not opened")
	}
}

// TestOpenPosition: a position file opens in the viewer as a game that
// starts there, to analyse and play on from it.
func TestOpenPosition(t *testing.T) {
	v, _, cur, _ := newTestPanel(t)
	g := openGoalRace(t, v)
	pos := g.PositionBefore(8)
	path := filepath.Join(t.TempDir(), "middle.ari")
	if err := os.WriteFile(path, []byte(records.FormatPosition(pos)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := v.OpenFile(path); err != nil {
		t.Fatal(err)
	}
	got, shared := v.Model.Position(), cur.Get().Position
	if v.Model.Len() != 0 || got.AEIString() != pos.AEIString() || shared.AEIString() != pos.AEIString() || v.Model.Title() != "middle.ari" {
		t.Errorf("opened: %d moves, title %q, position %s, want %s", v.Model.Len(), v.Model.Title(), got.AEIString(), pos.AEIString())
	}
}

// cursorCells are the texts of the move list's cells drawn bold: the
// cursor's move, when the list shows it.
func cursorCells(v *Panel) []string {
	var bold []string
	for _, o := range uitest.Shown(v.list.table) {
		if l, ok := o.(*tip.Label); ok && l.TextStyle.Bold && l.Text != "" {
			bold = append(bold, strings.TrimSpace(l.Text))
		}
	}
	return bold
}

// TestMoveListFollowsTheCursor: the move list draws the cursor's move in
// bold, scrolled into view, once a game is open in a window sized after
// it, and as the cursor moves by a key, to either end of a game longer
// than the list, within a move, and by a tap on a move.
func TestMoveListFollowsTheCursor(t *testing.T) {
	// The window sized after the game is open, as the application does
	// with the files it is given.
	test.NewTempApp(t)
	v := NewPanel(&filestest.Dialogs{}, state.NewCurrent(rules.Position{}, "test"))
	v.StepAnimation = 0
	w := test.NewTempWindow(t, v.Content())
	w.Resize(fyne.NewSize(10, 10)) // not yet sized
	openGoalRace(t, v)
	w.Resize(fyne.NewSize(1100, 750))
	rows := v.Model.TurnRows()
	if len(rows) < 20 {
		t.Fatalf("%d rows: the game must be longer than the list", len(rows))
	}
	for _, step := range []struct {
		name string
		do   func()
	}{
		{"open", func() {}},
		{"last", func() { v.Go("last") }},
		{"first", func() { v.Go("first") }},
		{"next", func() { v.Go("next") }},
		{"last again", func() { v.Go("last") }},
		{"prev", func() { v.Go("prev") }},
		{"a tap on 3b", func() { v.list.table.Select(widget.TableCellID{Row: 2, Col: 2}) }},
		{"nextstep", func() { v.Go("nextstep") }},
		{"next", func() { v.Go("next") }},
	} {
		step.do()
		r, c := v.Model.TurnRowOf(v.Model.CursorRow())
		if r < 0 {
			t.Fatalf("%s: no cursor cell at ply %d", step.name, v.Model.Ply())
		}
		want := []string{strings.TrimSpace(rows[r].Cells[c].Text)}
		if got := cursorCells(v); !slices.Equal(got, want) {
			t.Errorf("%s, ply %d: bold cells %q, want %q", step.name, v.Model.Ply(), got, want)
		}
	}
}
