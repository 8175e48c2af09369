package config

// Search holds the constants of the Monte Carlo tree search (Kozelek,
// Methods of MCTS and the game Arimaa, 2009, ch. 4.3-4.8; the chapters the
// doc tags name are that thesis's). Each field's doc tag is the comment
// written above its key in TOML and shown by the settings form; range
// gives the allowed values.
type Search struct {
	Algorithm string `toml:"algorithm" doc:"The builtin engine's search: \"alphabeta\" (the principal-variation search of the [alphabeta] table, the stronger in matches) or \"mcts\" (the Monte Carlo tree search of this table), over the same evaluation, goal and trap checks and time management."`

	Exploration     float64 `toml:"exploration" range:"0,10" doc:"UCB1 exploration constant c in X + c*sqrt(ln n / n_i) (Kozelek 2009, ch. 4.3.3: 0.2)."`
	VirtualVisits   int     `toml:"virtual_visits" range:"0,1000" doc:"Virtual visits with a drawn result given to every new node instead of first-play urgency (ch. 4.3.3; 5 was best in ch. 5)."`
	Maturity        int     `toml:"maturity" range:"0,100000" doc:"A node is expanded after maturity + depth visits (ch. 4.3.3)."`
	CapturePrior    int     `toml:"capture_prior" range:"0,100000" doc:"Search extension: a child that begins a capture the trap check finds when its node is expanded gets this much step score on top (after Kozelek 2009, ch. 4.7.3; 0 turns it off)."`
	DefencePrior    int     `toml:"defence_prior" range:"0,100000" doc:"Search extension: a child that moves a piece the opponent threatens to capture, or guards the trap it would die on, gets this much step score on top (0 turns it off)."`
	DefenceMidTurn  bool    `toml:"defence_midturn" doc:"The threats of defence_prior are looked for after every step of a turn, not only at its start, so that once one threat is met the steps that meet another get the prior."`
	EvalPrior       float64 `toml:"eval_prior" range:"0,10" doc:"Quiet positions: when the trap checks find no capture for either side at the root, nor at the node being expanded, a child in the root mover's first turn gains in step score this many times the change of the static evaluation its steps make for the mover (at most 600 either way), so that quiet steps towards a frame, a blockade or a hostage, which the playouts undo at random, are searched first (0 turns it off)."`
	TacticsDepth    int     `toml:"tactics_depth" range:"0,255" doc:"The trap checks of capture_prior and defence_prior run at nodes at most this many steps below the root: they cost a search each."`
	KnowledgeWeight float64 `toml:"knowledge_weight" range:"0,100" doc:"Progressive bias: h_i = knowledge_weight * step score / 1000, added as h_i / n_i (knowledge in tree; 0 turns it off)."`
	HistoryWeight   float64 `toml:"history_weight" range:"0,100" doc:"History heuristic: hh_i = history_weight * (mean result of the step anywhere in the tree - 0.5), added as hh_i / sqrt(n_i) (ch. 4.7.1; 0 turns it off)."`
	Transpositions  bool    `toml:"transpositions" doc:"Share values and children among tree nodes of equal position and depth (ch. 4.3.4)."`
	CacheThreshold  int     `toml:"cache_threshold" range:"0,1000000" doc:"Children caching: a node with this many visits keeps its best children in a cache (ch. 4.8.2; 0 turns it off)."`
	CacheSize       int     `toml:"cache_size" range:"1,16" doc:"How many children the cache holds; it is refilled whenever floor(sqrt(visits)) grows."`

	PlayoutMinTurns  int     `toml:"playout_min_turns" range:"1,50" doc:"Playouts run a random number of whole turns between playout_min_turns and playout_max_turns before the evaluation (ch. 4.4.1: 1 to 4)."`
	PlayoutMaxTurns  int     `toml:"playout_max_turns" range:"1,50" doc:"See playout_min_turns."`
	PlayoutPieces    int     `toml:"playout_pieces" range:"0,16" doc:"Move-oriented step generation: each playout turn moves only this many randomly chosen pieces (ch. 4.4.2; 0 = step-oriented, all pieces)."`
	BestOf           int     `toml:"best_of" range:"1,64" doc:"Best-of-N step selection in playouts: N random candidate steps, the best by step knowledge is played (ch. 4.4.2: 3; 1 = uniformly random)."`
	GoalCheck        bool    `toml:"goal_check" doc:"Judge a tree node won when the side to move can reach the goal with the steps it has left (exact 4-step goal search of engine/eval; ch. 4.5.2)."`
	LeafEval         float64 `toml:"leaf_eval" range:"0,1" doc:"Share of a playout's result taken from the static evaluation of the position where it starts (the tree's leaf) instead of its last position: strategic features such as a blockade or a frame, which random playout moves tend to undo, then count as the tree found them (0: the playout alone, as in ch. 4.4)."`
	PlayoutGoalSteps int     `toml:"playout_goal_steps" range:"1,4" doc:"Steps the \"rabbit\" goal check of a playout's last position looks ahead (the original engine looks 3; more makes lines with advanced rabbits look winning)."`
	PlayoutDefence   int     `toml:"playout_defence" range:"0,100000" doc:"Goal defence in playouts: at the start of a playout turn where the opponent's rabbits could walk to the goal next turn (by the rabbit goal check), the mover's pieces near their paths join the pieces that may move, and a step onto a path square or beside such a rabbit gets this much step score on top (0 turns it off)."`
	AdvisorRate      float64 `toml:"advisor_rate" range:"0,1" doc:"Move advisor (Kozelek 2009, ch. 4.7.3): the captures and goals the trap and goal checks find where the tree grows are kept, and a playout turn replays a goal that still works there and, with this probability, a capture that still captures (0 turns the advisor off)."`
	AdvisorGoals     bool    `toml:"advisor_goals" doc:"With the move advisor on, playouts also replay the goals the goal checks found (every time one still works)."`
	AdvisorScored    bool    `toml:"advisor_scored" doc:"With the move advisor on, each kept capture carries the results of the playouts that replayed it, and a playout turn replays the applicable capture of the highest UCB1 urgency (mean result + exploration * sqrt(ln n / n_i), ch. 4.7.3) rather than one at random."`
	DecidedScore     int     `toml:"decided_score" range:"0,100000" doc:"Decided positions: when the root's evaluation favours one side by more than this (evaluation units), playouts' evaluations are shifted by decided_share of the excess against that side, so that the win ratios of a won position spread out again and real wins (goal, elimination) count for more than a won-looking evaluation (0 turns it off)."`
	DecidedShare     float64 `toml:"decided_share" range:"0,1" doc:"Share of the root's evaluation beyond decided_score that is taken off every playout's evaluation (see decided_score)."`
	PlayoutGoal      string  `toml:"playout_goal" doc:"Goal check before evaluating a playout's last position (ch. 4.5.2): \"rabbit\" (narrowed: a rabbit walking to the goal on its own, fast), \"exact\" (the full 4-step goal search) or \"off\"."`

	MemoryMB        int `toml:"memory_mb" range:"1,65536" doc:"Memory for the tree when no node or memory limit is given; the tree never grows past it."`
	Threads         int `toml:"threads" range:"0,256" doc:"Search workers over the one shared tree (ch. 4.8.1); 0 uses every core."`
	ReportMS        int `toml:"report_ms" range:"10,10000" doc:"Milliseconds between progress reports (at least 4 per second by default)."`
	Candidates      int `toml:"candidates" range:"1,100" doc:"How many root candidates (whole moves) a report lists."`
	PVSteps         int `toml:"pv_steps" range:"1,400" doc:"Longest principal variation a report gives, in steps."`
	SnapshotMinimum int `toml:"snapshot_min_visits" range:"0,1000000" doc:"Tree snapshots leave out nodes with fewer visits than this."`

	Setups []string `toml:"setups" doc:"Setup library, written for Gold on ranks 1-2 (Silver mirrors it); one is chosen when the engine must set up."`
}

