// Package records reads and writes the Arimaa file formats of
// shared/spec/formats.md: the standard (long) position format, the compact
// AEI position, the game record (move list, from setups or from a given
// position) and the tab-separated game archive of the official game server.
//
// A long position looks like this (the header is the move number and the
// side to move; empty squares may be space, '.', 'x' or 'X'; the footer is
// optional):
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
// and a game record like this (one turn per line, capture tokens optional
// on reading and always written):
//
//	1w Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2
//	1b ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7
//	2w Ee2n Ee3n Ee4n Ee5n
//	2b ed7s ed6s ed5s rd8s
//	3w
//
// Readers are lenient about what real files contain (CRLF, indentation,
// g/s as well as w/b, bare last turn labels, missing capture tokens,
// resignation and takeback markers of old records) and strict about
// meaning: every problem is a *ParseError with file, line and column and a
// sentence a user understands, wrapping one of the sentinel errors below
// so callers can test it with errors.Is. Writers produce the canonical form,
// and reading what a writer wrote gives back the same value.
//
// The archive reader streams row by row, so an archive of several hundred
// thousand games is read in bounded memory.
package records
