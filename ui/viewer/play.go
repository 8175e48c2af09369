package viewer

import (
	"errors"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/play"
)

// Choices of the play form.
const (
	playBySeconds  = "s per move"
	playByPlayouts = "playouts per move"
	fromViewer     = "this position"
	fromEditor     = "the editor's position"
)

// playBar is the game against the engine on screen: the "Play engine…"
// button, the form that starts a game (over the move list) and the bar
// that runs it (over the board). It drives a play.Game and enters the
// game's moves in the viewer's tree like moves entered by hand (a
// variation where the line goes on with another move). Of the panel it
// uses the tree (Model), the board for the engine's move sliding in, the
// move entry, and changed, showBoard, status, Guard and SetGame.
type playBar struct {
	v       *Panel
	game    *play.Game     // nil when no game is on
	created map[*node]bool // moves the game added to the tree
	text    string         // what the game waits for, or how it ended
	phase   play.Phase     // the phase last drawn
	search  int            // the search played belongs to
	played  chan struct{}  // closed once that search's move is entered

	button   *widget.Button
	hint     *widget.Label // the play section without a form or a game
	form     *fyne.Container
	side     *widget.RadioGroup
	by       *widget.Select
	value    *widget.Entry
	from     *widget.RadioGroup
	start    *widget.Button
	bar      *fyne.Container
	info     *widget.Label
	playIt   *widget.Button
	takeBack *widget.Button
	resign   *widget.Button
	stop     *widget.Button
}

// newPlayBar makes the button, the form and the bar, the form and the bar
// hidden until asked for.
func newPlayBar(v *Panel) *playBar {
	b := &playBar{v: v}
	b.button = widget.NewButtonWithIcon("Play engine…", theme.ComputerIcon(), b.showForm)
	b.side = widget.NewRadioGroup([]string{"Gold", "Silver"}, nil)
	b.side.Horizontal = true
	b.side.Required = true
	b.value = widget.NewEntry()
	b.by = widget.NewSelect([]string{playBySeconds, playByPlayouts}, func(string) { b.value.Validate() })
	b.by.SetSelected(playBySeconds)
	b.value.SetText("2")
	b.value.Validator = func(string) error {
		_, err := b.limits()
		return err
	}
	b.from = widget.NewRadioGroup([]string{fromViewer, fromEditor}, nil)
	b.from.Horizontal = true
	b.from.Required = true
	b.from.SetSelected(fromViewer)
	b.start = widget.NewButtonWithIcon("Start", theme.MediaPlayIcon(), b.startGame)
	b.start.Importance = widget.HighImportance
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { b.showOnly(nil) })
	// The form has a section of its own under the move list, a row each,
	// so that it fits the column at any window size and takes no row of
	// the move list.
	row := func(label string, o fyne.CanvasObject) fyne.CanvasObject {
		return container.NewBorder(nil, nil, widget.NewLabel(label), nil, o)
	}
	b.form = container.NewVBox(
		row("You play", b.side),
		row("from", b.from),
		row("Engine", container.NewHBox(sized(b.value, 80), b.by)),
		container.NewHBox(b.start, cancel),
		widget.NewSeparator(),
	)
	b.form.Hide()
	b.hint = widget.NewLabel("Play engine… starts a game here against the Engine panel's engine, from the position shown.")
	b.hint.Wrapping = fyne.TextWrapWord

	b.info = widget.NewLabel("")
	b.info.Wrapping = fyne.TextWrapWord
	b.playIt = widget.NewButtonWithIcon("Play it", theme.MediaPlayIcon(), b.playEngineMove)
	b.takeBack = widget.NewButtonWithIcon("Take back", theme.ContentUndoIcon(), b.takeBackMoves)
	b.resign = widget.NewButtonWithIcon("Resign", theme.CancelIcon(), b.resignGame)
	b.stop = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), b.stopGame)
	b.bar = container.NewBorder(nil, nil, nil,
		container.NewHBox(b.playIt, b.takeBack, b.resign, b.stop), b.info)
	b.bar.Hide()
	b.button.Hide()
	return b
}

// offer shows "Play engine…" when there is an engine to play; without one
// a game on stops.
func (b *playBar) offer(on bool) {
	if on {
		b.button.Show()
		return
	}
	b.stopGame()
	b.button.Hide()
	b.showOnly(nil)
}

