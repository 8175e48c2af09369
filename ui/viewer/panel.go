package viewer

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/files"
	"arimaa-workbench/ui/play"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/tip"
)

// Panel is the game viewer on screen: a game tab (board, navigation, move
// list, captures, result, move entry) and an archive tab (the filtered list
// of an archive's games).
type Panel struct {
	Model   *Model
	Board   *board.Board
	Entry   *board.MoveEntry
	Dialogs files.Dialogs
	Current *state.Current // told of every move of the cursor; may be nil

	// OnAnalyse, when set, shows an "Analyse here" button that hands the
	// cursor's position to the engine panel.
	OnAnalyse func(state.Snapshot)
	// OnEdit, when set, shows "Edit here", which hands the position to the
	// editor.
	OnEdit func(p rules.Position, source string)
	// Analyser, when set, shows the whole-game analysis: it returns the
	// engine to search each position with (the engine panel's choice and
	// settings), or why there is none.
	Analyser func() (analysis.Analyser, error)
	// Opponent, when set, shows "Play engine…": it returns the engine to
	// play against (the engine panel's choice and settings), or why there
	// is none.
	Opponent func() (play.Player, error)
	// EditorPosition, when set, lets a game against the engine start from
	// the editor's position; it returns the position and names it.
	EditorPosition func() (rules.Position, string)
	// ShowEngineMove is how long the engine's move shows as arrows before
	// it is played; 0 waits for "Play it".
	ShowEngineMove time.Duration
	// OnTestSaved is called with the suite file a new test was saved in.
	OnTestSaved func(path string)
	// OnOpened is called with each file opened, for recent files.
	OnOpened func(path string)
	// Status shows a short message; may be nil.
	Status func(string)
	// StepAnimation is how long a step slides; 0 jumps.
	StepAnimation time.Duration
	// Show selects the frozen, danger and goal overlays.
	Show board.Show
	// Marks, when set, gives what an engine says of a position at the
	// start of a turn: its candidates' arrows and Gold's win ratio for the
	// evaluation bar (Candidates, Eval, HasEval), false when it has
	// nothing on that position. Redraw draws them again.
	Marks func(p rules.Position) (board.Overlays, bool)

	tabs      *container.AppTabs
	content   fyne.CanvasObject // tabs in the compact theme
	title     *tip.Label        // cut where it has no room, whole in its tip
	result    *tip.Label
	capGold   *fyne.Container
	capSilver *fyne.Container
	entryInfo *widget.Label
	finish    *widget.Button
	undoStep  *tip.Button
	analyse   *tip.Button
	edit      *tip.Button
	save      *tip.Button
	copyMenu  *copyMenu
	// path is the file the game was opened from or last saved to.
	path string

	list        *moveList
	notes       *lineNotes
	analysis    *analysisView
	sections    *container.AppTabs       // beside the board: the moves, the engine, the explorer, the similar positions
	sectionsBox *container.ThemeOverride // the sections in the compact theme
	split       *container.Split         // the board | the sections
	listSplit   *container.Split         // the move list | the game's sections
	sectionsFit *sectionsLayout          // where the divider over the game's sections goes
	// gameSections are under the move list: the game graph, the game
	// against the engine, the comment.
	gameSections    *container.AppTabs
	gameSectionsBox *container.ThemeOverride
	archive         *archiveTab
	busy            bool // a step animation is running

	form    *testForm
	testTab *container.TabItem

	play *playBar // the game against the engine
}

