package aeiengine

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/memtest"
)

// TestOptionRanges: a value outside an option's range is refused with an
// error naming the option, and the option keeps its value.
func TestOptionRanges(t *testing.T) {
	over := strconv.FormatInt(config.MemoryLimitMB()+1, 10)
	tests := []struct{ name, value string }{
		{"tcmove", "NaN"},
		{"tcmove", "1e10"},
		{"tcmove", "1e300"},
		{"tcmove", "-1"},
		{"tcmove", "+Inf"},
		{"tcreserve", "nan"},
		{"tcmax", "1e19"},
		{"greserve", "1e300"},
		{"moveused", "-0.5"},
		{"tcpercent", "101"},
		{"tcpercent", "-1"},
		{"hash", over},
		{"hash", "99999999999"},
		{"hash", "-1"},
		{"depth", "1000000"},
		{"depth", "-3"},
		{"threads", "100000"},
		{"playouts", "-5"},
		{"seed", "-1"},
		{"search.memory_mb", over},
	}
	for _, tc := range tests {
		t.Run(tc.name+"="+tc.value, func(t *testing.T) {
			e := New(testOptions())
			clock, hash, depth, opts := e.clock, e.hashMB, e.depth, e.opts
			err := e.SetOption(tc.name, tc.value)
			if err == nil || !strings.Contains(err.Error(), tc.name) {
				t.Fatalf("SetOption(%s, %s) = %v, want an error naming the option", tc.name, tc.value, err)
			}
			if e.clock != clock || e.hashMB != hash || e.depth != depth || e.opts.Threads != opts.Threads ||
				e.opts.Playouts != opts.Playouts || e.opts.Seed != opts.Seed || e.opts.Config.Search.MemoryMB != opts.Config.Search.MemoryMB {
				t.Errorf("a refused value changed the engine's settings")
			}
		})
	}
	// Over the protocol the refusal is a log line, and the engine goes on.
	var out bytes.Buffer
	e := New(testOptions())
	e.out = &writer{w: bufio.NewWriter(&out)}
	e.handle("setoption name hash value " + over)
	e.handle("isready")
	if got := out.String(); !strings.HasPrefix(got, "log Error: option") || !strings.HasSuffix(got, "readyok\n") {
		t.Errorf("hash %s MB answered %q", over, got)
	}
}

// TestDepthWithoutClockEnds: a depth the search cannot reach, without a
// time control, still ends with a move after the default move time.
func TestDepthWithoutClockEnds(t *testing.T) {
	c := startEngine(t, timedOptions())
	c.send("setoption name time.default_move_ms value 300")
	c.send("setoption name depth value 255")
	c.send("setposition g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]")
	c.send("go")
	_, lines := c.expect("bestmove")
	if target, hardStop, ended, _ := searchTime(t, lines); ended != "time" || hardStop != 0.3 || target != 0 {
		t.Errorf("search of target %v s, hard stop %v s ended by %s; want the default move time of 0.3 s to end it", target, hardStop, ended)
	}
}

// TestLongLineKeepsEngine: a line longer than the engine reads is
// answered with a log Error, and the session goes on.
func TestLongLineKeepsEngine(t *testing.T) {
	c := startEngine(t, testOptions())
	c.send("setoption name search.setups value %s", strings.Repeat("x", 2<<20))
	if l, _ := c.expect("log"); !strings.HasPrefix(l, "log Error:") || !strings.Contains(l, "longer than") || len(l) > 500 {
		t.Errorf("a 2 MB line answered %.300q", l)
	}
	c.send("setoption name garbage value %s", "\x1b[2J\x07")
	if l, _ := c.expect("log"); strings.ContainsAny(l, "\x1b\x07") {
		t.Errorf("control bytes echoed raw: %q", l)
	}
	c.send("isready")
	c.expect("readyok")
}

// TestReserveTakesMemoryAsUsed: a large legal hash does not take its
// memory at isready, only the part a first search fills. It measures in a
// process of its own, where no other test's trees come and go.
func TestReserveTakesMemoryAsUsed(t *testing.T) {
	const child = "AEIENGINE_RESERVE_CHILD"
	if os.Getenv(child) == "" {
		if _, ok := memtest.ResidentBytes(); !ok {
			t.Skip("resident memory is read from /proc/self/statm, which this system lacks")
		}
		exe, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(exe, "-test.run=^TestReserveTakesMemoryAsUsed$", "-test.v")
		cmd.Env = append(os.Environ(), child+"=1")
		out, err := cmd.CombinedOutput()
		t.Logf("%s", out)
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	hash := min(config.MemoryLimitMB(), 2048)
	if hash < 1024 {
		t.Skipf("the machine allows trees of %d MB only", hash)
	}
	before, _ := memtest.ResidentBytes()
	c := startEngine(t, testOptions())
	c.send("setoption name hash value %d", hash)
	c.send("isready")
	if _, lines := c.expect("readyok"); len(lines) > 0 {
		t.Fatalf("hash %d answered %q", hash, lines)
	}
	after, _ := memtest.ResidentBytes()
	grew := (after - before) >> 20
	t.Logf("isready with hash %d MB: resident memory %d MB -> %d MB", hash, before>>20, after>>20)
	if grew > hash/2 {
		t.Errorf("isready with hash %d MB took %d MB", hash, grew)
	}
}
