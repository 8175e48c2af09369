package viewer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/ui/board/boardtest"
	"arimaa-workbench/ui/play"
)

// fakePlayer plays a move that wins at once when there is one, and
// otherwise the first legal move. It waits for a token on release before
// answering, so the test goroutine is idle while the answer comes back
// through fyne.Do (which the test driver runs on the engine's goroutine).
type fakePlayer struct {
	release chan struct{}
	mu      sync.Mutex
	limits  []play.Limits
}

func newFakePlayer() *fakePlayer { return &fakePlayer{release: make(chan struct{})} }

func (f *fakePlayer) Name() string { return "Fake" }

func (f *fakePlayer) Move(ctx context.Context, g *rules.Game, lim play.Limits) (rules.Move, error) {
	f.mu.Lock()
	f.limits = append(f.limits, lim)
	f.mu.Unlock()
	select {
	case <-f.release:
	case <-ctx.Done():
		return rules.Move{}, ctx.Err()
	}
	moves := g.LegalMoves(nil)
	p := g.Position()
	for _, m := range moves {
		q := p
		for _, s := range m.Slice() {
			q = q.Play(s)
		}
		q = q.EndTurn()
		if r, over := q.Outcome(); over && r.Winner == p.Side() {
			return m, nil
		}
	}
	return moves[0], nil
}

// answer lets the fake engine answer and waits until its move is shown.
func answer(t *testing.T, v *Panel, f *fakePlayer) {
	t.Helper()
	done := v.play.engineDone()
	if done == nil {
		t.Fatal("the engine is not searching")
	}
	f.release <- struct{}{}
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the engine's move did not come back in 20 s")
	}
}

// goalPosition: Gold to move can score with Ra7n; Silver, to move, with ra2s.
const goalPosition = `10w
 +-----------------+
8| . . . . . . . . |
7| R . . . . . . . |
6| . . x . . x . . |
5| . . . . . . . . |
4| . . . e . . . . |
3| . . x . . x . . |
2| r . . . E . . . |
1| . . . . . . . . |
 +-----------------+
   a b c d e f g h
`