// Time holds the time management used under an AEI time control.
type Time struct {
	Manager         string  `toml:"manager" doc:"Time management: \"new\" (a budget that keeps a reserve for the game's length and hard positions, searches longer while the best move is unstable and shorter when one move dominates, and widens its safety margin when the machine answers late) or \"old\" (move time plus reserve_fraction of the reserve on every move; kept only to compare the two in matches)."`
	ExpectedTurns   int     `toml:"expected_turns" range:"1,1000" doc:"New time management: the turns of each side a game is expected to last; the spendable reserve is spread over the turns left until then (at least 15)."`
	ReserveKeep     float64 `toml:"reserve_keep" range:"0,1" doc:"New time management: share of the starting reserve (at least two move times) kept back for hard positions rather than spread over the game."`
	ReserveFraction float64 `toml:"reserve_fraction" range:"0,1" doc:"Old time management: share of the remaining reserve the engine adds to its per-move time on every move."`
	SafetyMS        int     `toml:"safety_ms" range:"0,60000" doc:"Milliseconds kept back from every limit for answering and transmission."`
	MinMoveMS       int     `toml:"min_move_ms" range:"1,60000" doc:"Shortest search the engine plays, in milliseconds, when the clock allows it."`
	DefaultMoveMS   int     `toml:"default_move_ms" range:"1,3600000" doc:"Search time in milliseconds when no time control is set."`
}

func defaultSearch() Search {
	return Search{
		Algorithm:        "alphabeta",
		Exploration:      0.1,
		VirtualVisits:    5,
		Maturity:         3,
		KnowledgeWeight:  4,
		CapturePrior:     300,
		EvalPrior:        1,
		DefencePrior:     200,
		DefenceMidTurn:   true,
		TacticsDepth:     8,
		HistoryWeight:    1,
		Transpositions:   true,
		CacheThreshold:   50,
		CacheSize:        5,
		PlayoutMinTurns:  1,
		PlayoutMaxTurns:  4,
		PlayoutPieces:    3,
		BestOf:           3,
		GoalCheck:        true,
		PlayoutGoal:      "rabbit",
		LeafEval:         0,
		PlayoutGoalSteps: 4,
		AdvisorRate:      1,
		DecidedScore:     300,
		DecidedShare:     1,
		MemoryMB:         256,
		Threads:          0,
		ReportMS:         200,
		Candidates:       8,
		PVSteps:          24,
		SnapshotMinimum:  1,
		Setups: []string{
			"Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2",
			"Ra1 Rb1 Rc1 Dd1 De1 Rf1 Rg1 Rh1 Ra2 Hb2 Cc2 Ed2 Me2 Cf2 Hg2 Rh2",
			"Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2",
			"Ra1 Rb1 Dc1 Rd1 Re1 Df1 Rg1 Rh1 Ra2 Hb2 Cc2 Ed2 Me2 Cf2 Hg2 Rh2",
			"Ra1 Rb1 Rc1 Cd1 Ce1 Rf1 Rg1 Rh1 Ra2 Hb2 Dc2 Md2 Ee2 Df2 Hg2 Rh2",
		},
	}
}

func defaultTime() Time {
	return Time{Manager: "new", ExpectedTurns: 60, ReserveKeep: 0.25, ReserveFraction: 0.1, SafetyMS: 300, MinMoveMS: 50, DefaultMoveMS: 5000}
}
