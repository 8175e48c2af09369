package match

import (
	"fmt"
	"os"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/timeman"
)

// Slot plays games one at a time: a local runner has Config.Jobs of them,
// a worker one per job it takes at once. It keeps each AEI engine running
// from one game to the next (starting a process costs more than a short
// game's move), and restarts an engine after a fault. A Slot is not safe
// for concurrent use.
type Slot struct {
	site    string
	eval    *eval.Evaluator
	players map[string]player
	// delays keep each engine's longest turn beyond its search over all
	// the slot's games: the machine that stalled one game stalls the next,
	// and a fresh mark each game met the first stall unprepared.
	delays map[string]*timeman.Delays
}

// NewSlot returns a slot whose games name site (the host) in the archive's
// site column; "" takes the host name.
func NewSlot(site string) *Slot {
	if site == "" {
		site, _ = os.Hostname()
	}
	return &Slot{site: site, eval: eval.New(eval.DefaultWeights()), players: map[string]player{}, delays: map[string]*timeman.Delays{}}
}

// delay is the answering delay's high-water mark of the engine s under
// limits l in this slot.
func (sl *Slot) delay(s *ats.Spec, l Limits) *timeman.Delays {
	key := playerKey(s, l)
	d := sl.delays[key]
	if d == nil {
		d = new(timeman.Delays)
		sl.delays[key] = d
	}
	return d
}

// playerKey identifies an AEI engine with everything its process was
// started with, so that a worker playing games of several matches reuses
// a process only for the very same engine.
func playerKey(s *ats.Spec, l Limits) string {
	return fmt.Sprintf("%#v|%q|%#v|%#v|%q|%d|%d|%d", s.Command, s.Dir, s.Env, s.Options, s.Name, l.Playouts, l.StartTimeout, l.Grace)
}

// player returns the engine that plays side in game, started afresh for a
// builtin engine (each game takes a new searcher anyway) and kept for an
// AEI one.
func (sl *Slot) player(game *Game, side rules.Color) (player, string) {
	s := &game.Engines[side]
	if s.Builtin {
		return &builtinPlayer{spec: s, nodes: game.Limits.Nodes}, ""
	}
	key := playerKey(s, game.Limits)
	if p, ok := sl.players[key]; ok {
		return p, key
	}
	p := newAEIPlayer(s, aeiConfig(s, game.Limits), game.Limits.Playouts)
	sl.players[key] = p
	return p, key
}

// keepOnly closes the engines that game does not use, so that a worker
// does not gather processes of matches long over.
func (sl *Slot) keepOnly(game *Game) {
	used := map[string]bool{}
	for _, s := range game.Engines {
		if !s.Builtin {
			used[playerKey(&s, game.Limits)] = true
		}
	}
	for k := range sl.players {
		if !used[k] {
			sl.drop(k)
		}
	}
}

// drop closes an engine, so the next game starts it afresh.
func (sl *Slot) drop(key string) {
	if p, ok := sl.players[key]; ok {
		p.close()
		delete(sl.players, key)
	}
}

// Close stops the slot's engines.
func (sl *Slot) Close() {
	for k := range sl.players {
		sl.drop(k)
	}
}

// aeiConfig is how the controller starts s in a match: as the spec says,
// with the match's timeouts for every engine.
func aeiConfig(s *ats.Spec, l Limits) aei.Config {
	c := s.AEIConfig()
	c.StartTimeout, c.Grace = l.StartTimeout, l.Grace
	return c
}
