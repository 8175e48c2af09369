// Package match plays engine matches and tournaments, on one machine or
// (with package cluster) on many: two engines make a match, more a round
// robin or a gauntlet. Engines are the builtin engine (MCTS or alpha-beta) with any
// configuration, or external AEI engines (ats.Spec, ats.ParseSpec). Games are
// played under full rules checking (rules.Game) with an Arimaa time
// control that the runner enforces (TimeControl) or playout and node
// budgets; faults (a crash, a hang, an illegal move, a
// time forfeit) lose the game for the faulty engine, which is restarted,
// and the match goes on. Each game is appended to a game archive the
// moment it ends, which a later run resumes. Standings give each engine's
// score and Elo with its 95% interval, and an SPRT may stop the match once
// it decides.
//
// A Game is one game of a match with everything needed to play it, and a
// Slot plays it: the runner on Config.Jobs local slots, or, with another
// Executor such as package cluster's, workers on other machines with the
// same code.
//
// A typical use, as the match command does it:
//
//	a, _ := ats.ParseSpec([]string{"builtin"})
//	b, _ := ats.ParseSpec([]string{"bin/baseline aei", "name=baseline"})
//	t, _ := match.ParseSPRT("elo0=0,elo1=20")
//	r, _ := match.NewRunner(match.Config{
//		Engines: []ats.Spec{a, b}, Games: 200, Playouts: 20000, Jobs: 2,
//		SPRT: &t, Out: "m.txt",
//		OnEvent: func(e match.Event) { ... }, // e.Standings.Line()
//	})
//	sum, err := r.Run(ctx) // cancel ctx to stop; Resume: true continues m.txt
package match