// TestPlayAgainstEngine: the user starts a game from the start, enters a
// move, the engine answers with arrows, Play it plays its move, Take back
// takes back both moves and removes them from the game.
func TestPlayAgainstEngine(t *testing.T) {
	v, _, _, status := newTestPanel(t)
	v.ShowEngineMove = 0
	if v.play.button.Visible() {
		t.Fatal("Play engine shows without an engine")
	}
	fake := newFakePlayer()
	v.SetOpponent(func() (play.Player, error) { return fake, nil })
	test.Tap(v.play.button)
	if !v.play.form.Visible() || v.play.side.Selected != "Gold" {
		t.Fatalf("the play form: shown %v, side %q", v.play.form.Visible(), v.play.side.Selected)
	}
	// Limits are range-checked, by time and by playouts.
	v.play.value.SetText("0")
	test.Tap(v.play.start)
	if v.Playing() || !strings.Contains(last(*status), "Seconds per move") {
		t.Fatalf("0 s per move started a game (status %q)", last(*status))
	}
	v.play.by.SetSelected(playByPlayouts)
	v.play.value.SetText("5")
	test.Tap(v.play.start)
	if v.Playing() || !strings.Contains(last(*status), "Playouts per move") {
		t.Fatalf("5 playouts started a game (status %q)", last(*status))
	}
	v.play.value.SetText("500")
	test.Tap(v.play.start)
	if !v.Playing() || v.play.form.Visible() || !strings.Contains(v.PlayText(), "Your move") {
		t.Fatalf("the game did not start: %q", v.PlayText())
	}

	// The user's move; the engine searches with the limits set.
	boardtest.Drag(v.Board, rules.A2, rules.A3)
	test.Tap(v.finish)
	if !strings.Contains(v.PlayText(), "Fake is thinking") {
		t.Fatalf("after the user's move: %q", v.PlayText())
	}
	boardtest.Drag(v.Board, rules.B2, rules.B3)
	if v.Model.Ply() != 1 || len(v.Entry.Steps()) != 0 {
		t.Errorf("a move could be entered while the engine searches")
	}
	// Take back while the engine searches: the search stops, the user's
	// move goes, and the user moves again.
	searching := v.play.engineDone()
	test.Tap(v.play.takeBack)
	<-searching
	if v.Model.Ply() != 0 || v.Model.Len() != 0 || !strings.Contains(v.PlayText(), "Your move") {
		t.Fatalf("take back during the search: ply %d of %d, %q", v.Model.Ply(), v.Model.Len(), v.PlayText())
	}
	boardtest.Drag(v.Board, rules.A2, rules.A3)
	test.Tap(v.finish)
	answer(t, v, fake)
	if len(fake.limits) != 2 || fake.limits[1] != (play.Limits{Playouts: 500}) {
		t.Errorf("the engine got limits %v", fake.limits)
	}
	mv, ok := v.play.engineMove()
	if !ok || !v.play.playIt.Visible() || v.play.playIt.Disabled() {
		t.Fatalf("no engine move shown (ok %v)", ok)
	}
	if got := v.Board.Overlays().PV; len(got) != len(mv.Slice()) || got[0] != mv.Slice()[0] {
		t.Errorf("arrows %v, want the engine's move %v", got, mv)
	}
	if v.Model.Ply() != 1 {
		t.Errorf("the engine's move was played before Play it")
	}
	played := v.play.enginePlayed()
	test.Tap(v.play.playIt)
	<-played
	if v.Model.Ply() != 2 || v.Model.Len() != 2 || !strings.Contains(v.PlayText(), "Your move") {
		t.Fatalf("after Play it: ply %d, %q", v.Model.Ply(), v.PlayText())
	}
	if o := v.Board.Overlays(); len(o.PV) != 0 || len(o.LastMove) == 0 {
		t.Errorf("after Play it the arrows are %v, the last move %v", o.PV, o.LastMove)
	}
	if v.Go("first") || v.Model.Ply() != 2 {
		t.Errorf("the moves could be browsed during the game")
	}

	// Take back removes the engine's answer and the user's move.
	test.Tap(v.play.takeBack)
	if v.Model.Ply() != 0 || v.Model.Len() != 0 || !strings.Contains(v.PlayText(), "Your move") {
		t.Fatalf("after Take back: ply %d of %d, %q", v.Model.Ply(), v.Model.Len(), v.PlayText())
	}
	if !v.play.takeBack.Disabled() {
		t.Errorf("Take back is offered at the game's start")
	}
	test.Tap(v.play.stop)
	if v.Playing() || v.play.bar.Visible() {
		t.Errorf("Stop left the game on")
	}
}

func last(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[len(s)-1]
}

