// Package gamedb is the workbench's game database: game archives and game
// records indexed once into one SQLite file, then asked what was played
// from a position (the opening explorer), which games passed through it
// (exact search) and which positions resemble it (similar search, after
// Ahmed, Exploring algorithms to recognize similar board states in Arimaa,
// Rowan University, 2017).
//
// # The store
//
// One SQLite file, by default games.db in the user's data folder
// (ats.DataDir). The driver is github.com/mattn/go-sqlite3: the SQLite C
// library itself, through cgo, which the workbench needs anyway for its
// window; it inserts about twice as fast as the pure-Go translations, and
// indexing speed is what this package is measured by.
//
// The tables:
//
//   - meta(key, value): the format ("format" = "arimaa-workbench games 2"; format 1 kept
//     another similar index and is refused with how to rebuild);
//     a file without it is not a game database of ours and is refused.
//   - games: one row a game: a 64-bit content key (uid, unique: the
//     archive's id column with the players and the move list, so the same
//     archive indexed twice adds nothing and a new month adds only its new
//     games; a game record without an id is keyed by its content alone),
//     where it came from (file and line), the columns the explorer filters
//     and shows (players, ratings, human or bot, result, termination, time
//     control, start time and year, event), the move list as the record
//     writes it, and every column of the archive as JSON (fields).
//   - moves(id, text): each distinct move or setup written once; positions
//     name the move played next by its id.
//   - positions(key, game, ply, move, phase): one row for every position of
//     every game at the start of a turn: the Zobrist key of the pieces and
//     the side to move (rules.Position.TurnHash), the game, the ply (moves
//     played after the setups; -2 is the empty board with Gold to set up,
//     -1 the board with Silver to set up, so the setups are the first
//     moves), the move played next (0 at the last position) and the game
//     phase (engine/phase) in 1/255 steps. Its primary key (key, game,
//     ply) is the exact index: a position's games are one range of it.
//   - sigs(game, side, data): the similar index, a row a game: for every
//     position after the setups in ply order, its phase byte and the
//     signature of its piece data at each radius, SigBits bits each (see
//     Similar positions); side is the side to move at ply 0.
//
// An index run reads its files a game at a time, replays each game under
// the rules (a game that does not replay is reported with its file and
// line and skipped), and commits every IndexBatch games in one
// transaction, so a run that is killed leaves every batch before it, and
// the next run skips the games it finds and goes on. A run holds the file
// against another index run (records/fsutil's lock: the second stops at
// once, naming the first's process); readers are never blocked (WAL), and
// a writer that finds the file busy waits up to BusyTimeout.
//
// # Similar positions
//
// Ahmed 2017 (ch. 2.1) describes each piece by its piece data: whether it
// belongs to the side to move, on how many board edges it stands and
// whether it stands on a trap (radius 0), then, for each taxicab distance
// d from 1 to the radius, how many stronger, equal and weaker friends and
// enemies, board edges in a straight line and traps lie at exactly d. The
// piece's type and square are not part of it: an elephant and a cat in
// the same surroundings match, which is the point. A position is the
// multiset of its pieces' piece data at radius r (0 to 3 here, the
// radii within one turn's reach), and the similarity of two positions is
// the weighted Jaccard index of the two multisets: the pieces that match
// over the pieces of both, 1 for the same surroundings everywhere. Since
// piece data counts "owned by the side to move", positions with different
// sides to move differ, and the search compares only positions with the
// side to move of the query.
//
// Comparing every stored position exactly would replay every game. The
// index keeps, per position and radius, a signature: the multiset of its
// piece data hashes as a set of SigBits (128) bits, the k-th copy of a
// repeated piece data hashed apart so that counts matter. The share of
// bits two signatures have in common estimates their similarity: common
// piece data always share their bit, and different piece data share one
// by chance (about 30 elements in 128 bits), which makes the estimate a
// little high (by 0.03 at radius 0 and 0.07 at radius 3 on average in the
// tests). A search scans the signatures of the positions with the side
// to move of the query at the radius asked (held in memory after the
// first search: 17 bytes a position, read in under a second for 20,000
// games), keeps the SimilarCandidates (1,000) best estimates, replays
// their games (without checking the moves again: they were checked when
// indexed) to compute the exact similarity, and returns those at or
// above the threshold, never one whose exact similarity does not pass,
// never a position with nothing in common.
//
// What it may miss: a position whose estimate fell below the candidates
// kept although its exact similarity passes. Measured on 20,000 self-play
// games at radius 2 (BenchmarkSimilarRecall), the 50 hits reach the
// similarity of the true 50th most similar position in 87% of cases
// (a MinHash of 8 bytes, this package's first index, reached 47%).
//
// At scale the scan grows with the positions (about 3 ns a position, 1.5
// million a side at 20,000 games) and the rest does not: the candidates'
// games are read and replayed whatever the database's size. The official
// archive's 300,000 games of about 80 positions hold 12 million positions
// a side: about 40 ms of scanning, 200 MB of memory a radius, and about
// 10 s to read them at the first search of a radius.
//
// "Moves from similar positions" is the thesis's knowledge database in
// this form: the moves played next in the most similar positions,
// translated to the query's board (the same steps played from it, kept
// where they are legal), grouped by the move, with how those games ended.
// RootPriors turns them into suggestions for the builtin engine's search
// (mcts.Searcher.SetRootPriors: the root children that begin a suggested
// move get its weight as progressive bias); `arimaa-workbench aei
// --db-prior FILE` is the engine with them, so that a match can tell
// whether they help (engine/STRENGTH.md has the figures).
//
// # Mirror images
//
// Arimaa's rules do not tell the a-file from the h-file: a position and
// its mirror image are one position for play. With Filter.Mirrors the
// explorer counts the moves played in the mirror image too (mirrored onto
// the board asked about), groups a setup with its mirror image (on the
// empty board, which is its own mirror image, the more played of the two
// names the group), and exact search lists the games through the mirror
// image as well, marked Mirrored. Setups are stored with their placements
// in the order of their squares, so one setup is one move however a
// record wrote it.
package gamedb
