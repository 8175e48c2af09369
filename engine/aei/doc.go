// Package aei is the controller side of the Arimaa Engine Interface,
// protocol version 1: it starts an external engine process, performs the
// handshake, sets options and positions, runs searches and collects the
// engine's output. The protocol is defined by the Arimaa Engine Interface
// (AEI) protocol document, Janzert (Brian Haskin); Kozelek, Methods of
// MCTS and the game Arimaa, 2009, appendix A.6, lists the commands as an
// engine of that time implemented them. This documentation says how the
// workbench uses the protocol, as a controller here and as an engine in
// package aeiengine.
//
// It copes with the habits of real engines: engines that accept only the
// g/s or only the w/b side letters (detected and remembered), engines that
// send only log lines and no info, slow start-up, crashes (the process
// exits), hangs (no bestmove by the time limit plus a grace period: the
// process is killed), garbage lines (kept in the log and ignored) and
// engines that spin when their input closes (killed after the grace
// period). Every wait honours a context.Context, and Close leaves no
// goroutine or process behind.
//
// # The protocol
//
// Controller and engine exchange lines of text over the engine's standard
// input and output; each line is a command word and its arguments. A
// session opens with a handshake and then repeats: set up a game or a
// position, search, read the move.
//
// # Controller to engine
//
// The controller in this package sends:
//
//	aei                          open the session (Start)
//	setoption name N [value V]   set an option (Config.Options after the
//	                             handshake; time options before each go)
//	isready                      wait for readyok: after the handshake and
//	                             after each setposition
//	newgame                      start a game (before each search)
//	setposition S [64 squares]   the position in compact form (see package
//	                             rules): S is g or s, or w or b for engines
//	                             that reject g and s
//	makemove M                   play a move of the game (SearchGame, after
//	                             the start position)
//	go                           search the current position
//	stop                         send the best move now (at the move time,
//	                             or when the caller cancels)
//	quit                         end the session (Close)
//
// A search is given its time in one of two ways (Timing). With a fixed
// move time (MoveTime: the suite runner, the engine panel), the
// controller sets tcmove to the move time in whole seconds (rounded up,
// at least 1), tcreserve, tcpercent and tcturntime to 0 and tcmax to the
// move time, and sends stop itself when the move time is up, to the
// millisecond. In a game on clock (GameTime: the match runner), it sets
// the time control (tcmove, tcreserve, tcpercent, tcmax, tctotal,
// tcturntime) and both reserves (greserve, sreserve) before the position,
// as a standard AEI controller does; the engine decides how long to think,
// and stop is sent only when the turn's hard limit (move time plus
// reserve) is reached, by which time the engine has lost on time. The suite runner and the match runner send the options
// given for an engine (ats run --option, the KEY=VALUE words of a match's
// engine spec) after the handshake, and the match runner gives the
// workbench's own engine (one whose id name is that of
// aeiengine.DefaultIdentity) playouts, threads and seed. The workbench
// never sends go ponder.
//
// # Engine to controller
//
//	protocol-version 1           in the handshake
//	id name|author|version TEXT  in the handshake (ID)
//	aeiok                        ends the handshake
//	readyok                      answers isready
//	info TYPE VALUE              search progress
//	log TEXT                     a message, often "Error: ...",
//	                             "Warning: ..." or "Debug: ..."
//	bestmove M                   the move chosen: steps, with or without
//	                             capture tokens
//
// Info lines reach the caller as they come (Info), and ApplyInfo, the one
// place the workbench reads them, turns them into an analysis.Report:
// score (centi-rabbits for the side to move), depth ("12", "12.5" or
// "12/30"), seldepth or maxdepth, nodes, playouts, winratio (also written
// win_ratio or winrate, 0 to 1) and pv (the principal variation, read by
// rules.ParsePV: steps, later turns prefixed by the side letter or a turn
// label, of which the first turn is the move the engine prefers now).
// Other types are kept in the log. External is an AEI engine as an
// analysis.Engine, the form in which the suite runner, the engine panel
// and the match runner use it: it gives the engine the game (the start
// position and its moves with makemove) and closes the process after a
// failed search. A line
// between setposition and readyok that starts with "log Error" or "error",
// or says "invalid", "unrecognized" or "illegal", is the engine rejecting
// the position, and Auto letters then try w and b.
//
// # The builtin engine
//
// The builtin engine (package aeiengine, `arimaa-workbench aei`) answers
// aei, isready, newgame, setposition (any side letter), setoption,
// makemove (a setup during the setup phase, capture tokens ignored), go,
// go ponder and go infinite (search until stop), stop and quit; any other
// command gets a "log Error" line, never an exit. It understands these
// options:
//
//	tcmove tcreserve tcmax tctotal tcturntime   seconds
//	tcpercent                                   percent, 0 to 100
//	greserve sreserve moveused                  seconds: the clocks
//	hash                                        memory in MB
//	depth                                       steps; 1 to 3 count as 4
//	threads playouts seed                       the search's own
//	search.exploration, eval.cat, ...           any configuration key
//
// and accepts tcturns, gused, sused, lastmoveused, opponent,
// opponent_rating, rating, rated and event without using them. An unknown
// option gets a "log Warning" line and a bad value a "log Error" line, and
// the option keeps its value. It sends info time (whole seconds), depth,
// nodes (playouts), score, winratio, playouts_per_second and pv while it
// searches, a "log Debug" line with its speed, and then bestmove with
// capture tokens.
package aei
