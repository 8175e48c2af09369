// Package records reads and writes the Arimaa file formats: the standard
// (long) position format, the compact AEI position, the game record (a
// move list, from the setups or from a given position) and the
// tab-separated game archive of the official game server. The position
// and record formats are those of Kozelek, Methods of MCTS and the game
// Arimaa, 2009, appendix A.5.1, as real files write them; the archive's
// columns are the official game archive's column list.
//
// Readers are lenient about what real files contain and strict about
// meaning: every problem is a *ParseError with file, line and column and a
// sentence a user understands, wrapping one of the sentinel errors below
// so callers can test it with errors.Is. Nothing is read into a wrong
// board. Writers produce the canonical form, and reading what a writer
// wrote gives back the same value. Whole-file readers take at most 64 MB.
// Detect tells which of the formats below a file holds, so that every
// front end opens a file with the same reader.
//
// # Long position
//
// A position in the long format looks like this:
//
//	12b
//	 +-----------------+
//	8| r r r r . c r . |
//	7| h . c m r E h r |
//	6| . d X . . X d . |
//	5| . . . . . r . . |
//	4| . . . . . . . . |
//	3| . H C e . X D . |
//	2| . D . M . C . H |
//	1| R R R R R R R R |
//	 +-----------------+
//	   a b c d e f g h
//
// The header is the move number and the side to move: "12b" is Silver's
// twelfth turn. The side may be w or g (Gold), b or s (Silver), may follow
// a blank, or may be missing (Gold). Then come the ranks from 8 down to 1,
// each the rank's digit and '|'. A rank's squares stand in fixed columns:
// the second character after its '|' is file a, and every second one after
// it the next file; the characters between them must be spaces. An empty
// square is a blank, '.', 'x' or 'X' (traps are often marked). The closing
// '|' may be missing, and so may a run of empty squares at the end of a
// rank that an editor trimmed. The borders and the footer are optional.
// Each line may be indented by any amount (test files indent the whole
// position), blank lines may come between lines, lines may end in CRLF,
// and a byte-order mark is skipped; nothing but blank lines may follow the
// board. The position must be valid
// (rules.Position.Validate): a rabbit already on its goal rank is accepted,
// too many pieces of a kind or an unguarded piece on a trap is not.
//
// ParsePositionTolerant reads the board as the original test runner did,
// by its fixed columns alone: a character between two squares (or between
// the eighth square and the closing '|') is ignored and reported as a
// ParseWarning rather than refused.
//
// FormatPosition writes the canonical form above, with w or b, every
// border, '.' for an empty square and 'x' for an empty trap, LF line
// endings and the footer; a position without a move number is written as
// turn 2, the first move after the setups.
//
// # Compact position
//
// The compact form of AEI is one line: a side letter, then the 64 squares
// in brackets from a8 to h8, a7 to h7, down to a1 to h1, a space for an
// empty square:
//
//	g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]
//
// ParseCompact accepts any of the four side letters, with or without
// blanks before '[', and '.', 'x' or 'X' for an empty square; it has no
// move number (0). FormatCompact writes g or s and a blank. ParseAny reads
// either form, as pasted from other tools.
//
// # Game record
//
// A game record has one turn per line: the turn label (number and side
// letter) and the turn's words. The two setup turns list placements, the
// move turns steps with their capture tokens:
//
//	1w Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2
//	1b ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7
//	2w Ee2n Ee3n Ee4n Ee5n
//	2b ed7s ed6s ed5s rd8s
//	3w
//
// Labels must follow each other (1w, 1b, 2w, 2b, ...). A bare label on the
// last line names the side to move next. A record may instead start with a
// long position, its moves numbered on from that position's turn. Blank
// lines, CRLF, indentation, runs of blanks and g/s for w/b are all read;
// capture tokens may be missing, and those present must match what the
// rules capture. Old records hold two markers: a turn whose only word is
// "resigns" (or "resign", "resigned") ends the game, and a turn whose only
// word is "takeback" removes the move before it. ParseRecord reads the
// notation; Record.Game replays it with every rule checked.
//
// WriteRecord writes the canonical form: w and b labels, capture tokens,
// and the bare label of the side to move while the game is in play; a game
// from a position begins with that position in the long format.
//
// # Comments and variations
//
// A record may carry comments and variations, as annotated chess games do
// (the braces and parentheses of PGN), and is read by the same reader:
//
//	2w Ee2n Ee3n Ee4n Ee5n {the elephant goes out}
//	( 2w Ed2n Ed3n Ed4n Ed5n {the other elephant}
//	  2b ed7s ed6s
//	  ( 2b rd7s ) )
//	2b ed7s ed6s ed5s rd8s
//
// A comment is any text in braces after a turn (a setup turn too); it may
// run over several lines and holds no '}'. Its surrounding blanks are
// dropped, and two comments after one turn are joined by a line break. A
// variation is a list of turns in parentheses after the turn it replaces:
// it starts with that turn's label, played from the position before it,
// and its turns follow each other as the main line's do. Variations nest,
// and several may follow one turn. Each turn starts on a line of its own
// or after a '(', ')' or comment; '(' and ')' may stand next to a label or
// a step ("(2w", "Ee5n)"). A variation holds neither a resignation nor the
// bare label of the side to move, and a setup has none. Turn.Comment and
// Turn.Variations hold what was read; Record.Tree replays the variations
// with every rule checked, as Game does the main line, and gives a Tree.
//
// WriteTree writes a Tree: exactly what WriteRecord writes when the tree
// has no comment and no variation; otherwise each comment after its turn,
// and each variation's turns one per line after the turn they replace,
// the first after "( " and the others indented to match, two more blanks
// for each level, with " )" ending the variation's last line.
//
// # Game archive
//
// A game archive is tab-separated text: a header line naming the columns,
// then one game per line, with no quoting. The official game server writes
// these columns, in this order (ArchiveColumns):
//
//	id wplayerid bplayerid wusername busername wtitle btitle
//	wcountry bcountry wrating brating wratingk bratingk wtype btype
//	event site timecontrol postal startts endts result termination
//	plycount mode rated corrupt movelist events
//
// movelist holds the game record and events the server's log of the game,
// each with its line breaks written as the two characters `\n`. result is
// the winner, w or b, and empty for an unfinished game. termination is one
// letter: g goal, e elimination, m immobilization, t time, r resignation,
// i illegal move, s score (the game's time limit); older games hold other
// letters, which are kept as they are. wtype and btype are h (human) or b
// (bot); startts and endts are Unix seconds; timecontrol is kept as
// written, such as "15s/2m30s/100"; postal, rated and corrupt are 0 or 1.
//
// ArchiveReader finds the columns by the header's names, in any order, and
// needs only id and movelist; a column it does not know is kept
// (ArchiveGame.Field). It streams row by row, so an archive of several
// hundred thousand games is read in bounded memory; a row that cannot be
// read gives an error and reading goes on with the next. ArchiveWriter
// writes every column above, in that order.
package records
