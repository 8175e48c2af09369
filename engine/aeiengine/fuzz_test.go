package aeiengine

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

// FuzzHandle feeds arbitrary controller messages to an engine: it must
// answer or log, never panic or hang.
func FuzzHandle(f *testing.F) {
	f.Add("aei\nisready\nnewgame\ngo\nmakemove Ra1 Rb1\nquit\n")
	f.Add("setposition g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]\nmakemove Ee2n Ee3n\ngo\nstop\n")
	f.Add("setoption name tcmove value 1e400\nsetoption name depth value -3\nsetoption name search.setups value [\"x\"]\n")
	f.Add("setposition s [\nmakemove Ee2n Ee2n Ee2n Ee2n Ee2n\ngo ponder\nmakemove\nstop\nstop\n")
	f.Fuzz(func(t *testing.T, session string) {
		o := testOptions()
		o.Playouts = 50
		// A small tree: isready maps it, for every input.
		o.Config.Search.MemoryMB = 4
		e := New(o)
		e.out = &writer{w: bufio.NewWriter(io.Discard)}
		defer e.stopSearch(true)
		for _, line := range strings.Split(session, "\n") {
			if e.handle(line) {
				return
			}
		}
	})
}
