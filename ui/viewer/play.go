package viewer

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
)

// Player chooses the engine's moves in a game against the user.
type Player interface {
	// Name names the engine for the status line.
	Name() string
	// Move searches the position at the end of g within lim (or until ctx
	// is done) and returns the move the engine plays.
	Move(ctx context.Context, g *rules.Game, lim PlayLimits) (rules.Move, error)
}

// PlayLimits bound the engine's search for one move: a time or a number of
// playouts (the other is zero).
type PlayLimits struct {
	Time     time.Duration
	Playouts int64
}

// Ranges of the game's limits.
const (
	minPlaySeconds = 0.05
	maxPlaySeconds = 3600.0
	minPlayouts    = 10
	maxPlayouts    = 100_000_000
)

// Choices of the play form.
const (
	playBySeconds  = "s per move"
	playByPlayouts = "playouts per move"
	fromViewer     = "this position"
	fromEditor     = "the editor's position"
)

type playPhase int

const (
	playYours    playPhase = iota // the user enters a move
	playThinking                  // the engine searches
	playShowing                   // the engine's move is shown as arrows
	playMoving                    // the engine's move slides onto the board
	playOver                      // the game has ended
)

// playGame is a game against the engine: the user plays one side, the
// engine the other, from the cursor where the game began. Its moves go into
// the model like moves entered by hand (a variation where the line goes on
// with another move).
type playGame struct {
	eng     Player
	human   rules.Color
	lim     PlayLimits
	start   *node // the cursor when the game began; take back stops there
	phase   playPhase
	pending rules.Move
	cancel  context.CancelFunc
	created map[*node]bool // moves this game added to the tree
	done    chan struct{}  // closed when the last search has been handled
	played  chan struct{}  // closed when the engine's last move is entered
	text    string         // what the game is waiting for, or how it ended
}

// buildPlay makes the form that starts a game (it goes over the move
// list) and the bar that runs it (over the board), both hidden until asked
// for.
func (v *Panel) buildPlay() fyne.CanvasObject {
	v.playButton = widget.NewButtonWithIcon("Play engine…", theme.ComputerIcon(), v.showPlayForm)
	v.playSide = widget.NewRadioGroup([]string{"Gold", "Silver"}, nil)
	v.playSide.Horizontal = true
	v.playSide.Required = true
	v.playValue = widget.NewEntry()
	v.playBy = widget.NewSelect([]string{playBySeconds, playByPlayouts}, func(string) { v.playValue.Validate() })
	v.playBy.SetSelected(playBySeconds)
	v.playValue.SetText("2")
	v.playValue.Validator = func(string) error {
		_, err := v.playLimits()
		return err
	}
	v.playFrom = widget.NewRadioGroup([]string{fromViewer, fromEditor}, nil)
	v.playFrom.Horizontal = true
	v.playFrom.Required = true
	v.playFrom.SetSelected(fromViewer)
	v.playStart = widget.NewButtonWithIcon("Start", theme.MediaPlayIcon(), v.StartGame)
	v.playStart.Importance = widget.HighImportance
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { v.playForm.Hide() })
	// The form stands over the move list, in its column: a row each, so
	// that it fits the column at any window size.
	row := func(label string, o fyne.CanvasObject) fyne.CanvasObject {
		return container.NewBorder(nil, nil, widget.NewLabel(label), nil, o)
	}
	v.playForm = container.NewVBox(
		row("You play", v.playSide),
		row("from", v.playFrom),
		row("Engine", container.NewHBox(sized(v.playValue, 80), v.playBy)),
		container.NewHBox(v.playStart, cancel),
		widget.NewSeparator(),
	)
	v.playForm.Hide()

	v.playInfo = widget.NewLabel("")
	v.playInfo.Wrapping = fyne.TextWrapWord
	v.playIt = widget.NewButtonWithIcon("Play it", theme.MediaPlayIcon(), v.PlayIt)
	v.takeBack = widget.NewButtonWithIcon("Take back", theme.ContentUndoIcon(), v.TakeBack)
	v.resign = widget.NewButtonWithIcon("Resign", theme.CancelIcon(), v.Resign)
	v.stopPlay = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), v.StopGame)
	v.playBar = container.NewBorder(nil, nil, nil,
		container.NewHBox(v.playIt, v.takeBack, v.resign, v.stopPlay), v.playInfo)
	v.playBar.Hide()
	return v.playBar
}

