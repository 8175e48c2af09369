package play

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"arimaa-workbench/engine/rules"
)

// goalPosition: Gold to move (10w) can score with Ra7n; Silver, to move,
// with ra2s. Ee2n and ed4n are quiet moves.
func goalPosition() rules.Position {
	var b [64]rules.Piece
	b[rules.A7], b[rules.E2], b[rules.A2], b[rules.D4] = rules.GoldRabbit, rules.GoldElephant, rules.SilverRabbit, rules.SilverElephant
	return rules.NewPosition(rules.Gold, 10, b)
}

// reply is what the fake engine answers to one search.
type reply struct {
	move string
	err  error
}

// fakePlayer answers each search with the reply the test sends it, or
// stops when the search's context is done. It records what each search
// was given.
type fakePlayer struct {
	replies chan reply
	mu      sync.Mutex
	limits  []Limits
	lengths []int // moves in the game each search got
}

func (f *fakePlayer) Name() string { return "Fake" }

func (f *fakePlayer) Move(ctx context.Context, g *rules.Game, lim Limits) (rules.Move, error) {
	f.mu.Lock()
	f.limits = append(f.limits, lim)
	f.lengths = append(f.lengths, len(g.Moves()))
	f.mu.Unlock()
	select {
	case r := <-f.replies:
		if ctx.Err() != nil {
			// A search cancelled before it reached this select may win
			// the reply meant for the search after it: the test sends
			// replies only after the cancel, so this search was
			// cancelled first and hands the reply on.
			f.replies <- r
			return rules.Move{}, ctx.Err()
		}
		if r.err != nil {
			return rules.Move{}, r.err
		}
		w, err := rules.ParseMove(r.move)
		return w.Move, err
	case <-ctx.Done():
		return rules.Move{}, ctx.Err()
	}
}

// harness drives a game with a fake engine and a clock the test ticks.
type harness struct {
	t      *testing.T
	m      *Game
	eng    *fakePlayer
	events chan Event
	tick   chan time.Time
}

func newHarness(t *testing.T, human rules.Color, showFor time.Duration) *harness {
	t.Helper()
	g, err := StartFrom(goalPosition())
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, eng: &fakePlayer{replies: make(chan reply)}, events: make(chan Event, 16), tick: make(chan time.Time)}
	h.m, err = New(g, h.eng, human, Limits{Playouts: 500}, showFor, func(e Event) { h.events <- e })
	if err != nil {
		t.Fatal(err)
	}
	h.m.after = func(time.Duration) <-chan time.Time { return h.tick }
	return h
}

func move(t *testing.T, s string) rules.Move {
	t.Helper()
	w, err := rules.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return w.Move
}

// event waits for the next event of a search; a test that gets none fails
// at its deadline rather than by a timing bound.
func (h *harness) event(want Event) {
	h.t.Helper()
	select {
	case e := <-h.events:
		if e != want {
			h.t.Fatalf("event %d, want %d", e, want)
		}
	case <-time.After(20 * time.Second):
		h.t.Fatalf("no event %d in 20 s", want)
	}
}

// ended waits for a search to end; a search that does not fails the test
// at a deadline rather than hanging it.
func (h *harness) ended(searched <-chan struct{}, step string) {
	h.t.Helper()
	select {
	case <-searched:
	case <-time.After(20 * time.Second):
		h.t.Fatalf("%s: the search did not end in 20 s", step)
	}
}

// do runs one step: "start", "user <move>", "engine <move>", "engine !"
// (an error), "play it", "played", "take back", "resign", "due", "stop".
// It returns what the step returned: the moves taken back, or an error.
func (h *harness) do(step string) (int, error) {
	h.t.Helper()
	verb, arg, _ := strings.Cut(step, " ")
	switch verb {
	case "start":
		h.m.Start()
	case "user":
		return 0, h.m.Move(move(h.t, arg))
	case "engine":
		searched := h.m.Searched()
		r := reply{move: arg}
		if arg == "!" {
			r = reply{err: errors.New("crashed")}
		}
		select {
		case h.eng.replies <- r:
		case <-time.After(20 * time.Second):
			h.t.Fatalf("%s: no search took the reply in 20 s", step)
		}
		h.ended(searched, step)
		h.event(Answered)
	case "play":
		if _, ok := h.m.PlayIt(); !ok {
			return 0, errors.New("no move to play")
		}
	case "played":
		return 0, h.m.Played()
	case "take":
		return h.m.TakeBack(), nil
	case "resign":
		return 0, h.m.Resign()
	case "due":
		h.tick <- time.Time{}
		h.event(Due)
	case "stop":
		searched := h.m.Searched()
		h.m.Stop()
		if searched != nil {
			h.ended(searched, step)
		}
	default:
		h.t.Fatalf("unknown step %q", step)
	}
	return 0, nil
}