// NewPanel builds the viewer, showing the basic setup until a game is
// opened.
func NewPanel(d files.Dialogs, cur *state.Current) *Panel {
	g, _ := rules.NewGameFrom(rules.StartPosition())
	v := &Panel{Model: NewModel(g, "New game"), Dialogs: d, Current: cur,
		StepAnimation: 160 * time.Millisecond, ShowEngineMove: time.Second, Show: board.DefaultShow}
	v.Board = board.New(rules.StartPosition())
	// The bar is there from the start, empty until an engine speaks, so
	// that the board keeps its size when an analysis starts.
	v.Board.SetEvalBar(true)
	v.Entry = board.NewMoveEntry(rules.StartPosition())
	v.Board.OnTapped = func(sq rules.Square) {
		v.enter(func(e *board.MoveEntry) (string, bool) {
			msg := e.Click(sq)
			return msg, msg != ""
		})
	}
	v.Board.OnDragged = func(from, to rules.Square) {
		v.enter(func(e *board.MoveEntry) (string, bool) {
			if !to.Valid() || from == to {
				return "", false
			}
			if err := e.Step(from, to); err != nil {
				return err.Error(), true
			}
			return "", true
		})
	}

	v.title = tip.NewLabel("")
	v.title.TextStyle.Bold = true
	v.result = tip.NewLabel("")
	v.capGold = container.NewHBox()
	v.capSilver = container.NewHBox()
	v.list = newMoveList(v)
	v.entryInfo = widget.NewLabel("")
	v.entryInfo.Wrapping = fyne.TextWrapWord
	v.finish = widget.NewButtonWithIcon("Finish turn", theme.ConfirmIcon(), v.FinishTurn)
	v.undoStep = tip.NewButton(theme.ContentUndoIcon(), "Undo step (Ctrl+Z)", func() { v.UndoStep() })

	btn := func(icon fyne.Resource, where, hint string) *tip.Button {
		return tip.NewButton(icon, hint, func() { v.Go(where) })
	}
	v.save = tip.NewButton(theme.DocumentSaveIcon(), "Save… the game with its variations and comments (Ctrl+S)", v.Save)
	v.copyMenu = newCopyMenu(v)
	nav := container.NewHBox(
		tip.NewButton(theme.FolderOpenIcon(), "Open… a game record, a position or a game archive", v.OpenDialog),
		v.save,
		widget.NewSeparator(),
		btn(theme.MediaSkipPreviousIcon(), "first", "Start of the game (Home)"),
		btn(theme.MediaFastRewindIcon(), "prev", "Previous move (Left)"),
		btn(theme.NavigateBackIcon(), "prevstep", "Previous step (Up)"),
		btn(theme.NavigateNextIcon(), "nextstep", "Next step (Down)"),
		btn(theme.MediaFastForwardIcon(), "next", "Next move (Right)"),
		btn(theme.MediaSkipNextIcon(), "last", "End of the game (End)"),
	)
	v.analyse = tip.NewButton(theme.SearchIcon(), "Analyse here: this position in the Engine panel", func() {
		if v.OnAnalyse != nil {
			v.OnAnalyse(v.Snapshot())
		}
	})
	v.edit = tip.NewButton(theme.DocumentCreateIcon(), "Edit here: this position in the editor", func() {
		if v.OnEdit != nil {
			v.OnEdit(v.Model.Position(), v.Model.PlaceText())
		}
	})
	newTest := tip.NewButton(theme.FileIcon(), "New test from here: a test of this position for a suite", v.NewTest)
	v.play = newPlayBar(v)
	flip := tip.NewButton(theme.MoveDownIcon(), "Flip the board (F)", v.Flip)
	// One row of tools, each one click, icons with their tips but Play
	// engine…: the file, the moves, what the board shows, what to do with
	// the position shown. In two rows they took a row from the lists
	// beside the board; this fits a 1024 px window.
	nav = container.NewHBox(nav, widget.NewSeparator(), board.ShowControls(&v.Show, v.showBoard), widget.NewSeparator(),
		v.analyse, v.edit, newTest, v.play.button, widget.NewSeparator(), flip, v.copyMenu.button)

	v.notes = newLineNotes(v)
	v.analysis = newAnalysisView(v)
	v.split, v.listSplit = v.gameLayout()
	game := container.NewBorder(nav, nil, nil, nil, v.split)

	v.form = newTestForm(v)
	v.archive = newArchiveTab(v)
	v.testTab = container.NewTabItemWithIcon("New test", theme.FileIcon(), v.form.content)
	v.tabs = container.NewAppTabs(
		container.NewTabItemWithIcon("Game", theme.MediaPlayIcon(), game),
		container.NewTabItemWithIcon("Archive", theme.ListIcon(), v.archive.content),
		v.testTab,
	)
	v.tabs.OnSelected = func(it *container.TabItem) {
		if it == v.testTab && !v.form.opened {
			v.NewTest()
		}
	}
	// Compact, as the lists in it: the tools' rows and the tabs' bars
	// give their padding to the move list and the sections.
	v.content = field.CompactTabs(field.LazyTabs(v.tabs))
	v.changed()
	return v
}

