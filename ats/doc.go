// Package ats is the Arimaa Test Suite: tests (a position and criteria that
// judge the move an engine plays there), the readers for the legacy `.ats`
// files and for TOML suites, the runner that presents tests to an engine
// (the builtin one or any AEI engine) with fault tolerance and resumable
// result files, and the reports and the comparison of two runs. The idea
// and the legacy format are those of the original test suite runner, a
// Python program described in Kozelek, Methods of MCTS and the game
// Arimaa, 2009, appendix A.7.
//
// A typical use, as the command line and the test-suite panel do it:
//
//	suite, loadErrs := ats.LoadSuite("tests/")          // per-file errors; the rest loads
//	f, _ := ats.ParseFilter("1-10, tag:goal")
//	spec, _ := ats.ParseSpecLine("builtin search.exploration=0.3")
//	factory, _ := spec.Factory()
//	r, _ := ats.NewRunner(ats.RunConfig{
//		Tests: f.Select(suite), Engine: factory,
//		Limits: analysis.Limits{Time: time.Second},
//		ResultFile: path, // JSON Lines, synced per result; Resume: true continues it
//		OnEvent: func(e ats.Event) { ... }, // started, progress, done, restart, run done
//	})
//	sum, err := r.Run(ctx) // cancel ctx to stop; resume later from the file
//
// Criteria.Judge (through Test.Score) tells which atoms a move satisfies,
// so a view can mark them on the board.
//
// # Legacy .ats files
//
// A legacy test file holds one test, named after the file, in INI form:
//
//	[settings]
//	comment =
//	    Elephant blockade at f7.
//	position =
//	    12b
//	     +-----------------+
//	    8| r r r r . c r . |
//	    7| h . c m r E h r |
//	    6| . d X . . X d . |
//	    5| . . . . . r . . |
//	    4| . . . . . . . . |
//	    3| . H C e . X D . |
//	    2| . D . M . C . H |
//	    1| R R R R R R R R |
//	     +-----------------+
//	       a b c d e f g h
//	tags = elephant, blockade
//	[criteria]
//	condition = piece_position
//	after_piece_position = re8 re7 cd7 me6 | re8 re7 md7 ce6 : 0.8 |
//	    re8 re7 md7 de6 : 0.85 | re8 cd7 me7 re6 : 0.7
//
// The sections are [settings] (old files say [setup]) and [criteria],
// in any letter case. A key is followed by '=' (or ':') and its value,
// which continues on the following indented lines. Lines starting with '#'
// or ';' are comments, and the values of condition and
// after_piece_position may end in one (";" or "#" after a blank). Lines may
// end in CRLF.
//
// In [settings], comment is free text (its lines keep their indentation
// relative to each other), position is a long position (see package
// records) indented as a whole, tags are words separated by commas or
// blanks, and solution (a workbench addition) is the author's answer in
// move notation. Other keys there are ignored.
//
// The board of a legacy position is read by its fixed columns, as the
// original runner read it. A character between two squares, such as a
// piece one column off its place, is therefore ignored: the test loads,
// and the character is listed in Test.Warnings with its file, line and
// column. LoadOptions.Strict (the --strict flag of the command line) turns
// each warning into a load error instead.
//
// In [criteria], condition is one of:
//
//   - score goal: the move must win by goal in this turn. Score 1 or 0.
//   - prevent goal: after the move, the opponent must have no move that
//     wins by goal (repetition is not considered, as a test has no
//     history). Score 1 or 0.
//   - piece_position (or "piece position"): after_piece_position (or
//     piece_position) gives the criteria.
//
// after_piece_position is blocks separated by '|'. A block is atoms
// separated by blanks, optionally followed by ": weight" (a number of 0
// or more; 1 when absent). An atom is "Eb3" (after the move a Gold
// elephant stands on b3), "!ce2" (no Silver cat stands on e2) or "Hf6x" (a
// Gold horse is captured on the trap f6 during the move); "!Hf6x" negates
// a capture too. A block is satisfied when all its atoms are, and a move
// scores the largest weight among the blocks it satisfies, or 0. The
// original runner ignored '!'; this package honours it. Any other key in
// [criteria] is an error.
//
// WriteATS writes a test in this form (SaveATS to a file, atomically),
// and ReadATS reads it back the same. The format cannot hold criteria other
// than the goal conditions and piece atoms, a tag of more than one word, or
// a comment line starting with '#' or ';': WriteATS refuses them with
// ErrNotWritable.
//
// # TOML tests
//
// A TOML file holds any number of tests, and may include other files and
// folders (relative to its own folder):
//
//	name = "tactics"                   # optional suite name and comment
//	include = ["legacy/", "more.toml"]
//
//	[[test]]
//	name = "camel-hostage"
//	tags = ["capture", "hostage"]
//	position = "s [...]"               # a long or a compact position
//	solution = "Ed5e Ee5e"             # optional
//	[[test.criteria]]                  # a block, weight 1
//	captures = ["mc6"]
//	no_loss = true
//	[[test.criteria]]
//	weight = 0.5
//	pieces = "Ed6 !mc6"
//
// The keys of a block are score_goal and prevent_goal (true or false, as
// the legacy conditions), prevent_capture (true: after the move the
// opponent cannot capture any piece of the side that moved, by the exact
// trap check of the engine's evaluation; it accepts every defence that
// works, where pieces accepts only those listed), pieces (atoms of a legacy block), best_move and
// avoid_move (lists of moves, compared by the board they reach), captures
// (an opponent piece captured, on a given trap or any: "m", "mc6"),
// no_loss (the side to move loses no piece), win_ratio_at_least (the
// engine's reported chance of winning, 0 to 1) and weight. The same keys
// directly under [[test]] form one more block of weight 1, and
// piece_position takes a whole legacy after_piece_position value. TOML
// positions are read strictly. ReadTOML's documentation gives the
// details; WriteTOML writes tests back in this form, and AddTOML adds one
// at the end of a file, keeping its text.
//
// # Suite configuration
//
// A run is described by flags or by a configuration file (Config,
// LoadConfig), which LoadSuite skips when it is named ats.toml:
//
//	engine = "builtin"                # or an AEI engine's command line
//	engine_options = { hash = "64" }  # AEI setoption, or builtin config keys
//	tests = ["tests/", "extra.toml"]  # relative to this file
//	filter = "1-10, tag:goal"
//	time_per_test = 5.0               # seconds; or playouts = ..., nodes = ...
//	cycles = 1                        # runs of each test; the score is averaged
//	jobs = 1                          # tests in parallel, one engine each
//	threshold = 1.0                   # fraction of the full score that passes
//
// The original runner's configuration (ats.cfg) is read too: a [global]
// section with engine, tests (a file or folder, or else a filter over the
// folder "tests" beside it), time_per_test and cycles.
//
// # Result files
//
// Each run appends to a result file in JSON Lines, one object per line,
// synced to disk as each test ends, so a crash loses at most the tests in
// flight and a later run resumes from the file (ReadResultFile):
//
//	{"type":"run","run":{"version":1,"suite":"tactics","engine":"builtin",...}}
//	{"type":"result","result":{"name":"goal-one-step","number":1,"cycle":1,"status":"pass",...}}
//	{"type":"end","end":"2026-11-21T12:00:05Z"}
//
// The first line is the RunHeader (suite, paths, filter, engine and its
// options, an external engine's working folder, limits, cycles, jobs,
// threshold and the tests' names); each
// result line is a TestResult, one per test and cycle; the last line marks
// a finished run. A last line cut short by a crash is ignored. A run holds
// its result file's lock (fsutil.LockFile) from opening to the end, so a
// second run on the same file, fresh or resumed, stops at once with "F is
// being written by another run (pid N)" instead of interleaving lines;
// the lock goes with the process, so a killed run blocks nothing. A test's
// status is pass, fail (a legal move below the threshold) or error (no
// move, a crash or hang, or a move that is not legal). Summarize groups
// the results by test; a Summary is also written as indented JSON
// (WriteJSON) or JUnit XML (WriteJUnit), and Compare sets two runs side
// by side.
package ats