// step is one step of a game in TestGame and what should follow it.
type step struct {
	do     string // see harness.do
	phase  Phase
	played int
	n      int    // moves taken back
	fails  string // part of the step's error, "" for none
}

// gameCase is a game of TestGame.
type gameCase struct {
	name    string
	human   rules.Color
	showFor time.Duration
	steps   []step
	check   func(t *testing.T, s State, eng *fakePlayer)
}

// failedWith is the check of a game that failed with an error saying part.
func failedWith(part string) func(t *testing.T, s State, eng *fakePlayer) {
	return func(t *testing.T, s State, eng *fakePlayer) {
		if s.Err == nil || !strings.Contains(s.Err.Error(), part) {
			t.Errorf("error %v, want one saying %q", s.Err, part)
		}
	}
}

// gameCases are the games TestGame plays.
func gameCases() []gameCase {
	return []gameCase{
		{"the user moves, the engine answers, take back both", rules.Gold, 0, []step{
			{do: "start", phase: YourMove},
			{do: "take back", phase: YourMove}, // nothing to take back at the start
			{do: "user Ee2n", phase: Thinking, played: 1},
			{do: "engine ed4n", phase: Showing, played: 1},
			{do: "play it", phase: Moving, played: 1},
			{do: "take back", phase: Moving, played: 1}, // not while the move slides
			{do: "played", phase: YourMove, played: 2},
			{do: "take back", phase: YourMove, n: 2},
		}, func(t *testing.T, s State, eng *fakePlayer) {
			if len(eng.limits) != 1 || eng.limits[0] != (Limits{Playouts: 500}) || eng.lengths[0] != 1 {
				t.Errorf("the engine got limits %v, games of %v moves", eng.limits, eng.lengths)
			}
		}},
		{"take back during the search", rules.Gold, 0, []step{
			{do: "start", phase: YourMove},
			{do: "user Ee2n", phase: Thinking, played: 1},
			{do: "take back", phase: YourMove, n: 1},
			{do: "user Ee2n", phase: Thinking, played: 1},
			{do: "engine ed4n", phase: Showing, played: 1},
			{do: "take back", phase: YourMove, n: 1},
		}, func(t *testing.T, s State, eng *fakePlayer) {
			if s.Searches != 2 || s.Turn.Side() != rules.Gold {
				t.Errorf("%d searches, %s to move", s.Searches, s.Turn.Side())
			}
		}},
		{"the engine wins, take back, the user wins", rules.Gold, 0, []step{
			{do: "start", phase: YourMove},
			{do: "user Ee2n", phase: Thinking, played: 1},
			{do: "engine ra2s", phase: Showing, played: 1},
			{do: "play it", phase: Moving, played: 1},
			{do: "played", phase: Over, played: 2},
			{do: "resign", phase: Over, played: 2, fails: "over"},
			{do: "take back", phase: YourMove, n: 2},
			{do: "user Ra7n", phase: Over, played: 1},
		}, func(t *testing.T, s State, eng *fakePlayer) {
			if !s.UserWon() || s.Result.How != rules.ByGoal || s.Repetition {
				t.Errorf("result %v, user won %v", s.Result, s.UserWon())
			}
		}},
		{"after the user's winning move take back takes it alone", rules.Gold, 0, []step{
			{do: "start", phase: YourMove},
			{do: "user Ra7n", phase: Over, played: 1},
			{do: "take back", phase: YourMove, n: 1},
		}, nil},
		{"the engine moves first, its move comes due, the user resigns", rules.Silver, time.Second, []step{
			{do: "start", phase: Thinking},
			{do: "engine Ee2n", phase: Showing},
			{do: "due", phase: Showing},
			{do: "play it", phase: Moving},
			{do: "played", phase: YourMove, played: 1},
			{do: "user ed4n", phase: Thinking, played: 2},
			{do: "resign", phase: Over, played: 2},
		}, func(t *testing.T, s State, eng *fakePlayer) {
			if s.UserWon() || s.Result != (rules.Result{Winner: rules.Gold, How: rules.ByResignation}) {
				t.Errorf("result %v", s.Result)
			}
		}},
		{"an illegal engine move fails the game", rules.Gold, 0, []step{
			{do: "start", phase: YourMove},
			{do: "user Ee2n", phase: Thinking, played: 1},
			{do: "engine Ra7n", phase: Failed, played: 1},
			{do: "take back", phase: Failed, played: 1},
		}, failedWith("Fake gave no move it may play")},
		{"an engine error fails the game", rules.Gold, 0, []step{
			{do: "start", phase: YourMove},
			{do: "user Ee2n", phase: Thinking, played: 1},
			{do: "engine !", phase: Failed, played: 1},
		}, failedWith("crashed")},
		{"moves out of turn are refused", rules.Gold, 0, []step{
			{do: "start", phase: YourMove},
			{do: "user ed4n", phase: YourMove, fails: "step 1"},
			{do: "played", phase: YourMove, fails: "no engine move"},
			{do: "play it", phase: YourMove, fails: "no move"},
			{do: "user Ee2n", phase: Thinking, played: 1},
			{do: "user ed4n", phase: Thinking, played: 1, fails: "not the user's move"},
			{do: "play it", phase: Thinking, played: 1, fails: "no move"},
			{do: "engine ed4n", phase: Showing, played: 1},
			{do: "play it", phase: Moving, played: 1},
			{do: "resign", phase: Moving, played: 1, fails: "being played"},
		}, nil},
		{"stop ends the search unheard", rules.Gold, 0, []step{
			{do: "start", phase: YourMove},
			{do: "user Ee2n", phase: Thinking, played: 1},
			{do: "stop", phase: Thinking, played: 1},
		}, nil},
	}
}