// Content returns the panel's canvas object.
func (v *Panel) Content() fyne.CanvasObject { return v.content }

// SetAnalyse sets (or with nil removes) the "Analyse here" hook.
func (v *Panel) SetAnalyse(fn func(state.Snapshot)) {
	v.OnAnalyse = fn
	v.changed()
}

func (v *Panel) status(msg string) {
	if v.Status != nil {
		v.Status(msg)
	}
}

// Snapshot is the cursor's position with the game up to its turn.
func (v *Panel) Snapshot() state.Snapshot {
	g, err := v.Model.GameAt()
	if err != nil {
		g = nil
	}
	return state.Snapshot{Position: v.Model.Position(), Game: g, Source: v.Model.PlaceText()}
}

// SetGame shows g from its start, replacing the game shown without
// asking (callers guard).
func (v *Panel) SetGame(g *rules.Game, title string) {
	// A game always replays from its own setups or start.
	_ = v.SetTree(&records.Tree{Game: g}, title)
}

// SetTree shows a game with its comments and variations from its start,
// without asking (callers guard).
func (v *Panel) SetTree(t *records.Tree, title string) error {
	if err := v.Model.SetTree(t, title); err != nil {
		return err
	}
	v.path = ""
	v.StopGame()
	v.analysis.clear()
	v.list.table.UnselectAll()
	v.tabs.SelectIndex(0)
	v.changed()
	return nil
}

// Go moves the cursor: "first", "prev", "prevstep", "nextstep", "next",
// "last". It reports whether the cursor moved.
func (v *Panel) Go(where string) bool {
	if v.busy {
		return false
	}
	if v.play.game != nil {
		v.status("stop the game against the engine to browse the moves")
		return false
	}
	m := v.Model
	moved := false
	switch where {
	case "first":
		moved = m.Ply() != 0 || m.Step() != 0
		m.First()
	case "prev":
		moved = m.Prev()
	case "prevstep":
		if !m.PrevStep() {
			return false
		}
		// Show the position before the step, with the piece sliding back.
		s, _ := m.NextStepValue()
		v.changed()
		v.busy = true
		v.Board.AnimateArrival(s.From(), s.To(), v.StepAnimation, func() { v.busy = false })
		return true
	case "nextstep":
		s, ok := m.NextStepValue()
		if !ok {
			return false
		}
		v.busy = true
		v.Board.SetOverlays(board.NoOverlays)
		v.Board.Animate(s.From(), s.To(), v.StepAnimation, func() {
			v.busy = false
			m.NextStep()
			v.changed()
		})
		return true
	case "next":
		moved = m.Next()
	case "last":
		moved = m.Ply() != m.Len() || m.Step() != 0
		m.Last()
	}
	if moved {
		v.changed()
	}
	return moved
}

// changed redraws everything from the model and tells the current position.
func (v *Panel) changed() {
	m := v.Model
	if m.Step() != 0 || v.Entry.Start() != m.TurnStart() {
		v.Entry = board.NewMoveEntry(m.TurnStart())
	}
	v.showBoard()
	v.title.SetText(m.Title())
	v.result.SetText(m.ResultText())
	gold, silver := m.Captured()
	fill := func(c *fyne.Container, ps []rules.Piece) {
		c.RemoveAll()
		for _, p := range ps {
			img := canvas.NewImageFromResource(board.PieceResource(p))
			img.FillMode = canvas.ImageFillContain
			img.SetMinSize(fyne.NewSize(24, 24))
			c.Add(img)
		}
	}
	fill(v.capGold, gold)
	fill(v.capSilver, silver)
	v.list.follow()
	v.notes.draw()
	if v.OnAnalyse != nil {
		v.analyse.Show()
	} else {
		v.analyse.Hide()
	}
	if v.OnEdit != nil {
		v.edit.Show()
	} else {
		v.edit.Hide()
	}
	v.analysis.draw()
	if v.Current != nil {
		v.Current.Set(v.Snapshot())
	}
}

