// Package aeitest is a fake AEI engine for tests of AEI controllers: a
// test binary runs Serve when an environment variable asks it to, and so
// becomes an engine with the habits the controller must cope with.
package aeitest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/engine/rules"
)

// EnvVar is the environment variable a test binary checks: when set, its
// value is a comma-separated list of habits and the binary should call
// Serve and exit with its status.
//
// Habits a fake engine can have, combined with commas in EnvVar:
//
//	slowstart  sleeps 1 s before answering aei
//	gsonly     rejects w/b side letters (logs an error)
//	wbonly     rejects g/s side letters (logs an error)
//	gscrash    exits with status 2 when given g/s side letters
//	logonly    reports progress with log lines only, never info
//	garbage    writes lines that mean nothing between the real ones
//	crash      exits with status 3 when told to go
//	hang       never answers go, stop or quit (but exits on end of input)
//	eofspin    ignores quit and end of input, running forever (with hang:
//	           also once hung)
//	think      searches until stop or until tcmove has passed
//	stoponly   answers go only when told to stop
//	illegal    answers with a move that is not legal
//	capless    writes bestmove without capture tokens
//	noanswer   exits (status 0) instead of answering go
const EnvVar = "ARIMAA_FAKE_AEI"

// Serve runs the fake engine on in and out until quit or end of input and
// returns the exit status.
func Serve(habits string, in io.Reader, out io.Writer) int {
	h := map[string]bool{}
	for _, x := range strings.Split(habits, ",") {
		h[strings.TrimSpace(x)] = true
	}
	w := bufio.NewWriter(out)
	say := func(format string, args ...any) {
		fmt.Fprintf(w, format+"\n", args...)
		w.Flush()
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	pos := rules.StartPosition()
	tcmove := 1
	for {
		l, ok := <-lines
		if !ok {
			if h["eofspin"] {
				// Sleep rather than block on nothing: the runtime would
				// call an all-asleep program a deadlock and exit.
				for {
					time.Sleep(time.Hour)
				}
			}
			return 0
		}
		if h["garbage"] {
			say("%%$ garbage \x01 line ###")
		}
		cmd, rest, _ := strings.Cut(strings.TrimSpace(l), " ")
		switch cmd {
		case "aei":
			if h["slowstart"] {
				time.Sleep(time.Second)
			}
			say("protocol-version 1")
			say("id name Fake %s", habits)
			say("id author aeitest")
			say("log pid %d", os.Getpid())
			if h["garbage"] {
				say("hello there")
			}
			say("aeiok")
		case "isready":
			say("readyok")
		case "newgame":
			pos = rules.StartPosition()
		case "setoption":
			f := strings.Fields(rest)
			if len(f) == 4 && f[0] == "name" && f[1] == "tcmove" && f[2] == "value" {
				if n, err := strconv.Atoi(f[3]); err == nil {
					tcmove = n
				}
			}
		case "setposition":
			if rest == "" {
				say("log Error: setposition without a position")
				continue
			}
			if h["gscrash"] && (rest[0] == 'g' || rest[0] == 's') {
				return 2
			}
			if (h["gsonly"] && (rest[0] == 'w' || rest[0] == 'b')) || (h["wbonly"] && (rest[0] == 'g' || rest[0] == 's')) {
				say("log Error: unknown side letter %c", rest[0])
				continue
			}
			p, err := rules.ParseAEIPosition(rest)
			if err != nil {
				say("log Error: %v", err)
				continue
			}
			pos = p
		case "go":
			switch {
			case h["crash"]:
				say("log about to crash")
				os.Stdout.Sync()
				return 3
			case h["noanswer"]:
				return 0
			case h["hang"]:
				for l := range lines {
					_ = l
				}
				if h["eofspin"] {
					for {
						time.Sleep(time.Hour)
					}
				}
				return 0
			}
			m, text := choose(pos, h["illegal"], h["capless"])
			if h["logonly"] {
				say("log Debug: depth 2 nodes 100 best %s", text)
			} else {
				say("info depth 2")
				say("info nodes 100")
				say("info pv %s", m)
				say("info score 50")
			}
			if h["garbage"] {
				say("bestmovе? no")
			}
			if h["think"] || h["stoponly"] {
				var limit <-chan time.Time
				if h["think"] {
					limit = time.After(time.Duration(tcmove) * time.Second)
				}
			wait:
				for {
					select {
					case l, ok := <-lines:
						if !ok || strings.TrimSpace(l) == "stop" {
							break wait
						}
					case <-limit:
						break wait
					}
				}
			}
			say("bestmove %s", text)
		case "makemove":
			w, err := rules.ParseMove(rest)
			if err != nil {
				say("log Error: makemove %q is not a move", rest)
				continue
			}
			m := w.Move
			for _, st := range m.Slice() {
				pos = pos.Play(st)
			}
			pos = pos.EndTurn()
			say("log made %s", rest)
		case "stop":
		case "quit":
			if h["eofspin"] || h["hang"] {
				continue
			}
			return 0
		default:
			say("log Warning: unknown command %q", cmd)
		}
	}
}

// choose picks the engine's move: a goal if there is one, else the first
// unique move; or an illegal move when asked to.
func choose(pos rules.Position, illegal, capless bool) (rules.Move, string) {
	if illegal {
		return rules.Move{}, "Ra1n Ra1n Ra1n Ra1n Ra1n"
	}
	var g rules.MoveGen
	var best rules.Move
	found := false
	g.EachUntil(pos, func(m rules.Move, after *rules.Position) bool {
		if !found {
			best, found = m, true
		}
		e := after.EndTurn()
		if r, over := e.Outcome(); over && r.Winner == pos.Side() {
			best = m
			return false
		}
		return true
	})
	if capless {
		return best, best.String()
	}
	return best, pos.MoveString(best)
}