// TestGame plays games step by step against the fake engine, checking the
// phase, the moves played and what each step returned.
func TestGame(t *testing.T) {
	for _, tc := range gameCases() {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, tc.human, tc.showFor)
			for _, s := range tc.steps {
				n, err := h.do(strings.Replace(s.do, "take back", "take", 1))
				switch {
				case s.fails == "" && err != nil:
					t.Fatalf("%s: %v", s.do, err)
				case s.fails != "" && (err == nil || !strings.Contains(err.Error(), s.fails)):
					t.Fatalf("%s: error %v, want one saying %q", s.do, err, s.fails)
				}
				st := h.m.State()
				if st.Phase != s.phase || st.Played != s.played || n != s.n {
					t.Fatalf("after %s: phase %d, %d played, %d taken back; want %d, %d, %d", s.do, st.Phase, st.Played, n, s.phase, s.played, s.n)
				}
			}
			select {
			case e := <-h.events:
				t.Errorf("an event %d no step waited for", e)
			default:
			}
			if tc.check != nil {
				h.eng.mu.Lock()
				defer h.eng.mu.Unlock()
				tc.check(t, h.m.State(), h.eng)
			}
		})
	}
}

// TestShownMove: the state carries the engine's move while it is shown
// and played, the turn it is played in, and the engine's name.
func TestShownMove(t *testing.T) {
	h := newHarness(t, rules.Gold, 0)
	h.do("start")
	h.do("user Ee2n")
	h.do("engine ed4n")
	s := h.m.State()
	if s.Move != move(t, "ed4n") || s.Turn.Side() != rules.Silver || s.Engine != "Fake" || s.Human != rules.Gold {
		t.Errorf("shown: %+v", s)
	}
	h.do("play it")
	if s := h.m.State(); s.Move != move(t, "ed4n") {
		t.Errorf("while played the move is %v", s.Move)
	}
	h.do("played")
	if s := h.m.State(); s.Move != (rules.Move{}) || s.Turn.Side() != rules.Gold {
		t.Errorf("after the move: %+v", s)
	}
}