// showBoard draws the cursor's position, or the move being entered.
func (v *Panel) showBoard() {
	m := v.Model
	e := v.Entry
	p, o := m.Position(), v.play.overlays(board.Overlays{Selected: rules.NoSquare, LastMove: m.Highlight()})
	if len(e.Steps()) > 0 || e.Selected() != rules.NoSquare {
		p, o = e.Position(), e.Overlays()
	} else if m.Step() == 0 && !m.SetupView() {
		if mo, ok := v.marks(p); ok {
			o.Candidates, o.Eval, o.HasEval = mo.Candidates, mo.Eval, mo.HasEval
		} else if better, ok := v.analysis.betterMove(); ok {
			// The next move is a blunder: the engine's choice here.
			o.Candidates = []board.Candidate{{Steps: better.Slice(), Label: "better"}}
		}
	}
	t := eval.FindTactics(p, eval.TacticsFilter(v.Show))
	v.Board.Display(p, o.WithTactics(t.Frozen, t.Danger, t.Goal))
	steps := e.Steps()
	switch {
	case v.play.busyText() != "":
		v.entryInfo.SetText(v.play.busyText())
	case m.SetupView():
		v.entryInfo.SetText("Gold's setup. Go to a move to enter one.")
	case m.Step() != 0:
		v.entryInfo.SetText("Go to the start of a turn to enter a move.")
	case v.list.mark(m.CursorRow()) != "" && len(steps) == 0:
		v.entryInfo.SetText("Blunder: " + v.list.rowText(m.CursorRow()))
	case m.AtEnd():
		v.entryInfo.SetText(fmt.Sprintf("The game is over: %s. Go back a move to play another one there.", m.ResultText()))
	case len(steps) == 0:
		p := m.Position()
		v.entryInfo.SetText(fmt.Sprintf("%s: click or drag pieces to enter %s's move.", rules.TurnLabel(p.Turn(), p.Side()), p.Side()))
	default:
		start := e.Start()
		v.entryInfo.SetText(fmt.Sprintf("Move so far: %s", start.MoveString(e.Move())))
	}
	field.Enable(v.finish, e.CanFinish())
	field.Enable(v.undoStep, len(steps) > 0)
}

// enter applies a click or a drag on the board to the move being
// entered, when a move may be entered at the cursor, and says what edit
// says should be said.
func (v *Panel) enter(edit func(e *board.MoveEntry) (msg string, say bool)) {
	switch {
	case v.busy || v.play.blocks():
		return
	case v.Model.Step() != 0 || v.Model.SetupView():
		v.status("go to the start of a turn to enter a move")
		return
	case v.Model.AtEnd():
		v.status("the game is over: " + v.Model.ResultText())
		return
	}
	if msg, say := edit(v.Entry); say {
		v.status(msg)
	}
	v.showBoard()
}

// UndoStep takes back the last step entered.
func (v *Panel) UndoStep() bool {
	ok := v.Entry.Undo()
	v.showBoard()
	return ok
}

// RedoStep plays again a step undone.
func (v *Panel) RedoStep() bool {
	ok := v.Entry.Redo()
	v.showBoard()
	return ok
}

// FinishTurn plays the move entered. Entered where the game goes on
// with another move, it starts a variation; the game is never cut.
func (v *Panel) FinishTurn() {
	if !v.Entry.CanFinish() {
		v.status("the move cannot end here: it must change the board and not leave a push half done")
		return
	}
	forks := v.Model.Ply() < v.Model.Len()
	mv := v.Entry.Move()
	created, err := v.Model.Play(mv)
	if err != nil {
		v.status(err.Error())
		return
	}
	v.Entry = board.NewMoveEntry(v.Model.TurnStart())
	v.changed()
	if v.play.game != nil {
		v.play.userMoved(mv, created)
		return
	}
	switch {
	case created && forks:
		v.status("new variation: Promote makes it the main line, Delete variation removes it")
	case !created:
		v.status("the game already has this move here: followed it")
	}
}

// Save asks where to save the game, with its variations and comments, as
// a game record, and writes it atomically.
func (v *Panel) Save() { v.saveThen(nil) }

