package config

// AlphaBeta holds the constants of the alpha-beta search (package
// engine/alphabeta), the [alphabeta] table: chosen with search.algorithm =
// "alphabeta". Its threads, report interval, candidates and principal
// variation length are the [search] table's (threads, report_ms,
// candidates, pv_steps), shared by both searches.
type AlphaBeta struct {
	HashMB       int `toml:"hash_mb" range:"1,65536" doc:"Memory for the transposition table, in MB (16 bytes an entry); a search's memory limit, when given, replaces it."`
	MaxDepth     int `toml:"max_depth" range:"1,96" doc:"Deepest iteration, in steps (a turn is four); a search's depth limit, when given, is the smaller."`
	Quiescence   int `toml:"quiescence" range:"0,4" doc:"At the horizon, at the start of a turn, the side to move may also take each capture the trap check finds within this many steps (the position after it judged by the opponent's goal check and the evaluation), not only stand on the static evaluation; the trap check costs more the more steps it looks (0 turns it off)."`
	GoalThreat   int `toml:"goal_threat" range:"0,20000" doc:"At the horizon, the evaluation of a position where the side not to move could reach its goal within one turn of its own (the goal check, as if it moved now) loses this many points for the side to move, which must spend its steps defending (0 turns it off)."`
	NullTurn     int `toml:"null_turn" range:"0,16" doc:"Null-turn pruning: at the start of a turn with more than a turn of depth left, outside the principal variation, and when the evaluation is at least beta, the side to move lets the opponent move at once to a depth this many steps shallower than a turn's play would leave; if the opponent still cannot bring the score under beta the node is cut. Passing a whole turn is not a legal move, but a side is almost never worse off for the steps it takes (0 turns it off)."`
	LMR          int `toml:"lmr" range:"0,4" doc:"Late-move reductions: steps taken off the depth of a quiet step searched after lmr_after others (no capture, not the table's step, not a killer), searched again at full depth if it raises alpha (0 turns them off)."`
	LMRAfter     int `toml:"lmr_after" range:"1,200" doc:"How many steps of a node are searched at full depth before late-move reductions apply."`
	LMRDepth     int `toml:"lmr_depth" range:"1,96" doc:"Late-move reductions apply only at nodes with at least this many steps of depth left."`
	Futility     int `toml:"futility" range:"0,10000" doc:"Futility margin, in evaluation points a step: outside the principal variation, a node in the last turn before the horizon whose evaluation is below alpha by more than this many points for each step left, and where no capture is possible, is not searched further; and a node at the start of a turn, with at most two turns of depth left, whose evaluation is above beta by as much, and where the side not to move can neither capture nor reach its goal next turn, is cut there (0 turns both off)."`
	Threat       int `toml:"threat" range:"0,100" doc:"At the horizon, the evaluation loses this share, in percent, of the most valuable piece the side not to move could capture in a turn of its own (the trap check, as if it moved now), so that a piece left where the opponent takes it next turn counts as partly lost before the capture lies within the search's depth (0 turns it off)."`
	ThreatSteps  int `toml:"threat_steps" range:"1,4" doc:"How many steps of the side not to move the threat's trap check looks: the trap check costs more the more steps it looks, ten times more at four than at three where many pieces stand near the traps."`
	ThreatSecond int `toml:"threat_second" range:"0,100" doc:"Where the side not to move could capture two pieces on different traps (the threat's trap check), the evaluation loses at least this share, in percent, of the less valuable of the two: the side to move can rarely save both (0 turns it off)."`
	GoalExtend   int `toml:"goal_extend" range:"0,8" doc:"Goal-threat extension: at the start of a turn where the opponent could reach its goal in a turn of its own (the goal check, as if it moved now), the depth left is raised to at least this many steps, so that the side to move searches its defence and the opponent's goal check at the next turn's start judges it (4: the whole turn), within twice the iteration's depth from the root (0 turns it off)."`
	Independent  int `toml:"independent" range:"0,96" doc:"Independent-step pruning (Zhong 2005, as bot_sharp uses it): a turn whose first three steps are independent of one another (none moves into or out of another's square, unfreezes another's piece, pushes or pulls, or guards a trap another steps onto) is not searched further, at nodes with at most this many steps of depth left, when a step of that turn was not the first searched at its node: three unrelated steps are seldom the best use of a turn (0 turns it off)."`
	Aspiration   int `toml:"aspiration" range:"0,10000" doc:"Aspiration window: each iteration after the fourth searches the root within this many evaluation points of the last score first, and again with the full window when the score falls outside (0: always the full window)."`
}

func defaultAlphaBeta() AlphaBeta {
	return AlphaBeta{HashMB: 64, MaxDepth: 64, Quiescence: 4, GoalThreat: 400, NullTurn: 4, LMR: 2, LMRAfter: 3, LMRDepth: 2, Futility: 60, Threat: 50, ThreatSteps: 3, GoalExtend: 0, Independent: 8, Aspiration: 0}
}
