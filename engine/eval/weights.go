package eval

// Static holds the constants of the static evaluation (Kozelek 2009, ch. 4.5.2),
// the [eval] table of a configuration. Indexes of the per-type arrays follow
// rules.PieceType: 0 unused, 1 rabbit, 2 cat, 3 dog, 4 horse, 5 camel,
// 6 elephant.
type Static struct {
	SigmoidLambda float64 `toml:"sigmoid_lambda" range:"0.00001,1" doc:"λ of the sigmoid 1/(1+exp(-λ·score)) that turns a score into a winning probability (ch. 4.5.1)."`
	SigmoidLate   float64 `toml:"sigmoid_late" range:"0,10" doc:"How much steeper the sigmoid grows as pieces leave the board, for the playouts: λ·(1 + sigmoid_late·captured/32), so that an advantage decides more in a thinned position (0: the same λ throughout)."`

	Rabbit   int `toml:"rabbit" range:"0,10000" doc:"Value of a rabbit, before the rabbit-count penalty."`
	Cat      int `toml:"cat" range:"0,10000" doc:"Value of a cat (150 in ch. 4.5.1)."`
	Dog      int `toml:"dog" range:"0,10000" doc:"Value of a dog."`
	Horse    int `toml:"horse" range:"0,10000" doc:"Value of a horse."`
	Camel    int `toml:"camel" range:"0,10000" doc:"Value of a camel."`
	Elephant int `toml:"elephant" range:"0,10000" doc:"Value of an elephant."`

	Harlog float64 `toml:"harlog" range:"0,1000" doc:"Material by the HarLog formula instead of the fixed values above, in points per rabbit (the first a full army loses): each piece other than a rabbit is worth 1/(1.4475 + the enemy pieces stronger than it), the rabbits 0.6314·ln(rabbits × pieces), so that a piece is worth what the enemy's stronger pieces leave it and rabbits grow dearer as the armies thin (HarLog, Arimaa community 2009; bot_sharp's material, Wu 2015). rabbits_left then counts only when no rabbit is left, and the piece values of the other terms are HarLog's at the start (130 makes them about 130, 182, 276, 473, 843 and 1,429; 0: the fixed values)."`

	RabbitsLeft [9]int `toml:"rabbits_left" range:"0,10000" doc:"Penalty by the number of rabbits a side has left, index 0 to 8."`

	FrozenPercent [7]int `toml:"frozen_percent" range:"0,100" doc:"Share of a frozen piece's value lost, in percent, by piece type."`

	TrapGuards    [5]int `toml:"trap_guards" range:"-10000,10000" doc:"Bonus for each trap by the number of one's own pieces next to it, index 0 to 4."`
	TrapDominance int    `toml:"trap_dominance" range:"-10000,10000" doc:"Bonus for each trap where one's strongest neighbouring piece is stronger than the enemy's."`

	TrapSole          int `toml:"trap_sole" range:"-10000,10000" doc:"Bonus for each trap only one's own pieces guard."`
	TrapPot           int `toml:"trap_pot" range:"-10000,10000" doc:"Further bonus for a solely guarded trap when one's strongest unfrozen piece within three squares outranks the enemy's and an enemy piece within two squares is frozen."`
	TrapSafe          int `toml:"trap_safe" range:"-10000,10000" doc:"Bonus for each contested trap one holds safely: two guards, or neither the strongest guard nor the strongest unfrozen piece within three squares is the enemy's."`
	TrapActive        int `toml:"trap_active" range:"-10000,10000" doc:"Bonus instead of trap_safe when one also has at least as many guards and the strongest guard."`
	TrapActiveBlocked int `toml:"trap_active_blocked" range:"0,10000" doc:"Penalty for an active trap that one's own piece stands on."`

	FramePercent   int `toml:"frame_percent" range:"0,100" doc:"Penalty for a framed piece, in percent of its value."`
	PinPercent     int `toml:"pin_percent" range:"0,100" doc:"Penalty for the pinned guard of a framed piece, in percent of the guard's value."`
	PinWeakPercent int `toml:"pin_weak_percent" range:"0,100" doc:"Further penalty, in percent of the framed piece's value, when a stronger enemy stands within two squares of the pinned guard."`

	TrapDanger int `toml:"trap_danger" range:"0,100" doc:"Penalty, in percent of its value, for a piece standing on a trap with a single friendly guard when an enemy piece stronger than that guard stands within two squares of it."`

	TrapInfluence int `toml:"trap_influence" range:"0,1000" doc:"Bonus for each unit by which one's pieces within two steps of a trap outweigh the enemy's there, at most 8 units a trap: a piece weighs 4 with no stronger enemy piece on the board, 3 with one, 2 with two and 1 with more, twice that beside the trap, half that when frozen (0 turns it off)."`
	TrapPeril     int `toml:"trap_peril" range:"0,100" doc:"Penalty, in percent of their value, for one's pieces on or beside a trap the enemy outweighs (as trap_influence weighs it) by the full 8 units, in proportion below that: pieces an enemy's strong pieces are about to push and pull in (0 turns it off)."`

	TrapAttack int `toml:"trap_attack" range:"0,1000" doc:"Bonus for the control of each trap of the enemy's home (c6 and f6 for Gold, c3 and f3 for Silver), in full where one's pieces within three steps of it outweigh the enemy's there by 68 units and none at a lead of -12 or less, in proportion between: a piece weighs 8 with no stronger enemy piece on the board, 6 with one, 5 with two, 4 with three or four and 3 with more, times 4 on or beside the trap, 2 two steps away and 1 three, half that when frozen. The enemy's control of one's own home traps counts against one: the defence of home (0 turns it off)."`

	PieceThreat int `toml:"piece_threat" range:"0,1000" doc:"Penalty for one's pieces other than the elephant that the enemy could push or pull onto a trap it controls, in percent of the figures Wu 2015 gives bot_sharp's threat evaluation: a part of the piece's value (and half a rabbit) falling with the steps the capture would take (two a square to the trap, two for each other guard, the steps the nearest stronger enemy piece needs to come beside it), scaled by the enemy's control of the trap as trap_attack weighs it and by how far the piece is from being unfrozen (0 turns it off)."`

	RabbitGoal     [6]int `toml:"rabbit_goal" range:"0,10000" doc:"Bonus for each rabbit by the ranks it has still to go to its goal (index 0 one rank, 5 six ranks), in full where no enemy piece stands in its way and one's own strong pieces hold the squares before its goal, down to a tenth of it behind a wall of defenders, and to a fifth where the enemy's strong pieces hold its goal: the threat a search sees only once the goal is within its reach (the goal evaluation Wu 2015 describes for bot_sharp; 0 everywhere turns the term off). Rabbits on one wing add up less than rabbits on both."`
	RabbitGoalTrap [6]int `toml:"rabbit_goal_trap" range:"0,10000" doc:"Further bonus for each rabbit by the ranks it has still to go (as rabbit_goal), in full where one's pieces outweigh the enemy's around the enemy's home trap on the rabbit's wing by 50 units of trap_attack's weighing (a twentieth more from 55 units), none at -50 and less, in proportion between."`

	CamelAdvance     int    `toml:"camel_advance" range:"0,1000" doc:"Penalty for one's camel (or, without one, the strongest single piece below the elephant) standing forward where the enemy elephant can reach it: at full weight on the enemy's trap rank beside the enemy elephant with no piece of one's own around it; less the nearer its home, the farther the enemy elephant, the more own pieces beside and ahead of it, the nearer one's own elephant and the more one controls the enemy's home traps (0: off)."`
	Alignment        int    `toml:"alignment" range:"0,1000" doc:"Bonus for each of a side's three strongest ranks of pieces by their nearness to the enemy pieces they just dominate (the elephant to the enemy camel, the camel to the next, and so on): this weight for a lone camel beside a lone enemy horse in its own half, less for targets farther back, and a penalty, up to three fifths of the bonus, for a piece far from its target (0: off)."`
	Placement        int    `toml:"placement" range:"0,1000" doc:"Weight, in percent, of each piece's value by its square, from a table chosen by how many enemy pieces are stronger than it (the elephant best a rank or two past the centre, pieces with one or two stronger enemies on the wings near the enemy's traps), and of each rabbit's by its file and rank and the enemy army left: the piece-square evaluation of bot_sharp (Wu 2015) at 100, at our material scale (0: off)."`
	Imbalance        int    `toml:"imbalance" range:"0,1000" doc:"Weight, in percent, of the cost of an army whose strong pieces stand together or crowd one wing: each piece of the strongest type below the elephant by its nearness to its own elephant (more when it stands behind it, and the farther forward it stands), and each wing by how little of the elephant and the three next ranks of strength can reach it (less for pieces at home, deep in the enemy's camp, frozen or cut off by the enemy elephant): the imbalance evaluation of bot_sharp (Wu 2015) at 100, at our material scale (0: off; only while both elephants stand)."`
	Hostages         int    `toml:"hostages" range:"0,1000" doc:"Weight, in percent, of the bonus for enemy pieces caught in the corner by one's home traps, held there by a stronger piece of one's own: the part of the piece's value a capture so many steps away is worth, times how well one comes out with the holder tied to its hostage and the enemy's defenders to the trap (the side left with the strongest free piece wins elsewhere), less the sooner the hostage can run or the holder be driven off: the hostage evaluation of bot_sharp (Wu 2015) at 100, at our piece values (0: off)."`
	CamelHostage     int    `toml:"camel_hostage" range:"0,10000" doc:"Penalty for a frozen camel within two squares of an empty trap that its side guards with fewer than two pieces."`
	ElephantBlockade int    `toml:"elephant_blockade" range:"0,10000" doc:"Bonus for holding the enemy elephant in a complete blockade (an empty trap beside it that none of its pieces guards is no way out)."`
	BlockadeSquare   int    `toml:"elephant_blockade_square" range:"0,1000" doc:"Further bonus for a complete blockade of the enemy elephant by its square, in percent of bot_sharp's figure (Wu 2015) at our scale: the most in one's own camp and on the edges, where the elephant is out of play for good, about 640 points in one's home corner and 95 in the centre at 100 (0: off)."`
	Centre           [7]int `toml:"centre" range:"0,1000" doc:"Penalty, by piece type (index 1 rabbit to 6 elephant), for each step a piece stands away from the four centre squares (d4, e4, d5, e5): a strong piece in the centre reaches both wings and every trap (0 turns it off for that type)."`

	RabbitRank     [8]int `toml:"rabbit_rank" range:"-10000,10000" doc:"Bonus for each rabbit by its rank counted from its own side, index 0 (home rank) to 7 (goal rank), while more than late_pieces pieces are on the board."`
	RabbitRankLate [8]int `toml:"rabbit_rank_late" range:"-10000,10000" doc:"rabbit_rank once at most late_pieces pieces are on the board."`
	LatePieces     int    `toml:"late_pieces" range:"0,32" doc:"The evaluation's late phase: at most this many pieces of both sides on the board."`

	PhaseWeight       float64 `toml:"phase_weight" range:"0,1" doc:"How far the game phase (package engine/phase: 0 the opening, 1 the endgame) replaces the late_pieces switch, as Leveraging game phase in Arimaa weighted Fairy's terms by phase: each rabbit's advance is rabbit_rank blended into rabbit_rank_late by the phase, and a framed piece's penalty shrinks with the phase to none in the endgame, where the frame ties the framers down (0: off, the switch alone; 1: the phase alone)."`
	PhaseMinorAdvance int     `toml:"phase_minor_advance" range:"0,1000" doc:"Penalty for each cat and dog across the board (Gold's on ranks 4 to 8, Silver's on ranks 1 to 5), times one minus the game phase: weak pieces forward are lost against a full army in the opening, as Leveraging game phase in Arimaa penalised them (0: off)."`
}