// TestPlayGameEnds: from the editor's position, the engine wins by goal
// (announced), Take back returns to the user's move, the user wins by
// goal; the game is the viewer's game and saves as a record.
func TestPlayGameEnds(t *testing.T) {
	v, d, _, _ := newTestPanel(t)
	v.ShowEngineMove = 0
	fake := newFakePlayer()
	v.SetOpponent(func() (play.Player, error) { return fake, nil })
	p, err := records.ParseAny(goalPosition)
	if err != nil {
		t.Fatal(err)
	}
	v.EditorPosition = func() (rules.Position, string) { return p, "the editor's position" }
	test.Tap(v.play.button)
	v.play.from.SetSelected(fromEditor)
	test.Tap(v.play.start)
	if !v.Playing() || v.Model.Position() != p || !strings.Contains(v.Model.Title(), "editor") {
		t.Fatalf("the game did not start from the editor's position: %q", v.Model.Title())
	}
	boardtest.Drag(v.Board, rules.E2, rules.E3)
	test.Tap(v.finish)
	answer(t, v, fake)
	played := v.play.enginePlayed()
	test.Tap(v.play.playIt)
	<-played
	if !strings.Contains(v.PlayText(), "Game over: Fake wins, silver wins by goal") || !v.play.resign.Disabled() {
		t.Fatalf("the engine's goal is not announced: %q", v.PlayText())
	}
	boardtest.Drag(v.Board, rules.E3, rules.E4)
	if len(v.Entry.Steps()) != 0 {
		t.Errorf("a move could be entered after the game ended")
	}
	test.Tap(v.play.takeBack)
	if v.Model.Ply() != 0 || !strings.Contains(v.PlayText(), "Your move") {
		t.Fatalf("after Take back: ply %d, %q", v.Model.Ply(), v.PlayText())
	}
	boardtest.Drag(v.Board, rules.A7, rules.A8)
	test.Tap(v.finish)
	if !strings.Contains(v.PlayText(), "Game over: you win, gold wins by goal") {
		t.Fatalf("the user's goal is not announced: %q", v.PlayText())
	}
	if v.play.stop.Text != "Close" {
		t.Errorf("the stop button reads %q after the game", v.play.stop.Text)
	}
	test.Tap(v.play.stop)
	d.SavePath = filepath.Join(t.TempDir(), "game.txt")
	test.Tap(v.save)
	f, err := os.Open(d.SavePath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := records.ReadRecord(f, d.SavePath)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	if r, over := g.Result(); !over || r.How != rules.ByGoal || len(g.Moves()) != 1 {
		t.Errorf("the saved game: %d moves, result %v %v", len(g.Moves()), r, over)
	}
}

// TestPlayFromGameAndResign: a game started in the middle of a record
// branches off as a variation, the engine's move plays itself after the
// arrows have shown, and Resign records the loss at the end of the line.
func TestPlayFromGameAndResign(t *testing.T) {
	v, _, _, _ := newTestPanel(t)
	v.ShowEngineMove = 10 * time.Millisecond
	fake := newFakePlayer()
	v.SetOpponent(func() (play.Player, error) { return fake, nil })
	openGoalRace(t, v)
	v.Model.Seek(4) // 4w: Gold to move
	v.changed()
	mainLen := v.Model.Len()
	test.Tap(v.play.button)
	v.play.side.SetSelected("Silver")
	test.Tap(v.play.start)
	if !v.Board.Flipped() {
		t.Error("the user plays Silver and the board is not flipped")
	}
	// The engine plays Gold first; its move plays itself after the arrows.
	played := v.play.enginePlayed()
	answer(t, v, fake)
	select {
	case <-played:
	case <-time.After(20 * time.Second):
		t.Fatal("the engine's move was not played after the arrows showed")
	}
	if v.Model.Ply() != 5 || !v.Model.InVariation() || !strings.Contains(v.PlayText(), "Your move (silver)") {
		t.Fatalf("ply %d, in variation %v, %q", v.Model.Ply(), v.Model.InVariation(), v.PlayText())
	}
	test.Tap(v.play.resign)
	if !strings.Contains(v.PlayText(), "Fake wins, gold wins by resignation") {
		t.Fatalf("resignation not announced: %q", v.PlayText())
	}
	test.Tap(v.play.stop)
	if tr, err := v.Model.Tree(); err != nil || len(tr.Game.Moves()) != mainLen {
		t.Errorf("the game's main line changed: %v", err)
	}
	v.Model.Promote()
	if r, ok := v.Model.Result(); !ok || r.How != rules.ByResignation {
		t.Errorf("the resignation is not recorded: %v", r)
	}
	if !v.Model.Dirty() {
		t.Errorf("the game is not marked unsaved")
	}
}

// TestPlaySecondGame: a game stopped and another started, the engine's
// move of the new game's first search is played and told as its own.
func TestPlaySecondGame(t *testing.T) {
	v, _, _, _ := newTestPanel(t)
	v.ShowEngineMove = 0
	fake := newFakePlayer()
	v.SetOpponent(func() (play.Player, error) { return fake, nil })
	for game := 1; game <= 2; game++ {
		v.Model.Seek(0)
		v.changed()
		test.Tap(v.play.button)
		v.play.side.SetSelected("Silver")
		test.Tap(v.play.start)
		played := v.play.enginePlayed()
		if played == nil {
			t.Fatalf("game %d: no channel for the engine's first move", game)
		}
		answer(t, v, fake)
		test.Tap(v.play.playIt)
		select {
		case <-played:
		default:
			t.Fatalf("game %d: the engine's move is not told as played", game)
		}
		if v.Model.Ply() != 1 || !strings.Contains(v.PlayText(), "Your move (silver)") {
			t.Fatalf("game %d: ply %d, %q", game, v.Model.Ply(), v.PlayText())
		}
		test.Tap(v.play.stop)
	}
}
