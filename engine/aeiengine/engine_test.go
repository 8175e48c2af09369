package aeiengine

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/engine/rules/rulestest"
)

// controller drives an Engine over pipes, as an AEI controller would.
type controller struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

// startEngine runs an engine on pipes and goes through the AEI handshake,
// checking its answers.
func startEngine(t *testing.T, opts Options) *controller {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &controller{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	e := New(opts)
	go func() {
		err := e.Run(context.Background(), inR, outW)
		outW.Close()
		c.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	c.handshake()
	return c
}

func (c *controller) send(format string, args ...any) {
	c.t.Helper()
	line := format
	if len(args) > 0 {
		line = strings.TrimSpace(fmt.Sprintf(format, args...))
	}
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("send %q: %v", line, err)
	}
}

// expect reads lines until one starts with prefix and returns it with the
// lines before it.
func (c *controller) expect(prefix string) (string, []string) {
	c.t.Helper()
	var skipped []string
	// A guard against a hung engine, not a measure of speed: on a busy
	// machine under the race detector, isready (which touches the whole
	// tree) can take many seconds.
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("engine closed its output waiting for %q; got %q", prefix, skipped)
			}
			if strings.HasPrefix(l, prefix) {
				return l, skipped
			}
			skipped = append(skipped, l)
		case <-timeout:
			c.t.Fatalf("no %q within 2 minutes; got %q", prefix, skipped)
		}
	}
}

func (c *controller) handshake() {
	c.t.Helper()
	c.send("aei")
	if l, _ := c.expect("protocol-version"); l != "protocol-version 1" {
		c.t.Errorf("got %q", l)
	}
	_, ids := c.expect("aeiok")
	var names []string
	for _, l := range ids {
		if strings.HasPrefix(l, "id ") {
			names = append(names, strings.Fields(l)[1])
		}
	}
	if strings.Join(names, ",") != "name,author,version" {
		c.t.Errorf("id lines %q", ids)
	}
}

// waitExit waits for the engine's Run to end without an error; failing
// says why it did not end.
func (c *controller) waitExit(failing string) {
	c.t.Helper()
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Errorf("Run: %v", err)
		}
	case <-time.After(60 * time.Second): // a hang, not a slow machine
		c.t.Fatal(failing)
	}
}

func testOptions() Options {
	return Options{Config: config.Default(), Threads: 1, Seed: 1, Playouts: 300}
}

// timedOptions are testOptions without a playout limit: searches end by
// time.
func timedOptions() Options {
	o := testOptions()
	o.Playouts = 0
	return o
}

func TestSession(t *testing.T) {
	c := startEngine(t, testOptions())
	c.send("isready")
	c.expect("readyok")
	c.send("newgame")
	c.send("setoption name tcmove value 2")
	c.send("setoption name search.exploration value 0.25")
	c.send("setoption name frobnicate value 3")
	if l, _ := c.expect("log"); !strings.HasPrefix(l, "log Warning:") || !strings.Contains(l, "frobnicate") {
		t.Errorf("unknown option answered %q", l)
	}
	c.send("setoption name search.virtual_visits value many")
	if l, _ := c.expect("log"); !strings.HasPrefix(l, "log Error:") || !strings.Contains(l, "virtual_visits") {
		t.Errorf("bad value answered %q", l)
	}

	// Setup phase: the engine sets up Gold, then takes Silver's setup.
	c.send("go")
	l, _ := c.expect("bestmove")
	g := rules.NewGame()
	if err := g.SetupPieces(placements(t, strings.TrimPrefix(l, "bestmove "))); err != nil {
		t.Fatalf("gold setup %q: %v", l, err)
	}
	c.send("makemove %s", strings.TrimPrefix(l, "bestmove "))
	c.send("makemove ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7")
	c.send("isready")
	_, logs := c.expect("readyok")
	if len(logs) > 0 {
		t.Errorf("setup moves gave %q", logs)
	}

	// A search sends info lines and a legal move.
	c.send("go")
	l, before := c.expect("bestmove")
	infos := map[string]bool{}
	for _, b := range before {
		if f := strings.Fields(b); len(f) > 1 && f[0] == "info" {
			infos[f[1]] = true
		}
	}
	for _, k := range []string{"score", "depth", "nodes", "pv", "time"} {
		if !infos[k] {
			t.Errorf("no info %s line before bestmove (got %q)", k, before)
		}
	}
	if err := g.SetupPieces(placements(t, "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7")); err != nil {
		t.Fatal(err)
	}
	rulestest.PlayMove(t, g, strings.TrimPrefix(l, "bestmove "))
	c.send("makemove %s", strings.TrimPrefix(l, "bestmove "))

	// An illegal move is refused with the step named.
	c.send("makemove Ee2n Ee3n Ee4n Ee5n Ee6n")
	if l, _ := c.expect("log"); !strings.HasPrefix(l, "log Error:") {
		t.Errorf("five steps answered %q", l)
	}
	c.send("makemove ra8s")
	if l, _ := c.expect("log"); !strings.HasPrefix(l, "log Error:") || !strings.Contains(l, "ra8s") {
		t.Errorf("illegal step answered %q", l)
	}

	// Positions with any side letter.
	for _, side := range []string{"g", "s", "w", "b"} {
		c.send("setposition %s [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]", side)
	}
	c.send("setposition x [rrrr]")
	if l, _ := c.expect("log"); !strings.HasPrefix(l, "log Error:") {
		t.Errorf("bad position answered %q", l)
	}

	// go ponder runs until stop, which gets a bestmove.
	c.send("setoption name playouts value 0")
	c.send("go ponder")
	time.Sleep(100 * time.Millisecond)
	c.send("isready")
	c.expect("readyok")
	c.send("stop")
	l, _ = c.expect("bestmove")
	start := rules.StartPosition().WithSide(rules.Silver)
	g2, _ := rules.NewGameFrom(start)
	rulestest.PlayMove(t, g2, strings.TrimPrefix(l, "bestmove "))

	// A ponder interrupted by makemove sends no bestmove.
	c.send("go ponder")
	c.send("makemove ed7s")
	c.send("isready")
	if _, lines := c.expect("readyok"); hasPrefix(lines, "bestmove") {
		t.Errorf("bestmove after a ponder ended by makemove: %q", lines)
	}

	c.send("quit")
	c.waitExit("engine did not quit")
}