// Knowledge holds the weights of the step knowledge (Kozelek 2009, ch. 4.6),
// the [knowledge] table of a configuration.
type Knowledge struct {
	Pass         int     `toml:"pass" range:"-100000,100000" doc:"Score of ending the turn early."`
	PassPerStep  int     `toml:"pass_per_step" range:"-100000,100000" doc:"Further score of ending the turn early for each step left unused."`
	Elephant     int     `toml:"elephant" range:"-100000,100000" doc:"Moving the elephant."`
	Inverse      int     `toml:"inverse" range:"-100000,100000" doc:"Undoing the previous step of the turn."`
	Locality     int     `toml:"locality" range:"-100000,100000" doc:"A step starting within two squares of where the previous step ended."`
	LocalityNear int     `toml:"locality_near" range:"-100000,100000" doc:"Further score for each square the step starts closer than two to where the previous step ended."`
	PushPull     int     `toml:"push_pull" range:"-100000,100000" doc:"Moving an enemy piece (first half of a push, second half of a pull)."`
	Displace     [7]int  `toml:"displace" range:"-100000,100000" doc:"Extra for moving an enemy piece, by its type."`
	Capture      int     `toml:"capture" range:"-100000,100000" doc:"Capturing an enemy piece, added to the piece's value."`
	Suicide      int     `toml:"suicide" range:"-100000,100000" doc:"Losing one's own piece in a trap, added to minus the piece's value."`
	UnsafeTrap   int     `toml:"unsafe_trap" range:"-100000,100000" doc:"Stepping onto a trap guarded by a single friendly piece."`
	RabbitEarly  int     `toml:"rabbit_early" range:"-100000,100000" doc:"Moving a rabbit while more than late_pieces pieces are on the board."`
	RabbitMiddle int     `toml:"rabbit_middle" range:"-100000,100000" doc:"Moving a rabbit while more than late_pieces but at most middle_pieces pieces are on the board."`
	MiddlePieces int     `toml:"middle_pieces" range:"0,32" doc:"The game is in its middle phase when at most this many pieces are on the board (and more than late_pieces)."`
	RabbitLate   int     `toml:"rabbit_late" range:"-100000,100000" doc:"Moving a rabbit once at most late_pieces pieces are on the board."`
	LatePieces   int     `toml:"late_pieces" range:"0,32" doc:"The game is in its late phase when at most this many pieces are on the board."`
	PhaseWeight  float64 `toml:"phase_weight" range:"0,1" doc:"How far the game phase (package engine/phase) replaces the piece counts middle_pieces and late_pieces in scoring a rabbit's step: the score runs from rabbit_early at phase 0 through rabbit_middle at 1/2 to rabbit_late at 1, the phase-aware move ordering of Leveraging game phase in Arimaa (0: off, the counts alone; 1: the phase alone)."`
	GoalApproach [8]int  `toml:"goal_approach" range:"-100000,100000" doc:"A rabbit stepping forward, by the rank it reaches counted from its own side (index 7 is the goal)."`
	Escape       int     `toml:"escape" range:"-100000,100000" doc:"A piece next to a stronger enemy stepping to a square next to none."`
	Freeze       int     `toml:"freeze" range:"-100000,100000" doc:"Each enemy piece a step newly freezes."`
	SelfFreeze   int     `toml:"self_freeze" range:"-100000,100000" doc:"A piece stepping onto a square where it is frozen."`
}