func TestNewRefuses(t *testing.T) {
	over, err := rules.NewGameFrom(goalPosition())
	if err != nil {
		t.Fatal(err)
	}
	over.Finish(rules.Result{Winner: rules.Gold, How: rules.ByResignation})
	eng := &fakePlayer{}
	tests := []struct {
		name string
		g    *rules.Game
		eng  Player
		lim  Limits
		want string
	}{
		{"a game over", over, eng, Limits{Time: time.Second}, "the game is over here"},
		{"a setup", rules.NewGame(), eng, Limits{Time: time.Second}, "setup"},
		{"no engine", rules.NewGame(), nil, Limits{Time: time.Second}, "no engine"},
		{"no limit", rules.NewGame(), eng, Limits{}, "one of them"},
		{"both limits", rules.NewGame(), eng, Limits{Time: time.Second, Playouts: 100}, "one of them"},
		{"too few playouts", rules.NewGame(), eng, Limits{Playouts: 9}, "Playouts per move"},
		{"too long", rules.NewGame(), eng, Limits{Time: 2 * time.Hour}, "Seconds per move"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := New(tc.g, tc.eng, rules.Gold, tc.lim, 0, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

func TestParseLimits(t *testing.T) {
	tests := []struct {
		text       string
		byPlayouts bool
		want       Limits
		err        string
	}{
		{"2", false, Limits{Time: 2 * time.Second}, ""},
		{" 0.05 ", false, Limits{Time: 50 * time.Millisecond}, ""},
		{"3600", false, Limits{Time: time.Hour}, ""},
		{"0", false, Limits{}, `Seconds per move: "0" is not a number from 0.05 to 3600`},
		{"3601", false, Limits{}, "Seconds per move"},
		{"NaN", false, Limits{}, "Seconds per move"},
		{"two", false, Limits{}, "Seconds per move"},
		{"500", true, Limits{Playouts: 500}, ""},
		{"1,000,000", true, Limits{Playouts: 1_000_000}, ""},
		{"5", true, Limits{}, `Playouts per move: "5" is not a whole number from 10 to 100000000`},
		{"100000001", true, Limits{}, "Playouts per move"},
		{"1.5", true, Limits{}, "Playouts per move"},
	}
	for _, tc := range tests {
		got, err := ParseLimits(tc.text, tc.byPlayouts)
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("ParseLimits(%q, %v) = %v, %v; want %v", tc.text, tc.byPlayouts, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseLimits(%q, %v): error %v, want %q", tc.text, tc.byPlayouts, err, tc.err)
		case err == nil && got.Check() != nil:
			t.Errorf("ParseLimits(%q) gave limits Check refuses: %v", tc.text, got.Check())
		}
	}
	if s := (Limits{Time: 1500 * time.Millisecond}).String(); s != "1.5 s per move" {
		t.Errorf("String %q", s)
	}
	if s := (Limits{Playouts: 500}).String(); s != "500 playouts per move" {
		t.Errorf("String %q", s)
	}
}

func TestStartFrom(t *testing.T) {
	p := goalPosition()
	var home, eliminated [64]rules.Piece
	home[rules.A8], home[rules.H8] = rules.GoldRabbit, rules.SilverRabbit
	eliminated[rules.A2], eliminated[rules.H7] = rules.GoldRabbit, rules.SilverElephant
	tests := []struct {
		name string
		p    rules.Position
		want string
	}{
		{"a playable position", p, ""},
		{"a rabbit on its goal rank", rules.NewPosition(rules.Silver, 2, home), "goal rank"},
		{"silver has no rabbit", rules.NewPosition(rules.Silver, 2, eliminated), "already decided"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := StartFrom(tc.p)
			switch {
			case tc.want == "" && (err != nil || g.Phase() != rules.Playing):
				t.Errorf("StartFrom: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("StartFrom: error %v, want one saying %q", err, tc.want)
			}
		})
	}
}