// SetOpponent sets (or with nil removes) the hook that gives the engine to
// play against; see Panel.Opponent.
func (v *Panel) SetOpponent(fn func() (Player, error)) {
	v.Opponent = fn
	if fn == nil {
		v.StopGame()
		v.playButton.Hide()
		v.playForm.Hide()
	} else {
		v.playButton.Show()
	}
}

// showPlayForm opens the form that starts a game, the user's side set to
// the side to move.
func (v *Panel) showPlayForm() {
	if v.play != nil {
		return
	}
	side := "Gold"
	if p := v.Model.TurnStart(); p.Side() == rules.Silver {
		side = "Silver"
	}
	v.playSide.SetSelected(side)
	if v.EditorPosition == nil {
		v.playFrom.SetSelected(fromViewer)
		v.playFrom.Disable()
	} else {
		v.playFrom.Enable()
	}
	v.playForm.Show()
}

// playLimits reads the engine's limit from the form.
func (v *Panel) playLimits() (PlayLimits, error) {
	if v.playBy.Selected == playByPlayouts {
		s := strings.TrimSpace(v.playValue.Text)
		n, err := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
		if err != nil || n < minPlayouts || n > maxPlayouts {
			return PlayLimits{}, fmt.Errorf("Playouts per move: %q is not a whole number from %d to %d", s, minPlayouts, maxPlayouts)
		}
		return PlayLimits{Playouts: n}, nil
	}
	f, err := parseRange("Seconds per move", v.playValue.Text, minPlaySeconds, maxPlaySeconds)
	if err != nil {
		return PlayLimits{}, err
	}
	return PlayLimits{Time: time.Duration(f * float64(time.Second))}, nil
}

