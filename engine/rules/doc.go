// Package rules is the Arimaa rules core: squares, bitboards, pieces,
// steps and moves, the position with its turn state, legal step and
// unique-move generation, and the game with its history and result. It
// imports nothing else of the workbench, so the engine, the record
// readers, the test suite and the UI can all build on it.
//
// Values are small and copied freely: a Square is an int8 (a1=0 … h8=63), a
// Step packs square, direction and piece into 16 bits, a Move is an array of
// up to four steps that compares with ==, and a Position is a value that
// Play returns anew, which is what both playouts and the editor want.
//
// The rules below are those this package enforces, written out in the
// order a turn meets them. They follow the official game server; the
// sources are Kozelek, Methods of MCTS and the game Arimaa, 2009, ch. 1.3,
// and Miller, Researching and implementing a computer agent to play
// Arimaa, 2009, ch. 3.3 and appendix A.
//
// # Board and pieces
//
// The board has 8 files, a to h from Gold's left, and 8 ranks, 1 to 8 from
// Gold's side. Four squares are traps: c3, f3, c6 and f6 (Traps).
//
// Each side has an elephant, a camel, two horses, two dogs, two cats and
// eight rabbits (FullArmy), strongest first. Gold's pieces are written
// E M H D C R and Silver's e m h d c r. A PieceType compares by strength:
// a larger value is stronger. A position may hold fewer pieces than a full
// army (puzzles and test positions do), but never more (Position.Validate).
//
// # Setup
//
// Gold places all sixteen pieces on ranks 1 and 2 in any arrangement, then
// Silver on ranks 7 and 8 (Game.SetupPieces). The setups are turn 1 ("1w"
// and "1b" in records); Gold's first move is turn 2, and Gold moves first
// in every turn number after that.
//
// # Steps
//
// A turn is one to four steps. A step moves one piece to an orthogonally
// adjacent empty square. A rabbit may not step backwards on its own: a
// Gold rabbit never steps south, a Silver rabbit never north (north is
// toward rank 8). Pushed or pulled, a rabbit moves in any direction.
//
// # Freezing
//
// A piece next to a stronger enemy piece and next to no friendly piece is
// frozen: it can neither step, push nor pull. Freezing is judged before
// every step on the board as it stands then, so a step earlier in the turn
// can freeze or unfreeze a piece (Position.IsFrozen, Position.Frozen).
//
// # Pushes and pulls
//
// A push takes two steps. An enemy piece next to a stronger friendly piece
// that is not frozen moves to an empty square next to it; then a stronger
// friendly piece that is not frozen steps into the square the enemy left.
// The enemy's step is written first. A push needs two steps left, and the
// turn cannot end between its halves (Position.PushPending).
//
// A pull also takes two steps. A friendly piece that is not frozen steps
// to an empty square; as the very next step, a weaker enemy piece that
// was next to the square it left may step into that square. The friendly
// step is written first, and the second step is optional. A piece that
// steps onto a trap and is captured there may still pull.
//
// One pair of steps displaces one enemy piece: the step that completes a
// push cannot also start a pull.
//
// # Traps
//
// After every single step, a piece on a trap with no friendly piece
// orthogonally next to it is removed from the board. That may be the piece
// that just moved, or one whose last neighbour of its own side just left.
// No square touches two traps, so a step captures at most one piece
// (Position.PlayCapture).
//
// # End of a turn
//
// A turn may end after any step (a pass of the steps left) unless a push
// is half done, and only if the board differs from the board at the start
// of the turn (Position.CanEndTurn). A move that would produce, for the
// third time in the game, the same board with the same side to move is
// illegal (Game.Play, Game.Repeated): positions are counted at the start
// of each turn, from the position after the setups (or the given start
// position) on.
//
// # End of the game
//
// After each turn, with A the side that has just moved and B the side to
// move, these are checked in this order (Position.Outcome, Game):
//
//  1. A rabbit of A stands on its goal rank (Gold's is rank 8, Silver's
//     rank 1): A wins by goal.
//  2. A rabbit of B stands on its goal rank: B wins by goal. Only where a
//     rabbit stands at the end of the turn counts: an enemy rabbit that A
//     pushes or pulls onto its goal rank and off again does not.
//  3. B has no rabbit left: A wins by elimination.
//  4. A has no rabbit left: B wins by elimination.
//  5. B has no legal move (every piece frozen or blocked, or every move a
//     no-change or third-repetition move): A wins by immobilization.
//
// Position.Outcome has no history and so ignores repetition in check 5;
// Game takes it into account. A game can also end by time, resignation,
// an illegal move or the score at a game's time limit, which only a game
// server knows (Game.Finish); the Termination letters are those of the
// game archive.
//
// # Notation
//
// A step is the piece letter, the square it leaves and the direction: n,
// e, s or w, as in "Ee2n" (Step.String, ParseStep). A capture token is the
// piece letter, the trap and x, as in "rc3x"; it follows the step that
// caused the capture. A setup placement is the piece letter and square,
// as in "Ra1". A move is its steps separated by spaces, for example
// "Rf2n Rf3x ee2e rh8s": a Silver elephant on e2 pushes the Gold rabbit on
// f2 north onto the trap, where it is captured, then a Silver rabbit steps
// south. Move.String writes the steps alone; Position.MoveString adds the
// capture tokens, which is the canonical form. ParseToken reads any of the
// three kinds of word; ParseMove reads a move, keeping the capture tokens
// written (they may be left out) for Position.PlayWritten to check
// against the rules; ParseSetup reads one side's setup, which SetupString
// writes. Their errors (NotationError) name the word and its column.
//
// A principal variation, as AEI engines send it in "info pv", is the
// steps of several turns, each turn after the first starting with the
// side letter of the side to move, as in "Ee2n Ee3n Ee4n Ee5w s me7s
// me6w" (PVString). ParsePV also takes record letters, turn labels such as
// "12b", capture tokens, and turns with no marker at all, recognised by
// their first step.
//
// Gold's side letter is w in records and g in AEI, Silver's b or s
// (Color.Letter, Color.AEILetter); ParseColor reads all four (and their
// capitals). A turn label is the turn number and side letter, as in "12b"
// (TurnLabel).
//
// The compact position of AEI is the side letter, a space, and the 64
// squares in brackets from a8 to h8, a7 to h7, down to a1 to h1, a space
// for an empty square (Position.AEIString, ParseAEIPosition). The basic
// setup with Gold to move reads
//
//	g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]
//
// # Counting moves
//
// The unique moves of a position (MoveGen) are the distinct boards the
// side to move can reach with a legal move of one to four steps, the
// unchanged board excluded and repetition ignored; two moves that reach
// the same board count once. From the basic setup above Gold has 3353
// unique moves and 8 legal single steps; the middle-game positions of
// testdata/perft.txt have from about 15,000 to 43,000.
package rules
