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
//	late       like stoponly, but answers half a second after the stop
//	illegal    answers with a move that is not legal
//	capless    writes bestmove without capture tokens
//	noanswer   exits (status 0) instead of answering go
const EnvVar = "ARIMAA_FAKE_AEI"

// Main is the body of a test binary's TestMain, called with m.Run: when
// EnvVar is set the binary is a fake engine and exits with Serve's status,
// otherwise it runs its tests.
func Main(run func() int) {
	if h := os.Getenv(EnvVar); h != "" {
		os.Exit(Serve(h, os.Stdin, os.Stdout))
	}
	os.Exit(run())
}

// Command returns the command line and the environment that start the
// running test binary, whose TestMain calls Main, as a fake engine with
// the given habits. The race detector's wait at exit is turned off, so
// that a fake engine that quits is gone at once.
func Command(habits string) (command, env []string, err error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	return []string{exe, "-test.run=^$"}, []string{EnvVar + "=" + habits, "GORACE=atexit_sleep_ms=0"}, nil
}

// Serve runs the fake engine on in and out until quit or end of input and
// returns the exit status.
func Serve(habits string, in io.Reader, out io.Writer) int {
	f := &fake{h: map[string]bool{}, habits: habits, w: bufio.NewWriter(out), lines: make(chan string),
		pos: rules.StartPosition(), tcmove: 1}
	for _, x := range strings.Split(habits, ",") {
		f.h[strings.TrimSpace(x)] = true
	}
	go func() {
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			f.lines <- sc.Text()
		}
		close(f.lines)
	}()
	for {
		l, ok := <-f.lines
		if !ok {
			if f.h["eofspin"] {
				spin()
			}
			return 0
		}
		if f.h["garbage"] {
			f.say("%%$ garbage \x01 line ###")
		}
		cmd, rest, _ := strings.Cut(strings.TrimSpace(l), " ")
		if status, exit := f.handle(cmd, rest); exit {
			return status
		}
	}
}

// fake is one session of the fake engine.
type fake struct {
	h      map[string]bool // the habits
	habits string
	w      *bufio.Writer
	lines  chan string
	pos    rules.Position
	tcmove int
}

func (f *fake) say(format string, args ...any) {
	fmt.Fprintf(f.w, format+"\n", args...)
	f.w.Flush()
}

// spin sleeps forever rather than block on nothing: the runtime would
// call an all-asleep program a deadlock and exit.
func spin() {
	for {
		time.Sleep(time.Hour)
	}
}

// handle answers one command; exit is set when the engine ends, with its
// status.
func (f *fake) handle(cmd, rest string) (status int, exit bool) {
	switch cmd {
	case "aei":
		f.hello()
	case "isready":
		f.say("readyok")
	case "newgame":
		f.pos = rules.StartPosition()
	case "setoption":
		w := strings.Fields(rest)
		if len(w) == 4 && w[0] == "name" && w[1] == "tcmove" && w[2] == "value" {
			if n, err := strconv.Atoi(w[3]); err == nil {
				f.tcmove = n
			}
		}
	case "setposition":
		return f.setPosition(rest)
	case "go":
		return f.goSearch()
	case "makemove":
		w, err := rules.ParseMove(rest)
		if err != nil {
			f.say("log Error: makemove %q is not a move", rest)
			break
		}
		for _, st := range w.Move.Slice() {
			f.pos = f.pos.Play(st)
		}
		f.pos = f.pos.EndTurn()
		f.say("log made %s", rest)
	case "stop":
	case "quit":
		if !f.h["eofspin"] && !f.h["hang"] {
			return 0, true
		}
	default:
		f.say("log Warning: unknown command %q", cmd)
	}
	return 0, false
}

func (f *fake) hello() {
	if f.h["slowstart"] {
		time.Sleep(time.Second)
	}
	f.say("protocol-version 1")
	f.say("id name Fake %s", f.habits)
	f.say("id author aeitest")
	f.say("log pid %d", os.Getpid())
	if f.h["garbage"] {
		f.say("hello there")
	}
	f.say("aeiok")
}

func (f *fake) setPosition(rest string) (status int, exit bool) {
	h := f.h
	switch {
	case rest == "":
		f.say("log Error: setposition without a position")
		return 0, false
	case h["gscrash"] && (rest[0] == 'g' || rest[0] == 's'):
		return 2, true
	case (h["gsonly"] && (rest[0] == 'w' || rest[0] == 'b')) || (h["wbonly"] && (rest[0] == 'g' || rest[0] == 's')):
		f.say("log Error: unknown side letter %c", rest[0])
		return 0, false
	}
	p, err := rules.ParseAEIPosition(rest)
	if err != nil {
		f.say("log Error: %v", err)
		return 0, false
	}
	f.pos = p
	return 0, false
}

// goSearch answers go as the habits say.
func (f *fake) goSearch() (status int, exit bool) {
	h := f.h
	switch {
	case h["crash"]:
		f.say("log about to crash")
		os.Stdout.Sync()
		return 3, true
	case h["noanswer"]:
		return 0, true
	case h["hang"]:
		for range f.lines {
		}
		if h["eofspin"] {
			spin()
		}
		return 0, true
	}
	m, text := choose(f.pos, h["illegal"], h["capless"])
	if h["logonly"] {
		f.say("log Debug: depth 2 nodes 100 best %s", text)
	} else {
		f.say("info depth 2")
		f.say("info nodes 100")
		f.say("info pv %s", m)
		f.say("info score 50")
	}
	if h["garbage"] {
		f.say("bestmovе? no")
	}
	if h["think"] || h["stoponly"] || h["late"] {
		var limit <-chan time.Time
		if h["think"] {
			limit = time.After(time.Duration(f.tcmove) * time.Second)
		}
	wait:
		for {
			select {
			case l, ok := <-f.lines:
				if !ok || strings.TrimSpace(l) == "stop" {
					break wait
				}
			case <-limit:
				break wait
			}
		}
		if h["late"] {
			time.Sleep(500 * time.Millisecond)
		}
	}
	f.say("bestmove %s", text)
	return 0, false
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