// content is the play section: the form, the game's bar, or a hint.
func (b *playBar) content() fyne.CanvasObject { return container.NewVBox(b.hint, b.form, b.bar) }

// showOnly shows o (the form or the bar) in the play section and brings
// the section forward, or with nil the hint alone.
func (b *playBar) showOnly(o fyne.CanvasObject) {
	for _, c := range []fyne.CanvasObject{b.hint, b.form, b.bar} {
		if c == o || o == nil && c == b.hint {
			c.Show()
		} else {
			c.Hide()
		}
	}
	if o != nil && b.v.sections != nil {
		b.v.ShowSection(PlaySection)
	}
}

// showForm opens the form that starts a game, the user's side set to the
// side to move.
func (b *playBar) showForm() {
	if b.game != nil {
		return
	}
	side := "Gold"
	if p := b.v.Model.TurnStart(); p.Side() == rules.Silver {
		side = "Silver"
	}
	b.side.SetSelected(side)
	if b.v.EditorPosition == nil {
		b.from.SetSelected(fromViewer)
		b.from.Disable()
	} else {
		b.from.Enable()
	}
	b.showOnly(b.form)
}

// limits reads the engine's limit from the form.
func (b *playBar) limits() (play.Limits, error) {
	return play.ParseLimits(b.value.Text, b.by.Selected == playByPlayouts)
}

// startGame starts a game against the engine with the form's settings,
// from the cursor or, when chosen, from the editor's position (which then
// becomes the viewer's game, after the guard against losing unsaved moves).
func (b *playBar) startGame() {
	v := b.v
	if v.Opponent == nil || b.game != nil {
		return
	}
	lim, err := b.limits()
	if err != nil {
		v.status(err.Error())
		return
	}
	human := rules.Gold
	if b.side.Selected == "Silver" {
		human = rules.Silver
	}
	eng, err := v.Opponent()
	if err != nil {
		v.status(err.Error())
		return
	}
	if b.from.Selected == fromEditor && v.EditorPosition != nil {
		p, source := v.EditorPosition()
		g, err := play.StartFrom(p)
		if err != nil {
			v.status("cannot play from " + source + ": " + err.Error())
			return
		}
		v.Guard("start a game from "+source, func() {
			v.SetGame(g, fmt.Sprintf("Game against %s from %s", eng.Name(), source))
			b.begin(eng, human, lim)
		})
		return
	}
	switch {
	case v.Model.SetupView(), v.Model.Step() != 0:
		v.status("go to the start of a turn to play from there")
		return
	case v.Model.AtEnd():
		v.status("the game is over here: " + v.Model.ResultText())
		return
	}
	b.begin(eng, human, lim)
}

// begin starts the game at the cursor.
func (b *playBar) begin(eng play.Player, human rules.Color, lim play.Limits) {
	v := b.v
	g, err := v.Model.GameAt()
	if err != nil {
		v.status("cannot play from here: " + err.Error())
		return
	}
	var game *play.Game
	game, err = play.New(g, eng, human, lim, v.ShowEngineMove, func(e play.Event) { b.notified(game, e) })
	if err != nil {
		v.status("cannot play from here: " + err.Error())
		return
	}
	// The user's side is at the bottom, as over a real board.
	v.Board.SetFlipped(human == rules.Silver)
	// The searches of a game count from 0: a new game's first search has a
	// played channel of its own.
	b.game, b.created, b.phase, b.search, b.played = game, map[*node]bool{}, play.YourMove, 0, nil
	v.Entry = board.NewMoveEntry(v.Model.TurnStart())
	b.button.Disable()
	b.showOnly(b.bar)
	v.status(fmt.Sprintf("game against %s (%s): you play %s", eng.Name(), lim, human))
	game.Start()
	b.draw()
}

// notified handles an event of game's search, on the search's goroutine.
func (b *playBar) notified(game *play.Game, e play.Event) {
	switch e {
	case play.Answered:
		// Drawn before the search goes on to wait the move's time, so a
		// slow window never shortens the time the arrows are seen.
		fyne.DoAndWait(func() {
			if b.game == game {
				b.draw()
			}
		})
	case play.Due:
		fyne.Do(func() {
			if b.game == game {
				b.playEngineMove()
			}
		})
	}
}