func TestExitsOnEOF(t *testing.T) {
	c := startEngine(t, testOptions())
	c.send("setoption name playouts value 0")
	c.send("setposition g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]")
	c.send("go ponder")
	time.Sleep(50 * time.Millisecond)
	c.in.Close()
	c.waitExit("engine did not exit when its input closed")
}

// searchTime reads from an engine's lines before bestmove what its time
// management chose and what ended the search.
func searchTime(t *testing.T, lines []string) (target, hardStop float64, ended string, searched float64) {
	t.Helper()
	var delay float64
	var playouts int
	found := 0
	for _, l := range lines {
		fmt.Sscanf(l, "log Debug: %d playouts in %f s", &playouts, &searched)
		if n, _ := fmt.Sscanf(l, "log Debug: search time: target %f s, hard stop %f s, answering delay up to %f s", &target, &hardStop, &delay); n == 3 {
			found++
		}
		if _, e, ok := strings.Cut(l, ", ended by "); ok && strings.HasPrefix(l, "log Debug:") {
			ended = e
			found++
		}
	}
	if found != 2 {
		t.Fatalf("no search time and ending in %q", lines)
	}
	return target, hardStop, ended, searched
}

func hasPrefix(lines []string, p string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

func placements(t *testing.T, text string) []rules.Placement {
	t.Helper()
	var ps []rules.Placement
	for _, w := range strings.Fields(text) {
		tok, err := rules.ParseToken(w)
		if err != nil || tok.Kind != rules.TokenPlacement {
			t.Fatalf("%q in setup %q", w, text)
		}
		ps = append(ps, rules.Placement{Piece: tok.Piece, Square: tok.Square})
	}
	return ps
}

// TestEngineGames plays whole games between two engines over AEI, from
// the setups on, with no illegal move.
func TestEngineGames(t *testing.T) {
	for game := 0; game < 2; game++ {
		engines := [2]*controller{}
		for i := range engines {
			o := testOptions()
			o.Seed = uint64(10*game + i)
			o.Playouts = 200
			engines[i] = startEngine(t, o)
			engines[i].send("newgame")
		}
		g := rules.NewGame()
		for turn := 0; turn < 1200; turn++ {
			if _, over := g.Result(); over {
				break
			}
			var side rules.Color
			switch g.Phase() {
			case rules.GoldSetup:
				side = rules.Gold
			case rules.SilverSetup:
				side = rules.Silver
			default:
				cur := g.Position()
				side = cur.Side()
			}
			e := engines[side]
			e.send("go")
			l, _ := e.expect("bestmove")
			text := strings.TrimPrefix(l, "bestmove ")
			if g.Phase() == rules.GoldSetup || g.Phase() == rules.SilverSetup {
				if err := g.SetupPieces(placements(t, text)); err != nil {
					t.Fatalf("game %d: setup %q: %v", game, text, err)
				}
			} else {
				rulestest.PlayMove(t, g, text)
			}
			for _, c := range engines {
				c.send("makemove %s", text)
			}
		}
		r, over := g.Result()
		if !over {
			t.Errorf("game %d not over after 1200 turns", game)
		} else {
			t.Logf("game %d: %v after %d moves", game, r, len(g.Moves()))
		}
		for _, c := range engines {
			c.send("isready")
			if _, lines := c.expect("readyok"); hasPrefix(lines, "log Error") {
				t.Errorf("game %d: engine logged %q", game, lines)
			}
			c.send("quit")
		}
	}
}

// TestTimeControlGame plays under a time control the way the reference
// AEI controller does: the tc options once, then before every go the
// reserves (as whole seconds) and moveused 0. Every search's hard stop, as
// the engine says it chose it, leaves the safety margin of the move time
// plus the reserve, and the time management or its time limit ends the
// search. The reserves are booked with the time the engine says it
// searched; how long that is on this machine is not the test's business.
func TestTimeControlGame(t *testing.T) {
	const move, start, maxReserve = 0.1, 1.0, 2.0
	engines := [2]*controller{}
	for i := range engines {
		o := timedOptions()
		o.Seed = uint64(i + 1)
		engines[i] = startEngine(t, o)
		c := engines[i]
		for _, opt := range []string{"tcmove 0.1", "tcreserve 1", "tcpercent 100", "tcmax 2", "tcturns 0", "tctotal 0", "tcturntime 0"} {
			name, value, _ := strings.Cut(opt, " ")
			c.send("setoption name %s value %s", name, value)
		}
		c.send("newgame")
		c.send("isready")
		c.expect("readyok")
	}
	reserves := [2]float64{start, start}
	g := rules.NewGame()
	for ply := 0; ply < 24 && g.Phase() != rules.Over; ply++ {
		setup := g.Phase() != rules.Playing
		side := rules.Gold
		switch {
		case g.Phase() == rules.SilverSetup:
			side = rules.Silver
		case !setup:
			p := g.Position()
			side = p.Side()
		}
		e := engines[side]
		e.send("setoption name greserve value %d", int(reserves[0]))
		e.send("setoption name sreserve value %d", int(reserves[1]))
		e.send("setoption name moveused value 0")
		e.send("go")
		l, said := e.expect("bestmove")
		used := move // a setup is answered at once
		if !setup {
			target, hardStop, ended, searched := searchTime(t, said)
			used = searched
			t.Logf("ply %d %s: target %.3f s, hard stop %.3f s, ended by %s", ply, side, target, hardStop, ended)
			allowed := move + float64(int(reserves[side]))
			if hardStop > allowed/2+0.001 && hardStop > allowed-0.3+0.001 || target > hardStop {
				t.Fatalf("ply %d: %s planned %.3f s to %.3f s with %.3f s allowed: no margin", ply, side, target, hardStop, allowed)
			}
			if ended != "time" && ended != "settled" {
				t.Errorf("ply %d: the search was ended by %s, not by the time management", ply, ended)
			}
		}
		if !setup {
			reserves[side] = max(min(reserves[side]+(move-used), maxReserve), 0)
		}
		text := strings.TrimPrefix(l, "bestmove ")
		if setup {
			if err := g.SetupPieces(placements(t, text)); err != nil {
				t.Fatal(err)
			}
		} else {
			rulestest.PlayMove(t, g, text)
		}
		for _, c := range engines {
			c.send("makemove %s", text)
		}
	}
	t.Logf("reserves after the game: gold %.2f s, silver %.2f s", reserves[0], reserves[1])
	for _, c := range engines {
		c.send("quit")
	}
}

// TestCentiRabbits: a win ratio worth the first rabbit a full army loses
// reports 100 centi-rabbits, with the fixed values and with HarLog's.
func TestCentiRabbits(t *testing.T) {
	fixed := config.Default()
	fixed.Eval.Harlog = 0
	harlog := config.Default()
	harlog.Eval.Harlog = 130
	for _, tc := range []struct {
		name   string
		c      config.Config
		points float64
	}{
		{"fixed values", fixed, float64(fixed.Eval.Rabbit + fixed.Eval.RabbitsLeft[7] - fixed.Eval.RabbitsLeft[8])},
		{"HarLog", harlog, 130},
	} {
		p := 1 / (1 + math.Exp(-tc.c.Eval.SigmoidLambda*tc.points))
		if got := centiRabbits(tc.c, p); got != 100 {
			t.Errorf("%s: a rabbit's win ratio %.4f is %d centi-rabbits, want 100", tc.name, p, got)
		}
	}
}