// saveThen asks for a file, saves the game with its variations and
// comments, and then runs then (when not nil); cancelling the file
// question runs nothing.
func (v *Panel) saveThen(then func()) {
	t, err := v.Model.Tree()
	if err != nil {
		v.Dialogs.Error(err)
		return
	}
	var b bytes.Buffer
	if err := records.WriteTree(&b, t); err != nil {
		v.Dialogs.Error(err)
		return
	}
	name := "game.txt"
	if v.path != "" {
		name = filepath.Base(v.path)
	}
	v.Dialogs.Save("Save game record", []string{".txt"}, name, func(path string) {
		if err := fsutil.WriteBytes(path, b.Bytes()); err != nil {
			v.Dialogs.Error(err)
			return
		}
		v.path = path
		v.Model.MarkSaved()
		// The header names the file the game is in now, as after opening it.
		v.Model.SetTitle(filepath.Base(path))
		v.title.SetText(v.Model.Title())
		v.status("game saved to " + path)
		if v.OnOpened != nil {
			v.OnOpened(path)
		}
		if then != nil {
			then()
		}
	})
}

// Guard runs fn at once when the game has no unsaved changes, and
// otherwise asks: Save saves the game (asking for a file) and then runs
// fn, Discard runs fn, Cancel does nothing.
func (v *Panel) Guard(what string, fn func()) {
	files.Guard(v.Dialogs, v.Model.Dirty(), "Unsaved game",
		"The game's new moves, variations or comments have not been saved. Save them before you "+what+", or discard them?", v.saveThen, fn)
}

// OpenDialog asks for a record or archive and opens it.
func (v *Panel) OpenDialog() {
	v.Guard("open another game", func() { files.OpenWith(v.Dialogs, "Open game record or archive", nil, v.OpenFile) })
}

// OpenFile opens a game record (with its comments and variations), a
// position with or without moves (a game from it), or a game archive, replacing the game shown without
// asking (callers guard). An archive streams into the archive tab; the
// call returns at once.
func (v *Panel) OpenFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	br := bufio.NewReaderSize(f, 1<<16)
	// The archive header, all records.Detect needs, is the first line.
	head, _ := br.Peek(4096)
	if records.Detect(head) == records.KindArchive {
		v.archive.open(struct {
			io.Reader
			io.Closer
		}{br, f}, path)
		if v.OnOpened != nil {
			v.OnOpened(path)
		}
		return nil
	}
	defer f.Close()
	if records.Detect(head) == records.KindPosition {
		return v.openPosition(br, path)
	}
	rec, err := records.ReadRecord(br, path)
	if err != nil {
		return err
	}
	t, err := rec.Tree()
	if err != nil {
		return err
	}
	if err := v.SetTree(t, filepath.Base(path)); err != nil {
		return err
	}
	v.path = path
	if v.OnOpened != nil {
		v.OnOpened(path)
	}
	v.status(fmt.Sprintf("opened %s: %d moves", path, len(t.Game.Moves())))
	return nil
}

// openPosition shows the position file read from r as a game that starts
// there, to analyse and play on from it.
func (v *Panel) openPosition(r io.Reader, path string) error {
	p, err := records.ReadPosition(r, path)
	if err != nil {
		return err
	}
	g, err := rules.NewGameFrom(p)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	v.SetGame(g, filepath.Base(path))
	v.path = ""
	if v.OnOpened != nil {
		v.OnOpened(path)
	}
	v.status("opened the position " + path)
	return nil
}

// OpenGame shows a game of an archive from its start, with the result the
// archive gives it.
func (v *Panel) OpenGame(ag *records.ArchiveGame) error {
	g, title, err := ArchiveGame(ag)
	if err != nil {
		return err
	}
	v.SetGame(g, title)
	return nil
}

