package match

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/timeman"
	"arimaa-workbench/records"
)

// GameResult is one finished game of a match.
type GameResult struct {
	ID          int       // the game's number in the match, from 1
	Players     [2]string // Gold's and Silver's engine names
	Engines     [2]int    // Gold's and Silver's indices in Config.Engines (set by the runner)
	Winner      rules.Color
	Draw        bool
	Termination rules.Termination
	// Kind says how the game ended in a word or two: goal, elimination,
	// immobilization, repetition, time, illegal move, crash, hang, no
	// start, protocol, error, adjudication or game limit.
	Kind string
	// Reason is the ending in a sentence, with an engine's error and last
	// output where it failed.
	Reason  string
	Moves   int // moves played after the setups
	Archive *records.ArchiveGame
	// Started says which engines started for the game; Faults lists the
	// engine errors, each of which has the engine restarted.
	Started [2]bool
	Faults  []EngineFault
}

// Faulty reports whether the loser lost by a fault of its own (crash,
// hang, illegal move, time forfeit and the like) rather than on the board.
func (g *GameResult) Faulty() bool { return !g.Draw && faultKinds[g.Kind] }

// faultKinds are the endings that are an engine's fault.
var faultKinds = map[string]bool{"repetition": true, "time": true, "illegal move": true, "crash": true,
	"hang": true, "no start": true, "protocol": true, "error": true}

// endMarker starts the events line that records how a game ended, so a
// resumed match can count its kind again.
const endMarker = "end: "

// gameState is one game being played.
type gameState struct {
	slot    *Slot
	game    *Game
	keys    [2]string // the players' keys in the slot
	g       *rules.Game
	clock   *gameClock
	events  []string
	res     GameResult
	started time.Time
	// delays keep each side's longest turn beyond its search (Slot.delay).
	delays [2]*timeman.Delays
}

func (s *gameState) event(format string, args ...any) {
	s.events = append(s.events, strconv.FormatInt(time.Now().Unix(), 10)+" "+fmt.Sprintf(format, args...))
}

// label is the current turn's label, e.g. "12b", or "1w" in the setup.
func (s *gameState) label() string {
	switch s.g.Phase() {
	case rules.GoldSetup:
		return "1w"
	case rules.SilverSetup:
		return "1b"
	}
	p := s.g.Position()
	return rules.TurnLabel(p.Turn(), p.Side())
}

// finish ends the game with winner winning by how.
func (s *gameState) finish(winner rules.Color, how rules.Termination, kind, reason string) {
	s.res.Winner, s.res.Termination, s.res.Kind, s.res.Reason = winner, how, kind, reason
	s.event("%s%s: %s", endMarker, kind, reason)
}

// lose ends the game with side losing by a fault of its engine.
func (s *gameState) lose(side rules.Color, how rules.Termination, kind, why string) {
	s.finish(side.Other(), how, kind, fmt.Sprintf("%s (%s) loses at %s: %s: %s", s.res.Players[side], side, s.label(), kind, why))
}

// errAbandoned is a game stopped before its end.
var errAbandoned = errors.New("game abandoned")

// IsAbandoned reports whether err from Slot.Play says the game was
// stopped before its end (its context ended), rather than that it could
// not be played.
func IsAbandoned(err error) bool { return errors.Is(err, errAbandoned) }

// Play plays game on the slot. It returns an error wrapping errAbandoned
// (see IsAbandoned) and ctx's error when ctx ends first; engine faults end
// the game, and the result lists them.
func (sl *Slot) Play(ctx context.Context, game *Game) (*GameResult, error) {
	sl.keepOnly(game)
	s := &gameState{slot: sl, game: game, clock: newGameClock(game.Limits.TC), started: time.Now()}
	s.res = GameResult{ID: game.ID, Players: [2]string{game.Engines[0].Name, game.Engines[1].Name}}
	if game.Opening != nil {
		g, err := game.Opening.Game()
		if err != nil {
			return nil, fmt.Errorf("game %d: opening %s: %w", game.ID, game.Opening.Name, err)
		}
		s.g = g
	} else {
		s.g = rules.NewGame()
	}
	s.event("%s", game.firstEvent())
	var players [2]player
	for side := rules.Gold; side <= rules.Silver; side++ {
		p, key := sl.player(game, side)
		s.keys[side] = key
		s.delays[side] = sl.delay(&game.Engines[side], game.Limits)
		if err := p.newGame(ctx, game.Seed); err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("%w: %w", errAbandoned, ctx.Err())
			}
			_, kind := faultOf(err)
			s.lose(side, ByForfeit, kind, err.Error())
			s.engineFailed(side, err)
			return s.result(), nil
		}
		s.res.Started[side] = true
		players[side] = p
	}
	for !s.step(ctx, players) {
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%w: %w", errAbandoned, ctx.Err())
	}
	return s.result(), nil
}

// engineFailed books an engine's fault and drops the engine, so that the
// next game starts it afresh.
func (s *gameState) engineFailed(side rules.Color, err error) {
	var se *startError
	s.res.Faults = append(s.res.Faults, EngineFault{Side: side, Err: err, Start: errors.As(err, &se)})
	if s.keys[side] != "" {
		s.slot.drop(s.keys[side])
	}
}