// Weights holds every evaluation and step-knowledge constant. Package
// engine/config reads, checks and writes them as the [eval] and
// [knowledge] tables of the engine configuration, by the toml, range and
// doc tags of their fields.
type Weights struct {
	Eval      Static    `toml:"eval"`
	Knowledge Knowledge `toml:"knowledge"`
}

// DefaultWeights returns the thesis's best configuration where it gives
// figures, and our choices elsewhere (the package documentation says which
// is which).
func DefaultWeights() Weights {
	return Weights{
		Eval: Static{
			SigmoidLambda:     0.002,
			SigmoidLate:       0,
			Rabbit:            60,
			Cat:               150,
			Dog:               180,
			Horse:             480,
			Camel:             660,
			Elephant:          1080,
			Harlog:            130,
			RabbitsLeft:       [9]int{6000, 300, 240, 120, 90, 30, 12, 0, 0},
			FrozenPercent:     [7]int{0, 4, 1, 3, 4, 2, 0},
			TrapGuards:        [5]int{-6, -14, 3, 14, 3},
			TrapDominance:     0,
			TrapSole:          9,
			TrapPot:           16,
			TrapSafe:          10,
			TrapActive:        20,
			TrapActiveBlocked: 5,
			FramePercent:      21,
			PinPercent:        1,
			PinWeakPercent:    3,
			TrapDanger:        0,
			TrapInfluence:     0,
			CamelHostage:      33,
			ElephantBlockade:  112,
			BlockadeSquare:    37,
			Centre:            [7]int{},
			RabbitRank:        [8]int{16, 17, 13, 12, -9, 0, -28, 0},
			RabbitRankLate:    [8]int{16, 17, 13, 12, -9, 0, -28, 0},
			LatePieces:        20,
			PhaseMinorAdvance: 0,
			TrapAttack:        65,
			PieceThreat:       187,
			RabbitGoal:        [6]int{240, 193, 153, 113, 70, 30},
			RabbitGoalTrap:    [6]int{86, 54, 41, 30, 17, 7},
			CamelAdvance:      50,
			Alignment:         28,
			Placement:         216,
			Imbalance:         105,
			Hostages:          172,
		},
		Knowledge: Knowledge{
			Pass:         0,
			PassPerStep:  -100,
			Elephant:     50,
			Inverse:      -250,
			Locality:     0,
			LocalityNear: 50,
			PushPull:     50,
			Displace:     [7]int{0, 0, 5, 10, 20, 30, 0},
			Capture:      500,
			Suicide:      -500,
			UnsafeTrap:   -30,
			RabbitEarly:  -150,
			RabbitMiddle: -50,
			MiddlePieces: 28,
			RabbitLate:   100,
			LatePieces:   20,
			GoalApproach: [8]int{0, 0, 0, 0, 10, 20, 40, 10000},
			Escape:       15,
			Freeze:       10,
			SelfFreeze:   -25,
		},
	}
}
