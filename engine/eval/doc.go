// Package eval is the knowledge of the builtin engine: the static
// evaluation applied at the end of a playout, the step knowledge that biases
// the choice of steps in the tree and in playouts, and the two tactical
// look-aheads, the goal check and the trap check. It implements Kozelek,
// Methods of MCTS and the game Arimaa, 2009, ch. 4.5 and 4.6.
//
// # Units
//
// Scores are evaluation points: a cat is worth 150 (the figure the thesis
// quotes), a lone first rabbit about 60 with the rabbit-count penalty, an
// elephant 1000. WinProbability maps a score through the thesis's sigmoid
// 1/(1+exp(-λ·score)); with the default λ = 0.002 a cat up is 57.4% and a
// horse up 72.9%, the calibration of ch. 4.5.1.
//
// # Configuration
//
// Every constant lives in Weights: Static for the static evaluation,
// Knowledge for the step knowledge. They are the [eval] and [knowledge]
// tables of the engine configuration, which package engine/config reads,
// range-checks (each field's range:"min,max" tag) and writes with each
// field's doc tag as its comment; its default file holds them with the
// search and time settings.
//
// Where the default figures come from: the terms and most figures of
// Static follow the Akimot engine's published evaluation (Kozelek 2009,
// ch. 4.5, and the engine's own configuration), scaled to our points (its
// values times 0.6, which puts the cat at 150; piece values 100, 250, 300,
// 800, 1100, 1800 become 60, 150, 180, 480, 660, 1080). λ is the
// calibration of ch. 4.5.1 (a cat up 57.4%, a camel up 78.9%,
// E+M+2H+D+C up 99.8%). trap_danger and elephant_blockade's figure are
// ours. The thesis lists the step-knowledge features (ch. 4.6) but gives no
// figures: where the original engine's own step evaluation has a feature,
// its weight is used scaled to our points (its unit is half a win, so
// times 500: pass, inverse, elephant, push_pull, the rabbit phases and
// locality); the rest is ours. A match of 100 games at 5,000 playouts a
// move against our first figures gave 64.7% (+105 ±79 Elo).
//
// The positional weights of Static (frozen pieces, trap control and
// guards, frames and pins, trap danger and influence, hostages and
// blockades, the centre, the rabbits' ranks and the minor pieces forward;
// not the material, which is HarLog's) were then learned by Bonanza's
// method (package ats/learn, `learn --winners --depth 2`) from the
// winner's moves of 46 games of bot_sharp (D. J. Wu's program, the 2015
// Arimaa Challenge winner), each move against the others after a two-step
// alpha-beta search: on held-out games the move played came first among
// the sampled alternatives 57% of the time, against 43% with the figures
// before, and the learned weights won their match against them
// (engine/STRENGTH.md). The learning moved the rabbits' ranks most: a
// rabbit at home counted a little, one advanced early cost more.
//
// A first fit to bot_sharp's own static evaluation (its evalMoves score)
// of 4,900 positions from our games against it and its self-play (one
// multiplier a term and one value a rabbit by its rank, by least squares
// with a small ridge: the method `arimaa-workbench fit` carries out,
// ats/learn.FitTeacher) made the threat, goal-threat, home-trap terms the
// largest positional ones and took 6 of 32 games from bot_sharp searching
// two steps, against 3 of 48 with the Bonanza weights.
//
// The present positional weights (the nineteenth session) are the same
// fit with bot_sharp's piece-square, imbalance, hostage and blockade
// parts built and switched on (`fit --set eval.placement=100 --set
// eval.imbalance=100 --set eval.hostages=100 --set
// eval.elephant_blockade_square=100`), over 9,750 positions of our games
// against bot_sharp held to one turn: held-out correlation with its
// scores 0.987, 0.82 on equal material. They weigh placement 216,
// hostages 172, imbalance 105 and piece_threat 187, cut the camel advance
// and alignment to a third and trap attack to 65 (the new terms say much
// of what those stood in for), and value the rabbits' ranks mostly
// through placement and the goal threat. With them the alpha-beta search
// took 20 of 40 games from bot_sharp searching one turn, against 3 of
// 22 with the weights before (engine/STRENGTH.md). camel_hostage is 33 (at
// least 26, which the MCTS needs to keep its camel out of a trap in
// TestAvoidsCapture).
//
// # Material by HarLog
//
// eval.harlog (130 by default; 0 restores the fixed values) scores
// material by the HarLog formula
// (Arimaa community, 2009; the material of bot_sharp, Wu 2015) instead of
// fixed values: a piece other than a rabbit is worth 1/(Q + the enemy
// pieces stronger than it), the rabbits G·ln(rabbits × pieces), Q =
// 1.4475 and G = 0.6314, scaled to the key's points for the first rabbit
// a full army loses. Against the fixed values, which come from an engine
// whose random playouts judged its positions, it prices the small pieces
// dearer (at 130 a rabbit: a cat 182, a dog 276, a horse 473, a camel
// 843, an elephant 1,429), so that a search does not give two rabbits for
// a cat, and a piece's worth changes with the pieces that can still push
// it around. It won matches for both searches against the fixed values
// (engine/STRENGTH.md), and is the default since.
//
// # Trap influence
//
// Two terms of ours weigh the control of each trap by
// every piece within two steps of it, not only its guards: a piece weighs
// more the fewer enemy pieces are stronger than it (the idea of rating a
// piece by the number of stronger enemies is bot_sharp's, D. J. Wu,
// "Designing a Winning Arimaa Program", ICGA Journal 2015) and the nearer
// it stands. eval.trap_influence rewards the side that outweighs the
// other at a trap; eval.trap_peril charges a share of the value of the
// pieces on or beside a trap the enemy outweighs. The alpha-beta search,
// which judges its horizon by the evaluation alone, lost its pieces in
// traps an enemy elephant stood two steps from. Both were off until the
// Bonanza learning gave trap_influence a small weight (3); the fit to
// bot_sharp's evaluation took it back to nothing, and trap_peril stays
// off.
//
// eval.trap_attack (the "home trap attack" line) looks at the two traps
// of each side's home alone, as bot_sharp's trap control does: every piece
// within three steps counts by the stronger enemy pieces and its distance,
// and the attacker earns the key's points in proportion to its lead
// there, nothing while the defence outweighs it by 12 units. The enemy's
// hold on one's own home traps is its gain, so the term is home defence
// as much as attack: the alpha-beta search's losses came where an enemy
// camel stood beside a home trap while its own elephant was away. Off
// until the fit to bot_sharp's evaluation, which weighed it at 154, and
// at 65 once the hostage and placement terms existed.
//
// # Game phase
//
// Three keys bring in the game phase of package
// engine/phase ("Leveraging game phase in Arimaa", which weighted an
// alpha-beta bot's evaluation terms by phase and ordered its moves by
// phase): eval.phase_weight blends the rabbit-advance tables by the phase
// instead of the late_pieces switch and lifts the frame penalty towards
// the endgame; eval.phase_minor_advance penalises cats and dogs across the
// board in the opening (the "minors forward" term); knowledge.phase_weight
// scores a rabbit's step by the phase instead of the piece counts, which
// changes the priors the search gives steps. The paper found the first
// kind worse and the second slightly better. phase_weight and
// knowledge.phase_weight stay off (our matches found no gain);
// phase_minor_advance was the Bonanza weights' 23, and the fit to
// bot_sharp's evaluation found nothing for it (0). Computing the phase costs about a
// tenth of a microsecond, paid only where a key is on.
//
// # Look-aheads
//
// GoalCheck and TrapCheck search the steps left in the turn exactly, by
// iterative deepening so that the moves they return are shortest, pruned by
// admissible step-count bounds and by zones that the last steps of a goal
// or a capture must touch. A goal check also counts its spare steps (those
// beyond the nearest rabbit's ranks): with none, only that rabbit's forward
// steps are tried; with one, only the steps that touch its file or the
// squares beside it. Its bound on a rabbit's steps counts the squares it
// must empty: on its own file every one ahead, on another the last two
// before the goal, besides the steps aside; a rabbit one rank from its
// goal counts so too (a detour's own goal square included), which took a
// check of a rabbit boxed in beside its goal from 142 to 3 microseconds.
// Of two steps that commute (rules.Position.Commutes) one order is
// searched. Where rabbits of both
// sides stand two ranks from their goals in a crowded middle game a check
// costs some 11-18 microseconds (20-39 before the spare steps were
// counted), and the search there visits half the goal-check states it did
// before the bound and the commuting steps. They are tested against a
// brute force over rules.MoveGen on random and crowded positions.
//
// # Rabbit goal threat
//
// eval.rabbit_goal and eval.rabbit_goal_trap price each
// rabbit's threat to reach its goal before the search sees the goal, in
// the shape D. J. Wu describes for bot_sharp ("Designing a Winning Arimaa
// Program", ICGA Journal 2015): a value by the ranks still to go, scaled
// down by the enemy pieces in the rabbit's way (straight ahead most, a
// wall to a tenth) and by which side's strong pieces hold the squares
// before its goal, and a part that grows with the control of the enemy's
// home trap on the rabbit's wing. Rabbits on one wing add up less than
// rabbits on both (their scores are spread over the files by a bell and
// gathered as the root of the summed squares). Judged by bot_sharp's
// search move by move (engine/STRENGTH.md), three scales of it gained
// nothing beyond the measure's noise, and it stayed off until the fit to
// bot_sharp's evaluation kept it at 0.79 of bot_sharp's figures; it costs
// about 0.8 microseconds an evaluation.
//
// # Piece threats
//
// eval.piece_threat prices the pieces the enemy could soon
// push or pull onto a trap it controls, as bot_sharp's threat evaluation
// does (Wu 2015): for each trap and each piece other than an elephant
// within four squares of it, the steps the capture would take (two a square
// to the trap, two for each further guard to push away, more where one's
// own piece stands in the way or the enemy's weaker piece holds the trap,
// and the steps its nearest stronger enemy piece needs to come beside it)
// choose a part of the piece's value (and half a rabbit's): at full control
// of the trap, from a quarter at no distance for a frozen piece far from
// help down to a fortieth at ten steps, and three eighths of that for a
// piece that can still run; less as the enemy's control of the trap
// (trap_attack's weighing) falls. These are the figures at
// eval.piece_threat 100, which scales them by its percentage. The search
// sees a capture within its reach; this term sees the ones a turn or two
// beyond it, such as a camel held beside a trap while its elephant is away.
// It costs 0.2 to 0.4 microseconds an evaluation. Judged by bot_sharp's
// search move by move (engine/STRENGTH.md) it gained most at 300, but at
// 300 it lost a match against the search without it (7-17); the fits to
// bot_sharp's evaluation put it at 112, then 187.
//
// # Placement of the strong pieces
//
// Two terms follow bot_sharp's evaluation of where its
// strongest pieces stand, as D. J. Wu's public program (2015) weighs it,
// with shapes and figures of ours:
//
//   - eval.camel_advance: a side's camel (or its strongest single piece
//     below the elephant) standing forward where the enemy elephant can
//     reach it, the piece the enemy elephant can freeze, hold and take.
//     The penalty grows with its rank and the enemy elephant's nearness,
//     and shrinks with one's own pieces beside and ahead of it, one's own
//     elephant near and one's control of the enemy's home traps.
//   - eval.alignment: each of a side's three strongest ranks of pieces near
//     the enemy pieces it just dominates (the elephant near the enemy
//     camel, the camel near the next), more for targets that have come
//     forward, and a penalty for a piece far from its target.
//
// On positions of our games against bot_sharp their values follow the
// matching terms of bot_sharp's evaluation closely (correlations 0.99 and
// 0.91). At the scale that matches bot_sharp's (camel_advance 50,
// alignment 34) neither won a game more from bot_sharp alone; the first
// fit to its evaluation raised them to 150 and 86; with placement,
// imbalance and hostages on, the present fit brings them to 50 and 28.
//
// A third, eval.placement (216 by default since the present fit),
// values every piece by its square, from a table chosen by how many
// enemy pieces are stronger than it, and every rabbit by its file and
// rank and the enemy army left: bot_sharp's piece-square evaluation, with
// its figures made symmetric between the wings. On the
// positions of our games against bot_sharp it was the part of bot_sharp's
// evaluation that most explained where ours disagreed with it (a
// correlation of 0.74 with the difference of the two scores; the threats,
// the next, 0.50).
//
// # Imbalance and hostages
//
// Two more terms follow bot_sharp's evaluation where ours had nothing
// like it (on by default since the present fit):
//
//   - eval.imbalance: the cost of an army whose camel stands beside its
//     elephant, where the two do one piece's work, or whose strong pieces
//     crowd one wing and leave the other to the enemy.
//   - eval.hostages: an enemy piece caught in the corner by one's home
//     trap and held there by a stronger piece, valued by the steps its
//     capture needs, by the strongest-free-piece reckoning (sfp.go) of
//     the armies with holder, hostage and the trap's defenders tied, and
//     by how soon the hostage can run or the holder be driven off. The
//     piece-threat term's charge on the same piece is not counted twice.
//
// Their values follow bot_sharp's matching parts on the positions of our
// games against it (correlations 0.999 and 0.93); bot_sharp's hostages
// were the largest part of its evaluation ours lacked (a spread of 344 of
// its units on those positions, where its frames and blockades spread 36
// and 32).
package eval