// step plays one turn, or ends the game; it reports true when the game has
// ended (or ctx has).
func (s *gameState) step(ctx context.Context, players [2]player) bool {
	g, lim := s.g, &s.game.Limits
	if ctx.Err() != nil {
		return true
	}
	switch g.Phase() {
	case rules.Over:
		res, _ := g.Result()
		s.finish(res.Winner, res.How, res.How.String(), fmt.Sprintf("%s (%s) wins by %s", s.res.Players[res.Winner], res.Winner, res.How))
		return true
	case rules.GoldSetup, rules.SilverSetup:
		side := rules.Gold
		if g.Phase() == rules.SilverSetup {
			side = rules.Silver
		}
		pl, err := players[side].setup(ctx, g)
		if ctx.Err() != nil {
			return true
		}
		if err != nil {
			s.fault(side, err, "")
			return true
		}
		if err := g.SetupPieces(pl); err != nil {
			s.lose(side, rules.ByIllegalMove, "illegal move", err.Error())
			return true
		}
		return false
	}
	pos := g.Position()
	side := pos.Side()
	if n := lim.MaxTurns; n > 0 && len(g.Moves()) >= 2*n {
		s.adjudicate(pos, "adjudication", fmt.Sprintf("adjudicated after %d turns of each side (--max-turns)", n))
		return true
	}
	if s.clock.gameOver(len(g.Moves())) {
		s.adjudicate(pos, "game limit", "the game limit of the time control "+lim.TC.String()+" is reached; scored")
		return true
	}
	rep, err := players[side].move(ctx, g, turnLimitsOf(lim, s.clock, side, pos.Turn(), s.delays[side].Mark(), &s.game.Engines[side]))
	if ctx.Err() != nil {
		return true
	}
	if err != nil {
		s.fault(side, err, rep.lastOutput)
		return true
	}
	if rep.searched > 0 && rep.used > rep.searched {
		s.delays[side].Add(rep.used - rep.searched)
	}
	hard := s.clock.hard(side)
	if s.clock.charge(side, rep.used) {
		why := fmt.Sprintf("took %.3fs; the clock allowed %.3fs", rep.used.Seconds(), hard.Seconds())
		// The engine answered, late: it is idle and keeps its process. A
		// restart made the next game's first move a cold start, which on a
		// busy machine lost that game on time too.
		s.lose(side, rules.ByTime, "time", why)
		return true
	}
	label := s.label()
	played, err := ats.PlayMove(pos, rep.text)
	if err != nil {
		s.lose(side, rules.ByIllegalMove, "illegal move", fmt.Sprintf("%q: %v", rep.text, err))
		// An engine that plays nonsense may be confused about the game.
		s.engineFailed(side, fmt.Errorf("illegal move %q", rep.text))
		return true
	}
	if err := g.Play(played.Move); err != nil {
		// PlayMove checked every rule but those of the game's history.
		s.lose(side, ByRepetition, "repetition", fmt.Sprintf("%s repeats a position for the third time", played.Text))
		return true
	}
	s.event("%s %.3fs", label, rep.used.Seconds())
	return false
}

// fault ends the game after an engine error and has the engine restarted.
func (s *gameState) fault(side rules.Color, err error, lastOutput string) {
	how, kind := faultOf(err)
	s.lose(side, how, kind, describeErr(err, lastOutput))
	s.engineFailed(side, err)
}

// adjudicate ends the game by the static evaluation of pos: a goal the
// side to move can reach this turn wins; otherwise the side the evaluation
// favours wins, and an exactly balanced position is a draw.
func (s *gameState) adjudicate(pos rules.Position, kind, why string) {
	side := pos.Side()
	if m, ok := eval.GoalCheck(&pos); ok {
		s.finish(side, rules.ByScore, kind, fmt.Sprintf("%s: %s (%s) reaches the goal with %s", why, s.res.Players[side], side, pos.MoveString(m)))
		return
	}
	score := s.slot.eval.Evaluate(&pos)
	winner := side
	if score < 0 {
		winner, score = side.Other(), -score
	}
	if score == 0 {
		s.res.Draw = true
		s.finish(side, ByDraw, kind, why+": the static evaluation is level: a draw")
		return
	}
	s.finish(winner, rules.ByScore, kind, fmt.Sprintf("%s: the static evaluation favours %s (%s) by %d (win probability %.2f)",
		why, s.res.Players[winner], winner, score, s.slot.eval.WinProbability(score)))
}

// result builds the game's archive row.
func (s *gameState) result() *GameResult {
	s.res.Moves = len(s.g.Moves())
	ag := s.game.archiveGame(s.g, s.events, s.slot.site, s.started)
	ag.Result, ag.Unfinished, ag.Termination = s.res.Winner, s.res.Draw, s.res.Termination
	s.res.Archive = ag
	return &s.res
}

// turnLimitsOf are the limits of side's next turn, at turn (the game's
// move number), with delay the longest time side's turns took beyond their
// search so far (the runner's own work, and a busy machine's stalls).
// Under a time control an AEI engine is given the clock and manages its
// own time, as under any AEI controller; the builtin engine, searching in
// process, is given its time manager's plan.
func turnLimitsOf(l *Limits, c *gameClock, side rules.Color, turn int, delay time.Duration, spec *ats.Spec) turnLimits {
	lim := turnLimits{playouts: l.Playouts, nodes: l.Nodes, timeout: l.MoveTimeout}
	if !l.TC.timed() {
		return lim
	}
	if !spec.Builtin {
		clock := c.engineClock()
		lim.clock = &clock
		return lim
	}
	b := timeman.Plan(timeman.Input{Clock: c.engineClock(), Side: side, Turn: turn, Delay: delay}, spec.Config.Time)
	lim.budget, lim.target = b.Target, 0
	if !b.Fixed && b.Max > b.Target {
		// The search goes to the target and settles or stretches
		// within the hard stop.
		lim.budget, lim.target, lim.least = b.Max, b.Target, b.Least
	}
	return lim
}
