// Package phase measures how far a game has come, from the opening to the
// endgame, for any position: Of returns a number in [0, 1] and StageOf the
// coarse stage (Opening, Middle, End). A game database calls it for every
// position it indexes, so it costs a few bitboard operations and allocates
// nothing.
//
// # Source
//
// The function is the heuristic game-phase discriminator of "Leveraging game
// phase in Arimaa" (Stanford University; the copy we worked from names neither
// its authors nor its year). The
// paper describes a board by three features (its section 3.1):
//
//  1. min(Ng, Ns), the piece count of the side with fewer pieces on the board;
//  2. max(Ag, As), the count of advanced non-elephant pieces of the side with
//     more of them, a Gold piece being advanced on ranks 4 to 8 and a Silver
//     piece on ranks 1 to 5 (mirror images of each other);
//  3. an indicator of a goal threat by either player.
//
// Its heuristic discriminator (section 3.2.1) scores a board by the dot
// product of that feature vector with hand-coded weights, and cuts the score
// into beginning, middle and end with hand-coded cutoffs.
//
// # What the paper leaves open, and our choices
//
// The paper gives neither weights nor cutoffs ("determined through trial and
// error"). We count in captures: the score is
//
//	S = (16 - min(Ng, Ns)) + max(Ag, As)/3 + 2·threat
//
// so each piece the weaker side has lost counts one, three advanced pieces
// count as one capture, and a goal threat as two. Material leads because
// the paper's data (its figures 4 and 5) spread mostly along the piece count,
// and because captures never come back while advancement and threats do:
// a game's phase should mostly move one way. The advancement term at most
// adds 5, the threat 2, so a full board stays short of the endgame however
// far it advances, while a threat can tip a thinned-out middle game into
// the endgame and back, the oscillation the paper reports (its figure 3).
//
// Of maps S linearly onto [0, 1], saturating at S = 12 (the weaker side
// down to four pieces): Of = min(S, 12)/12. The stages cut S at 4/3 and 8.
// Opening is below 4/3 (Of < 1/9): no capture and at most three pieces
// across, or one capture and none across; the opening ends with the first
// contact, a capture or a fourth piece across. End is from 8 (Of ≥ 2/3):
// the weaker side has lost eight pieces, or six with a goal threat; Middle
// is between.
//
// The paper does not say how Fairy detects a goal threat. Ours is
// RabbitPaths with four steps for each side, whoever is to move: a rabbit
// that can walk to its goal rank by its own steps through empty squares,
// never onto a trap it would die on nor through a square where it would be
// frozen. It misses goals that need other pieces to make way (the engine's
// exact goal check finds those), but it is the cheap test the engine's
// playouts already use, and the paper itself dropped its exact threat
// detection in one variant for cost.
//
// During the setup (turn 1) the board is still filling up; Of is 0 there,
// since the game has not begun. The turn in progress, the side to move and
// the step counter do not otherwise matter: the features are those of the
// board.
package phase