// StartGame starts a game against the engine with the form's settings,
// from the cursor or, when chosen, from the editor's position (which then
// becomes the viewer's game, after the guard against losing unsaved moves).
func (v *Panel) StartGame() {
	if v.Opponent == nil || v.play != nil {
		return
	}
	lim, err := v.playLimits()
	if err != nil {
		v.status(err.Error())
		return
	}
	human := rules.Gold
	if v.playSide.Selected == "Silver" {
		human = rules.Silver
	}
	eng, err := v.Opponent()
	if err != nil {
		v.status(err.Error())
		return
	}
	if v.playFrom.Selected == fromEditor && v.EditorPosition != nil {
		p, source := v.EditorPosition()
		g, err := newGameFrom(p)
		if err != nil {
			v.status("cannot play from " + source + ": " + err.Error())
			return
		}
		v.Guard("start a game from "+source, func() {
			v.SetGame(g, fmt.Sprintf("Game against %s from %s", eng.Name(), source))
			v.beginGame(eng, human, lim)
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
	if _, err := v.Model.GameAt(); err != nil {
		v.status("cannot play from here: " + err.Error())
		return
	}
	v.beginGame(eng, human, lim)
}

// newGameFrom starts a game at p, refusing a position that breaks the
// rules or is already decided.
func newGameFrom(p rules.Position) (*rules.Game, error) {
	if probs := p.Validate(); len(probs) > 0 {
		return nil, errors.New(probs[0].Msg)
	}
	g, err := rules.NewGameFrom(p)
	if err != nil {
		return nil, err
	}
	if r, over := g.Result(); over {
		return nil, fmt.Errorf("the game is already decided there (%s)", r)
	}
	return g, nil
}

func (v *Panel) beginGame(eng Player, human rules.Color, lim PlayLimits) {
	v.play = &playGame{eng: eng, human: human, lim: lim, start: v.Model.cur, created: map[*node]bool{}}
	v.Entry = board.NewMoveEntry(v.Model.TurnStart())
	v.playForm.Hide()
	v.playButton.Disable()
	v.playBar.Show()
	what := fmt.Sprintf("%g s per move", lim.Time.Seconds())
	if lim.Playouts > 0 {
		what = fmt.Sprintf("%d playouts per move", lim.Playouts)
	}
	v.status(fmt.Sprintf("game against %s (%s): you play %s", eng.Name(), what, human))
	v.nextTurn()
}

// Playing reports whether a game against the engine is on (or ended and
// not yet closed with Stop).
func (v *Panel) Playing() bool { return v.play != nil }

// PlayText says what the game against the engine waits for, or how it
// ended ("" without a game).
func (v *Panel) PlayText() string {
	if v.play == nil {
		return ""
	}
	return v.play.text
}

// EngineMove returns the engine's move shown as arrows and waiting to be
// played, if any.
func (v *Panel) EngineMove() (rules.Move, bool) {
	if v.play == nil || v.play.phase != playShowing {
		return rules.Move{}, false
	}
	return v.play.pending, true
}

// EngineDone returns a channel closed once the engine's last search in the
// game has ended and its move is shown (nil before any).
func (v *Panel) EngineDone() <-chan struct{} {
	if v.play == nil {
		return nil
	}
	return v.play.done
}

// EnginePlayed returns a channel closed once the engine's move of its
// last search is entered in the game (nil before any).
func (v *Panel) EnginePlayed() <-chan struct{} {
	if v.play == nil {
		return nil
	}
	return v.play.played
}

// nextTurn sets the game going after a move: the game has ended, the user
// is to move, or the engine searches.
func (v *Panel) nextTurn() {
	pg := v.play
	if pg == nil {
		return
	}
	if r := v.Model.cur.result; r != nil && !v.Model.setupView {
		v.gameOver(*r)
		return
	}
	p := v.Model.TurnStart()
	side := p.Side()
	if side == pg.human {
		pg.phase = playYours
		v.setPlayText(fmt.Sprintf("Your move (%s): click or drag pieces, then Finish turn.", side))
		return
	}
	v.think()
}

func (v *Panel) setPlayText(s string) {
	pg := v.play
	pg.text = s
	v.playInfo.SetText(s)
	if pg.phase == playShowing {
		v.playIt.Enable()
	} else {
		v.playIt.Disable()
	}
	if pg.phase == playMoving || v.Model.cur == pg.start {
		v.takeBack.Disable()
	} else {
		v.takeBack.Enable()
	}
	if pg.phase == playOver {
		v.resign.Disable()
		v.stopPlay.SetText("Close")
	} else {
		v.resign.Enable()
		v.stopPlay.SetText("Stop")
	}
	v.showBoard()
}

// think starts the engine's search off the UI goroutine; its move comes
// back through fyne.Do and is shown as arrows.
func (v *Panel) think() {
	pg := v.play
	g, err := v.Model.GameAt()
	if err != nil {
		v.endGame("the game cannot go on: " + err.Error())
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	pg.phase, pg.cancel = playThinking, cancel
	done := make(chan struct{})
	pg.done, pg.played = done, make(chan struct{})
	v.setPlayText(fmt.Sprintf("%s is thinking…", pg.eng.Name()))
	eng, lim, wait := pg.eng, pg.lim, v.ShowEngineMove
	go func() {
		mv, err := eng.Move(ctx, g, lim)
		shown := false
		// The move is shown before the wait starts, and the wait is the
		// goroutine's, so a slow display never shortens the time the
		// arrows are seen.
		fyne.DoAndWait(func() {
			defer close(done)
			if v.play != pg || ctx.Err() != nil {
				return
			}
			if err == nil {
				err = g.Play(mv)
			}
			if err != nil {
				cancel()
				v.endGame(fmt.Sprintf("%s gave no move it may play: %v", eng.Name(), err))
				return
			}
			v.showEngineMove(mv)
			shown = true
		})
		if !shown || wait <= 0 {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		fyne.Do(func() {
			if v.play == pg && pg.phase == playShowing && pg.pending == mv && ctx.Err() == nil {
				v.PlayIt()
			}
		})
	}()
}

// showEngineMove draws the engine's move as arrows, to be played after
// ShowEngineMove or at once with "Play it".
func (v *Panel) showEngineMove(mv rules.Move) {
	pg := v.play
	pg.phase, pg.pending = playShowing, mv
	p := v.Model.TurnStart()
	text := fmt.Sprintf("%s plays %s %s", pg.eng.Name(), rules.TurnLabel(p.Turn(), p.Side()), p.MoveString(mv))
	if v.ShowEngineMove <= 0 {
		text += ": Play it"
	}
	v.setPlayText(text)
}

// PlayIt plays the engine's move shown, its steps sliding one after
// another.
func (v *Panel) PlayIt() {
	pg := v.play
	if pg == nil || pg.phase != playShowing {
		return
	}
	pg.cancel()
	pg.phase = playMoving
	v.setPlayText(pg.text)
	mv := pg.pending
	steps := mv.Slice()
	pos := v.Model.TurnStart()
	v.busy = true
	var next func(i int)
	next = func(i int) {
		if v.play != pg {
			v.busy = false
			return
		}
		if i == len(steps) {
			v.busy = false
			v.engineMoved(mv)
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

// engineMoved enters the engine's move in the model.
func (v *Panel) engineMoved(mv rules.Move) {
	pg := v.play
	created, err := v.Model.Play(mv)
	if err != nil {
		v.endGame(err.Error())
		return
	}
	if created {
		pg.created[v.Model.cur] = true
	}
	played := pg.played
	v.Entry = board.NewMoveEntry(v.Model.TurnStart())
	v.changed()
	v.nextTurn()
	close(played)
}

// userMoved goes on after the user's move was entered.
func (v *Panel) userMoved(created bool) {
	if created {
		v.play.created[v.Model.cur] = true
	}
	v.nextTurn()
}

// gameOver announces the result.
func (v *Panel) gameOver(r rules.Result) {
	pg := v.play
	pg.phase = playOver
	who := "you win"
	if r.Winner != pg.human {
		who = pg.eng.Name() + " wins"
	}
	why := ""
	if r.How == rules.ByImmobilization {
		p := v.Model.TurnStart()
		if _, over := p.Outcome(); !over {
			why = ": every move left would repeat a position for the third time"
		}
	}
	v.setPlayText(fmt.Sprintf("Game over: %s, %s%s. Take back, or Close and save the game.", who, r, why))
	v.status(fmt.Sprintf("game over: %s (%s)", who, r))
}

// TakeBack takes back the engine's answer and the user's move before it
// (while the engine searches or shows its move, the user's move alone),
// and the user moves again. Moves the game added are removed; moves the
// record had are kept, the cursor going back past them.
func (v *Panel) TakeBack() {
	pg := v.play
	if pg == nil || pg.phase == playMoving {
		return
	}
	v.stopEngine()
	n := 2
	if p := v.Model.TurnStart(); p.Side() != pg.human {
		n = 1
	}
	taken := 0
	for ; taken < n && v.Model.cur != pg.start; taken++ {
		v.Model.takeBack(pg.created)
	}
	if taken == 0 {
		v.status("nothing to take back: the game starts here")
		return
	}
	v.Entry = board.NewMoveEntry(v.Model.TurnStart())
	v.changed()
	v.status(fmt.Sprintf("took back %d move(s)", taken))
	v.nextTurn()
}

// Resign ends the game as a loss by resignation, recorded in the game
// when the line ends here.
func (v *Panel) Resign() {
	pg := v.play
	if pg == nil || pg.phase == playOver || pg.phase == playMoving {
		return
	}
	v.stopEngine()
	if err := v.Model.resign(pg.human); err != nil {
		v.endGame(err.Error())
		return
	}
	v.changed()
	r, _ := v.Model.Result()
	v.gameOver(r)
}

// StopGame ends the game against the engine; its moves stay in the game.
func (v *Panel) StopGame() {
	if v.play == nil {
		return
	}
	over := v.play.phase == playOver
	v.stopEngine()
	v.play = nil
	v.busy = false
	v.playBar.Hide()
	v.playButton.Enable()
	v.changed()
	if !over {
		v.status("game stopped: its moves are in the move list; Save… keeps them")
	}
}

// endGame stops the game with a message.
func (v *Panel) endGame(msg string) {
	v.StopGame()
	v.status(msg)
}

// stopEngine cancels the search and the wait before the engine's move.
func (v *Panel) stopEngine() {
	pg := v.play
	if pg.cancel != nil {
		pg.cancel()
	}
	pg.phase = playYours
}

// playBlocks reports whether the game against the engine keeps the user
// from entering a move now, and says why.
func (v *Panel) playBlocks() bool {
	pg := v.play
	if pg == nil || pg.phase == playYours {
		return false
	}
	switch pg.phase {
	case playThinking:
		v.status("wait for the engine's move, or Take back")
	case playShowing:
		v.status("the engine's move is shown: Play it, or Take back")
	case playOver:
		v.status("the game is over: Take back, or Close")
	}
	return true
}

// playOverlays draws the engine's move waiting to be played.
func (v *Panel) playOverlays(o board.Overlays) board.Overlays {
	if mv, ok := v.EngineMove(); ok {
		o.PV = mv.Slice()
		o.LastMove = nil
	}
	return o
}

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