// draw shows the game's state: what it waits for, the buttons that apply,
// the engine's move on the board.
func (b *playBar) draw() {
	st := b.game.State()
	if st.Searches != b.search {
		b.search, b.played = st.Searches, make(chan struct{})
	}
	switch st.Phase {
	case play.Failed:
		b.endGame(st.Err.Error())
		return
	case play.YourMove:
		b.text = fmt.Sprintf("Your move (%s): click or drag pieces, then Finish turn.", st.Turn.Side())
	case play.Thinking:
		b.text = st.Engine + " is thinking…"
	case play.Showing, play.Moving:
		b.text = fmt.Sprintf("%s plays %s %s", st.Engine, rules.TurnLabel(st.Turn.Turn(), st.Turn.Side()), st.Turn.MoveString(st.Move))
		if b.v.ShowEngineMove <= 0 {
			b.text += ": Play it"
		}
	case play.Over:
		b.text = b.overText(st)
	}
	b.info.SetText(b.text)
	field.Enable(b.playIt, st.Phase == play.Showing)
	field.Enable(b.takeBack, st.Phase != play.Moving && st.Played > 0)
	field.Enable(b.resign, st.Phase != play.Over)
	if st.Phase == play.Over {
		b.stop.SetText("Close")
	} else {
		b.stop.SetText("Stop")
	}
	b.phase = st.Phase
	b.v.showBoard()
}

// overText says how the game ended, and announces it the first time.
func (b *playBar) overText(st play.State) string {
	who := "you win"
	if !st.UserWon() {
		who = st.Engine + " wins"
	}
	why := ""
	if st.Repetition {
		why = ": every move left would repeat a position for the third time"
	}
	if b.phase != play.Over {
		b.v.status(fmt.Sprintf("game over: %s (%s)", who, st.Result))
	}
	return fmt.Sprintf("Game over: %s, %s%s. Take back, or Close and save the game.", who, st.Result, why)
}

// playEngineMove plays the engine's move shown, its steps sliding one
// after another, and then enters it in the tree.
func (b *playBar) playEngineMove() {
	game, v := b.game, b.v
	if game == nil {
		return
	}
	mv, ok := game.PlayIt()
	if !ok {
		return
	}
	b.draw()
	steps := mv.Slice()
	pos := v.Model.TurnStart()
	v.busy = true
	var next func(i int)
	next = func(i int) {
		if b.game != game {
			v.busy = false
			return
		}
		if i == len(steps) {
			v.busy = false
			b.engineMoved(mv)
			return
		}
		s := steps[i]
		if !s.From().Valid() || !s.To().Valid() {
			next(i + 1)
			return
		}
		v.Board.Display(pos, board.NoOverlays)
		v.Board.Animate(s.From(), s.To(), v.StepAnimation, func() {
			pos = pos.Play(s)
			v.Board.Display(pos, board.NoOverlays)
			next(i + 1)
		})
	}
	next(0)
}

// engineMoved enters the engine's move in the tree and the game.
func (b *playBar) engineMoved(mv rules.Move) {
	v := b.v
	created, err := v.Model.Play(mv)
	if err == nil {
		err = b.game.Played()
	}
	if err != nil {
		b.endGame(err.Error())
		return
	}
	if created {
		b.created[v.Model.cur] = true
	}
	b.recordEnds()
	played := b.played
	v.Entry = board.NewMoveEntry(v.Model.TurnStart())
	v.changed()
	b.draw()
	close(played)
}

// userMoved goes on after the user's move was entered in the tree.
func (b *playBar) userMoved(mv rules.Move, created bool) {
	if created {
		b.created[b.v.Model.cur] = true
	}
	if err := b.game.Move(mv); err != nil {
		b.endGame(err.Error())
		return
	}
	b.recordEnds()
	b.draw()
}

// recordEnds ends the game where the record the game is played in ends
// with a result (a move the tree already had).
func (b *playBar) recordEnds() {
	m := b.v.Model
	if r, ok := m.Result(); ok && m.AtEnd() && b.game.State().Phase != play.Over {
		b.game.Finish(r)
	}
}