// ArchiveGame is the game of an archive's record with the result the
// archive gives it, and its title: its number, the players with their
// ratings, the event and the date.
func ArchiveGame(ag *records.ArchiveGame) (*rules.Game, string, error) {
	g, err := ag.Game()
	if err != nil {
		return nil, "", err
	}
	if _, over := g.Result(); !over && !ag.Unfinished {
		g.Finish(rules.Result{Winner: ag.Result, How: ag.Termination})
	}
	player := func(name string, r int) string {
		if r == 0 {
			return name // no rating, as in a match between engines
		}
		return name + " (" + rating(r) + ")"
	}
	title := fmt.Sprintf("Game %s: %s vs %s", ag.ID, player(ag.WPlayer, ag.WRating), player(ag.BPlayer, ag.BRating))
	if ag.Event != "" {
		title += ", " + ag.Event
	}
	if d := DateText(ag); d != "" {
		title += ", " + d
	}
	return g, title, nil
}

// keyMoves are the viewer's keys and where each goes in the game (Go's
// names): Left/Right previous/next move, Up/Down previous/next step,
// Home/End first/last.
var keyMoves = map[fyne.KeyName]string{
	fyne.KeyLeft: "prev", fyne.KeyRight: "next",
	fyne.KeyUp: "prevstep", fyne.KeyDown: "nextstep",
	fyne.KeyHome: "first", fyne.KeyEnd: "last",
}

// FlipKey turns the board over.
const FlipKey = fyne.KeyF

// TypedKey handles the viewer's keys (keyMoves, and FlipKey).
func (v *Panel) TypedKey(k fyne.KeyName) bool {
	if k == FlipKey {
		v.Flip()
		return true
	}
	where, ok := keyMoves[k]
	return ok && v.Go(where)
}

// Flip turns the board over (the Flip button and FlipKey).
func (v *Panel) Flip() { v.Board.SetFlipped(!v.Board.Flipped()) }

// marks is what Marks says of p, false without Marks.
func (v *Panel) marks(p rules.Position) (board.Overlays, bool) {
	if v.Marks == nil {
		return board.Overlays{}, false
	}
	return v.Marks(p)
}

// Redraw draws the board again with what Marks says now.
func (v *Panel) Redraw() { v.showBoard() }

// Shortcut handles Ctrl+Z and Ctrl+Y (undo and redo a step of the move
// being entered), Ctrl+S (save the game) and Ctrl+C (copy the position).
func (v *Panel) Shortcut(name string) bool {
	switch name {
	case "undo":
		return v.UndoStep()
	case "redo":
		return v.RedoStep()
	case "save":
		v.Save()
		return true
	case "copy":
		v.copyMenu.copy(CopyPosition)
		return true
	}
	return false
}

// AnalyseShown reports whether "Analyse here" is shown (it is when an
// engine panel registered the hook).
func (v *Panel) AnalyseShown() bool { return v.analyse.Visible() }

// SetOpponent sets (or with nil removes) the hook that gives the engine to
// play against; see Panel.Opponent.
func (v *Panel) SetOpponent(fn func() (play.Player, error)) {
	v.Opponent = fn
	v.play.offer(fn != nil)
}

// Playing reports whether a game against the engine is on (or ended and
// not yet closed with Stop).
func (v *Panel) Playing() bool { return v.play.game != nil }

// PlayText says what the game against the engine waits for, or how it
// ended ("" without a game).
func (v *Panel) PlayText() string {
	if v.play.game == nil {
		return ""
	}
	return v.play.text
}

// StopGame ends the game against the engine; its moves stay in the game.
func (v *Panel) StopGame() { v.play.stopGame() }

// SetGameAnalyser sets (or with nil removes) the whole-game analysis
// hook; see Panel.Analyser.
func (v *Panel) SetGameAnalyser(fn func() (analysis.Analyser, error)) {
	v.Analyser = fn
	v.analysis.draw()
}

// AnalyseGame searches every position of the line shown, from its start,
// with the engine the Analyser hook gives and the time per position set,
// drawing the win ratio as positions are done.
func (v *Panel) AnalyseGame() { v.analysis.start() }

// AnalysisDone returns a channel closed when the last whole-game analysis
// started has ended and been shown (nil before any).
func (v *Panel) AnalysisDone() <-chan struct{} { return v.analysis.done }

// SaveBoardPNG asks for a file and saves the board as shown (with the
// last move's arrows) as a PNG diagram.
func (v *Panel) SaveBoardPNG() { v.copyMenu.savePNG() }
