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
// Opening an existing file never writes to it before it is known to be
// ours: it is first opened read-only (as immutable when it has no
// write-ahead log, so that SQLite makes no journal beside it) and its meta
// table checked; a file that is not a game database of ours is refused
// as it is, and one of another format version is refused with how to
// rebuild it (ErrOldFormat), never misread. Only then is it opened for
// writing and switched to WAL. The questions (OpenExisting) open it
// read-only for good, and a missing or empty file is no database. A
// writer's Close puts the file back in the rollback journal mode (when no
// other connection has it open), so that readers create no -wal and -shm
// files beside it, as every connection to a WAL database does.
//
// The tables, and what each costs a game (measured on a generated corpus
// shaped like the official archive, GenerateCorpus, about 70 positions a
// game; db stats tells it for any database):
//
//   - meta(key, value): the format and version ("format" = "arimaa-workbench
//     games 3"; formats 1 and 2 kept the moves as text and another similar
//     index, and are refused with how to rebuild); "positions" counts the
//     positions.
//   - games (about 500 bytes): one row a game: a 64-bit content key (uid,
//     unique: GameKey, the archive's id column with the players and the
//     move list, so the same archive indexed twice adds nothing and a new
//     month adds only its new games; a game record is keyed by its text,
//     RecordKey), where it came from (file and line), the columns the
//     explorer filters and shows (players, ratings, human or bot, result,
//     termination, time control, start time and year, event), and the
//     game itself in a binary form of its own (moves): both setups in 8
//     bytes each (a piece type in 4 bits for each of the 16 home squares)
//     or the start position, then each move as its count of steps and a
//     byte a step (its origin square and direction; the piece is the one
//     standing there), about 4.5 bytes a move where the record's text
//     takes 16.
//   - columns(game, data): only with IndexOptions.KeepColumns (db index
//     --keep-columns): every column of the archive's row, the events (the
//     server's log, 8 KB a game in the official archive) among them, as
//     deflated JSON. No query reads them.
//   - positions(key, at, move), WITHOUT ROWID (about 25 bytes a position):
//     one row for every position of every game at the start of a turn:
//     the Zobrist key of the pieces and the side to move
//     (rules.Position.TurnHash), the game and the ply in one integer (the
//     game's row times 2048 plus the ply plus 2; ply -2 is the empty board
//     with Gold to set up, -1 the board with Silver to set up, so the
//     setups are the first moves), and the move played next in the bytes
//     above (a setup in its 8), empty at a game's end. Its primary key is
//     the exact index: a position's games are one range of it, and the
//     explorer groups that range by the move. The game phase, which a
//     position's key decides, is not stored: a filter on it is checked on
//     the position asked about.
//   - sims(id, data) (about 18 bytes a position): the similar index in
//     five layers, a row for each layer and each batch of an index run
//     (each game of the batch as its row and its data), so that a search
//     reads one radius in a few long rows: layer 0 holds for each game the
//     side to move at ply 0 and each position's phase byte, layer 1+r
//     each position's signature at radius r in 4 bytes (see Similar
//     positions).
//   - explored(key, data) (a few bytes a game): the explorer's answer,
//     ready, on the positions of the first moves (to ply 2) that
//     HotPositions games or more reach (the empty board, the common
//     setups: 70 positions of 300,000 generated games), as JSON rows of
//     its query. Explore without game conditions reads it there instead
//     of grouping every game's row (the empty board of 300,000 games:
//     0.03 ms instead of 150 ms; with a game condition, such as a least
//     rating, the query still groups them: 100 ms). An index run makes
//     them at its end; each batch drops, in its own transaction, the
//     answers on the positions it adds games through, so that no reader
//     sees an answer without them (a stopped run leaves those to the
//     query until a later run adds games through them). A file of this
//     format without the table is read as it is and gets it at its next
//     index run.
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
// Comparing every stored position exactly replays every game: an exact
// scan. A search instead scans a signature of each position with the side
// to move of the query at the radius asked (held in memory after the
// first search: 5 bytes a position, in two flat arrays read in parallel
// parts, one a core: a histogram of the estimates and the best of each
// block of 256 positions, then the blocks that reach the cut again),
// compares the best of them exactly,
// and returns the limit most similar (no threshold is needed; one may be
// given), most similar first; among positions as similar, those
// identical to the query come first, and among those the query's own game
// (Filter.Own, which the command line and the window fill in when the
// position comes from a game of the database).
//
// At radius 0 a piece's data take only eight values (its side, and inside
// the board, on a trap, on an edge or in a corner), so the signature is
// the count of each in 32 bits, and the scan's similarity is exact. At
// radii 1 to 3 it is the multiset of piece data hashes as a set of 32
// bits (the k-th copy of a repeated piece data hashed apart), and the
// scan ranks positions by the bits they share with the query beyond what
// two random sets of their sizes share by chance. The best
// SimilarCandidates of them are compared exactly (their games read back
// and replayed without the rules' checks, made when they were indexed, on
// every core), and with them, whatever their signatures say, the
// positions within 8 plies of the query position in the games that passed
// through it or its mirror image, and, when the query's own game is
// known, the positions of the games (at most 300, 100 a position and as
// many through its mirror image) that passed through its earlier
// positions, the latest first, from where they met it to a little past
// the query's ply: as in real archives, a position's nearest neighbours
// are a few moves away in games that shared its way.
//
// What it may miss: a position neither in those games nor among the
// candidates by its signature. Measured against an exact scan of every
// stored position (TestSimilarRecall, on a generated corpus of 150
// archive-shaped games, 10,900 positions, with 700 candidates by
// signature of the 5,500 positions of a side, 30 positions a radius), the
// share of the ten hits that reach the similarity of the tenth most
// similar position is 1.000 at radius 0, 0.997 at radius 1, 0.987 at
// radius 2 and 0.970 at radius 3. What is
// missed are positions of games that share nothing with the query's but
// the setups, with a few pieces alike, which 32 bits hardly tell from
// chance, and, in a large archive, positions of games that shared the
// query's way but are not among those followed. BenchmarkSimilarRecall
// measures it on a corpus of any size (make db-archive-bench; the figures
// below).
//
// Where missing nothing matters more than time, SimilarExhaustive (db
// find --exhaustive) is the exact scan itself: every stored game the
// filter keeps is replayed, a few thousand at a time on every core, and
// every position with the query's side to move compared exactly, each
// core keeping its best limit; the answer is ordered as Similar's.
// TestSimilarRecall checks that its recall is 1. Its cost is the
// replay of the whole database: 19.8 s (37 s of CPU) on the 300,000
// games below, where on one query at radius 2 it found ten positions
// alike at 0.188 to 0.229 and the signatures' candidates ten at 0.078 to
// 0.111.
//
// # At scale
//
// Measured by make db-archive-bench on a generated archive of 300,000
// games (db corpus from 1,000 self-play games: 29 columns, 8 KB of
// events a game, 71 positions a game, 21.4 million positions, 2.9 GB) on
// a 2-core machine, idle (the load average 1.2 to 1.8: the measurement's
// own) and while other processes played engine matches (the load
// average beside each figure):
//
//   - Size: 1,037 MB, 3,456 bytes a game: games 485, positions 1,762,
//     similar index 1,208, explored answers 1 (70 positions, 125 KB).
//   - db index: 190 s idle (1,579 games/s, 113,000 positions/s, 235 s of
//     CPU, 385 MB resident); 194 s at load 2.5, 373 s at load 5.
//   - In the process, 100 random positions (p50/p99), idle: explorer
//     0.34/4.7 ms (the empty board, from its answer kept, 0.05 ms; 150 ms
//     by the query), exact search 0.16/0.41 ms, similar search (the 10
//     most similar at radius 2) 44/71 ms, 57/91 ms with the own game
//     followed; its index read in 176 ms. At load 2 to 5.5: explorer
//     0.4-0.5/6-12 ms, exact search 0.2/0.4-8 ms, similar search
//     83-86/133-202 ms, 103-117/178-318 ms with the own game followed.
//   - From the command line, its start included, idle: db explore
//     10/16 ms, db find 10/14 ms, db find --radius 2 251/308 ms (its
//     index read at every start). At load 2 to 5.5: db explore
//     11-23/16-34 ms, db find 10-20/18-28 ms, db find --radius 2
//     296-435/990-1,050 ms.
//   - Recall@10 against an exact scan (20 positions a radius), idle and
//     at load 5 alike: 1.000, 0.880, 0.815 and 0.700 at radii 0 to 3
//     (mean similarity of the tenth: 0.998, 0.882, 0.747, 0.640). Over
//     the queries whose tenth is alike at 0.25 or more (20, 20, 14 and 12
//     of 20) it is 1.000, 0.880, 1.000 and 1.000: the misses at radii 2
//     and 3 are positions alone in their games, whose nearest neighbours
//     (alike below 0.25) 32-bit signatures cannot tell from the ten
//     million others of a side; at radius 1, positions as alike as the
//     tenth that neither their signatures nor the games followed brought
//     among those compared. Neither three times the candidates (12,000:
//     0.900 at radius 1, 0.815 at radius 2) nor the Jaccard index
//     estimated from the bits (as of Bloom filters) instead of the bits
//     shared beyond chance (the same) did better; signatures of 64 bits
//     would cost 850 bytes a game more, past the 4 KB asked. On a
//     corpus made again from new base games (3,624 bytes a game, 75
//     positions a game, 206 s to index), the same 20 queries at radius
//     1: 0.795, six of them missing six or seven of their ten; every
//     position missed (41) came from a game that shares no position
//     with the query's (0.29 to 0.44 alike), ranked 5,500th to 4.9
//     millionth of 11 million by its signature's estimate.
//
// Earlier figures (at load 7 to 12): at 100,000 games 804 games/s, 3,407
// bytes a game, similar search 150/370-450 ms, recall@10 1.000, 0.840,
// 0.890 and 0.715; at 20,000 games 1,285 games/s, similar search
// 90-120/180-330 ms, recall@10 1.000, 0.870, 0.860 and 0.855, where every
// miss was a position alone in its game (its ten most similar elsewhere
// alike at 0.05 to 0.2 at radii 2 and 3, ranked 10,000th to 600,000th of
// 713,000 by signature); scoring with the signatures of every radius
// together, or 32 bits of 1- or 2-bit minwise hashes, did no better.
//
// Of db explore's 13 ms of CPU from the command line (300,000 games, the
// query itself under 1 ms) most is the program's start: the Go runtime
// and the package initialisation of Fyne and the other libraries the
// window links, and loading its shared libraries (GL, X11). GTK, which
// only the system's file dialogs use, is loaded with the first dialog
// (package ui/files/native): linked, its sixty libraries took 11 ms of
// CPU more at every start; started, 40 ms more and 200 ms or more of
// waiting for the display.
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