// takeBackMoves takes back the engine's answer and the user's move before
// it (see play.Game.TakeBack). Moves the game added are removed from the
// tree; moves the record had are kept, the cursor going back past them.
func (b *playBar) takeBackMoves() {
	game, v := b.game, b.v
	if game == nil || game.State().Phase == play.Moving {
		return
	}
	n := game.TakeBack()
	if n == 0 {
		v.status("nothing to take back: the game starts here")
		return
	}
	for range n {
		v.Model.takeBack(b.created)
	}
	v.Entry = board.NewMoveEntry(v.Model.TurnStart())
	v.changed()
	v.status(fmt.Sprintf("took back %d move(s)", n))
	b.draw()
}

// resignGame ends the game as the user's loss by resignation, recorded in
// the tree when the line ends here.
func (b *playBar) resignGame() {
	game, v := b.game, b.v
	if game == nil || game.Resign() != nil {
		return
	}
	if err := v.Model.resign(game.State().Human); err != nil {
		b.endGame(err.Error())
		return
	}
	v.changed()
	b.draw()
}

// stopGame ends the game against the engine; its moves stay in the tree.
func (b *playBar) stopGame() {
	game, v := b.game, b.v
	if game == nil {
		return
	}
	over := game.State().Phase == play.Over
	game.Stop()
	b.game = nil
	v.busy = false
	b.showOnly(nil)
	b.button.Enable()
	v.changed()
	if !over {
		v.status("game stopped: its moves are in the move list; Save… keeps them")
	}
}

// endGame stops the game with a message.
func (b *playBar) endGame(msg string) {
	b.stopGame()
	b.v.status(msg)
}

// blocks reports whether the game keeps the user from entering a move
// now, and says why.
func (b *playBar) blocks() bool {
	if b.game == nil {
		return false
	}
	switch b.game.State().Phase {
	case play.YourMove:
		return false
	case play.Thinking:
		b.v.status("wait for the engine's move, or Take back")
	case play.Showing:
		b.v.status("the engine's move is shown: Play it, or Take back")
	case play.Over:
		b.v.status("the game is over: Take back, or Close")
	}
	return true
}

// busyText is what the entry line says instead of inviting a move, ""
// when the user may move (or no game is on).
func (b *playBar) busyText() string {
	if b.game == nil || b.phase == play.YourMove {
		return ""
	}
	return b.text
}

// overlays draws the engine's move waiting to be played.
func (b *playBar) overlays(o board.Overlays) board.Overlays {
	if mv, ok := b.engineMove(); ok {
		o.PV = mv.Slice()
		o.LastMove = nil
	}
	return o
}

// engineMove returns the engine's move shown as arrows and waiting to be
// played, if any.
func (b *playBar) engineMove() (rules.Move, bool) {
	if b.game == nil {
		return rules.Move{}, false
	}
	st := b.game.State()
	return st.Move, st.Phase == play.Showing
}

// engineDone returns a channel closed once the engine's last search in
// the game has ended and its move is shown (nil before any).
func (b *playBar) engineDone() <-chan struct{} {
	if b.game == nil {
		return nil
	}
	return b.game.Searched()
}

// enginePlayed returns a channel closed once the move of the engine's
// last search is entered in the game (nil before any).
func (b *playBar) enginePlayed() <-chan struct{} { return b.played }

// takeBack moves the cursor back over its move, removing the move from
// the tree when it is in created and nothing follows it.
func (m *Model) takeBack(created map[*node]bool) {
	n := m.cur
	if n.parent == nil {
		return
	}
	p := n.parent
	if created[n] && len(n.kids) == 0 {
		for i, k := range p.kids {
			if k == n {
				p.kids = append(p.kids[:i], p.kids[i+1:]...)
				break
			}
		}
		delete(created, n)
	}
	m.moveTo(p)
	m.rebuild()
}

// resign ends the line at the cursor with loser resigning.
func (m *Model) resign(loser rules.Color) error {
	if len(m.cur.kids) > 0 {
		return errors.New("resigned; not recorded, as the game goes on after this move")
	}
	m.cur.result = &rules.Result{Winner: loser.Other(), How: rules.ByResignation}
	m.dirty = true
	m.rebuild()
	return nil
}
